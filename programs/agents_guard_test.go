package programs

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestDeclares checks declares, which guarded runs for every raise of
// every agent entry, against the plain reading of an Options grammar:
// over every entry's grammar, every spelling any entry declares, and
// prefixes and stretches of them, it finds a name exactly when one of the
// grammar's spellings is that name.
func TestDeclares(t *testing.T) {
	var grammars []string
	names := map[string]bool{"": true, "-": true, "--": true, "|": true, "=": true}
	var walk func(s *Spec, depth int)
	walk = func(s *Spec, depth int) {
		grammars = append(grammars, s.Options)
		for f := range strings.FieldsSeq(s.Options) {
			names[f] = true
			if i := strings.IndexAny(f, "=?:"); i >= 0 {
				f = f[:i]
			}
			names[f] = true
			for _, sp := range strings.Split(f, "|") {
				names[sp], names[sp+"x"], names[sp[:len(sp)/2]] = true, true, true
			}
		}
		if depth < 3 {
			for _, sub := range s.Subcommands {
				walk(sub, depth+1)
			}
		}
	}
	for _, s := range All() {
		walk(s, 0)
	}
	plain := func(opts, name string) bool {
		for _, o := range strings.Fields(opts) {
			if i := strings.IndexAny(o, "=?:"); i >= 0 {
				o = o[:i]
			}
			if slices.Contains(strings.Split(o, "|"), name) {
				return true
			}
		}
		return false
	}
	// Each grammar against a sample of the names (all of them, every
	// grammar, take half a minute), the grammar's own always among them.
	sorted := slices.Sorted(maps.Keys(names))
	checked, found := 0, 0
	for i, g := range grammars {
		sample := strings.Fields(strings.NewReplacer("=", " ", "?", " ", ":", " ", "|", " ").Replace(g))
		for j := i % 500; j < len(sorted); j += 500 {
			sample = append(sample, sorted[j])
		}
		for _, name := range sample {
			want := plain(g, name)
			if got := declares(g, name); got != want {
				t.Fatalf("declares(%q, %q) = %v, want %v", g, name, got, want)
			}
			checked++
			if want {
				found++
			}
		}
	}
	t.Logf("%d grammars, %d names, %d checks, %d found", len(grammars), len(sorted), checked, found)
	if found < 1000 {
		t.Errorf("only %d of %d checks found the name", found, checked)
	}
	if !declaresAll("-y|--yolo -p= --model=", "--yolo --model=o* -p") || declaresAll("-y|--yolo", "--yolo --yol") || !declaresAll("-y", "") {
		t.Error("declaresAll: wrong answer on a hand-written grammar")
	}
	for _, c := range []struct {
		opts, name string
		want       bool
	}{
		{"--x=w|--y", "--y", false}, {"--x=w --y", "--y", true}, {"-a\t--b\n-c", "--b", true}, {"-a\t--bb\n-c", "--b", false},
		{"x--b", "--b", false}, {"-a|--b:h", "--b", true}, {"-a|--b?", "--b", true}, {"--b-c", "--b", false}, {"--é --b", "--b", true},
		{"--b", "--b|", false}, {"-a||-b", "", true}, {"-a -b", "", false},
		{"-a\u00a0--b", "--b", true}, {"-a --b\u00a0-c", "--b", true}, {"-a --b\u2028", "--b", true}, {"-é|--b", "--b", true},
	} {
		if got := declares(c.opts, c.name); got != c.want || plain(c.opts, c.name) != c.want {
			t.Errorf("declares(%q, %q) = %v, plain reading %v, want %v", c.opts, c.name, got, plain(c.opts, c.name), c.want)
		}
	}
}
