package display

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestLineAndBlock(t *testing.T) {
	tests := []struct {
		in, line, block string
		suspicious      bool
	}{
		{"ls -la", "ls -la", "ls -la", false},
		{"a\nb\tc", `a\nb\tc`, "a\nb\tc", false},
		{"a\r\nb", `a\r\nb`, "a\\r\nb", false},
		{"x\ry", `x\ry`, `x\ry`, true},
		{"echo \x1b[2Jhi", `echo \x1b[2Jhi`, `echo \x1b[2Jhi`, true},
		{"echo ok \u202e hs.live", `echo ok \u202e hs.live`, `echo ok \u202e hs.live`, true},
		{"a\u2066b\u2069c\u200ed\u200fe\u061cf", `a\u2066b\u2069c\u200ed\u200fe\u061cf`, `a\u2066b\u2069c\u200ed\u200fe\u061cf`, true},
		{"zero\u200bwidth\ufeff", `zero\u200bwidth\ufeff`, `zero\u200bwidth\ufeff`, true},
		{"bad\xffutf8", `bad\xffutf8`, `bad\xffutf8`, true},
		{"c1\u009bcsi", `c1\u009bcsi`, `c1\u009bcsi`, true},
		{"nb\u00a0sp", `nb\u00a0sp`, `nb\u00a0sp`, true},
		{"tag\U000e0041", `tag\U000e0041`, `tag\U000e0041`, true},
		{"nul\x00", `nul\x00`, `nul\x00`, true},
		{"déjà vu 日本 ✓", "déjà vu 日本 ✓", "déjà vu 日本 ✓", false},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			if diff := cmp.Diff(tt.line, Line(tt.in)); diff != "" {
				t.Errorf("Line (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.block, Block(tt.in)); diff != "" {
				t.Errorf("Block (-want +got):\n%s", diff)
			}
			if got := Suspicious(tt.in); got != tt.suspicious {
				t.Errorf("Suspicious = %v, want %v", got, tt.suspicious)
			}
		})
	}
}

func FuzzLine(f *testing.F) {
	for _, s := range []string{"ls", "a\nb", "\x1b]0;x\x07", "\u202e", "\xff\xfe", "\t\r\x00", "a\u00a0b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, out := range map[string]string{"Line": Line(s), "Block": Block(s)} {
			if !utf8.ValidString(out) {
				t.Fatalf("%s(%q) = %q is not UTF-8", name, s, out)
			}
			for _, r := range out {
				if (r == '\n' || r == '\t') && name == "Block" {
					continue
				}
				if Escaped(r) {
					t.Fatalf("%s(%q) = %q keeps %U", name, s, out, r)
				}
			}
		}
		if strings.ContainsAny(Line(s), "\n\r\t") {
			t.Fatalf("Line(%q) keeps a line break", s)
		}
		// Only escaping changes the text: what needed none is left alone,
		// and what needed some (other than line structure) is suspicious.
		if Line(s) != s && !strings.ContainsAny(s, "\n\t\r") && !Suspicious(s) {
			t.Fatalf("Line(%q) changed the text of a string that is not suspicious", s)
		}
		if Suspicious(s) && Block(s) == s {
			t.Fatalf("Suspicious(%q) but Block left it alone", s)
		}
	})
}

func TestTruncate(t *testing.T) {
	if got := Truncate("日本語テキスト", 4); got != "日本語…" {
		t.Errorf("Truncate = %q", got)
	}
	if got := Truncate("abc", 3); got != "abc" {
		t.Errorf("Truncate = %q", got)
	}
}

// TestSuspiciousASCII checks the ASCII fast path against the rune-by-rune
// definition for every string of up to two ASCII bytes and a few longer ones.
func TestSuspiciousASCII(t *testing.T) {
	slow := func(s string) bool {
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return true
			}
			i += size
			switch {
			case r == '\n', r == '\t':
			case r == '\r' && i < len(s) && s[i] == '\n':
			case Escaped(r):
				return true
			}
		}
		return false
	}
	var in []string
	for a := 0; a < 0x80; a++ {
		in = append(in, string(rune(a)))
		for b := 0; b < 0x80; b++ {
			in = append(in, string([]byte{byte(a), byte(b)}))
		}
	}
	in = append(in, "ls\r\n", "ls\r", "a\rb", "é\r\n", "x\u200by", "\x1b[31m", "\xff")
	for _, s := range in {
		if got, want := Suspicious(s), slow(s); got != want {
			t.Errorf("Suspicious(%q) = %v, want %v", s, got, want)
		}
	}
}
