package shell

import "testing"

// TestCheckerLookup: scanning the registrations and the map built from
// them agree on which programs have a checker, and a program registered
// more than once runs every checker registered for it.
func TestCheckerLookup(t *testing.T) {
	count := map[string]int{}
	for _, r := range registrations {
		for _, n := range r.names {
			count[n]++
		}
	}
	m := checkerMap()
	if len(m) != len(count) {
		t.Errorf("the map has %d programs, the registrations %d", len(m), len(count))
	}
	for name := range count {
		if m[name] == nil {
			t.Errorf("%s: no checker in the map", name)
		}
	}
	if checkerFor("no-such-program-here") != nil {
		t.Error("a checker for an unregistered program")
	}
	// Both ways run every checker of a twice-registered name, in order.
	var got []int
	saved := registrations
	defer func() { registrations = saved }()
	registrations = []registration{
		{func(*analyzer, *call) { got = append(got, 1) }, []string{"x", "y"}},
		{func(*analyzer, *call) { got = append(got, 2) }, []string{"x"}},
	}
	chain([]checker{checkerScan("x")})(nil, nil)
	if len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Errorf("scan ran %v, want [1 2]", got)
	}
}
