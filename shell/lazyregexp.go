package shell

import (
	"regexp"
	"sync"
)

// lazyRegexp is a regular expression compiled on first use. Most commands
// never need the catalogue's argument-text patterns (SQL, inline code), and
// a short-lived process such as warden hook would otherwise compile all of
// them at every start.
type lazyRegexp struct {
	expr string
	once sync.Once
	re   *regexp.Regexp
}

func lazyCompile(expr string) *lazyRegexp { return &lazyRegexp{expr: expr} }

func (l *lazyRegexp) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.expr) })
	return l.re
}

func (l *lazyRegexp) MatchString(s string) bool { return l.get().MatchString(s) }

func (l *lazyRegexp) FindStringSubmatch(s string) []string { return l.get().FindStringSubmatch(s) }

func (l *lazyRegexp) FindAllStringSubmatch(s string, n int) [][]string {
	return l.get().FindAllStringSubmatch(s, n)
}

func (l *lazyRegexp) ReplaceAllString(src, repl string) string {
	return l.get().ReplaceAllString(src, repl)
}

func (l *lazyRegexp) FindString(s string) string { return l.get().FindString(s) }
