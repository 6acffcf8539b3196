package jsonerr

import (
	"bytes"
	"encoding/json"
	"errors"
)

// LineCol returns the 1-based line and column of the byte at offset off in
// data (0-based). Columns count bytes. An offset past the end is the
// position just after the last byte; a negative one is the first byte.
func LineCol(data []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line = bytes.Count(before, []byte{'\n'}) + 1
	col = int(off) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// Offset returns the 0-based offset of the byte a decoding error from
// encoding/json is about, and whether err carries one. encoding/json
// reports how many bytes it had read when it failed, which is one past the
// byte at fault; an input that ends too early is at fault at its end.
func Offset(data []byte, err error) (int64, bool) {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		if se.Error() == "unexpected end of JSON input" {
			return int64(len(data)), true
		}
		return faultAt(data, se.Offset), true
	case errors.As(err, &te):
		return faultAt(data, te.Offset), true
	}
	return 0, false
}

func faultAt(data []byte, read int64) int64 {
	return min(max(read-1, 0), int64(len(data)))
}

// Position returns the 1-based line and column of the byte a decoding
// error is about, and whether err carries a position.
func Position(data []byte, err error) (line, col int, ok bool) {
	off, ok := Offset(data, err)
	if !ok {
		return 0, 0, false
	}
	line, col = LineCol(data, off)
	return line, col, true
}
