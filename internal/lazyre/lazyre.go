package lazyre

import (
	"bytes"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"
)

// Regexp is a regular expression compiled on first use. Most commands
// never need the catalogue's argument-text patterns (SQL, inline code), and
// a short-lived process such as warden hook would otherwise compile all of
// them at every start.
//
// Most of these patterns are long alternations of words, run over every
// piece of inline code; the regexp package tries each at every position.
// Each pattern therefore carries literals of which every match contains
// one (ignoring case), found from its syntax tree: ASCII text that holds
// none of them cannot match, and is not searched; text that holds some is
// searched by the pattern without the alternatives it cannot match
// (branch).
type Regexp struct {
	expr string
	once sync.Once
	// needs are lower-case literals one of which every match contains;
	// nil when the pattern has no such set.
	needs []string
	// tree is the parsed pattern; lits are the literals its branches
	// need, and branches the alternatives that can be left out (below).
	tree     *syntax.Regexp
	lits     []string
	branches []branch
	// needb and litb are needs and lits as bytes.
	needb, litb [][]byte
	// slot maps an alternation to its alternatives' indexes in branches
	// (-1 for one that is always kept).
	slot map[*syntax.Regexp][]int

	fullOnce sync.Once
	re       *regexp.Regexp

	mu     sync.Mutex
	pruned map[uint64]*regexp.Regexp
}

// A branch is an alternative of an alternation somewhere in the pattern
// with no capture group in it, of which every match holds one of the
// literals at lits (indexes into Regexp.lits). Text that holds none of
// them cannot match the alternative anywhere, so the pattern without it
// finds exactly what the whole pattern finds, in the same order, with the
// same groups: the regexp package tries every alternative at every
// position, and a pattern left with only the alternatives the text can
// match runs several times faster (codeSend has 34 alternatives; a line of
// inline code holds one or two).
type branch struct {
	lits []int
}

// maxBranches bounds the alternatives a pattern can leave out (one bit of
// a mask each); maxPruned the patterns made without some, kept per pattern.
const (
	maxBranches = 64
	maxPruned   = 128
)

// all are every pattern made, for the test that checks the literals.
var all []*Regexp

// Compile returns the pattern, to be compiled when it is first used. It
// is meant for package-level variables: the pattern must be valid.
func Compile(expr string) *Regexp {
	l := &Regexp{expr: expr}
	all = append(all, l)
	return l
}

// HasLiterals reports whether the pattern found literals of which every
// match holds one: text with none of them is never searched.
func (l *Regexp) HasLiterals() bool {
	l.parse()
	return l.needs != nil
}

// parse reads the pattern's literals and the alternatives that can be
// left out; the pattern itself is compiled when first needed.
func (l *Regexp) parse() {
	l.once.Do(func() {
		t, err := syntax.Parse(l.expr, syntax.Perl)
		if err != nil {
			l.full() // panics with the pattern's error
			return
		}
		l.needs = requiredLiterals(t)
		l.tree = t
		l.collect(t)
		l.needb, l.litb = byteSlices(l.needs), byteSlices(l.lits)
	})
}

// full returns the whole pattern, compiled.
func (l *Regexp) full() *regexp.Regexp {
	l.fullOnce.Do(func() { l.re = regexp.MustCompile(l.expr) })
	return l.re
}

// collect numbers the alternatives of re's alternations that can be left
// out.
func (l *Regexp) collect(re *syntax.Regexp) {
	if re.Op == syntax.OpAlternate {
		idx := make([]int, len(re.Sub))
		for i, sub := range re.Sub {
			idx[i] = -1
			lits := requiredLiterals(sub)
			if lits == nil || hasCapture(sub) || len(l.branches) == maxBranches {
				continue
			}
			var b branch
			for _, lit := range lits {
				j := slices.Index(l.lits, lit)
				if j < 0 {
					j = len(l.lits)
					l.lits = append(l.lits, lit)
				}
				b.lits = append(b.lits, j)
			}
			idx[i] = len(l.branches)
			l.branches = append(l.branches, b)
		}
		if l.slot == nil {
			l.slot = map[*syntax.Regexp][]int{}
		}
		l.slot[re] = idx
	}
	for _, sub := range re.Sub {
		l.collect(sub)
	}
}

func byteSlices(ss []string) [][]byte {
	out := make([][]byte, len(ss))
	for i, s := range ss {
		out[i] = []byte(s)
	}
	return out
}

// patternText writes a parsed pattern back as text that parses to the same
// pattern, each node with its own flags. (syntax.Regexp.String works out
// the fewest flags, which for the catalogue's case-folded patterns costs
// milliseconds a pattern, far more than compiling it.)
func patternText(re *syntax.Regexp) string {
	var b []byte
	return string(appendPattern(b, re))
}

func appendPattern(b []byte, re *syntax.Regexp) []byte {
	sub := func(b []byte, re *syntax.Regexp) []byte {
		b = append(b, "(?:"...)
		b = appendPattern(b, re)
		return append(b, ')')
	}
	repeat := func(b []byte, op string) []byte {
		b = sub(b, re.Sub[0])
		b = append(b, op...)
		if re.Flags&syntax.NonGreedy != 0 {
			b = append(b, '?')
		}
		return b
	}
	switch re.Op {
	case syntax.OpNoMatch:
		return append(b, `[^\x00-\x{10FFFF}]`...)
	case syntax.OpEmptyMatch:
		return append(b, "(?:)"...)
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			b = append(b, "(?i:"...)
		} else {
			b = append(b, "(?:"...)
		}
		for _, r := range re.Rune {
			b = appendRune(b, r)
		}
		return append(b, ')')
	case syntax.OpCharClass:
		b = append(b, '[')
		if len(re.Rune) == 0 {
			return append(b, `^\x00-\x{10FFFF}]`...)
		}
		for i := 0; i+1 < len(re.Rune); i += 2 {
			b = appendRune(b, re.Rune[i])
			if re.Rune[i+1] != re.Rune[i] {
				b = append(b, '-')
				b = appendRune(b, re.Rune[i+1])
			}
		}
		return append(b, ']')
	case syntax.OpAnyCharNotNL:
		return append(b, "(?-s:.)"...)
	case syntax.OpAnyChar:
		return append(b, "(?s:.)"...)
	case syntax.OpBeginLine:
		return append(b, "(?m:^)"...)
	case syntax.OpEndLine:
		return append(b, "(?m:$)"...)
	case syntax.OpBeginText:
		return append(b, `\A`...)
	case syntax.OpEndText:
		if re.Flags&syntax.WasDollar != 0 {
			return append(b, "(?-m:$)"...)
		}
		return append(b, `\z`...)
	case syntax.OpWordBoundary:
		return append(b, `\b`...)
	case syntax.OpNoWordBoundary:
		return append(b, `\B`...)
	case syntax.OpCapture:
		if re.Name != "" {
			b = append(b, "(?P<"...)
			b = append(b, re.Name...)
			b = append(b, '>')
		} else {
			b = append(b, '(')
		}
		b = appendPattern(b, re.Sub[0])
		return append(b, ')')
	case syntax.OpStar:
		return repeat(b, "*")
	case syntax.OpPlus:
		return repeat(b, "+")
	case syntax.OpQuest:
		return repeat(b, "?")
	case syntax.OpRepeat:
		op := "{" + strconv.Itoa(re.Min)
		switch {
		case re.Max == re.Min:
		case re.Max < 0:
			op += ","
		default:
			op += "," + strconv.Itoa(re.Max)
		}
		return repeat(b, op+"}")
	case syntax.OpConcat:
		for _, s := range re.Sub {
			b = sub(b, s)
		}
		return b
	case syntax.OpAlternate:
		for i, s := range re.Sub {
			if i > 0 {
				b = append(b, '|')
			}
			b = sub(b, s)
		}
		return b
	}
	panic("unknown pattern node " + re.Op.String())
}

// appendRune writes r as an escape the pattern syntax reads as r alone.
func appendRune(b []byte, r rune) []byte {
	b = append(b, `\x{`...)
	b = strconv.AppendInt(b, int64(r), 16)
	return append(b, '}')
}

func hasCapture(re *syntax.Regexp) bool {
	if re.Op == syntax.OpCapture {
		return true
	}
	for _, sub := range re.Sub {
		if hasCapture(sub) {
			return true
		}
	}
	return false
}

// get returns the pattern to run over s, or nil when s cannot match: the
// whole pattern, or the pattern without the alternatives s holds none of
// the literals of (ASCII text only: non-ASCII text always gets the whole
// pattern, as case folding there is more than ASCII's).
func (l *Regexp) get(s string) *regexp.Regexp {
	l.parse()
	if l.needs == nil && len(l.branches) == 0 || !isASCII(s) {
		return l.full()
	}
	// The literals are looked for in s lowered once (on the stack when
	// short).
	var buf [512]byte
	var low []byte
	if len(s) <= len(buf) {
		low = buf[:len(s)]
	} else {
		low = make([]byte, len(s))
	}
	for i := 0; i < len(s); i++ {
		low[i] = lower(s[i])
	}
	if l.needs != nil && !containsAny(low, l.needb) {
		return nil
	}
	if len(l.branches) == 0 {
		return l.full()
	}
	// The literals found (bit i for l.lits[i]; past 64, in found).
	var have uint64
	var found []bool
	if len(l.lits) > 64 {
		found = make([]bool, len(l.lits))
	}
	for i, lit := range l.litb {
		if bytes.Contains(low, lit) {
			if i < 64 {
				have |= 1 << i
			} else {
				found[i] = true
			}
		}
	}
	var mask uint64
	for i, b := range l.branches {
		for _, j := range b.lits {
			if j < 64 && have&(1<<j) != 0 || j >= 64 && found[j] {
				mask |= 1 << i
				break
			}
		}
	}
	if mask == uint64(1)<<len(l.branches)-1 { // all of them (a shift by 64 is 0)
		return l.full()
	}
	l.mu.Lock()
	re, ok := l.pruned[mask]
	full := len(l.pruned) >= maxPruned
	l.mu.Unlock()
	switch {
	case ok:
		return re
	case full:
		// So many kinds of text went by that compiling another costs
		// more than it saves.
		return l.full()
	}
	re = regexp.MustCompile(patternText(l.prune(l.tree, mask)))
	l.mu.Lock()
	if l.pruned == nil {
		l.pruned = map[uint64]*regexp.Regexp{}
	}
	l.pruned[mask] = re
	l.mu.Unlock()
	return re
}

// prune copies re without the alternatives whose bit in mask is clear.
func (l *Regexp) prune(re *syntax.Regexp, mask uint64) *syntax.Regexp {
	cp := *re
	cp.Sub = nil
	idx := l.slot[re]
	for i, sub := range re.Sub {
		if re.Op == syntax.OpAlternate && idx[i] >= 0 && mask&(1<<idx[i]) == 0 {
			continue
		}
		cp.Sub = append(cp.Sub, l.prune(sub, mask))
	}
	if re.Op == syntax.OpAlternate {
		switch len(cp.Sub) {
		case 0:
			return &syntax.Regexp{Op: syntax.OpNoMatch}
		case 1:
			return cp.Sub[0]
		}
	}
	return &cp
}

// mayMatch reports whether s can match: false only when s is ASCII and
// holds none of the pattern's literals in any case. (Non-ASCII text is
// always searched: case folding there is more than ASCII's.)
func containsAny(s []byte, lits [][]byte) bool {
	for _, lit := range lits {
		if bytes.Contains(s, lit) {
			return true
		}
	}
	return false
}

func (l *Regexp) mayMatch(s string) bool {
	if l.needs == nil || !isASCII(s) {
		return true
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

func (l *Regexp) MatchString(s string) bool {
	re := l.get(s)
	return re != nil && re.MatchString(s)
}

func (l *Regexp) FindStringSubmatch(s string) []string {
	re := l.get(s)
	if re == nil {
		return nil
	}
	return re.FindStringSubmatch(s)
}

func (l *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	re := l.get(s)
	if re == nil {
		return nil
	}
	return re.FindAllStringSubmatch(s, n)
}

func (l *Regexp) ReplaceAllString(src, repl string) string {
	re := l.get(src)
	if re == nil {
		return src
	}
	return re.ReplaceAllString(src, repl)
}

func (l *Regexp) FindString(s string) string {
	re := l.get(s)
	if re == nil {
		return ""
	}
	return re.FindString(s)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
