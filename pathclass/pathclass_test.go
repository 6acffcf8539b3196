package pathclass

import (
	"strings"
	"testing"
)

const testHome = "/home/u"

// abs turns an example into an absolute path: "~" is testHome, a relative
// path is inside the project /p.
func abs(s string) string {
	switch {
	case s == "~":
		return testHome
	case strings.HasPrefix(s, "~/"):
		return testHome + s[1:]
	case strings.HasPrefix(s, "/"):
		return s
	}
	return "/p/" + s
}

// TestExamples runs every entry's examples: Match paths must match the entry
// itself (or another entry of the same list), Pass paths must match none.
func TestExamples(t *testing.T) {
	lists := []struct {
		name    string
		entries []Entry
		is      func(p string) bool
	}{
		{"control", control, func(p string) bool { _, ok := Control(p, testHome); return ok }},
		{"protected", protected, func(p string) bool { return Protected(p, testHome) }},
		{"credentials", credentials(), func(p string) bool { return Credential(p, testHome, false) }},
	}
	n := 0
	for _, l := range lists {
		for _, e := range l.entries {
			if len(e.Match) == 0 {
				t.Errorf("%s entry %q has no example that must match", l.name, e.Pattern)
			}
			for _, m := range e.Match {
				n++
				if !l.is(abs(m)) {
					t.Errorf("%s entry %q: %s does not match", l.name, e.Pattern, abs(m))
				}
			}
			for _, m := range e.Pass {
				n++
				if l.is(abs(m)) {
					t.Errorf("%s entry %q: look-alike %s matches", l.name, e.Pattern, abs(m))
				}
			}
		}
	}
	t.Logf("%d examples", n)
}

func TestControl(t *testing.T) {
	tests := []struct {
		p     string
		extra []string
		want  bool
		kind  Kind
	}{
		{p: "/p/.claude/settings.json", want: true, kind: KindAgent},
		{p: "/p/.Claude/settings.json", want: true, kind: KindAgent},
		{p: "/p/.warden/settings.local.json", want: true, kind: KindWarden},
		{p: "/home/u/.bashrc", want: true, kind: KindStartup},
		{p: "/root/.zshrc", want: true, kind: KindStartup},
		{p: "/home/bob/.ssh/authorized_keys", want: true, kind: KindLogin},
		{p: "/Users/bob/Library/LaunchAgents/x.plist", want: true, kind: KindService},
		{p: "/p/.git/hooks/pre-commit", want: true, kind: KindGit},
		{p: "/p/.git", want: true, kind: KindGit},
		{p: "/srv/managed.json", extra: []string{"/srv/managed.json"}, want: true, kind: KindWarden},
		{p: "/xdg/warden/settings.json", extra: []string{"/xdg/warden"}, want: true, kind: KindWarden},
		// Look-alikes.
		{p: "/p/.claude-notes/x"},
		{p: "/p/README.md"},
		{p: "/p/.git/objects/aa/bb"},
		{p: "/p/src/bashrc.go"},
		{p: "/home/u/projects/x/.profile.md"},
		{p: "/tmp/x"},
		{p: "/"},
		{p: "relative/.claude/x"},
	}
	if !caseInsensitive {
		tests = append(tests, struct {
			p     string
			extra []string
			want  bool
			kind  Kind
		}{p: "/p/docs/claude.md"})
	}
	for _, tt := range tests {
		e, ok := Control(tt.p, testHome, tt.extra...)
		if ok != tt.want || ok && e.Kind != tt.kind {
			t.Errorf("Control(%q) = %v %q, want %v %q", tt.p, ok, e.Kind, tt.want, tt.kind)
		}
	}
}

func TestProtected(t *testing.T) {
	for p, want := range map[string]bool{
		"/p/.git/HEAD": true, "/home/u/.ssh/id_rsa": true, "/home/u/.claude.json": true, "/p/.idea/x": true,
		"/p/src/main.go": false, "/home/u/notes.txt": false, "/p/.gitignore": false,
	} {
		if got := Protected(p, testHome); got != want {
			t.Errorf("Protected(%q) = %v, want %v", p, got, want)
		}
	}
}

func BenchmarkControl(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Control("/home/u/projects/app/src/internal/server/handler.go", testHome)
	}
}

func TestCredential(t *testing.T) {
	for _, tt := range []struct {
		p         string
		inProject bool
		want      bool
	}{
		{"/home/u/.ssh/id_ed25519", false, true},
		{"/home/u/.ssh/id_ed25519.pub", false, false},
		{"/home/u/.ssh/known_hosts", false, false},
		{"/root/.aws/credentials", false, true},
		{"/home/bob/.netrc", false, true},
		{"/p/certs/server.key", true, true},
		{"/home/u/keys/private-key.pem", false, true},
		{"/p/testdata/private-key.pem", true, false},
		{"/home/u/Library/Application Support/Google/Chrome/Default/Login Data", false, true},
		{"/etc/shadow", false, true},
		{"/etc/passwd", false, false},
		{"/p/README.md", true, false},
	} {
		if got := Credential(tt.p, testHome, tt.inProject); got != tt.want {
			t.Errorf("Credential(%q, %v) = %v, want %v", tt.p, tt.inProject, got, tt.want)
		}
	}
}
