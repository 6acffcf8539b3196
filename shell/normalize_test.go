package shell

import (
	"math/rand"
	"strings"
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

// TestIsPlainReadsWordsAsBytes compares isPlain, which reads eight bytes
// at a time, with the byte-by-byte test: every byte value at every place
// of a word and of the tail, in texts around a word's length, and random
// texts.
func TestIsPlainReadsWordsAsBytes(t *testing.T) {
	for n := 1; n <= 20; n++ {
		for at := 0; at < n; at++ {
			for c := 0; c < 256; c++ {
				b := []byte(strings.Repeat("a", n))
				b[at] = byte(c)
				if got, want := isPlain(string(b)), plainBytes(string(b)); got != want {
					t.Fatalf("isPlain(%q) = %v, want %v", b, got, want)
				}
			}
		}
	}
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 20000; i++ {
		b := make([]byte, rng.Intn(48))
		for j := range b {
			b[j] = byte(0x20 + rng.Intn(0x5f))
			if rng.Intn(12) == 0 {
				b[j] = byte(rng.Intn(256))
			}
		}
		if got, want := isPlain(string(b)), plainBytes(string(b)); got != want {
			t.Fatalf("isPlain(%q) = %v, want %v", b, got, want)
		}
	}
}
