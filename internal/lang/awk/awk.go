package awk

import (
	"errors"
	"strconv"
	"strings"
)

// OpKind is what an Op does.
type OpKind byte

const (
	// Run runs a command: system(), print | cmd, cmd | getline, |&.
	Run OpKind = iota + 1
	// Write writes a file: print > file, print >> file.
	Write
	// Read reads a file: getline < file.
	Read
	// Load loads a shared library: @load.
	Load
	// Include reads more program from a file: @include.
	Include
)

// Op is one thing an awk program does beyond reading its input.
type Op struct {
	// Kind is what it does.
	Kind OpKind
	// How says which construct: "system", "pipe" (print | cmd),
	// "getline" (cmd | getline), "coprocess" (|&), ">" or ">>", "<"
	// (getline < file), "@load", "@include".
	How string
	// Text is the command or file as written in the program.
	Text string
	// Vals are the command's or file's possible values when Known is
	// set (after Resolve); an empty value is none (awk runs or opens
	// nothing).
	Vals  []string
	Known bool

	expr *awkExpr
	// alt is a second reading of the command: the last operand of an
	// unparenthesised concatenation before | getline (mawk's reading).
	alt *awkExpr
	// ambiguous marks a target awks read differently (getline < "a" "b").
	ambiguous bool
}

// Script is what Parse learned about a program.
type Script struct {
	// Ops are the program's operations, in the order they are written.
	Ops []Op
	// Argv: the program changes ARGV, so the files it reads as input are
	// not only its operands.
	Argv bool
	// Indirect: the program calls a function through a variable (gawk's
	// @f()), which may be system().
	Indirect bool

	vars map[string]*awkVar
	// EnvMod: ENVIRON is assigned or passed whole, so the commands the
	// program runs inherit an environment it changed.
	EnvMod bool
	symtab bool // gawk's SYMTAB assigns variables by name
}

// awkVar is what the program assigns to one global variable.
type awkVar struct {
	assigns []*awkExpr
	// tainted: assigned some other way (+=, ++, getline var, sub(),
	// split(), for (v in a)), so its value is not known.
	tainted bool
}

// awkExpr is the part of an expression's shape that its value needs.
type awkExpr struct {
	kind byte // 's' string, 'S' string of uncertain value, 'n' number, 'v' variable, 'a' array element, 'c' concatenation, 'o' anything else
	// name is the variable or array; val the string, the number as
	// written, or an array element's literal subscript.
	name, val  string
	kids       []*awkExpr
	start, end int
	paren      bool
	lvalue     bool // a variable, array element or field
	local      bool // a function's parameter
}

// ErrParse is the error of a program awk would reject or Warden cannot
// follow.
var ErrParse = errors.New("the awk program does not parse")

// awkParseError is an error with the offset where reading stopped.
type awkParseError struct {
	msg string
	pos int
}

func (e *awkParseError) Error() string {
	return ErrParse.Error() + ": " + e.msg + " at byte " + strconv.Itoa(e.pos)
}
func (e *awkParseError) Unwrap() error { return ErrParse }

// maxAwkDepth bounds the parser's recursion.
const maxAwkDepth = 200

// Parse reads an awk program and returns what it does to commands,
// files and code. An error means awk would reject the program or Warden
// cannot follow it: the call is then unknown.
func Parse(src string) (*Script, error) {
	s, slashInBracket, err := parseAwkMode(src, false)
	if err != nil {
		return nil, err
	}
	if slashInBracket {
		// BWK awk ends a regular expression at the first unescaped
		// slash, brackets or not: if the program is valid read that way
		// too, what it does then counts as well.
		if t, _, err := parseAwkMode(src, true); err == nil {
			s.Ops = append(s.Ops, t.Ops...)
			s.Argv = s.Argv || t.Argv
			s.Indirect = s.Indirect || t.Indirect
			s.EnvMod = s.EnvMod || t.EnvMod
			s.symtab = s.symtab || t.symtab
			for name, v := range t.vars {
				w := s.vars[name]
				if w == nil {
					w = &awkVar{}
					s.vars[name] = w
				}
				w.assigns = append(w.assigns, v.assigns...)
				w.tainted = w.tainted || v.tainted
			}
		}
	}
	return s, nil
}

func parseAwkMode(src string, bwk bool) (s *Script, slashInBracket bool, err error) {
	p := &awkParser{lx: awkLexer{src: src, bwk: bwk}, s: &Script{vars: map[string]*awkVar{}}}
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(*awkParseError)
			if !ok {
				panic(r)
			}
			s, err = nil, pe
		}
	}()
	p.next()
	p.program()
	p.s.Argv = p.s.Argv || p.s.symtab
	if p.seenRisky != p.usedRisky {
		// A |, |& or system that no construct accounted for: a gap in
		// the parser, never a program to trust.
		p.fail("a pipe or system() the parser did not place")
	}
	return p.s, p.lx.slashInBracket, nil
}

// Tokens.
type awkTok uint8

const (
	tkEOF awkTok = iota
	tkNewline
	tkLbrace
	tkRbrace
	tkLparen
	tkRparen
	tkLbrack
	tkRbrack
	tkSemi
	tkComma
	tkPlus
	tkMinus
	tkStar
	tkSlash
	tkPercent
	tkPow
	tkNot
	tkGT
	tkAppend
	tkLT
	tkLE
	tkGE
	tkEQ
	tkNE
	tkPipe
	tkPipeAmp
	tkQuestion
	tkColon
	tkMatch
	tkNoMatch
	tkDollar
	tkIncr
	tkDecr
	tkAssign   // =
	tkOpAssign // += -= *= %= ^= **=
	tkDivAssign
	tkAnd
	tkOr
	tkAt
	tkString
	tkERE
	tkNumber
	tkName
	tkFuncName // a name followed at once by (
	tkBuiltin
	// Keywords.
	tkBEGIN
	tkEND
	tkFunction
	tkIf
	tkElse
	tkWhile
	tkFor
	tkDo
	tkBreak
	tkContinue
	tkNext
	tkExit
	tkReturn
	tkDelete
	tkGetline
	tkPrint
	tkIn
	tkSwitch
	tkCase
	tkDefault
)

var awkKeywords = map[string]awkTok{
	"BEGIN": tkBEGIN, "END": tkEND, "BEGINFILE": tkBEGIN, "ENDFILE": tkEND,
	"function": tkFunction, "func": tkFunction, "if": tkIf, "else": tkElse, "while": tkWhile, "for": tkFor, "do": tkDo,
	"break": tkBreak, "continue": tkContinue, "next": tkNext, "nextfile": tkNext, "exit": tkExit, "return": tkReturn,
	"delete": tkDelete, "getline": tkGetline, "print": tkPrint, "printf": tkPrint, "in": tkIn,
	"switch": tkSwitch, "case": tkCase, "default": tkDefault,
}

// awkBuiltins are awk's and gawk's built-in functions: called with or
// without a space before the parenthesis.
var awkBuiltins = map[string]bool{
	"length": true, "substr": true, "index": true, "split": true, "sub": true, "gsub": true, "match": true, "sprintf": true,
	"sin": true, "cos": true, "atan2": true, "exp": true, "log": true, "sqrt": true, "int": true, "rand": true, "srand": true,
	"tolower": true, "toupper": true, "system": true, "close": true, "fflush": true,
	"gensub": true, "strftime": true, "systime": true, "mktime": true, "and": true, "or": true, "xor": true, "lshift": true,
	"rshift": true, "compl": true, "asort": true, "asorti": true, "patsplit": true, "isarray": true, "typeof": true,
	"strtonum": true, "bindtextdomain": true, "dcgettext": true, "dcngettext": true, "mkbool": true,
}

// awkSpecialVars are the variables awk itself sets or reads: never a
// literal a program assigned.
var awkSpecialVars = map[string]bool{
	"ARGC": true, "ARGV": true, "CONVFMT": true, "ENVIRON": true, "FILENAME": true, "FNR": true, "FS": true, "NF": true,
	"NR": true, "OFMT": true, "OFS": true, "ORS": true, "RLENGTH": true, "RS": true, "RSTART": true, "SUBSEP": true,
	"ARGIND": true, "BINMODE": true, "ERRNO": true, "FIELDWIDTHS": true, "FPAT": true, "IGNORECASE": true, "LINT": true,
	"PREC": true, "PROCINFO": true, "ROUNDMODE": true, "RT": true, "SYMTAB": true, "TEXTDOMAIN": true, "FUNCTAB": true,
}

type awkToken struct {
	t          awkTok
	start, end int
	text       string // a name, or a string's or regex's value
	uncertain  bool   // a string whose value awks read differently
}

type awkLexer struct {
	src            string
	pos            int
	bwk            bool // regular expressions end at the first unescaped slash
	slashInBracket bool
}

type awkParser struct {
	lx    awkLexer
	tok   awkToken
	prev  awkToken   // the token before tok
	ahead []awkToken // tokens read past tok
	s     *Script
	depth int
	// noGT and noPipe are set at a print statement's top level, where >
	// and | redirect its output.
	noGT, noPipe bool
	params       map[string]bool // the current function's parameters
	funcKw       bool            // the function was declared with func
	// seenRisky counts the |, |& and system tokens read; usedRisky those
	// a construct placed. They must agree.
	seenRisky, usedRisky int
}

func (p *awkParser) fail(msg string) {
	p.failAt(p.tok.start, msg)
}

// failAt stops the parse with an error at byte pos of the program.
func (p *awkParser) failAt(pos int, msg string) {
	panic(&awkParseError{msg: msg, pos: pos})
}

// lex reads one token from the lexer's position.
func (lx *awkLexer) lex(p *awkParser) awkToken {
	src := lx.src
	for lx.pos < len(src) {
		c := src[lx.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\r' && lx.pos+1 < len(src) && src[lx.pos+1] == '\n':
			// A carriage return only before a newline: awks that take a
			// lone one (or \f, \v) for a newline would read a slash
			// after it as a regular expression.
			lx.pos++
			continue
		case c == '\\' && lx.pos+1 < len(src) && src[lx.pos+1] == '\n':
			lx.pos += 2
			continue
		case c == '\\' && lx.pos+2 < len(src) && src[lx.pos+1] == '\r' && src[lx.pos+2] == '\n':
			lx.pos += 3
			continue
		case c == '#':
			for lx.pos < len(src) && src[lx.pos] != '\n' {
				lx.pos++
			}
			continue
		}
		break
	}
	start := lx.pos
	tk := func(t awkTok, n int) awkToken {
		lx.pos += n
		return awkToken{t: t, start: start, end: lx.pos}
	}
	if lx.pos >= len(src) {
		return awkToken{t: tkEOF, start: start, end: start}
	}
	c := src[lx.pos]
	var n byte
	if lx.pos+1 < len(src) {
		n = src[lx.pos+1]
	}
	switch c {
	case '\n':
		return tk(tkNewline, 1)
	case '{':
		return tk(tkLbrace, 1)
	case '}':
		return tk(tkRbrace, 1)
	case '(':
		return tk(tkLparen, 1)
	case ')':
		return tk(tkRparen, 1)
	case '[':
		return tk(tkLbrack, 1)
	case ']':
		return tk(tkRbrack, 1)
	case ';':
		return tk(tkSemi, 1)
	case ',':
		return tk(tkComma, 1)
	case '?':
		return tk(tkQuestion, 1)
	case ':':
		return tk(tkColon, 1)
	case '~':
		return tk(tkMatch, 1)
	case '$':
		return tk(tkDollar, 1)
	case '@':
		return tk(tkAt, 1)
	case '+':
		switch n {
		case '+':
			return tk(tkIncr, 2)
		case '=':
			return tk(tkOpAssign, 2)
		}
		return tk(tkPlus, 1)
	case '-':
		switch n {
		case '-':
			return tk(tkDecr, 2)
		case '=':
			return tk(tkOpAssign, 2)
		}
		return tk(tkMinus, 1)
	case '*':
		if n == '*' {
			if lx.pos+2 < len(src) && src[lx.pos+2] == '=' {
				return tk(tkOpAssign, 3)
			}
			return tk(tkPow, 2)
		}
		if n == '=' {
			return tk(tkOpAssign, 2)
		}
		return tk(tkStar, 1)
	case '/':
		if n == '=' {
			return tk(tkDivAssign, 2)
		}
		return tk(tkSlash, 1)
	case '%':
		if n == '=' {
			return tk(tkOpAssign, 2)
		}
		return tk(tkPercent, 1)
	case '^':
		if n == '=' {
			return tk(tkOpAssign, 2)
		}
		return tk(tkPow, 1)
	case '!':
		switch n {
		case '=':
			return tk(tkNE, 2)
		case '~':
			return tk(tkNoMatch, 2)
		}
		return tk(tkNot, 1)
	case '>':
		switch n {
		case '>':
			return tk(tkAppend, 2)
		case '=':
			return tk(tkGE, 2)
		}
		return tk(tkGT, 1)
	case '<':
		if n == '=' {
			return tk(tkLE, 2)
		}
		return tk(tkLT, 1)
	case '=':
		if n == '=' {
			return tk(tkEQ, 2)
		}
		return tk(tkAssign, 1)
	case '|':
		switch n {
		case '|':
			return tk(tkOr, 2)
		case '&':
			p.seenRisky++
			return tk(tkPipeAmp, 2)
		}
		p.seenRisky++
		return tk(tkPipe, 1)
	case '&':
		if n == '&' {
			return tk(tkAnd, 2)
		}
		p.failAt(start, "a lone &")
	case '"':
		return lx.str(p)
	}
	if c >= '0' && c <= '9' || c == '.' && n >= '0' && n <= '9' {
		i := lx.pos
		for i < len(src) && src[i] >= '0' && src[i] <= '9' {
			i++
		}
		if i < len(src) && src[i] == '.' {
			i++
			for i < len(src) && src[i] >= '0' && src[i] <= '9' {
				i++
			}
		}
		if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
			j := i + 1
			if j < len(src) && (src[j] == '+' || src[j] == '-') {
				j++
			}
			if j < len(src) && src[j] >= '0' && src[j] <= '9' {
				for j < len(src) && src[j] >= '0' && src[j] <= '9' {
					j++
				}
				i = j
			}
		}
		t := awkToken{t: tkNumber, start: start, end: i, text: src[start:i]}
		lx.pos = i
		return t
	}
	if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
		i := lx.pos
		for i < len(src) && (src[i] == '_' || src[i] >= 'a' && src[i] <= 'z' || src[i] >= 'A' && src[i] <= 'Z' || src[i] >= '0' && src[i] <= '9') {
			i++
		}
		name := src[start:i]
		lx.pos = i
		t := awkToken{t: tkName, start: start, end: i, text: name}
		switch {
		case awkKeywords[name] != 0:
			t.t = awkKeywords[name]
		case awkBuiltins[name]:
			t.t = tkBuiltin
			if name == "system" {
				p.seenRisky++
			}
		case i < len(src) && src[i] == '(':
			t.t = tkFuncName
		}
		return t
	}
	p.failAt(start, "an unexpected character")
	return awkToken{}
}

// str reads a string literal and decodes its escapes. A string whose
// value awks decode differently (an unknown escape, \x, a NUL, a
// continued line) is marked uncertain.
func (lx *awkLexer) str(p *awkParser) awkToken {
	src := lx.src
	start := lx.pos
	i := lx.pos + 1
	var b strings.Builder
	uncertain := false
	for {
		if i >= len(src) || src[i] == '\n' {
			p.failAt(start, "an unterminated string")
		}
		c := src[i]
		if c == '"' {
			i++
			break
		}
		if c == 0 {
			uncertain = true
		}
		if c != '\\' {
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 >= len(src) {
			p.failAt(start, "an unterminated string")
		}
		e := src[i+1]
		i += 2
		switch e {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case '\\', '"', '/':
			b.WriteByte(e)
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'f':
			b.WriteByte(12)
		case 'v':
			b.WriteByte(11)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := int(e - '0')
			for k := 0; k < 2 && i < len(src) && src[i] >= '0' && src[i] <= '7'; k++ {
				v = v*8 + int(src[i]-'0')
				i++
			}
			if v == 0 || v > 255 {
				uncertain = true
			}
			b.WriteByte(byte(v))
		default:
			// \x (how many digits), \q (kept or dropped), a continued
			// line: awks differ.
			uncertain = true
			b.WriteByte(e)
		}
	}
	lx.pos = i
	return awkToken{t: tkString, start: start, end: i, text: b.String(), uncertain: uncertain}
}

// regex reads a regular expression literal starting at the slash at
// start. A slash inside brackets ([^/]) does not end it for gawk and
// mawk, and does for BWK awk (bwk mode). Brackets holding both a slash
// and a class, collating element or nested bracket ([[:alpha:]/]) are
// read differently by each awk: an error.
func (lx *awkLexer) regex(p *awkParser, start int) awkToken {
	src := lx.src
	i := start + 1
	inBracket, slash, nested := false, false, false
	for {
		if i >= len(src) || src[i] == '\n' {
			p.failAt(start, "an unterminated regular expression")
		}
		c := src[i]
		if c == '\\' {
			if i+1 >= len(src) || src[i+1] == '\n' {
				p.failAt(start, "an unterminated regular expression")
			}
			i += 2
			continue
		}
		if lx.bwk {
			if c == '/' {
				break
			}
			i++
			continue
		}
		switch {
		case c == '/' && inBracket:
			lx.slashInBracket = true
			slash = true
			if nested {
				p.failAt(start, "a slash in brackets awks read differently")
			}
			i++
			continue
		case c == '[' && !inBracket:
			inBracket, slash, nested = true, false, false
			i++
			// ] first in a bracket (or after ^) is a literal.
			if i < len(src) && src[i] == '^' {
				i++
			}
			if i < len(src) && src[i] == ']' {
				i++
			}
			continue
		case c == '[' && inBracket:
			nested = true
			if slash {
				p.failAt(start, "a slash in brackets awks read differently")
			}
			if i+1 < len(src) && (src[i+1] == ':' || src[i+1] == '.' || src[i+1] == '=') {
				// [:class:], [.coll.], [=equiv=]
				end := strings.Index(src[i+2:], string(src[i+1])+"]")
				if end >= 0 {
					body := src[i+2 : i+2+end]
					if strings.ContainsAny(body, "\n/") {
						p.failAt(start, "a slash in brackets awks read differently")
					}
					i += end + 4
					continue
				}
			}
		case c == ']' && inBracket:
			inBracket = false
		case c == '/':
			lx.pos = i + 1
			return awkToken{t: tkERE, start: start, end: lx.pos, text: src[start+1 : i]}
		}
		i++
	}
	lx.pos = i + 1
	return awkToken{t: tkERE, start: start, end: lx.pos, text: src[start+1 : i]}
}

// next moves to the next token.
func (p *awkParser) next() {
	p.prev = p.tok
	if len(p.ahead) > 0 {
		p.tok = p.ahead[0]
		p.ahead = p.ahead[1:]
		return
	}
	p.tok = p.lx.lex(p)
}

// peek returns the token after the current one.
func (p *awkParser) peek() awkToken {
	if len(p.ahead) == 0 {
		p.ahead = append(p.ahead, p.lx.lex(p))
	}
	return p.ahead[0]
}

// awkState is where the parser stands, to try one reading and go back.
type awkState struct {
	pos                  int
	tok, prev            awkToken
	ahead                []awkToken
	ops                  int
	seenRisky, usedRisky int
	noGT, noPipe         bool
}

func (p *awkParser) save() awkState {
	return awkState{pos: p.lx.pos, tok: p.tok, prev: p.prev, ahead: append([]awkToken(nil), p.ahead...), ops: len(p.s.Ops),
		seenRisky: p.seenRisky, usedRisky: p.usedRisky, noGT: p.noGT, noPipe: p.noPipe}
}

// restore goes back to a saved state. Assignments recorded since stay:
// more assignments only make fewer values known.
func (p *awkParser) restore(st awkState) {
	p.lx.pos, p.tok, p.prev, p.ahead = st.pos, st.tok, st.prev, st.ahead
	p.s.Ops = p.s.Ops[:st.ops]
	p.seenRisky, p.usedRisky, p.noGT, p.noPipe = st.seenRisky, st.usedRisky, st.noGT, st.noPipe
}

// try runs f from the current state; on a parse error it goes back and
// reports false.
func (p *awkParser) try(f func()) (ok bool) {
	st := p.save()
	depth := p.depth
	defer func() {
		if r := recover(); r != nil {
			if _, isParse := r.(*awkParseError); !isParse {
				panic(r)
			}
			p.restore(st)
			p.depth = depth
			ok = false
		}
	}()
	f()
	return true
}

func (p *awkParser) expect(t awkTok, what string) awkToken {
	if p.tok.t != t {
		p.fail("expected " + what)
	}
	tok := p.tok
	p.next()
	return tok
}

func (p *awkParser) optNewlines() {
	for p.tok.t == tkNewline {
		p.next()
	}
}

func (p *awkParser) enter() {
	p.depth++
	if p.depth > maxAwkDepth {
		p.fail("nested too deeply")
	}
}

func (p *awkParser) leave() { p.depth-- }

func (p *awkParser) addOp(op Op) {
	if op.expr != nil {
		op.Text = p.text(op.expr)
	}
	p.s.Ops = append(p.s.Ops, op)
}

func (p *awkParser) text(e *awkExpr) string {
	return strings.TrimSpace(p.lx.src[e.start:e.end])
}

// program reads rules, functions and directives to the end.
func (p *awkParser) program() {
	for {
		for p.tok.t == tkNewline || p.tok.t == tkSemi {
			p.next()
		}
		if p.tok.t == tkEOF {
			return
		}
		p.item()
	}
}

func (p *awkParser) item() {
	switch p.tok.t {
	case tkFunction:
		// mawk knows no func: to it "func f(c) {…}" is a rule whose
		// action assigns the global c. Then assignments to parameters
		// count as the globals' too.
		p.funcKw = p.lx.src[p.tok.start:p.tok.end] == "func"
		p.next()
		if p.tok.t != tkName && p.tok.t != tkFuncName {
			p.fail("a function with no name")
		}
		p.next()
		p.expect(tkLparen, "(")
		params := map[string]bool{}
		p.optNewlines()
		for p.tok.t != tkRparen {
			if p.tok.t != tkName {
				p.fail("a bad parameter")
			}
			params[p.tok.text] = true
			p.next()
			p.optNewlines()
			if p.tok.t == tkComma {
				p.next()
				p.optNewlines()
			} else if p.tok.t != tkRparen {
				p.fail("expected )")
			}
		}
		p.next()
		p.optNewlines()
		p.params = params
		p.block()
		p.params, p.funcKw = nil, false
		return
	case tkAt:
		if t := p.peek(); t.t == tkName && (t.text == "include" || t.text == "load" || t.text == "namespace" || t.text == "nsinclude") {
			p.next()
			name := p.tok.text
			p.next()
			if name == "namespace" || name == "nsinclude" {
				p.fail("gawk's @" + name + " is not followed")
			}
			if p.tok.t != tkString {
				p.fail("@" + name + " with no file name")
			}
			kind := Include
			if name == "load" {
				kind = Load
			}
			e := &awkExpr{kind: 's', val: p.tok.text, start: p.tok.start, end: p.tok.end}
			if p.tok.uncertain {
				e.kind = 'S'
			}
			p.addOp(Op{Kind: kind, How: "@" + name, expr: e})
			p.next()
			p.terminator()
			return
		}
	case tkBEGIN, tkEND:
		p.next()
		if p.tok.t != tkLbrace {
			p.fail("BEGIN or END with no action")
		}
		p.block()
		return
	case tkLbrace:
		p.block()
		return
	}
	p.expr()
	if p.tok.t == tkComma {
		p.next()
		p.optNewlines()
		p.expr()
	}
	if p.tok.t == tkLbrace {
		p.block()
		return
	}
	p.terminator()
}

// terminator ends a simple statement or a rule with no action.
func (p *awkParser) terminator() {
	switch p.tok.t {
	case tkSemi, tkNewline:
		p.next()
	case tkRbrace, tkEOF:
	default:
		p.fail("expected the end of a statement")
	}
}

func (p *awkParser) block() {
	p.enter()
	p.expect(tkLbrace, "{")
	for {
		for p.tok.t == tkNewline || p.tok.t == tkSemi {
			p.next()
		}
		if p.tok.t == tkRbrace {
			p.next()
			p.leave()
			return
		}
		if p.tok.t == tkEOF {
			p.fail("an unclosed {")
		}
		p.statement()
	}
}

// statement reads one statement, its terminator included.
func (p *awkParser) statement() {
	p.enter()
	defer p.leave()
	switch p.tok.t {
	case tkLbrace:
		p.block()
	case tkSemi:
		p.next()
	case tkIf:
		p.next()
		p.condition()
		p.optNewlines()
		p.statement()
		st := p.save()
		for p.tok.t == tkNewline || p.tok.t == tkSemi {
			p.next()
		}
		if p.tok.t == tkElse {
			p.next()
			p.optNewlines()
			p.statement()
		} else {
			p.restore(st)
		}
	case tkWhile:
		p.next()
		p.condition()
		if p.tok.t == tkSemi {
			p.next()
			return
		}
		p.optNewlines()
		p.statement()
	case tkDo:
		p.next()
		p.optNewlines()
		p.statement()
		for p.tok.t == tkNewline || p.tok.t == tkSemi {
			p.next()
		}
		p.expect(tkWhile, "while after do")
		p.condition()
		p.terminator()
	case tkFor:
		p.next()
		p.expect(tkLparen, "(")
		if !p.try(p.forIn) {
			if p.tok.t != tkSemi {
				p.simpleStatement()
			}
			p.expect(tkSemi, ";")
			p.optNewlines()
			if p.tok.t != tkSemi {
				p.expr()
			}
			p.expect(tkSemi, ";")
			p.optNewlines()
			if p.tok.t != tkRparen {
				p.simpleStatement()
			}
			p.expect(tkRparen, ")")
		}
		if p.tok.t == tkSemi {
			p.next()
			return
		}
		p.optNewlines()
		p.statement()
	case tkSwitch:
		p.next()
		p.condition()
		p.optNewlines()
		p.expect(tkLbrace, "{")
		for {
			for p.tok.t == tkNewline || p.tok.t == tkSemi {
				p.next()
			}
			switch p.tok.t {
			case tkRbrace:
				p.next()
				return
			case tkEOF:
				p.fail("an unclosed switch")
			case tkCase:
				p.next()
				if p.tok.t == tkMinus || p.tok.t == tkPlus {
					p.next()
				}
				switch p.tok.t {
				case tkString, tkNumber:
					p.next()
				case tkSlash, tkDivAssign:
					p.tok = p.lx.regexAt(p)
					p.next()
				default:
					p.fail("a bad case")
				}
				p.expect(tkColon, ":")
			case tkDefault:
				p.next()
				p.expect(tkColon, ":")
			default:
				p.statement()
			}
		}
	default:
		p.simpleStatement()
		p.terminator()
	}
}

// regexAt rereads the current token, a slash, as a regular expression.
func (lx *awkLexer) regexAt(p *awkParser) awkToken {
	if len(p.ahead) > 0 {
		p.ahead = p.ahead[:0]
	}
	return lx.regex(p, p.tok.start)
}

// forIn reads "NAME in NAME )" of for (k in a).
func (p *awkParser) forIn() {
	if p.tok.t != tkName {
		p.fail("not for-in")
	}
	key := p.tok.text
	p.next()
	p.expect(tkIn, "in")
	p.nameRef() // an array, or gawk's subarray a[i]
	p.expect(tkRparen, ")")
	p.assignName(key, nil, false)
}

// condition reads ( expr ).
func (p *awkParser) condition() {
	p.expect(tkLparen, "(")
	p.optNewlines()
	p.expr()
	p.optNewlines()
	p.expect(tkRparen, ")")
}

func (p *awkParser) simpleStatement() {
	switch p.tok.t {
	case tkPrint:
		p.print()
	case tkBreak, tkContinue, tkNext:
		p.next()
	case tkExit, tkReturn:
		p.next()
		if !p.atEnd() {
			p.expr()
		}
	case tkDelete:
		p.next()
		paren := p.tok.t == tkLparen
		if paren {
			p.next()
		}
		if p.tok.t != tkName {
			p.fail("delete with no array")
		}
		if p.tok.text == "ENVIRON" {
			p.s.EnvMod = true
		}
		p.next()
		if p.tok.t == tkLbrack {
			p.next()
			p.exprList(tkRbrack)
			p.expect(tkRbrack, "]")
		}
		if paren {
			p.expect(tkRparen, ")")
		}
	default:
		p.expr()
	}
}

// atEnd reports a token that ends a simple statement.
func (p *awkParser) atEnd() bool {
	switch p.tok.t {
	case tkSemi, tkNewline, tkRbrace, tkEOF:
		return true
	}
	return false
}

// print reads print or printf: its expressions, then > file, >> file,
// | command or |& command. At its top level > and | redirect; inside
// parentheses they compare and pipe to getline.
func (p *awkParser) print() {
	p.next()
	grouped := false
	if p.tok.t == tkLparen {
		grouped = p.try(func() {
			p.next()
			p.optNewlines()
			saveGT, savePipe := p.noGT, p.noPipe
			p.noGT, p.noPipe = false, false
			p.exprList(tkRparen)
			p.noGT, p.noPipe = saveGT, savePipe
			p.expect(tkRparen, ")")
			if !p.atEnd() && p.tok.t != tkGT && p.tok.t != tkAppend && p.tok.t != tkPipe && p.tok.t != tkPipeAmp {
				p.fail("not a grouped print list")
			}
		})
	}
	if !grouped && !p.atEnd() && p.tok.t != tkGT && p.tok.t != tkAppend && p.tok.t != tkPipe && p.tok.t != tkPipeAmp {
		saveGT, savePipe := p.noGT, p.noPipe
		p.noGT, p.noPipe = true, true
		p.exprList(tkEOF)
		p.noGT, p.noPipe = saveGT, savePipe
	}
	var op Op
	switch p.tok.t {
	case tkGT:
		op = Op{Kind: Write, How: ">"}
	case tkAppend:
		op = Op{Kind: Write, How: ">>"}
	case tkPipe:
		op = Op{Kind: Run, How: "pipe"}
		p.usedRisky++
	case tkPipeAmp:
		op = Op{Kind: Run, How: "coprocess"}
		p.usedRisky++
	default:
		return
	}
	p.next()
	saveGT, savePipe := p.noGT, p.noPipe
	p.noGT, p.noPipe = true, true
	e := p.concat()
	p.noGT, p.noPipe = saveGT, savePipe
	// print > "a" "b" writes "ab" (gawk, mawk, busybox); BWK awk
	// rejects it.
	op.expr = e
	p.addOp(op)
}

// exprList reads expressions separated by commas, up to close (not
// consumed); tkEOF reads to the first token that is not a comma.
func (p *awkParser) exprList(close awkTok) int {
	n := 0
	if close != tkEOF && p.tok.t == close {
		return 0
	}
	for {
		p.expr()
		n++
		if close != tkEOF {
			p.optNewlines()
		}
		if p.tok.t != tkComma {
			return n
		}
		p.next()
		p.optNewlines()
	}
}

// expr reads an expression: a ternary, or an assignment.
func (p *awkParser) expr() *awkExpr {
	p.enter()
	defer p.leave()
	left := p.ternary()
	switch p.tok.t {
	case tkAssign, tkOpAssign, tkDivAssign:
		if !left.lvalue {
			p.fail("assignment to a value")
		}
		plain := p.tok.t == tkAssign
		p.next()
		p.optNewlines()
		right := p.expr()
		if plain {
			p.assign(left, right)
		} else {
			p.assign(left, nil)
		}
		return &awkExpr{kind: 'o', start: left.start, end: right.end}
	}
	return left
}

// assign records an assignment to an lvalue; value nil is one whose
// value is not kept (+=, ++, getline var).
func (p *awkParser) assign(lv, value *awkExpr) {
	switch lv.kind {
	case 'v':
		p.assignName(lv.name, value, lv.local)
	case 'a':
		switch lv.name {
		case "ARGV":
			p.s.Argv = true
		case "ENVIRON":
			p.s.EnvMod = true
		case "SYMTAB":
			p.s.symtab = true
		}
	}
}

func (p *awkParser) assignName(name string, value *awkExpr, local bool) {
	if (local || p.params[name]) && !p.funcKw {
		return
	}
	switch name {
	case "ARGV":
		p.s.Argv = true
	case "ENVIRON":
		p.s.EnvMod = true
	case "SYMTAB":
		p.s.symtab = true
	}
	v := p.s.vars[name]
	if v == nil {
		v = &awkVar{}
		p.s.vars[name] = v
	}
	if value == nil {
		v.tainted = true
		return
	}
	v.assigns = append(v.assigns, value)
}

func (p *awkParser) ternary() *awkExpr {
	cond := p.or()
	if p.tok.t != tkQuestion {
		return cond
	}
	p.next()
	p.optNewlines()
	a := p.expr()
	p.optNewlines()
	p.expect(tkColon, ":")
	p.optNewlines()
	b := p.expr()
	return &awkExpr{kind: 'o', start: cond.start, end: b.end, kids: []*awkExpr{a, b}}
}

func (p *awkParser) or() *awkExpr {
	left := p.and()
	for p.tok.t == tkOr {
		p.next()
		p.optNewlines()
		right := p.and()
		left = &awkExpr{kind: 'o', start: left.start, end: right.end}
	}
	return left
}

func (p *awkParser) and() *awkExpr {
	left := p.in()
	for p.tok.t == tkAnd {
		p.next()
		p.optNewlines()
		right := p.in()
		left = &awkExpr{kind: 'o', start: left.start, end: right.end}
	}
	return left
}

func (p *awkParser) in() *awkExpr {
	left := p.match()
	for p.tok.t == tkIn {
		p.next()
		arr := p.nameRef() // an array, or gawk's subarray a[i]
		left = &awkExpr{kind: 'o', start: left.start, end: arr.end}
	}
	return left
}

func (p *awkParser) match() *awkExpr {
	left := p.comparison()
	for p.tok.t == tkMatch || p.tok.t == tkNoMatch {
		p.next()
		right := p.comparison()
		left = &awkExpr{kind: 'o', start: left.start, end: right.end}
	}
	return left
}

func (p *awkParser) comparison() *awkExpr {
	left := p.concat()
	for {
		switch p.tok.t {
		case tkLT, tkLE, tkNE, tkEQ, tkGE:
		case tkGT:
			if p.noGT {
				return left
			}
		default:
			return left
		}
		p.next()
		right := p.concat()
		left = &awkExpr{kind: 'o', start: left.start, end: right.end}
	}
}

// startsOperand reports a token that starts an operand of a
// concatenation.
func (p *awkParser) startsOperand() bool {
	switch p.tok.t {
	case tkString, tkNumber, tkName, tkFuncName, tkBuiltin, tkDollar, tkLparen, tkIncr, tkDecr, tkAt:
		return true
	}
	return false
}

// concat reads a concatenation, and the | getline that may follow it.
func (p *awkParser) concat() *awkExpr {
	p.enter()
	defer p.leave()
	left := p.additive()
	for {
		switch {
		case p.startsOperand():
			right := p.additive()
			if left.kind == 'c' && !left.paren {
				left.kids = append(left.kids, right)
				left.end = right.end
			} else {
				left = &awkExpr{kind: 'c', start: left.start, end: right.end, kids: []*awkExpr{left, right}}
			}
		case (p.tok.t == tkPipe || p.tok.t == tkPipeAmp) && !p.noPipe && p.peek().t == tkGetline:
			op := Op{Kind: Run, How: "getline", expr: left}
			if p.tok.t == tkPipeAmp {
				op.How = "coprocess"
			}
			if left.kind == 'c' && !left.paren {
				// "echo " "date" | getline runs "echo date" (gawk, BWK)
				// or "date" (mawk).
				op.alt = left.kids[len(left.kids)-1]
			}
			p.usedRisky++
			p.next()
			p.next()
			end := p.getlineVar()
			p.addOp(op)
			if p.tok.t == tkLT {
				p.fail("a getline from both a command and a file")
			}
			if end == 0 {
				end = left.end
			}
			left = &awkExpr{kind: 'o', start: left.start, end: end}
		default:
			return left
		}
	}
}

// getlineVar reads the optional variable after getline; it returns the
// end offset of what it read (0 for nothing).
func (p *awkParser) getlineVar() int {
	switch p.tok.t {
	case tkName, tkDollar:
		lv := p.lvalueOnly()
		p.assign(lv, nil)
		return lv.end
	}
	return 0
}

// lvalueOnly reads a variable, array element or field.
func (p *awkParser) lvalueOnly() *awkExpr {
	if p.tok.t == tkDollar {
		start := p.tok.start
		p.next()
		e := p.fieldOperand()
		return &awkExpr{kind: 'o', start: start, end: e.end, lvalue: true}
	}
	return p.nameRef()
}

func (p *awkParser) additive() *awkExpr {
	left := p.multiplicative()
	for p.tok.t == tkPlus || p.tok.t == tkMinus {
		p.next()
		right := p.multiplicative()
		left = &awkExpr{kind: 'o', start: left.start, end: right.end}
	}
	return left
}

func (p *awkParser) multiplicative() *awkExpr {
	left := p.unary()
	for p.tok.t == tkStar || p.tok.t == tkSlash || p.tok.t == tkPercent {
		if p.tok.t == tkSlash && (p.prev.t == tkIncr || p.prev.t == tkDecr || p.prev.t == tkBuiltin && p.prev.text == "length") {
			// mawk decides by the token before a slash: after ++, --
			// or a bare length it reads a regular expression, which may
			// hide from it a # or " that hides code here.
			p.fail("a slash mawk reads as a regular expression")
		}
		p.next()
		right := p.unary()
		left = &awkExpr{kind: 'o', start: left.start, end: right.end}
	}
	return left
}

func (p *awkParser) unary() *awkExpr {
	p.enter()
	defer p.leave()
	switch p.tok.t {
	case tkNot, tkMinus, tkPlus:
		start := p.tok.start
		p.next()
		e := p.unary()
		return &awkExpr{kind: 'o', start: start, end: e.end}
	}
	return p.power()
}

func (p *awkParser) power() *awkExpr {
	p.enter()
	defer p.leave()
	left := p.postfix()
	if p.tok.t == tkPow {
		p.next()
		var right *awkExpr
		if p.tok.t == tkMinus || p.tok.t == tkPlus || p.tok.t == tkNot {
			right = p.unary()
		} else {
			right = p.power()
		}
		return &awkExpr{kind: 'o', start: left.start, end: right.end}
	}
	return left
}

func (p *awkParser) postfix() *awkExpr {
	if p.tok.t == tkIncr || p.tok.t == tkDecr {
		start := p.tok.start
		p.next()
		lv := p.lvalueOnly()
		p.assign(lv, nil)
		return &awkExpr{kind: 'o', start: start, end: lv.end}
	}
	e := p.primary()
	if e.lvalue && (p.tok.t == tkIncr || p.tok.t == tkDecr) {
		p.assign(e, nil)
		end := p.tok.end
		p.next()
		return &awkExpr{kind: 'o', start: e.start, end: end}
	}
	return e
}

// fieldOperand reads what follows $: an increment, a sign or a primary.
func (p *awkParser) fieldOperand() *awkExpr {
	p.enter()
	defer p.leave()
	switch p.tok.t {
	case tkIncr, tkDecr:
		start := p.tok.start
		p.next()
		lv := p.lvalueOnly()
		p.assign(lv, nil)
		return &awkExpr{kind: 'o', start: start, end: lv.end}
	case tkMinus, tkPlus, tkNot:
		start := p.tok.start
		p.next()
		e := p.fieldOperand()
		return &awkExpr{kind: 'o', start: start, end: e.end}
	}
	return p.primary()
}

// nameRef reads a variable or an array element.
func (p *awkParser) nameRef() *awkExpr {
	if p.tok.t != tkName {
		p.fail("expected a variable")
	}
	name := p.tok.text
	e := &awkExpr{kind: 'v', name: name, start: p.tok.start, end: p.tok.end, lvalue: true, local: p.params[name]}
	if name == "SYMTAB" {
		p.s.symtab = true
	}
	p.next()
	// a[i], a[i, j], and gawk's arrays of arrays a[i][j].
	for p.tok.t == tkLbrack {
		p.next()
		first := p.tok
		saveGT, savePipe := p.noGT, p.noPipe
		p.noGT, p.noPipe = false, false
		n := p.exprList(tkRbrack)
		p.noGT, p.noPipe = saveGT, savePipe
		if n == 0 {
			p.fail("an empty subscript")
		}
		if e.kind == 'v' && n == 1 && first.t == tkString && !first.uncertain && p.tok.start == first.end {
			e.val = first.text
		} else {
			e.val = "\x00" // not one literal subscript
		}
		e.kind = 'a'
		e.end = p.tok.end
		p.expect(tkRbrack, "]")
	}
	return e
}

func (p *awkParser) primary() *awkExpr {
	p.enter()
	defer p.leave()
	t := p.tok
	switch t.t {
	case tkNumber:
		p.next()
		return &awkExpr{kind: 'n', val: t.text, start: t.start, end: t.end}
	case tkString:
		p.next()
		e := &awkExpr{kind: 's', val: t.text, start: t.start, end: t.end}
		if t.uncertain {
			e.kind = 'S'
		}
		return e
	case tkSlash, tkDivAssign:
		p.tok = p.lx.regexAt(p)
		t = p.tok
		p.next()
		return &awkExpr{kind: 'o', start: t.start, end: t.end}
	case tkLparen:
		p.next()
		saveGT, savePipe := p.noGT, p.noPipe
		p.noGT, p.noPipe = false, false
		p.optNewlines()
		first := p.expr()
		n := 1
		for p.tok.t == tkComma {
			p.next()
			p.optNewlines()
			p.expr()
			n++
		}
		p.optNewlines()
		end := p.expect(tkRparen, ")").end
		p.noGT, p.noPipe = saveGT, savePipe
		if n > 1 {
			// (i, j) in a
			if p.tok.t != tkIn {
				p.fail("a parenthesised list not before in")
			}
			p.next()
			arr := p.nameRef()
			return &awkExpr{kind: 'o', start: t.start, end: arr.end}
		}
		inner := *first
		inner.paren = true
		inner.lvalue = false
		inner.start, inner.end = t.start, end
		return &inner
	case tkDollar:
		p.next()
		e := p.fieldOperand()
		return &awkExpr{kind: 'o', start: t.start, end: e.end, lvalue: true}
	case tkName:
		return p.nameRef()
	case tkFuncName:
		p.next()
		p.next() // (
		end := p.args(t.text)
		return &awkExpr{kind: 'o', start: t.start, end: end}
	case tkBuiltin:
		p.next()
		if p.tok.t != tkLparen {
			if t.text == "length" {
				return &awkExpr{kind: 'o', start: t.start, end: t.end}
			}
			p.fail(t.text + " with no arguments")
		}
		p.next()
		end := p.args(t.text)
		return &awkExpr{kind: 'o', start: t.start, end: end}
	case tkGetline:
		p.next()
		end := p.getlineVar()
		if end == 0 {
			end = t.end
		}
		if p.tok.t == tkLT {
			p.next()
			saveGT, savePipe := p.noGT, p.noPipe
			p.noGT, p.noPipe = true, true
			target := p.additive()
			p.noGT, p.noPipe = saveGT, savePipe
			// getline < "a" "b": POSIX leaves it open whether the
			// concatenation is the file.
			p.addOp(Op{Kind: Read, How: "<", expr: target, ambiguous: p.startsOperand()})
			end = target.end
		}
		return &awkExpr{kind: 'o', start: t.start, end: end}
	case tkAt:
		// gawk's typed regular expression @/re/, or its indirect call
		// @name(args).
		p.next()
		if p.tok.t == tkSlash || p.tok.t == tkDivAssign {
			p.tok = p.lx.regexAt(p)
			end := p.tok.end
			p.next()
			return &awkExpr{kind: 'o', start: t.start, end: end}
		}
		if p.tok.t != tkFuncName {
			p.fail("@ not before a call")
		}
		name := p.tok.text
		p.next()
		p.next()
		end := p.args(name)
		p.s.Indirect = true
		return &awkExpr{kind: 'o', start: t.start, end: end}
	}
	p.fail("expected an expression")
	return nil
}

// args reads a call's arguments after its (, through the ), and records
// what the call does: system() runs its argument; sub(), split() and
// their kin assign to a variable they are given.
func (p *awkParser) args(fn string) int {
	saveGT, savePipe := p.noGT, p.noPipe
	p.noGT, p.noPipe = false, false
	var args []*awkExpr
	p.optNewlines()
	for p.tok.t != tkRparen {
		args = append(args, p.expr())
		p.optNewlines()
		if p.tok.t == tkComma {
			p.next()
			p.optNewlines()
		} else if p.tok.t != tkRparen {
			p.fail("expected ) after the arguments")
		}
	}
	end := p.tok.end
	p.next()
	p.noGT, p.noPipe = saveGT, savePipe
	for i, a := range args {
		if a.kind == 'v' && !a.paren {
			switch a.name {
			case "ARGV":
				p.s.Argv = true // passed whole: changed by reference
			case "ENVIRON":
				p.s.EnvMod = true
			}
		}
		switch {
		case fn == "sub" || fn == "gsub":
			if i == 2 && a.lvalue {
				p.assign(a, nil)
			}
		case fn == "split" || fn == "patsplit" || fn == "match" || fn == "asort" || fn == "asorti":
			if i > 0 && a.lvalue || fn == "asort" || fn == "asorti" {
				p.assign(a, nil)
			}
		}
	}
	if fn == "system" {
		if len(args) != 1 {
			p.fail("system() takes one argument")
		}
		p.usedRisky++
		p.addOp(Op{Kind: Run, How: "system", expr: args[0]})
	}
	return end
}

// maxAwkValues bounds the values one command or file may take.
const maxAwkValues = 16

// Resolve computes each op's possible values. cmdline names the
// variables the command line assigns (-v, or NAME=value operands): their
// values are not the program's; "*" names them all. env gives the environment's variables
// that are known.
func (s *Script) Resolve(cmdline map[string]bool, env func(string) (string, bool)) {
	for i := range s.Ops {
		op := &s.Ops[i]
		vals, ok := s.values(op.expr, cmdline, env, map[string]bool{})
		if ok && op.alt != nil {
			alt, ok2 := s.values(op.alt, cmdline, env, map[string]bool{})
			ok = ok2
			vals = appendUnique(vals, alt...)
		}
		if op.ambiguous {
			ok = false
		}
		if len(vals) > maxAwkValues {
			ok = false
		}
		op.Known = ok
		op.Vals = nil
		if ok {
			op.Vals = vals
		}
	}
}

func appendUnique(xs []string, ys ...string) []string {
	for _, y := range ys {
		dup := false
		for _, x := range xs {
			if x == y {
				dup = true
				break
			}
		}
		if !dup {
			xs = append(xs, y)
		}
	}
	return xs
}

// values returns the strings an expression may evaluate to, or false when
// they are not all known.
func (s *Script) values(e *awkExpr, cmdline map[string]bool, env func(string) (string, bool), visiting map[string]bool) ([]string, bool) {
	switch e.kind {
	case 's':
		return []string{e.val}, true
	case 'n':
		// A decimal integer prints as itself; other numbers go through
		// CONVFMT.
		if e.val == "0" || e.val[0] != '0' && strings.Trim(e.val, "0123456789") == "" && len(e.val) < 16 {
			return []string{e.val}, true
		}
		return nil, false
	case 'v':
		if e.local || awkSpecialVars[e.name] || cmdline[e.name] || cmdline["*"] || s.symtab || visiting[e.name] {
			return nil, false
		}
		v := s.vars[e.name]
		if v == nil || v.tainted || len(v.assigns) == 0 {
			return nil, false
		}
		visiting[e.name] = true
		defer delete(visiting, e.name)
		var out []string
		for _, a := range v.assigns {
			vals, ok := s.values(a, cmdline, env, visiting)
			if !ok {
				return nil, false
			}
			out = appendUnique(out, vals...)
			if len(out) > maxAwkValues {
				return nil, false
			}
		}
		return out, true
	case 'a':
		if e.name == "ENVIRON" && !e.local && !s.EnvMod && !s.symtab && e.val != "\x00" && env != nil {
			if v, ok := env(e.val); ok {
				return []string{v}, true
			}
		}
		return nil, false
	case 'c':
		out := []string{""}
		for _, k := range e.kids {
			vals, ok := s.values(k, cmdline, env, visiting)
			if !ok || len(out)*len(vals) > maxAwkValues {
				return nil, false
			}
			next := make([]string, 0, len(out)*len(vals))
			for _, a := range out {
				for _, b := range vals {
					next = append(next, a+b)
				}
			}
			out = next
		}
		return appendUnique(nil, out...), true
	}
	return nil, false
}

// CommandLineVars returns the variables an awk command line assigns:
// -v NAME=value, --assign NAME=value, and NAME=value operands. Any word
// with an = counts, and every name that may end before an = (-bvc=x
// bundles -b and -v c=x): a name too many only makes a value unknown.
func CommandLineVars(words []string) map[string]bool {
	var out map[string]bool
	for _, w := range words {
		for i := 0; i < len(w); i++ {
			if w[i] != '=' {
				continue
			}
			for j := i - 1; j >= 0 && awkNameByte(w[j]); j-- {
				if c := w[j]; c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
					if out == nil {
						out = map[string]bool{}
					}
					out[w[j:i]] = true
				}
			}
		}
	}
	return out
}

func awkNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// SpecialFile reports the file names awk reads and writes itself
// rather than as files, and the devices that keep nothing; "-" is
// standard input to getline only.
func SpecialFile(name string) bool {
	switch name {
	case "/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/null", "/dev/tty", "/dev/zero":
		return true
	}
	return strings.HasPrefix(name, "/dev/fd/")
}

// NetFile reports gawk's special files for network connections.
func NetFile(name string) bool {
	return strings.HasPrefix(name, "/inet/") || strings.HasPrefix(name, "/inet4/") || strings.HasPrefix(name, "/inet6/")
}
