package shell

import (
	"errors"
	"fmt"
	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/internal/fspath"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/lang/awk"
	"github.com/wardenhq/warden/internal/lang/sed"
	"github.com/wardenhq/warden/internal/lang/yq"
	"github.com/wardenhq/warden/programs"
)

// Effect is one thing a part does, from its program's entry, with its
// target resolved (checks.Effect: the checks read a call's effects too).
type Effect = checks.Effect

// effects reads a call with its program's entry: its effects and what
// could not be known. It fills ca.fx and ca.unknown and adds the paths read
// and written to ca.reads and ca.writes.
func (a *analyzer) effects(ca *call) {
	switch {
	case ca.dynamic:
		ca.unknown = append(ca.unknown, "the program is not a literal word")
		return
	case ca.prog == "" || ca.lang != "":
		return
	case ca.function:
		// A function defined in the command: its body's commands are
		// parts of their own, judged where it is called.
		if ca.unsafeEnv {
			ca.unknown = append(ca.unknown, "an assignment changes what runs")
		}
		return
	}
	if ca.unsafeEnv {
		ca.unknown = append(ca.unknown, "an assignment changes what runs")
	}
	if len(ca.hidden) > 0 {
		ca.unknown = append(ca.unknown, "code that is not a literal is run")
	}
	spec := ca.entryOrBase()
	if execOnly(ca) {
		// exec 3<FILE, exec 2>/dev/null: only the shell's descriptors
		// change; its redirections are judged as any call's. exec <FILE
		// gives FILE to every later command that reads its input (bash
		// or python reads it as code), which the walk does not follow.
		if execFeedsStdin(ca) {
			ca.unknown = append(ca.unknown, "exec gives the shell's standard input to every later command, which is not followed")
		}
		return
	}
	if spec == nil {
		ca.unknown = append(ca.unknown, "no entry for "+ca.prog)
		ca.ungrammatical = true
		return
	}
	defer a.envUnknown(ca)
	defer a.xargsUnknown(ca)
	ops := ca.operands()
	var buf [8]programs.Word
	words := buf[:0]
	for _, x := range ops {
		words = append(words, programs.Word{Text: x.Value, Literal: !x.Unbound && !x.Subst && !x.Glob})
	}
	res := &a.parsed
	if kp := a.keepParse(ca); kp != nil {
		kp.spec, kp.words = spec, append(kp.words[:0], words...)
		res = &kp.res
		programs.ParseInto(spec, kp.words, res)
	} else {
		programs.ParseInto(spec, words, res)
		a.parsedFor, a.parsedSpec = ca, spec
	}
	ca.help = res.Help || res.WhatIf
	if spec.Files.Pieces != nil && !res.Help {
		a.pieceWrites(ca, ops, res, spec.Files.Pieces)
	}
	remoteArchive(ca, res)
	ca.unknown = append(ca.unknown, res.Unknown...)
	ca.ungrammatical = len(res.Unknown) > 0
	if ca.fx == nil {
		ca.fx = a.effs(len(res.Uses))
	}
	awkDone := false
	var unpack []programs.Use
	for _, u := range res.Uses {
		e := Effect{Kind: u.Effect, Target: u.Target, Option: u.Option, Lang: u.Lang}
		if u.Lang == programs.LangShell {
			// Shell code a launcher runs (npx -c, nix-shell --run, sg):
			// judged as a part of its own, like a launched command.
			if u.Target != "" {
				ca.fx = append(ca.fx, Effect{Kind: programs.Exec, Target: u.Target, Option: u.Option, Lang: launchedCommand})
			}
			continue
		}
		switch u.Effect {
		case programs.Into:
			a.copyInto(ca, res, u)
			continue
		case programs.Unpack:
			unpack = append(unpack, u)
			continue
		}
		if u.Lang == programs.LangSed && u.Effect != programs.Unknown {
			a.sedEffects(ca, e)
			continue
		}
		if u.Lang == programs.LangAwk {
			// One program, however many pieces (-e, --source, the
			// operand) it is given in.
			if !awkDone {
				a.awkEffects(ca, res.Uses, ops)
				awkDone = true
			}
			continue
		}
		if u.Lang != "" {
			e.Kind = judgeCode(u.Lang, u.Target)
		}
		switch e.Kind {
		case programs.Read, programs.Write, programs.Delete:
			if u.Target == "" {
				break // an effect with no path of its own (git commit writes the repository)
			}
			if u.Target == "-" {
				continue
			}
			x := arg{Value: u.Target, Lit: true}
			if u.Index >= 0 && u.Index < len(ops) && ops[u.Index].Value == u.Target {
				x = ops[u.Index]
			}
			p := a.resolve(x, ca.cwd)
			if p == "" {
				verb := "writes"
				if e.Kind == programs.Read {
					verb = "reads"
				} else if e.Kind == programs.Delete {
					verb = "deletes"
				}
				a.pathUnknown(ca, verb, x)
				continue
			}
			if fspath.NotAFile(p) {
				continue
			}
			e.Target = p
			if e.Kind == programs.Read {
				ca.reads = appendPath(ca.reads, p)
			} else {
				ca.writes = appendPath(ca.writes, p)
			}
		}
		ca.fx = append(ca.fx, e)
	}
	if len(unpack) > 0 {
		a.unpackUses(ca, res, unpack)
	}
	if res.Command > 0 && res.Command-1 < len(ops) {
		a.launched(ca, ops[res.Command-1:])
	}
}

// launched records the command a launcher (npm exec, uv run, mise exec,
// chronic) runs, as written, for checkEffects to judge as a part of its
// own.
func (a *analyzer) launched(ca *call, rest []arg) {
	if len(rest) == 1 && rest[0].Lit && strings.ContainsAny(rest[0].Value, " \t\n;|&") {
		// One word of shell code (scl enable X 'make all'; an argv
		// launcher given one would fail to find such a program, and
		// judging it as code over-flags nothing that runs).
		ca.fx = append(ca.fx, Effect{Kind: programs.Exec, Target: rest[0].Value, Lang: launchedCommand})
		return
	}
	var b strings.Builder
	for i, x := range rest {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(x.Raw)
	}
	ca.fx = append(ca.fx, Effect{Kind: programs.Exec, Target: b.String(), Lang: launchedCommand})
}

// copyInto judges a copy's destination (Into): it is written, and when it
// is a directory each source lands below it under its own name (intoDir).
// The sources are the call's other operands.
func (a *analyzer) copyInto(ca *call, res *programs.Result, u programs.Use) {
	ops := ca.operands()
	x := checks.UseWord(ops, u)
	if p := a.resolve(x, ca.cwd); p == "" {
		a.pathUnknown(ca, "writes", x)
	} else if !fspath.NotAFile(p) {
		ca.writes = appendPath(ca.writes, p)
		ca.fx = append(ca.fx, Effect{Kind: programs.Write, Target: p, Option: u.Option})
	}
	var srcs []arg
	for _, i := range res.OperandIndexes {
		if i != u.Index && i < len(ops) {
			srcs = append(srcs, ops[i])
		}
	}
	if res.Spec.IntoHere && u.Option == "" && len(srcs) == 0 {
		// ln -s TARGET: a link named after the target, here.
		srcs, x = []arg{x}, arg{Value: ".", Raw: ".", Lit: true}
	}
	recursive := readsTrees(ca)
	a.intoDir(ca, srcs, x, u.Option != "", recursive)
}

// unpackUses judges where a call unpacks (Unpack): into the directories
// given, or the working directory — or, where the entry's Unpacks.Named
// says so, the directory named after its first operand (git clone URL).
func (a *analyzer) unpackUses(ca *call, res *programs.Result, us []programs.Use) {
	what := "extracts an archive"
	if w := res.Spec.Unpacks.What; w != "" {
		what = w
	}
	dirs := unpackDirs(ca, res, us)
	for _, d := range a.unpackInto(ca, dirs, what) {
		if d == ca.cwd {
			d = "" // as the program's own write (tar -x here)
		}
		e := Effect{Kind: programs.Write, Target: d}
		if !slices.Contains(ca.fx, e) {
			ca.fx = append(ca.fx, e)
		}
	}
}

// unpackDirs returns the directories a call unpacks into, as words: the
// values of its Unpack uses, the working directory when one gives none,
// or, with the entry's Unpacks.Named, the directory named after the first
// operand (git clone URL: the repository's name).
func unpackDirs(ca *call, res *programs.Result, us []programs.Use) []arg {
	ops := ca.operands()
	var dirs []arg
	for _, u := range us {
		if u.Target == "" && u.Index < 0 {
			if res.Spec.Unpacks.Named {
				if len(res.OperandIndexes) == 0 || res.OperandIndexes[0] >= len(ops) || !ops[res.OperandIndexes[0]].Lit {
					continue
				}
				name := strings.TrimSuffix(path.Base(strings.TrimRight(ops[res.OperandIndexes[0]].Value, "/")), ".git")
				if name == "" || name == "." || name == "/" {
					continue
				}
				dirs = append(dirs, arg{Value: name, Raw: name, Lit: true})
				continue
			}
			dirs = append(dirs, arg{Value: ".", Raw: ".", Lit: true})
			continue
		}
		dirs = append(dirs, checks.UseWord(ops, u)) // an attached value too: -C.claude, -o/tmp/out
	}
	return dirs
}

// launchedCommand is the Lang of the Exec effect that holds the command a
// launcher runs, as written.
const launchedCommand programs.Lang = "command"

// judgeCode says what code in a small language does: reads at most, or
// runs commands and writes files.
func judgeCode(lang programs.Lang, code string) programs.Effect {
	switch lang {
	case programs.LangJq:
		return programs.None
	case programs.LangYq:
		if yq.Selects(code) {
			return programs.None
		}
		return programs.Unknown
	case programs.LangDate:
		// +FORMAT prints; any other operand is the time to set.
		if strings.HasPrefix(code, "+") {
			return programs.None
		}
		return programs.Config
	case programs.LangSysctl:
		// NAME=VALUE sets the parameter, -w or not; NAME reads it.
		if strings.Contains(code, "=") {
			return programs.Config
		}
		return programs.None
	case programs.LangDD:
		return ddOperand(code)
	case programs.LangPsql, programs.LangMySQL, programs.LangSQLite, programs.LangSQL:
		if checks.PlainQuery(lang, code) {
			return programs.None
		}
		return programs.Exec
	case programs.LangRedis:
		if checks.RedisReads(strings.ToUpper(code)) {
			return programs.None
		}
		return programs.Exec
	case programs.LangSSHOption:
		// ssh -o Name=value: the options that run a local command.
		l := strings.ToLower(code)
		for _, o := range []string{"proxycommand", "localcommand", "permitlocalcommand", "knownhostscommand", "match"} {
			if strings.HasPrefix(strings.TrimLeft(l, " "), o) {
				return programs.Exec
			}
		}
		return programs.None
	case programs.LangSocat:
		l := strings.ToLower(code)
		if strings.Contains(l, "exec:") || strings.Contains(l, "system:") || strings.Contains(l, "exec,") {
			return programs.Exec
		}
		return programs.Network
	case programs.LangLess:
		// less commands given with +: ! and | run commands, s and o save
		// to a file, v starts an editor; the rest move and search.
		if strings.ContainsAny(code, "!|") || strings.HasPrefix(code, "s") || strings.HasPrefix(code, "o") || strings.HasPrefix(code, "O") || strings.HasPrefix(code, "v") {
			return programs.Exec
		}
		if strings.ContainsAny(code, ":-") && !strings.HasPrefix(code, "/") && !strings.HasPrefix(code, "?") {
			// :e FILE examines another file, -o FILE sets an option (a
			// log file among them): not known.
			return programs.Unknown
		}
		return programs.None
	}
	return programs.Exec
}

// readOnlyEffects reports whether a call is known and does nothing but
// read (the paths it reads are judged by the engine against Read rules).
func readOnlyEffects(ca *call) bool {
	if len(ca.unknown) > 0 || ca.prog == "" {
		return false
	}
	if ca.help {
		return true
	}
	for _, e := range ca.fx {
		if !e.Kind.ReadOnly() {
			return false
		}
	}
	return true
}

// findEffects walks, while walking, the commands a call's effects run: a
// launcher's command (npx, uv run, chronic), and a command an option of
// the program runs (git grep -O, man -P, rsync -e), each as a part of its
// own.
func (a *analyzer) findEffects(c *call) {
	if c.ctx == nil || c.raw || c.ctx.remote {
		return
	}
	for _, e := range c.fx {
		if e.Kind == programs.Exec && e.Lang == launchedCommand {
			first := len(a.an.Parts)
			// The command gets the launcher's redirections: chronic sh
			// <<< 'rm -rf ~' runs what the here-string holds.
			cp := *c.ctx
			cp.redirs = c.redirs
			a.nested(e.Target, &cp, c.wrappers)
			if res := entryOf(c); c.partIdx >= 0 && (res.Spec == nil || !res.Spec.NotCovered) {
				// The parts it ran belong to the launcher, unless a
				// launcher among them already owns them.
				for i := first; i < len(a.an.Parts); i++ {
					if a.an.Parts[i].Launcher == 0 {
						a.an.Parts[i].Launcher = i - c.partIdx
					}
				}
			}
		}
	}
	for _, e := range c.fx {
		if !optionRuns(c, e) {
			continue
		}
		if t, ok := strings.CutPrefix(e.Target, "exec="); ok {
			e.Target = t // tar --checkpoint-action=exec=CMD
		}
		if e.Target != "" && e.Lang == "" {
			a.nested(e.Target, c.ctx, c.wrappers)
		}
	}
}

// optionRuns reports an effect that is a command an option of the
// program runs, not one its entry Carries (walked as a part of its own, or
// judged as what the program does).
func optionRuns(c *call, e Effect) bool {
	if e.Kind != programs.Exec || e.Option == "" || e.Lang != "" && e.Lang != programs.LangLess && e.Lang != programs.LangSSHOption {
		return false
	}
	s := c.entryOrBase()
	return s == nil || !s.Carried(e.Option)
}

// checkEffects derives findings from a call's effects: a command run
// through an option of a program that is not a command runner (git grep
// -O, man -P, less +!, go -toolexec, rsync -e) is remote code execution by
// the program-flag route (POLICY.md R14); the command itself is a part of
// its own (findEffects).
func (a *analyzer) checkEffects(c *call) {
	for _, e := range c.fx {
		if e.Kind == programs.Write && e.Option != "" && e.Target != "" {
			// An output option creates or truncates its file (sort -o,
			// tar --index-file, diff --output): .env or a database
			// overwritten is lost.
			a.judgeOverwrite(c, e.Target, c.prog+" "+e.Option)
		}
	}
	for _, e := range c.fx {
		if !optionRuns(c, e) {
			continue
		}
		if t, ok := strings.CutPrefix(e.Target, "exec="); ok {
			e.Target = t // tar --checkpoint-action=exec=CMD
		}
		if e.Target != "" && !opaqueCommand(e.Target) {
			// A plain converter (rg --pre pdftotext): not read-only, and
			// judged as a part of its own, but no program-flag trick.
			continue
		}
		desc := c.prog + " " + e.Option + " runs a command"
		if e.Target != "" {
			desc += ": " + e.Target
		}
		a.flag(c, danger.RemoteExec, desc)
	}
}

// opaqueCommand reports a command given to a program's option that Warden
// cannot follow: shell syntax, a script by path, or a program whose entry
// says it runs code or another command — a shell or an interpreter
// (Code.Shell, Code.Interpreter, under a versioned name too), a fetcher
// whose output is a download (Code.Fetches), a launcher (Command: env,
// xargs, sudo) or a multi-call binary (busybox sh) — or the shell's eval
// and exec.
func opaqueCommand(cmd string) bool {
	if strings.ContainsAny(cmd, ";|&$`<>()!'\"\\/") {
		return true
	}
	name, _, _ := strings.Cut(strings.TrimSpace(cmd), " ")
	switch name {
	case "", "eval", "exec":
		return true
	}
	if c := programs.CodeOf(name); c.Shell || c.Interpreter || c.Fetches {
		return true
	}
	s := programs.Lookup(name)
	return s != nil && (s.Multicall || s.Command)
}

// sedEffects adds what a sed script does: the files its r and R commands
// read, the files w, W and s///w write, and the commands e and s///e run.
// GNU sed takes file names as written, with no ~ expansion. A script sed
// would reject is unknown.
func (a *analyzer) sedEffects(ca *call, e Effect) {
	ops, err := sed.Parse(e.Target)
	if err != nil {
		ca.unknown = append(ca.unknown, err.Error())
		e.Kind = programs.Unknown
		ca.fx = append(ca.fx, e)
		return
	}
	e.Kind = programs.None
	ca.fx = append(ca.fx, e)
	for _, op := range ops {
		fx := Effect{Option: e.Option}
		switch op.Kind {
		case sed.Run:
			fx.Kind, fx.Target = programs.Exec, op.Arg
			ca.fx = append(ca.fx, fx)
			continue
		case sed.Read:
			fx.Kind = programs.Read
		default:
			fx.Kind = programs.Write
		}
		if sed.Stream(op.Arg) {
			continue
		}
		p := op.Arg
		if !strings.HasPrefix(p, "/") {
			if ca.cwd == "" {
				ca.unknown = append(ca.unknown, "sed names the file "+op.Arg+" in a directory that is not known")
				continue
			}
			p = path.Join(ca.cwd, p)
		}
		fx.Target = fspath.Clean(p)
		if fx.Kind == programs.Read {
			ca.reads = appendPath(ca.reads, fx.Target)
		} else {
			ca.writes = appendPath(ca.writes, fx.Target)
		}
		ca.fx = append(ca.fx, fx)
	}
}

// awkEffects adds what an awk program does: the commands it runs
// (system(), pipes, coprocesses), the files it writes and reads through
// redirections, the libraries it loads, each with its target when the
// program names it with literals, and as unknown when it is built at run
// time. Awk takes file names as written, with no ~ expansion. A program
// awk would reject, code included from a file, a change to ARGV and an
// indirect call are unknown. gawk --sandbox disables commands,
// redirections and extensions.
func (a *analyzer) awkEffects(ca *call, uses []programs.Use, ops []arg) {
	sc, err := a.awkScriptOf(ca, uses, ops)
	for _, u := range uses {
		if u.Lang != programs.LangAwk {
			continue
		}
		e := Effect{Kind: programs.None, Target: u.Target, Option: u.Option, Lang: u.Lang}
		if err != nil {
			e.Kind = programs.Unknown
		}
		ca.fx = append(ca.fx, e)
	}
	if err != nil {
		ca.unknown = append(ca.unknown, err.Error())
		return
	}
	sandbox := a.entryParse(ca).Sandboxed()
	file := func(verb, name string) (string, bool) {
		p := name
		if !strings.HasPrefix(p, "/") {
			if ca.cwd == "" {
				ca.unknown = append(ca.unknown, "awk "+verb+" the file "+name+" in a directory that is not known")
				return "", false
			}
			p = path.Join(ca.cwd, p)
		}
		return fspath.Clean(p), true
	}
	for _, op := range sc.Ops {
		if sandbox && op.Kind != awk.Include {
			continue
		}
		switch op.Kind {
		case awk.Run:
			if !op.Known {
				ca.fx = append(ca.fx, Effect{Kind: programs.Exec})
				continue
			}
			for _, v := range op.Vals {
				switch {
				case v == "":
				case op.How == "coprocess" && awk.NetFile(v):
					ca.fx = append(ca.fx, Effect{Kind: programs.Network, Target: v})
				default:
					ca.fx = append(ca.fx, Effect{Kind: programs.Exec, Target: v})
				}
			}
		case awk.Write, awk.Read:
			verb, kind := "writes", programs.Write
			if op.Kind == awk.Read {
				verb, kind = "reads", programs.Read
			}
			if !op.Known {
				a.pathUnknown(ca, verb, arg{Value: op.Text, Unbound: true})
				continue
			}
			for _, v := range op.Vals {
				switch {
				case v == "" || awk.SpecialFile(v) || v == "-" && op.Kind == awk.Read:
				case awk.NetFile(v):
					ca.fx = append(ca.fx, Effect{Kind: programs.Network, Target: v})
				default:
					p, ok := file(verb, v)
					if !ok {
						continue
					}
					ca.fx = append(ca.fx, Effect{Kind: kind, Target: p})
					if kind == programs.Read {
						ca.reads = appendPath(ca.reads, p)
					} else {
						ca.writes = appendPath(ca.writes, p)
					}
				}
			}
		case awk.Load:
			t := op.Text
			if op.Known && len(op.Vals) == 1 {
				t = op.Vals[0]
			}
			ca.fx = append(ca.fx, Effect{Kind: programs.Load, Target: t})
		case awk.Include:
			ca.fx = append(ca.fx, Effect{Kind: programs.Unknown, Target: op.Text})
			ca.unknown = append(ca.unknown, "gawk includes awk code from "+op.Text+", which is not known here")
		}
	}
	if sc.Argv {
		ca.unknown = append(ca.unknown, "the awk program changes ARGV, so the files it reads are not known")
	}
	if sc.Indirect {
		ca.unknown = append(ca.unknown, "the awk program calls a function by a name held in a variable (@f()), which may be system()")
	}
}

// awkScriptOf parses a call's awk program: the program operand and every
// -e/--source value, as one program. Its variables are resolved against
// the command line's assignments and the environment's HOME; with code
// from a file (-f, -i, -E, -W exec, @include) no variable is known.
func (a *analyzer) awkScriptOf(ca *call, uses []programs.Use, ops []arg) (*awk.Script, error) {
	var parts []string
	otherCode := false
	for _, u := range uses {
		switch {
		case u.Lang == programs.LangAwk:
			if u.Index >= 0 && u.Index < len(ops) && (ops[u.Index].Unbound || ops[u.Index].Subst) {
				return nil, errAwkNotLiteral
			}
			parts = append(parts, u.Target)
		case u.Option == "-f" || u.Option == "--file" || u.Option == "-E" || u.Option == "--exec" || u.Option == "-i" || u.Option == "--include" || u.Option == "-W":
			otherCode = true
		}
	}
	src := strings.Join(parts, "\n")
	sc, err := awk.Parse(src)
	if err != nil {
		return nil, err
	}
	for _, op := range sc.Ops {
		otherCode = otherCode || op.Kind == awk.Include
	}
	// The command line's words, the program's own left out.
	words := make([]string, 0, len(ops))
	for i, x := range ops {
		code := false
		for _, u := range uses {
			code = code || u.Lang == programs.LangAwk && u.Index == i && u.Target == x.Value
		}
		if !code {
			words = append(words, x.Value)
		}
	}
	cmdline := awk.CommandLineVars(words)
	if otherCode {
		cmdline = map[string]bool{"*": true}
	}
	env := func(name string) (string, bool) {
		// Only HOME, which every shell exports, and only with no wrapper
		// (sudo, env with options, su …) that may change the environment.
		if name != "HOME" || ca.ctx == nil || len(ca.wrappers) > 0 && !onlyHarmlessWrappers(ca.wrappers, false) || ca.ctx.remote {
			return "", false
		}
		for _, as := range ca.assigns {
			if as.Name == name {
				return "", false
			}
		}
		v, ok := a.lookup(name, ca.ctx)
		return v.s, ok && !v.glob && !v.mktemp
	}
	sc.Resolve(cmdline, env)
	return sc, nil
}

var errAwkNotLiteral = errors.New("the awk program is not a literal")

func argStrings(xs []arg) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = x.Value
	}
	return out
}

// ddOperand judges one of dd's KEY=VALUE operands: if= and of= are the
// files read and written (shell/files.go), the other keys size and convert;
// a word dd does not take is unknown.
func ddOperand(w string) programs.Effect {
	if w == "--help" || w == "--version" {
		return programs.None
	}
	k, _, ok := strings.Cut(w, "=")
	if !ok {
		return programs.Unknown
	}
	switch k {
	case "if", "of", "bs", "ibs", "obs", "cbs", "count", "skip", "seek", "iseek", "oseek", "conv", "iflag", "oflag", "status":
		return programs.None
	}
	return programs.Unknown
}

// hasEffect reports whether the call's entry found an effect of that kind.
func hasEffect(c *call, k programs.Effect) bool {
	for _, e := range c.fx {
		if e.Kind == k {
			return true
		}
	}
	return false
}

// envUnknown makes a call unknown when an assignment before it names a
// variable whose effect on the program is not known (XDG_CONFIG_HOME=./cfg
// git status reads another configuration), unless the program runs the
// project's code or a command anyway, which reads what it likes.
func (a *analyzer) envUnknown(ca *call) {
	if ca.decl || ca.unsafeEnv {
		return
	}
	for _, e := range ca.fx {
		if e.Kind == programs.RunsProject || e.Kind == programs.Exec {
			return
		}
	}
	for _, as := range ca.assigns {
		if !safeEnvNames(as.Name) && !inertEnvNames(as.Name) && !knownEnvValue(as.Name, as.Value.Value) && !(!ca.function && programs.OwnReadingOf(as.Name, ca.prog)) {
			ca.unknown = append(ca.unknown, as.Name+" is set, and what it changes in "+ca.prog+" is not known")
			return
		}
	}
}

// xargsUnknown makes a call xargs runs unknown when the words xargs adds
// come from somewhere whose output is not names in the project: echo
// ~/.ssh/id_rsa | xargs cat reads a key, xargs cat < list.txt reads what
// the list names. Names found in the project (find ., git ls-files, grep
// -l) and process ids (lsof -t, pgrep) are known in kind, and a program
// that runs the project's code or a command is judged by that already.
func (a *analyzer) xargsUnknown(ca *call) {
	switch {
	case !ca.xargs || ca.xargsFed:
		return
	case ca.entryFlow().Echoes:
		return // the words are only printed
	}
	for _, e := range ca.fx {
		if e.Kind == programs.RunsProject || e.Kind == programs.Exec {
			return
		}
	}
	up := ca.upstream()
	if len(up) == 0 {
		ca.unknown = append(ca.unknown, "xargs adds words from its input, which the command does not show")
		return
	}
	for _, u := range up {
		if !a.namesInProject(u) {
			ca.unknown = append(ca.unknown, "xargs adds words from the output of "+u.text+", which may name files outside the project")
			return
		}
	}
}

// namesInProject reports a pipeline stage whose output is paths inside the
// project or process ids.
func (a *analyzer) namesInProject(u *call) bool {
	inside := func(xs []arg) bool {
		for _, x := range xs {
			p := a.resolve(x, u.cwd)
			if p == "" || !a.inTree(p) {
				return false
			}
		}
		return true
	}
	flow := u.entryFlow()
	if flow.Names == programs.NamesUnknown {
		return false
	}
	if flow.NamesWith != "" || flow.NamesNot != "" || flow.NamesOwn != "" {
		res := entryOf(u)
		if flow.NamesWith != "" && !res.Has(strings.Fields(flow.NamesWith)...) || flow.NamesNot != "" && res.Has(strings.Fields(flow.NamesNot)...) {
			return false
		}
		if flow.NamesOwn != "" && res.Has(strings.Fields(flow.NamesOwn)...) {
			return inside(a.entryOperands(u))
		}
	}
	switch flow.Names {
	case programs.NamesPids, programs.NamesRepo:
		return true
	case programs.NamesFiltered:
		// Filters pass on names from earlier stages (find . | grep x |
		// xargs): known when they read no file of their own.
		return len(u.reads) == 0
	case programs.NamesTrees:
		fi, ok := a.walkOf(u)
		return ok && inside(fi.Roots)
	case programs.NamesOperands:
		return inside(namesFor(u))
	}
	return false
}

// pieceWrites records the first pieces a program whose entry declares
// Files.Pieces writes: the prefix (csplit -f, xx by default) followed by
// the suffix format (csplit -b, %02d by default) of 0 and 1. A format
// Go's fmt does not read as C's leaves the names unknown.
func (a *analyzer) pieceWrites(ca *call, ops []arg, res *programs.Result, pc *programs.Pieces) {
	prefix, format := arg{Value: pc.DefaultPrefix, Lit: true}, pc.DefaultFormat
	var n int
	for _, u := range res.Uses {
		if u.Index < 0 || u.Index >= len(ops) {
			continue
		}
		switch u.Option {
		case pc.Prefix:
			prefix = ops[u.Index]
			prefix.Value = u.Target
		case pc.Format:
			format = u.Target
		case pc.Digits:
			if d, err := strconv.Atoi(u.Target); err == nil && d >= 0 && d < 10 {
				n = d
			}
		}
	}
	if n > 0 && format == pc.DefaultFormat {
		format = "%0" + strconv.Itoa(n) + "d"
	}
	if strings.Count(format, "%") != 1 || !strings.ContainsAny(format[strings.IndexByte(format, '%'):], "dxXo") {
		a.pathUnknown(ca, "writes", arg{Value: prefix.Value + format, Lit: prefix.Lit, Unbound: prefix.Unbound})
		return
	}
	for i := 0; i < 2; i++ {
		x := prefix
		x.Value = prefix.Value + fmt.Sprintf(format, i)
		if p := a.resolve(x, ca.cwd); p != "" {
			ca.writes = appendPath(ca.writes, p)
		} else {
			a.pathUnknown(ca, "writes", x)
			return
		}
	}
}

// remoteArchive records an archive on another host (Files.RemoteUnless):
// GNU tar -f HOST:PATH and cpio -F USER@HOST:PATH are reached through rsh
// or ssh and the remote rmt, in every mode, listing included, unless
// --force-local says the colon is part of a local name.
func remoteArchive(ca *call, res *programs.Result) {
	f := res.Spec.Files
	if f.Archive == "" || f.RemoteUnless == "" || res.Has(strings.Fields(f.RemoteUnless)...) {
		return
	}
	for _, u := range res.Option(strings.Fields(f.Archive)...) {
		c := strings.IndexByte(u.Target, ':')
		if c <= 0 || strings.Contains(u.Target[:c], "/") {
			continue
		}
		host := u.Target[:c]
		if at := strings.IndexByte(host, '@'); at >= 0 {
			host = host[at+1:]
		}
		ca.fx = append(ca.fx, Effect{Kind: programs.Network, Target: host, Option: u.Option})
		ca.unknown = append(ca.unknown, baseName(ca.prog)+" reaches the archive on "+host+" through a remote shell")
		return
	}
}
