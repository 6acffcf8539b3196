package approvers

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestAddLoadRemove(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "approvers.json")
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	alice, err := Add(path, "alice", now)
	if err != nil {
		t.Fatal(err)
	}
	bob, err := Add(path, "bob", now)
	if err != nil {
		t.Fatal(err)
	}
	if alice == bob || !strings.HasPrefix(alice, "wap_") {
		t.Fatalf("tokens %q %q", alice, bob)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("file mode: %v %v", fi.Mode(), err)
	}
	data, _ := os.ReadFile(path)
	if strings.Contains(string(data), alice) {
		t.Fatal("the file holds the token itself")
	}
	if _, err := Add(path, "alice", now); !errors.Is(err, ErrExists) {
		t.Fatalf("adding alice twice: %v", err)
	}
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		tok, name string
		ok        bool
	}{
		{alice, "alice", true},
		{bob, "bob", true},
		{alice + "x", "", false},
		{alice[:len(alice)-1], "", false},
		{"", "", false},
	} {
		name, ok := s.Lookup(c.tok)
		if name != c.name || ok != c.ok {
			t.Errorf("Lookup(%q) = %q, %v; want %q, %v", c.tok, name, ok, c.name, c.ok)
		}
	}
	if !s.Has("bob") || s.Has("carol") {
		t.Error("Has")
	}
	if err := Remove(path, "alice"); err != nil {
		t.Fatal(err)
	}
	if err := Remove(path, "alice"); !errors.Is(err, ErrUnknown) {
		t.Fatalf("removing alice twice: %v", err)
	}
	s, err = Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Lookup(alice); ok {
		t.Error("a removed approver's token still works")
	}
	if name, _ := s.Lookup(bob); name != "bob" {
		t.Error("removing alice lost bob")
	}
}

func TestLoadRefuses(t *testing.T) {
	dir := t.TempDir()
	good := `{"version":1,"approvers":[{"name":"alice","token_sha256":"` + strings.Repeat("ab", 32) + `","added":"2026-01-01T00:00:00Z"}]}`
	for _, c := range []struct {
		name, content string
		mode          os.FileMode
		want          string
	}{
		{"good", good, 0o600, ""},
		{"readable by others", good, 0o644, "lets others read it"},
		{"unknown field", `{"version":1,"approvers":[],"x":1}`, 0o600, "unknown field"},
		{"wrong version", `{"version":2,"approvers":[]}`, 0o600, "version 2"},
		{"bad digest", `{"version":1,"approvers":[{"name":"alice","token_sha256":"zz"}]}`, 0o600, "64 hex digits"},
		{"bad name", `{"version":1,"approvers":[{"name":"-x","token_sha256":"` + strings.Repeat("ab", 32) + `"}]}`, 0o600, "invalid approver name"},
		{"twice", `{"version":1,"approvers":[{"name":"a","token_sha256":"` + strings.Repeat("ab", 32) + `"},{"name":"a","token_sha256":"` + strings.Repeat("cd", 32) + `"}]}`, 0o600, "listed twice"},
		{"not json", `{`, 0o600, "unexpected EOF"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_"))
			if err := os.WriteFile(p, []byte(c.content), c.mode); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(p, c.mode); err != nil {
				t.Fatal(err)
			}
			_, err := Load(p)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("Load: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("Load: %v, want an error with %q", err, c.want)
			}
		})
	}
	if _, err := Load(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing approvers file given to the daemon must be an error")
	}
}

func TestValidName(t *testing.T) {
	for name, ok := range map[string]bool{
		"alice": true, "pay-oncall": true, "a.b_c": true, "A1": true,
		"": false, "-a": false, ".a": false, "a b": false, "a/b": false, "ü": false,
		strings.Repeat("a", 64): true, strings.Repeat("a", 65): false,
	} {
		if err := ValidName(name); (err == nil) != ok {
			t.Errorf("ValidName(%q) = %v", name, err)
		}
	}
}
