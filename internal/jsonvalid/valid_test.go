package jsonvalid

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var seeds = []string{
	``, ` `, `{}`, `[]`, `{ }`, `[ ]`, `""`, `"\u00e9\n\"\\\/\b\f\r\t"`, `"\u00g0"`, `"\x"`, "\"\x01\"", "\"\xff\xfe\"",
	`"abc`, `"\u12"`, `"\`, `0`, `-0`, `01`, `-`, `1.`, `1.5`, `.5`, `1e`, `1e+`, `1E-7`, `-12.5e+300`, `1e400`, `+1`,
	`true`, `false`, `null`, `tru`, `nul`, `truex`, `true false`, `{"a":1}`, `{"a":1,}`, `{"a"}`, `{"a":}`, `{,}`,
	`{"a":1 "b":2}`, `{"a":[1,2,{"b":null}],"c":{"d":[]}}`, `[1,]`, `[,1]`, `[1 2]`, `[1,[2,[3]]]`, `{"a":1}}`,
	`[1]]`, `{1:2}`, `{"a":1]`, `[1}`, " \t\r\n{\"a\" : [ 1 , 2 ] }\n ", "\v1", `"a" "b"`, `{"a":"b"}x`,
	strings.Repeat("[", maxDepth) + strings.Repeat("]", maxDepth),
	strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1),
	strings.Repeat(`{"a":`, maxDepth) + "1" + strings.Repeat("}", maxDepth),
	strings.Repeat(`{"a":`, maxDepth+1) + "1" + strings.Repeat("}", maxDepth+1),
}

func TestValid(t *testing.T) {
	for _, s := range seeds {
		if got, want := Valid([]byte(s)), json.Valid([]byte(s)); got != want {
			t.Errorf("Valid(%.60q) = %v, json.Valid says %v", s, got, want)
		}
	}
}

func FuzzValid(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "hook", "*", "*.json"))
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if got, want := Valid(data), json.Valid(data); got != want {
			t.Fatalf("Valid(%q) = %v, json.Valid says %v", data, got, want)
		}
	})
}

func BenchmarkValid(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "hook", "claude-code-2.1.328", "claude-code-pretooluse-bash-default.json"))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("jsonvalid", func(b *testing.B) {
		for b.Loop() {
			Valid(data)
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		for b.Loop() {
			json.Valid(data)
		}
	})
}
