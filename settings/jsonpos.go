package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/wardenhq/warden/internal/jsonerr"
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
	// token walk below then only records where each value starts. Valid
	// checks without building the value; only an invalid file is decoded,
	// for the error.
	if !json.Valid(data) {
		var probe any
		err := json.Unmarshal(data, &probe)
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			off, _ := jsonerr.Offset(data, err)
			return nil, newPosError(file, data, off, syn.Error())
		}
	}
	p := &jsonParser{file: file, data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	n, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if off := p.start(); off < int64(len(data)) {
		return nil, newPosError(file, data, off, "unexpected data after the top-level value")
	}
	return n, nil
}

type jsonParser struct {
	file string
	data []byte
	dec  *json.Decoder
}

// start is the offset of the next token: the decoder's offset past any
// whitespace and separators.
func (p *jsonParser) start() int64 {
	off := p.dec.InputOffset()
	for off < int64(len(p.data)) {
		switch p.data[off] {
		case ' ', '\t', '\n', '\r', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

func (p *jsonParser) token() (json.Token, int64, error) {
	off := p.start()
	tok, err := p.dec.Token()
	if err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return nil, off, newPosError(p.file, p.data, syn.Offset-1, syn.Error())
		}
		if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, off, newPosError(p.file, p.data, int64(len(p.data)), "unexpected end of file")
		}
		return nil, off, newPosError(p.file, p.data, off, err.Error())
	}
	return tok, off, nil
}

func (p *jsonParser) value(depth int) (*node, error) {
	tok, off, err := p.token()
	if err != nil {
		return nil, err
	}
	return p.valueFrom(tok, off, depth)
}

func (p *jsonParser) valueFrom(tok json.Token, off int64, depth int) (*node, error) {
	if depth > maxDepth {
		return nil, newPosError(p.file, p.data, off, "nested too deeply")
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n := &node{kind: kindObject, off: off}
			for {
				tok, koff, err := p.token()
				if err != nil {
					return nil, err
				}
				if d, ok := tok.(json.Delim); ok && d == '}' {
					return n, nil
				}
				key, ok := tok.(string)
				if !ok {
					return nil, newPosError(p.file, p.data, koff, "object key must be a string")
				}
				v, err := p.value(depth + 1)
				if err != nil {
					return nil, err
				}
				n.members = append(n.members, member{key: key, keyOff: koff, val: v})
			}
		case '[':
			n := &node{kind: kindArray, off: off}
			for {
				tok, eoff, err := p.token()
				if err != nil {
					return nil, err
				}
				if d, ok := tok.(json.Delim); ok && d == ']' {
					return n, nil
				}
				v, err := p.valueFrom(tok, eoff, depth+1)
				if err != nil {
					return nil, err
				}
				n.elems = append(n.elems, v)
			}
		}
		return nil, newPosError(p.file, p.data, off, fmt.Sprintf("unexpected %q", rune(t)))
	case string:
		return &node{kind: kindString, off: off, str: t}, nil
	case json.Number:
		return &node{kind: kindNumber, off: off, num: t}, nil
	case bool:
		return &node{kind: kindBool, off: off, boolean: t}, nil
	case nil:
		return &node{kind: kindNull, off: off}, nil
	}
	return nil, newPosError(p.file, p.data, off, "unexpected token")
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
