package shell

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// stubNames are made-up programs: the scripts put in their place only
// record how they were called, so the confirm test never runs anything real.
var stubNames = []string{"alpha", "beta", "gamma", "delta", "epsilon"}

// realTools are linked into the stub directory so that wrappers and
// carriers behave as they do for real.
var realTools = []string{"env", "timeout", "nice", "nohup", "xargs", "find", "stdbuf", "setsid", "sh", "bash", "cat", "cp"}

// TestConfirmWithBash runs commands under real bash with PATH holding only
// recording stubs, and checks that every simple command bash ran is one of
// the parts the analysis found (and, for straight-line commands, that the
// analysis found nothing bash did not run).
// bashSandbox makes a directory whose bin holds the recording stubs and the
// real tools, and returns bash's path and the directory.
func bashSandbox(t *testing.T) (string, string) {
	t.Helper()
	bashPath, err := exec.LookPath("bash")
	if err != nil || testing.Short() {
		t.Skip("bash not available (or -short)")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	stub := "#!/bin/sh\nline=${0##*/}\nfor a in \"$@\"; do line=\"$line $a\"; done\nprintf '%s\\n' \"$line\" >> \"$TRACE\"\n"
	for _, n := range stubNames {
		if err := os.WriteFile(filepath.Join(bin, n), []byte(stub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, tool := range realTools {
		p, err := exec.LookPath(tool)
		if err != nil {
			t.Skipf("%s not available", tool)
		}
		if err := os.Symlink(p, filepath.Join(bin, tool)); err != nil {
			t.Fatal(err)
		}
	}
	return bashPath, dir
}

// runBash runs cmd under bash in the sandbox and returns the stub calls it
// made, in order.
func runBash(t *testing.T, bashPath, dir, cmdText string) [][]string {
	t.Helper()
	return runState(t, bashPath, dir, dir, cmdText)
}

// TestConfirmWithBash runs commands under real bash with PATH holding only
// recording stubs, and checks that every simple command bash ran is one of
// the parts the analysis found (and, for straight-line commands, that the
// analysis found nothing bash did not run).
func TestConfirmWithBash(t *testing.T) {
	bashPath, dir := bashSandbox(t)
	tests := []struct {
		cmd string
		// exact: the analysis must find exactly what bash ran.
		exact bool
	}{
		{"alpha x | beta y && gamma z; delta", true},
		{"(alpha 1; beta 2) && { gamma 3; }", true},
		{"alpha $(beta 1) `gamma 2`", false},
		{"cat <(alpha p) > /dev/null", false},
		{"if alpha; then beta; else gamma; fi", false},
		{"for i in 1 2; do alpha $i; done", false},
		{"case x in x) alpha c;; esac", false},
		{"f() { alpha f; }; f", false},
		{"bash -c 'alpha q; beta r'", true},
		{`sh -c "alpha 1 | beta 2"`, true},
		{"eval 'alpha e'", true},
		{"env X=1 alpha w", true},
		{"timeout 5 nice -n 1 alpha t", true},
		{"nohup alpha h > /dev/null 2>&1", true},
		{"echo a b | xargs alpha", false},
		{`find . -maxdepth 0 -exec alpha {} \;`, false},
		{`a\lpha bs; 'al'pha q; "alpha" dq`, true},
		{"{alpha,1}", true},
		{"alpha${IFS}ifs", false},
		{"X=alpha; $X var", false},
		{"$(echo alpha) cs", false},
		{"bash <<'EOF'\nalpha hd\nEOF", true},
		{"sh <<< 'beta hs'", true},
		{"env -S 'alpha s1 s2'", true},
		{"alpha a & wait", true},
		{"alpha \\\n x", true},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			ran := runBash(t, bashPath, dir, tt.cmd)
			if len(ran) == 0 {
				t.Fatalf("bash ran no stub")
			}
			an := Analyze(tt.cmd, Options{Cwd: dir, Home: dir})
			if an.ParseError != nil {
				t.Fatalf("parse error: %v", an.ParseError)
			}
			used := make([]bool, len(an.Parts))
			for _, r := range ran {
				found := false
				for i := range an.Parts {
					if partMatches(&an.Parts[i], r) {
						found, used[i] = true, true
						break
					}
				}
				if !found {
					t.Errorf("bash ran %q, which is not among the parts %q", r, partWords(an))
				}
			}
			if tt.exact {
				for i, u := range used {
					if !u && isStub(an.Parts[i].Program()) {
						t.Errorf("the part %q did not run under bash", an.Parts[i].Words)
					}
				}
			}
		})
	}
}

func isStub(name string) bool {
	for _, n := range stubNames {
		if n == name {
			return true
		}
	}
	return false
}

// partMatches reports whether a part accounts for a command bash ran:
// the same words, where "{}" (find) and "$..." (loop variables) stand for
// any word, and a part run by xargs may receive extra trailing words.
func partMatches(p *Part, ran []string) bool {
	spellings := append([][]string{p.Words}, p.Alternates...)
	for _, ws := range spellings {
		if wordsMatch(ws, ran, strings.Contains(p.Text, "xargs")) {
			return true
		}
	}
	return false
}

func wordsMatch(ws, ran []string, prefix bool) bool {
	if !prefix && len(ws) < len(ran) && !hasExpansion(ws) {
		return false
	}
	for i, w := range ws {
		if isExpansion(w) {
			return true // an expansion: bash may have produced any words
		}
		if w == "{}" {
			continue
		}
		if i >= len(ran) || w != ran[i] {
			return false
		}
	}
	return true
}

func hasExpansion(ws []string) bool {
	for _, w := range ws {
		if isExpansion(w) {
			return true
		}
	}
	return false
}

// isExpansion reports a word as written that starts with an expansion,
// quoted or not ("$1", $x, `cmd`).
func isExpansion(w string) bool {
	w = strings.TrimLeft(w, `"`)
	return strings.HasPrefix(w, "$") || strings.HasPrefix(w, "`")
}

// TestEvaluatedWithBash runs the shell's hidden ways to run code — text
// evaluated as arithmetic, subscripts, indirection, prompt expansion,
// functions, files written then run — under real bash, and checks that
// every stub bash ran is a part of the analysis, or that the analysis holds
// an unknown (dynamic) part standing for text it could not read.
func TestEvaluatedWithBash(t *testing.T) {
	bashPath, dir := bashSandbox(t)
	if err := os.WriteFile(filepath.Join(dir, "v.txt"), []byte("a[$(beta fx)]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "v2.sh"), []byte("gamma fed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cmd string
		// unknown: bash runs what the analysis cannot read, so it must
		// hold a dynamic part.
		unknown bool
	}{
		{`x='a[$(alpha ar)]'; : $((x))`, false},
		{`x='a[$(alpha ac)]'; (( x ))`, false},
		{`x='a[$(alpha lt)]'; let x`, false},
		{`let 'a[$(alpha lq)]'`, false},
		{`x='a[$(alpha di)]'; declare -i y=x`, false},
		{`x='a[$(alpha tc)]'; [[ x -eq 1 ]]`, false},
		{`x='a[$(alpha td)]'; [[ $x -eq 1 ]]`, false},
		{`i='a[$(alpha iy)]'; : ${arr[i]}`, false},
		{`test -v 'a[$(alpha tv)]'`, false},
		{`[[ -v 'a[$(alpha tw)]' ]]`, false},
		{`printf -v 'a[$(alpha pv)]' x`, false},
		{`read 'a[$(alpha rd)]' <<< x`, false},
		{`y='a[$(alpha in)]'; : ${!y}`, false},
		{`x='$(alpha pr)'; : ${x@P}`, false},
		{`declare -n r='a[$(alpha nr)]'; : $r`, false},
		{`x='a[$(alpha sl)]'; s=abc; : ${s:x}`, false},
		{`x=y; y='a[$(alpha ch)]'; : $((x))`, false},
		{`x='a[$(alpha as)]'; a[x]=1`, false},
		{`for ((i=0; i<x; i++)); do :; done; x='a[$(alpha fl)]'; (( x ))`, false},
		{`x=$(cat v.txt); : $((x))`, true},
		{`read x < v.txt; : $((x))`, true},
		{`y=$(cat v.txt); : ${!y}`, true},
		{`x=$(cat v.txt); [[ $x -eq 1 ]]`, true},
		{`f() { alpha "$1"; }; f one`, false},
		{`alpha() { beta shadowed; }; alpha`, false},
		{`echo 'alpha w' > x.sh; bash x.sh`, false},
		{`printf 'alpha pf\n' > y.sh; . ./y.sh`, false},
		{`bash <(echo 'alpha ps')`, false},
		{`echo 'alpha pi' | . /dev/stdin`, false},
		{`sh <<< 'alpha hs'`, false},
		{`cat v2.sh | sh`, true},
		{`exec 3< v2.sh; sh <&3`, true},
		{`cp v2.sh z.sh; bash z.sh`, true},
		{`source <(cat v2.sh)`, true},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			ran := runBash(t, bashPath, dir, tt.cmd)
			if len(ran) == 0 {
				t.Fatalf("bash ran no stub: the case does not exercise what it names")
			}
			an := Analyze(tt.cmd, Options{Cwd: dir, Home: dir})
			if an.ParseError != nil {
				t.Fatalf("parse error: %v", an.ParseError)
			}
			unknown := false
			for i := range an.Parts {
				unknown = unknown || an.Parts[i].Dynamic && !an.Parts[i].ReadOnly
			}
			if tt.unknown && !unknown {
				t.Errorf("bash ran %q from text the analysis cannot read, but no part is unknown: %q", ran, partWords(an))
			}
			if unknown && !tt.unknown {
				t.Errorf("the analysis calls part of this unknown though it can read it all: %q", partWords(an))
			}
			if unknown {
				return
			}
			for _, r := range ran {
				found := false
				for i := range an.Parts {
					found = found || partMatches(&an.Parts[i], r)
				}
				if !found {
					t.Errorf("bash ran %q, which is not among the parts %q", r, partWords(an))
				}
			}
		})
	}
}
