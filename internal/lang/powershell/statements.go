package powershell

import "strings"

// Statement is one statement of a command string.
type Statement struct {
	Text string
	// Piped says the statement's input is the output of the statement
	// before; Pipes that its output is the next one's input (a lone |,
	// not ||).
	Piped, Pipes bool
}

// Split splits PowerShell code into statements: at ;, &, |, a newline,
// and at parentheses, whose subexpression or grouped command is a
// statement of its own (iex (iwr URL) is iex, then iwr URL). Quoted text
// is kept whole.
func Split(text string) []Statement { return split(text, true) }

// SplitCmd splits a cmd.exe command string (cmd /c "…") by the same rules
// but for parentheses, which cmd.exe reads as text of the command.
func SplitCmd(text string) []Statement { return split(text, false) }

func split(text string, parens bool) []Statement {
	var out []Statement
	var b strings.Builder
	quote := byte(0)
	piped := false
	flush := func() {
		if s := strings.TrimSpace(b.String()); s != "" {
			out = append(out, Statement{Text: s, Piped: piped})
		}
		piped = false
		b.Reset()
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
			b.WriteByte(c)
		case c == '"' || c == '\'':
			quote = c
			b.WriteByte(c)
		case (c == '(' || c == ')') && parens:
			flush()
		case c == '|' && (i+1 >= len(text) || text[i+1] != '|') && (i == 0 || text[i-1] != '|'):
			// A pipe: the statement before feeds the next.
			if s := strings.TrimSpace(b.String()); s != "" {
				out = append(out, Statement{Text: s, Piped: piped, Pipes: true})
				b.Reset()
				piped = true
			}
		case c == '&' || c == '|' || c == ';' || c == '\n':
			flush()
		default:
			b.WriteByte(c)
		}
	}
	flush()
	return out
}

// Words splits a statement into its words at spaces and tabs, with the
// quotes of a quoted word taken off ("a b" is one word; "" is an empty
// one).
func Words(stmt string) []string {
	var out []string
	var b strings.Builder
	quote := byte(0)
	has := false
	for i := 0; i < len(stmt); i++ {
		c := stmt[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
				continue
			}
			b.WriteByte(c)
		case c == '"' || c == '\'':
			quote = c
			has = true
		case c == ' ' || c == '\t':
			if b.Len() > 0 || has {
				out = append(out, b.String())
				b.Reset()
				has = false
			}
		default:
			b.WriteByte(c)
		}
	}
	if b.Len() > 0 || has {
		out = append(out, b.String())
	}
	return out
}

// Home reports a word that is the user's home directory: $HOME,
// $env:USERPROFILE or $env:HOME, in any case.
func Home(w string) bool {
	return strings.EqualFold(w, "$HOME") || strings.EqualFold(w, "$env:USERPROFILE") || strings.EqualFold(w, "$env:HOME")
}
