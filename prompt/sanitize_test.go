package prompt

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestDisplayText(t *testing.T) {
	tests := []struct {
		in        string
		keepLines bool
		want      string
	}{
		{"ls -la", false, "ls -la"},
		{"a\nb\tc", false, `a\nb\tc`},
		{"a\nb\tc", true, "a\nb    c"},
		{"echo \x1b[2Jhi", false, `echo \x1b[2Jhi`},
		{"x\ry", true, `x\x0dy`},
		{"rm \u202e-rf", false, `rm \u202e-rf`},
		{"zero\u200bwidth", false, `zero\u200bwidth`},
		{"bad\xffutf8", false, `bad\xffutf8`},
		{"c1\u009bcsi", false, `c1\u009bcsi`},
		{"déjà vu 日本", false, "déjà vu 日本"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, displayText(tt.in, tt.keepLines)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func FuzzDisplayText(f *testing.F) {
	for _, s := range []string{"ls", "a\nb", "\x1b]0;x\x07", "\u202e", "\xff\xfe", "\t\r\x00"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, keepLines bool) {
		out := displayText(s, keepLines)
		if !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8 out of %q: %q", s, out)
		}
		for _, r := range out {
			if r == '\n' && keepLines {
				continue
			}
			if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029' {
				t.Fatalf("displayText(%q) = %q keeps %U", s, out, r)
			}
		}
		if !keepLines && strings.Contains(out, "\n") {
			t.Fatalf("newline kept in one-line text: %q", out)
		}
		// Text without anything to escape is left alone.
		plain := true
		for _, r := range s {
			if r < 0x20 || r >= 0x7f {
				plain = false
			}
		}
		if plain && out != s {
			t.Fatalf("displayText(%q) = %q, want it unchanged", s, out)
		}
	})
}
