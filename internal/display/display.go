package display

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Line returns s as one line a person can trust: newline, tab and carriage
// return become \n, \t and \r; every other character that could hide or
// disguise text becomes a visible escape (see Escaped).
func Line(s string) string { return escape(s, false) }

// Block returns s like Line but keeps its newlines and tabs, for a text
// shown whole (a command in a scrolling view, a diff, a question). A
// carriage return is still escaped, so no line can overwrite another.
func Block(s string) string { return escape(s, true) }

// Escaped reports whether r is shown as an escape rather than as itself:
// C0 and C1 controls and DEL, Unicode format characters (bidirectional
// controls U+202A–202E, U+2066–2069, U+200E, U+200F, U+061C; zero-width
// characters; the byte-order mark; tags), line and paragraph separators,
// spaces other than U+0020, and characters that draw as nothing (Hangul
// fillers, variation selectors, and the like). Newline and tab are escaped
// by Line and kept by Block.
func Escaped(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
		return true
	case r < 0x80:
		return false
	case unicode.Is(unicode.Cf, r), unicode.Is(unicode.Zl, r), unicode.Is(unicode.Zp, r), unicode.Is(unicode.Zs, r):
		return true
	case r == 0x34f, r == 0x115f, r == 0x1160, r == 0x17b4, r == 0x17b5, r == 0x180e,
		r == 0x2800, r == 0x3164, r == 0xffa0,
		r >= 0xfe00 && r <= 0xfe0f, r >= 0xfff0 && r <= 0xfff8,
		r >= 0xe0000 && r <= 0xe0fff, r >= 0x1d173 && r <= 0x1d17a:
		return true
	}
	return false
}

// Suspicious reports whether s holds anything Line or Block escapes other
// than plain line structure (newline, tab, and a carriage return that ends a
// line): text that needed escaping to be shown as what it is. A command for
// which Suspicious is true hides something from whoever reads it.
func Suspicious(s string) bool {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			// ASCII, every byte of most commands: printable, newline,
			// tab, or a carriage return that ends a line.
			i++
			if c >= 0x20 && c != 0x7f || c == '\n' || c == '\t' || c == '\r' && i < len(s) && s[i] == '\n' {
				continue
			}
			return true
		}
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

func escape(s string, keepLines bool) string {
	if plain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			fmt.Fprintf(&b, `\x%02x`, s[i])
			i++
			continue
		}
		i += size
		switch {
		case (r == '\n' || r == '\t') && keepLines:
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x80 && Escaped(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case Escaped(r) && r > 0xffff:
			fmt.Fprintf(&b, `\U%08x`, r)
		case Escaped(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// plain reports whether s is printable ASCII, the common case left alone.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// Truncate cuts s to at most n runes, ending with "…" when it was cut.
func Truncate(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	rs := []rune(s)
	return string(rs[:n-1]) + "…"
}
