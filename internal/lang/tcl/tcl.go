package tcl

import (
	"strconv"
	"strings"
)

// Word is one word of a command.
type Word struct {
	// Text is the word's value when Literal; a braced word's text as
	// written between its braces.
	Text    string
	Literal bool
	// Braced says the word was written in braces: its text is taken as
	// written, a script or an expression to the command it is given to.
	Braced bool
	// Expand says the word is {*}WORD: its list's elements are words of
	// the command.
	Expand bool
	// Scripts are the scripts of the word's [command] substitutions.
	Scripts []string
}

// Command is one command: its words, the first its name.
type Command struct {
	Words []Word
}

// maxDepth bounds the nesting of brackets and braces the reader follows.
const maxDepth = 64

// Parse reads a script into its commands. It never fails: an unclosed
// brace, quote or bracket runs to the end of the script, as Tcl would
// reject it, and the word is not Literal.
func Parse(src string) []Command {
	p := parser{src: src}
	return p.script(false)
}

type parser struct {
	src   string
	i     int
	depth int
}

// script reads commands up to the end, or, inside a [substitution], up to
// its closing bracket.
func (p *parser) script(nested bool) []Command {
	var out []Command
	for p.i < len(p.src) {
		// space, newlines and semicolons between commands
		c := p.src[p.i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ';':
			p.i++
			continue
		case c == '\\' && strings.HasPrefix(p.src[p.i:], "\\\n"):
			p.i += 2
			continue
		case c == ']' && nested:
			return out
		case c == '#':
			for p.i < len(p.src) && p.src[p.i] != '\n' {
				if p.src[p.i] == '\\' {
					p.i++
				}
				p.i++
			}
			continue
		}
		if cmd := p.command(nested); len(cmd.Words) > 0 {
			out = append(out, cmd)
		}
	}
	return out
}

// command reads the words of one command, up to a newline, a semicolon,
// the end, or a closing bracket when nested.
func (p *parser) command(nested bool) Command {
	var cmd Command
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			p.i++
			continue
		case c == '\\' && strings.HasPrefix(p.src[p.i:], "\\\n"):
			p.i += 2
			continue
		case c == '\n' || c == ';':
			p.i++
			return cmd
		case c == ']' && nested:
			return cmd
		}
		cmd.Words = append(cmd.Words, p.word(nested))
	}
	return cmd
}

// word reads one word at p.i.
func (p *parser) word(nested bool) Word {
	w := Word{Literal: true}
	if strings.HasPrefix(p.src[p.i:], "{*}") && p.i+3 < len(p.src) && !strings.ContainsRune(" \t\r\n;", rune(p.src[p.i+3])) {
		p.i += 3
		w = p.word(nested)
		w.Expand = true
		return w
	}
	switch p.src[p.i] {
	case '{':
		start := p.i + 1
		depth := 0
		for p.i < len(p.src) {
			switch p.src[p.i] {
			case '\\':
				p.i++
			case '{':
				depth++
			case '}':
				depth--
			}
			p.i++
			if depth == 0 {
				w.Text, w.Braced = p.src[start:p.i-1], true
				return w
			}
		}
		w.Text, w.Braced, w.Literal = p.src[min(start, len(p.src)):], true, false
		return w
	case '"':
		p.i++
		var b strings.Builder
		for p.i < len(p.src) && p.src[p.i] != '"' {
			p.subst(&w, &b)
		}
		if p.i >= len(p.src) {
			w.Literal = false // unclosed
		}
		p.i++
		w.Text = b.String()
	default:
		var b strings.Builder
		for p.i < len(p.src) {
			c := p.src[p.i]
			if c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ';' || c == ']' && nested {
				break
			}
			if c == '\\' && strings.HasPrefix(p.src[p.i:], "\\\n") {
				break
			}
			p.subst(&w, &b)
		}
		w.Text = b.String()
	}
	if !w.Literal {
		w.Text = ""
	}
	return w
}

// subst reads one piece of a quoted or bare word at p.i: a backslash
// escape, a $variable, a [command] substitution, or a byte.
func (p *parser) subst(w *Word, b *strings.Builder) {
	s := p.src
	switch c := s[p.i]; {
	case c == '\\' && p.i+1 < len(s):
		p.i++
		b.WriteString(p.escape())
	case c == '$' && p.i+1 < len(s) && (isName(s[p.i+1]) || s[p.i+1] == '{' || s[p.i+1] == ':'):
		w.Literal = false
		p.i++
		if s[p.i] == '{' {
			for p.i < len(s) && s[p.i] != '}' {
				p.i++
			}
			p.i++
			return
		}
		for p.i < len(s) && (isName(s[p.i]) || s[p.i] == ':') {
			p.i++
		}
		if p.i < len(s) && s[p.i] == '(' {
			// $a(index): the index is substituted too
			for p.i < len(s) && s[p.i] != ')' {
				if s[p.i] == '[' {
					p.bracket(w)
					continue
				}
				p.i++
			}
			p.i++
		}
	case c == '[':
		p.bracket(w)
	default:
		b.WriteByte(c)
		p.i++
	}
}

// bracket reads a [command] substitution at p.i, keeping its script.
func (p *parser) bracket(w *Word) {
	w.Literal = false
	p.i++
	start := p.i
	if p.depth < maxDepth {
		p.depth++
		p.script(true)
		p.depth--
	} else {
		p.i = len(p.src)
	}
	w.Scripts = append(w.Scripts, p.src[start:min(p.i, len(p.src))])
	p.i++
}

// escape reads a backslash escape after its backslash.
func (p *parser) escape() string {
	s := p.src
	c := s[p.i]
	p.i++
	switch c {
	case 'n':
		return "\n"
	case 't':
		return "\t"
	case 'r':
		return "\r"
	case 'a':
		return "\a"
	case 'b':
		return "\b"
	case 'f':
		return "\f"
	case 'v':
		return "\v"
	case '\n':
		for p.i < len(s) && (s[p.i] == ' ' || s[p.i] == '\t') {
			p.i++
		}
		return " "
	case 'x', 'u', 'U':
		n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[c]
		j := p.i
		for j < len(s) && j-p.i < n && strings.IndexByte("0123456789abcdefABCDEF", s[j]) >= 0 {
			j++
		}
		if j == p.i {
			return string(c)
		}
		v, _ := strconv.ParseUint(s[p.i:j], 16, 32)
		p.i = j
		return string(rune(v))
	case '0', '1', '2', '3', '4', '5', '6', '7':
		j := p.i - 1
		for j < len(s) && j-(p.i-1) < 3 && s[j] >= '0' && s[j] <= '7' {
			j++
		}
		v, _ := strconv.ParseUint(s[p.i-1:j], 8, 32)
		p.i = j
		return string(rune(v))
	}
	return string(c)
}

func isName(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// List splits a Tcl list into its elements, as words with no
// substitution: braces group, quotes group, backslashes escape. false
// when it is not a well-formed list.
func List(s string) ([]string, bool) {
	var out []string
	p := parser{src: s}
	for {
		for p.i < len(s) && strings.IndexByte(" \t\r\n", s[p.i]) >= 0 {
			p.i++
		}
		if p.i >= len(s) {
			return out, true
		}
		switch s[p.i] {
		case '{', '"':
			w := p.word(false)
			if !w.Literal && !w.Braced || w.Braced && !w.Literal {
				return nil, false
			}
			if !w.Braced && (len(w.Scripts) > 0) {
				return nil, false
			}
			out = append(out, w.Text)
			if p.i < len(s) && strings.IndexByte(" \t\r\n", s[p.i]) < 0 {
				return nil, false
			}
		default:
			var b strings.Builder
			for p.i < len(s) && strings.IndexByte(" \t\r\n", s[p.i]) < 0 {
				if s[p.i] == '\\' && p.i+1 < len(s) {
					p.i++
					b.WriteString(p.escape())
					continue
				}
				b.WriteByte(s[p.i])
				p.i++
			}
			out = append(out, b.String())
		}
	}
}
