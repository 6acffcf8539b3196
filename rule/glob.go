package rule

import "strings"

// textGlob is a pattern in which `*` matches any run of characters
// (spaces and slashes included), `\*` a literal star and `\\` a literal
// backslash. It is stored as the literal pieces between the stars: one piece
// means no wildcard at all.
type textGlob []string

// parseTextGlob splits s at its unescaped stars. It also returns the literal
// text before the first star, with escapes resolved.
func parseTextGlob(s string) textGlob {
	if strings.IndexByte(s, '\\') < 0 {
		// Without escapes the pieces are s's own text between the stars.
		return strings.Split(s, "*")
	}
	return parseEscapedGlob(s)
}

// parseEscapedGlob is parseTextGlob for a pattern that may hold escapes.
func parseEscapedGlob(s string) textGlob {
	var g textGlob
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && (s[i+1] == '*' || s[i+1] == '\\'):
			i++
			b.WriteByte(s[i])
		case c == '*':
			g = append(g, b.String())
			b.Reset()
		default:
			b.WriteByte(c)
		}
	}
	return append(g, b.String())
}

// wild reports whether g has a wildcard.
func (g textGlob) wild() bool { return len(g) > 1 }

// match reports whether g matches all of s.
func (g textGlob) match(s string) bool {
	if len(g) == 1 {
		return s == g[0]
	}
	first, last := g[0], g[len(g)-1]
	if len(s) < len(first)+len(last) || s[:len(first)] != first || s[len(s)-len(last):] != last {
		return false
	}
	s = s[len(first) : len(s)-len(last)]
	// With stars only, taking each middle piece at its leftmost place is
	// never worse than any later place.
	for _, p := range g[1 : len(g)-1] {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return true
}

// escapeGlob quotes s so that parseTextGlob reads it back literally.
func escapeGlob(s string) string {
	if !strings.ContainsAny(s, `*\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '*' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// EscapeCommand quotes a command so that, written inside `Bash(…)`, it
// matches exactly that command: stars and backslashes are escaped. Grant
// suggestions use it to build rules from real commands.
func EscapeCommand(command string) string { return escapeGlob(command) }
