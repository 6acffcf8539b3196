package julia

import "strings"

// Command is an external command the code builds: a shell command line
// of its words quoted (a pipeline's commands joined by |), or Unknown
// when a word interpolates a value of the run.
type Command struct {
	Shell   string
	Unknown bool
}

// maxCommands bounds what Commands returns.
const maxCommands = 64

// Commands returns the commands code builds, in order: each backtick
// literal and Cmd([…]) of literal strings; those that are the arguments
// of one pipeline(…) joined as one pipeline.
func Commands(src string) []Command {
	r := reader{src: src}
	var out []Command
	var pipe []Command // the commands of the pipeline being read
	depth := -1        // the parenthesis depth of that pipeline's (
	level := 0
	flush := func() {
		if len(pipe) == 0 {
			return
		}
		c := Command{}
		var parts []string
		for _, p := range pipe {
			c.Unknown = c.Unknown || p.Unknown
			parts = append(parts, p.Shell)
		}
		if !c.Unknown {
			c.Shell = strings.Join(parts, " | ")
		}
		out = append(out, c)
		pipe = nil
	}
	add := func(c Command) {
		if depth >= 0 && level == depth+1 {
			pipe = append(pipe, c)
			return
		}
		if len(out) < maxCommands {
			out = append(out, c)
		}
	}
	for r.i < len(src) && len(out) < maxCommands {
		switch c := src[r.i]; {
		case c == '#':
			r.comment()
		case c == '"':
			r.str()
		case c == '\'':
			r.char()
		case c == '`':
			add(r.backtick())
		case c == '(':
			level++
			r.i++
		case c == ')':
			level--
			r.i++
			if depth >= 0 && level == depth {
				flush()
				depth = -1
			}
		case isName(c) && (r.i == 0 || !isName(src[r.i-1])):
			start := r.i
			for r.i < len(src) && isName(src[r.i]) {
				r.i++
			}
			name := src[start:r.i]
			switch {
			case name == "pipeline" && r.i < len(src) && src[r.i] == '(' && depth < 0:
				depth = level
			case name == "Cmd" && strings.HasPrefix(src[r.i:], "(["):
				if c, ok := r.cmdVector(); ok {
					add(c)
				}
			}
		default:
			r.i++
		}
	}
	flush()
	return out
}

type reader struct {
	src string
	i   int
}

func isName(c byte) bool {
	return c == '_' || c == '!' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// comment skips a # line comment or a #= … =# block comment (nested).
func (r *reader) comment() {
	s := r.src
	if strings.HasPrefix(s[r.i:], "#=") {
		depth := 0
		for r.i < len(s) {
			switch {
			case strings.HasPrefix(s[r.i:], "#="):
				depth++
				r.i += 2
			case strings.HasPrefix(s[r.i:], "=#"):
				depth--
				r.i += 2
				if depth == 0 {
					return
				}
			default:
				r.i++
			}
		}
		return
	}
	for r.i < len(s) && s[r.i] != '\n' {
		r.i++
	}
}

// str skips a string: "…" or """…""", and returns its value, false when
// it interpolates.
func (r *reader) str() (string, bool) {
	s := r.src
	q := `"`
	if strings.HasPrefix(s[r.i:], `"""`) {
		q = `"""`
	}
	r.i += len(q)
	var b strings.Builder
	known := true
	for r.i < len(s) {
		if strings.HasPrefix(s[r.i:], q) {
			r.i += len(q)
			return b.String(), known
		}
		switch s[r.i] {
		case '\\':
			if r.i+1 < len(s) {
				b.WriteString(escape(s[r.i+1]))
			}
			r.i += 2
			continue
		case '$':
			known = false
		}
		b.WriteByte(s[r.i])
		r.i++
	}
	return "", false
}

// char skips a character literal ('a', '\n'), or a lone ' (the adjoint
// operator, x').
func (r *reader) char() {
	s := r.src
	if r.i > 0 && (isName(s[r.i-1]) || s[r.i-1] == ')' || s[r.i-1] == ']' || s[r.i-1] == '\'') {
		r.i++ // x'
		return
	}
	j := r.i + 1
	if j < len(s) && s[j] == '\\' {
		j++
	}
	for k := j + 1; k < len(s) && k <= j+4; k++ {
		if s[k] == '\'' {
			r.i = k + 1
			return
		}
	}
	r.i++
}

func escape(c byte) string {
	switch c {
	case 'n':
		return "\n"
	case 't':
		return "\t"
	}
	return string(c)
}

// backtick reads a backtick command literal (` or ```) into its words.
func (r *reader) backtick() Command {
	s := r.src
	q := "`"
	if strings.HasPrefix(s[r.i:], "```") {
		q = "```"
	}
	r.i += len(q)
	var words []string
	var b strings.Builder
	inWord, unknown := false, false
	end := func() {
		if inWord {
			words = append(words, b.String())
			b.Reset()
			inWord = false
		}
	}
	for r.i < len(s) {
		if strings.HasPrefix(s[r.i:], q) {
			r.i += len(q)
			end()
			return command(words, unknown)
		}
		switch c := s[r.i]; c {
		case ' ', '\t', '\n', '\r':
			end()
			r.i++
		case '\\':
			inWord = true
			if r.i+1 < len(s) {
				b.WriteByte(s[r.i+1])
			}
			r.i += 2
		case '\'':
			// literal to the next '
			inWord = true
			r.i++
			for r.i < len(s) && s[r.i] != '\'' {
				b.WriteByte(s[r.i])
				r.i++
			}
			r.i++
		case '"':
			inWord = true
			r.i++
			for r.i < len(s) && s[r.i] != '"' {
				switch s[r.i] {
				case '\\':
					if r.i+1 < len(s) {
						b.WriteByte(s[r.i+1])
					}
					r.i += 2
					continue
				case '$':
					unknown = true
				}
				b.WriteByte(s[r.i])
				r.i++
			}
			r.i++
		case '$':
			inWord, unknown = true, true
			r.i++
		default:
			inWord = true
			b.WriteByte(c)
			r.i++
		}
	}
	return Command{Unknown: true} // unclosed
}

// cmdVector reads Cmd(["w", …]) at r.i (after Cmd): its words, when each
// is a literal string.
func (r *reader) cmdVector() (Command, bool) {
	r.i += 2
	var words []string
	for r.i < len(r.src) {
		switch c := r.src[r.i]; {
		case c == ' ' || c == ',' || c == '\t':
			r.i++
		case c == ']':
			r.i++
			return command(words, false), true
		case c == '"' && !strings.HasPrefix(r.src[r.i:], `"""`):
			w, ok := r.str()
			if !ok {
				return Command{Unknown: true}, true
			}
			words = append(words, w)
		default:
			return Command{Unknown: true}, true
		}
	}
	return Command{Unknown: true}, true
}

func command(words []string, unknown bool) Command {
	if unknown || len(words) == 0 {
		return Command{Unknown: unknown}
	}
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = quote(w)
	}
	return Command{Shell: strings.Join(q, " ")}
}

// quote quotes a word for the shell when it needs it.
func quote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`;&|<>()*?[]{}!#~=%^") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
