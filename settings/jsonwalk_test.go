package settings

// The token walk parseJSON used before it walked the bytes itself, kept as
// the reference the walk is checked against.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

type refParser struct {
	file string
	data []byte
	dec  *json.Decoder
}

// start is the offset of the next token: the decoder's offset past any
// whitespace and separators.
func (p *refParser) start() int64 {
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

func (p *refParser) token() (json.Token, int64, error) {
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

func (p *refParser) value(depth int) (*node, error) {
	tok, off, err := p.token()
	if err != nil {
		return nil, err
	}
	return p.valueFrom(tok, off, depth)
}

func (p *refParser) valueFrom(tok json.Token, off int64, depth int) (*node, error) {
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

// refParse is parseJSON as it was, for inputs json.Valid accepts.
func refParse(file string, data []byte) (*node, error) {
	p := &refParser{file: file, data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	return p.value(0)
}

// TestWalkMatchesTokens: on every settings file in the tests and on
// strings, numbers, escapes and nesting of every kind, the byte walk builds
// the tree the decoder's token walk built, offsets included.
func TestWalkMatchesTokens(t *testing.T) {
	inputs := []string{
		`{}`, `[]`, `"x"`, `1`, `-1.5e+10`, `true`, `false`, `null`, ` { "a" : [ 1 , 2.0 , -3e-2 , "\u00e9\n\"" , null , true ] , "b" : { } } `,
		`{"permissions":{"allow":["Bash(npm run *)","Read(./docs/**)"],"deny":["Bash(curl:*)"]},"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"x"}]}]}}`,
		`{"k\\ey":"v\\\"al\/ue","\ud83d\ude00":"😀","dup":1,"dup":2}`, `[[[[[[[[[[1]]]]]]]]]]`, "\n\t[\r\n1\n]\n",
	}
	files, _ := filepath.Glob("testdata/*.json")
	more, _ := filepath.Glob("testdata/*/*.json")
	for _, f := range append(files, more...) {
		data, err := os.ReadFile(f)
		if err == nil {
			inputs = append(inputs, string(data))
		}
	}
	for _, in := range inputs {
		if !json.Valid([]byte(in)) || !utf8.ValidString(in) {
			continue
		}
		want, werr := refParse("f", []byte(in))
		got, gerr := parseJSON("f", []byte(in))
		if (werr != nil) != (gerr != nil) {
			t.Errorf("%q: error %v, the token walk's %v", in, gerr, werr)
			continue
		}
		if diff := cmp.Diff(want, got, cmp.AllowUnexported(node{}, member{})); diff != "" {
			t.Errorf("%q (-token walk +byte walk):\n%s", in, diff)
		}
	}
}

func FuzzWalkMatchesTokens(f *testing.F) {
	f.Add(`{"a":[1,"b",{"c":null}]}`)
	f.Fuzz(func(t *testing.T, in string) {
		if !json.Valid([]byte(in)) || !utf8.ValidString(in) {
			return
		}
		want, werr := refParse("f", []byte(in))
		got, gerr := parseJSON("f", []byte(in))
		if (werr != nil) != (gerr != nil) {
			t.Fatalf("%q: error %v, the token walk's %v", in, gerr, werr)
		}
		if werr == nil {
			if diff := cmp.Diff(want, got, cmp.AllowUnexported(node{}, member{})); diff != "" {
				t.Fatalf("%q (-token walk +byte walk):\n%s", in, diff)
			}
		}
	})
}
