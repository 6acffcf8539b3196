package sed

import (
	"errors"
	"strings"
)

// Kind is what an Op does.
type Kind byte

// The kinds of Op, spelled as the sed command that does each.
const (
	// Read reads a file (r, R).
	Read Kind = 'r'
	// Write writes a file (w, W, s///w).
	Write Kind = 'w'
	// Run runs a shell command (e, s///e).
	Run Kind = 'e'
)

// Op is one thing a sed script does beyond editing its input: a file it
// reads or writes, or a command it runs.
type Op struct {
	// Kind is what it does.
	Kind Kind
	// Arg is the file, or the command; for e with no command it is ""
	// (the text being edited is what runs), and for s///e it is the
	// replacement (Subst).
	Arg string
	// Subst marks s///e: the replacement, after substitution, is run.
	Subst bool
}

// ErrParse is the error of a script sed would reject or Warden cannot
// follow.
var ErrParse = errors.New("the sed script does not parse")

// Parse reads a GNU sed script the way sed does and returns what it
// does to files and programs. An error means sed would reject the script
// or Warden cannot follow it: the call is then unknown.
func Parse(s string) ([]Op, error) {
	var ops []Op
	i := 0
	eol := func() string { // the rest of the line, for file names and e
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			j = len(s) - i
		}
		out := s[i : i+j]
		i += j
		return out
	}
	spaces := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
	}
	// delimited reads up to the unescaped delimiter d and moves past it.
	delimited := func(d byte) (string, bool) {
		var b strings.Builder
		for i < len(s) {
			c := s[i]
			switch {
			case c == '\\' && i+1 < len(s):
				if s[i+1] != d {
					b.WriteByte('\\')
				}
				b.WriteByte(s[i+1])
				i += 2
				continue
			case c == d:
				i++
				return b.String(), true
			case c == '\n' && d != '\n':
				// GNU sed allows a newline only escaped.
				return "", false
			}
			b.WriteByte(c)
			i++
		}
		return "", false
	}
	address := func() bool {
		switch {
		case i < len(s) && (s[i] >= '0' && s[i] <= '9'):
			for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '~') {
				i++
			}
		case i < len(s) && s[i] == '$':
			i++
		case i < len(s) && (s[i] == '/' || s[i] == '\\'):
			d := byte('/')
			if s[i] == '\\' {
				if i+1 >= len(s) || s[i+1] == '\n' || s[i+1] == '\\' {
					return false
				}
				i++
				d = s[i]
			}
			i++
			if _, ok := delimited(d); !ok {
				return false
			}
			for i < len(s) && (s[i] == 'I' || s[i] == 'M') {
				i++
			}
		}
		return true
	}
	for {
		for i < len(s) && strings.IndexByte(" \t\n;", s[i]) >= 0 {
			i++
		}
		if i >= len(s) {
			return ops, nil
		}
		if s[i] == '#' {
			eol()
			continue
		}
		if !address() {
			return nil, ErrParse
		}
		spaces()
		if i < len(s) && s[i] == ',' {
			i++
			spaces()
			if i < len(s) && (s[i] == '+' || s[i] == '~') {
				i++
			}
			if !address() {
				return nil, ErrParse
			}
		}
		spaces()
		for i < len(s) && s[i] == '!' {
			i++
			spaces()
		}
		if i >= len(s) {
			return nil, ErrParse
		}
		cmd := s[i]
		i++
		switch cmd {
		case '{', '}', '=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F':
		case 'l', 'L', 'q', 'Q':
			spaces()
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
		case ':', 'b', 't', 'T', 'v':
			// A label or version: up to a semicolon or the line's end.
			for i < len(s) && s[i] != ';' && s[i] != '\n' {
				i++
			}
		case 'a', 'i', 'c':
			// Text to the end of the line; a backslash at the end carries
			// it on to the next.
			for {
				line := eol()
				if !strings.HasSuffix(line, "\\") || i >= len(s) {
					break
				}
				i++
			}
		case 'r', 'R', 'w', 'W':
			spaces()
			name := eol()
			if name == "" {
				return nil, ErrParse
			}
			k := Read
			if cmd == 'w' || cmd == 'W' {
				k = Write
			}
			ops = append(ops, Op{Kind: k, Arg: name})
		case 'e':
			spaces()
			ops = append(ops, Op{Kind: Run, Arg: strings.TrimSpace(eol())})
		case 's', 'y':
			if i >= len(s) || s[i] == '\n' || s[i] == '\\' {
				return nil, ErrParse
			}
			d := s[i]
			i++
			if _, ok := delimited(d); !ok {
				return nil, ErrParse
			}
			repl, ok := delimited(d)
			if !ok {
				return nil, ErrParse
			}
			if cmd == 'y' {
				break
			}
		flags:
			for i < len(s) {
				switch c := s[i]; {
				case c == 'g' || c == 'p' || c == 'i' || c == 'I' || c == 'm' || c == 'M' || c >= '0' && c <= '9':
					i++
				case c == 'e':
					i++
					ops = append(ops, Op{Kind: Run, Arg: repl, Subst: true})
				case c == 'w':
					i++
					spaces()
					name := eol()
					if name == "" {
						return nil, ErrParse
					}
					ops = append(ops, Op{Kind: Write, Arg: name})
					break flags
				case c == ' ' || c == '\t' || c == ';' || c == '\n' || c == '}' || c == '#':
					break flags
				default:
					return nil, ErrParse
				}
			}
		default:
			return nil, ErrParse
		}
	}
}

// Stream reports the special file names GNU sed reads and writes
// itself rather than as files.
func Stream(name string) bool {
	switch name {
	case "/dev/stdout", "/dev/stderr", "/dev/stdin", "-":
		return true
	}
	return false
}
