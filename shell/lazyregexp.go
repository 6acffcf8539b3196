package shell

import (
	"regexp"
	"regexp/syntax"
	"sync"
	"unicode/utf8"
)

// lazyRegexp is a regular expression compiled on first use. Most commands
// never need the catalogue's argument-text patterns (SQL, inline code), and
// a short-lived process such as warden hook would otherwise compile all of
// them at every start.
//
// Most of these patterns are long alternations of words, run over every
// piece of inline code; the regexp package tries each at every position.
// Each pattern therefore carries literals of which every match contains
// one (ignoring case), found from its syntax tree: ASCII text that holds
// none of them cannot match, and is not searched.
type lazyRegexp struct {
	expr string
	once sync.Once
	re   *regexp.Regexp
	// needs are lower-case literals one of which every match contains;
	// nil when the pattern has no such set.
	needs []string
}

// lazyRegexps are all the patterns, for the test that checks the literals.
var lazyRegexps []*lazyRegexp

func lazyCompile(expr string) *lazyRegexp {
	l := &lazyRegexp{expr: expr}
	lazyRegexps = append(lazyRegexps, l)
	return l
}

func (l *lazyRegexp) get() *regexp.Regexp {
	l.once.Do(func() {
		l.re = regexp.MustCompile(l.expr)
		if t, err := syntax.Parse(l.expr, syntax.Perl); err == nil {
			l.needs = requiredLiterals(t)
		}
	})
	return l.re
}

// mayMatch reports whether s can match: false only when s is ASCII and
// holds none of the pattern's literals in any case. (Non-ASCII text is
// always searched: case folding there is more than ASCII's.)
func (l *lazyRegexp) mayMatch(s string) bool {
	if l.needs == nil {
		return true
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	for _, lit := range l.needs {
		if containsFold(s, lit) {
			return true
		}
	}
	return false
}

// containsFold reports whether ASCII s contains the lower-case ASCII
// literal lit in any case.
func containsFold(s, lit string) bool {
	n := len(lit)
	if n == 0 {
		return true
	}
	first := lit[0]
	for i := 0; i+n <= len(s); i++ {
		if lower(s[i]) != first {
			continue
		}
		j := 1
		for j < n && lower(s[i+j]) == lit[j] {
			j++
		}
		if j == n {
			return true
		}
	}
	return false
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// requiredLiterals returns lower-case ASCII literals of which every match of
// re contains one, or nil when there is no such set (a branch that can
// match without a literal, a non-ASCII literal).
func requiredLiterals(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		b := make([]byte, 0, len(re.Rune))
		for _, r := range re.Rune {
			if r >= utf8.RuneSelf {
				return nil
			}
			b = append(b, lower(byte(r)))
		}
		if len(b) == 0 {
			return nil
		}
		return []string{string(b)}
	case syntax.OpCapture, syntax.OpPlus:
		return requiredLiterals(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return requiredLiterals(re.Sub[0])
		}
		return nil
	case syntax.OpConcat:
		// Every part of a concatenation is in the match: the part whose
		// shortest literal is longest filters best.
		var best []string
		for _, sub := range re.Sub {
			if l := requiredLiterals(sub); l != nil && (best == nil || shortest(l) > shortest(best)) {
				best = l
			}
		}
		return best
	case syntax.OpAlternate:
		var all []string
		for _, sub := range re.Sub {
			l := requiredLiterals(sub)
			if l == nil {
				return nil
			}
			all = append(all, l...)
		}
		return all
	}
	return nil
}

func shortest(ls []string) int {
	n := -1
	for _, l := range ls {
		if n < 0 || len(l) < n {
			n = len(l)
		}
	}
	return n
}

func (l *lazyRegexp) MatchString(s string) bool {
	re := l.get()
	return l.mayMatch(s) && re.MatchString(s)
}

func (l *lazyRegexp) FindStringSubmatch(s string) []string {
	re := l.get()
	if !l.mayMatch(s) {
		return nil
	}
	return re.FindStringSubmatch(s)
}

func (l *lazyRegexp) FindAllStringSubmatch(s string, n int) [][]string {
	re := l.get()
	if !l.mayMatch(s) {
		return nil
	}
	return re.FindAllStringSubmatch(s, n)
}

func (l *lazyRegexp) ReplaceAllString(src, repl string) string {
	re := l.get()
	if !l.mayMatch(src) {
		return src
	}
	return re.ReplaceAllString(src, repl)
}

func (l *lazyRegexp) FindString(s string) string {
	re := l.get()
	if !l.mayMatch(s) {
		return ""
	}
	return re.FindString(s)
}
