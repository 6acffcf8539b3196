package tool

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRealPath checks symlink resolution against a real directory tree,
// and against filepath.EvalSymlinks wherever the path exists.
func TestRealPath(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mk := func(p string) {
		if err := os.MkdirAll(filepath.Join(root, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ln := func(target, name string) {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	mk("proj/src")
	mk("etc/cron.d")
	if err := os.WriteFile(filepath.Join(root, "proj/.env"), []byte("K=1"), 0o644); err != nil {
		t.Fatal(err)
	}
	ln(filepath.Join(root, "etc"), "proj/escape")   // absolute link out of the project
	ln("../etc/cron.d", "proj/cron")                // relative link with ..
	ln(".env", "proj/sneaky")                       // link to a file
	ln("sneaky", "proj/chain")                      // link to a link
	ln("loop2", "proj/loop1")                       // a loop
	ln("loop1", "proj/loop2")                       //
	ln(filepath.Join(root, "nowhere"), "proj/gone") // dangling

	r := &PathResolver{}
	tests := []struct{ in, want string }{
		{"proj/src", "proj/src"},
		{"proj/src/new.go", "proj/src/new.go"},
		{"proj/escape/cron.d/job", "etc/cron.d/job"},
		{"proj/escape/passwd", "etc/passwd"},
		{"proj/cron/job", "etc/cron.d/job"},
		{"proj/sneaky", "proj/.env"},
		{"proj/chain", "proj/.env"},
		{"proj/gone/x", "nowhere/x"},
		{"proj/loop1/x", "proj/loop1/x"}, // a loop is judged as written
		{"proj/missing/deeper/file", "proj/missing/deeper/file"},
	}
	for _, tt := range tests {
		in := filepath.Join(root, tt.in)
		got := r.Real(in)
		if want := filepath.Join(root, tt.want); got != want {
			t.Errorf("Real(%s) = %s, want %s", tt.in, got, want)
		}
		if ev, err := filepath.EvalSymlinks(in); err == nil && ev != got {
			t.Errorf("Real(%s) = %s, but filepath.EvalSymlinks says %s", tt.in, got, ev)
		}
	}
}

func TestExpandPath(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a/b", "/work/app/a/b"},
		{"./a/../../x", "/work/x"},
		{"/etc//passwd", "/etc/passwd"},
		{"~", "/home/u"},
		{"~/.ssh/id", "/home/u/.ssh/id"},
		{"$HOME/.aws", "/home/u/.aws"},
		{"${HOME}/x", "/home/u/x"},
		{"~other/x", "/work/app/~other/x"},
	}
	for _, tt := range tests {
		got, err := ExpandPath(tt.in, "/work/app", "/home/u")
		if err != nil || got != tt.want {
			t.Errorf("ExpandPath(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "a\x00b"} {
		if _, err := ExpandPath(bad, "/w", "/h"); err == nil {
			t.Errorf("ExpandPath(%q) succeeded", bad)
		}
	}
}

func TestWithinAndProtected(t *testing.T) {
	within := []struct {
		p, dir string
		want   bool
	}{
		{"/a/b", "/a/b", true}, {"/a/b/c", "/a/b", true}, {"/a/bc", "/a/b", false},
		{"/a", "/a/b", false}, {"/anything", "/", true},
	}
	for _, tt := range within {
		if got := Within(tt.p, tt.dir); got != tt.want {
			t.Errorf("Within(%s, %s) = %v", tt.p, tt.dir, got)
		}
	}
	protected := []struct {
		p    string
		want bool
	}{
		{"/w/app/.git/config", true}, {"/w/app/.warden/settings.json", true}, {"/w/app/.claude/settings.local.json", true},
		{"/w/app/.vscode/settings.json", true}, {"/h/.bashrc", true}, {"/h/.ssh/authorized_keys", true},
		{"/h/.aws/credentials", true}, {"/h/.config/fish/config.fish", true},
		{"/w/app/src/main.go", false}, {"/h/.bashrc.bak", false}, {"/w/app/.gitignore", false}, {"/h/notes/.sshx", false},
	}
	for _, tt := range protected {
		if got := Protected(tt.p, "/h"); got != tt.want {
			t.Errorf("Protected(%s) = %v, want %v", tt.p, got, tt.want)
		}
	}
}

func TestNormalizeHost(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{"https://Example.COM./x", "example.com", ""},
		{"http://user:pw@docs.example.com:8080/", "docs.example.com", ""},
		{"https://bücher.example/", "xn--bcher-kva.example", ""},
		{"https://[::1]:8080/", "::1", ""},
		{"https://evil.example\\@good.example/", "", "backslash"},
		{"file:///etc/passwd", "", "scheme"},
		{"https:///nohost", "", "no host"},
		{"https://exa mple.com/", "", "space"},
	}
	for _, tt := range tests {
		got, err := NormalizeHost(tt.in)
		if tt.err != "" {
			if err == nil {
				t.Errorf("NormalizeHost(%q) = %q, want an error about %s", tt.in, got, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("NormalizeHost(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}
