package programs

import (
	"slices"
	"testing"
)

// TestSubcommandsCompileOnUse checks that an entry's subcommands are
// compiled when a call reaches them, not with the entry: a lookup of git
// would otherwise compile its hundred subcommands for git status.
func TestSubcommandsCompileOnUse(t *testing.T) {
	c := &Spec{Options: "-z"}
	b := &Spec{Options: "-y", Subcommands: map[string]*Spec{"c": c}}
	a := &Spec{Options: "-x", Operands: "r*"}
	other := &Spec{Operands: "r*"}
	s := &Spec{Names: n("tool"), Subcommands: map[string]*Spec{"a": a, "b": b}, OtherSpec: other}
	s.compile("tool")
	if a.compiled != nil || b.compiled != nil || other.compiled != nil {
		t.Fatal("compiling an entry compiled its subcommands")
	}
	if r := Parse(s, []Word{{Text: "a", Literal: true}, {Text: "-x", Literal: true}}); r.Sub() != "a" || !r.Has("-x") {
		t.Fatalf("tool a -x: sub %q, -x %v", r.Sub(), r.Has("-x"))
	}
	if a.compiled == nil || a.Name() != "tool a" || b.compiled != nil {
		t.Fatalf("after tool a -x: a compiled %v named %q, b compiled %v", a.compiled != nil, a.Name(), b.compiled != nil)
	}
	if got := s.Subcommand("b"); got != b || b.compiled == nil || b.Name() != "tool b" || c.compiled != nil {
		t.Fatalf("Subcommand(b): %v, compiled %v, named %q; c compiled %v", got == b, b.compiled != nil, b.Name(), c.compiled != nil)
	}
	if c.Name() != "tool b c" {
		t.Errorf("a subcommand's subcommand is named %q", c.Name())
	}
	if r := Parse(s, []Word{{Text: "zzz", Literal: true}}); r.Spec != other || other.Name() != "tool *" {
		t.Errorf("tool zzz: parsed by %v, named %q", r.Spec == other, other.Name())
	}
	// Parse of a subcommand taken from the map compiles it.
	d := &Spec{Options: "-q"}
	s2 := &Spec{Names: n("tool2"), Subcommands: map[string]*Spec{"d": d}}
	s2.compile("tool2")
	if r := Parse(s2.Subcommands["d"], []Word{{Text: "-q", Literal: true}}); !r.Has("-q") || d.Name() != "tool2 d" {
		t.Errorf("Parse of a subcommand from the map: -q %v, named %q", r.Has("-q"), d.Name())
	}
	// A malformed subcommand still panics, on first use.
	bad := &Spec{Names: n("tool3"), Subcommands: map[string]*Spec{"e": {Options: "x"}}}
	bad.compile("tool3")
	func() {
		defer func() {
			if recover() == nil {
				t.Error("a malformed subcommand compiled")
			}
		}()
		bad.Subcommand("e")
	}()
}

// TestSubcommandNames checks that every subcommand of every entry is
// named by a path that reaches it (git log; for one shared by several
// names, or parents, one of them), as when the subcommands were compiled
// with their entry.
func TestSubcommandNames(t *testing.T) {
	paths := map[*Spec][]string{}
	var walk func(s *Spec, path string, depth int)
	walk = func(s *Spec, path string, depth int) {
		if slices.Contains(paths[s], path) || depth > 6 {
			return
		}
		paths[s] = append(paths[s], path)
		for k, sub := range s.Subcommands {
			walk(sub, path+" "+k, depth+1)
		}
		if s.OtherSpec != nil {
			walk(s.OtherSpec, path+" *", depth+1)
		}
	}
	all := All()
	for _, s := range all {
		for _, name := range s.Names {
			walk(s, name, 0)
		}
	}
	subs := 0
	for s, ps := range paths {
		if s.compiled == nil {
			t.Fatalf("%s: not compiled by All", ps[0])
		}
		if !slices.Contains(ps, s.Name()) {
			t.Errorf("named %q, reached as %q", s.Name(), ps)
		}
		subs++
	}
	if subs < 2*len(all) {
		t.Errorf("only %d entries and subcommands for %d entries", subs, len(all))
	}
}

// TestSubcommandsCompileConcurrently parses the subcommands of a fresh
// entry from several goroutines at once (go test -race finds a compile
// or a naming that is not once).
func TestSubcommandsCompileConcurrently(t *testing.T) {
	shared := &Spec{Options: "-s"}
	s := &Spec{Names: n("tool"), Subcommands: map[string]*Spec{"a": {Options: "-x"}, "b": {Options: "-y"}, "s1": shared, "s2": shared}}
	s2 := &Spec{Names: n("other"), Subcommands: map[string]*Spec{"s": shared}}
	done := make(chan bool)
	for i := range 8 {
		go func() {
			top := s
			if i%3 == 0 {
				top = s2
				top.compile("other")
			} else {
				top.compile("tool")
			}
			for _, sub := range []string{"a", "b", "s1", "s2", "s"} {
				r := Parse(top, []Word{{Text: sub, Literal: true}, {Text: "-s", Literal: true}})
				_ = r.Has("-s")
			}
			done <- shared.Name() != ""
		}()
	}
	for range 8 {
		if !<-done {
			t.Error("the shared subcommand has no name")
		}
	}
	if name := shared.Name(); name != "tool s1" && name != "tool s2" && name != "other s" {
		t.Errorf("the shared subcommand is named %q", name)
	}
}
