package tool

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestGlob holds the on-disk expansion to what bash makes of each pattern
// with its default options, and to "cannot say" where bash would read the
// pattern otherwise or the disk does not answer.
func TestGlob(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{".env", ".eslintrc", "README.md", "src/a.go", "src/b.go", "data/x.json", "a[1].txt"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		pattern string
		want    []string // relative to dir; nil with ok false
		ok      bool
	}{
		{".e*", []string{".env", ".eslintrc"}, true},
		{".en?", []string{".env"}, true},
		{".[e]nv", []string{".env"}, true},
		{"*", []string{"README.md", "a[1].txt", "data", "src"}, true}, // a leading dot is not matched
		{"*/*.go", []string{"src/a.go", "src/b.go"}, true},
		{"s*/a.go", []string{"src/a.go"}, true},
		{"nowhere/*", nil, true},
		{"README.md/*", nil, true},
		{"*.none", nil, true},
		{"**/*.go", []string{"src/a.go", "src/b.go"}, true}, // without globstar, ** is *
		{"@(src)/*", nil, false},
		{"[[:alpha:]]*", []string{"README.md", "a[1].txt", "data", "src"}, true},
		{".[!x]nv", []string{".env"}, true}, // bash's negation, not a class of ! and x
		{".[^x]nv", []string{".env"}, true},
		{".[[:lower:]]nv", []string{".env"}, true},
		{".[!e]*", []string{}, true},
		{"a[", nil, true}, // an unclosed [ is a literal, and there is no a[
		{"a[[]1].txt", []string{"a[1].txt"}, true},
	}
	// Options the expansion models.
	opts := []struct {
		pattern string
		o       globOpts
		want    []string
	}{
		{".EN[V]", globOpts{noCase: true}, []string{".env"}},
		{"readme.*", globOpts{noCase: true}, []string{"README.md"}},
		{"**/*.go", globOpts{globStar: true}, []string{"src/a.go", "src/b.go"}},
		{"**/.env", globOpts{globStar: true}, []string{".env"}},
		{"**", globOpts{globStar: true}, []string{"README.md", "a[1].txt", "data", "data/x.json", "src", "src/a.go", "src/b.go"}},
		{"**", globOpts{globStar: true, dotGlob: true}, []string{".env", ".eslintrc", "README.md", "a[1].txt", "data", "data/x.json", "src", "src/a.go", "src/b.go"}},
		{"*", globOpts{dotGlob: true}, []string{".env", ".eslintrc", "README.md", "a[1].txt", "data", "src"}},
	}
	r := &PathResolver{}
	for _, tt := range opts {
		got, ok := r.glob(filepath.Join(dir, tt.pattern), tt.o)
		var rel []string
		for _, g := range got {
			rel = append(rel, strings.TrimPrefix(g, dir+"/"))
		}
		slices.Sort(rel)
		if !ok || !slices.Equal(rel, tt.want) {
			t.Errorf("glob(%s, %+v) = %q, %v; want %q", tt.pattern, tt.o, rel, ok, tt.want)
		}
	}
	for _, tt := range tests {
		got, ok := r.Glob(filepath.Join(dir, tt.pattern))
		var rel []string
		for _, g := range got {
			rel = append(rel, strings.TrimPrefix(g, dir+"/"))
		}
		slices.Sort(rel)
		if ok != tt.ok || !slices.Equal(rel, tt.want) {
			t.Errorf("Glob(%s) = %q, %v; want %q, %v", tt.pattern, rel, ok, tt.want, tt.ok)
		}
	}
}

// TestHoldsPrivateKey checks the content test for private keys: every key
// format at the start of a line, and look-alikes that are not keys.
func TestHoldsPrivateKey(t *testing.T) {
	tests := []struct {
		content string
		want    bool
	}{
		{"-----BEGIN RSA PRIVATE KEY-----\nMIIE", true},
		{"-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl", true},
		{"-----BEGIN PRIVATE KEY-----\n", true},
		{"-----BEGIN EC PRIVATE KEY-----\n", true},
		{"-----BEGIN ENCRYPTED PRIVATE KEY-----\n", true},
		{"-----BEGIN PGP PRIVATE KEY BLOCK-----\n", true},
		{"PuTTY-User-Key-File-3: ssh-ed25519\n", true},
		{"Bag Attributes\n    localKeyID: 01\n-----BEGIN PRIVATE KEY-----\n", true},
		{"-----BEGIN CERTIFICATE-----\nMIIB", false},
		{"ssh-ed25519 AAAAC3Nz user@host\n", false},
		{"# How to make one: openssl genrsa prints -----BEGIN RSA PRIVATE KEY----- first\n", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := HoldsPrivateKey([]byte(tt.content)); got != tt.want {
			t.Errorf("HoldsPrivateKey(%q) = %v, want %v", tt.content, got, tt.want)
		}
	}
}

func FuzzHoldsPrivateKey(f *testing.F) {
	f.Add([]byte("-----BEGIN RSA PRIVATE KEY-----\n"))
	f.Add([]byte("x\n-----BEGIN PRIVATE KEY-----"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if HoldsPrivateKey(b) != HoldsPrivateKey(append([]byte("\n"), b...)) && len(b) > 0 && b[0] != '\n' && b[0] != '\r' {
			// A marker at the very start stays one after a newline.
			if !HoldsPrivateKey(append([]byte("\n"), b...)) {
				t.Fatalf("%q: a key at the start is lost after a newline", b)
			}
		}
	})
}

func FuzzGlob(f *testing.F) {
	dir := f.TempDir()
	for _, n := range []string{"a", ".b", "c/d"} {
		p := filepath.Join(dir, n)
		_ = os.MkdirAll(filepath.Dir(p), 0o755)
		_ = os.WriteFile(p, nil, 0o600)
	}
	for _, s := range []string{"*", ".*", "c/*", "[", "**", "?(x)", "*/[!a]"} {
		f.Add(s)
	}
	r := &PathResolver{}
	f.Fuzz(func(t *testing.T, pat string) {
		got, ok := r.Glob(filepath.Join(dir, pat))
		if !ok || !strings.ContainsAny(pat, "*?[") {
			return
		}
		for _, g := range got {
			if !strings.HasPrefix(g, dir) {
				t.Fatalf("Glob(%q) matched %q outside the directory", pat, g)
			}
			if _, err := os.Lstat(g); err != nil {
				t.Fatalf("Glob(%q) matched %q, which does not exist", pat, g)
			}
		}
	})
}
