package fspath

import (
	"path"
	"strings"
	"testing"
)

// TestJoinClean compares joinClean with path.Join over every path built
// from a set of components, clean or not.
func TestJoinClean(t *testing.T) {
	comps := []string{"", ".", "..", "a", "bc", ".a", "a.", "...", "~"}
	var paths []string
	var build func(prefix string, n int)
	build = func(prefix string, n int) {
		paths = append(paths, prefix)
		if n == 0 {
			return
		}
		for _, c := range comps {
			if prefix == "" {
				build(c, n-1)
				build("/"+c, n-1)
			} else {
				build(prefix+"/"+c, n-1)
			}
		}
	}
	build("", 3)
	n := 0
	for _, dir := range paths {
		for _, rel := range paths {
			if rel == "" || strings.HasPrefix(rel, "/") {
				continue
			}
			if got, want := joinClean(dir, rel), path.Join(dir, rel); got != want {
				t.Fatalf("joinClean(%q, %q) = %q, path.Join gives %q", dir, rel, got, want)
			}
			n++
		}
		if got, want := CleanAbs(dir), dir != "" && path.Clean(dir) == dir && dir[0] == '/'; got != want {
			t.Fatalf("CleanAbs(%q) = %v, want %v", dir, got, want)
		}
	}
	if n < 10000 {
		t.Fatalf("only %d pairs compared", n)
	}
}
