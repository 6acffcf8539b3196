package hookconf

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/wardenhq/warden/internal/atomicfile"
	"github.com/wardenhq/warden/internal/jsonerr"
)

// Object is a JSON object that keeps its keys in file order, so editing a
// settings file leaves the rest of it as its owner wrote it. Values are
// *Object, []any, string, json.Number, bool or nil.
type Object struct {
	keys []string
	vals map[string]any
}

// Get returns the value of key k.
func (o *Object) Get(k string) (any, bool) {
	v, ok := o.vals[k]
	return v, ok
}

// Set sets key k, keeping its place or adding it last.
func (o *Object) Set(k string, v any) {
	if o.vals == nil {
		o.vals = map[string]any{}
	}
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

// Clone returns a deep copy of o.
func (o *Object) Clone() *Object {
	c := &Object{}
	for _, k := range o.keys {
		v := o.vals[k]
		switch t := v.(type) {
		case *Object:
			v = t.Clone()
		case []any:
			v = append([]any(nil), t...)
		}
		c.Set(k, v)
	}
	return c
}

// Marshal writes v as indented JSON (two spaces), keys in order.
func Marshal(v any) []byte {
	var b bytes.Buffer
	writeOrdered(&b, v, "")
	return b.Bytes()
}

// SameJSON reports whether two values write the same JSON.
func SameJSON(a, b any) bool {
	return bytes.Equal(Marshal(a), Marshal(b))
}

// ParseObject reads a settings file's content as an ordered JSON object;
// empty content is an empty object. Errors carry file:line:col.
func ParseObject(path string, data []byte) (*Object, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return &Object{}, nil
	}
	var check any
	if err := json.Unmarshal(data, &check); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line, col, _ := jsonerr.Position(data, err)
			return nil, fmt.Errorf("%s:%d:%d: %v (file left unchanged)", path, line, col, se)
		}
		return nil, fmt.Errorf("%s: %v (file left unchanged)", path, err)
	}
	if _, ok := check.(map[string]any); !ok {
		return nil, fmt.Errorf("%s:1:1: settings must be a JSON object (file left unchanged)", path)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeOrdered(dec)
	if err != nil {
		return nil, fmt.Errorf("%s: %v (file left unchanged)", path, err)
	}
	return v.(*Object), nil
}

// EditFile applies edit to the JSON settings file at path, keeping
// everything else in it, and says what it changed on out: a file that does
// not parse is left untouched (the error says file:line:col), a changed
// file gets a backup first (path.bak), and an unchanged one is not written
// (out gets unchanged).
func EditFile(out io.Writer, path string, edit func(*Object) ([]string, error), unchanged string) error {
	old, err := os.ReadFile(path)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	root, err := ParseObject(path, old)
	if err != nil {
		return err
	}
	changes, err := edit(root)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if len(changes) == 0 {
		fmt.Fprintln(out, unchanged)
		return nil
	}
	data := append(Marshal(root), '\n')
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if exists {
		backup := path + ".bak"
		if err := atomicfile.WriteFile(backup, old, 0o644); err != nil {
			return fmt.Errorf("writing the backup: %w", err)
		}
		defer fmt.Fprintf(out, "backed up the previous file to %s\n", backup)
	}
	if err := atomicfile.WriteFile(path, data, 0o644); err != nil {
		return err
	}
	for _, c := range changes {
		fmt.Fprintf(out, "%s: %s\n", path, c)
	}
	return nil
}

// decodeOrdered reads one JSON value from dec, objects as *Object.
func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := &Object{vals: map[string]any{}}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				o.Set(k, v)
			}
			_, err := dec.Token()
			return o, err
		case '[':
			a := []any{}
			for dec.More() {
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			_, err := dec.Token()
			return a, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	default:
		return t, nil
	}
}

// writeOrdered writes v as indented JSON, keys in order.
func writeOrdered(w *bytes.Buffer, v any, indent string) {
	switch t := v.(type) {
	case *Object:
		if len(t.keys) == 0 {
			w.WriteString("{}")
			return
		}
		w.WriteString("{\n")
		for i, k := range t.keys {
			w.WriteString(indent + "  ")
			writeScalar(w, k)
			w.WriteString(": ")
			writeOrdered(w, t.vals[k], indent+"  ")
			if i < len(t.keys)-1 {
				w.WriteByte(',')
			}
			w.WriteByte('\n')
		}
		w.WriteString(indent + "}")
	case []any:
		if len(t) == 0 {
			w.WriteString("[]")
			return
		}
		w.WriteString("[\n")
		for i, e := range t {
			w.WriteString(indent + "  ")
			writeOrdered(w, e, indent+"  ")
			if i < len(t)-1 {
				w.WriteByte(',')
			}
			w.WriteByte('\n')
		}
		w.WriteString(indent + "]")
	default:
		writeScalar(w, t)
	}
}

func writeScalar(w *bytes.Buffer, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v) // strings, json.Number, bools and null cannot fail
	w.Write(bytes.TrimRight(b.Bytes(), "\n"))
}
