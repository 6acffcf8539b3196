package shell

import (
	"strings"

	"github.com/wardenhq/warden/programs"
)

// rawScan reads text that could not be parsed (or is too long to parse)
// the way a careful person would: it is split into commands on the shell's
// separators and each is split into words, dropping quotes. Every piece
// becomes a Part marked Dynamic (never allowed by a rule, but matched by
// deny rules) and is judged by the catalogue.
func (a *analyzer) rawScan(text string) {
	a.rawScanCtx(text, &ctx{src: text, sc: newScope(a.opts.Cwd)})
}

func (a *analyzer) rawScanCtx(text string, c *ctx) {
	for _, stmt := range splitRaw(text) {
		if a.budget <= 0 {
			a.setLimit(LimitParts)
			return
		}
		if a.distinct != nil {
			if a.distinct[stmt] {
				continue
			}
			a.distinct[stmt] = true
		}
		words := rawWords(stmt)
		if len(words) == 0 {
			continue
		}
		args := make([]arg, len(words))
		for i, w := range words {
			args[i] = arg{Value: w, Raw: w, Lit: true}
			if strings.ContainsAny(w, "$`") {
				args[i].Lit = false
				args[i].Unbound = true
				if w == "$HOME" || w == "${HOME}" || strings.HasPrefix(w, "$HOME/") {
					args[i].Value = a.opts.Home + strings.TrimPrefix(strings.TrimPrefix(w, "${HOME}"), "$HOME")
					args[i].Unbound = a.opts.Home == ""
				}
			}
			if i == 0 || args[i].Lit {
				if w == "~" || strings.HasPrefix(w, "~/") {
					if a.opts.Home != "" {
						args[i].Value = a.opts.Home + w[1:]
					}
				}
			}
			args[i].Glob = strings.ContainsAny(w, "*?[")
		}
		cp := *c
		a.rawDispatch(stmt, args, &cp)
	}
}

// rawDispatch records a raw piece as a Dynamic part, unwrapping the same
// wrappers the parsed path does.
func (a *analyzer) rawDispatch(text string, args []arg, c *ctx) {
	ca := &call{ctx: c, cwd: c.sc.cwd(), text: text}
	for guard := 0; guard < 16 && len(args) > 0; guard++ {
		k := key(programName(args[0].Value))
		if rest, wrapper, ok := a.unwrapEntry(ca, k, programs.Lookup(k), args, false); wrapper {
			if !ok {
				break
			}
			args = rest
			continue
		}
		if w, ok := wrappers[k]; ok {
			rest, ok := w(a, ca, args[1:])
			if !ok {
				break
			}
			ca.wrappers = append(ca.wrappers, k)
			args = rest
			continue
		}
		break
	}
	if len(args) == 0 {
		return
	}
	ca.args = args
	ca.words = make([]string, len(args))
	for i, x := range args {
		ca.words[i] = x.Value
	}
	ca.words[0] = programName(args[0].Value)
	ca.prog = key(ca.words[0])
	ca.dynamic = true
	ca.spec = ca.prog
	ca.raw = true
	a.addCall(ca, nil)
}

// splitRaw splits text on ; & | newline ( ) ` and $( outside quotes.
func splitRaw(text string) []string {
	var out []string
	var b strings.Builder
	quote := byte(0)
	flush := func() {
		if s := strings.TrimSpace(b.String()); s != "" {
			out = append(out, s)
		}
		b.Reset()
	}
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case quote == '\'':
			if ch == '\'' {
				quote = 0
			}
			b.WriteByte(ch)
		case ch == '\\' && i+1 < len(text):
			b.WriteByte(ch)
			b.WriteByte(text[i+1])
			i++
		case quote == '"':
			if ch == '"' {
				quote = 0
			}
			b.WriteByte(ch)
		case ch == '\'' || ch == '"':
			quote = ch
			b.WriteByte(ch)
		case ch == ';' || ch == '&' || ch == '|' || ch == '\n' || ch == '(' || ch == ')' || ch == '`' || ch == '{' || ch == '}':
			flush()
		case ch == '$' && i+1 < len(text) && text[i+1] == '(':
			flush()
			i++
		default:
			b.WriteByte(ch)
		}
	}
	flush()
	return out
}

// rawWords splits a raw command into words, removing quotes and
// backslashes and dropping redirections.
func rawWords(s string) []string {
	var out []string
	var b strings.Builder
	quote := byte(0)
	has := false
	skipNext := false
	emit := func() {
		if b.Len() > 0 || has {
			w := b.String()
			if skipNext {
				skipNext = false
			} else if strings.HasPrefix(w, ">") || strings.HasPrefix(w, "<") || strings.HasPrefix(w, "2>") || strings.HasPrefix(w, "1>") {
				if w == ">" || w == ">>" || w == "<" || w == "2>" || w == "1>" || w == "2>>" || w == "<<<" || w == "<<" {
					skipNext = true
				}
			} else {
				out = append(out, w)
			}
		}
		b.Reset()
		has = false
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
				continue
			}
			b.WriteByte(ch)
		case ch == '\\' && i+1 < len(s):
			b.WriteByte(s[i+1])
			i++
		case ch == '\'' || ch == '"':
			quote = ch
			has = true
		case ch == ' ' || ch == '\t':
			emit()
		default:
			b.WriteByte(ch)
		}
	}
	emit()
	return out
}
