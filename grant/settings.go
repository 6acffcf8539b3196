package grant

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/internal/atomicfile"
	"github.com/wardenhq/warden/internal/jsonerr"
	"github.com/wardenhq/warden/settings"
)

// ParseError reports a settings or state file that cannot be read as what it
// should be, with the position of the problem. Such a file is never
// overwritten.
type ParseError struct {
	File      string
	Line, Col int
	Msg       string
	Err       error // the underlying error, when there is one
}

// Error returns "file:line:col: message".
func (e *ParseError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// positionError turns a JSON decoding error into a ParseError naming where
// in file the problem is.
func positionError(file string, data []byte, err error) error {
	var syn *json.SyntaxError
	msg := err.Error()
	off, ok := jsonerr.Offset(data, err)
	switch {
	case !ok:
		off = int64(len(data))
		if errors.Is(err, io.ErrUnexpectedEOF) {
			msg = "unexpected end of JSON input"
		}
	case errors.As(err, &syn):
		msg = syn.Error()
	}
	line, col := jsonerr.LineCol(data, off)
	return &ParseError{File: file, Line: line, Col: col, Msg: msg, Err: err}
}

// LocalSettingsDir is the directory, below a project root, holding Warden's
// project settings.
const LocalSettingsDir = ".warden"

// ProjectRoot returns the project a working directory belongs to: the
// nearest ancestor of cwd (cwd included) holding a .warden directory, else
// cwd itself.
func ProjectRoot(cwd string) string { return settings.ProjectRoot(cwd) }

// LocalSettingsPath returns the local settings file of the project cwd
// belongs to: <project>/.warden/settings.local.json, where always grants go.
func LocalSettingsPath(cwd string) string {
	return settings.LocalFile(settings.ProjectRoot(cwd))
}

// member is one key of a JSON object, with its value kept as written.
type member struct {
	key   string
	value json.RawMessage
	off   int64 // where the value starts in the file
}

// object is a JSON object whose key order and values are kept exactly.
type object []member

func (o object) get(key string) (member, bool) {
	for _, m := range o {
		if m.key == key {
			return m, true
		}
	}
	return member{}, false
}

func (o object) set(key string, value json.RawMessage) object {
	for i := range o {
		if o[i].key == key {
			o[i].value = value
			return o
		}
	}
	return append(o, member{key: key, value: value})
}

func (o object) marshal() json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.key)
		b.Write(k)
		b.WriteByte(':')
		b.Write(m.value)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// parseObject reads a JSON object from data[base:], keeping key order and raw
// values. When whole is set, the object must be all that follows. An input
// that is not an object is a ParseError.
func parseObject(file string, data []byte, base int64, whole bool) (object, error) {
	dec := json.NewDecoder(bytes.NewReader(data[base:]))
	fail := func(off int64, msg string) error {
		line, col := jsonerr.LineCol(data, base+off)
		return &ParseError{File: file, Line: line, Col: col, Msg: msg}
	}
	skipSpace := func(off int64) int64 {
		for base+off < int64(len(data)) && bytes.IndexByte([]byte(" \t\r\n"), data[base+off]) >= 0 {
			off++
		}
		return off
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, positionError(file, data, err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fail(skipSpace(0), "want a JSON object")
	}
	var o object
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, positionError(file, data, err)
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		// InputOffset is just past the key; skip the colon and spaces.
		off := dec.InputOffset()
		for base+off < int64(len(data)) && data[base+off] != ':' {
			off++
		}
		off = skipSpace(off + 1)
		if err := dec.Decode(&raw); err != nil {
			return nil, positionError(file, data, err)
		}
		o = append(o, member{key: key, value: raw, off: base + off})
	}
	if _, err := dec.Token(); err != nil {
		return nil, positionError(file, data, err)
	}
	if _, err := dec.Token(); whole && err != io.EOF {
		return nil, fail(skipSpace(dec.InputOffset()), "unexpected data after the settings object")
	}
	return o, nil
}

// settingsDoc is a settings file opened for editing: the top-level object,
// and the two objects grants touch.
type settingsDoc struct {
	file string
	data []byte
	top  object
}

func parseSettings(file string, data []byte) (*settingsDoc, error) {
	doc := &settingsDoc{file: file, data: data}
	if len(bytes.TrimSpace(data)) == 0 {
		return doc, nil // an empty file holds nothing to keep
	}
	// Check the whole document first so the error names the first fault.
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, positionError(file, data, err)
	}
	top, err := parseObject(file, data, 0, true)
	if err != nil {
		return nil, err
	}
	doc.top = top
	return doc, nil
}

// list returns the string list at top[outer][key], checking its shape.
func (d *settingsDoc) list(outer, key string) (object, []string, error) {
	m, ok := d.top.get(outer)
	if !ok {
		return nil, nil, nil
	}
	inner, err := parseObject(d.file, d.data, m.off, false)
	if err != nil {
		line, col := jsonerr.LineCol(d.data, m.off)
		return nil, nil, &ParseError{File: d.file, Line: line, Col: col, Msg: fmt.Sprintf("%q must be an object", outer)}
	}
	lm, ok := inner.get(key)
	if !ok {
		return inner, nil, nil
	}
	var items []string
	if err := json.Unmarshal(lm.value, &items); err != nil {
		line, col := jsonerr.LineCol(d.data, lm.off)
		return nil, nil, &ParseError{File: d.file, Line: line, Col: col, Msg: fmt.Sprintf("%q.%q must be a list of strings", outer, key), Err: err}
	}
	return inner, items, nil
}

// setList replaces top[outer][key] with items, keeping everything else.
func (d *settingsDoc) setList(inner object, outer, key string, items []string) {
	raw, _ := json.Marshal(items)
	if items == nil {
		raw = json.RawMessage("[]")
	}
	inner = inner.set(key, raw)
	d.top = d.top.set(outer, inner.marshal())
}

func (d *settingsDoc) bytes() ([]byte, error) {
	var out bytes.Buffer
	if err := json.Indent(&out, d.top.marshal(), "", "  "); err != nil {
		return nil, fmt.Errorf("grant: %w", err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// Where always grants live inside a settings file.
const (
	permissionsKey = "permissions"
	allowKey       = "allow"
	grantsKey      = "grants"
	categoriesKey  = "categories"
)

// editList adds or removes item in the list top[outer][key] of the settings
// file at path, atomically under the file's lock. It reports whether the
// file changed. A file that does not parse, or whose lists are not lists of
// strings, is left untouched and reported as a *ParseError.
func editList(ctx context.Context, path, outer, key, item string, add bool) (bool, error) {
	changed := false
	err := atomicfile.Update(ctx, path, func(old []byte, exists bool) ([]byte, error) {
		doc, err := parseSettings(path, old)
		if err != nil {
			return nil, err
		}
		inner, items, err := doc.list(outer, key)
		if err != nil {
			return nil, err
		}
		var next []string
		found := false
		for _, it := range items {
			if it == item {
				found = true
				if !add {
					continue
				}
			}
			next = append(next, it)
		}
		if add == found { // already there, or nothing to remove
			return old, nil
		}
		if add {
			next = append(next, item)
		}
		doc.setList(inner, outer, key, next)
		changed = true
		return doc.bytes()
	})
	if err != nil {
		return false, fmt.Errorf("grant: %w", err)
	}
	return changed, nil
}

// AddAlwaysRule appends rule to permissions.allow of the settings file at
// path (normally LocalSettingsPath(cwd)), creating the file (mode 0600) when
// it does not exist. The change is atomic and made under an exclusive lock,
// so concurrent approvals lose nothing; every other key and value in the file
// is kept. It reports whether the rule was added (false: it was there).
func AddAlwaysRule(ctx context.Context, path, rule string) (bool, error) {
	if err := CheckRuleSyntax(rule); err != nil {
		return false, err
	}
	return editList(ctx, path, permissionsKey, allowKey, rule, true)
}

// RemoveAlwaysRule removes rule from permissions.allow of the settings file
// at path, and reports whether it was there.
func RemoveAlwaysRule(ctx context.Context, path, rule string) (bool, error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return editList(ctx, path, permissionsKey, allowKey, rule, false)
}

// AddAlwaysCategory records category (canonical slug) in grants.categories
// of the settings file at path; risk is that of the finding being approved.
// A category whose findings can be HIGH is refused with ErrHighRiskAlways.
func AddAlwaysCategory(ctx context.Context, path, category string, risk api.Risk) (bool, error) {
	g := Grant{Category: category}
	if err := g.validateTarget(); err != nil {
		return false, err
	}
	if err := CheckScope(category, risk, api.ScopeAlways); err != nil {
		return false, err
	}
	return editList(ctx, path, grantsKey, categoriesKey, CanonicalCategory(category), true)
}

// RemoveAlwaysCategory removes category (or any alias of it) from
// grants.categories of the settings file at path.
func RemoveAlwaysCategory(ctx context.Context, path, category string) (bool, error) {
	gs, err := AlwaysGrants(path)
	if err != nil {
		return false, err
	}
	removed := false
	for _, g := range gs {
		if g.Category != "" && CanonicalCategory(g.Category) == CanonicalCategory(category) {
			ok, err := editList(ctx, path, grantsKey, categoriesKey, g.Category, false)
			if err != nil {
				return removed, err
			}
			removed = removed || ok
		}
	}
	return removed, nil
}

// AlwaysGrants returns the always grants held in the settings file at path:
// every rule of permissions.allow and every category of grants.categories.
// A missing file holds none.
func AlwaysGrants(path string) ([]Grant, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("grant: %w", err)
	}
	doc, err := parseSettings(path, data)
	if err != nil {
		return nil, fmt.Errorf("grant: %w", err)
	}
	_, rules, err := doc.list(permissionsKey, allowKey)
	if err != nil {
		return nil, fmt.Errorf("grant: %w", err)
	}
	_, cats, err := doc.list(grantsKey, categoriesKey)
	if err != nil {
		return nil, fmt.Errorf("grant: %w", err)
	}
	var out []Grant
	for _, r := range rules {
		out = append(out, Grant{ID: AlwaysID(r), Scope: api.ScopeAlways, Rule: r, Source: path})
	}
	for _, c := range cats {
		out = append(out, Grant{ID: AlwaysID("category:" + c), Scope: api.ScopeAlways, Category: c, Source: path})
	}
	return out, nil
}
