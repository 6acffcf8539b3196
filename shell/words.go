package shell

import (
	"github.com/wardenhq/warden/checks"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// arg is one word of a command after the analysis's best reading of it
// (checks.Word, so that the checks read words as the shell reads them).
type arg = checks.Word

// varVal is what the analysis knows about a shell variable.
type varVal struct {
	s      string
	known  bool
	mktemp bool
	// glob marks a loop variable that stands for a pattern's matches.
	glob bool
	// number marks a value not known exactly but surely a number
	// (arithmetic expansion, wc -l): evaluating it runs nothing.
	number bool
	// integer marks a variable declared with the integer attribute
	// (declare -i): bash evaluates every value assigned to it as
	// arithmetic, so a subscript in the value runs its substitutions.
	integer bool
	// listed marks a loop variable that holds a name a listing printed.
	listed bool
}

const maxBraceFields = 256

// maxBraceGroups bounds the brace groups of one word that are expanded.
const maxBraceGroups = 16

// braceGroups counts the brace expansions in a split word, nested ones
// included.
func braceGroups(w *syntax.Word) int {
	n := 0
	for _, p := range w.Parts {
		if b, ok := p.(*syntax.BraceExp); ok {
			n++
			for _, e := range b.Elems {
				if n > maxBraceGroups {
					return n
				}
				n += braceGroups(e)
			}
		}
	}
	return n
}

// evalWords evaluates a list of words into args, performing brace
// expansion and the field splitting of unquoted expansions.
func (a *analyzer) evalWords(words []*syntax.Word, c *ctx) []arg {
	out := a.newArgs(len(words))
	for _, w := range words {
		out = a.appendWord(out, w, c)
	}
	return out
}

func (a *analyzer) appendWord(out []arg, w *syntax.Word, c *ctx) []arg {
	if len(w.Parts) == 1 {
		// Fast path: a plain literal word, the common case.
		if l, ok := w.Parts[0].(*syntax.Lit); ok && plainLit(l.Value) {
			return append(out, arg{Value: l.Value, Raw: l.Value, Lit: true, Node: w})
		}
	}
	if hasBrace(w) {
		// Splitting rewrites a word's parts in place: split a copy, so the
		// tree keeps its source text and positions.
		split := &syntax.Word{Parts: slices.Clone(w.Parts)}
		if syntax.SplitBraces(split) {
			if braceGroups(split) > maxBraceGroups {
				// Expanding builds every word from all the groups: more
				// groups than any command needs make the word unknown,
				// at a cost linear in its length.
				a.setLimit(LimitParts)
				n := len(out)
				out = a.appendFields(out, w, c, w)
				for i := n; i < len(out); i++ {
					out[i].Lit, out[i].Unbound = false, true
				}
				return out
			}
			return a.appendBraces(out, split, w, c)
		}
	}
	return a.appendFields(out, w, c, w)
}

// appendBraces appends the words of a brace expansion (bounded); src is
// the word as written.
func (a *analyzer) appendBraces(out []arg, w, src *syntax.Word, c *ctx) []arg {
	n := 0
	for bw, err := range expandBraces(w) {
		if err != nil || n >= maxBraceFields {
			a.setLimit(LimitParts)
			break
		}
		n++
		out = a.appendFields(out, bw, c, src)
	}
	return out
}

// plainLit reports literal text that needs no unescaping, tilde or glob
// handling.
func plainLit(v string) bool {
	if v == "" || v[0] == '~' {
		return false
	}
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\', '*', '?', '[', '{':
			return false
		}
	}
	return true
}

func hasBrace(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.IndexByte(l.Value, '{') >= 0 {
			return true
		}
	}
	return false
}

// wordEval accumulates one word's evaluation.
type wordEval struct {
	a *analyzer
	c *ctx
	// first is the first field; rest are the fields after a split.
	first field
	rest  []field
	arg   arg
}

// field is the text of one field. A field made of one piece (a quoted
// string, a variable's value) is that piece, without a copy; a second
// piece starts a builder.
type field struct {
	s string
	b strings.Builder
	n int
}

func (f *field) WriteString(s string) {
	switch f.n {
	case 0:
		f.s = s
	case 1:
		f.b.Grow(len(f.s) + len(s))
		f.b.WriteString(f.s)
		f.b.WriteString(s)
	default:
		f.b.WriteString(s)
	}
	f.n++
}

func (f *field) String() string {
	if f.n <= 1 {
		return f.s
	}
	return f.b.String()
}

func (f *field) Len() int {
	if f.n <= 1 {
		return len(f.s)
	}
	return f.b.Len()
}

// evalFields evaluates one word. It usually yields one arg; unquoted
// expansions whose value holds separators yield one per field, as bash's
// word splitting would (rm$IFS-rf$IFS/).
func (a *analyzer) evalFields(w *syntax.Word, c *ctx, src *syntax.Word) []arg {
	return a.appendFields(nil, w, c, src)
}

// appendFields appends the fields of a word to out (evalFields).
func (a *analyzer) appendFields(out []arg, w *syntax.Word, c *ctx, src *syntax.Word) []arg {
	var e wordEval
	e.a, e.c = a, c
	e.arg.Lit = true
	e.parts(w.Parts, false, true)
	base := e.arg
	base.Raw = c.text(src)
	base.Node = src
	if len(e.rest) == 0 {
		base.Value = e.first.String()
		return append(out, base)
	}
	n := len(out)
	for i := -1; i < len(e.rest); i++ {
		var s string
		if i < 0 {
			s = e.first.String()
		} else {
			s = e.rest[i].String()
		}
		if s == "" {
			continue
		}
		f := base
		f.Value = s
		out = append(out, f)
	}
	if len(out) == n {
		base.Value = ""
		out = append(out, base)
	}
	return out
}

func (e *wordEval) cur() *field {
	if len(e.rest) > 0 {
		return &e.rest[len(e.rest)-1]
	}
	return &e.first
}

func (e *wordEval) write(s string) { e.cur().WriteString(s) }

// expanded inserts the value of an expansion; unquoted values are split on
// the field separators.
func (e *wordEval) expanded(s string, quoted bool) {
	if quoted {
		e.write(s)
		return
	}
	ifs := e.c.sc.ifs()
	if e.c.sc.touched {
		if v, ok := e.c.sc.variable("IFS"); ok && !v.known {
			// Split on separators that are not known: the fields are
			// not known either.
			e.arg.Unbound = true
		}
	}
	if strings.ContainsAny(s, ifs) {
		for i, f := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(ifs, r) }) {
			if i > 0 || strings.IndexAny(s[:1], ifs) == 0 {
				e.newField()
			}
			e.write(f)
		}
		if strings.ContainsAny(s[len(s)-1:], ifs) {
			e.newField()
		}
		return
	}
	e.write(s)
}

func (e *wordEval) newField() {
	if e.cur().Len() == 0 {
		return
	}
	e.rest = append(e.rest, field{})
}

func (e *wordEval) parts(parts []syntax.WordPart, quoted, first bool) {
	for i, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			v := p.Value
			if quoted {
				e.write(unescapeDouble(v))
				continue
			}
			if first && i == 0 && strings.HasPrefix(v, "~") {
				if rest, ok := e.tilde(v); ok {
					v = rest
				}
			}
			if isGlobPattern(v) {
				e.arg.Glob = true
			}
			e.write(unescapeBare(v))
		case *syntax.SglQuoted:
			if p.Dollar {
				e.write(ansiC(p.Value))
			} else {
				e.write(p.Value)
			}
		case *syntax.DblQuoted:
			if p.Dollar && e.c.sc.touched && e.c.sc.translated() {
				// $"…" under a catalogue the command chose: the text is
				// whatever the catalogue says.
				e.arg.Lit = false
				e.arg.Unbound = true
				e.write(e.c.text(p))
				continue
			}
			e.parts(p.Parts, true, false)
		case *syntax.ParamExp:
			e.arg.Lit = false
			e.param(p, quoted, first && i == 0)
		case *syntax.CmdSubst:
			e.arg.Lit = false
			e.arg.Subst = true
			v, ok := e.a.substValue(p, e.c)
			switch {
			case ok == substMktemp:
				e.arg.Mktemp = true
				e.write(v)
			case ok == substKnown:
				e.expanded(v, quoted)
			case ok == substListed:
				e.arg.Listed = true
				e.expanded(v, quoted)
			default:
				e.arg.Unbound = true
				e.write(e.c.text(p))
			}
		case *syntax.ArithmExp:
			e.arg.Lit = false
			e.arg.Unbound = true
			e.write(e.c.text(p))
		case *syntax.ProcSubst:
			e.arg.Lit = false
			e.arg.Subst = true
			e.write("/dev/fd/63")
		case *syntax.ExtGlob:
			// What @(…), !(…), +(…), *(…) or ?(…) match is any run of
			// names, hidden ones too where the pattern starts with a dot
			// (@(.env), .!(x)): a * matches as much, and the part's
			// globbing is marked extended, so the disk is not asked.
			e.arg.Glob = true
			e.write("*")
		case *syntax.BraceExp:
			e.write(e.c.text(p))
		}
	}
}

func (e *wordEval) tilde(v string) (string, bool) {
	end := strings.IndexByte(v, '/')
	name := v[1:]
	rest := ""
	if end >= 0 {
		name, rest = v[1:end], v[end:]
	}
	home := e.a.opts.Home
	switch {
	case name == "" && home != "":
		e.arg.Home = true
		return home + rest, true
	case name == "":
		e.arg.Unbound = true
		return v, false
	case name == "+" || name == "-":
		// ~+ is $PWD and ~- $OLDPWD, as the command leaves them.
		dirVar := "OLDPWD"
		if name == "+" {
			dirVar = "PWD"
		}
		if d, ok := e.a.lookup(dirVar, e.c); ok && d.s != "" {
			return d.s + rest, true
		}
		e.arg.Unbound = true
		return v, false
	case stackTilde(name):
		// ~N and ~+N are the Nth directory of the stack from its top (the
		// working directory is ~0), ~-N the Nth from its bottom.
		if d := stackEntry(e.c.sc, name); d != "" {
			return d + rest, true
		}
		e.arg.Unbound = true
		return v, false
	case name == "+" || name == "-" || strings.HasPrefix(name, "+") || strings.HasPrefix(name, "-") || !isUserName(name):
		// ~+x, ~-x: not a directory of the stack.
		e.arg.Unbound = true
		return v, false
	}
	// ~user is that user's home: never a folder in the project.
	if h := userHome(home, name); h != "" {
		return h + rest, true
	}
	e.arg.Unbound = true
	return v, false
}

// userHome returns the home directory of user name: the current user's
// home when it is theirs, /root for root, else a sibling of the current
// home under /home or /Users (or /home/NAME when that is unknown).
func userHome(home, name string) string {
	switch {
	case home != "" && baseName(home) == name:
		return home
	case name == "root":
		return "/root"
	case home != "" && (dirOf(home) == "/home" || dirOf(home) == "/Users"):
		return dirOf(home) + "/" + name
	}
	return "/home/" + name
}

// isUserName reports a word that can be a user name after ~.
func isUserName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c == '-' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return s != ""
}

func (e *wordEval) param(p *syntax.ParamExp, quoted, atStart bool) {
	if p.Param == nil || p.Excl || p.Length || p.Index != nil || p.Names != 0 || p.NestedParam != nil {
		e.arg.Unbound = true
		e.write(e.c.text(p))
		return
	}
	name := p.Param.Value
	val, known := e.a.lookup(name, e.c)
	if known && name == "HOME" && atStart {
		e.arg.Home = true
	}
	if p.Slice != nil {
		if name == "IFS" && !known {
			e.expanded(" ", quoted)
			return
		}
		e.arg.Unbound = true
		e.write(e.c.text(p))
		return
	}
	if p.Exp != nil {
		switch p.Exp.Op {
		case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
			if known && val.s != "" {
				e.expanded(val.s, quoted)
				return
			}
			// Unknown or empty: the default is the likely value, but the
			// variable may be set in the environment.
			if !known {
				e.arg.Unbound = true
			}
			if p.Exp.Word != nil {
				sub := e.a.evalFields(p.Exp.Word, e.c, p.Exp.Word)
				for i, f := range sub {
					if i > 0 {
						e.newField()
					}
					e.write(f.Value)
				}
			}
			return
		case syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
			if known && val.s == "" {
				return
			}
		}
		e.arg.Unbound = true
		e.write(e.c.text(p))
		return
	}
	if p.Repl != nil || len(p.Modifiers) > 0 {
		e.arg.Unbound = true
		e.write(e.c.text(p))
		return
	}
	if !known {
		if name == "IFS" {
			e.expanded(" ", quoted)
			return
		}
		e.arg.Unbound = true
		e.write(e.c.text(p))
		return
	}
	if val.mktemp {
		e.arg.Mktemp = true
	}
	if val.glob {
		e.arg.Glob = true
	}
	if val.listed {
		e.arg.Listed = true
	}
	e.expanded(val.s, quoted)
}

// lookup returns what is known about variable name at this point.
func (a *analyzer) lookup(name string, c *ctx) (varVal, bool) {
	if v, ok := c.sc.variable(name); ok {
		return v, v.known
	}
	switch name {
	case "HOME":
		if a.opts.Home != "" {
			return varVal{s: a.opts.Home, known: true}, true
		}
	case "PATH":
		return varVal{s: a.envPath(), known: true}, true
	case "PWD":
		if d := c.sc.cwd(); d != "" {
			return varVal{s: d, known: true}, true
		}
	}
	return varVal{}, false
}

type substKind int

const (
	substUnknown substKind = iota
	substKnown
	substMktemp
	// substListed is a listing's names (listing.go).
	substListed
)

// substValue returns the value of a command substitution when it can be
// known without running anything: mktemp, pwd, and printf or echo of
// literal text (the spelling $(printf "\162m") uses to hide rm).
func (a *analyzer) substValue(cs *syntax.CmdSubst, c *ctx) (string, substKind) {
	if len(cs.Stmts) != 1 || len(cs.Stmts[0].Redirs) > 0 {
		return "", substUnknown
	}
	// Each level of nested substitutions evaluates the ones inside it:
	// bounded, so that the walk's levels cost linear time together.
	a.substDepth++
	defer func() { a.substDepth-- }()
	if a.substDepth > nestLimit(a.opts) {
		return "", substUnknown
	}
	ce, ok := cs.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 || len(ce.Assigns) > 0 {
		return "", substUnknown
	}
	if a.opts.List != nil && !cs.Stmts[0].Background && !cs.Stmts[0].Negated {
		if l, ok := a.listingOf(a.evalWords(ce.Args, c), c); ok && !l.Null {
			if names, ok := a.list(l); ok {
				words := make([]string, len(names))
				for i, n := range names {
					words[i] = n.Value
				}
				return strings.Join(words, "\n"), substListed
			}
		}
	}
	name := ce.Args[0].Lit()
	switch baseName(name) {
	case "mktemp":
		return "/tmp/tmp.mktemp", substMktemp
	case "pwd":
		if d := c.sc.cwd(); d != "" {
			return d, substKnown
		}
	case "printf", "echo":
		words := make([]string, 0, len(ce.Args)-1)
		for _, w := range ce.Args[1:] {
			f := a.evalFields(w, c, w)
			if len(f) != 1 || !f[0].Lit {
				return "", substUnknown
			}
			words = append(words, f[0].Value)
		}
		var out string
		if baseName(name) == "printf" {
			if len(words) == 0 {
				return "", substUnknown
			}
			out = printfString(words[0], words[1:])
		} else {
			out = echoString(words)
		}
		return strings.TrimRight(out, "\n"), substKnown
	}
	return "", substUnknown
}

// isGlobPattern reports unquoted text with pattern characters: * or ?
// (not escaped), or a bracket expression that is closed.
func isGlobPattern(v string) bool {
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++
		case '*', '?':
			return true
		case '[':
			if strings.IndexByte(v[i+1:], ']') > 0 {
				return true
			}
		}
	}
	return false
}

// unescapeBare removes the backslashes of an unquoted literal.
func unescapeBare(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapeDouble removes the backslashes bash removes inside double quotes.
func unescapeDouble(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// ansiC decodes the body of a $'...' string.
func ansiC(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	return decodeEscapes(s, true)
}

// decodeEscapes decodes backslash escapes as $'...', printf and echo -e do.
func decodeEscapes(s string, ansi bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte(12)
		case 'v':
			b.WriteByte(11)
		case '\\', '\'', '"', '?':
			b.WriteByte(c)
		case 'x':
			n, j := hexRun(s, i+1, 2)
			if j == i+1 {
				b.WriteString("\\x")
				continue
			}
			b.WriteByte(byte(n))
			i = j - 1
		case 'u', 'U':
			max := 4
			if c == 'U' {
				max = 8
			}
			n, j := hexRun(s, i+1, max)
			if j == i+1 {
				b.WriteByte('\\')
				b.WriteByte(c)
				continue
			}
			if n <= utf8.MaxRune {
				b.WriteRune(rune(n))
			}
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			start := i
			if c == '0' && !ansi {
				start = i + 1 // echo/printf %b: \0NNN
			}
			n, j := 0, start
			for j < len(s) && j < start+3 && s[j] >= '0' && s[j] <= '7' {
				n = n*8 + int(s[j]-'0')
				j++
			}
			b.WriteByte(byte(n))
			i = j - 1
		default:
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	return b.String()
}

func hexRun(s string, i, max int) (int, int) {
	n, j := 0, i
	for j < len(s) && j < i+max {
		c := s[j]
		var d int
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c >= 'a' && c <= 'f':
			d = int(c-'a') + 10
		case c >= 'A' && c <= 'F':
			d = int(c-'A') + 10
		default:
			return n, j
		}
		n = n*16 + d
		j++
	}
	return n, j
}

// printfString emulates printf FORMAT ARGS for %s, %b, %c, %d and escapes.
func printfString(format string, args []string) string {
	var b strings.Builder
	ai := 0
	next := func() string {
		if ai < len(args) {
			ai++
			return args[ai-1]
		}
		return ""
	}
	for round := 0; round < 8; round++ {
		for i := 0; i < len(format); i++ {
			c := format[i]
			if c == '\\' {
				j := i + 1
				for j < len(format) && format[j] != '\\' && format[j] != '%' {
					j++
				}
				b.WriteString(decodeEscapes(format[i:j], false))
				i = j - 1
				continue
			}
			if c != '%' || i+1 >= len(format) {
				b.WriteByte(c)
				continue
			}
			j := i + 1
			for j < len(format) && strings.IndexByte("-+ #0123456789.", format[j]) >= 0 {
				j++
			}
			if j >= len(format) {
				b.WriteString(format[i:])
				break
			}
			switch format[j] {
			case '%':
				b.WriteByte('%')
			case 's', 'q':
				b.WriteString(next())
			case 'b':
				b.WriteString(decodeEscapes(next(), false))
			case 'c':
				if v := next(); v != "" {
					b.WriteByte(v[0])
				}
			case 'd', 'i', 'u', 'x', 'X', 'o':
				v := next()
				if n, err := strconv.Atoi(v); err == nil {
					switch format[j] {
					case 'x':
						b.WriteString(strconv.FormatInt(int64(n), 16))
					case 'X':
						b.WriteString(strings.ToUpper(strconv.FormatInt(int64(n), 16)))
					case 'o':
						b.WriteString(strconv.FormatInt(int64(n), 8))
					default:
						b.WriteString(v)
					}
				}
			default:
				b.WriteString(format[i : j+1])
			}
			i = j
		}
		if ai == 0 || ai >= len(args) {
			break
		}
	}
	return b.String()
}

// echoString emulates echo with -n, -e and -E.
func echoString(words []string) string {
	nl, esc := true, false
	i := 0
	for ; i < len(words); i++ {
		w := words[i]
		if len(w) < 2 || w[0] != '-' || strings.Trim(w[1:], "neE") != "" {
			break
		}
		for _, c := range w[1:] {
			switch c {
			case 'n':
				nl = false
			case 'e':
				esc = true
			case 'E':
				esc = false
			}
		}
	}
	s := strings.Join(words[i:], " ")
	if esc {
		s = decodeEscapes(s, false)
	}
	if nl {
		s += "\n"
	}
	return s
}

// baseName returns the last element of a slash-separated path.
func baseName(s string) string {
	if i := strings.LastIndexByte(s, '/'); i >= 0 && i < len(s)-1 {
		return s[i+1:]
	}
	return s
}

// programName reduces a literal program word to the name of what runs:
// absolute paths to their base name, Windows executables without .exe, and
// lower case for names that are case-insensitive (PowerShell cmdlets and
// Windows programs).
func programName(s string) string {
	if strings.HasPrefix(s, "/") {
		s = baseName(s)
	}
	if i := strings.LastIndexByte(s, '\\'); i >= 0 && i < len(s)-1 && len(s) > 2 && s[1] == ':' {
		s = s[i+1:]
	}
	if n := len(s); n >= 4 && strings.EqualFold(s[n-4:], ".exe") {
		ls := strings.ToLower(s)
		return ls[:len(ls)-4]
	}
	return s
}

// key returns the catalogue's lookup key for a program name.
func key(name string) string {
	for i := 0; i < len(name); i++ {
		if c := name[i]; c >= 'A' && c <= 'Z' {
			return strings.ToLower(name)
		}
	}
	return name
}
