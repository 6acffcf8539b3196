package jsonw

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// TestStringAsEncodingJSON: both escapings write each string as
// encoding/json does, over strings with every escape, invalid UTF-8,
// U+2028 and runs long enough for the eight-byte steps.
func TestStringAsEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	strs := []string{"", "plain", "<a href=\"x\">&</a>", "tab\there\nnew\\line", "\x00\x1f\x7f", "\xff\xfe", "\u2028\u2029", "héllo wörld, 12345678 abcdefgh"}
	for range 3000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = byte(0x20 + rng.IntN(0x5f))
			if rng.IntN(16) == 0 {
				b[i] = byte(rng.IntN(256))
			}
		}
		strs = append(strs, string(b))
	}
	for _, s := range strs {
		for _, e := range []Escaping{HTML, NoHTML} {
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetEscapeHTML(bool(e))
			if err := enc.Encode(s); err != nil {
				t.Fatal(err)
			}
			if got := string(e.String(nil, s)) + "\n"; got != want.String() {
				t.Errorf("%q (html %v): wrote %s, encoding/json %s", s, e, got, want.String())
			}
		}
	}
}

// TestNeedsEscape: the eight-byte test finds a byte that needs a look
// exactly when one of the eight does.
func TestNeedsEscape(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		x := rng.Uint64()
		if rng.IntN(2) == 0 { // mostly printable
			x = x&0x3f3f3f3f3f3f3f3f | 0x4040404040404040
			x ^= uint64(rng.IntN(256)) << (8 * rng.IntN(8))
		}
		want := false
		for i := range 8 {
			c := byte(x >> (8 * i))
			want = want || c < 0x20 || c == '"' || c == '\\' || c >= 0x80
		}
		if needsEscape(x) != want {
			t.Errorf("needsEscape(%#x) = %v", x, !want)
		}
	}
}
