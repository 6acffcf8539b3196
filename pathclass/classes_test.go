package pathclass

import (
	"path"
	"strings"
	"testing"
)

// TestClassExamples runs every class's examples: Match must be of the
// class and Pass must not. A path example is made absolute ("~" is a home
// directory, a relative path is inside a project); a name is given as is.
func TestClassExamples(t *testing.T) {
	n := 0
	seen := map[string]bool{}
	for _, c := range Classes() {
		if seen[c.Name] {
			t.Errorf("class %q is declared twice", c.Name)
		}
		seen[c.Name] = true
		if len(c.Match) == 0 || len(c.Pass) == 0 {
			t.Errorf("class %q needs examples that match and look-alikes that pass", c.Name)
		}
		arg := abs
		if c.Names {
			arg = func(s string) string { return s }
		}
		for _, m := range c.Match {
			n++
			if !c.Is(arg(m), testHome) {
				t.Errorf("%s: %s is not of the class", c.Name, arg(m))
			}
		}
		for _, m := range c.Pass {
			n++
			if c.Is(arg(m), testHome) {
				t.Errorf("%s: look-alike %s is of the class", c.Name, arg(m))
			}
		}
	}
	t.Logf("%d examples", n)
}

// TestClassesBelowHome shows that the classes below a home directory need
// one: with no home, ~/.bashrc is a file like any other.
func TestClassesBelowHome(t *testing.T) {
	for _, c := range []*Class{Log, Persistence} {
		for _, p := range []string{"/home/u/.bashrc", "/home/u/.bash_history"} {
			if c.Is(p, "") {
				t.Errorf("%s: %s matches with no home", c.Name, p)
			}
		}
	}
	if !Persistence.Is("/home/u/.bashrc", "/home/u") || !Log.Is("/root/.bash_history", "/root") {
		t.Error("a home's start-up file or history is not matched")
	}
}

func FuzzClasses(f *testing.F) {
	for _, c := range Classes() {
		for _, m := range append(append([]string(nil), c.Match...), c.Pass...) {
			f.Add(abs(m), testHome)
		}
	}
	f.Add("", "")
	f.Add("/", "/")
	f.Fuzz(func(t *testing.T, p, home string) {
		for _, c := range Classes() {
			c.Is(p, home) // must not panic, whatever it is given
		}
	})
}

// TestDirOfIsPathDir: Credential's directory of a path is path.Dir's, for
// clean absolute paths (taken apart without cleaning) and every other
// spelling (cleaned).
func TestDirOfIsPathDir(t *testing.T) {
	clean := 0
	for _, p := range []string{"/", "/a", "/a/b", "/home/u/.ssh/id_rsa", "/.ssh/x", "/a/.b", "/a/..b", "/a/b.", "/a/...",
		"", ".", "..", "a", "a/b", ".ssh/id_rsa", "./.ssh/id_rsa", "../a/b", "//a", "/a//b", "/a/", "/a/.", "/a/..", "/a/./b",
		"/a/../b", "/./a", "/../a", "/a/b/", "a//b", "/a/.ssh/", "/home/u/.ssh/../.ssh/id_rsa"} {
		if got, want := dirOf(p), path.Dir(p); got != want {
			t.Errorf("dirOf(%q) = %q, path.Dir says %q", p, got, want)
		}
		if cleanAbs(p) {
			clean++
			if path.Clean(p) != p {
				t.Errorf("cleanAbs(%q), but path.Clean makes it %q", p, path.Clean(p))
			}
		} else if strings.HasPrefix(p, "/") && path.Clean(p) == p {
			t.Errorf("cleanAbs(%q) is false for a clean absolute path", p)
		}
	}
	if clean < 8 {
		t.Errorf("only %d clean absolute paths: the fast way is not tested", clean)
	}
}

// TestBackedUpNamesEndingInDotTilde: a name ending in ".~" is no numbered
// backup (no number between) and must not take the name apart past its
// end: cat notes.~ made every check of a command naming it panic.
func TestBackedUpNamesEndingInDotTilde(t *testing.T) {
	for _, tc := range []struct {
		p, orig string
		ok      bool
	}{
		{"notes.~", "notes.", true},
		{"/home/u/.env.~", "/home/u/.env.", true},
		{"a.~~", "a.", true},
		{".env.~2~", ".env", true},
		{"x.~", "x.", true},
		{".~", ".~", false},
	} {
		orig, ok := BackedUp(tc.p)
		if orig != tc.orig || ok != tc.ok {
			t.Errorf("BackedUp(%q) = %q, %v; want %q, %v", tc.p, orig, ok, tc.orig, tc.ok)
		}
	}
}

// TestBackedUpAsksFewNames: BackedUp, which answers most names without
// taking them apart (mayBeCopy), says what taking every name apart says,
// for copies' names in every case and spelling and names that are none.
func TestBackedUpAsksFewNames(t *testing.T) {
	names := []string{"", "a", ".env", "credentials", "x.", "~", "#", "##", "#a#", "#.env#", ".env~", ".env.~1~", ".env.~x~", "a.~~",
		"é.bak", "ÉNV.BAK", "x.K", "notes.txt~", "Makefile", "go.sum", "kelvin.baK"}
	for _, suf := range backupSuffixes {
		for _, stem := range []string{"", "a", ".env", "credentials", ".env.example", "x" + suf} {
			names = append(names, stem+suf, stem+strings.ToUpper(suf), stem+suf+"x", stem+suf[1:])
		}
	}
	copies := 0
	for _, n := range names {
		for _, p := range []string{n, "/home/u/.aws/" + n, "dir/" + n} {
			got, gotOK := BackedUp(p)
			want, wantOK := backedUp(p)
			if got != want || gotOK != wantOK {
				t.Errorf("BackedUp(%q) = %q, %v; taking it apart says %q, %v", p, got, gotOK, want, wantOK)
			}
			if wantOK {
				copies++
			}
		}
	}
	if copies < 50 {
		t.Errorf("only %d copies' names: the test lost its cases", copies)
	}
}
