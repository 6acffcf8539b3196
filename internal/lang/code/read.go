package code

import "strings"

// Use is a call whose name Acts holds: the call, its name through the
// code's imports, and what it does.
type Use struct {
	Call
	Act Act
	Row *Row
	// Looks, for a reflective call (Reflects), is the function it looks
	// up, through the code's imports (getattr(os, "system") looks up
	// os.system), "" when literals do not determine it; Called says that
	// function is called here, and its call is among the Uses after this
	// one. Blind says literals do not determine it and it may be one
	// Acts holds (getattr(os, name); getattr(m, "system") of a module m
	// built at run time).
	Looks  string
	Called bool
	Blind  bool
}

// Ref is a name the code reads without calling it (os.environ,
// process.env.HOME, $ENV{HOME}, %ENV), through the code's imports, with
// the key it is subscripted by.
type Ref struct {
	Name string
	Key  Value
	// Keyed says the name is subscripted ([KEY], Perl's {KEY}).
	Keyed bool
}

// Reading is what Read finds in code.
type Reading struct {
	// Uses are the calls Acts names, in order.
	Uses []Use
	// Refs are the names read without a call, in order.
	Refs []Ref
	// Named holds the acts of every name the code calls or only names
	// (.then(eval) names eval; fork while fork names fork twice).
	Named Act
	// Endless says the code has a loop with no end (while True, while
	// (1), loop do, for (;;), Perl's STATEMENT while 1).
	Endless bool
	// Breaks says the code leaves a loop or the program somewhere
	// (break, last, exit, return).
	Breaks bool
	// Strings are the code's string expressions, each folded.
	Strings []Value
	// Commands are the shell commands in backquotes (Perl's `…` and
	// qx{}, Ruby's %x(), PHP's `…`), Unknown when they interpolate.
	Commands []Value
	// Modules are the modules a static import names (JavaScript's
	// import … from "m").
	Modules []string
	// Dynamic are the calls of a function held in a variable, whose name
	// is a value of the run (PHP's $f("…")).
	Dynamic []Call
}

// Has reports whether the code names a function that does one of acts.
func (r *Reading) Has(acts Act) bool { return r.Named&acts != 0 }

// Read reads code of a family: its calls with what Acts says they do
// (names resolved through import, from-import, require and aliases), the
// names it reads, its endless loops, and its strings.
func Read(src string, f Family) Reading {
	var r Reading
	toks := significant(src, f)
	aliases, stars, modules := imports(toks, f)
	r.Modules = modules
	resolve := func(name string) string {
		if name == "" {
			return name
		}
		name = unqualified(f, name)
		head, rest := name, ""
		if i := strings.IndexAny(name, ".:-"); i > 0 {
			head, rest = name[:i], name[i:]
		}
		if a, ok := aliases[head]; ok {
			return a + rest
		}
		if rest == "" {
			for _, m := range stars {
				if len(RowsOf(f, m+"."+name)) > 0 {
					return m + "." + name
				}
			}
		}
		return name
	}
	var use func(c Call, depth int)
	use = func(c Call, depth int) {
		for _, row := range RowsOf(f, c.Name) {
			if row.Mode > 0 && (len(c.Args) < row.Mode || !writeMode(c.Args[row.Mode-1])) {
				continue
			}
			if row.URL && !(len(c.Args) > 0 && strings.HasPrefix(c.Args[0], `"`) && isURL(c.Args[0][1:])) {
				// a URL, or text built on one ("https://h/?d=" . $x)
				continue
			}
			if row.Pipe > 0 {
				var ok bool
				if c, ok = piped(c, row); !ok {
					continue
				}
			}
			if row.Argv > 0 && (row.Zeroth || len(c.Args) > 1 || c.Indirect != nil) {
				c.Arg, c.List = argv(c, row), true
			}
			u := Use{Call: c, Act: row.Act, Row: row}
			var fn Call
			if row.Act == Reflects {
				fn, u.Looks, u.Blind = looked(f, c, row, nil, resolve)
				u.Called = row.Passes && u.Looks != "" && depth < 4
			}
			r.Uses = append(r.Uses, u)
			r.Named |= row.Act
			if u.Called {
				use(fn, depth+1) // send(:system, "id") calls system("id")
			}
		}
	}
	// applied holds the calls of what a reflective call returns, by
	// their end, as the calls of the functions looked up: a call chained
	// on one (getattr(builtins, "__import__")("os").system) is read
	// through it.
	var applied map[int]Call
	for _, c := range Calls(src, f) {
		if on, ok := applied[c.on]; ok && c.on > 0 {
			rest := c.Name[strings.LastIndex(c.Name, "().")+3:]
			if loaders[on.Name] && !on.Arg.Unknown && !on.List {
				c.Name = strings.TrimPrefix(on.Arg.Text, "node:") + "." + rest
			} else {
				c.Name = on.Name + "()." + rest
			}
		}
		if f == PHP && strings.HasPrefix(c.Name, "$") && !strings.ContainsAny(c.Name, ".:-") || strings.HasSuffix(c.Name, ".?") {
			r.Dynamic = append(r.Dynamic, c)
			continue
		}
		c.Name = resolve(c.Name)
		if c.Callee != nil {
			// getattr(os, "system")("id") calls os.system("id")
			callee := *c.Callee
			callee.Name = resolve(callee.Name)
			for _, row := range RowsOf(f, callee.Name) {
				if row.Act != Reflects {
					continue
				}
				fn, looks, _ := looked(f, callee, row, &c, resolve)
				if looks == "" {
					continue
				}
				for k := len(r.Uses) - 1; k >= 0; k-- {
					if u := &r.Uses[k]; u.Row == row && u.end == callee.end {
						u.Looks, u.Blind, u.Called = looks, false, true
						break
					}
				}
				end := c.end
				c = fn
				if applied == nil {
					applied = map[int]Call{}
				}
				applied[end+1] = fn
				break
			}
		}
		use(c, 0)
	}
	r.Strings = Strings(src, f)
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.Kind == Backtick {
			r.Commands = append(r.Commands, Value{Text: t.Value, Unknown: !t.Known})
		}
		if t.Kind != Name {
			continue
		}
		name, j := dotted(toks, i, f)
		full := resolve(name)
		for _, row := range RowsOf(f, full) {
			if row.Mode == 0 && !row.URL {
				r.Named |= row.Act
			}
		}
		if _, env := EnvOf(f, full); env && j < len(toks) && toks[j].Text == "(" {
			// os.environ.items(), ENV.to_h()
			r.Refs = append(r.Refs, Ref{Name: full})
		}
		switch name {
		case "break", "last", "exit", "return", "die", "os._exit", "sys.exit", "process.exit", "quit":
			r.Breaks = true
		case "while", "until":
			if endless(toks, j, f, name == "until") {
				r.Endless = true
			}
		case "loop":
			if j < len(toks) && (toks[j].Text == "{" || toks[j].Text == "do") {
				r.Endless = true
			}
		case "for":
			if j+3 < len(toks) && toks[j].Text == "(" && toks[j+1].Text == ";" && toks[j+2].Text == ";" && toks[j+3].Text == ")" {
				r.Endless = true
			}
		}
		if (j >= len(toks) || toks[j].Text != "(") && kept(f, full) {
			ref := Ref{Name: full}
			if k, ok := subscript(toks, j, f); ok {
				ref.Key, ref.Keyed = k, true
			}
			r.Refs = append(r.Refs, ref)
		}
		i = j - 1
	}
	return r
}

// significant returns the tokens of code that are neither space nor
// comment.
func significant(src string, f Family) []Token {
	l := lexer{src: src, f: f, skip: true}
	for l.i < len(src) {
		l.next()
	}
	return l.out
}

// dotted reads a dotted name at token i (os.path.expanduser,
// LWP::UserAgent->new, $ENV) and returns it and the index after it.
func dotted(toks []Token, i int, f Family) (string, int) {
	name := toks[i].Text
	j := i + 1
	for j+1 < len(toks) {
		sep := toks[j].Text
		k := j + 1
		if (sep == ":" || sep == "-") && (toks[k].Text == ":" || toks[k].Text == ">") {
			sep += toks[k].Text
			k++
		}
		if k < len(toks) && toks[k].Kind == Name && (sep == "." && f != Perl && f != PHP || sep == "::" || sep == "->") {
			name += sep + toks[k].Text
			j = k + 1
			continue
		}
		break
	}
	return name, j
}

// subscript reads [KEY] or, in Perl, {KEY} at token j: a folded string,
// or a bare word in Perl's braces.
func subscript(toks []Token, j int, f Family) (Value, bool) {
	if j+2 >= len(toks) || !(toks[j].Text == "[" || f == Perl && toks[j].Text == "{") {
		return Value{}, false
	}
	closer := "]"
	if toks[j].Text == "{" {
		closer = "}"
	}
	k := toks[j+1]
	if toks[j+2].Text != closer {
		return Value{Unknown: true}, true
	}
	switch {
	case k.Kind == String && k.Known:
		return Value{Text: k.Value}, true
	case k.Kind == Name && f == Perl && closer == "}":
		return Value{Text: k.Text}, true
	}
	return Value{Unknown: true}, true
}

// endless reports a loop condition at token j that is always true (or,
// for until, always false): while True, while (1), while fork (Perl and
// Ruby's STATEMENT while COND reads it the same way).
func endless(toks []Token, j int, f Family, until bool) bool {
	if j < len(toks) && toks[j].Text == "(" {
		j++
	}
	if j >= len(toks) {
		return false
	}
	t := toks[j].Text
	if until {
		return t == "false" || t == "0" || t == "nil"
	}
	switch t {
	case "True", "true", "1", "TRUE":
		return true
	}
	return toks[j].Kind == Name && len(RowsOf(f, t)) > 0 && RowsOf(f, t)[0].Act == Forks
}

// imports reads the names the code binds to modules and functions:
// Python's import M as A, from M import N as A and from M import *;
// JavaScript's const A = require(M), const {N, N: A} = require(M),
// import A from M, import * as A from M and import {N as A} from M; and
// in every family an alias of a name (s = os.system, local e =
// os.execute).
func imports(toks []Token, f Family) (map[string]string, []string, []string) {
	aliases := map[string]string{}
	var stars, modules []string
	str := func(i int) (string, bool) {
		if i < len(toks) && toks[i].Kind == String && toks[i].Known {
			return strings.TrimPrefix(toks[i].Value, "node:"), true
		}
		return "", false
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case f == Python && t.Text == "import" && (i == 0 || toks[i-1].Text != "."):
			// import a.b as c, d
			for j := i + 1; j < len(toks); {
				if toks[j].Kind != Name {
					break
				}
				mod, k := dotted(toks, j, f)
				if k+1 < len(toks) && toks[k].Text == "as" && toks[k+1].Kind == Name {
					aliases[toks[k+1].Text] = mod
					k += 2
				}
				if k < len(toks) && toks[k].Text == "," {
					j = k + 1
					continue
				}
				break
			}
		case f == Python && t.Text == "from" && i+2 < len(toks) && toks[i+1].Kind == Name:
			mod, k := dotted(toks, i+1, f)
			if k >= len(toks) || toks[k].Text != "import" {
				continue
			}
			k++
			if k < len(toks) && toks[k].Text == "(" {
				k++
			}
			if k < len(toks) && toks[k].Text == "*" {
				stars = append(stars, mod)
				continue
			}
			for k < len(toks) && toks[k].Kind == Name {
				n, a := toks[k].Text, toks[k].Text
				k++
				if k+1 < len(toks) && toks[k].Text == "as" && toks[k+1].Kind == Name {
					a = toks[k+1].Text
					k += 2
				}
				aliases[a] = mod + "." + n
				if k < len(toks) && toks[k].Text == "," {
					k++
				}
			}
			i = k - 1
		case f == JS && t.Text == "import" && i+1 < len(toks) && toks[i+1].Text != "(":
			// import A from "m"; import * as A from "m"; import {n as a} from "m"
			end := i + 1
			for end < len(toks) && toks[end].Text != "from" && toks[end].Text != ";" && end-i < 64 {
				end++
			}
			mod, ok := str(end + 1)
			if m, bare := str(i + 1); bare {
				modules = append(modules, m) // import "m"
			}
			if !ok || end >= len(toks) || toks[end].Text != "from" {
				continue
			}
			modules = append(modules, mod)
			bindings(toks[i+1:end], mod, aliases)
		case t.Text == "=" && i > 0 && i+1 < len(toks) && toks[i-1].Text != "=" && toks[i+1].Text != "=" && toks[i+1].Kind == Name:
			// A = require("m"); {n, n: a} = require("m"); A = os.system
			value, k := dotted(toks, i+1, f)
			lhs := i - 1
			if toks[lhs].Text == "}" {
				for lhs > 0 && toks[lhs].Text != "{" {
					lhs--
				}
			}
			if loaders[value] && k+2 < len(toks) && toks[k].Text == "(" && toks[k+2].Text == ")" {
				mod, ok := str(k + 1)
				if !ok {
					continue
				}
				if k+3 < len(toks) && toks[k+3].Text == "." && k+4 < len(toks) && toks[k+4].Kind == Name {
					// A = require("m").n
					mod, _ = dotted(toks, k+4, f)
					mod = strings.TrimPrefix(strings.Trim(toks[k+1].Value, " "), "node:") + "." + mod
				}
				bindings(toks[lhs:i], mod, aliases)
				continue
			}
			if toks[lhs].Kind == Name && (k >= len(toks) || toks[k].Text != "(" && toks[k].Text != "[" && toks[k].Text != ".") && value != toks[lhs].Text {
				if a, ok := aliases[value]; ok {
					value = a
				}
				aliases[toks[lhs].Text] = value
			}
		}
	}
	return aliases, stars, modules
}

// isURL reports a literal URL of the web.
func isURL(s string) bool {
	return strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")
}

// bindings binds the names of a JavaScript binding pattern to a module:
// A, * as A, {n, n: a, n as a}.
func bindings(pat []Token, mod string, aliases map[string]string) {
	if len(pat) == 0 {
		return
	}
	if pat[0].Kind == Name && pat[0].Text != "const" && pat[0].Text != "let" && pat[0].Text != "var" {
		aliases[pat[0].Text] = mod
	}
	for i := 0; i < len(pat); i++ {
		switch {
		case pat[i].Text == "*" && i+2 < len(pat) && pat[i+1].Text == "as":
			aliases[pat[i+2].Text] = mod
			i += 2
		case pat[i].Text == "{":
			for j := i + 1; j < len(pat) && pat[j].Text != "}"; j++ {
				if pat[j].Kind != Name {
					continue
				}
				n, a := pat[j].Text, pat[j].Text
				if j+2 < len(pat) && (pat[j+1].Text == ":" || pat[j+1].Text == "as") && pat[j+2].Kind == Name {
					a = pat[j+2].Text
					j += 2
				}
				aliases[a] = mod + "." + n
			}
			return
		}
	}
}

// writeMode reports an open mode that writes: "w", "a", "x", "r+", "wb",
// and Perl's and Ruby's ">" forms.
func writeMode(arg string) bool {
	if len(arg) < 3 || arg[0] != '"' || arg[len(arg)-1] != '"' {
		return arg == "?"
	}
	m := strings.TrimLeft(arg[1:len(arg)-1], " ")
	switch {
	case m == "":
		return false
	case m[0] == '>' || m[0] == '+':
		return true // ">x", ">>", "+<"
	case m[0] == '<' || m[0] == '-' || m[0] == '|':
		return false // "<x.txt", "-|"
	case len(m) <= 3 && strings.ContainsAny(m, "wax+"):
		return true // "w", "ab", "r+", "wb+"
	}
	// "w:UTF-8"; a file name of a two-argument open ("x.txt") reads
	return strings.IndexByte("wax", m[0]) >= 0 && strings.IndexByte("b+t:", m[1]) >= 0
}

// kept reports a name Refs keeps: one Acts holds, or a member of the
// environment (process.env.HOME).
func kept(f Family, name string) bool {
	if len(RowsOf(f, name)) > 0 {
		return true
	}
	_, ok := EnvOf(f, name)
	return ok
}

// EnvOf returns the member of the environment a name reads: "" for the
// environment itself (os.environ, process.env, %ENV), HOME for
// process.env.HOME, items for os.environ.items; false when the name is
// not the environment's.
func EnvOf(f Family, name string) (string, bool) {
	for _, r := range envRows[f] {
		if name == r.Name {
			return "", true
		}
		if strings.HasPrefix(name, r.Name) && len(name) > len(r.Name) && name[len(r.Name)] == '.' {
			return name[len(r.Name)+1:], true
		}
	}
	return "", false
}

var envRows = func() [8][]*Row {
	var m [8][]*Row
	for i := range Acts {
		if Acts[i].Act == Env {
			m[Acts[i].Family] = append(m[Acts[i].Family], &Acts[i])
		}
	}
	return m
}()

// globals are the names of the global object or module a name may be
// read through: globalThis.eval is eval, builtins.exec is exec,
// os.__dict__.system os.system, CORE::system system.
var globals = [8][]string{
	Python: {"builtins.", "__builtins__."},
	JS:     {"globalThis.", "window.", "global.", "self."},
	Perl:   {"CORE::GLOBAL::", "CORE::", "main::"},
	Ruby:   {"::"},
}

// unqualified returns a name without the global object it is read
// through, and without Python's __dict__.
func unqualified(f Family, name string) string {
	for _, g := range globals[f] {
		name = strings.TrimPrefix(name, g)
	}
	if f == Python {
		name = strings.ReplaceAll(name, ".__dict__", "")
	}
	return name
}

// looked returns the function a reflective call c of a row looks up: the
// argument its row names (Row.Named), looked up on the argument before it
// (getattr(os, "system")), on the call's receiver (Kernel.send), on what
// the call's value is applied to (methodcaller("system")(os)), or among
// the builtins; its name through the code's imports; and the call of it
// made here, given the arguments after the name (Row.Passes) or those of
// applied, the call of what c returns. blind says literals do not
// determine the function, and it may be one Acts holds.
func looked(f Family, c Call, row *Row, applied *Call, resolve func(string) string) (fn Call, looks string, blind bool) {
	key, _, ok := argAt(c, row.Named)
	if !ok || key.Unknown {
		return Call{}, "", true
	}
	name := key.Text
	var obj string
	switch {
	case row.Named > 1:
		obj, ok = objectOf(f, c.Args[row.Named-2], resolve)
	case row.Name[0] == '.':
		// Kernel.send(:system): on the receiver; send(:system) alone, on self
		obj = strings.TrimSuffix(c.Name, row.Name)
		if obj == c.Name {
			obj = ""
		}
		obj = resolve(obj)
	case row.Passes && f == Python:
		// methodcaller("system")(os)
		if applied == nil || len(applied.Args) == 0 {
			return Call{}, "", len(lookup[f][name]) > 0
		}
		obj, ok = objectOf(f, applied.Args[0], resolve)
	}
	if !ok {
		return Call{}, "", len(lookup[f][name]) > 0
	}
	looks = name
	if obj != "" {
		looks = resolve(obj + "." + name)
	}
	if f == Ruby && len(RowsOf(f, looks)) == 0 {
		// Kernel's methods are every object's: Object.send(:system, …)
		looks = name
	}
	if len(RowsOf(f, looks)) == 0 && len(lookup[f][lastPart(looks)]) > 0 {
		// getattr(m, "system"): a name of the table's, on an object
		// that is no module the code imports
		return Call{}, "", true
	}
	fn = Call{Name: looks, end: c.end}
	switch {
	case row.Passes:
		fn.Arg, fn.List, ok = argAt(c, row.Named+1)
		if !ok {
			fn.Arg = Value{Unknown: true}
		}
		if len(c.Args) > row.Named {
			fn.Args = c.Args[row.Named:]
		}
		if len(c.More) > row.Named {
			fn.More, fn.MoreList = c.More[row.Named:], c.MoreList[row.Named:]
		}
	case applied != nil:
		fn.Arg, fn.List, fn.Args, fn.More, fn.MoreList = applied.Arg, applied.List, applied.Args, applied.More, applied.MoreList
	}
	return fn, looks, false
}

// argAt returns the value of a call's argument at a place (1, 2, …).
func argAt(c Call, place int) (Value, bool, bool) {
	switch {
	case place == 1 && len(c.Args) > 0:
		return c.Arg, c.List, true
	case place > 1 && place-2 < len(c.More):
		return c.More[place-2], c.MoreList[place-2], true
	}
	return Value{}, false, false
}

// objectOf returns the object an argument's text names, through the
// code's imports: a name (os, sp), a module a loader loads
// (__import__("os"), require("child_process")), a scope's
// (vars(os), globals()["os"]), "" for the builtins; false when it is
// built at run time.
func objectOf(f Family, text string, resolve func(string) string) (string, bool) {
	if text == "" {
		return "", false
	}
	if dottedName(text) {
		n := resolve(text)
		if n == "builtins" || n == "__builtins__" || n == "globalThis" {
			return "", true
		}
		return n, true
	}
	cs := Calls(text, f)
	if len(cs) == 0 {
		return "", false
	}
	c := cs[0]
	if c.Name+"("+strings.Join(c.Args, ",")+")" != text {
		return "", false
	}
	c.Name = resolve(c.Name)
	switch {
	case loaders[unqualified(f, c.Name)] && !c.Arg.Unknown && !c.List:
		return strings.TrimPrefix(c.Arg.Text, "node:"), true
	case f == Python && c.Name == "vars" && len(c.Args) == 1:
		return objectOf(f, c.Args[0], resolve)
	}
	return "", false
}

// dottedName reports text that is a name, dotted or not (os, os.path).
func dottedName(text string) bool {
	for i := 0; i < len(text); i++ {
		if !isNameByte(text[i]) && text[i] != '.' {
			return false
		}
	}
	return text[0] != '.' && !(text[0] >= '0' && text[0] <= '9')
}

// argv is the command a call gives as a program and its arguments
// (Row.Argv), its words quoted and joined: Unknown when one is built at
// run time.
func argv(c Call, row *Row) Value {
	prog, list, ok := argAt(c, row.Argv)
	next := row.Argv + 1
	if c.Indirect != nil {
		// exec {PROG} ARGV0, ARGS
		prog, list, ok, next = *c.Indirect, false, true, 2
	} else if row.Zeroth {
		if v, l, ok := argAt(c, next); ok && l {
			// os.execv(path, [arg0, …])
			if v.Unknown || prog.Unknown || list || !ok {
				return Value{Unknown: true}
			}
			return Value{Text: joinWords(quote(prog.Text), dropWord(v.Text))}
		}
		next++
	}
	if !ok || prog.Unknown || list {
		return Value{Unknown: true}
	}
	words := []string{quote(prog.Text)}
	for p := next; p <= len(c.Args); p++ {
		v, l, ok := argAt(c, p)
		if !ok || v.Unknown {
			return Value{Unknown: true}
		}
		if l {
			words = append(words, v.Text) // already quoted words
			continue
		}
		words = append(words, quote(v.Text))
	}
	return Value{Text: strings.Join(words, " ")}
}

func joinWords(a, b string) string {
	if b == "" {
		return a
	}
	return a + " " + b
}

// dropWord drops the first word of words quote joined.
func dropWord(s string) string {
	if s == "" {
		return ""
	}
	i := 0
	if s[0] == '\'' {
		for i = 1; i < len(s); i++ {
			if s[i] == '\'' {
				if strings.HasPrefix(s[i:], `'\''`) {
					i += 3
					continue
				}
				i++
				break
			}
		}
	} else {
		i = strings.IndexByte(s, ' ')
		if i < 0 {
			return ""
		}
	}
	return strings.TrimPrefix(s[min(i, len(s)):], " ")
}

// piped returns the call of the command an open runs through a pipe
// (Row.Pipe), as a call of it alone: open(F, "-|", "id") runs "id",
// open(F, "-|", "ls", "-l") runs ls -l, open(F, "id |") and open("|id")
// run id. false when the open runs nothing.
func piped(c Call, row *Row) (Call, bool) {
	mode, list, ok := argAt(c, row.Pipe)
	if !ok || list {
		return c, false
	}
	if len(c.Args) > row.Pipe {
		if mode.Unknown || mode.Text != "-|" && mode.Text != "|-" {
			return c, mode.Unknown && len(c.Args) > row.Pipe // a mode built at run time
		}
		fn := Call{Name: c.Name, end: c.end, Args: c.Args[row.Pipe:]}
		fn.Arg, fn.List, _ = argAt(c, row.Pipe+1)
		if len(c.More) > row.Pipe {
			fn.More, fn.MoreList = c.More[row.Pipe:], c.MoreList[row.Pipe:]
		}
		if len(fn.Args) > 1 {
			fn.Arg, fn.List = argv(fn, &Row{Argv: 1}), true
		}
		return fn, true
	}
	if mode.Unknown {
		return c, false
	}
	t := strings.TrimSpace(mode.Text)
	switch {
	case strings.HasPrefix(t, "|") && t != "|-":
		t = t[1:]
	case strings.HasSuffix(t, "|") && t != "-|":
		t = t[:len(t)-1]
	default:
		return c, false
	}
	fn := Call{Name: c.Name, end: c.end, Arg: Value{Text: strings.TrimSpace(t)}, Args: []string{`"` + t + `"`}}
	return fn, true
}
