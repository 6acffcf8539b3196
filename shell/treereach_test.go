package shell

import (
	"slices"
	"testing"
)

// TestTreesHere asserts the trees a search reads when it is given no path:
// the working directory, for every entry whose Flow says so (Here), by any
// spelling of its program and of the option that makes it recurse; none
// when it reads a pipe or is no such search.
func TestTreesHere(t *testing.T) {
	cwd := testOpts.Cwd
	for _, tt := range []struct {
		cmd  string
		here bool
	}{
		{"grep -r token", true},
		{"grep --recursive token", true},
		{"grep --recur token", true},
		{"grep -rn token", true},
		{"grep -d recurse token", true},
		{"egrep -R token", true},
		{"fgrep -r token", true},
		{"/usr/bin/grep -r token", true},
		{"command grep -r token", true},
		{"env grep -r token", true},
		{"sudo grep -r token", true},
		{"rg token", true},
		{"/opt/bin/rg token", true},
		{"ag token", true},
		{"ack token", true},
		{"ugrep token", true},
		{"grep token", false},
		{"cat f | grep -r token", false},
		{"cat f | rg token", false},
		{"sort -r f", false},
		{"ls -R", false},
	} {
		an := Analyze(tt.cmd, testOpts)
		var p *Part
		for i := range an.Parts {
			p = &an.Parts[i]
		}
		if p == nil {
			t.Errorf("%s: no part", tt.cmd)
			continue
		}
		if got := slices.Contains(p.Trees, cwd); got != tt.here {
			t.Errorf("%s: reads the working directory's tree %v, want %v (trees %q)", tt.cmd, got, tt.here, p.Trees)
		}
	}
}
