package shell

import (
	"testing"

	"github.com/wardenhq/warden/internal/display"
)

// TestPlainIsNotSuspicious holds what analyze relies on to skip
// display.Suspicious: a text normalize calls plain is never suspicious,
// and a text with any byte that is not printable ASCII, a tab or a
// newline is not plain.
func TestPlainIsNotSuspicious(t *testing.T) {
	plain := 0
	for b := 0; b < 256; b++ {
		for _, s := range []string{string([]byte{byte(b)}), "a" + string([]byte{byte(b)}) + "b", "x\n" + string([]byte{byte(b)}), string([]byte{byte(b)}) + "\n"} {
			n := normalize(s)
			if n.plain && display.Suspicious(s) {
				t.Errorf("%q is plain and suspicious", s)
			}
			if n.plain != isPlain(s) {
				t.Errorf("normalize(%q).plain = %v, isPlain says %v", s, n.plain, isPlain(s))
			}
			if n.plain {
				plain++
			} else if b >= 0x20 && b < 0x7f || b == '\t' || b == '\n' {
				t.Errorf("%q is not plain", s)
			}
		}
	}
	if plain != 4*(0x7f-0x20+2) {
		t.Errorf("%d plain texts, want %d", plain, 4*(0x7f-0x20+2))
	}
	for _, s := range []string{"echo \x1b[31mred", "rm -rf ~\u200b", "ls\r\n", "a\\\nb"} {
		if n := normalize(s); n.plain == (s != "a\\\nb") {
			t.Errorf("normalize(%q).plain = %v", s, n.plain)
		}
	}
}
