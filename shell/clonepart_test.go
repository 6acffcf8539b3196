package shell

import (
	"reflect"
	"testing"
	"unsafe"

	"github.com/wardenhq/warden/programs"
)

// TestPartCloner checks that replayed parts are equal to their originals,
// nil and empty slices included, and share no storage with them or with
// each other: an append to one copy's slice never shows in another.
func TestPartCloner(t *testing.T) {
	parts := []Part{
		{Text: "a", Words: []string{"rm", "-rf", "x"}, Effects: []Effect{{Kind: programs.Delete, Target: "/p/x"}}, Writes: []string{"/p/x"}, Unknown: []string{}},
		{Text: "b", Words: []string{"ls"}, Alternates: [][]string{{"ls", "y"}}, Reads: []string{"/p"}, Trees: []string{"/p"}, Effects: []Effect{}},
		{Text: "c", Words: []string{"echo", "$x"}, Assignments: []string{"x=1"}},
		{Text: "d"},
	}
	var cl partCloner
	cl.sized(parts)
	var copies []Part
	for _, p := range parts {
		copies = append(copies, cl.clone(p))
	}
	if !reflect.DeepEqual(copies, parts) {
		t.Fatalf("copies differ:\n%+v\n%+v", copies, parts)
	}
	field := func(p *Part) [][]string {
		return [][]string{p.Words, p.Assignments, p.Unknown, p.Reads, p.Trees, p.Writes}
	}
	for i := range parts {
		for j, s := range field(&copies[i]) {
			o := field(&parts[i])[j]
			if (s == nil) != (o == nil) {
				t.Errorf("part %d field %d: nil %v, original nil %v", i, j, s == nil, o == nil)
			}
			if len(s) > 0 && unsafe.SliceData(s) == unsafe.SliceData(o) {
				t.Errorf("part %d field %d shares its original's storage", i, j)
			}
			if cap(s) != len(s) {
				t.Errorf("part %d field %d has room past its end (%d of %d)", i, j, len(s), cap(s))
			}
		}
		if (copies[i].Effects == nil) != (parts[i].Effects == nil) || cap(copies[i].Effects) != len(copies[i].Effects) {
			t.Errorf("part %d effects: %#v", i, copies[i].Effects)
		}
	}
	// Appending to the first copy's words must not reach the second's.
	copies[0].Words = append(copies[0].Words, "more")
	if copies[1].Words[0] != "ls" {
		t.Fatal("an append to one copy changed another")
	}
}
