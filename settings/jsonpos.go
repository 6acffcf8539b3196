package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/wardenhq/warden/internal/jsonerr"
	"github.com/wardenhq/warden/internal/jsonvalid"
)

// node is one JSON value with the byte offset where it starts, so that every
// rule and every unknown key can be reported with its line and column.
type node struct {
	kind    nodeKind
	off     int64
	members []member // objects, in file order
	elems   []*node  // arrays
	str     string   // strings
	num     json.Number
	boolean bool
}

type member struct {
	key    string
	keyOff int64
	val    *node
}

type nodeKind uint8

const (
	kindNull nodeKind = iota
	kindObject
	kindArray
	kindString
	kindNumber
	kindBool
)

func (k nodeKind) String() string {
	return [...]string{"null", "object", "array", "string", "number", "boolean"}[k]
}

// maxDepth bounds nesting so that hostile settings cannot exhaust the stack.
const maxDepth = 64

// parseJSON decodes data strictly (no comments, no trailing commas, valid
// UTF-8, exactly one value) into a positioned tree. Errors are *PosError.
func parseJSON(file string, data []byte) (*node, error) {
	if !utf8.Valid(data) {
		off := 0
		for off < len(data) {
			r, size := utf8.DecodeRune(data[off:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			off += size
		}
		return nil, newPosError(file, data, int64(off), "invalid UTF-8")
	}
	// The standard decoder finds syntax errors with exact offsets; the
	// token walk below then only records where each value starts.
	// jsonvalid.Valid (json.Valid, faster) checks without building the
	// value; only an invalid file is decoded, for the error.
	if !jsonvalid.Valid(data) {
		var probe any
		err := json.Unmarshal(data, &probe)
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			off, _ := jsonerr.Offset(data, err)
			return nil, newPosError(file, data, off, syn.Error())
		}
		return nil, newPosError(file, data, 0, "not valid JSON")
	}
	p := &jsonParser{file: file, data: data}
	n, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if p.skip(); p.off < len(data) {
		return nil, newPosError(file, data, int64(p.off), "unexpected data after the top-level value")
	}
	return n, nil
}

// jsonParser walks data, which jsonvalid.Valid has accepted, recording where
// each value starts. Because the input is valid, the walk needs no error
// handling of its own beyond the nesting bound.
type jsonParser struct {
	file string
	data []byte
	off  int
}

// skip moves past whitespace and the separators between values.
func (p *jsonParser) skip() {
	for p.off < len(p.data) {
		switch p.data[p.off] {
		case ' ', '\t', '\n', '\r', ',', ':':
			p.off++
			continue
		}
		return
	}
}

func (p *jsonParser) value(depth int) (*node, error) {
	p.skip()
	off := int64(p.off)
	if depth > maxDepth {
		return nil, newPosError(p.file, p.data, off, "nested too deeply")
	}
	switch c := p.data[p.off]; c {
	case '{':
		p.off++
		n := &node{kind: kindObject, off: off}
		for {
			p.skip()
			if p.data[p.off] == '}' {
				p.off++
				return n, nil
			}
			koff := int64(p.off)
			key, err := p.string()
			if err != nil {
				return nil, err
			}
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			n.members = append(n.members, member{key: key, keyOff: koff, val: v})
		}
	case '[':
		p.off++
		n := &node{kind: kindArray, off: off}
		for {
			p.skip()
			if p.data[p.off] == ']' {
				p.off++
				return n, nil
			}
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			n.elems = append(n.elems, v)
		}
	case '"':
		str, err := p.string()
		if err != nil {
			return nil, err
		}
		return &node{kind: kindString, off: off, str: str}, nil
	case 't':
		p.off += len("true")
		return &node{kind: kindBool, off: off, boolean: true}, nil
	case 'f':
		p.off += len("false")
		return &node{kind: kindBool, off: off}, nil
	case 'n':
		p.off += len("null")
		return &node{kind: kindNull, off: off}, nil
	}
	end := p.off
	for end < len(p.data) && strings.IndexByte("+-.0123456789eE", p.data[end]) >= 0 {
		end++
	}
	n := &node{kind: kindNumber, off: off, num: json.Number(p.data[p.off:end])}
	p.off = end
	return n, nil
}

// string reads the string starting at p.off: as it is written when it has
// no escapes, else unquoted by encoding/json.
func (p *jsonParser) string() (string, error) {
	start := p.off
	escaped := false
	i := start + 1
	for ; p.data[i] != '"'; i++ {
		if p.data[i] == '\\' {
			escaped = true
			i++
		}
	}
	p.off = i + 1
	if !escaped {
		return string(p.data[start+1 : i]), nil
	}
	var s string
	if err := json.Unmarshal(p.data[start:p.off], &s); err != nil {
		return "", newPosError(p.file, p.data, int64(start), err.Error())
	}
	return s, nil
}

// PosError is a problem at a place in a settings file.
type PosError struct {
	File   string
	Line   int // 1-based
	Column int // 1-based, in bytes
	Msg    string
}

func (e *PosError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
}

func newPosError(file string, data []byte, off int64, msg string) *PosError {
	line, col := jsonerr.LineCol(data, off)
	return &PosError{File: file, Line: line, Column: col, Msg: msg}
}
