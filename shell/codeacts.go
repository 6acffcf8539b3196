package shell

import (
	"path"
	"strings"
	"unicode/utf8"

	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/fspath"
	"github.com/wardenhq/warden/internal/lang/code"
	"github.com/wardenhq/warden/programs"
	"mvdan.cc/sh/v3/syntax"
)

// codeFamily returns the family internal/lang/code reads a program's code
// as, from the language its entry declares; false for a language it does
// not read as calls (Tcl's commands are words, not calls; PowerShell,
// Julia and AppleScript have no reader), whose code the patterns of
// code.go and codefx.go still judge.
func codeFamily(prog string) (code.Family, bool) {
	f, ok := code.FamilyOf(programs.LangOf(prog))
	if !ok || f == code.Tcl {
		return 0, false
	}
	return f, true
}

// walkCalls walks the shell commands code runs, as its calls and
// backquotes say (os.system, subprocess.run([...]), child_process.exec,
// Perl's qx{}), each a nested script; a command, code or module name
// built at run time is a part that is not known. Code a literal eval
// runs is walked as code of the same family, once.
func (a *analyzer) walkCalls(c *call, prog string, f code.Family, text string, depth int) {
	r := code.Read(text, f)
	for _, u := range r.Uses {
		switch u.Act {
		case code.RunsCommand:
			if u.Arg.Unknown {
				a.unknownEval(c.ctx, c.text, prog+" code runs a command built at run time ("+u.Name+")")
				continue
			}
			a.nested(u.Arg.Text, c.ctx, c.wrappers)
		case code.Evaluates:
			switch {
			case u.Arg.Unknown && r.Has(code.Decodes|code.Sends|code.Connects):
				// decoded or downloaded, and run: judged as such
			case u.Arg.Unknown:
				a.unknownEval(c.ctx, c.text, prog+" code runs code built at run time ("+u.Name+")")
			case depth == 0:
				a.walkCalls(c, prog, f, u.Arg.Text, depth+1)
			}
		case code.Reflects:
			// getattr(os, "system")("id") is os.system("id"), a Use of
			// its own; a function looked up and kept, or not determined
			// by literals, is not known
			if u.Blind || !u.Called && len(code.RowsOf(f, u.Looks)) > 0 {
				a.unknownEval(c.ctx, c.text, prog+" code calls a function it names at run time ("+u.Name+")")
			}
		case code.Loads:
			if u.Arg.Unknown {
				a.unknownEval(c.ctx, c.text, prog+" code loads a module named at run time ("+u.Name+")")
			}
		}
	}
	for _, d := range r.Dynamic {
		a.unknownEval(c.ctx, c.text, prog+" code calls a function held in a variable ("+d.Name+")")
	}
	for _, cmd := range r.Commands {
		if cmd.Unknown {
			a.unknownEval(c.ctx, c.text, prog+" code runs a command in backquotes built at run time")
			continue
		}
		a.nested(cmd.Text, c.ctx, c.wrappers)
	}
}

// quotedArg returns the literal string an argument's text is.
func quotedArg(s string) (string, bool) {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' && !strings.Contains(s[1:len(s)-1], `"`) {
		return s[1 : len(s)-1], true
	}
	return "", false
}

// homeArg reports an argument that is the home directory: a call or a
// name of Acts' Home rows, or the variable HOME read from the
// environment (os.environ["HOME"], process.env.HOME, $ENV{HOME}).
func homeArg(f code.Family, arg string) bool {
	r := code.Read(arg, f)
	for _, u := range r.Uses {
		if u.Act == code.Home && (u.Row.Name != "os.path.expanduser" && u.Row.Name != "path.expand" || !u.Arg.Unknown && u.Arg.Text == "~") {
			return true
		}
		if u.Act == code.ReadsVar && !u.Arg.Unknown && u.Arg.Text == "HOME" {
			return true
		}
	}
	for _, ref := range r.Refs {
		if v, ok := envVar(f, ref); ok && v == "HOME" {
			return true
		}
		for _, row := range code.RowsOf(f, ref.Name) {
			if row.Act == code.Home {
				return true
			}
		}
	}
	return false
}

// envVar returns the variable a name reads from the environment:
// os.environ["X"], process.env.X, $ENV{X}, ENV["X"]; "" for all of it
// (os.environ, %ENV, os.environ.items()); false for no environment.
func envVar(f code.Family, ref code.Ref) (string, bool) {
	member, ok := code.EnvOf(f, ref.Name)
	switch {
	case !ok:
		return "", false
	case ref.Keyed && member == "":
		if ref.Key.Unknown {
			return "?", true
		}
		return ref.Key.Text, true
	case member == "" || code.EnvDumps[member]:
		return "", true
	case member == "get" || member == "fetch":
		return "?", true // a call, read by its argument
	}
	return member, true
}

// codeFacts is what judging needs to know of inline code, read from its
// calls (readFacts) or, for a language with no reader, matched in its
// text (patternFacts); judgeFacts judges either alike.
type codeFacts struct {
	deletes    []codeDelete
	massDelete string // a call that deletes every record of a store
	forkBomb   bool   // forks in an endless loop
	hog        bool   // allocates in an endless loop it never leaves
	fetchRuns  bool   // downloads code and runs it
	decodeRuns bool   // decodes text and runs it
	urlImport  bool   // loads a module from a URL
	reverse    bool   // a shell on a network socket
	shellAlone bool   // starts an interactive shell
	sends      bool   // talks to a host
	envDump    bool   // reads the whole environment
	secretVar  string // a secret's variable it reads
	home       bool   // names the home directory
	writes     bool   // writes, moves or deletes a file
	strings    []string
}

// codeDelete is a delete in code: a literal target, the home directory,
// or a target computed at run time (expr).
type codeDelete struct {
	tree, known, home bool
	target, expr      string
}

// readFacts reads what code of a family does from its calls and names.
func readFacts(f code.Family, text string) codeFacts {
	r := code.Read(text, f)
	var x codeFacts
	for _, u := range r.Uses {
		switch u.Act {
		case code.Home:
			x.home = true
		case code.ReadsVar:
			switch {
			case len(u.Args) == 0:
				x.envDump = true
			case !u.Arg.Unknown && u.Arg.Text == "HOME":
				x.home = true
			case !u.Arg.Unknown && x.secretVar == "" && checks.SecretVarName(u.Arg.Text):
				x.secretVar = u.Arg.Text
			}
		case code.Env:
			x.envDump = true // Deno.env.toObject()
		case code.DeletesTree:
			x.deletes = append(x.deletes, deleteOf(f, u, true))
		case code.DeletesFile:
			x.deletes = append(x.deletes, deleteOf(f, u, recursiveArg(u.Args)))
		case code.DeletesAll:
			if lastName(u.Name) != "deleteMany" || len(u.Args) == 0 || u.Args[0] == "{}" {
				x.massDelete = u.Name
			}
		case code.RunsCommand:
			if !u.Arg.Unknown && opensShell(u.Arg.Text) {
				x.shellAlone = true
			}
		case code.Loads:
			x.urlImport = x.urlImport || !u.Arg.Unknown && isWebURL(u.Arg.Text)
		}
	}
	for _, ref := range r.Refs {
		v, ok := envVar(f, ref)
		switch {
		case !ok:
			for _, row := range code.RowsOf(f, ref.Name) {
				x.home = x.home || row.Act == code.Home
				if row.Act == code.DeletesAll {
					x.massDelete = ref.Name // User.destroy_all
				}
			}
		case v == "":
			x.envDump = true
		case v == "HOME":
			x.home = true
		case x.secretVar == "" && checks.SecretVarName(v):
			x.secretVar = v
		}
	}
	for _, m := range r.Modules {
		x.urlImport = x.urlImport || isWebURL(m)
	}
	x.forkBomb = r.Endless && r.Has(code.Forks)
	x.hog = r.Endless && r.Has(code.Grows) && !r.Breaks && !r.Has(code.Waits)
	x.sends = r.Has(code.Sends | code.Connects)
	x.fetchRuns = x.sends && r.Has(code.Evaluates)
	x.decodeRuns = r.Has(code.Decodes) && r.Has(code.Evaluates)
	onSocket := x.shellAlone || r.Has(code.Dups)
	n := 0
	for _, s := range r.Strings {
		if s.Unknown {
			continue
		}
		onSocket = onSocket || startsShell(s.Text)
		if n < 64 && utf8.RuneCountInString(s.Text) <= 300 && !strings.Contains(s.Text, "\n") && s.Text != "" {
			x.strings = append(x.strings, s.Text)
			n++
		}
	}
	x.reverse = r.Has(code.Connects) && onSocket
	x.shellAlone = x.shellAlone && !r.Has(code.Connects)
	x.writes = r.Has(code.Writes | code.DeletesFile | code.DeletesTree)
	return x
}

// deleteOf is the delete a call makes.
func deleteOf(f code.Family, u code.Use, tree bool) codeDelete {
	d := codeDelete{tree: tree, known: !u.Arg.Unknown && !u.List, target: u.Arg.Text, expr: u.Name}
	if len(u.Args) > 0 {
		d.expr = u.Args[0]
		d.home = !d.known && homeArg(f, u.Args[0])
	}
	return d
}

// judgeFacts judges inline code by what it does: deletes of trees, files
// and whole stores; endless forks and allocation; code downloaded or
// decoded and run; a shell on a socket, or one started alone; secrets
// read or sent; agent control files written.
func (a *analyzer) judgeFacts(c *call, prog string, x codeFacts) {
	for _, d := range x.deletes {
		switch {
		case d.known && (d.tree || d.target != ""):
			checks.JudgeDelete(a.view(c), arg{Value: d.target, Raw: d.target, Lit: true, Glob: fspath.HasGlob(d.target)}, d.tree)
		case !d.tree || d.known:
		case d.home:
			a.flag(c, danger.RecursiveDelete, prog+" code recursively deletes the home directory")
		default:
			a.flag(c, danger.RecursiveDelete, prog+" code recursively deletes a path computed at run time ("+d.expr+")")
		}
	}
	if x.massDelete != "" {
		// Model.destroy_all, objects.all().delete(), deleteMany({}),
		// an SDK's deleteIndex: every record of a store (R4).
		a.flag(c, danger.DBDestructive, prog+" code deletes every record or drops a store ("+x.massDelete+")")
	}
	switch {
	case x.forkBomb:
		a.flag(c, danger.ForkBomb, prog+" code forks processes without bound")
	case x.hog:
		a.flag(c, danger.ResourceExhaustion, prog+" code allocates memory in an endless loop")
	}
	if x.fetchRuns {
		a.flag(c, danger.RemoteExec, prog+" code downloads code and runs it")
	}
	if x.reverse {
		a.flag(c, danger.RemoteAccess, prog+" code connects a shell to a network socket (a reverse shell)")
	}
	var credPaths, controlPaths []string
	for _, lit := range x.strings {
		if t := strings.TrimLeft(lit, " "); strings.HasPrefix(t, ">") || strings.HasPrefix(t, "+<") || strings.HasPrefix(t, "+>") {
			// Perl's and Ruby's two-argument open: ">FILE", ">>FILE",
			// "+<FILE" open FILE for writing, whatever verb surrounds it.
			for _, p := range a.codePaths(strings.TrimLeft(t, "+<> "), c.cwd, x.home) {
				if isControl(a, p) {
					a.judgeWrite(c, p)
				}
			}
			continue
		}
		for _, p := range a.codePaths(lit, c.cwd, x.home) {
			switch {
			case a.credentialFile(p) || secretEnvFile(p):
				credPaths = appendPath(credPaths, p)
			case isControl(a, p):
				controlPaths = appendPath(controlPaths, p)
			}
		}
	}
	switch {
	case x.sends && len(credPaths) > 0:
		a.flag(c, danger.Exfiltration, prog+" code sends the credential file "+credPaths[0]+" over the network")
	case x.sends && x.envDump:
		a.flag(c, danger.Exfiltration, prog+" code sends the environment, secrets included, over the network")
	case x.sends && x.secretVar != "":
		a.flag(c, danger.Exfiltration, prog+" code sends the secret "+x.secretVar+" over the network")
	case len(credPaths) > 0:
		a.flag(c, danger.CredentialAccess, prog+" code reads the credential file "+credPaths[0])
	case x.secretVar != "":
		a.flagAt(c, danger.CredentialAccess, prog+" code reads the secret "+x.secretVar, medium)
	case x.envDump:
		a.flagAt(c, danger.CredentialAccess, prog+" code reads the whole environment, secrets included", medium)
	}
	if x.urlImport {
		a.flag(c, danger.RemoteExec, prog+" code loads and runs a module straight from the network")
	}
	if x.decodeRuns {
		a.flag(c, danger.RemoteExec, prog+" code decodes a hidden payload and runs it")
	}
	if x.shellAlone {
		a.flagAt(c, danger.RemoteExec, prog+" code opens a shell, escaping what the command shows", medium)
	}
	if x.writes {
		for _, p := range controlPaths {
			a.judgeWrite(c, p)
		}
	}
}

// recursiveArg reports R's recursive = TRUE among a call's arguments.
func recursiveArg(args []string) bool {
	for _, a := range args {
		switch a {
		case "recursive=TRUE", "recursive=T", "recursive=true":
			return true
		}
	}
	return false
}

func lastName(name string) string { return name[strings.LastIndexAny(name, ".:>")+1:] }

// opensShell reports a command that starts an interactive shell: a shell
// given no code and no script (bash, sh -i, bash --norc), as its own
// grammar reads its options; a command that is not one simple command of
// literal words is not one.
func opensShell(cmd string) bool {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil || len(f.Stmts) != 1 {
		return false
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return false
	}
	args := make([]arg, len(ce.Args))
	for i, w := range ce.Args {
		v, ok := quotedLiteral(w)
		if !ok {
			return false
		}
		args[i] = arg{Value: v, Raw: v, Lit: true}
	}
	if !shellProgram(path.Base(args[0].Value)) {
		return false
	}
	sh := readShell(args[0].Value, args[1:])
	return sh.code < 0 && !sh.coded && !sh.script && !sh.noExec
}

// startsShell reports a string that starts with a shell's path
// (exec("/bin/sh -i <&3 >&3")).
func startsShell(s string) bool {
	w := strings.Fields(s)
	return len(w) > 0 && strings.HasPrefix(w[0], "/") && shellProgram(path.Base(w[0]))
}

func isWebURL(s string) bool {
	return strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")
}

// quotedLiteral returns a word's value when it is literal text, quoted or
// not, that no expansion changes.
func quotedLiteral(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "\\*?[~{") {
				return "", false
			}
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok || strings.ContainsAny(l.Value, "\\$`") {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}
