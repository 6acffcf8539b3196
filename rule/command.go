package rule

import (
	"fmt"
	"path"
	"strings"
)

// commandPattern is the specifier of a Bash rule, matched against one
// normalised simple command (words separated by single spaces).
//
//   - `npm run test:*` (legacy) and `git diff *` (when that star is the only
//     one): the words, then either nothing or a space and anything.
//   - `git * --force`: `*` matches any characters, spaces included.
//   - anything else: exactly that command.
//
// An absolute program path in the first word is reduced to its name, as the
// shell analysis reduces the commands it matches.
type commandPattern struct {
	full textGlob
	// tail, set for the prefix forms, matches the words followed by a space
	// and anything.
	tail textGlob
	// words are the complete literal words every matching command starts
	// with; the index files the rule under them.
	words []string
	text  string
}

func parseCommandPattern(spec string) (commandPattern, error) {
	s := collapseSpace(spec)
	isTail := false
	switch {
	case strings.HasSuffix(s, ":*") && !strings.HasSuffix(s, `\:*`):
		s, isTail = strings.TrimRight(s[:len(s)-2], " "), true
		if s == "" {
			return commandPattern{}, specErrorf(0, "empty prefix before :*")
		}
	case strings.HasSuffix(s, " *") && countStars(s) == 1:
		s, isTail = s[:len(s)-2], true
	}
	if first, rest, _ := strings.Cut(s, " "); strings.HasPrefix(first, "/") && len(first) > 1 &&
		!strings.ContainsAny(first, `*\`) && !strings.HasSuffix(first, "/") {
		s = path.Base(first)
		if rest != "" {
			s += " " + rest
		}
	}
	p := commandPattern{full: parseTextGlob(s), text: s}
	if isTail {
		t := append(textGlob(nil), p.full...)
		t[len(t)-1] += " "
		p.tail = append(t, "")
	}
	// The literal text before the first star is a prefix of every match; the
	// words in it that are followed by a space, or by the end of a pattern
	// without a star, are complete.
	lit := p.full[0]
	if p.full.wild() {
		if i := strings.LastIndexByte(lit, ' '); i >= 0 {
			lit = lit[:i]
		} else {
			lit = ""
		}
	}
	if lit != "" {
		p.words = strings.Split(lit, " ")
	}
	return p, nil
}

func (p *commandPattern) match(command string) bool {
	return p.full.match(command) || p.tail != nil && p.tail.match(command)
}

func (p *commandPattern) warnings() []string {
	for _, op := range []string{" && ", " || ", "; ", " | "} {
		if strings.Contains(p.text, op) {
			return []string{fmt.Sprintf("Bash pattern %q contains the shell operator %q: rules match one simple command at a time, so it only matches a command that quotes the operator", p.text, strings.TrimSpace(op))}
		}
	}
	return nil
}

// countStars counts the unescaped stars in s.
func countStars(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '*':
			n++
		}
	}
	return n
}

// isSpace reports whether c separates words in a command. Newlines and the
// other ASCII blanks count too, so a command that reaches the rules with
// them still meets its deny rules.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// collapseSpace trims s and turns every run of blanks into one space. It
// returns s itself, without allocating, when s is already in that form —
// the common case for commands from the shell analysis.
func collapseSpace(s string) string {
	clean := len(s) == 0 || !isSpace(s[0]) && !isSpace(s[len(s)-1])
	for i := 0; clean && i < len(s); i++ {
		if isSpace(s[i]) && (s[i] != ' ' || i+1 < len(s) && isSpace(s[i+1])) {
			clean = false
		}
	}
	if clean {
		return s
	}
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r < 0x80 && isSpace(byte(r)) }), " ")
}
