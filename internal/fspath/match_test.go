package fspath

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// matchCases are patterns and names with what bash's filename expansion
// makes of them (TestMatchBash holds them to bash itself where it runs).
var matchCases = []struct {
	pat, name string
	want      bool
}{
	{"*", "a", true},
	{".e*", ".env", true},
	{".en?", ".env", true},
	{".[e]nv", ".env", true},
	{".[!x]nv", ".env", true},
	{".[^x]nv", ".env", true},
	{".[!e]nv", ".env", false},
	{".[[:lower:]]nv", ".env", true},
	{".[[:upper:]]nv", ".env", false},
	{".[[:alpha:]]n[v]", ".env", true},
	{".[[:alpha:][:digit:]]nv", ".env", true},
	{".[a-f]nv", ".env", true},
	{".[f-z]nv", ".env", false},
	{".[]e]nv", ".env", true},
	{".[!]]nv", ".env", true},
	{"[", "[", true},
	{".[env", ".[env", true},
	{`.\env`, ".env", true},
	{`.\*`, ".env", false},
	{`.\*`, ".*", true},
	{"id_*[!b]", "id_rsa", true},
	{"id_*[!b]", "id_rsa.pub", false},
	{"*.go", "main.go", true},
	{"*.go", "main.gox", false},
	{"a*b*c", "abxbc", true},
	{"a*b*c", "abxb", false},
	{"?", "é", true},
	{"[[:punct:]]env", ".env", true},
	{"[.-.]env", ".env", true},
}

func TestMatch(t *testing.T) {
	for _, c := range matchCases {
		if got := Match(c.pat, c.name, false); got != c.want {
			t.Errorf("Match(%q, %q) = %v, want %v", c.pat, c.name, got, c.want)
		}
	}
	for _, c := range []struct {
		pat, name string
		want      bool
	}{
		{".EN[V]", ".env", true}, {".E*", ".env", true}, {".[A-Z]nv", ".env", true}, {".[[:upper:]]NV", ".env", true}, {".X*", ".env", false},
	} {
		if got := Match(c.pat, c.name, true); got != c.want {
			t.Errorf("Match(%q, %q, fold) = %v, want %v", c.pat, c.name, got, c.want)
		}
	}
}

// TestMatchBash holds the cases to bash's own expansion (with dotglob, so
// the leading-dot rule, the caller's, does not hide a match).
func TestMatchBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	for _, c := range matchCases {
		if strings.ContainsAny(c.name, "/") {
			continue
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, c.name), nil, 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bash, "-c", `shopt -s dotglob nullglob; for f in `+c.pat+`; do printf '%s\n' "$f"; done`)
		cmd.Dir = dir
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		got := strings.TrimSpace(string(out)) == c.name
		if got != c.want {
			t.Errorf("bash expands %q over %q: %v, the table says %v", c.pat, c.name, got, c.want)
		}
	}
}

// TestMatchSlash: no wildcard crosses a slash, as in a path's components.
func TestMatchSlash(t *testing.T) {
	for _, c := range []struct {
		pat, name string
		want      bool
	}{
		{"/bin/*", "/bin/rm", true}, {"/*", "/bin/rm", false}, {"/bin?rm", "/bin/rm", false}, {"/bin[/]rm", "/bin/rm", false}, {"/b*/r?", "/bin/rm", true},
	} {
		if got := Match(c.pat, c.name, false); got != c.want {
			t.Errorf("Match(%q, %q) = %v, want %v", c.pat, c.name, got, c.want)
		}
	}
}
