package programs

import "slices"

// byName maps every program name and alias to its entry.
var byName = map[string]*Spec{}

// all lists the entries in declaration order.
var all []*Spec

// register adds a family's entries; it is called by each family file's
// init and panics on a name declared twice. The entries' grammars are
// compiled on first lookup.
func register(specs ...*Spec) {
	for _, s := range specs {
		for _, n := range s.Names {
			if _, dup := byName[n]; dup {
				panic("programs: " + n + " is declared twice")
			}
			byName[n] = s
		}
		all = append(all, s)
	}
}

// Lookup returns the entry for a program name, or nil when Warden has no
// entry for it (the call is then unknown).
func Lookup(name string) *Spec {
	s := byName[name]
	if s != nil {
		s.compile(s.Names[0])
	}
	return s
}

// All returns every entry, compiled, sorted by name.
func All() []*Spec {
	for _, s := range all {
		s.compile(s.Names[0])
	}
	out := slices.Clone(all)
	slices.SortFunc(out, func(a, b *Spec) int {
		switch {
		case a.Names[0] < b.Names[0]:
			return -1
		case a.Names[0] > b.Names[0]:
			return 1
		}
		return 0
	})
	return out
}

// Subcommands returns a subcommand's entry, or nil.
func (s *Spec) Subcommand(name string) *Spec { return s.Subcommands[name] }

// n is shorthand for a list of names.
func n(names ...string) []string { return names }

// subs builds a subcommand table where several names share one entry.
func subs(pairs ...any) map[string]*Spec {
	m := map[string]*Spec{}
	var names []string
	for _, p := range pairs {
		switch v := p.(type) {
		case string:
			names = append(names, v)
		case *Spec:
			for _, nm := range names {
				m[nm] = v
			}
			names = nil
		}
	}
	return m
}
