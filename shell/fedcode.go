package shell

import (
	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/internal/fspath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// This file follows code a command builds and then runs: a script file
// written earlier in the same command (echo … > x.sh; sh x.sh), a
// function defined then called, text fed to a shell through a descriptor
// or a process substitution (sh <&3, bash <(…), source /dev/fd/3). Known
// text is analysed as the code it is; text the analysis cannot read makes
// an unknown part.

// written is what the analysis knows of a file this command wrote.
type written struct {
	text  string
	known bool
}

// funcDef is a function defined in this command: its body and the source
// text its positions refer to.
type funcDef struct {
	body *syntax.Stmt
	src  string
}

// recordWritten remembers the files a call writes, with their content when
// it is literal text (echo, printf, cat with a here-document).
func (a *analyzer) recordWritten(ca *call) {
	if len(ca.writes) == 0 {
		return
	}
	sc := ca.ctx.sc
	text, known := a.producedLiteral(ca)
	for _, r := range ca.redirs {
		if !r.isOutput() || fspath.NotAFile(r.target.Value) {
			continue
		}
		p := a.resolve(r.target, ca.cwd)
		if p == "" {
			continue
		}
		w := written{text: text, known: known}
		if r.op == syntax.AppOut || r.op == syntax.AppAll {
			if prev, ok := sc.writtenFile(p); ok {
				w = written{text: prev.text + text, known: prev.known && known}
			}
		}
		sc.setWritten(p, w)
	}
	for _, p := range ca.writes {
		if _, ok := sc.writtenFile(p); !ok {
			sc.setWritten(p, written{}) // cp, tee, curl -o, ...: content unknown
		}
	}
}

// producedLiteral returns what a call prints when it is literal text:
// echo's and printf's operands, or a here-document as its program's entry
// says it transforms it.
func (a *analyzer) producedLiteral(ca *call) (string, bool) {
	switch ca.prog {
	case "echo", "printf":
		words := make([]string, 0, len(ca.args))
		for _, x := range ca.operands() {
			if !x.Lit {
				return "", false
			}
			words = append(words, x.Value)
		}
		if ca.prog == "echo" {
			return echoString(words), true
		}
		if len(words) == 0 {
			return "", false
		}
		return printfString(words[0], words[1:]), true
	}
	// What a program makes of a here-document it reads, where its entry
	// says (Code.Transform): cat hands it on as it is when given no file,
	// base64 -d decodes it, rev and tr rewrite it.
	for _, r := range ca.redirs {
		if r.hasBody {
			return decode(ca, r.body)
		}
	}
	return "", false
}

// runWritten judges a call that runs a file written earlier in the same
// command: directly (./x), through a shell or source, or as an
// interpreter's script.
func (a *analyzer) runWritten(ca *call) {
	sc := ca.ctx.sc
	if len(ca.args) == 0 || len(sc.wmap) == 0 && len(sc.recs) == 0 {
		return // nothing written (a body being recorded reads the file it runs)
	}
	var script string
	shell := false
	if p0 := ca.args[0]; p0.Lit && strings.Contains(p0.Value, "/") {
		script, shell = a.resolve(p0, ca.cwd), true
	} else if interpreterCall(ca, ca.prog) || ca.prog == "source" || ca.prog == "." {
		for _, x := range ca.operands() {
			if strings.HasPrefix(x.Value, "-") {
				if shellProgram(ca.prog) && strings.Contains(x.Value, "c") && !strings.HasPrefix(x.Value, "--") {
					return // sh -c: the script is the text, judged as a carrier
				}
				continue
			}
			script = a.resolve(x, ca.cwd)
			break
		}
		shell = shellProgram(ca.prog) || ca.prog == "source" || ca.prog == "."
	}
	if script == "" {
		return
	}
	w, ok := sc.writtenFile(script)
	if !ok || sc.fetchedMap()[script] {
		return // a download run is remote-exec, judged by checkFetchedRun
	}
	if !w.known {
		a.unknownEval(ca.ctx, ca.text, "runs "+script+", written earlier in this command with content the analysis cannot read")
		return
	}
	if shell && !strings.HasPrefix(w.text, "#!") || shell && shebangShell(w.text) {
		a.nested(w.text, ca.ctx, ca.wrappers)
		return
	}
	prog := ca.prog
	if shell {
		prog = shebangProgram(w.text)
	}
	a.checkCode(ca, prog, w.text)
	if !interpreterCall(ca, prog) {
		a.unknownEval(ca.ctx, ca.text, "runs "+script+" with "+prog+", which the analysis cannot read")
	}
}

// shebangProgram returns the program a script's #! line runs. The kernel
// gives the interpreter the rest of the line as one word, and a wrapper
// there runs the program that word names, read by the wrapper's entry
// (#!/usr/bin/env python3, #!/usr/bin/nice python3); a word it cannot
// place (env -S python3 -u) leaves the wrapper, which runs nothing known.
func shebangProgram(text string) string {
	line, _, _ := strings.Cut(strings.TrimPrefix(text, "#!"), "\n")
	interp, rest, _ := strings.Cut(strings.TrimLeft(line, " \t"), " ")
	interp, _, _ = strings.Cut(interp, "\t")
	if interp == "" {
		return ""
	}
	words := []checks.Word{{Value: interp, Lit: true}}
	if rest = strings.Trim(rest, " \t\r"); rest != "" {
		words = append(words, checks.Word{Value: rest, Lit: true})
	}
	return key(baseName(execProgram(words)))
}

func shebangShell(text string) bool { return shellProgram(shebangProgram(text)) }

// callFunction judges a call of a function defined earlier in the command:
// its body runs again here, with the call's words as $1, $2, ... (judged,
// not listed: the body's parts were listed where it was defined).
func (a *analyzer) callFunction(def *funcDef, name string, args []arg, c *ctx) {
	if c.depth+1 > a.opts.MaxDepth {
		a.setLimit(LimitDepth)
		return
	}
	if a.calling == nil {
		a.calling = map[string]bool{}
	}
	if a.calling[name] {
		return // recursion: the body is being judged already
	}
	a.calling[name] = true
	defer delete(a.calling, name)
	cp := a.newCtx(c)
	cp.src = def.src
	cp.depth = c.depth + 1
	cp.shadow = true
	cp.funcName = name
	cp.pipe = nil
	a.withPositionals(c.sc, args, func() { a.memoWalk(def, cp) })
}

// withPositionals runs walk with the positional parameters bound to args
// ($1, $2, … $9, $@, $*, $#), as a function call or sh -c CODE NAME
// ARGS... binds them, and restores them after.
func (a *analyzer) withPositionals(sc *scope, args []arg, walk func()) {
	var bound positionals
	all, allKnown := make([]string, 0, len(args)), true
	for i, x := range args {
		if i < 9 {
			bound.v[3+i] = varVal{s: x.Value, known: !x.Unbound, mktemp: x.Mktemp}
		}
		all = append(all, x.Value)
		allKnown = allKnown && !x.Unbound
	}
	for i := len(args); i < 9; i++ {
		bound.v[3+i] = varVal{s: "", known: true}
	}
	joined := strings.Join(all, " ")
	bound.v[0] = varVal{s: joined, known: allKnown}
	bound.v[1] = varVal{s: joined, known: allKnown}
	bound.v[2] = varVal{s: itoa(len(args)), known: true, number: true}
	bound.set = 1<<len(positionalNames) - 1
	if len(sc.recs) == 0 && sc.forks == 0 && !a.noMemo {
		// Nothing records the scope and no subshell is under way: the
		// parameters are bound and restored whole, with nothing to note.
		// (With the memo off, as tests compare, they are bound name by
		// name.)
		saved := sc.swapPositionals(bound)
		walk()
		sc.swapPositionals(saved)
		return
	}
	if !a.noMemo {
		// Bound whole too, with what the recordings and the subshell
		// under way would have seen noted at once.
		if b, ok := sc.bindPositionals(bound); ok {
			walk()
			sc.unbindPositionals(b)
			return
		}
	}
	var saved [len(positionalNames)]varVal
	var had [len(positionalNames)]bool
	for i, n := range positionalNames {
		saved[i], had[i] = sc.variable(n)
	}
	for i := 3; i < len(positionalNames); i++ {
		sc.set(positionalNames[i], bound.v[i])
	}
	for i := range 3 {
		sc.set(positionalNames[i], bound.v[i])
	}
	walk()
	for i, n := range positionalNames {
		if had[i] {
			sc.set(n, saved[i])
		} else {
			sc.unset(n)
		}
	}
}

// positionalNames are the variables a function call binds.
var positionalNames = [...]string{"@", "*", "#", "1", "2", "3", "4", "5", "6", "7", "8", "9"}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// findFedCode walks, while walking, the program a shell or interpreter
// reads through a descriptor or a process substitution: sh <&3, bash
// /dev/fd/3, source <(…), . /dev/stdin with nothing known on stdin.
func (a *analyzer) findFedCode(c *call, prog string) {
	if !interpreterCall(c, prog) {
		return
	}
	asShell := shellProgram(prog) || prog == "source" || prog == "."
	if c.ctx.pipe == nil && readsProgramFromStdin(c, prog) {
		for _, r := range c.redirs {
			if r.op == syntax.DplIn && r.target.Value != "-" || r.op == syntax.RdrIn && (fdPath(r.target.Value) || r.viaFD != "") {
				a.unknownEval(c.ctx, c.text, prog+" runs code read from a file descriptor, which the analysis cannot read")
				return
			}
		}
	}
	for _, x := range c.operands() {
		if strings.HasPrefix(x.Value, "-") && x.Value != "-" {
			if shellProgram(prog) && strings.Contains(x.Value, "c") && !strings.HasPrefix(x.Value, "--") {
				return
			}
			continue
		}
		switch {
		case x.Subst && x.Node != nil && strings.HasPrefix(x.Value, "/dev/fd/"):
			text, known := a.procSubstText(x.Node, c.ctx)
			switch {
			case a.substFetches(x):
				// flagged as remote-exec by checkProcSubstCode
			case known && asShell:
				a.nested(text, c.ctx, c.wrappers)
			case known:
				a.foundCode(c, foundFed, prog, text)
			default:
				a.unknownEval(c.ctx, c.text, prog+" runs the output of a process substitution, which the analysis cannot read")
			}
		case fdPath(x.Value) && c.ctx.pipe == nil:
			a.unknownEval(c.ctx, c.text, prog+" runs code read from "+x.Value+", which the analysis cannot read")
		}
		return
	}
}

// procSubstText returns what the first process substitution in a word
// prints, when it is literal echo or printf text.
func (a *analyzer) procSubstText(w *syntax.Word, c *ctx) (string, bool) {
	for _, p := range w.Parts {
		if ps, ok := p.(*syntax.ProcSubst); ok {
			v, k := a.substValue(&syntax.CmdSubst{Stmts: ps.Stmts}, c) // printf/echo only
			return v, k == substKnown
		}
	}
	return "", false
}

// fdPath reports a path that names an open file descriptor other than the
// standard ones.
func fdPath(s string) bool {
	for _, pre := range []string{"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"} {
		if n, ok := strings.CutPrefix(s, pre); ok {
			return n != "0" && n != "1" && n != "2"
		}
	}
	return false
}
