package sql

import "strings"

// Dialect is the SQL a client and its server speak: how they quote,
// comment and end a statement.
type Dialect uint8

const (
	// SQLite reads SQL as SQLite and the standard do: '' strings with ''
	// escapes, "names", `names` and [names], -- comments to the end of
	// the line, /* */ comments that do not nest (and run to the end of
	// the text when not closed), and a line of only GO or / ends a
	// statement (sqlite3's shell, SQL Server's sqlcmd).
	SQLite Dialect = iota
	// Postgres adds E'' strings with backslash escapes, $$ and $tag$
	// quotes, /* */ comments that nest, and psql's backslash commands,
	// each to the end of its line.
	Postgres
	// MySQL reads backslash escapes in '' and "" strings, "" as a string,
	// # comments, -- as a comment only before a space or a control
	// character, /*! */ as code, and the mysql client's backslash
	// commands and DELIMITER.
	MySQL
)

// Dialects are every dialect, for text whose client is not known.
var Dialects = []Dialect{SQLite, Postgres, MySQL}

func (d Dialect) String() string {
	switch d {
	case Postgres:
		return "postgres"
	case MySQL:
		return "mysql"
	}
	return "sqlite"
}

// Kind is what a Token is.
type Kind uint8

// The kinds of Token.
const (
	// Space is spaces, tabs and newlines.
	Space Kind = iota
	// Comment is a comment, or the opening and closing of a MySQL /*! */
	// comment whose body is code.
	Comment
	// Word is a keyword or a bare name (letters, digits, _ and $).
	Word
	// Name is a quoted name: "x", `x`, [x].
	Name
	// String is a string literal; Value is its content.
	String
	// Number is a numeric literal.
	Number
	// Punct is an operator or punctuation: ( ) , . = <> :: and so on.
	Punct
	// End ends a statement: ; (or mysql's delimiter), mysql's \g and \G,
	// a GO line.
	End
	// Command is a client's own command: psql's \x to the end of the line,
	// mysql's \x and DELIMITER lines.
	Command
)

// Token is one token of SQL text.
type Token struct {
	Kind Kind
	// Text is the token as written.
	Text string
	// Value is a String's content and a Name's name, unquoted and
	// unescaped; a Word's text; a Command's text.
	Value string
	// Open marks a string, name or comment the text ends inside.
	Open bool
	// Dollar marks a $$ or $tag$ string: a function's or DO block's body.
	Dollar bool
}

// Is reports a Word that is one of the keywords (in upper case), in any
// case.
func (t Token) Is(kws ...string) bool {
	if t.Kind != Word {
		return false
	}
	for _, k := range kws {
		if strings.EqualFold(t.Text, k) {
			return true
		}
	}
	return false
}

// IsPunct reports a Punct that is p.
func (t Token) IsPunct(p string) bool { return t.Kind == Punct && t.Text == p }

// Lex cuts SQL text into tokens as the dialect reads it. The tokens'
// texts, joined, are s.
func Lex(s string, d Dialect) []Token {
	l := lexer{s: s, d: d, delim: ";"}
	l.run()
	return l.toks
}

type lexer struct {
	s      string
	d      Dialect
	i      int
	toks   []Token
	delim  string // mysql's statement delimiter
	bang   int    // depth of MySQL /*! */ code comments open
	lineOK bool   // nothing but space since the start of the line or statement
	code   bool   // code since the last statement's end
}

func (l *lexer) emit(k Kind, start int, value string, open bool) {
	switch k {
	case End, Command:
		l.code = false
	case Space, Comment:
	default:
		l.code = true
	}
	l.toks = append(l.toks, Token{Kind: k, Text: l.s[start:l.i], Value: value, Open: open})
}

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// restOfLine is the index of the end of the line at i (before its \n).
func (l *lexer) restOfLine(i int) int {
	if j := strings.IndexByte(l.s[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(l.s)
}

func (l *lexer) run() {
	l.lineOK = true
	for l.i < len(l.s) {
		start := l.i
		c := l.s[l.i]
		atLine := l.lineOK
		l.lineOK = false
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			for l.i < len(l.s) && strings.IndexByte(" \t\n\r\f\v", l.s[l.i]) >= 0 {
				l.i++
			}
			l.emit(Space, start, "", false)
			l.lineOK = atLine || strings.Contains(l.s[start:l.i], "\n")
			continue
		case l.d == MySQL && l.delim != ";" && strings.HasPrefix(l.s[l.i:], l.delim):
			l.i += len(l.delim)
			l.emit(End, start, "", false)
			l.lineOK = true
			continue
		case !l.code && l.d == MySQL && l.delimiterLine():
			l.lineOK = true
			continue
		case !l.code && atLine && l.d == SQLite && c == '.':
			// sqlite3's dot-command, to the end of the line.
			l.i = l.restOfLine(l.i)
			l.emit(Command, start, l.s[start:l.i], false)
			l.lineOK = true
			continue
		case atLine && l.d == SQLite && l.goLine():
			l.lineOK = true
			continue
		case c == ';' && (l.d != MySQL || l.delim == ";"):
			l.i++
			l.emit(End, start, "", false)
			l.lineOK = true
			continue
		case c == '-' && strings.HasPrefix(l.s[l.i:], "--") && (l.d != MySQL || l.i+2 >= len(l.s) || l.s[l.i+2] <= ' '):
			l.i = l.restOfLine(l.i)
			l.emit(Comment, start, "", false)
		case c == '#' && l.d == MySQL:
			l.i = l.restOfLine(l.i)
			l.emit(Comment, start, "", false)
		case c == '/' && strings.HasPrefix(l.s[l.i:], "/*"):
			l.blockComment()
		case c == '*' && l.bang > 0 && strings.HasPrefix(l.s[l.i:], "*/"):
			l.i += 2
			l.bang--
			l.emit(Comment, start, "", false)
		case c == '\'':
			l.quoted('\'', String, l.d == MySQL)
		case c == '"':
			k := Name
			if l.d == MySQL {
				k = String
			}
			l.quoted('"', k, l.d == MySQL)
		case c == '`' && l.d != Postgres:
			l.quoted('`', Name, false)
		case c == '[' && l.d == SQLite:
			l.quoted(']', Name, false)
		case c == '$' && l.d == Postgres && l.dollar():
		case c == '\\' && l.d != SQLite:
			l.backslash()
			l.lineOK = true
		case isDigit(c) || c == '.' && l.i+1 < len(l.s) && isDigit(l.s[l.i+1]):
			l.number()
		case isWordByte(c):
			for l.i < len(l.s) && isWordByte(l.s[l.i]) && !l.atDelim() {
				l.i++
			}
			w := l.s[start:l.i]
			if l.d == Postgres && (w == "E" || w == "e") && l.i < len(l.s) && l.s[l.i] == '\'' {
				// E'...': the escape string.
				l.i = start
				l.quotedFrom(start, 1, '\'', String, true)
				break
			}
			l.emit(Word, start, w, false)
		default:
			l.punct()
		}
	}
}

// delimiterLine reads mysql's DELIMITER x (or \d x) at the start of a
// line: the rest of the line's first word is the new delimiter.
func (l *lexer) delimiterLine() bool {
	const kw = "delimiter"
	if len(l.s)-l.i <= len(kw) || !strings.EqualFold(l.s[l.i:l.i+len(kw)], kw) || (l.s[l.i+len(kw)] != ' ' && l.s[l.i+len(kw)] != '\t') {
		return false
	}
	start := l.i
	l.i = l.restOfLine(l.i)
	line := l.s[start:l.i]
	if f := strings.Fields(line[len(kw):]); len(f) > 0 {
		l.delim = f[0]
	}
	l.emit(Command, start, line, false)
	return true
}

// goLine reads a line of only GO [count] or /, which ends a statement in
// sqlite3's shell and sqlcmd.
func (l *lexer) goLine() bool {
	e := l.restOfLine(l.i)
	f := strings.Fields(l.s[l.i:e])
	if len(f) == 0 || len(f) > 2 || !(strings.EqualFold(f[0], "go") || f[0] == "/" && len(f) == 1) {
		return false
	}
	if len(f) == 2 {
		for _, c := range []byte(f[1]) {
			if !isDigit(c) {
				return false
			}
		}
	}
	start := l.i
	l.i = e
	l.emit(End, start, "", false)
	return true
}

func (l *lexer) blockComment() {
	start := l.i
	if l.d == MySQL && (strings.HasPrefix(l.s[l.i:], "/*!") || strings.HasPrefix(l.s[l.i:], "/*M!")) {
		// MySQL's and MariaDB's executable comment: its body is code,
		// after an optional version.
		l.i += strings.Index(l.s[l.i:], "!") + 1
		for l.i < len(l.s) && isDigit(l.s[l.i]) {
			l.i++
		}
		l.bang++
		l.emit(Comment, start, "", false)
		return
	}
	depth := 0
	for l.i < len(l.s) {
		switch {
		case strings.HasPrefix(l.s[l.i:], "/*"):
			if depth == 0 || l.d == Postgres {
				depth++
			}
			l.i += 2
		case strings.HasPrefix(l.s[l.i:], "*/"):
			depth--
			l.i += 2
			if depth == 0 {
				l.emit(Comment, start, "", false)
				return
			}
		default:
			l.i++
		}
	}
	l.emit(Comment, start, "", true)
}

// quoted reads a quoted string or name from l.i, whose opening quote is
// one byte.
func (l *lexer) quoted(close byte, k Kind, backslash bool) {
	l.quotedFrom(l.i, 0, close, k, backslash)
}

// quotedFrom reads a quoted token starting at start, with a prefix of
// pre bytes before the opening quote; a doubled closing quote is one,
// and a backslash escapes the next byte where backslash is set.
func (l *lexer) quotedFrom(start, pre int, close byte, k Kind, backslash bool) {
	l.i = start + pre + 1
	var b strings.Builder
	for l.i < len(l.s) {
		c := l.s[l.i]
		switch {
		case backslash && c == '\\' && l.i+1 < len(l.s):
			b.WriteByte(unescape(l.s[l.i+1]))
			l.i += 2
			continue
		case c == close && l.i+1 < len(l.s) && l.s[l.i+1] == close:
			b.WriteByte(c)
			l.i += 2
			continue
		case c == close:
			l.i++
			l.emit(k, start, b.String(), false)
			return
		}
		b.WriteByte(c)
		l.i++
	}
	l.emit(k, start, b.String(), true)
}

func unescape(c byte) byte {
	switch c {
	case 'n':
		return '\n'
	case 't':
		return '\t'
	case 'r':
		return '\r'
	case '0':
		return 0
	}
	return c
}

// dollar reads PostgreSQL's $tag$ … $tag$ string; a $ that opens none
// ($1, a lone $) is left to the caller.
func (l *lexer) dollar() bool {
	j := l.i + 1
	for j < len(l.s) && l.s[j] != '$' {
		c := l.s[j]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80 || isDigit(c) && j > l.i+1) {
			return false
		}
		j++
	}
	if j >= len(l.s) {
		return false
	}
	tag := l.s[l.i : j+1]
	start := l.i
	body := j + 1
	e := strings.Index(l.s[body:], tag)
	if e < 0 {
		l.i = len(l.s)
		l.toks = append(l.toks, Token{Kind: String, Text: l.s[start:], Value: l.s[body:], Open: true, Dollar: true})
		l.code = true
		return true
	}
	l.i = body + e + len(tag)
	l.toks = append(l.toks, Token{Kind: String, Text: l.s[start:l.i], Value: l.s[body : body+e], Dollar: true})
	l.code = true
	return true
}

// backslash reads a client's backslash command: psql's runs to the end of
// the line or an unquoted backslash (psqlCommandEnd); mysql's \g and \G
// end the statement, and its others run to the end of the line.
func (l *lexer) backslash() {
	start := l.i
	if l.d == MySQL && l.i+1 < len(l.s) && (l.s[l.i+1] == 'g' || l.s[l.i+1] == 'G') {
		l.i += 2
		l.emit(End, start, "", false)
		return
	}
	if l.d == Postgres {
		l.i = psqlCommandEnd(l.s, l.i, l.restOfLine(l.i))
		l.emit(Command, start, l.s[start:l.i], false)
		return
	}
	l.i = l.restOfLine(l.i)
	if l.d == MySQL && strings.HasPrefix(l.s[start:], "\\d") && l.i > start+2 {
		if f := strings.Fields(l.s[start+2 : l.i]); len(f) > 0 {
			l.delim = f[0]
		}
	}
	l.emit(Command, start, l.s[start:l.i], false)
}

// atDelim reports mysql's own delimiter at l.i.
func (l *lexer) atDelim() bool {
	return l.d == MySQL && l.delim != ";" && strings.HasPrefix(l.s[l.i:], l.delim)
}

func (l *lexer) number() {
	start := l.i
	for l.i < len(l.s) {
		c := l.s[l.i]
		if (c == '+' || c == '-') && l.i > start && (l.s[l.i-1] == 'e' || l.s[l.i-1] == 'E') && !strings.ContainsAny(l.s[start:l.i], "xX") {
			l.i++
			continue
		}
		if !isWordByte(c) && c != '.' || c == '$' || l.atDelim() {
			break
		}
		l.i++
	}
	l.emit(Number, start, l.s[start:l.i], false)
}

// puncts are the operators of more than one byte, longest first.
var puncts = []string{"<=>", "::", "<>", "!=", "<=", ">=", "==", "||", "->>", "->", "=>", ":="}

func (l *lexer) punct() {
	start := l.i
	for _, p := range puncts {
		if strings.HasPrefix(l.s[l.i:], p) {
			l.i += len(p)
			l.emit(Punct, start, "", false)
			return
		}
	}
	l.i++
	// A byte that starts no other token; a UTF-8 sequence is a word.
	l.emit(Punct, start, "", false)
}

// ForLang are the dialects of SQL given in the language lang, as a
// program's entry names it (programs.Spec.Lang): "psql" is PostgreSQL's,
// "mysql" MySQL's, "sqlite" SQLite's; any other ("sql": a client of
// several, or of another engine) is read in every dialect.
func ForLang(lang string) []Dialect {
	switch lang {
	case "psql":
		return []Dialect{Postgres}
	case "mysql":
		return []Dialect{MySQL}
	case "sqlite":
		return []Dialect{SQLite}
	}
	return Dialects
}

// psqlWholeLine are psql's backslash commands whose argument is the rest
// of the line, taken as written (psql 17 command.c: OT_WHOLE_LINE).
var psqlWholeLine = map[string]bool{"!": true, "copy": true, "h": true, "help": true, "ef": true, "ev": true, "sf": true, "sf+": true, "sv": true, "sv+": true}

// psqlCommand is the name of the psql backslash command at s[i] (the
// backslash), the index its arguments start at, and whether its argument
// is the rest of the line: a whole-line command, or one whose argument
// starts with | (\o |cmd, \g |cmd). The name runs to a space or a
// backslash (psqlscanslash.l, xslashcmd).
func psqlCommand(s string, i, e int) (name string, args int, whole bool) {
	j := i + 1
	for j < e && strings.IndexByte(" \t\r\f\\", s[j]) < 0 {
		j++
	}
	name = s[i+1 : j]
	a := strings.TrimLeft(s[j:e], " \t\r\f")
	return name, j, psqlWholeLine[name] || strings.HasPrefix(a, "|")
}

// psqlCommandEnd is where the psql backslash command at s[i] ends, e being
// the end of its line: there, or at the first backslash outside its
// arguments' quotes ('…', "…", `…`), which starts another command; a
// doubled backslash there ends this one and is eaten with it.
func psqlCommandEnd(s string, i, e int) int {
	_, j, whole := psqlCommand(s, i, e)
	if whole {
		return e
	}
	for j < e {
		switch c := s[j]; c {
		case '\'':
			for j++; j < e && s[j] != '\''; j++ {
				if s[j] == '\\' {
					j++
				}
			}
		case '"', '`':
			for j++; j < e && s[j] != c; j++ {
			}
		case '\\':
			if j+1 < e && s[j+1] == '\\' {
				return j + 2
			}
			return j
		}
		j++
	}
	return min(j, e)
}

// Backticks are the shell commands psql runs for a backslash command's
// arguments: each `…` outside single and double quotes (\set x `date`,
// \echo `id`), but in a whole-line command.
func (s Statement) Backticks() []string {
	cmd := s.Command()
	if s.Dialect != Postgres || cmd == "" {
		return nil
	}
	_, j, whole := psqlCommand(cmd, 0, len(cmd))
	if whole {
		return nil
	}
	var out []string
	for j < len(cmd) {
		switch c := cmd[j]; c {
		case '\'':
			for j++; j < len(cmd) && cmd[j] != '\''; j++ {
				if cmd[j] == '\\' {
					j++
				}
			}
		case '"':
			for j++; j < len(cmd) && cmd[j] != '"'; j++ {
			}
		case '`':
			k := strings.IndexByte(cmd[j+1:], '`')
			if k < 0 {
				return append(out, cmd[j+1:]) // unterminated: psql refuses it, but read it
			}
			out = append(out, cmd[j+1:j+1+k])
			j += k + 1
		}
		j++
	}
	return out
}
