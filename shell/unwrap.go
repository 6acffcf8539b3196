package shell

import (
	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/internal/fspath"
	"mvdan.cc/sh/v3/syntax"
	"strings"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/lang/powershell"
	"github.com/wardenhq/warden/programs"
)

// A wrapper runs another command given as its remaining words. The
// programs that do are wrapper entries (programs/wrappers.go, read by
// unwrapEntry); this table holds the shell's own words that do (builtin,
// exec, zsh's noglob and nocorrect) and parallel. It returns those words,
// or ok=false when it was given no command and so is the program itself.
type wrapperFunc func(a *analyzer, ca *call, args []arg) (rest []arg, ok bool)

// A carrier runs code given as a string (bash -c, eval, su -c). It returns
// true when it handled the call entirely (the code was walked as nested
// parts and the carrier itself is not a part).
type carrierFunc func(a *analyzer, ca *call, args []arg) bool

var wrappers map[string]wrapperFunc
var carriers map[string]carrierFunc

func init() {
	wrappers = map[string]wrapperFunc{
		"builtin":   strictWrapper("builtin", "", "", ""),
		"noglob":    strictWrapper("noglob", "", "", ""),
		"nocorrect": optsWrapper("", ""),
		"then":      optsWrapper("", ""),
		"do":        optsWrapper("", ""),
	}
	afterWrap = map[programs.Unwrap]afterFunc{
		programs.UnwrapAssigns: afterAssigns,
		programs.UnwrapEnv:     afterEnv,
		programs.UnwrapUser:    afterRunuser,
		programs.UnwrapXargs:   afterXargs,
		programs.UnwrapQuery:   afterCommand,
	}
	carriers = map[string]carrierFunc{
		"eval":       carryEval,
		"cmd":        carryCmd,
		"powershell": carryPowerShell,
		"pwsh":       carryPowerShell,
		"source":     carrySource,
		".":          carrySource,
		"trap":       carryTrap,
	}
	for _, sh := range shellNames {
		carriers[sh] = carryShell
	}
}

// carrierOf returns the carrier of a program: the shell's own words'
// (eval, source, trap), the shells' and the foreign hosts' by name, and
// carryOption for an entry that is a Carrier (su -c CMD).
func carrierOf(k string) (carrierFunc, bool) { return carrierOfSpec(k, programs.Lookup(k)) }

// carrierOfSpec is carrierOf for k's entry, looked up already.
func carrierOfSpec(k string, spec *programs.Spec) (carrierFunc, bool) {
	if cr, ok := carriers[k]; ok {
		return cr, true
	}
	if spec != nil && spec.Carrier {
		return carryOption, true
	}
	return nil, false
}

// isWrapper reports a program that runs the command its words give in its
// own place: one with a wrapper entry (programs/wrappers.go: sudo, env,
// xargs …) or a shell word the wrappers table unwraps (builtin, exec).
func isWrapper(k string) bool {
	if _, ok := wrappers[k]; ok {
		return true
	}
	spec := programs.Lookup(k)
	return spec != nil && spec.Wraps != 0
}

// foreignCarrier are the carriers whose code is not shell: what they run
// is split into statements for the danger checks, not into parts.
func foreignCarrier(s string) bool {
	switch s {
	case "cmd", "powershell", "pwsh":
		return true
	}
	return false
}

func foreignLang(k string) string {
	if k == "cmd" {
		return "cmd.exe"
	}
	return "PowerShell"
}

// shellNames are the programs whose Code says they are shells
// (programs/unlisted.go).
var shellNames = programs.Shells()

// optsWrapper returns a wrapper that skips options (withValue: options
// that take a value; noCommand: options after which nothing runs).
func optsWrapper(withValue, noCommand string) wrapperFunc {
	vals := strings.Fields(withValue)
	stops := strings.Fields(noCommand)
	return func(a *analyzer, ca *call, args []arg) ([]arg, bool) {
		i := 0
		for ; i < len(args); i++ {
			s := args[i].Value
			if s == "--" {
				i++
				break
			}
			if !strings.HasPrefix(s, "-") || s == "-" {
				if !args[i].Lit {
					break
				}
				// nice -19 and friends: a numeric option.
				break
			}
			for _, st := range stops {
				if s == st {
					return nil, false
				}
			}
			for _, v := range vals {
				if s == v {
					i++
					break
				}
			}
		}
		if i >= len(args) {
			return nil, false
		}
		return args[i:], true
	}
}

// unwrapEntry unwraps the words of a call, program first, when the
// program has a wrapper entry (wrapByEntry); wrapper is
// false when the program has no wrapper entry. With form, the wrapper's
// words are recorded as a form of what it runs (wrapperForm), as the
// parsed path does; the raw scan's parts have none.
// spec is k's entry, programs.Lookup(k).
func (a *analyzer) unwrapEntry(ca *call, k string, spec *programs.Spec, args []arg, form bool) (rest []arg, wrapper, ok bool) {
	if spec == nil || spec.Wraps == 0 {
		return nil, false, false
	}
	if form {
		a.wrapperForm(ca, args)
	}
	var res programs.Result
	rest, ok = a.wrapByEntry(ca, k, spec, args[1:], &res)
	rest, ok, done := a.afterEntry(ca, spec, &res, args[1:], rest, ok, form)
	if h := afterWrapOf(spec); h != nil && !done {
		rest, ok = h(a, ca, &res, args[1:], rest, ok, form)
	}
	if ok {
		ca.wrappers = append(ca.wrappers, k)
	}
	return rest, true, ok
}

// wrapByEntry unwraps a wrapper with an entry (programs/wrappers.go): its
// grammar reads the wrapper's options in every spelling, and the command
// starts where the entry says. A wrapper given no command is the program
// itself (nice alone prints the niceness). An option the wrapper does not
// have, or one that does more than change how the command runs, makes the
// call unknown.
func (a *analyzer) wrapByEntry(ca *call, name string, spec *programs.Spec, args []arg, res *programs.Result) ([]arg, bool) {
	words := make([]programs.Word, len(args))
	for i, x := range args {
		words[i] = programs.Word{Text: x.Value, Literal: !x.Glob && !x.Unbound && !x.Subst}
	}
	*res = programs.Parse(spec, words)
	if res.Help || res.Command == 0 || res.Command-1 >= len(args) {
		return nil, false
	}
	for _, why := range res.Unknown {
		ca.unknown = append(ca.unknown, why)
	}
	a.wrapperFiles(ca, res, args)
	for _, o := range res.Options {
		if o.Effect == programs.Write || o.Effect == programs.Read {
			continue // wrapperFiles
		}
		if o.Effect != programs.None && o.Effect != programs.Help {
			ca.unknown = append(ca.unknown, name+" "+o.Option+" does more than run the command")
		}
	}
	return args[res.Command-1:], true
}

// afterFunc is what the shell makes of a wrapper's reading by its entry:
// given the parse, the wrapper's words and the command the entry found, it
// returns the command that runs (none, when ok is false). form is false
// for the raw scan's parts, which are recorded as they are written.
type afterFunc func(a *analyzer, ca *call, res *programs.Result, args, rest []arg, ok, form bool) ([]arg, bool)

// afterWrap holds, by the behaviour a wrapper's entry selects
// (programs.Unwrap), what the shell makes of the entry's reading where
// the wrapper's options change what runs beyond where the command starts.
var afterWrap map[programs.Unwrap]afterFunc

// afterEntry reads what a wrapper's entry declares beyond where its
// command starts, each option in every spelling: a password read from
// standard input (PasswordStdin), options that refuse a command (Refuses:
// the call is judged where the wrapper stands, as the command it spells),
// a program it runs instead on the command's words (RunsAs: sudo -e is
// sudoedit), words run joined as shell code (Joins: watch), the user's
// shell when given no command (BareShell: chroot), and, for a wrapper
// with no behaviour of its own, the shell code an option of its gives
// (flock F -c CMD). done says the command that runs is settled.
func (a *analyzer) afterEntry(ca *call, spec *programs.Spec, res *programs.Result, args, rest []arg, ok, form bool) (_ []arg, _, done bool) {
	if spec.PasswordStdin != "" && res.Has(spec.PasswordStdin) {
		ca.sudoStdin = true
	}
	if spec.Refuses != "" && res.Has(strings.Fields(spec.Refuses)...) {
		return nil, false, true
	}
	if ok {
		for _, pair := range strings.Fields(spec.RunsAs) {
			if opt, prog, _ := strings.Cut(pair, "="); res.Has(opt) {
				return append([]arg{{Value: prog, Raw: prog, Lit: true}}, rest...), true, true
			}
		}
	}
	if spec.Joins && ok && form && (spec.JoinsUnless == "" || !res.Has(strings.Fields(spec.JoinsUnless)...)) {
		words := make([]string, 0, len(rest))
		for _, x := range rest {
			words = append(words, x.Value)
		}
		a.nested(strings.Join(words, " "), ca.ctx, ca.wrappers)
		return nil, true, true
	}
	if spec.BareShell && !ok && !res.Help && len(res.OperandIndexes) == 1 {
		return []arg{{Value: "sh", Lit: true, Raw: "sh"}}, true, true
	}
	if spec.Unwrap == 0 {
		if v, code := wrapperCode(res, args); code {
			return nil, a.runWrapperCode(ca, v, form), true
		}
	}
	return rest, ok, false
}

// runWrapperCode walks the shell code a wrapper's option gives (flock F
// -c CMD, runuser -c CMD) as run under the wrapper, and reports whether
// the wrapper is unwrapped: a raw piece stays the part.
func (a *analyzer) runWrapperCode(ca *call, v arg, form bool) bool {
	switch {
	case !form:
		return false
	case v.Unbound:
		ca.hiddenCode(a, v)
	default:
		a.nested(v.Value, ca.ctx, append(ca.wrappers, wrapperName(ca)))
	}
	return true
}

// afterAssigns gives the command the literal NAME=VALUE words that start
// it (sudo FOO=1 CMD).
func afterAssigns(a *analyzer, ca *call, res *programs.Result, args, rest []arg, ok, form bool) ([]arg, bool) {
	if !ok {
		return nil, false
	}
	i := a.wrapperAssigns(ca, rest, true)
	if i >= len(rest) {
		return nil, false
	}
	return rest[i:], true
}

// wrapperAssigns gives the call the NAME=VALUE words that start args
// (sudo's and env's assignments, which the command they run inherits) and
// returns how many there are. With literal, a word must be literal to
// count (sudo).
func (a *analyzer) wrapperAssigns(ca *call, args []arg, literal bool) int {
	i := 0
	for i < len(args) && (args[i].Lit || !literal) && programs.IsAssignment(args[i].Value) {
		name, _, _ := strings.Cut(args[i].Value, "=")
		v := args[i]
		v.Value = args[i].Value[len(name)+1:]
		ca.assigns = append(ca.assigns, assignment{Name: name, Value: v, Text: args[i].Raw})
		if unsafeEnvNames(name) && !ca.ctx.unsafeEnv {
			// What it runs, carriers included, inherits the variable.
			cp := a.newCtx(ca.ctx)
			cp.unsafeEnv = true
			ca.ctx = cp
		}
		i++
	}
	return i
}

// afterCommand reads command -v and -V (the entry's help options: they
// print what the names are and run nothing) given a -- and then words
// that read as a command line, an option word after a name (command -pv
// -- git reset --hard): bash still only prints, but the -- dresses a
// command up as a query, and the call is judged as the command it spells.
// Names without the -- (command -V git reset --hard) are a query. command's
// grammar has flags only, so the names are the words after the --.
func afterCommand(a *analyzer, ca *call, res *programs.Result, args, rest []arg, ok, form bool) ([]arg, bool) {
	if !res.Help {
		return rest, ok
	}
	first := -1
	for i, x := range args {
		if first < 0 {
			if !strings.HasPrefix(x.Value, "-") {
				return nil, false
			}
			if x.Value == "--" && x.Lit {
				first = i + 1
			}
			continue
		}
		if i > first && strings.HasPrefix(x.Value, "-") {
			ca.unknown = append(ca.unknown, "command -v given a command line after --, judged as the command it spells")
			return args[first:], true
		}
	}
	return nil, false
}

// strictWrapper is optsWrapper for the wrappers a read-only call may run
// under (nice, nohup, stdbuf, command): an option the wrapper does not
// have makes the call unknown, as any program's would. flags are its
// options without a value.
func strictWrapper(name, withValue, flags, noCommand string) wrapperFunc {
	w := optsWrapper(withValue, noCommand)
	return func(a *analyzer, ca *call, args []arg) ([]arg, bool) {
		rest, ok := w(a, ca, args)
		n := len(args) - len(rest)
		if !ok {
			n = len(args)
		}
		for i := 0; i < n; i++ {
			s := args[i].Value
			if s == "--" || !strings.HasPrefix(s, "-") || s == "-" {
				break
			}
			if strings.Contains(" "+withValue+" ", " "+s+" ") {
				i++ // its value
				continue
			}
			if !knownWrapperOption(s, withValue, flags+" "+noCommand+" --help --version") {
				ca.unknown = append(ca.unknown, "unknown option "+s+" of "+name)
			}
		}
		return rest, ok
	}
}

// knownWrapperOption reports a wrapper's option word: a flag, or an option
// with a value given as -xVALUE or --long=VALUE.
func knownWrapperOption(s, withValue, flags string) bool {
	for _, f := range strings.Fields(flags) {
		if s == f {
			return true
		}
	}
	for _, v := range strings.Fields(withValue) {
		if s == v || strings.HasPrefix(v, "--") && strings.HasPrefix(s, v+"=") || !strings.HasPrefix(v, "--") && strings.HasPrefix(s, v) {
			return true
		}
	}
	return false
}

// wordSet is a set of words, written as one space-separated string.
type wordSet map[string]bool

func newWordSet(words string) wordSet {
	set := wordSet{}
	for _, w := range strings.Fields(words) {
		set[w] = true
	}
	return set
}

func (ws wordSet) has(w string) bool { return ws[w] }

// afterEnv reads what env's grammar leaves to the shell: -S STRING (in
// any spelling) splits the string into words read as the rest of env's
// own command line, walked as a nested env call; a first word "-" is -i;
// and the NAME=VALUE words before the command are given to it.
func afterEnv(a *analyzer, ca *call, res *programs.Result, args, rest []arg, ok, form bool) ([]arg, bool) {
	for _, u := range res.Options {
		if u.Option != "--split-string" || u.Index < 0 || u.Index >= len(args) {
			continue
		}
		if !form {
			return nil, false // a raw piece: env stays the part
		}
		words := []string{wrapperName(ca), u.Target}
		for _, x := range args[u.Index+1:] {
			words = append(words, x.Raw)
		}
		// env -S splits its string into words; reading it as shell
		// words is close enough and never misses a command.
		a.nested(strings.Join(words, " "), ca.ctx, ca.wrappers)
		return nil, true
	}
	// The assignments stand after the last option (and a --), before
	// the command where the entry says it starts.
	start := 0
	for _, o := range res.Options {
		start = max(start, o.Index+1)
	}
	if start < len(args) && args[start].Value == "--" && args[start].Lit {
		start++
	}
	for _, u := range res.Options {
		if u.Option != "--chdir" || !ok || !form || start >= len(args) {
			continue
		}
		// env -C DIR runs its command in DIR: its relative paths, the
		// repository git finds, are DIR's.
		dir := ""
		if x := checks.UseWord(args, u); !x.Unbound || x.Mktemp {
			dir = a.resolveString(x.Value, ca.cwd) // chdir(2): physical
			if a.opts.Lstat != nil && a.opts.Readlink != nil {
				if real, known := a.realPath(dir); known {
					dir = real
				}
			}
		}
		words := make([]string, 0, len(args)-start)
		for _, x := range args[start:] {
			words = append(words, x.Raw)
		}
		sc := ca.ctx.sc
		saved := sc.fork()
		sc.setCwd(dir)
		a.nested(strings.Join(words, " "), ca.ctx, ca.wrappers)
		sc.join(saved, false)
		return nil, true
	}
	end := len(args) - len(rest)
	if !ok {
		end = len(args)
	}
	if start < end {
		a.wrapperAssigns(ca, args[start:end], false)
	}
	if !ok {
		return nil, false
	}
	if rest[0].Value == "-" && rest[0].Lit {
		// env - is env -i; assignments may follow it.
		rest = rest[1:]
		rest = rest[a.wrapperAssigns(ca, rest, false):]
	}
	if len(rest) == 0 {
		return nil, false
	}
	return rest, true
}

// wrapperFiles records the files a wrapper's options read or write
// beside running the command (xargs -a FILE, the words it adds; time -o
// FILE, its report; proxychains -f FILE, its configuration).
func (a *analyzer) wrapperFiles(ca *call, res *programs.Result, args []arg) {
	for _, o := range res.Options {
		if o.Index < 0 || o.Effect != programs.Read && o.Effect != programs.Write {
			continue
		}
		x := checks.UseWord(args, o)
		if o.Effect == programs.Write {
			a.wrapperWrite(ca, x)
			continue
		}
		if p := a.resolve(x, ca.cwd); p != "" && !fspath.NotAFile(p) {
			ca.reads = appendPath(ca.reads, p)
			ca.fx = append(ca.fx, Effect{Kind: programs.Read, Target: p, Option: o.Option})
		}
	}
}

// wrapperWrite records a file a wrapper writes (time -o FILE).
func (a *analyzer) wrapperWrite(ca *call, x arg) {
	p := a.resolve(x, ca.cwd)
	if p == "" {
		a.pathUnknown(ca, "writes", x)
		return
	}
	if !fspath.NotAFile(p) {
		ca.writes = appendPath(ca.writes, p)
	}
}

// wrapperName is the name of the wrapper or carrier being read: the first
// word of the form wrapperForm recorded last.
func wrapperName(ca *call) string {
	if len(ca.outer) == 0 || len(ca.outer[len(ca.outer)-1]) == 0 {
		return ""
	}
	return key(ca.outer[len(ca.outer)-1][0])
}

// wrapperParse reads a wrapper's words (those after its name) with its
// entry; nil when it has none.
func wrapperParse(ca *call, args []arg) *programs.Result {
	spec := programs.Lookup(wrapperName(ca))
	if spec == nil {
		return nil
	}
	words := make([]programs.Word, len(args))
	for i, x := range args {
		words[i] = programs.Word{Text: x.Value, Literal: !x.Unbound && !x.Subst && !x.Glob}
	}
	res := programs.Parse(spec, words)
	return &res
}

// wrapperCode returns the shell code a wrapper's entry says one of its
// options gives (su -c CMD, runuser --command=CMD, flock F -c CMD).
func wrapperCode(res *programs.Result, args []arg) (arg, bool) {
	if res == nil {
		return arg{}, false
	}
	for _, u := range res.Uses {
		if u.Lang != "" && u.Option != "" && u.Index >= 0 && u.Index < len(args) {
			return checks.UseWord(args, u), true
		}
	}
	return arg{}, false
}

// afterRunuser reads what runuser's grammar leaves to the shell: -c's
// string (--command, --session-command) runs through the user's shell, as
// under runuser; with -u (in any spelling) the command is the first
// operand, USER's place in the entry; without it the words after USER are
// given to USER's shell, judged as the command they name. A first "-" is
// --login (-l).
func afterRunuser(a *analyzer, ca *call, res *programs.Result, args, rest []arg, ok, form bool) ([]arg, bool) {
	first := res.Command - 1
	if len(res.OperandIndexes) > 0 {
		first = res.OperandIndexes[0]
	}
	if first >= 0 && first < len(args) && args[first].Value == "-" && args[first].Lit {
		// runuser - USER is runuser -l USER, and its options go on after
		// USER (runuser - app -c CMD): read it so.
		login := append([]arg(nil), args...)
		login[first] = arg{Value: "-l", Raw: args[first].Raw, Lit: true}
		args = login
		rest, ok = a.wrapByEntry(ca, res.Spec.Name(), res.Spec, args, res)
	}
	if v, code := wrapperCode(res, args); code {
		return nil, a.runWrapperCode(ca, v, form)
	}
	if res.Help {
		return nil, false
	}
	ops := res.OperandIndexes
	if res.Command > 0 && res.Command-1 < len(args) {
		ops = append(ops[:len(ops):len(ops)], res.Command-1)
	}
	if !res.Has("--user") {
		ops = ops[min(1, len(ops)):] // USER
	}
	if len(ops) == 0 {
		return nil, false
	}
	if !ok {
		ca.unknown = append(ca.unknown, res.Unknown...)
	}
	return args[ops[0]:], true
}

// afterXargs reads what xargs's grammar leaves to the shell: the command
// is echo when none is given, -a FILE's read is the entry's (wrapByEntry),
// and when the words it adds are the names a listing upstream prints they
// are given to the command. A raw piece stays the part.
func afterXargs(a *analyzer, ca *call, res *programs.Result, args, rest []arg, ok, form bool) ([]arg, bool) {
	if !form {
		return nil, false
	}
	ca.xargs = true
	if !ok {
		a.wrapperFiles(ca, res, args)
		ca.unknown = append(ca.unknown, res.Unknown...)
		return []arg{{Value: "echo", Lit: true, Raw: "echo"}}, true
	}
	if len(res.Unknown) == 0 {
		if names, ok := a.xargsListing(ca, res); ok {
			// The words xargs adds are the names its input lists.
			ca.xargsFed = true
			return append(rest[:len(rest):len(rest)], names...), true
		}
	}
	if rep, ok := xargsReplace(res); len(rest) > 0 {
		fi, fed := (*checks.Find)(nil), false
		if ok {
			fi, fed = a.walkFed(ca.ctx)
		} else if files := checks.ValuesOf(res, args, "--arg-file"); len(files) == 1 {
			fi, fed = a.substWalk(files[0]) // xargs -a <(find ~/.ssh) cat
		}
		if fed {
			// The words it adds are paths a walk found below its roots.
			a.runFoundBy(ca, fi)
			if rep == "" {
				return placeFound(rest, nil, true), true
			}
			return placeFound(rest, []string{rep}, false), true
		}
	}
	return rest, true
}

// xargsReplace reads how xargs puts its input in the command: rep is the
// replacement string -I or -i names ("" when the words are appended);
// ok is false when its input is not standard input (-a FILE).
func xargsReplace(res *programs.Result) (rep string, ok bool) {
	for _, o := range res.Options {
		switch o.Option {
		case "--arg-file":
			return "", false
		case "-I", "--replace":
			rep = o.Target
			if rep == "" || rep == o.Option {
				rep = "{}" // -i alone
			}
		}
	}
	return rep, true
}

// carryShell handles sh, bash, zsh and friends: -c STRING is walked as a
// nested script; a here-document or here-string on stdin likewise. A
// script file or piped stdin leaves the shell as a part of its own.
func carryShell(a *analyzer, ca *call, args []arg) bool {
	if ca.xargs && xargsFedCode(args[1:]) {
		// xargs sh -c {}: the code is xargs's input, not a literal; the
		// shell stays a part that reads its program from standard input.
		return false
	}
	sh := readShell(args[0].Value, args[1:])
	if sh.noExec {
		return false
	}
	if sh.unknown != "" {
		a.unknownEval(ca.ctx, ca.text, "the shell's options are not known: "+sh.unknown)
	}
	for _, o := range sh.starts {
		why := ""
		if o.word >= 0 && !args[1+o.word].Lit {
			why = "the shell starts with the option " + args[1+o.word].Raw + ", which is not known"
		} else {
			why = startOption(o.name, o.on)
		}
		if why != "" {
			a.unknownEval(ca.ctx, ca.text, why)
			break
		}
	}
	if sh.interactive && sh.code >= 0 {
		// An interactive shell reads its start-up file (~/.bashrc, $ENV)
		// and expands the aliases it defines: what the code's names run
		// is not known.
		a.unknownEval(ca.ctx, ca.text, "an interactive shell reads its start-up file and expands its aliases")
	}
	dialect := programs.ShellDialect(shellKey(args[0].Value))
	switch {
	case sh.code >= 0:
		code := args[1+sh.code]
		if code.Unbound {
			ca.hiddenCode(a, code)
			return false
		}

		// The words after -c's code are $0, then $1, $2, ...: sh -c 'cat
		// "$1"' _ ~/.ssh/id_rsa reads the key, as find -exec sh -c 'cat
		// "$1"' _ {} \; reads what find hands it.
		var params []arg
		if sh.params >= 0 && 1+sh.params < len(args) {
			params = args[1+sh.params:]
		}
		a.withPositionals(ca.ctx.sc, params, func() { a.nested(sh.codeText, ca.ctx, ca.wrappers) })
		if dialect != nil {
			// Walked as bash's for its findings, the code is known only
			// where bash reads it as the shell does: else the shell stays
			// a part, not known.
			if why := dialectUnknown(sh.codeText, dialect); why != "" {
				ca.unknown = append(ca.unknown, why)
				return false
			}
		}
		return true
	case sh.coded || sh.script:
		return false // -c with no code, or a script file
	}
	if !a.walkHereDoc(ca) {
		return false
	}
	if body, ok := hereBody(ca); ok && dialect != nil {
		if why := dialectUnknown(body, dialect); why != "" {
			ca.unknown = append(ca.unknown, why)
			return false
		}
	}
	return true
}

// shellRead is what a shell's own words say it runs, as
// programs.ShellOptions's grammar reads them.
type shellRead struct {
	// code is the index of the word that is its code (-c's: the first
	// operand, or fish's -c value), -1 when none; coded says -c was
	// given, with or without its code.
	code     int
	codeText string
	coded    bool
	// params is the index of the word that is $1 (two after -c's code
	// operand), -1 when the code binds none.
	params int
	// script says the first operand is a script file it runs.
	script bool
	// interactive: -i, or a start-up file given (--rcfile, --init-file);
	// noExec: -n, it only reads the code.
	interactive, noExec bool
	// starts are the set and shopt options it starts with, in order.
	starts []shellStart
	// unknown says why a word of its options is not known ("" when all
	// are).
	unknown string
}

// shellStart is one option a shell starts with: its set or shopt name,
// on (-) or off (+), and the word that names it (-1 for a letter).
type shellStart struct {
	name string
	on   bool
	word int
}

// shellKey is the name of the shell a program word runs, a versioned
// name (bash5.2, zsh-5.9) read as the shell's.
func shellKey(prog string) string {
	k := key(programName(prog))
	if v := programs.Versioned(k); v != "" {
		k = v
	}
	return k
}

// hereBody is the script a shell reads from a here-document or
// here-string on its standard input (the last), as walkHereDoc walks it.
func hereBody(ca *call) (string, bool) {
	for i := len(ca.redirs) - 1; i >= 0; i-- {
		if r := ca.redirs[i]; r.hasBody {
			return r.body, true
		}
	}
	return "", false
}

// readShell reads a shell's words after its name with its grammar.
func readShell(prog string, args []arg) shellRead {
	k := shellKey(prog)
	sh := shellRead{code: -1, params: -1}
	g := programs.ShellOptions(k)
	if g == nil {
		sh.unknown = k + " is not a shell"
		return sh
	}
	words := make([]programs.Word, len(args))
	for i, x := range args {
		words[i] = programs.Word{Text: x.Value, Literal: x.Lit}
	}
	res := programs.Parse(g, words)
	if len(res.Unknown) > 0 {
		sh.unknown = res.Unknown[0]
	}
	sh.interactive = res.Has("-i", "--rcfile", "--init-file")
	sh.noExec = res.Has("-n")
	sh.coded = res.Has("-c")
	for _, o := range res.Options {
		switch {
		case len(o.Option) != 2 || o.Option[0] != '-' && o.Option[0] != '+':
		case o.Option[1] == 'o' || o.Option[1] == 'O':
			if o.Index >= 0 {
				sh.starts = append(sh.starts, shellStart{o.Target, o.Option[0] == '-', o.Index})
			}
		default:
			if name, ok := setLetters[o.Option[1]]; ok {
				sh.starts = append(sh.starts, shellStart{name, o.Option[0] == '-', -1})
			}
		}
	}
	ops := res.OperandIndexes
	switch {
	case !sh.coded:
		sh.script = len(ops) > 0
	case res.ValueIndex("-c") >= 0:
		// fish -c CODE, --command=CODE
		sh.code = res.ValueIndex("-c")
		sh.codeText, _ = res.Value("-c")
	case len(ops) > 0:
		sh.code, sh.codeText = ops[0], args[ops[0]].Value
		sh.params = ops[0] + 2
	}
	if i := res.ValueIndex("-C"); i >= 0 && sh.code < 0 {
		sh.code, sh.coded = i, true // fish -C CODE: run first
		sh.codeText, _ = res.Value("-C")
	} else if i >= 0 {
		sh.unknown = "it runs more code first (" + args[i].Raw + ")"
	}
	return sh
}

// startOption says why a shell started with an option turned on (or
// off) runs its code differently, as setting it in the code would ("" when
// it does not).
func startOption(name string, on bool) string {
	if r := optionReason(name, on); r != "" {
		return "the shell starts with " + name + ": " + r
	}
	return ""
}

// walkHereDoc walks the here-document or here-string a call reads as its
// script, reporting whether there was one.
func (a *analyzer) walkHereDoc(ca *call) bool {
	for i := len(ca.redirs) - 1; i >= 0; i-- {
		if r := ca.redirs[i]; r.hasBody {
			// The last is the shell's standard input; the script it holds
			// reads what follows it there, not the script again.
			cp := a.newCtx(ca.ctx)
			cp.redirs = nil
			for _, o := range ca.ctx.redirs {
				if !o.hasBody && o.op != syntax.RdrIn {
					cp.redirs = append(cp.redirs, o)
				}
			}
			a.nested(r.body, cp, ca.wrappers)
			return true
		}
	}
	return false
}

// carrySource walks what source /dev/stdin (or ., -, /dev/fd/0) reads
// from a here-document or here-string as the script it is; a file
// sourced is judged by the fed-code checks.
func carrySource(a *analyzer, ca *call, args []arg) bool {
	if len(args) < 2 {
		return false
	}
	switch args[1].Value {
	case "/dev/stdin", "-", "/dev/fd/0", "/proc/self/fd/0":
	default:
		return false
	}
	return a.walkHereDoc(ca)
}

// carryTrap walks the action of trap ACTION SIGNAL...: shell code the
// shell runs when the signal comes, EXIT included, which is as good as
// running it now.
func carryTrap(a *analyzer, ca *call, args []arg) bool {
	i := 1
	if i < len(args) && args[i].Value == "--" {
		i++
	}
	if i+1 >= len(args) {
		return false // trap, trap -p, trap -l, or an action with no signal
	}
	code := args[i]
	if code.Value == "-" || code.Value == "" || strings.HasPrefix(code.Value, "-") && code.Lit {
		return false // a reset, ignoring the signal, or an option
	}
	if code.Unbound || code.Subst {
		ca.hiddenCode(a, code)
		return false
	}
	a.nested(code.Value, ca.ctx, ca.wrappers)
	return true
}

// hiddenCode records that a carrier runs code that is not a literal.
func (ca *call) hiddenCode(a *analyzer, code arg) {
	ca.hidden = append(ca.hidden, code)
}

func carryEval(a *analyzer, ca *call, args []arg) bool {
	if len(args) < 2 {
		return false
	}
	words := make([]string, 0, len(args)-1)
	for _, x := range args[1:] {
		if x.Unbound {
			ca.hiddenCode(a, x)
			return false
		}
		words = append(words, x.Value)
	}
	a.nested(strings.Join(words, " "), ca.ctx, ca.wrappers)
	return true
}

// carryOption walks the shell code one of a carrier's options gives, as
// its entry reads it (su -c CMD, su --comm=CMD), as run under it.
func carryOption(a *analyzer, ca *call, args []arg) bool {
	v, ok := wrapperCode(wrapperParse(ca, args[1:]), args[1:])
	if !ok {
		return false
	}
	if v.Unbound {
		ca.hiddenCode(a, v)
		return false
	}
	a.nested(v.Value, ca.ctx, append(ca.wrappers, wrapperName(ca)))
	return true
}

// carryCmd reads cmd.exe /c STRING: the string is split into commands on
// & && || and | and judged with the Windows spellings the catalogue knows.
func carryCmd(a *analyzer, ca *call, args []arg) bool {
	for i := 1; i < len(args); i++ {
		s := strings.ToLower(args[i].Value)
		if s == "/c" || s == "/k" || s == "/r" {
			rest := make([]string, 0, len(args)-i-1)
			for _, x := range args[i+1:] {
				rest = append(rest, x.Value)
			}
			a.foreign(strings.Join(rest, " "), ca, "cmd")
			return true
		}
	}
	return false
}

// carryPowerShell reads powershell -Command STRING (or -EncodedCommand),
// the host's parameters as the host reads them (internal/lang/powershell):
// -exec bypass, -W hidden, -Comman and the rest are passed over as
// powershell.exe and pwsh pass them.
func carryPowerShell(a *analyzer, ca *call, args []arg) bool {
	words := make([]string, 0, len(args))
	for _, x := range args[1:] {
		words = append(words, x.Value)
	}
	run := powershell.Host(words)
	if !run.HasCode {
		return false
	}
	a.foreign(run.Code, ca, "powershell")
	if run.Encoded {
		ca.encoded = true
		a.addFinding(danger.RemoteExec, "runs an encoded PowerShell command", ca.text, "HIGH")
	}
	return true
}

// foreign judges a command string in another shell language (cmd.exe or
// PowerShell): it is split into statements on its separators, each read as
// words, and judged by the catalogue; the pieces are not parts of their own.
func (a *analyzer) foreign(text string, ca *call, lang string) {
	if ca.ctx.depth+1 > a.opts.MaxDepth {
		a.setLimit(LimitDepth)
		return
	}
	if lang == "powershell" {
		a.checkCode(ca, "powershell", text)
	}
	var pipe *pipeline
	var pctx *ctx
	split := powershell.SplitCmd
	if lang == "powershell" {
		split = powershell.Split
	}
	for _, st := range split(text) {
		stmt := st.Text
		words := powershell.Words(stmt)
		if len(words) == 0 {
			continue
		}
		// A stage of a pipeline (Get-Process node | Stop-Process): the
		// stages share one, as the shell's own do.
		cx := ca.ctx
		switch {
		case st.Piped && pipe != nil:
			cp := *pctx
			cp.stage++
			pctx = &cp
			cx = pctx
		case st.Pipes:
			pipe = &pipeline{}
			cp := *ca.ctx
			cp.pipe, cp.stage = pipe, 0
			pctx = &cp
			cx = pctx
		default:
			pipe, pctx = nil, nil
		}
		args := make([]arg, len(words))
		for i, w := range words {
			args[i] = arg{Value: w, Raw: w, Lit: true}
			if lang == "powershell" && strings.HasPrefix(w, "$") {
				args[i].Lit = false
				args[i].Unbound = true
				if powershell.Home(w) {
					args[i].Value = "~"
					args[i].Unbound = false
				}
			}
		}
		sub := &call{ctx: cx, cwd: ca.cwd, text: stmt, args: args, wrappers: ca.wrappers, partIdx: -1, lang: lang}
		sub.words = words
		sub.prog = key(programName(words[0]))
		a.calls = append(a.calls, sub)
		if pipe != nil {
			pipe.add(cx.stage, sub)
		}
		if !st.Pipes {
			pipe, pctx = nil, nil
		}
		a.findCode(sub)
		if foreignCarrier(sub.prog) {
			// cmd /c "powershell -c …": the inner carrier's code is judged
			// too.
			carriers[sub.prog](a, sub, args)
		}
	}
}
