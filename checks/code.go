package checks

import (
	"path"
	"slices"
	"strings"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/lang/awk"
	"github.com/wardenhq/warden/internal/lang/sed"
	"github.com/wardenhq/warden/internal/lazyre"
	"github.com/wardenhq/warden/programs"
)

// inlineCode returns the code given to an interpreter on its command line
// (python -c, node -e/-p, perl -e, ruby -e, php -r, ...): for a program
// with an entry, the first value of an option the entry declares as code
// in the program's language, in any spelling (-c CODE, -cCODE, -pe CODE).
func inlineCode(c View) (Word, bool) {
	prog, ops := c.Program(), c.Args()
	if prog == "deno" {
		if len(ops) >= 2 && ops[0].Value == "eval" {
			return ops[1], true
		}
		return Word{}, false
	}
	for _, u := range c.Parse().Uses {
		if u.Lang != "" && u.Option != "" && u.Index >= 0 && u.Index < len(ops) {
			return UseWord(ops, u), true
		}
	}
	return Word{}, false
}

func Interpreter(c Call) {
	if c.Program() == "deno" {
		// deno run|install|compile URL runs code straight from the network.
		if sub, rest := c.Sub(); sub == "run" || sub == "install" || sub == "compile" || sub == "test" || sub == "bench" {
			for _, x := range rest {
				if strings.HasPrefix(x.Value, "-") {
					continue
				}
				if strings.HasPrefix(x.Value, "https://") || strings.HasPrefix(x.Value, "http://") {
					c.Flag(danger.RemoteExec, "deno "+sub+" runs code straight from "+x.Value)
				}
				break
			}
		}
	}
	if code, ok := inlineCode(c); ok && (code.Unbound || code.Subst) {
		if c.SubstFetches(code) {
			c.Flag(danger.RemoteExec, c.Program()+" runs code downloaded from the network")
		} else {
			c.Flag(danger.NonLiteralProgram, c.Program()+" runs code only known at run time")
		}
	}
}

// InterpreterCode hands the walk an interpreter's code: the string its
// entry's code option gives (python -c, node -e), and a here-document it
// reads as its program.
func InterpreterCode(c Finder) {
	if code, ok := inlineCode(c); ok {
		c.Code(c.Program(), code.Value)
	}
	for _, r := range c.Redirects() {
		if r.Body && (len(c.Args()) == 0 || slices.Contains(c.Parse().Operands(), "-")) {
			c.Code(c.Program(), r.Text)
		}
	}
}

// sedScripts returns a sed call's scripts, as its entry places them: the
// values of -e and --expression in any spelling (-es/a/b/, --expr=…), or
// else the first operand (none when -f names a file of them).
func sedScripts(c View) []string {
	var out []string
	for _, u := range c.Parse().Uses {
		if u.Lang == programs.LangSed && u.Index >= 0 {
			out = append(out, u.Target)
		}
	}
	return out
}

func Sed(c Call) {
	for _, script := range sedScripts(c) {
		parsed, _ := sed.Parse(script)
		for _, op := range parsed {
			switch {
			case op.Kind != sed.Run:
			case sedRunsEdited(op):
				c.Flag(danger.RemoteExec, "sed's s///e runs the edited text as a shell command")
			case op.Subst:
				c.Flag(danger.RemoteExec, "sed's s///e runs a shell command ("+op.Arg+")")
			case op.Arg == "":
				c.Flag(danger.RemoteExec, "sed's e command runs the text being edited as a shell command")
			default:
				c.Flag(danger.RemoteExec, "sed's e command runs "+op.Arg)
			}
		}
	}
}

// sedRunsEdited reports an s///e whose command is the edited text, or is
// built from it (& or a back reference in the replacement): no command
// known before the input is.
func sedRunsEdited(op sed.Op) bool {
	return op.Subst && (op.Arg == "" || strings.ContainsAny(op.Arg, "&\\"))
}

// SedCommands hands the walk the commands a sed script runs with e CMD
// and s///e of a literal replacement.
func SedCommands(c Finder) {
	for _, script := range sedScripts(c) {
		parsed, _ := sed.Parse(script)
		for _, op := range parsed {
			if op.Kind == sed.Run && op.Arg != "" && !sedRunsEdited(op) {
				c.Command(op.Arg)
			}
		}
	}
}

// checkAwk judges the commands an awk program runs: a command the program
// names with literals is judged as a part of its own, one built at run
// time is remote code execution; gawk's /inet files are network
// connections, and a shared library loaded by path (@load, -l) runs code
// of its own. The files it writes and reads are its effects, judged with
// every other write and read.
func Awk(c Call) {
	s, libs, ok := awkProgram(c)
	if !ok {
		return
	}
	ran := false
	var net []string
	for _, op := range s.Ops {
		switch {
		case op.Kind == awk.Run && op.Known:
			for _, v := range op.Vals {
				switch {
				case v == "":
				case op.How == "coprocess" && awk.NetFile(v):
					net = append(net, v)
				default:
					ran = true
				}
			}
		case op.Kind == awk.Run && op.How == "system":
			ran = true
			c.Flag(danger.RemoteExec, "awk's system() runs a command built from its input")
		case op.Kind == awk.Run:
			ran = true
			c.Flag(danger.RemoteExec, "awk pipes to a command built at run time")
		case (op.Kind == awk.Write || op.Kind == awk.Read) && op.Known:
			for _, v := range op.Vals {
				if awk.NetFile(v) {
					net = append(net, v)
				}
			}
		}
	}
	for _, v := range net {
		c.Flag(danger.RemoteAccess, "gawk opens a network connection ("+v+"), a reverse or bind shell's route")
	}
	for _, l := range libs {
		// A library by path, not one of gawk's own extensions: a shared
		// object's code runs in the awk process.
		if strings.Contains(l, "/") {
			c.Flag(danger.RemoteExec, "gawk loads the shared library "+l+", which runs code of its own")
		}
	}
	if ran && s.EnvMod {
		// gawk passes ENVIRON to the commands it runs: LD_PRELOAD or
		// PATH set there changes what a known command does.
		c.Flag(danger.RemoteExec, "awk changes ENVIRON, which the commands it runs inherit")
	}
	// Last: a part has one finding per category, and the high ones above
	// come first.
	if ran && !c.Elsewhere() {
		c.FlagAt(danger.RemoteExec, "awk runs shell commands (system() or pipes)", medium)
	}
}

// AwkCommands hands the walk the commands an awk program names with
// literals (system("cmd"), print | "cmd", "cmd" | getline); a gawk
// coprocess to a /inet file is a connection, not a command.
func AwkCommands(c Finder) {
	s, _, ok := awkProgram(c)
	if !ok {
		return
	}
	for _, op := range s.Ops {
		if op.Kind != awk.Run || !op.Known {
			continue
		}
		for _, v := range op.Vals {
			if v != "" && !(op.How == "coprocess" && awk.NetFile(v)) {
				c.Command(v)
			}
		}
	}
}

// awkProgram reads an awk call's program as its entry places it, and the
// shared libraries it loads (-l, --load, @load); false for gawk --sandbox,
// which runs no command, redirects nothing and loads no extension. A
// program that cannot be read is empty here (its effects say it is not
// known).
func awkProgram(c View) (*awk.Script, []string, bool) {
	spec := programs.Lookup(c.Program())
	if spec == nil || c.Parse().Sandboxed() {
		return nil, nil, false
	}
	ops := c.Args()
	words := make([]programs.Word, len(ops))
	for i, x := range ops {
		words[i] = programs.Word{Text: x.Value, Literal: !x.Unbound && !x.Subst && !x.Glob}
	}
	res := programs.Parse(spec, words)
	var libs []string
	for _, u := range res.Uses {
		if u.Option == "-l" || u.Option == "--load" {
			libs = append(libs, u.Target)
		}
	}
	s, err := c.AwkScript(res.Uses)
	if err != nil {
		s = &awk.Script{} // unknown: the effects say so
	}
	for _, op := range s.Ops {
		if op.Kind == awk.Load {
			libs = append(libs, op.Vals...)
			if !op.Known {
				libs = append(libs, op.Text)
			}
		}
	}
	return s, libs, true
}

// Vim judges ex commands given with -c, --cmd or +: :!cmd runs a shell
// command, :py/:lua/... run code, :sh opens a shell.
func Vim(c Call) {
	vimCommands(c, func(t, lt string) {
		switch {
		case strings.HasPrefix(t, "!"):
			c.Flag(danger.RemoteExec, "vim runs a shell command ("+t+")")
		case vimCode(lt) != "":
			c.Flag(danger.RemoteExec, "vim runs "+strings.Fields(lt)[0]+" code")
		case lt == "sh" || lt == "shell" || strings.HasPrefix(lt, "term") || strings.HasPrefix(lt, "call system") || strings.Contains(lt, "system(") || strings.HasPrefix(lt, "r !") || strings.HasPrefix(lt, "r!") || strings.HasPrefix(lt, "w !"):
			c.Flag(danger.RemoteExec, "vim runs a shell ("+t+")")
		}
	})
}

// VimCommands hands the walk what vim's ex commands run: the shell
// command of :!cmd, the code of :python (and :lua, :perl …) CODE.
func VimCommands(c Finder) {
	vimCommands(c, func(t, lt string) {
		switch {
		case strings.HasPrefix(t, "!"):
			c.Command(t[1:])
		case vimCode(lt) != "":
			code := ""
			if sp := strings.IndexAny(t, " \t"); sp > 0 {
				code = t[sp+1:]
			}
			c.Code(vimCode(lt), code)
		}
	})
}

// vimLangs are vim's embedded languages: the ex command's prefix (lt is
// the command in lower case) and the interpreter whose code it runs.
// MzScheme's code has no reader: it is judged as text.
var vimLangs = []struct {
	prefix string
	lang   programs.Lang
}{{"py", programs.LangPython}, {"lua", programs.LangLua}, {"perl", programs.LangPerl}, {"ruby", programs.LangRuby}, {"tcl", programs.LangTcl}, {"mz", "mzscheme"}}

// vimCode returns the interpreter whose code an ex command runs, "" for
// none.
func vimCode(lt string) string {
	for _, p := range vimLangs {
		if strings.HasPrefix(lt, p.prefix) {
			return string(p.lang)
		}
	}
	return ""
}

// vimCommands calls f with each ex command a vim call gives on its
// command line (-c, --cmd, +CMD), split at |, without its leading colons:
// as written and in lower case.
func vimCommands(c View, f func(t, lt string)) {
	var cmds []string
	for _, v := range values(c, "-c", "--cmd") {
		cmds = append(cmds, v.Value)
	}
	for _, x := range c.Args() {
		if strings.HasPrefix(x.Value, "+") && len(x.Value) > 1 {
			cmds = append(cmds, x.Value[1:])
		}
	}
	for _, cmd := range cmds {
		for _, part := range strings.Split(cmd, "|") {
			t := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(part), ":"))
			f(t, strings.ToLower(t))
		}
	}
}

// checkProgramFlags flags the options that make a "read-only" program run
// another program: rg --pre, sort --compress-program, tar
// --checkpoint-action, man --html, git ... and the like. (zip -TT is its
// entry's exec option, judged by checkEffects.)
func ProgramFlags(c Call) {
	ops := c.Args()
	runs := func(flag string, v Word) {
		if v.Value == "" {
			return
		}
		first := strings.Fields(v.Value)
		if len(first) == 0 {
			return
		}
		p := first[0]
		if strings.Contains(p, "/") || c.RunsCode(path.Base(p)) || strings.ContainsAny(v.Value, ";|&$`") || v.Unbound {
			// The command itself is a part of its own already: the
			// entry says the option's value is run (checkEffects).
			c.Flag(danger.RemoteExec, c.Program()+" "+flag+" runs "+v.Value)
		}
	}
	// The options that run a program, as each entry declares and reads
	// them: -Ix, -I x, --use-compress-program=x, --use-comp x alike.
	switch c.Program() {
	case "rg":
		for _, v := range values(c, "--pre") {
			runs("--pre", v)
		}
	case "sort":
		for _, v := range values(c, "--compress-program") {
			runs("--compress-program", v)
		}
	case "tar", "gtar", "bsdtar":
		for _, v := range values(c, "--checkpoint-action") {
			if cmd, ok := strings.CutPrefix(v.Value, "exec="); ok {
				c.Flag(danger.RemoteExec, "tar --checkpoint-action=exec runs a command ("+cmd+")")
			}
		}
		for _, o := range []string{"--to-command", "--info-script", "--rsh-command", "--rmt-command"} {
			for _, v := range values(c, o) {
				c.Flag(danger.RemoteExec, "tar "+o+"="+v.Value+" runs a command")
			}
		}
		for _, v := range values(c, "--use-compress-program") {
			runs("--use-compress-program", v)
		}
	case "man":
		for _, o := range []string{"--html", "--pager", "--preprocessor"} {
			for _, v := range values(c, o) {
				runs(o, v)
			}
		}
	case "less", "more":
		for _, as := range c.Assigns() {
			if as.Name == "LESSOPEN" || as.Name == "LESSCLOSE" {
				c.Flag(danger.RemoteExec, "less runs the input filter in "+as.Name)
			}
		}
	case "rsync":
		for _, v := range values(c, "--rsh") {
			if f := strings.Fields(v.Value); len(f) > 0 && path.Base(f[0]) != "ssh" {
				runs("-e", v)
			}
		}
		for _, v := range values(c, "--rsync-path") {
			if strings.ContainsAny(v.Value, ";|&$`") {
				c.FlagAt(danger.RemoteExec, "rsync --rsync-path runs "+v.Value, medium)
			}
		}
	case "tcpdump":
		for _, v := range values(c, "-z") {
			runs("-z", v)
		}
	case "gdb":
		for _, v := range values(c, "--eval-command", "--init-eval-command", "--early-init-eval-command") {
			if strings.HasPrefix(strings.TrimSpace(v.Value), "shell") || strings.HasPrefix(strings.TrimSpace(v.Value), "!") || strings.HasPrefix(strings.TrimSpace(v.Value), "python") {
				c.Flag(danger.RemoteExec, "gdb runs a command ("+v.Value+")")
			}
		}
	case "nmap":
		// --script and its arguments in every spelling nmap takes
		// (-script=x, --script x, a prefix).
		if c.Parse().Has("--script", "--script-args", "--script-args-file") && strings.Contains(c.Text(), "exec") {
			c.FlagAt(danger.RemoteExec, "nmap runs a script", medium)
		}
	case "ssh-keygen":
		if c.Parse().Has("-D") {
			c.Flag(danger.RemoteExec, "ssh-keygen -D loads a library")
		}
	case "mvn", "mvnw":
		// exec:exec runs the program -Dexec.executable names.
		for _, x := range values(c, "--define") { // -Dx=1, -D x=1, --define=x=1
			if v, ok := strings.CutPrefix(x.Value, "exec.executable="); ok {
				y := x
				y.Value = v
				if strings.Contains(v, "/") || c.RunsCode(path.Base(v)) || strings.ContainsAny(v, ";|&$`") || x.Unbound {
					runs("-Dexec.executable", y)
				} else {
					c.FlagAt(danger.RemoteExec, c.Program()+" runs the program -Dexec.executable names ("+v+")", medium)
				}
			}
		}
	case "mail":
		if c.Parse().Has("-u") || strings.Contains(c.Text(), "~!") {
			c.FlagAt(danger.RemoteExec, "mail can run commands", medium)
		}
	case "dpkg":
		if c.Parse().Has("--install") {
			c.FlagAt(danger.SystemConfig, "installs a package (its scripts run as root)", medium)
		}
	case "npx":
		for _, x := range ops {
			if strings.HasPrefix(x.Value, "-") {
				continue
			}
			if strings.HasPrefix(x.Value, "http://") || strings.HasPrefix(x.Value, "https://") || strings.HasPrefix(x.Value, "github:") || strings.HasPrefix(x.Value, "git+") {
				c.Flag(danger.RemoteExec, "npx runs a package straight from "+x.Value)
			}
			break
		}
	case "pip", "pip3":
		for _, x := range ops {
			if strings.HasPrefix(x.Value, "http://") {
				c.FlagAt(danger.RemoteExec, "installs a package over plain HTTP", medium)
			}
		}
	}
}

// Make flags make told to run its recipes with another shell (SHELL=…
// among its operands).
func Make(c Call) {
	if slices.ContainsFunc(c.Operands(), func(x Word) bool { return strings.HasPrefix(x.Value, "SHELL=") }) {
		c.FlagAt(danger.RemoteExec, "make runs recipes with another shell", medium)
	}
}

// MakeRecipes hands the walk the recipes of a makefile the command itself
// holds: one read from standard input (make -f - <<EOF, printf … | make
// -f -) or given with --eval. Each recipe line, and each $(shell …), is a
// shell command make runs.
func MakeRecipes(c Finder) {
	var texts []string
	for _, v := range values(c, "-f", "--file", "--makefile") {
		if v.Value == "-" || v.Value == "/dev/stdin" || v.Value == "/dev/fd/0" {
			if t, ok := c.StdinText(); ok {
				texts = append(texts, t)
			}
			break
		}
	}
	for _, v := range values(c, "-E", "--eval") {
		texts = append(texts, v.Value)
	}
	for _, t := range texts {
		for _, cmd := range makeRecipes(t) {
			c.Command(cmd)
		}
	}
}

var makeShellFunc = lazyre.Compile(`\$[({]shell\s+([^)}]*)[)}]`)

// makeRecipes returns the shell commands in makefile text: recipe lines
// (after a tab, without the @ - + prefixes) and $(shell …) calls, with $$
// read as $.
func makeRecipes(text string) []string {
	var out []string
	text = strings.ReplaceAll(text, "\\\n", " ")
	for _, line := range strings.Split(text, "\n") {
		for _, m := range makeShellFunc.FindAllStringSubmatch(line, 4) {
			out = append(out, strings.ReplaceAll(m[1], "$$", "$"))
		}
		cmd := ""
		if strings.HasPrefix(line, "\t") {
			cmd = line
		} else if i := strings.IndexByte(line, ':'); i >= 0 && !strings.HasPrefix(line[i:], ":=") {
			// target: prerequisites ; recipe
			if j := strings.IndexByte(line[i:], ';'); j >= 0 {
				cmd = line[i+j+1:]
			}
		}
		cmd = strings.TrimLeft(cmd, "\t @+-")
		if cmd != "" {
			out = append(out, strings.ReplaceAll(cmd, "$$", "$"))
		}
	}
	return out
}
