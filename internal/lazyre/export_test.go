package lazyre

import (
	"regexp"
	"regexp/syntax"
)

// The pattern's insides, for the test of package lazyre_test, which sees
// every package's patterns.

func All() []*Regexp                          { return all }
func (l *Regexp) Parse()                      { l.parse() }
func (l *Regexp) Needs() []string             { return l.needs }
func (l *Regexp) Lits() []string              { return l.lits }
func (l *Regexp) Tree() *syntax.Regexp        { return l.tree }
func (l *Regexp) Full() *regexp.Regexp        { return l.full() }
func (l *Regexp) MayMatch(s string) bool      { return l.mayMatch(s) }
func (l *Regexp) Get(s string) *regexp.Regexp { return l.get(s) }
func (l *Regexp) Expr() string                { return l.expr }
func PatternText(re *syntax.Regexp) string    { return patternText(re) }
