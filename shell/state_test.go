package shell

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// stateSandbox lays out the directories the state rows' examples run in:
// root/bin is the environment's PATH, with recording stubs named like
// read-only programs (wc, head, echo) and made-up ones (alpha, beta);
// root/work is the project and the working directory, with alt/ holding
// stubs of the same names that record themselves as "alt". Every stub
// writes one line to $TRACE: its tag, its name and its words.
func stateSandbox(t *testing.T) (bashPath, root, work string) {
	t.Helper()
	bashPath, err := exec.LookPath("bash")
	if err != nil || testing.Short() {
		t.Skip("bash not available (or -short)")
	}
	root = t.TempDir()
	work = filepath.Join(root, "work")
	stub := func(dir, tag, name string) {
		body := "#!/bin/sh\nline=\"" + tag + " ${0##*/}\"\nfor a in \"$@\"; do line=\"$line $a\"; done\nprintf '%s\\n' \"$line\" >> \"$TRACE\"\n"
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range []string{"alpha", "beta", "wc", "head", "echo"} {
		stub(filepath.Join(root, "bin"), "bin", n)
	}
	for _, n := range []string{"wc", "head", "echo"} {
		stub(filepath.Join(work, "alt"), "alt", n)
	}
	// A wc in the working directory, which an empty PATH entry finds.
	stub(work, "cwd", "wc")
	for _, tool := range []string{"bash", "sh", "env", "cat"} {
		p, err := exec.LookPath(tool)
		if err != nil {
			t.Skipf("%s not available", tool)
		}
		if err := os.Symlink(p, filepath.Join(root, "bin", tool)); err != nil {
			t.Fatal(err)
		}
	}
	for p, body := range map[string]string{
		"notes": "n\n", "f": "f\n", ".hidden": "h\n", "sub/d/f": "deep\n", "env.sh": "alpha bashenv\n",
	} {
		p = filepath.Join(work, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return bashPath, root, work
}

// runState runs cmd under bash in the sandbox and returns the stub calls
// it made, each as its tag followed by its words.
func runState(t *testing.T, bashPath, root, work, cmdText string) [][]string {
	t.Helper()
	trace := filepath.Join(root, "trace")
	os.Remove(trace)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bashPath, "-c", cmdText)
	cmd.Dir = work
	cmd.Env = []string{"PATH=" + filepath.Join(root, "bin"), "TRACE=" + trace, "HOME=" + root}
	if out, err := cmd.CombinedOutput(); err != nil && ctx.Err() != nil {
		t.Fatalf("bash: %v\n%s", err, out)
	}
	data, _ := os.ReadFile(trace)
	var ran [][]string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if l != "" {
			ran = append(ran, strings.Fields(l))
		}
	}
	return ran
}

// TestStateRowsWithBash runs every row of the shell-state table under
// real bash: a row whose state changes what a later word means must leave
// the analysis with an unknown part; a harmless or modelled row must have
// every program bash ran among the parts, and the read-only programs
// bash really ran from the environment's PATH read-only.
func TestStateRowsWithBash(t *testing.T) {
	bashPath, root, work := stateSandbox(t)
	opts := Options{Cwd: work, Home: root, Path: filepath.Join(root, "bin")}
	seen := map[string]bool{}
	for _, row := range stateRows {
		t.Run(row.name, func(t *testing.T) {
			if seen[row.name] {
				t.Fatalf("the row %s is declared twice", row.name)
			}
			seen[row.name] = true
			if row.changes == "" || row.example == "" {
				t.Fatalf("the row %s says nothing of what it changes or has no example", row.name)
			}
			if row.later != laterNone && !row.unknown && row.harmless == "" {
				t.Errorf("the row %s changes later words, has no harmless setting, and its example is not unknown", row.name)
			}
			ran := runState(t, bashPath, root, work, row.example)
			if len(ran) == 0 && !row.none {
				t.Fatalf("bash ran no stub: the example does not exercise the row")
			}
			an := Analyze(row.example, opts)
			if an.ParseError != nil {
				t.Fatalf("parse error: %v", an.ParseError)
			}
			if row.unknown {
				for i := range an.Parts {
					if p := &an.Parts[i]; !p.ReadOnly && (len(p.Unknown) > 0 || p.Dynamic) {
						return
					}
				}
				t.Errorf("bash ran %q, and the analysis calls nothing unknown: %q", ran, partWords(an))
				return
			}
			for _, r := range ran {
				words := r[1:]
				found := false
				for i := range an.Parts {
					p := &an.Parts[i]
					if !partMatches(p, words) {
						continue
					}
					found = true
					if r[0] == "bin" && (words[0] == "wc" || words[0] == "head") && !p.ReadOnly {
						t.Errorf("bash ran the read-only %q, and the part %q is not read-only: %q", words, p.Words, p.Unknown)
					}
					break
				}
				if !found {
					t.Errorf("bash ran %q, which is not among the parts %q", words, partWords(an))
				}
			}
		})
	}
}

// TestGlobOptionsFollowTheCommand checks the accessor the on-disk glob
// expansion reads: the options in force at each call, as the command
// leaves them, a subshell's staying in it.
func TestGlobOptionsFollowTheCommand(t *testing.T) {
	tests := []struct {
		cmd  string
		want GlobOptions
	}{
		{"ls *", GlobOptions{}},
		{"shopt -s dotglob; ls *", GlobOptions{Dotglob: true}},
		{"shopt -s dotglob nullglob; shopt -u dotglob; ls *", GlobOptions{Nullglob: true}},
		{"GLOBIGNORE=x; ls *", GlobOptions{Dotglob: true, Globignore: "x"}},
		{"(shopt -s dotglob); ls *", GlobOptions{}},
		{"set -f; ls *", GlobOptions{Noglob: true}},
		{"shopt -s globstar extglob nocaseglob failglob; ls *", GlobOptions{Globstar: true, Extglob: true, Nocaseglob: true, Failglob: true}},
		{"shopt -s $o; ls *", GlobOptions{Unknown: true}},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			a := newAnalyzer(Options{Cwd: "/p", MaxLength: DefaultMaxLength, MaxDepth: DefaultMaxDepth, MaxParts: DefaultMaxParts}, &Analysis{})
			f, err := parse(tt.cmd)
			if err != nil {
				t.Fatal(err)
			}
			a.walkStmts(f.Stmts, &ctx{src: tt.cmd, sc: newScope("/p")})
			var got *GlobOptions
			for _, c := range a.calls {
				if c.prog == "ls" {
					got = &c.globs
				}
			}
			if got == nil {
				t.Fatal("no ls call")
			}
			if *got != tt.want {
				t.Errorf("globs = %+v, want %+v", *got, tt.want)
			}
		})
	}
}
