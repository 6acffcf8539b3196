package pathclass

import (
	"strings"
	"testing"
)

// TestHoldsCredentialsSearch holds holdsCredentials, which searches the
// sorted home patterns, to the walk over every credential entry it
// replaced: for each directory of every entry's pattern under two homes,
// the homes themselves, their parents, and directories beside them.
func TestHoldsCredentialsSearch(t *testing.T) {
	byWalk := func(p, homeDir string) bool {
		if p == "/" || strings.HasSuffix(p, "/.ssh") || p == "/proc" || strings.HasPrefix(p, "/proc/") && strings.Count(p, "/") == 2 {
			return true
		}
		under := func(c string) bool { return len(c) > len(p) && c[len(p)] == '/' && strings.HasPrefix(c, p) }
		for _, h := range homesOf {
			if under(h + "/.ssh") {
				return true
			}
		}
		rel := ""
		if homeDir != "" {
			if under(homeDir) {
				return true
			}
			if p == homeDir {
				rel = "~"
			} else if within(p, homeDir) {
				rel = "~" + p[len(homeDir):]
			}
		}
		for _, e := range credentialEntries {
			c := e.Pattern
			if c[0] == '~' {
				if rel == "" {
					continue
				}
				if strings.HasSuffix(c, "/") && strings.TrimSuffix(c, "/") == rel {
					return true
				}
				if len(c) > len(rel) && c[len(rel)] == '/' && strings.HasPrefix(c, rel) {
					return true
				}
				continue
			}
			c = strings.TrimSuffix(c, "/")
			if under(c) || strings.HasSuffix(e.Pattern, "/") && c == p {
				return true
			}
		}
		return false
	}
	homes := []string{"/home/dev", "/root", "/Users/me", ""}
	dirs := map[string]bool{"/": true, "/home": true, "/home/dev/projects/app": true, "/home/dev/.config2": true,
		"/home/dev/.con": true, "/home/devx": true, "/etc": true, "/etc/ssl": true, "/etc/ssl/private": true,
		"/etc/ssl/private/x": true, "/proc/1": true, "/tmp": true, "/home/dev/.aws/sso/cache/x": true}
	for _, h := range homes[:3] {
		for _, e := range credentialEntries {
			pat := strings.TrimSuffix(e.Pattern, "/")
			if pat[0] == '~' {
				pat = h + pat[1:]
			}
			for d := pat; d != "/" && d != ""; d = d[:max(strings.LastIndexByte(d, '/'), 1)] {
				dirs[d] = true
				dirs[d+"x"] = true
				if d == "/" || !strings.Contains(d[1:], "/") {
					break
				}
			}
		}
	}
	n := 0
	for d := range dirs {
		for _, h := range homes {
			got, want := holdsCredentials(d, h), byWalk(d, h)
			if got != want {
				t.Errorf("holdsCredentials(%q, %q) = %v, the walk over every entry says %v", d, h, got, want)
			}
			if want {
				n++
			}
		}
	}
	if n == 0 {
		t.Error("no directory holds credentials: the test reaches nothing")
	}
}
