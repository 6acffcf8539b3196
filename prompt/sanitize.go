package prompt

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// displayText makes s safe to draw on a terminal: control characters (ESC,
// carriage return, backspace, …), invalid UTF-8 and the Unicode format
// characters that reorder or hide text (bidirectional overrides, zero-width
// spaces) are replaced by visible escapes, so a command cannot repaint the
// prompt, hide part of itself or pass for another. Newlines and tabs are kept
// when keepLines is true and escaped otherwise.
func displayText(s string, keepLines bool) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			fmt.Fprintf(&b, `\x%02x`, s[i])
			i++
			continue
		}
		i += size
		switch {
		case r == '\n' && keepLines:
			b.WriteByte('\n')
		case r == '\t' && keepLines:
			b.WriteString("    ")
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r >= 0x80 && r < 0xa0, unicode.Is(unicode.Cf, r), r == '\u2028', r == '\u2029':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
