package sql

import (
	"strconv"
	"strings"
)

// Always reports a condition that is true for every row: one that holds
// whatever the columns are (WHERE true, 1, 1=1, 'a'='a', 2>1, NOT false,
// 1 IN (1, 2), 1 BETWEEN 0 AND 2, EXISTS (SELECT 1), … OR 1=1, (1=1)),
// one that compares a
// column with itself (id = id, true but for NULLs) or matches it to
// LIKE '%', and an empty one. A condition it cannot read is not.
func Always(cond []Token) bool {
	if len(cond) == 0 {
		return true
	}
	p := evaluator{c: cond}
	v := p.or()
	v = v.truth()
	return p.i == len(p.c) && v.k == kBool && v.b
}

// value is what an expression is known to be.
type value struct {
	k kind
	b bool
	n float64
	s string // a string's content; a column's name in lower case
}

type kind uint8

const (
	kUnknown kind = iota
	kBool
	kNum
	kStr
	kNull
	kCol
)

var unknown = value{}

func boolean(b bool) value { return value{k: kBool, b: b} }

// truth is a value as a condition: a number is true when it is not 0
// (MySQL, SQLite), a string when it reads as such a number.
func (v value) truth() value {
	switch v.k {
	case kBool:
		return v
	case kNum:
		return boolean(v.n != 0)
	case kStr:
		if n, err := strconv.ParseFloat(strings.TrimSpace(v.s), 64); err == nil {
			return boolean(n != 0)
		}
	}
	return unknown
}

type evaluator struct {
	c     []Token
	i     int
	depth int // parentheses open
}

// maxDepth is how deep parentheses are read: a condition nested deeper is
// not known to be always true.
const maxDepth = 100

func (p *evaluator) peek() Token {
	if p.i < len(p.c) {
		return p.c[p.i]
	}
	return Token{Kind: End}
}

func (p *evaluator) or() value {
	v := p.and()
	for p.peek().Is("OR") {
		p.i++
		w := p.and()
		a, b := v.truth(), w.truth()
		switch {
		case a.k == kBool && a.b || b.k == kBool && b.b:
			v = boolean(true)
		case a.k == kBool && b.k == kBool:
			v = boolean(false)
		default:
			v = unknown
		}
	}
	return v
}

func (p *evaluator) and() value {
	v := p.not()
	for p.peek().Is("AND") {
		p.i++
		w := p.not()
		a, b := v.truth(), w.truth()
		switch {
		case a.k == kBool && !a.b || b.k == kBool && !b.b:
			v = boolean(false)
		case a.k == kBool && b.k == kBool:
			v = boolean(true)
		default:
			v = unknown
		}
	}
	return v
}

func (p *evaluator) not() value {
	if p.peek().Is("NOT") || p.peek().IsPunct("!") {
		p.i++
		v := p.not().truth()
		if v.k == kBool {
			return boolean(!v.b)
		}
		return unknown
	}
	return p.compare()
}

func (p *evaluator) compare() value {
	v := p.sum()
	for {
		t := p.peek()
		switch {
		case t.Kind == Punct && (t.Text == "=" || t.Text == "==" || t.Text == "<>" || t.Text == "!=" || t.Text == "<" || t.Text == ">" || t.Text == "<=" || t.Text == ">=" || t.Text == "<=>"):
			p.i++
			v = compareValues(t.Text, v, p.sum())
		case t.Is("IS"):
			p.i++
			neg := false
			if p.peek().Is("NOT") {
				p.i++
				neg = true
			}
			w := p.sum()
			r := unknown
			switch {
			case w.k == kNull && v.k != kUnknown && v.k != kCol:
				r = boolean(v.k == kNull)
			case w.k == kBool && (v.k == kBool || v.k == kNull || v.k == kNum):
				tv := v.truth()
				r = boolean(v.k != kNull && tv.b == w.b)
			}
			if neg && r.k == kBool {
				r.b = !r.b
			}
			v = r
		case t.Is("LIKE", "ILIKE"):
			p.i++
			w := p.sum()
			if w.k == kStr && strings.Trim(w.s, "%") == "" && w.s != "" && (v.k == kCol || v.k == kStr || v.k == kNum) {
				v = boolean(true)
			} else {
				v = unknown
			}
		case t.Is("IN"):
			p.i++
			v = p.in(v)
		case t.Is("BETWEEN"):
			p.i++
			lo := p.sum()
			if !p.peek().Is("AND") {
				return unknown
			}
			p.i++
			hi := p.sum()
			a, b := compareValues(">=", v, lo), compareValues("<=", v, hi)
			if a.k == kBool && b.k == kBool {
				v = boolean(a.b && b.b)
			} else {
				v = unknown
			}
		default:
			return v
		}
	}
}

// in reads ( a, b, … ) after IN.
func (p *evaluator) in(v value) value {
	if !p.peek().IsPunct("(") {
		return unknown
	}
	p.i++
	found, known := false, true
	for {
		w := p.or()
		r := compareValues("=", v, w)
		if r.k == kBool {
			found = found || r.b
		} else {
			known = false
		}
		if p.peek().IsPunct(",") {
			p.i++
			continue
		}
		break
	}
	if !p.peek().IsPunct(")") {
		p.i = len(p.c) + 1 // unreadable
		return unknown
	}
	p.i++
	switch {
	case found:
		return boolean(true)
	case known:
		return boolean(false)
	}
	return unknown
}

func compareValues(op string, a, b value) value {
	if a.k == kCol && b.k == kCol && a.s == b.s {
		switch op {
		case "=", "==", "<=", ">=", "<=>":
			return boolean(true)
		}
		return boolean(false)
	}
	if a.k == kNull || b.k == kNull {
		if op == "<=>" && a.k == kNull && b.k == kNull {
			return boolean(true)
		}
		return value{k: kNull}
	}
	var c int
	switch {
	case a.k == kNum && b.k == kNum:
		c = cmpFloat(a.n, b.n)
	case a.k == kStr && b.k == kStr:
		if strings.EqualFold(a.s, b.s) && (op == "=" || op == "==" || op == "<=>") {
			return boolean(true)
		}
		c = strings.Compare(a.s, b.s)
	case a.k == kBool && b.k == kBool:
		c = cmpFloat(b2f(a.b), b2f(b.b))
	default:
		return unknown
	}
	switch op {
	case "=", "==", "<=>":
		return boolean(c == 0)
	case "<>", "!=":
		return boolean(c != 0)
	case "<":
		return boolean(c < 0)
	case ">":
		return boolean(c > 0)
	case "<=":
		return boolean(c <= 0)
	case ">=":
		return boolean(c >= 0)
	}
	return unknown
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func (p *evaluator) sum() value {
	v := p.product()
	for {
		t := p.peek()
		if t.Kind != Punct || t.Text != "+" && t.Text != "-" && t.Text != "||" {
			return v
		}
		p.i++
		w := p.product()
		switch {
		case t.Text == "||" && v.k == kStr && w.k == kStr:
			v = value{k: kStr, s: v.s + w.s}
		case t.Text != "||" && v.k == kNum && w.k == kNum:
			if t.Text == "+" {
				v.n += w.n
			} else {
				v.n -= w.n
			}
		default:
			v = unknown
		}
	}
}

func (p *evaluator) product() value {
	v := p.unary()
	for {
		t := p.peek()
		if t.Kind != Punct || t.Text != "*" && t.Text != "/" && t.Text != "%" {
			return v
		}
		p.i++
		w := p.unary()
		if v.k == kNum && w.k == kNum && t.Text == "*" {
			v.n *= w.n
		} else {
			v = unknown
		}
	}
}

func (p *evaluator) unary() value {
	t := p.peek()
	if t.Kind == Punct && (t.Text == "-" || t.Text == "+") {
		p.i++
		v := p.unary()
		if v.k == kNum && t.Text == "-" {
			v.n = -v.n
		} else if v.k != kNum {
			v = unknown
		}
		return v
	}
	v := p.primary()
	for p.peek().IsPunct("::") { // PostgreSQL's cast: the value is kept
		p.i++
		if p.peek().Kind == Word {
			p.i++
		}
		v = castKeep(v)
	}
	return v
}

// castKeep is a value after a cast to a type Warden does not read: a
// boolean or a number stays what it is.
func castKeep(v value) value {
	if v.k == kBool || v.k == kNum {
		return v
	}
	return unknown
}

func (p *evaluator) primary() value {
	t := p.peek()
	switch t.Kind {
	case Number:
		p.i++
		if n, err := strconv.ParseFloat(t.Text, 64); err == nil {
			return value{k: kNum, n: n}
		}
		if n, err := strconv.ParseInt(t.Text, 0, 64); err == nil { // 0x1F
			return value{k: kNum, n: float64(n)}
		}
		return unknown
	case String:
		p.i++
		return value{k: kStr, s: t.Value}
	case Punct:
		if t.Text == "(" {
			if p.depth++; p.depth > maxDepth {
				p.i = len(p.c) + 1
				return unknown
			}
			defer func() { p.depth-- }()
			p.i++
			if p.peek().Is("SELECT", "WITH", "VALUES") {
				p.skipTo(")")
				return unknown
			}
			v := p.or()
			if !p.peek().IsPunct(")") {
				p.i = len(p.c) + 1
				return unknown
			}
			p.i++
			return v
		}
		return unknown
	case Word, Name:
		switch {
		case t.Is("TRUE"):
			p.i++
			return boolean(true)
		case t.Is("FALSE"):
			p.i++
			return boolean(false)
		case t.Is("NULL"):
			p.i++
			return value{k: kNull}
		case t.Is("CASE"):
			p.skipCase()
			return unknown
		case t.Is("EXISTS") && p.i+2 < len(p.c) && p.c[p.i+1].IsPunct("(") && p.c[p.i+2].Is("SELECT"):
			// EXISTS (SELECT 1): a query of no table has a row.
			p.i += 2
			start := p.i
			p.skipTo(")")
			if p.i > len(p.c) || indexWord(p.c[start:p.i-1], 0, "FROM", "WHERE", "LIMIT", "HAVING", "OFFSET", "FETCH", "EXCEPT", "INTERSECT") >= 0 {
				return unknown
			}
			return boolean(true)
		case t.Is("N", "E", "_utf8", "_utf8mb4", "_binary") && p.i+1 < len(p.c) && p.c[p.i+1].Kind == String:
			p.i++
			return p.primary()
		}
		if t.Kind == Word && t.Is("AND", "OR", "NOT", "IS", "IN", "LIKE", "BETWEEN", "SELECT") {
			p.i = len(p.c) + 1
			return unknown
		}
		p.i++
		name := strings.ToLower(t.Value)
		for p.peek().IsPunct(".") && p.i+1 < len(p.c) && (p.c[p.i+1].Kind == Word || p.c[p.i+1].Kind == Name) {
			name += "." + strings.ToLower(p.c[p.i+1].Value)
			p.i += 2
		}
		if p.peek().IsPunct("(") { // a function: its value is not known
			p.i++
			p.skipTo(")")
			return unknown
		}
		if strings.HasPrefix(name, "$") || strings.HasPrefix(name, "@") {
			return unknown
		}
		return value{k: kCol, s: name}
	}
	p.i = len(p.c) + 1
	return unknown
}

// skipTo moves past the parenthesis that closes the one just opened.
func (p *evaluator) skipTo(close string) {
	depth := 0
	for ; p.i < len(p.c); p.i++ {
		switch {
		case p.c[p.i].IsPunct("("):
			depth++
		case p.c[p.i].IsPunct(close):
			if depth == 0 {
				p.i++
				return
			}
			depth--
		}
	}
	p.i = len(p.c) + 1
}

// skipCase moves past CASE … END.
func (p *evaluator) skipCase() {
	depth := 0
	for ; p.i < len(p.c); p.i++ {
		switch {
		case p.c[p.i].Is("CASE"):
			depth++
		case p.c[p.i].Is("END"):
			if depth--; depth == 0 {
				p.i++
				return
			}
		}
	}
	p.i = len(p.c) + 1
}
