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

// significant returns the tokens that are neither space nor comment.
func significant(toks []Token) []Token {
	out := toks[:0:0]
	for _, t := range toks {
		if t.Kind != Space && t.Kind != Comment {
			out = append(out, t)
		}
	}
	return out
}

// fold reads a string expression at toks[i]: literal strings joined by the
// family's concatenation (or, in Python, side by side). It returns the
// value, the index after it, and false when toks[i] starts no string.
func fold(f Family, toks []Token, i int) (Value, int, bool) {
	if i >= len(toks) || toks[i].Kind != String {
		return Value{}, i, false
	}
	var b strings.Builder
	v := Value{}
	for {
		t := toks[i]
		b.WriteString(t.Value)
		if !t.Known {
			v.Unknown = true
		}
		i++
		if i < len(toks) && toks[i].Kind == String && f == Python {
			continue
		}
		op := ""
		j := i
		for j < len(toks) && toks[j].Kind == Punct && j-i < 2 {
			op += toks[j].Text
			j++
		}
		if !concat(f, op) && !(len(op) == 2 && concat(f, op[:1])) {
			break
		}
		if concat(f, op[:1]) && len(op) == 2 && f != Lua {
			j--
		}
		if j >= len(toks) || toks[j].Kind != String {
			// "x" + y: built at run time
			if j < len(toks) {
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
	toks := significant(Lex(src, f))
	var out []Value
	for i := 0; i < len(toks); {
		if v, j, ok := fold(f, toks, i); ok {
			out = append(out, v)
			i = j
			continue
		}
		i++
	}
	return out
}

// Calls returns the code's calls in order: a name, dotted by . :: or ->,
// followed by ( or, in Perl, Ruby and Tcl, by a string; its first
// argument folded, or a list of strings joined, or Unknown.
func Calls(src string, f Family) []Call {
	toks := significant(Lex(src, f))
	var out []Call
	for i := 0; i < len(toks); i++ {
		if toks[i].Kind != Name {
			continue
		}
		name := toks[i].Text
		j := i + 1
		for j+1 < len(toks) && toks[j].Kind == Punct {
			sep := toks[j].Text
			k := j + 1
			if (sep == ":" || sep == "-") && k < len(toks) && (toks[k].Text == ":" || toks[k].Text == ">") {
				sep += toks[k].Text
				k++
			}
			if (sep == "." && f != Perl && f != PHP || sep == "::" || sep == "->") && k < len(toks) && toks[k].Kind == Name {
				name += sep + toks[k].Text
				j = k + 1
				continue
			}
			break
		}
		c := Call{Name: name}
		switch {
		case j < len(toks) && toks[j].Text == "(":
			c.Arg, c.List = argument(f, toks, j+1)
		case j < len(toks) && (toks[j].Kind == String || toks[j].Kind == Backtick) && (f == Perl || f == Ruby || f == Tcl || f == PHP):
			c.Arg, c.List = argument(f, toks, j)
		default:
			i = j - 1
			continue
		}
		out = append(out, c)
		i = j - 1
	}
	return out
}

// argument reads a call's first argument at toks[i].
func argument(f Family, toks []Token, i int) (Value, bool) {
	if v, _, ok := fold(f, toks, i); ok {
		return v, false
	}
	if i < len(toks) && (toks[i].Text == "[" || f == Perl && toks[i].Text == "(" || f == PHP && i+1 < len(toks) && toks[i].Text == "array" && toks[i+1].Text == "(") {
		if toks[i].Text == "array" {
			i++
		}
		closer := "]"
		if toks[i].Text == "(" {
			closer = ")"
		}
		var words []string
		unknown := false
		for j := i + 1; j < len(toks); {
			if toks[j].Text == closer {
				if unknown || len(words) == 0 {
					return Value{Unknown: true}, true
				}
				return Value{Text: strings.Join(words, " ")}, true
			}
			if toks[j].Text == "," {
				j++
				continue
			}
			v, k, ok := fold(f, toks, j)
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
