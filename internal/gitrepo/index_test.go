package gitrepo

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// gitIn runs real git in dir with a home of its own.
func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// TestIndexAgreesWithGit reads indexes real git wrote, in each version and
// object format, and requires the names git ls-files prints, in its order.
func TestIndexAgreesWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	files := []string{"a.go", "b/c.go", "b/d/e.txt", "b/d/long-name-to-share-a-prefix-1.txt", "b/d/long-name-to-share-a-prefix-2.txt",
		"with space.md", "z", ".env.example"}
	for _, tc := range []struct {
		name    string
		init    []string
		version string
	}{
		{"v2", []string{"init", "-q"}, "2"},
		{"v3 with intent-to-add", []string{"init", "-q"}, "3"},
		{"v4", []string{"init", "-q"}, "4"},
		{"sha256", []string{"init", "-q", "--object-format=sha256"}, "4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			gitIn(t, dir, tc.init...)
			for _, f := range files {
				p := filepath.Join(dir, f)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(f), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Symlink("a.go", filepath.Join(dir, "link.go")); err != nil {
				t.Fatal(err)
			}
			gitIn(t, dir, "add", "-A")
			if tc.version == "3" {
				if err := os.WriteFile(filepath.Join(dir, "later.go"), nil, 0o644); err != nil {
					t.Fatal(err)
				}
				gitIn(t, dir, "add", "-N", "later.go") // an extended flag
			}
			gitIn(t, dir, "update-index", "--index-version", tc.version)
			want := strings.Split(strings.TrimSuffix(gitIn(t, dir, "ls-files", "-z"), "\x00"), "\x00")
			repo, ok := Discover(dir, "")
			if !ok {
				t.Fatal("no repository")
			}
			es, err := repo.Index(dir)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range es {
				got = append(got, e.Path)
				if e.Path == "link.go" && e.Mode != 0o120000 {
					t.Errorf("link.go mode %o, want a symlink's", e.Mode)
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("index names (-git +read):\n%s", diff)
			}
		})
	}
}

// TestIndexUnsupported: forms whose names are not all one line a path in
// the file are refused, never read as fewer names.
func TestIndexUnsupported(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	t.Run("conflict", func(t *testing.T) {
		dir := t.TempDir()
		gitIn(t, dir, "init", "-q", "-b", "main")
		write := func(s string) {
			if err := os.WriteFile(filepath.Join(dir, "f"), []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write("base\n")
		gitIn(t, dir, "add", "f")
		gitIn(t, dir, "commit", "-qm", "base")
		gitIn(t, dir, "checkout", "-qb", "other")
		write("other\n")
		gitIn(t, dir, "commit", "-qam", "other")
		gitIn(t, dir, "checkout", "-q", "main")
		write("main\n")
		gitIn(t, dir, "commit", "-qam", "main")
		cmd := exec.Command("git", "merge", "other")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "GIT_CONFIG_NOSYSTEM=1", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "CONFLICT") {
			t.Fatalf("git merge: %v, want a conflict\n%s", err, out)
		}
		repo, _ := Discover(dir, "")
		if _, err := repo.Index(dir); !errors.Is(err, ErrIndexUnsupported) {
			t.Errorf("conflicted index: err = %v, want ErrIndexUnsupported", err)
		}
	})
	t.Run("split index", func(t *testing.T) {
		dir := t.TempDir()
		gitIn(t, dir, "init", "-q")
		if err := os.WriteFile(filepath.Join(dir, "f"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		gitIn(t, dir, "add", "f")
		gitIn(t, dir, "update-index", "--split-index")
		repo, _ := Discover(dir, "")
		if _, err := repo.Index(dir); !errors.Is(err, ErrIndexUnsupported) {
			t.Errorf("split index: err = %v, want ErrIndexUnsupported", err)
		}
	})
	t.Run("no index", func(t *testing.T) {
		dir := t.TempDir()
		gitIn(t, dir, "init", "-q")
		repo, _ := Discover(dir, "")
		if es, err := repo.Index(dir); err != nil || len(es) != 0 {
			t.Errorf("fresh repository: %v, %v; want nothing", es, err)
		}
	})
}

func TestParseIndexErrors(t *testing.T) {
	for _, b := range [][]byte{nil, []byte("DIRC"), []byte("XXXX\x00\x00\x00\x02\x00\x00\x00\x00"),
		[]byte("DIRC\x00\x00\x00\x05\x00\x00\x00\x00"), []byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x01"),
		append([]byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x01"), bytes.Repeat([]byte{0}, 62)...)} {
		if _, err := ParseIndex(b, 20); err == nil {
			t.Errorf("ParseIndex(%q) = nil error", b)
		}
	}
}

func FuzzParseIndex(f *testing.F) {
	f.Add([]byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x00"), false)
	f.Add(append(append([]byte("DIRC\x00\x00\x00\x04\x00\x00\x00\x01"), bytes.Repeat([]byte{0}, 62)...), 0, 'a', 0), false)
	f.Fuzz(func(t *testing.T, b []byte, sha256 bool) {
		n := 20
		if sha256 {
			n = 32
		}
		es, err := ParseIndex(b, n)
		if err != nil {
			return
		}
		for _, e := range es {
			if e.Path == "" {
				t.Fatal("an entry with no path")
			}
		}
	})
}
