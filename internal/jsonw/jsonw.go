// Package jsonw appends JSON by hand, byte for byte as encoding/json's
// Marshal writes it, for the few records every warden hook process writes
// (the audit record). encoding/json builds a table of a struct type's
// fields by reflection the first time a process encodes that type, which
// for a process that encodes one record is a visible share of its life;
// these functions write the same bytes without it.
//
// Strings are escaped as Marshal escapes them (HTML-safe: <, > and & as
// \u003c, \u003e, \u0026; invalid UTF-8 as \ufffd; U+2028 and U+2029
// escaped). Values of any type other than those decoded JSON holds go
// through encoding/json itself, so they too come out as Marshal writes them.
// NoHTML escaping writes strings as a json.Encoder with SetEscapeHTML(false)
// does (and as a MarshalJSON method must, since Marshal escapes HTML in its
// result itself).
package jsonw

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"unicode/utf8"
)

const hex = "0123456789abcdef"

// Escaping says how strings are escaped: HTML as json.Marshal does, NoHTML
// as a json.Encoder with SetEscapeHTML(false) does.
type Escaping bool

// The two escapings.
const (
	HTML   Escaping = true
	NoHTML Escaping = false
)

// String appends s as a JSON string escaped as Marshal escapes it.
func String(b []byte, s string) []byte { return HTML.String(b, s) }

// Value appends v as Marshal writes it (see Escaping.Value).
func Value(b []byte, v any) ([]byte, error) { return HTML.Value(b, v) }

// Object appends m as Marshal writes it (see Escaping.Object).
func Object(b []byte, m map[string]any) ([]byte, error) { return HTML.Object(b, m) }

// String appends s as a JSON string.
func (e Escaping) String(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if !e {
			// Eight bytes at a time while none needs a look: none is a
			// control byte, '"', '\\' or past ASCII (warden scan writes
			// every command and finding so).
			for i+8 <= len(s) && !needsEscape(uint64(s[i])|uint64(s[i+1])<<8|uint64(s[i+2])<<16|uint64(s[i+3])<<24|
				uint64(s[i+4])<<32|uint64(s[i+5])<<40|uint64(s[i+6])<<48|uint64(s[i+7])<<56) {
				i += 8
			}
			if i >= len(s) {
				break
			}
		}
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && (!e || c != '<' && c != '>' && c != '&') {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// needsEscape reports whether one of the eight bytes of x is below 0x20,
// '"', '\\' or at least 0x80 (the bit tricks find a byte below n, or a
// zero byte, without false positives when none is there).
func needsEscape(x uint64) bool {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	q, bs := x^(lo*'"'), x^(lo*'\\')
	return (x|(x-lo*0x20)&^x|(q-lo)&^q|(bs-lo)&^bs)&hi != 0
}

// Value appends v: nil, strings, booleans, []any and map[string]any (keys
// sorted, as Marshal sorts them) are written here; anything else by
// encoding/json, with the same escaping.
func (e Escaping) Value(b []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case string:
		return e.String(b, v), nil
	case bool:
		if v {
			return append(b, "true"...), nil
		}
		return append(b, "false"...), nil
	case []any:
		if v == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i, el := range v {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = e.Value(b, el); err != nil {
				return b, err
			}
		}
		return append(b, ']'), nil
	case map[string]any:
		return e.Object(b, v)
	}
	if e {
		data, err := json.Marshal(v)
		return append(b, data...), err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})...), err
}

// Object appends m as an object with its keys sorted; a nil map is null.
func (e Escaping) Object(b []byte, m map[string]any) ([]byte, error) {
	if m == nil {
		return append(b, "null"...), nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, strings.Compare)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = e.String(b, k)
		b = append(b, ':')
		var err error
		if b, err = e.Value(b, m[k]); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}
