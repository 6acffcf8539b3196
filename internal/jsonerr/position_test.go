package jsonerr

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestLineCol(t *testing.T) {
	data := []byte("ab\ncd\n")
	tests := []struct {
		off       int64
		line, col int
	}{
		{-3, 1, 1},
		{0, 1, 1},
		{1, 1, 2},
		{2, 1, 3}, // the newline itself
		{3, 2, 1},
		{4, 2, 2},
		{6, 3, 1}, // end of input
		{99, 3, 1},
	}
	for _, tt := range tests {
		line, col := LineCol(data, tt.off)
		if line != tt.line || col != tt.col {
			t.Errorf("LineCol(%d) = %d:%d, want %d:%d", tt.off, line, col, tt.line, tt.col)
		}
	}
}

// TestPosition checks that an error is placed on the byte at fault, the
// way an editor shows it.
func TestPosition(t *testing.T) {
	tests := []struct {
		in        string
		line, col int
	}{
		{"x", 1, 1},
		{"{\"a\": x}", 1, 7},
		{"{\n  \"a\": 1,\n  x\n}", 3, 3},
		{"\n\n{\"a\" 1}", 3, 6},
		{"{\"a\": 1", 1, 8}, // ends too early: just after the last byte
		{"{\"a\": \"s\"}", 1, 9},
	}
	for _, tt := range tests {
		var v struct{ A int }
		err := json.Unmarshal([]byte(tt.in), &v)
		if err == nil {
			t.Fatalf("%q decoded", tt.in)
		}
		line, col, ok := Position([]byte(tt.in), err)
		if !ok {
			t.Errorf("%q: no position in %v", tt.in, err)
			continue
		}
		if line != tt.line || col != tt.col {
			t.Errorf("%q: %d:%d, want %d:%d (%v)", tt.in, line, col, tt.line, tt.col, err)
		}
	}
	if line, col, ok := Position(nil, json.Unmarshal(nil, new(int))); !ok || line != 1 || col != 1 {
		t.Errorf("empty input: %d:%d %v, want 1:1", line, col, ok)
	}
	if _, _, ok := Position(nil, errNoPos); ok {
		t.Error("an error without an offset has a position")
	}
}

var errNoPos = errors.New("no position")
