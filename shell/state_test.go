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
	// A wc in the working directory, which an empty PATH entry finds,
	// and one in the directory 0, which PATH names once arithmetic
	// assigns it.
	stub(work, "cwd", "wc")
	stub(filepath.Join(work, "0"), "alt", "wc")
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
	opts := Options{Cwd: work, Home: root, Path: filepath.Join(root, "bin"), Lstat: os.Lstat, Readlink: os.Readlink}
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

// TestProgramIdentityOnDisk lays out real files and links and checks that
// a program named by a path is what is on disk there: a link to a shell is
// judged as the shell (what it runs is a part, and a danger is found), a
// file inside the project is the project's own code whatever it is
// called, and a bare name found through a PATH that holds the project is
// too. The look-alikes stay read-only.
func TestProgramIdentityOnDisk(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	root := t.TempDir()
	home, work := filepath.Join(root, "home"), filepath.Join(root, "home", "proj")
	for _, d := range []string{work + "/bin", work + "/tools", work + "/node_modules/.bin", home + "/bin2", home + "/tools"} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{work + "/ls", work + "/tools/make", work + "/node_modules/.bin/tsc", home + "/tools/rg"} {
		if err := os.WriteFile(f, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{work + "/bin/ls": sh, home + "/bin2/ls": sh, home + "/bin2/cat": work + "/ls"} {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	opts := Options{Cwd: work, Home: home, Lstat: os.Lstat, Readlink: os.Readlink}
	tests := []struct {
		cmd string
		// want: "danger" (a finding), "writes" (a part writes a file),
		// "unknown" (a part not read-only
		// with something unknown), "readonly" (every part read-only).
		want string
		path string // the environment's PATH, when set
	}{
		{"bin/ls -c 'rm -rf ~'", "danger", ""},
		{"./bin/ls -c 'rm -rf ~'", "danger", ""},
		{"~/bin2/ls -c 'rm -rf ~'", "danger", ""},
		{"timeout 5 ~/bin2/ls -c 'rm -rf ~'", "danger", ""},
		{"hash -p /bin/sh ls; ls -c 'rm -rf ~'", "danger", ""},
		{"bin/ls -c 'touch x'", "writes", ""},
		{"./ls", "unknown", ""},
		{"tools/make -n", "unknown", ""},
		{"./node_modules/.bin/tsc --version", "unknown", ""},
		{"~/bin2/cat notes", "unknown", ""},
		{"cd bin && ./ls", "unknown", ""},
		{"PATH=bin:$PATH; ls", "unknown", ""},
		{"ls", "unknown", ".:/usr/bin:/bin"},
		{"ls", "unknown", work + ":/usr/bin:/bin"},
		{"ls", "unknown", ":/usr/bin:/bin"},
		{"ls", "readonly", ""},
		{"ls", "readonly", "/usr/bin:/bin"},
		{"/bin/ls -la", "readonly", ""},
		{"~/tools/rg TODO", "readonly", ""},
		{"PATH=/usr/local/bin:$PATH; ls", "readonly", ""},
	}
	for _, tt := range tests {
		t.Run(tt.cmd+" "+tt.path, func(t *testing.T) {
			o := opts
			o.Path = tt.path
			an := Analyze(tt.cmd, o)
			switch tt.want {
			case "danger":
				if !an.Dangerous() {
					t.Errorf("not flagged: parts %q", partWords(an))
				}
			case "writes":
				for i := range an.Parts {
					if p := &an.Parts[i]; !p.ReadOnly && len(p.Writes) > 0 {
						return
					}
				}
				t.Errorf("nothing writes: parts %q", partWords(an))
			case "unknown":
				for i := range an.Parts {
					if p := &an.Parts[i]; !p.ReadOnly && (len(p.Unknown) > 0 || p.Dynamic) {
						return
					}
				}
				t.Errorf("nothing unknown: parts %q", partWords(an))
			case "readonly":
				for i := range an.Parts {
					if p := &an.Parts[i]; !p.ReadOnly {
						t.Errorf("%q is not read-only: %q %s", p.Words, p.Unknown, p.Cause)
					}
				}
			}
		})
	}
}

// TestShellOptionsAreBashs holds the state table to the options the bash
// on this machine knows: each of set +o's and shopt's names is a row
// (programs.QuietOptions or a row of its own), so that a setting Warden
// calls harmless is one bash has, and one it does not know is unknown.
func TestShellOptionsAreBashs(t *testing.T) {
	bashPath, err := exec.LookPath("bash")
	if err != nil || testing.Short() {
		t.Skip("bash not available (or -short)")
	}
	out, err := exec.Command(bashPath, "--norc", "--noprofile", "-c", "set +o; shopt").Output()
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		name := ""
		switch {
		case len(f) == 3 && f[0] == "set":
			name = f[2] // set +o NAME
		case len(f) == 2:
			name = f[0] // NAME on|off
		default:
			t.Fatalf("a line bash printed is neither set's nor shopt's: %q", line)
		}
		known[name] = true
		if !shellOptionRows[name] {
			t.Errorf("bash knows the option %s, and no row of the state table declares it", name)
		}
	}
	if len(known) < 80 {
		t.Fatalf("bash listed only %d options", len(known))
	}
	newer := map[string]bool{"array_expand_once": true, "bash_source_fullpath": true} // bash 5.3
	for name := range shellOptionRows {
		if !known[name] && !newer[name] {
			t.Errorf("the state table declares the option %s, which bash does not know", name)
		}
	}
	for _, tc := range []struct {
		cmd     string
		unknown bool
	}{
		{"set -o emacs; wc notes", false},
		{"set -o vi; wc notes", false},
		{"set +o history; wc notes", false},
		{"shopt -s xpg_echo; wc notes", false},
		{"set -o nolog; wc notes", false},
		{"set -o nosuchoption; wc notes", true},
		{"shopt -s nosuchoption; wc notes", true},
		{"shopt -s dotglob; wc *", true},
	} {
		an := Analyze(tc.cmd, testOpts)
		unknown := false
		for _, p := range an.Parts {
			unknown = unknown || len(p.Unknown) > 0 || p.Dynamic
		}
		if unknown != tc.unknown {
			t.Errorf("%s: unknown %v, want %v (parts %q)", tc.cmd, unknown, tc.unknown, partWords(an))
		}
	}
}
