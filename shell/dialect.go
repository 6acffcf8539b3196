package shell

import (
	"strings"

	"github.com/wardenhq/warden/programs"
	"mvdan.cc/sh/v3/syntax"
)

// dialectUnknown says why code for a shell whose syntax is not bash's
// (programs.Dialect: zsh, fish, csh) is not known when bash's reading of
// it is walked, "" when both read it alike: a list of simple commands
// (; && || | between them) whose words are plain (letters, digits and
// _ . / : = , + @ % - ~, the last only leading; quoted for a dialect
// whose quotes are bash's), with no expansion, glob, redirection,
// assignment or background, none led by one of the dialect's own words.
// fish -c 'set -x PATH /tmp; ls' runs /tmp/ls, and zsh -c 'ls
// *(e:rm -rf ~:)' runs rm: bash reads neither so.
func dialectUnknown(code string, d *programs.Dialect) string {
	why := d.Name + " code is not bash's (" + d.Differs + ")"
	f, err := parse(code)
	if err != nil {
		return why
	}
	own := strings.Fields(d.Own)
	plain := true
	var stmt func(s *syntax.Stmt) bool
	cmd := func(c syntax.Command) bool {
		switch c := c.(type) {
		case *syntax.CallExpr:
			if len(c.Assigns) > 0 || len(c.Args) == 0 {
				return false
			}
			for i, w := range c.Args {
				if !plainDialectWord(w, d) {
					return false
				}
				if i == 0 && containsName(own, w.Lit()) {
					return false
				}
			}
			return true
		case *syntax.BinaryCmd:
			switch c.Op {
			case syntax.AndStmt, syntax.OrStmt, syntax.Pipe:
				return stmt(c.X) && stmt(c.Y)
			}
		}
		return false
	}
	stmt = func(s *syntax.Stmt) bool {
		return s.Cmd != nil && !s.Negated && !s.Background && !s.Coprocess && len(s.Redirs) == 0 && cmd(s.Cmd)
	}
	for _, s := range f.Stmts {
		plain = plain && stmt(s)
	}
	if plain && len(f.Stmts) > 0 {
		return ""
	}
	return why
}

// plainDialectWord reports a word every dialect reads as bash does.
func plainDialectWord(w *syntax.Word, d *programs.Dialect) bool {
	if len(w.Parts) == 0 {
		return false
	}
	for i, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if !plainDialectText(p.Value, i == 0) || i == 0 && d.NoLead != "" && strings.ContainsAny(p.Value[:1], d.NoLead) {
				return false
			}
		case *syntax.SglQuoted:
			if !d.Quotes || p.Dollar || strings.ContainsAny(p.Value, `\!`) {
				return false
			}
		case *syntax.DblQuoted:
			if !d.Quotes || p.Dollar {
				return false
			}
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok || strings.ContainsAny(l.Value, "\\!$`") {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// plainDialectText reports unquoted text of the plain characters, ~ only
// first (lead: the word's first part).
func plainDialectText(s string, lead bool) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("_./:=,+@%-", c) >= 0:
		case c == '~' && i == 0 && lead:
		default:
			return false
		}
	}
	return true
}
