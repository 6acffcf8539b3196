package code

import "strings"

// Value is what a piece of code evaluates to where it is a string: its
// text when it is literal, or Unknown when it is built at run time.
type Value struct {
	Text    string
	Unknown bool
}

// Call is a call in code: its dotted name (os.system, child_process.exec,
// Kernel.system, $obj->run) and its first argument.
type Call struct {
	Name string
	Arg  Value
	// List says the argument is a list of strings ([...], an array),
	// joined by spaces in Arg.
	List bool
	// Args are the call's arguments as written, up to eight, each its
	// tokens joined with no space and each string as its value in double
	// quotes, or ? when built at run time: open('x', 'w') has the Args
	// "x" and "w", unlink(p, recursive = TRUE) p and recursive=TRUE.
	Args []string
	// More are the values of the second to eighth arguments,
	// read as Arg is (a string folded, a list of strings joined), with
	// MoreList saying which is a list: send(:system, "id") passes "id".
	More     []Value
	MoreList []bool
	// Callee, for a call of what another call returns
	// (getattr(os, "system")("id"), methodcaller("system", "id")(os)),
	// is that call; the name is the callee's with "()".
	Callee *Call
	// Indirect is the program of Perl's indirect object, exec {"sh"}
	// "sh", "-c", …: the block's string.
	Indirect *Value
	// end is the index of the token that closes the arguments, for a
	// call chained on this one (x.all().delete()); on, for a call
	// chained on another, is that one's end plus one.
	end, on int
}

// concat reports whether op joins two strings in the family.
func concat(f Family, op string) bool {
	switch f {
	case Python, JS, Ruby:
		return op == "+"
	case Perl, PHP:
		return op == "."
	case Lua:
		return op == ".."
	}
	return false
}

// stream reads the significant tokens of code as they are asked for and
// forgets those before the one being read, so that long code is read in
// a window of tokens, not kept whole: a slice grown a token at a time
// copies itself again and again, and for long code the copies (and the
// collector's scans of them) cost more than the reading.
type stream struct {
	l    lexer
	base int // the index of l.out[0]
}

func newStream(src string, f Family) *stream {
	return &stream{l: lexer{src: src, f: f, skip: true, out: make([]Token, 0, 32)}}
}

// behind is how many tokens before the one being read stay readable:
// Calls looks back at a call it is chained on.
const behind = 8

// at returns the token at i, false past the end, or before the window.
func (s *stream) at(i int) (Token, bool) {
	if i < s.base {
		return Token{}, false
	}
	for i-s.base >= len(s.l.out) {
		if s.l.i >= len(s.l.src) {
			return Token{}, false
		}
		s.l.next()
	}
	return s.l.out[i-s.base], true
}

// drop forgets the tokens before i, keeping the last one read, which the
// lexer looks back at.
func (s *stream) drop(i int) {
	n := min(i-s.base-behind, len(s.l.out)-1)
	if n < 64 || n < len(s.l.out)/2 {
		return
	}
	m := copy(s.l.out, s.l.out[n:])
	clear(s.l.out[m:])
	s.l.out = s.l.out[:m]
	s.base += n
}

// fold reads a string expression at token i: literal strings joined by
// the family's concatenation (or, in Python, side by side). It returns
// the value, the index after it, and false when token i starts no string.
func fold(f Family, s *stream, i int) (Value, int, bool) {
	if t, ok := s.at(i); !ok || t.Kind != String {
		return Value{}, i, false
	}
	var b strings.Builder
	v := Value{}
	for {
		step()
		t, _ := s.at(i)
		b.WriteString(t.Value)
		if !t.Known {
			v.Unknown = true
		}
		i++
		if n, ok := s.at(i); ok && n.Kind == String && f == Python {
			continue
		}
		op := ""
		j := i
		for n, ok := s.at(j); ok && n.Kind == Punct && j-i < 2; n, ok = s.at(j) {
			op += n.Text
			j++
		}
		if !concat(f, op) && !(len(op) == 2 && concat(f, op[:1])) {
			break
		}
		if concat(f, op[:1]) && len(op) == 2 && f != Lua {
			j--
		}
		if n, ok := s.at(j); !ok || n.Kind != String {
			// "x" + y: built at run time
			if ok {
				v.Unknown = true
			}
			break
		}
		i = j
	}
	v.Text = b.String()
	if v.Unknown {
		v.Text = ""
	}
	return v, i, true
}

// Strings returns the code's string expressions, each folded to one value.
func Strings(src string, f Family) []Value {
	s := newStream(src, f)
	var out []Value
	for i := 0; ; {
		if _, ok := s.at(i); !ok {
			return out
		}
		s.drop(i)
		if v, j, ok := fold(f, s, i); ok {
			out = append(out, v)
			i = j
			continue
		}
		i++
	}
}

// Calls returns the code's calls in order: a name, dotted by . :: or ->,
// followed by ( or, in Perl, Ruby and Tcl, by a string; its first
// argument folded, or a list of strings joined, or Unknown.
func Calls(src string, f Family) []Call {
	s := newStream(src, f)
	var out []Call
	for i := 0; ; i++ {
		step()
		t, ok := s.at(i)
		if !ok {
			return out
		}
		s.drop(i)
		if t.Kind != Name {
			continue
		}
		name := t.Text
		j := i + 1
		for {
			p, ok := s.at(j)
			if _, more := s.at(j + 1); !ok || !more || p.Kind != Punct {
				break
			}
			sep := p.Text
			k := j + 1
			if n, ok := s.at(k); (sep == ":" || sep == "-") && ok && (n.Text == ":" || n.Text == ">") {
				sep += n.Text
				k++
			}
			if n, ok := s.at(k); (sep == "." && f != Perl && f != PHP || sep == "::" || sep == "->") && ok && n.Kind == Name {
				name += sep + n.Text
				j = k + 1
				continue
			}
			break
		}
		name, on := chained(f, s, out, i, name)
		if key, k, ok := member(f, s, j); ok {
			// os.__dict__["system"](…), cp["ex" + "ec"](…): the member
			// its key names, or ? when the key is built at run time
			name, j = name+"."+key, k
		}
		c := Call{Name: name, on: on}
		if n, ok := s.at(j); ok && f == Perl && n.Text == "{" {
			// exec {"sh"} "sh", "-c", …: the program in a block
			if v, k, str := fold(f, s, j+1); str {
				if e, ok := s.at(k); ok && e.Text == "}" {
					c.Indirect = &v
					j = k + 1
				}
			}
		}
		switch n, ok := s.at(j); {
		case ok && n.Text == "(":
			c.read(f, s, j+1, ")")
		case ok && (n.Kind == String || n.Kind == Backtick) && (f == Perl || f == Ruby || f == Tcl || f == PHP):
			c.read(f, s, j, "")
		default:
			i = j - 1
			continue
		}
		out = append(out, c)
		last := c
		if key, k, ok := member(f, s, c.end+1); ok && c.end >= 0 {
			// require("child_process")["exec"](…), vars(os)["system"](…)
			m := Call{Name: c.Name + "()." + key}
			switch {
			case loaders[unqualified(f, c.Name)] && !c.Arg.Unknown && !c.List:
				m.Name = strings.TrimPrefix(c.Arg.Text, "node:") + "." + key
			case f == Python && scopes[c.Name] && len(c.Args) == 0:
				m.Name = key // globals()["__builtins__"]
			case f == Python && c.Name == "vars" && len(c.Args) == 1:
				m.Name = c.Args[0] + "." + key
			}
			m.read(f, s, k+1, ")")
			out = append(out, m)
			last = m
		}
		if p, ok := s.at(last.end + 1); ok && last.end >= 0 && p.Text == "(" && f != Perl && f != PHP {
			// getattr(os, "system")("id"): a call of what a call returns
			callee := last
			a := Call{Name: last.Name + "()", Callee: &callee}
			a.read(f, s, last.end+2, ")")
			out = append(out, a)
		}
		i = j - 1
	}
}

// member reads a computed member called at token j, [KEY](: the key
// folded, ? when it is built at run time, and the index of the (.
func member(f Family, s *stream, j int) (string, int, bool) {
	if t, ok := s.at(j); !ok || t.Text != "[" || f == Perl {
		return "", j, false
	}
	v, k, str := fold(f, s, j+1)
	if !str {
		// a name or an expression: [x](
		depth := 0
		for k = j; k < j+32; k++ {
			t, ok := s.at(k)
			if !ok {
				return "", j, false
			}
			if t.Text == "[" {
				depth++
			} else if t.Text == "]" {
				if depth--; depth == 0 {
					break
				}
			}
		}
		v = Value{Unknown: true}
	}
	if e, ok := s.at(k); !ok || e.Text != "]" {
		return "", j, false
	}
	if p, ok := s.at(k + 1); !ok || p.Text != "(" {
		return "", j, false
	}
	if v.Unknown {
		return "?", k + 1, true
	}
	return v.Text, k + 1, true
}

// loaders are the calls whose value is the module their argument names:
// require("fs").rmSync is fs.rmSync, __import__("os").system os.system.
var loaders = map[string]bool{"require": true, "__import__": true, "import": true, "importlib.import_module": true}

// scopes are Python's calls whose value is a scope's names, the
// builtins' among them: globals()["os"] is the module os is bound to.
var scopes = map[string]bool{"globals": true, "locals": true, "vars": true}

// chained returns the name of a call at token i chained on the call just
// before it (x(...).name): the module's name and its own after a loader
// with a literal module (require("child_process").exec is
// child_process.exec), else the call's name, its arguments as (), and
// its own (User.objects.all().delete).
func chained(f Family, s *stream, out []Call, i int, name string) (string, int) {
	if len(out) == 0 {
		return name, 0
	}
	dot, ok1 := s.at(i - 1)
	if !ok1 || dot.Text != "." || f == Perl || f == PHP {
		return name, 0
	}
	prev := out[len(out)-1]
	if prev.end != i-2 {
		return name, 0
	}
	if loaders[unqualified(f, prev.Name)] && !prev.Arg.Unknown && !prev.List {
		// __builtins__.__import__("os").system is os.system
		return strings.TrimPrefix(prev.Arg.Text, "node:") + "." + name, 0
	}
	return prev.Name + "()." + name, prev.end + 1
}

// arguments returns a call's arguments from token i up to the closer
// (")", or for a call with no parentheses the end of the statement: ";",
// a newline's absence aside, or the end), each as its canonical text,
// and the index of the closer.
func arguments(s *stream, i int, closer string) ([]string, [8]int, int) {
	var args []string
	var starts [8]int // where the second to eighth arguments start, 0 past the last
	n := 0
	var b strings.Builder
	depth := 0
	for j := i; j < i+24; j++ {
		step()
		t, ok := s.at(j)
		if !ok {
			break
		}
		switch {
		case depth == 0 && (t.Text == closer || closer == "" && (t.Text == ";" || t.Text == "}" || t.Text == ")")):
			if b.Len() > 0 && len(args) < 8 {
				args = append(args, b.String())
			}
			return args, starts, j
		case depth == 0 && t.Text == ",":
			if len(args) < 8 {
				args = append(args, b.String())
			}
			if n < 7 {
				starts[n] = j + 1
				n++
			}
			b.Reset()
			continue
		case t.Text == "(" || t.Text == "[" || t.Text == "{":
			depth++
		case t.Text == ")" || t.Text == "]" || t.Text == "}":
			depth--
			if depth < 0 {
				return args, starts, j
			}
		}
		if b.Len() < 256 {
			b.WriteString(canonical(t))
		}
	}
	if b.Len() > 0 && len(args) < 8 {
		args = append(args, b.String())
	}
	return args, starts, -1
}

// read reads a call's arguments from token i up to the closer: their
// texts (arguments), the first's value (argument), and the values of the
// next seven (More).
func (c *Call) read(f Family, s *stream, i int, closer string) {
	c.Arg, c.List = argument(f, s, i)
	var starts [8]int
	c.Args, starts, c.end = arguments(s, i, closer)
	for _, p := range starts {
		if p == 0 {
			break
		}
		if c.More == nil {
			c.More, c.MoreList = make([]Value, 0, len(c.Args)-1), make([]bool, 0, len(c.Args)-1)
		}
		v, l := argument(f, s, p)
		c.More = append(c.More, v)
		c.MoreList = append(c.MoreList, l)
	}
}

// canonical is a token as an argument's text shows it: a string as its
// value in double quotes (? when not known), anything else as written.
func canonical(t Token) string {
	if t.Kind == String || t.Kind == Backtick {
		if !t.Known {
			return "?"
		}
		return `"` + t.Value + `"`
	}
	return t.Text
}

// argument reads a call's first argument at token i.
func argument(f Family, s *stream, i int) (Value, bool) {
	if v, _, ok := fold(f, s, i); ok {
		return v, false
	}
	t, _ := s.at(i)
	n, _ := s.at(i + 1)
	if c, _ := s.at(i + 2); t.Text == "{" && n.Text == "cmd" && c.Text == ":" {
		// Deno.run({cmd: ["sh"]}): the command is the cmd list
		return argument(f, s, i+3)
	}
	if t.Text == "[" || f == Perl && t.Text == "(" || f == PHP && t.Text == "array" && n.Text == "(" {
		if t.Text == "array" {
			i++
		}
		closer := "]"
		if t, _ := s.at(i); t.Text == "(" {
			closer = ")"
		}
		var words []string
		unknown := false
		for j := i + 1; ; {
			step()
			t, ok := s.at(j)
			if !ok {
				break
			}
			if t.Text == closer {
				if unknown || len(words) == 0 {
					return Value{Unknown: true}, true
				}
				return Value{Text: strings.Join(words, " ")}, true
			}
			if t.Text == "," {
				j++
				continue
			}
			v, k, ok := fold(f, s, j)
			if !ok {
				// a word built at run time: the list is not literal
				return Value{Unknown: true}, true
			}
			if v.Unknown {
				unknown = true
			}
			words = append(words, quote(v.Text))
			j = k
		}
		return Value{Unknown: true}, true
	}
	return Value{Unknown: true}, false
}

// quote quotes a word for the shell when it needs it.
func quote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`;&|<>()*?[]{}!#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
