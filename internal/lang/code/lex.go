package code

import (
	"strings"

	"github.com/wardenhq/warden/programs"
)

// Family is a language family whose code is read alike.
type Family int

const (
	Python Family = iota
	JS
	Perl
	Ruby
	PHP
	Lua
	R
	Tcl
)

// Families are all the families, in order.
var Families = []Family{Python, JS, Perl, Ruby, PHP, Lua, R, Tcl}

var families = map[programs.Lang]Family{
	programs.LangPython: Python, programs.LangJS: JS, programs.LangPerl: Perl, programs.LangRuby: Ruby,
	programs.LangPHP: PHP, programs.LangLua: Lua, programs.LangR: R, programs.LangTcl: Tcl,
}

// FamilyOf returns the family of a language as an entry declares it
// (programs.LangPython, LangJS), and false for a language it does not
// read.
func FamilyOf(lang programs.Lang) (Family, bool) {
	f, ok := families[lang]
	return f, ok
}

func (f Family) String() string {
	return [...]string{"python", "js", "perl", "ruby", "php", "lua", "r", "tcl"}[f]
}

// Kind is what a token is.
type Kind int

const (
	Space Kind = iota
	Comment
	String
	Backtick // a command in backquotes (Perl, Ruby, PHP)
	Name
	Number
	Punct
)

// Token is one token of code: its text as written and, for a string or a
// backquoted command, its value, Known unless it interpolates.
type Token struct {
	Kind  Kind
	Text  string
	Value string
	Known bool
}

// Lex cuts code into tokens; their texts joined are code again.
func Lex(src string, f Family) []Token {
	l := lexer{src: src, f: f}
	for l.i < len(src) {
		l.next()
	}
	return l.out
}

// steps counts the reader's steps when a test sets it: each token read,
// each line a heredoc's end is sought on, each token a fold or a call's
// argument looks at. A reader that goes back over what it has read shows
// as steps that grow faster than its input.
var steps *int

func step() {
	if steps != nil {
		*steps++
	}
}

type lexer struct {
	src     string
	f       Family
	i       int
	out     []Token
	pending []string // heredoc terminators to read after this line
	skip    bool     // spaces and comments are not kept
}

func (l *lexer) emit(k Kind, start int, value string, known bool) {
	if l.skip && (k == Space || k == Comment) {
		return
	}
	l.out = append(l.out, Token{Kind: k, Text: l.src[start:l.i], Value: value, Known: known})
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func (l *lexer) lastSignificant() *Token {
	for j := len(l.out) - 1; j >= 0; j-- {
		if k := l.out[j].Kind; k != Space && k != Comment {
			return &l.out[j]
		}
	}
	return nil
}

func (l *lexer) next() {
	step()
	s, i, start := l.src, l.i, l.i
	c := s[i]
	switch {
	case c == '\n' && len(l.pending) > 0:
		l.i++
		l.emit(Space, start, "", true)
		l.heredocs()
		return
	case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		for l.i < len(s) && strings.IndexByte(" \t\r\n", s[l.i]) >= 0 && !(s[l.i] == '\n' && len(l.pending) > 0) {
			l.i++
		}
		l.emit(Space, start, "", true)
		return
	}
	if l.comment() {
		l.emit(Comment, start, "", true)
		return
	}
	if l.str() {
		return
	}
	switch {
	case c >= '0' && c <= '9':
		for l.i < len(s) && (isNameByte(s[l.i]) || s[l.i] == '.') {
			l.i++
		}
		l.emit(Number, start, "", true)
	case isNameByte(c) || (c == '$' || c == '@' || c == '%') && (l.f == Perl || l.f == PHP) && i+1 < len(s) && isNameByte(s[i+1]):
		l.i++
		for l.i < len(s) && isNameByte(s[l.i]) {
			l.i++
		}
		l.emit(Name, start, "", true)
	default:
		l.i++
		l.emit(Punct, start, "", true)
	}
}

// comment reads a comment at l.i.
func (l *lexer) comment() bool {
	s, i := l.src, l.i
	hash := l.f == Python || l.f == Perl || l.f == Ruby || l.f == PHP || l.f == R
	if l.f == Tcl {
		// a comment only where a command starts
		if p := l.lastSignificant(); p == nil || p.Text == ";" || strings.HasSuffix(l.src[:i], "\n") || p.Text == "{" {
			hash = true
		}
	}
	if l.f == Perl && i > 0 && s[i-1] == '$' {
		hash = false // $#array
	}
	switch {
	case s[i] == '#' && hash:
	case (l.f == JS || l.f == PHP) && strings.HasPrefix(s[i:], "/*"):
		if j := strings.Index(s[i+2:], "*/"); j >= 0 {
			l.i = i + 2 + j + 2
		} else {
			l.i = len(s)
		}
		return true
	case (l.f == JS || l.f == PHP) && strings.HasPrefix(s[i:], "//"):
	case l.f == Lua && strings.HasPrefix(s[i:], "--"):
		if n := longBracket(s[i+2:]); n >= 0 {
			close := "]" + strings.Repeat("=", n) + "]"
			if j := strings.Index(s[i+2:], close); j >= 0 {
				l.i = i + 2 + j + len(close)
			} else {
				l.i = len(s)
			}
			return true
		}
	default:
		return false
	}
	for l.i < len(s) && s[l.i] != '\n' {
		l.i++
	}
	return true
}

// longBracket returns the level of a Lua long bracket [==[ at the start of
// s, or -1.
func longBracket(s string) int {
	if len(s) == 0 || s[0] != '[' {
		return -1
	}
	n := 1
	for n < len(s) && s[n] == '=' {
		n++
	}
	if n < len(s) && s[n] == '[' {
		return n - 1
	}
	return -1
}

var closers = map[byte]byte{'(': ')', '[': ']', '{': '}', '<': '>'}

// str reads a string at l.i, in any of the family's forms.
func (l *lexer) str() bool {
	s, i := l.src, l.i
	c := s[i]
	switch l.f {
	case Python:
		j := i
		for j < len(s) && j-i < 2 && strings.IndexByte("rRbBfFuU", s[j]) >= 0 {
			j++
		}
		if j < len(s) && (s[j] == '"' || s[j] == '\'') && (j == i || i == 0 || !isNameByte(s[i-1])) {
			prefix := strings.ToLower(s[i:j])
			raw, interp := strings.Contains(prefix, "r"), strings.Contains(prefix, "f")
			q := s[j : j+1]
			if strings.HasPrefix(s[j:], q+q+q) {
				q = q + q + q
			}
			l.quoted(i, j+len(q), q, raw, interp, "{")
			return true
		}
	case Lua:
		if n := longBracket(s[i:]); n >= 0 {
			close := "]" + strings.Repeat("=", n) + "]"
			body := i + n + 2
			end := strings.Index(s[body:], close)
			if end < 0 {
				l.i = len(s)
				l.emit(String, i, s[body:], true)
			} else {
				l.i = body + end + len(close)
				l.emit(String, i, s[body:body+end], true)
			}
			return true
		}
	case Perl, Ruby:
		if l.f == Ruby && c == ':' && i+1 < len(s) && (i == 0 || s[i-1] != ':' && !isNameByte(s[i-1])) {
			// a symbol, :system or :"system", is the name it spells
			switch n := s[i+1]; {
			case n == '"' || n == '\'':
				l.quoted(i, i+2, s[i+1:i+2], n == '\'', n == '"', "#{")
				return true
			case n == '_' || n >= 'a' && n <= 'z' || n >= 'A' && n <= 'Z':
				j := i + 1
				for j < len(s) && isNameByte(s[j]) {
					j++
				}
				if j < len(s) && (s[j] == '?' || s[j] == '!') {
					j++
				}
				l.i = j
				l.emit(String, i, s[i+1:j], true)
				return true
			}
		}
		if l.quoteOp() {
			return true
		}
		if l.heredocStart() {
			return true
		}
	case PHP:
		if l.heredocStart() {
			return true
		}
	case Tcl:
		if c == '{' {
			return false
		}
	}
	switch c {
	case '"':
		interp := ""
		switch l.f {
		case Perl, PHP:
			interp = "$@"
		case Ruby:
			interp = "#{"
		case Tcl:
			interp = "$["
		}
		l.quoted(i, i+1, `"`, false, interp != "", interp)
		return true
	case '\'':
		raw := l.f == Perl || l.f == PHP || l.f == Ruby
		l.quoted(i, i+1, `'`, raw, false, "")
		return true
	case '`':
		switch l.f {
		case JS:
			l.quoted(i, i+1, "`", false, true, "${")
			return true
		case Perl, Ruby, PHP:
			l.quoted(i, i+1, "`", false, true, "$#{")
			l.out[len(l.out)-1].Kind = Backtick
			return true
		case R:
			l.quoted(i, i+1, "`", true, false, "")
			l.out[len(l.out)-1].Kind = Name
			return true
		}
	}
	return false
}

// quoted reads a string whose body starts at body and ends at the quote q;
// raw: backslashes stand for themselves except before q or a backslash;
// interp: the body is not Known when it holds one of the bytes in marks
// (for "{" and "${" and "#{", that sequence).
func (l *lexer) quoted(start, body int, q string, raw, interp bool, marks string) {
	s := l.src
	var b strings.Builder
	j := body
	closed := false
	for j < len(s) {
		if strings.HasPrefix(s[j:], q) {
			closed = true
			break
		}
		if s[j] == '\\' && j+1 < len(s) {
			e := s[j+1]
			if raw {
				if e == q[0] || e == '\\' {
					b.WriteByte(e)
				} else {
					b.WriteByte('\\')
					b.WriteByte(e)
				}
				j += 2
				continue
			}
			j += 2
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'x', 'u':
				n := 2
				if e == 'u' {
					n = 4
				}
				if v, ok := hexValue(s[j:min(j+n, len(s))], n); ok {
					b.WriteRune(rune(v))
					j += n
				} else {
					b.WriteByte('\\')
					b.WriteByte(e)
				}
			case '\n':
			default:
				b.WriteByte(e)
			}
			continue
		}
		b.WriteByte(s[j])
		j++
	}
	if closed {
		l.i = j + len(q)
	} else {
		l.i = len(s)
	}
	v := b.String()
	known := true
	if interp {
		switch marks {
		case "{", "${", "#{":
			known = !strings.Contains(s[body:j], marks)
		default:
			known = !strings.ContainsAny(s[body:j], marks)
		}
	}
	l.emit(String, start, v, known)
}

func hexValue(s string, n int) (int, bool) {
	if len(s) != n {
		return 0, false
	}
	v := 0
	for i := 0; i < n; i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			v = v*16 + int(c-'0')
		case c >= 'a' && c <= 'f':
			v = v*16 + int(c-'a'+10)
		case c >= 'A' && c <= 'F':
			v = v*16 + int(c-'A'+10)
		default:
			return 0, false
		}
	}
	return v, true
}

// quoteOp reads Perl's q qq qw qx and Ruby's %q %Q %w %x %() strings.
func (l *lexer) quoteOp() bool {
	s, i := l.src, l.i
	var op string
	j := i
	if l.f == Perl {
		if i > 0 && (isNameByte(s[i-1]) || s[i-1] == '$' || s[i-1] == '@' || s[i-1] == '%' || s[i-1] == '>' && i > 1 && s[i-2] == '-') {
			return false
		}
		for _, o := range []string{"qq", "qw", "qx", "q"} {
			if strings.HasPrefix(s[i:], o) {
				op, j = o, i+len(o)
				break
			}
		}
		if op == "" || j < len(s) && isNameByte(s[j]) {
			return false
		}
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		if j >= len(s) || s[j] == '=' || s[j] == ',' || s[j] == ';' || s[j] == ')' || isNameByte(s[j]) || s[j] == ' ' || s[j] == '\n' {
			return false
		}
	} else {
		if s[i] != '%' || i+1 >= len(s) {
			return false
		}
		if p := l.lastSignificant(); p != nil && (p.Kind == Name || p.Kind == Number || p.Kind == String || p.Text == ")" || p.Text == "]") {
			// a % b, unless a method's name, a space and no space after
			// (system %q(ls)), as Ruby reads it
			if p.Kind != Name || i == 0 || s[i-1] != ' ' || i+1 < len(s) && s[i+1] == ' ' || strings.HasPrefix(s[i:], "%=") {
				return false
			}
		}
		j = i + 1
		switch s[j] {
		case 'q', 'Q', 'w', 'W', 'x', 'i', 'I':
			op = s[j : j+1]
			j++
		default:
			op = "Q"
		}
		if j >= len(s) || isNameByte(s[j]) || s[j] == ' ' || s[j] == '\n' {
			return false
		}
	}
	open := s[j]
	close, nests := closers[open]
	if !nests {
		close = open
	}
	depth := 0
	k := j + 1
	var b strings.Builder
	for ; k < len(s); k++ {
		ch := s[k]
		if ch == '\\' && k+1 < len(s) {
			if s[k+1] == close || s[k+1] == open || s[k+1] == '\\' {
				b.WriteByte(s[k+1])
			} else {
				b.WriteByte(ch)
				b.WriteByte(s[k+1])
			}
			k++
			continue
		}
		if nests && ch == open {
			depth++
		} else if ch == close {
			if depth == 0 {
				break
			}
			depth--
		}
		b.WriteByte(ch)
	}
	if k < len(s) {
		l.i = k + 1
	} else {
		l.i = len(s)
	}
	v := b.String()
	known := true
	kind := String
	switch op {
	case "qq", "Q", "W", "I":
		known = !strings.ContainsAny(v, "$@") && !strings.Contains(v, "#{")
		if l.f == Ruby {
			known = !strings.Contains(v, "#{")
		}
	case "qx", "x":
		kind = Backtick
		known = !strings.ContainsAny(v, "$@") && !strings.Contains(v, "#{")
	}
	switch op {
	case "qw", "w", "W", "i", "I":
		v = strings.Join(strings.Fields(v), " ")
	}
	l.emit(kind, i, v, known)
	return true
}

// heredocStart reads <<TAG, <<"TAG", <<'TAG', <<~TAG, <<-TAG (Perl, Ruby)
// and <<<TAG, <<<"TAG", <<<'TAG' (PHP); its body is read after the line.
func (l *lexer) heredocStart() bool {
	s, i := l.src, l.i
	j := i + 2
	if !strings.HasPrefix(s[i:], "<<") {
		return false
	}
	if l.f == PHP {
		if !strings.HasPrefix(s[i:], "<<<") {
			return false
		}
		j = i + 3
		for j < len(s) && s[j] == ' ' {
			j++
		}
	} else if j < len(s) && (s[j] == '~' || s[j] == '-') && l.f == Ruby {
		j++
	} else if j < len(s) && s[j] == '~' && l.f == Perl {
		j++
	}
	if j >= len(s) {
		return false
	}
	quote := byte(0)
	if s[j] == '"' || s[j] == '\'' {
		quote = s[j]
		j++
	}
	k := j
	for k < len(s) && isNameByte(s[k]) {
		k++
	}
	if k == j || s[j] >= '0' && s[j] <= '9' {
		return false
	}
	tag := s[j:k]
	if quote != 0 {
		if k >= len(s) || s[k] != quote {
			return false
		}
		k++
	} else if l.f == Perl && s[j] == '_' {
		return false
	}
	if p := l.lastSignificant(); quote == 0 && p != nil && (p.Kind == Name || p.Kind == Number || p.Text == ")") && l.f != PHP {
		if !(p.Kind == Name && (p.Text == "print" || p.Text == "puts" || p.Text == "system" || p.Text == "eval" || p.Text == "exec")) {
			return false // a << b, a shift
		}
	}
	l.i = k
	l.emit(Punct, i, "", true)
	l.pending = append(l.pending, string(rune(quote))+tag)
	return true
}

// heredocs reads the bodies of the heredocs started on the line just
// ended, each up to its terminator line.
func (l *lexer) heredocs() {
	s := l.src
	for _, p := range l.pending {
		quote, tag := p[0], p[1:]
		if quote == 0 {
			tag = p[1:]
		}
		start := l.i
		end, next := len(s), len(s)
		for j := l.i; j < len(s); {
			step()
			e := strings.IndexByte(s[j:], '\n')
			line := s[j:]
			if e >= 0 {
				line = s[j : j+e]
			}
			if strings.TrimSpace(strings.TrimSuffix(line, ";")) == tag {
				end = j
				if e >= 0 {
					next = j + e
				}
				break
			}
			if e < 0 {
				break
			}
			j += e + 1
		}
		body := s[start:end]
		l.i = next
		if l.i == start {
			continue // nothing follows: no body
		}
		known := quote == '\'' || !strings.ContainsAny(body, "$@") && !strings.Contains(body, "#{")
		l.emit(String, start, body, known)
	}
	l.pending = nil
}
