package argpath

import (
	"errors"
	"fmt"
	"strings"
)

// Path is a parsed argument path: member names, each of which may be
// followed by [] to step into every element of an array.
type Path struct {
	text  string
	steps []step
}

type step struct {
	key  string
	each bool // key[]: every element of the array
}

// String returns the path as written.
func (p Path) String() string { return p.text }

// ErrSyntax wraps every parse error.
var ErrSyntax = errors.New("argument path")

// Parse parses an argument path such as "path", "paths[]" or
// "edits[].file". Member names are non-empty and hold no '.', '[' or ']'.
func Parse(s string) (Path, error) {
	if s == "" {
		return Path{}, fmt.Errorf("%w: empty", ErrSyntax)
	}
	p := Path{text: s}
	for i, seg := range strings.Split(s, ".") {
		st := step{key: seg}
		if k, ok := strings.CutSuffix(seg, "[]"); ok {
			st = step{key: k, each: true}
		}
		if st.key == "" {
			return Path{}, fmt.Errorf("%w %q: empty member name in part %d", ErrSyntax, s, i+1)
		}
		if strings.ContainsAny(st.key, "[]") {
			return Path{}, fmt.Errorf("%w %q: only a trailing [] may follow a member name (part %d)", ErrSyntax, s, i+1)
		}
		p.steps = append(p.steps, st)
	}
	return p, nil
}

// MustParse is Parse for paths known to be valid; it panics otherwise.
func MustParse(s string) Path {
	p, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return p
}

// Strings returns the string values the path names in args, in order.
// A member that is absent (or null) names nothing; a value of another
// type where a string or an array is expected is an error, for a value
// that cannot be judged must not pass as absent.
func (p Path) Strings(args map[string]any) ([]string, error) {
	var out []string
	if err := p.walk(args, 0, &out); err != nil {
		return nil, err
	}
	return out, nil
}

func (p Path) walk(v any, i int, out *[]string) error {
	if v == nil {
		return nil
	}
	if i == len(p.steps) {
		s, ok := v.(string)
		if !ok {
			return fmt.Errorf("argument %s: want a string, not %s", p.text, typeName(v))
		}
		*out = append(*out, s)
		return nil
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("argument %s: want an object, not %s", p.text, typeName(v))
	}
	st := p.steps[i]
	next, ok := obj[st.key]
	if !ok || next == nil {
		return nil
	}
	if !st.each {
		return p.walk(next, i+1, out)
	}
	list, ok := next.([]any)
	if !ok {
		return fmt.Errorf("argument %s: %s must be an array, not %s", p.text, st.key, typeName(next))
	}
	for _, e := range list {
		if err := p.walk(e, i+1, out); err != nil {
			return err
		}
	}
	return nil
}

func typeName(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case float64, int, int64:
		return "a number"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}
