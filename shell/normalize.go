package shell

import (
	"encoding/binary"
	"strings"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/unicode/norm"
)

// normalization reports what Normalize changed, so the analysis can say that
// a command carried characters whose only use is to hide what it does.
type normalization struct {
	text string
	// hidden is true when escape sequences, control characters, NUL,
	// zero-width characters or fullwidth letters were present.
	hidden bool
	// plain is true when every byte is printable ASCII, a tab or a
	// newline (isPlain): nothing in the text needs escaping to be shown.
	plain bool
}

// Normalize returns command as the analysis reads it: ANSI and OSC escape
// sequences and C1 controls removed, NUL and other C0 controls (except tab and
// newline) removed, zero-width and bidirectional formatting characters
// removed, NFKC folding (fullwidth letters read as ASCII), and line
// continuations (backslash newline) joined.
func Normalize(command string) string { return normalize(command).text }

func normalize(s string) normalization {
	if isPlain(s) {
		if strings.Contains(s, "\\\n") {
			return normalization{text: strings.ReplaceAll(s, "\\\n", ""), plain: true}
		}
		return normalization{text: s, plain: true}
	}
	var b strings.Builder
	b.Grow(len(s))
	hidden := false
	for i := 0; i < len(s); {
		c := s[i]
		if c == 0x1b { // ESC: skip the whole escape sequence
			hidden = true
			i = skipEscape(s, i+1)
			continue
		}
		if c < 0x20 && c != '\t' && c != '\n' || c == 0x7f {
			if c != '\r' {
				hidden = true
			}
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b.WriteByte(c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			hidden = true
		case r == 0x9b: // C1 CSI: a control sequence follows
			hidden = true
			i = skipCSI(s, i+size)
			continue
		case r >= 0x80 && r <= 0x9f, invisible(r):
			hidden = true
		default:
			if r >= 0xff01 && r <= 0xff5e || r >= 0x1d400 && r <= 0x1d7ff {
				hidden = true
			}
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	out := b.String()
	if !isASCII(out) {
		out = norm.NFKC.String(out)
	}
	out = strings.ReplaceAll(out, "\\\n", "")
	return normalization{text: out, hidden: hidden}
}

// isPlain reports whether s is printable ASCII plus tab and newline, the
// common case that needs no rewriting.
//
// Eight bytes are read at a time: a word with no byte of 0x7f or more and
// none below 0x20 is plain, and only a word holding one (a newline, a tab)
// is read byte by byte.
func isPlain(s string) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	b := unsafe.Slice(unsafe.StringData(s), len(s)) // read only
	i := 0
	for ; len(b)-i >= 8; i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		// Bytes of 0x80 and more; then, with none, 0x7f (which alone
		// reaches 0x80 when one is added) and those below 0x20 (which
		// alone borrow when 0x20 is taken away).
		if x&highs != 0 || (x+ones)&highs != 0 || (x-0x20*ones)&^x&highs != 0 {
			if !plainBytes(s[i : i+8]) {
				return false
			}
		}
	}
	return plainBytes(s[i:])
}

func plainBytes(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x7f || c < 0x20 && c != '\t' && c != '\n' {
			return false
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// invisible reports zero-width, bidirectional-control and other format
// characters that render as nothing.
func invisible(r rune) bool {
	switch {
	case r == 0xad, r == 0x34f, r == 0x61c, r == 0x115f, r == 0x1160, r == 0x17b4, r == 0x17b5, r == 0x180e:
		return true
	case r >= 0x200b && r <= 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2060 && r <= 0x206f:
		return true
	case r == 0xfeff, r >= 0xfe00 && r <= 0xfe0f, r >= 0xfff0 && r <= 0xfff8:
		return true
	case r >= 0xe0000 && r <= 0xe0fff: // tags and variation selectors
		return true
	}
	return false
}

// skipEscape returns the index just past the escape sequence whose ESC is at
// i-1.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return skipCSI(s, i+1)
	case ']', 'P', 'X', '^', '_': // OSC, DCS, SOS, PM, APC: until BEL or ST
		for j := i + 1; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
		}
		return len(s)
	}
	if s[i] >= 0x20 && s[i] <= 0x2f { // intermediate bytes, then a final byte
		j := i
		for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
			j++
		}
		if j < len(s) {
			j++
		}
		return j
	}
	return i + 1
}

// skipCSI skips parameter and intermediate bytes and the final byte of a
// control sequence starting at i.
func skipCSI(s string, i int) int {
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x3f {
		i++
	}
	if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
		i++
	}
	return i
}
