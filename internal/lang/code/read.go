package code

import "strings"

// Use is a call whose name Acts holds: the call, its name through the
// code's imports, and what it does.
type Use struct {
	Call
	Act Act
	Row *Row
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
	for _, c := range Calls(src, f) {
		if f == PHP && strings.HasPrefix(c.Name, "$") && !strings.ContainsAny(c.Name, ".:-") || strings.HasSuffix(c.Name, ".?") {
			r.Dynamic = append(r.Dynamic, c)
			continue
		}
		c.Name = resolve(c.Name)
		for _, row := range RowsOf(f, c.Name) {
			if row.Mode > 0 && (len(c.Args) < row.Mode || !writeMode(c.Args[row.Mode-1])) {
				continue
			}
			if row.URL && !(len(c.Args) > 0 && strings.HasPrefix(c.Args[0], `"`) && isURL(c.Args[0][1:])) {
				// a URL, or text built on one ("https://h/?d=" . $x)
				continue
			}
			r.Uses = append(r.Uses, Use{Call: c, Act: row.Act, Row: row})
			r.Named |= row.Act
		}
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
	m := arg[1 : len(arg)-1]
	return strings.ContainsAny(m, "wax+>")
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
