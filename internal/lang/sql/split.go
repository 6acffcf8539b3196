package sql

import "strings"

// Statement is one statement of SQL text, or one client command.
type Statement struct {
	// Text is the statement as written: the space and comments before
	// it, and its end (;) when it has one.
	Text string
	// Tokens are its tokens, space and comments included.
	Tokens []Token
	// Dialect is the dialect it was read in.
	Dialect Dialect
}

// Split cuts SQL text into its statements as the dialect reads it: each
// ends at an End token, and a client command stands alone. The
// statements' texts, joined, are s. Space and comments after the last
// statement are a statement with no code.
func Split(s string, d Dialect) []Statement {
	var out []Statement
	var cur []Token
	flush := func() {
		if len(cur) == 0 {
			return
		}
		var b strings.Builder
		for _, t := range cur {
			b.WriteString(t.Text)
		}
		out = append(out, Statement{Text: b.String(), Tokens: cur, Dialect: d})
		cur = nil
	}
	for _, t := range Lex(s, d) {
		switch t.Kind {
		case Command:
			if hasCode(cur) {
				flush()
			}
			cur = append(cur, t)
			flush()
			continue
		}
		cur = append(cur, t)
		if t.Kind == End {
			flush()
		}
	}
	flush()
	return out
}

func hasCode(ts []Token) bool {
	for _, t := range ts {
		if t.Kind != Space && t.Kind != Comment {
			return true
		}
	}
	return false
}

// Code is the statement's tokens without space, comments and its end.
func (s Statement) Code() []Token {
	out := make([]Token, 0, len(s.Tokens))
	for _, t := range s.Tokens {
		if t.Kind != Space && t.Kind != Comment && t.Kind != End {
			out = append(out, t)
		}
	}
	return out
}

// Empty reports a statement with no code: space and comments, or a lone ;.
func (s Statement) Empty() bool { return len(s.Code()) == 0 }

// Command is the client command the statement is, or "".
func (s Statement) Command() string {
	for _, t := range s.Tokens {
		if t.Kind == Command {
			return t.Value
		}
	}
	return ""
}

// Open reports a statement the text ends inside a string, name or
// comment of.
func (s Statement) Open() bool {
	for _, t := range s.Tokens {
		if t.Open {
			return true
		}
	}
	return false
}

// Verb is the statement's first n words in upper case, joined by a
// space: "DROP TABLE", "SELECT". A statement that starts with anything
// else has the words before it.
func (s Statement) Verb(n int) string {
	var ws []string
	for _, t := range s.Code() {
		if t.Kind != Word || len(ws) == n {
			break
		}
		ws = append(ws, strings.ToUpper(t.Text))
	}
	return strings.Join(ws, " ")
}

// Set is the variable and value of psql's \set NAME VALUE…: the value's
// words joined by nothing, as psql joins them, single quotes removed
// (a doubled quote inside them is one). A later :NAME puts the value
// into the SQL.
func (s Statement) Set() (name, value string, ok bool) {
	if s.Dialect != Postgres {
		return "", "", false
	}
	cmd := s.Command()
	if !strings.HasPrefix(cmd, "\\set ") && !strings.HasPrefix(cmd, "\\set\t") {
		return "", "", false
	}
	f := strings.Fields(cmd[len("\\set"):])
	if len(f) == 0 {
		return "", "", false
	}
	var b strings.Builder
	rest := strings.TrimSpace(strings.TrimSpace(cmd[len("\\set"):])[len(f[0]):])
	for i := 0; i < len(rest); i++ {
		switch c := rest[i]; {
		case c == '\'':
			for i++; i < len(rest); i++ {
				if rest[i] == '\'' {
					if i+1 < len(rest) && rest[i+1] == '\'' {
						b.WriteByte('\'')
						i++
						continue
					}
					break
				}
				b.WriteByte(rest[i])
			}
		case c == ' ' || c == '\t':
		default:
			b.WriteByte(c)
		}
	}
	return f[0], b.String(), true
}
