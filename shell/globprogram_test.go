package shell

import (
	"math/rand/v2"
	"testing"

	"github.com/wardenhq/warden/internal/fspath"
	"github.com/wardenhq/warden/programs"
)

// TestGlobMatcher holds globMatcher, which reads a glob in program position
// once, to what matching the whole pattern against every name (and, with a
// slash, every dir+name) says: for the patterns of the glob examples, their
// equivalents, patterns with classes that can match a slash, escapes,
// malformed ones and random ones, over every name an entry or a check
// declares and names with a slash.
func TestGlobMatcher(t *testing.T) {
	want := func(pat, name string) bool {
		if fspath.Match(pat, name, false) && !containsSlash(pat) {
			return true
		}
		if !containsSlash(pat) {
			return false
		}
		for _, dir := range globDirs {
			if fspath.Match(pat, dir+name, false) {
				return true
			}
		}
		return false
	}
	var names []string
	programs.EachName(func(n string) bool { names = append(names, n); return true })
	for n := range checkMap() {
		names = append(names, n)
	}
	names = append(names, "bin/rm", "rm/x", "r", "", "local/bin/rm", "/rm")
	pats := []string{
		"/???/r?", "/b?n/r[m]", "/bin/r*", "/usr/*/rm", "/*/*/rm", "/*/rm", "/usr/local/bin/r?",
		"r?", "r[m]", "[r]m", "*", "?", "rm", "r*f", "*m", "/b?n/*", "/s*/dd", "/usr/?bin/sh*",
		"/b?n/r[^x]", "/b?n/r[!x]", "/b?n/r[a-z]", "/b?n/[/]rm", "/usr[/]bin/rm", "/usr/bin[/]rm",
		"/b?n/r\\m", "/b\\in/rm", "/b?n/r[m", "/b?n/r[]m]", "/b?n/r[]", "[", "r[", "\\", "/bin/",
		"/", "//rm", "/bin//rm", "/b?n/rm/", "*/rm", "bin/rm", "/usr/*", "/?sr/b?n/?m", "/bin/r?[-]",
	}
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"/", "?", "*", "[", "]", "^", "-", "\\", "r", "m", "b", "i", "n", "s", "u", "bin", "usr", "[m]", "[a-z]"}
	for range 400 {
		p := ""
		for range 1 + rng.IntN(7) {
			p += pieces[rng.IntN(len(pieces))]
		}
		pats = append(pats, p)
	}
	for _, pat := range pats {
		m := globMatcher(pat)
		for _, n := range names {
			if got, w := m(n), want(pat, n); got != w {
				t.Errorf("glob %q on %q: %v, matching the whole pattern says %v", pat, n, got, w)
			}
		}
	}
}

func containsSlash(s string) bool {
	for i := range len(s) {
		if s[i] == '/' {
			return true
		}
	}
	return false
}
