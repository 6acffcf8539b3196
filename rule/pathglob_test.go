package rule

import "testing"

func TestPathGlob(t *testing.T) {
	const home = "/home/u"
	for _, c := range []struct {
		pattern, path string
		want          bool
	}{
		{"~/src/pay/**", "/home/u/src/pay", true},
		{"~/src/pay/**", "/home/u/src/pay/api", true},
		{"~/src/pay/**", "/home/u/src/payroll", false},
		{"~/src/pay/**", "/home/v/src/pay", false},
		{"~/src/*/billing", "/home/u/src/pay/billing", true},
		{"~/src/*/billing", "/home/u/src/pay/other", false},
		{"/srv/**", "/srv/x", true},
		{"//srv/**", "/srv/x/y", true},
		{"/srv/**", "/srvx", false},
		{"~/src/pay", "/home/u/src/pay/sub", true}, // a matched directory covers its contents
		{"~/src/pay", "/home/u/src/../src/pay", true},
		{"~/src/pay", "relative/pay", false},
	} {
		g, err := ParsePathGlob(c.pattern)
		if err != nil {
			t.Fatalf("%q: %v", c.pattern, err)
		}
		if got := g.Match(c.path, home); got != c.want {
			t.Errorf("%q matches %q = %v, want %v", c.pattern, c.path, got, c.want)
		}
	}
	if g, _ := ParsePathGlob("~/x/**"); g.Match("/x", "") {
		t.Error("a ~ pattern with no home must match nothing")
	}
	for _, bad := range []string{"src/pay/**", "./pay", "", "~alice/x", "/a/[b"} {
		if _, err := ParsePathGlob(bad); err == nil {
			t.Errorf("ParsePathGlob(%q) accepted it", bad)
		}
	}
}

func FuzzPathGlob(f *testing.F) {
	for _, s := range []string{"~/src/pay/**", "//srv/*", "/a/[!b]/c", "~/"} {
		f.Add(s, "/home/u/src/pay/x")
	}
	f.Fuzz(func(t *testing.T, pattern, p string) {
		g, err := ParsePathGlob(pattern)
		if err != nil {
			return
		}
		_ = g.Match(p, "/home/u")
	})
}
