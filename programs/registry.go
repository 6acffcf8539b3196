package programs

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// A fam is one family file's entries. They are built on the first lookup
// of one of the family's names, so a short-lived process (warden hook)
// pays only for the families its command meets.
type fam struct {
	name  string
	build func(add func(...*Spec))
	once  sync.Once
	specs []*Spec // in declaration order
}

// families lists the family files' declarations, in init order.
var families []*fam

// family declares a family file's entries; each family file has exactly
// one, named after the file:
//
//	var _ = family("coreutils", func(add func(...*Spec)) {
//		add(
//			&Spec{Names: n("cat"), …},
//			…
//		)
//	})
//
// build runs once, on first need; add panics on a name declared twice in
// the family, All on a name declared in two families. The generated index
// (index.go) says which family holds each name: after adding or renaming
// an entry, regenerate it with
//
//	go test ./programs -run TestIndex -update
func family(name string, build func(add func(...*Spec))) struct{} {
	families = append(families, &fam{name: name, build: build})
	return struct{}{}
}

// built builds the family once and returns its entries. Each name the
// index gives this family is put at its index row (rowSpec), which is all
// Lookup needs: a hook process looks up a handful of names, and a table of
// every name of the family (coreutils has some eighty) was built and
// hashed for them at every start.
func (f *fam) built() []*Spec {
	f.once.Do(func() {
		f.build(func(specs ...*Spec) {
			for _, s := range specs {
				for _, n := range s.Names {
					if row := indexRow(n); row >= 0 && index[row].family == f.name {
						if rowSpec[row] != nil {
							panic("programs: " + n + " is declared twice")
						}
						rowSpec[row] = s
					}
				}
				f.specs = append(f.specs, s)
			}
		})
	})
	return f.specs
}

// rowSpec holds, once its family is built, the entry of each index row.
var rowSpec [len(index)]*Spec

// names returns every name and alias the family declares, in declaration
// order, panicking on one declared twice.
func (f *fam) names() []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range f.built() {
		for _, n := range s.Names {
			if seen[n] {
				panic("programs: " + n + " is declared twice")
			}
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// indexRow returns name's row in the index, or -1. Lookup runs several
// times for every part of every command: the name is hashed into a table
// of the rows, built on the first lookup (a few microseconds), so that a
// lookup costs one hash and about one comparison.
func indexRow(name string) int {
	rowsOnce.Do(buildRows)
	for h := nameHash(name) & rowsMask; ; h = (h + 1) & rowsMask {
		r := rowTable[h]
		if r == 0 {
			return -1
		}
		if index[r-1].name == name {
			return int(r - 1)
		}
	}
}

// rowTable holds each index row plus one at its name's hash (linear
// probing; 0 is empty). It has at least four slots for every row, so
// probes stay short.
const _ = uint16(len(index) + 1) // rows fit the table's slots

var (
	rowsOnce sync.Once
	rowTable []uint16
	rowsMask uint32
)

func buildRows() {
	n := 1
	for n < 4*len(index) {
		n <<= 1
	}
	rowTable = make([]uint16, n)
	rowsMask = uint32(n - 1)
	for i := range index { // by index: a range over the array's values copies it to the stack
		h := nameHash(index[i].name) & rowsMask
		for rowTable[h] != 0 {
			h = (h + 1) & rowsMask
		}
		rowTable[h] = uint16(i + 1)
	}
}

// nameHash is FNV-1a.
func nameHash(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

// familyByRow returns the family that the index says holds a row's name.
// It runs once per row (Lookup keeps the entry it finds), so it compares
// the family names rather than building a table of every row's family.
func familyByRow(row int) *fam {
	for _, f := range families {
		if f.name == index[row].family {
			return f
		}
	}
	return nil
}

// indexEntry is one row of the generated index: a program name (or alias)
// and the family that declares it.
type indexEntry struct{ name, family string }

// Lookup returns the entry for a program name, or nil when Warden has no
// entry for it (the call is then unknown).
func Lookup(name string) *Spec {
	row := indexRow(name)
	if row < 0 {
		return nil
	}
	if s := specByRow[row].Load(); s != nil {
		return s
	}
	f := familyByRow(row)
	if f == nil {
		return nil
	}
	f.built()
	s := rowSpec[row]
	if s != nil {
		s.compile(s.Names[0])
		specByRow[row].Store(s)
	}
	return s
}

// specByRow holds each index row's entry once it has been looked up and
// compiled.
var specByRow [len(index)]atomic.Pointer[Spec]

// All returns every entry, compiled, sorted by name. It builds every
// family and panics on a name declared in two of them.
func All() []*Spec {
	var out []*Spec
	seen := map[string]string{}
	for _, f := range families {
		for _, n := range f.names() {
			if other, dup := seen[n]; dup {
				panic("programs: " + n + " is declared twice (" + other + ".go and " + f.name + ".go)")
			}
			seen[n] = f.name
		}
		for _, s := range f.specs {
			s.compile(s.Names[0])
			out = append(out, s)
		}
	}
	// Every subcommand too, to any depth: a malformed one panics here, in
	// the package's tests, rather than on a user's command.
	done := map[*Spec]bool{}
	var subs func(s *Spec)
	subs = func(s *Spec) {
		for _, sub := range s.Subcommands {
			if !done[sub] {
				done[sub] = true
				sub.ensure()
				subs(sub)
			}
		}
		if o := s.OtherSpec; o != nil && !done[o] {
			done[o] = true
			o.ensure()
			subs(o)
		}
	}
	for _, s := range out {
		subs(s)
	}
	slices.SortFunc(out, func(a, b *Spec) int { return strings.Compare(a.Names[0], b.Names[0]) })
	return out
}

// Subcommands returns a subcommand's entry, or nil.
func (s *Spec) Subcommand(name string) *Spec {
	sub := s.Subcommands[name]
	if sub != nil {
		sub.ensure()
	}
	return sub
}

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

// EachName calls f with every program name an entry declares, in name
// order, until f returns false. It builds no family.
func EachName(f func(name string) bool) {
	for _, e := range index {
		if !f(e.name) {
			return
		}
	}
}
