package argpath

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"path", true},
		{"paths[]", true},
		{"edits[].file", true},
		{"a.b.c", true},
		{"", false},
		{".", false},
		{"a.", false},
		{"[]", false},
		{"a[]b", false},
		{"a[0]", false},
		{"a[][]", false},
		{"a]", false},
	} {
		_, err := Parse(tc.in)
		if (err == nil) != tc.ok {
			t.Errorf("Parse(%q) error %v, want ok=%v", tc.in, err, tc.ok)
		}
		if err != nil && !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%q) error %v does not wrap ErrSyntax", tc.in, err)
		}
	}
}

func TestStrings(t *testing.T) {
	args := `{"path":"a.txt","paths":["b","c"],"edits":[{"file":"d"},{"file":"e"},{}],"n":3,"mixed":["x",4],"deep":{"in":{"f":"g"}},"nul":null}`
	var in map[string]any
	if err := json.Unmarshal([]byte(args), &in); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path    string
		want    []string
		wantErr bool
	}{
		{"path", []string{"a.txt"}, false},
		{"paths[]", []string{"b", "c"}, false},
		{"edits[].file", []string{"d", "e"}, false},
		{"deep.in.f", []string{"g"}, false},
		{"absent", nil, false},
		{"nul", nil, false},
		// A value that cannot be judged is an error, never "absent".
		{"n", nil, true},
		{"paths", nil, true},
		{"path[]", nil, true},
		{"mixed[]", nil, true},
		{"path.x", nil, true},
	} {
		got, err := MustParse(tc.path).Strings(in)
		if (err != nil) != tc.wantErr {
			t.Errorf("%s: error %v, want error %v", tc.path, err, tc.wantErr)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.path, diff)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"path", "paths[]", "edits[].file", "a..b", "[]", "a[]b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		if p.String() != s {
			t.Fatalf("String() = %q, want %q", p.String(), s)
		}
		again, err := Parse(p.String())
		if err != nil || !cmp.Equal(again.steps, p.steps, cmp.AllowUnexported(step{})) {
			t.Fatalf("reparse of %q: %v", s, err)
		}
		if _, err := p.Strings(map[string]any{"a": []any{"x", map[string]any{"b": "c"}}}); err != nil && p.steps == nil {
			t.Fatal(err)
		}
	})
}
