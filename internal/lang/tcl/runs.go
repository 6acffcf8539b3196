package tcl

import "strings"

// Run is what a command runs beyond Tcl: a shell command line, or
// something literals do not determine.
type Run struct {
	// Shell is the command line, the shell's spelling of what runs:
	// exec's pipeline with its words quoted, spawn's program and
	// arguments, system's line as written.
	Shell string
	// Unknown says a word built at run time decides what runs (exec
	// rm $dir, a command named by a substitution); Shell is then "".
	Unknown bool
	// By is the command that runs it: exec, spawn, system, open, or the
	// word that names a command at run time.
	By string
}

// limits on how much the walk reads: scripts within scripts, and runs.
const (
	maxNest = 16
	maxRuns = 64
)

// Runs returns what a script runs, in order: the commands of exec, open
// "|…", and expect's spawn and system, in the script, in its [command]
// substitutions and in the scripts Tcl commands are given (bodies of if,
// while, for, foreach, proc, catch, eval, after, try, …).
func Runs(src string) []Run {
	w := walker{}
	w.script(src, 0)
	return w.out
}

type walker struct {
	out []Run
}

func (w *walker) add(r Run) {
	if len(w.out) < maxRuns {
		w.out = append(w.out, r)
	}
}

func (w *walker) script(src string, depth int) {
	if depth > maxNest || len(w.out) >= maxRuns {
		return
	}
	for _, c := range Parse(src) {
		w.command(c, depth)
	}
}

// bodies are the commands whose words at the places listed are scripts
// Tcl runs; -1 is the last word; a place of 0 says every braced word is.
var bodies = map[string][]int{
	"while": {2}, "for": {1, 3, 4}, "foreach": {-1}, "lmap": {-1}, "proc": {3}, "catch": {1},
	"time": {1}, "timerate": {1}, "try": {0}, "after": {0}, "switch": {0}, "namespace": {0},
	"interp": {0}, "dict": {0}, "coroutine": {0}, "bind": {0}, "trace": {0}, "fileevent": {-1},
	"chan": {0}, "vwait": {0}, "update": {0}, "tkwait": {0}, "button": {0}, "apply": {0},
	// expect's
	"expect": {0}, "expect_after": {0}, "expect_before": {0}, "expect_background": {0},
	"interact": {0}, "exp_expect": {0}, "exp_interact": {0},
}

// exprs are the commands (if aside: ifCommand) whose words at the places listed are
// expressions, whose [command] substitutions run.
var exprs = map[string][]int{"while": {1}, "for": {2}, "expr": {0}}

func (w *walker) command(c Command, depth int) {
	for _, word := range c.Words {
		for _, s := range word.Scripts {
			w.script(s, depth+1)
		}
	}
	name := c.Words[0]
	if !name.Literal || name.Expand {
		w.add(Run{Unknown: true, By: "a command named at run time"})
		return
	}
	cmd := strings.TrimPrefix(name.Text, "::")
	args := c.Words[1:]
	switch cmd {
	case "exec":
		w.add(execRun(args, "exec"))
	case "spawn", "exp_spawn":
		w.add(spawnRun(args))
	case "system", "exp_system":
		// expect's system gives its words, joined, to sh
		if s, ok := joined(args); ok {
			w.add(Run{Shell: s, By: "system"})
		} else {
			w.add(Run{Unknown: true, By: "system"})
		}
	case "open":
		if len(args) == 0 {
			return
		}
		a := args[0]
		switch {
		case a.Literal && strings.HasPrefix(a.Text, "|"):
			words, ok := List(a.Text[1:])
			if !ok {
				w.add(Run{Unknown: true, By: "open"})
				return
			}
			ws := make([]Word, len(words))
			for i, t := range words {
				ws[i] = Word{Text: t, Literal: true}
			}
			w.add(execRun(ws, "open"))
		case !a.Literal && strings.HasPrefix(a.Text, "|"), !a.Literal && !a.Braced:
			// open |[list …], open $f: the file, or a pipeline, built at run time
			if len(a.Scripts) > 0 || a.Text == "" {
				w.add(Run{Unknown: true, By: "open"})
			}
		}
	case "eval", "uplevel", "exp_eval":
		if cmd == "uplevel" && len(args) > 1 && args[0].Literal && level(args[0].Text) {
			args = args[1:]
		}
		if s, ok := joined(args); ok {
			w.script(s, depth+1)
		} else {
			w.add(Run{Unknown: true, By: cmd})
		}
	case "if":
		w.ifCommand(args, depth)
	case "source":
		// a file's script: its text is not here
	}
	if places, ok := exprs[cmd]; ok {
		for i, word := range args {
			if word.Braced && (places[0] == 0 || contains(places, i+1)) {
				w.expression(word.Text, depth)
			}
		}
	}
	if places, ok := bodies[cmd]; ok {
		for i, word := range args {
			if !word.Braced {
				continue
			}
			switch {
			case places[0] == 0:
				w.script(word.Text, depth+1)
				if strings.HasPrefix(cmd, "expect") || strings.HasSuffix(cmd, "interact") || cmd == "switch" {
					// a list of patterns and bodies
					if elems, ok := List(word.Text); ok && len(elems) > 1 {
						for _, e := range elems {
							w.script(e, depth+1)
						}
					}
				}
			case contains(places, i+1) || places[0] == -1 && i == len(args)-1:
				w.script(word.Text, depth+1)
			}
		}
	}
}

// ifCommand reads if's conditions as expressions and its bodies as
// scripts: if COND ?then? BODY ?elseif COND ?then? BODY …? ?else? ?BODY?
func (w *walker) ifCommand(args []Word, depth int) {
	cond := true
	for _, a := range args {
		switch {
		case a.Literal && !a.Braced && (a.Text == "then" || a.Text == "else"):
			continue
		case a.Literal && !a.Braced && a.Text == "elseif":
			cond = true
			continue
		}
		if cond {
			if a.Braced {
				w.expression(a.Text, depth)
			}
			cond = false
			continue
		}
		if a.Braced {
			w.script(a.Text, depth+1)
		}
	}
}

// expression reads the [command] substitutions of an expression.
func (w *walker) expression(text string, depth int) {
	p := parser{src: text}
	var word Word
	for p.i < len(text) {
		switch text[p.i] {
		case '[':
			p.bracket(&word)
		case '\\':
			p.i += 2
		default:
			p.i++
		}
	}
	for _, s := range word.Scripts {
		w.script(s, depth+1)
	}
}

// execRun is the pipeline exec's words give:
// exec ?-ignorestderr? ?-keepnewline? ?--? WORD … with | |& < <@ << >
// 2> >& >> 2>> >>& >@ 2>@ >&@ 2>@1 and a last &, as the shell spells
// them; words and file names quoted, a file name's ~ expanded, as Tcl
// 8.6 does.
func execRun(args []Word, by string) Run {
	words, ok := literal(args)
	if !ok {
		return Run{Unknown: true, By: by}
	}
	if by == "exec" {
		for len(words) > 0 && (words[0] == "-ignorestderr" || words[0] == "-keepnewline") {
			words = words[1:]
		}
		if len(words) > 0 && words[0] == "--" {
			words = words[1:]
		}
	}
	var b strings.Builder
	sep := func(s string) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	for i := 0; i < len(words); i++ {
		t := words[i]
		op, rest := redirect(t)
		switch {
		case t == "|" || t == "|&":
			sep(t)
		case t == "&" && i == len(words)-1:
			sep("&")
		case op == "2>@1":
			sep("2>&1")
		case op != "":
			if rest == "" && i+1 < len(words) {
				i++
				rest = words[i]
			}
			switch {
			case strings.HasSuffix(op, "@"):
				// to or from a channel of Tcl's: no file
			case op == "<<":
				sep("<<< " + quote(rest))
			default:
				sep(op + " " + fileName(rest))
			}
		default:
			sep(quote(t))
		}
	}
	return Run{Shell: b.String(), By: by}
}

// redirect returns the redirection operator a word of exec starts with,
// and the file name attached to it.
func redirect(t string) (string, string) {
	if t == "2>@1" {
		return t, ""
	}
	for _, op := range []string{">>&", "2>>", ">&@", "2>@", ">>", ">&", "2>", ">@", "<@", "<<", ">", "<"} {
		if strings.HasPrefix(t, op) {
			return op, t[len(op):]
		}
	}
	return "", ""
}

// spawnRun is the program and arguments expect's spawn starts:
// spawn ?-noecho -console -nottycopy -nottyinit -pty -ignore SIG? PROG ARG…
// (-open and -leaveopen take a channel of Tcl's and start nothing).
func spawnRun(args []Word) Run {
	words, ok := literal(args)
	if !ok {
		return Run{Unknown: true, By: "spawn"}
	}
	for len(words) > 0 && strings.HasPrefix(words[0], "-") {
		switch words[0] {
		case "-open", "-leaveopen":
			return Run{By: "spawn"}
		case "-ignore":
			words = words[1:]
		}
		if len(words) > 0 {
			words = words[1:]
		}
	}
	q := make([]string, len(words))
	for i, t := range words {
		q[i] = quote(t)
	}
	return Run{Shell: strings.Join(q, " "), By: "spawn"}
}

// literal returns the values of words when each is literal, a {*}'s list
// split into its elements.
func literal(args []Word) ([]string, bool) {
	var out []string
	for _, a := range args {
		if !a.Literal {
			return nil, false
		}
		if a.Expand {
			elems, ok := List(a.Text)
			if !ok {
				return nil, false
			}
			out = append(out, elems...)
			continue
		}
		out = append(out, a.Text)
	}
	return out, true
}

// joined is the words' values joined by spaces, as eval and system join
// them.
func joined(args []Word) (string, bool) {
	words, ok := literal(args)
	return strings.Join(words, " "), ok
}

func level(s string) bool {
	s = strings.TrimPrefix(s, "#")
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// fileName is a redirection's file name for the shell: ~ and ~/… expanded
// by the shell as Tcl expands them, the rest quoted.
func fileName(s string) string {
	if s == "~" {
		return "~"
	}
	if strings.HasPrefix(s, "~/") {
		return "~/" + quote(s[2:])
	}
	return quote(s)
}

// quote quotes a word for the shell when it needs it.
func quote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`;&|<>()*?[]{}!#~=%^") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
