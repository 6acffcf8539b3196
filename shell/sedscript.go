package shell

import (
	"errors"
	"strings"
)

// sedOp is one thing a sed script does beyond editing its input: a file
// it reads (r, R) or writes (w, W, s///w), or a command it runs (e,
// s///e).
type sedOp struct {
	// kind is 'r' (read a file), 'w' (write a file) or 'e' (run a
	// command).
	kind byte
	// arg is the file, or the command; for e with no command and s///e it
	// is "" and subst is set: the text being edited is what runs.
	arg string
	// subst marks s///e: the replacement is run, arg holds it.
	subst bool
}

var errSed = errors.New("the sed script does not parse")

// parseSed reads a GNU sed script the way sed does and returns what it
// does to files and programs. An error means sed would reject the script
// or Warden cannot follow it: the call is then unknown.
func parseSed(s string) ([]sedOp, error) {
	var ops []sedOp
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
			return nil, errSed
		}
		spaces()
		if i < len(s) && s[i] == ',' {
			i++
			spaces()
			if i < len(s) && (s[i] == '+' || s[i] == '~') {
				i++
			}
			if !address() {
				return nil, errSed
			}
		}
		spaces()
		for i < len(s) && s[i] == '!' {
			i++
			spaces()
		}
		if i >= len(s) {
			return nil, errSed
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
				return nil, errSed
			}
			k := byte('r')
			if cmd == 'w' || cmd == 'W' {
				k = 'w'
			}
			ops = append(ops, sedOp{kind: k, arg: name})
		case 'e':
			spaces()
			ops = append(ops, sedOp{kind: 'e', arg: strings.TrimSpace(eol())})
		case 's', 'y':
			if i >= len(s) || s[i] == '\n' || s[i] == '\\' {
				return nil, errSed
			}
			d := s[i]
			i++
			if _, ok := delimited(d); !ok {
				return nil, errSed
			}
			repl, ok := delimited(d)
			if !ok {
				return nil, errSed
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
					ops = append(ops, sedOp{kind: 'e', arg: repl, subst: true})
				case c == 'w':
					i++
					spaces()
					name := eol()
					if name == "" {
						return nil, errSed
					}
					ops = append(ops, sedOp{kind: 'w', arg: name})
					break flags
				case c == ' ' || c == '\t' || c == ';' || c == '\n' || c == '}' || c == '#':
					break flags
				default:
					return nil, errSed
				}
			}
		default:
			return nil, errSed
		}
	}
}

// sedStream reports the special file names GNU sed reads and writes
// itself rather than as files.
func sedStream(name string) bool {
	switch name {
	case "/dev/stdout", "/dev/stderr", "/dev/stdin", "-":
		return true
	}
	return false
}
