package shell

import (
	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/internal/fspath"
	"github.com/wardenhq/warden/internal/lazyre"
	"slices"
	"strconv"
	"strings"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/lang/awk"
	"github.com/wardenhq/warden/internal/lang/sed"
	"github.com/wardenhq/warden/programs"
)

// inlineCode returns the code given to an interpreter on its command line
// (python -c, node -e/-p, perl -e, ruby -e, php -r, ...): for a program
// with an entry, the first value of an option the entry declares as code
// in the program's language, in any spelling (-c CODE, -cCODE, -pe CODE).
func (a *analyzer) inlineCode(c *call) (arg, bool) {
	prog, ops := c.prog, c.operands()
	if prog == "deno" {
		if len(ops) >= 2 && ops[0].Value == "eval" {
			return ops[1], true
		}
		return arg{}, false
	}
	for _, u := range a.entryParse(c).Uses {
		if u.Lang != "" && u.Option != "" && u.Index >= 0 && u.Index < len(ops) {
			return checks.UseWord(ops, u), true
		}
	}
	return arg{}, false
}

func checkInterpreter(a *analyzer, c *call) {
	ops := c.operands()
	if c.prog == "deno" {
		// deno run|install|compile URL runs code straight from the network.
		if sub, rest := a.entrySub(c); sub == "run" || sub == "install" || sub == "compile" || sub == "test" || sub == "bench" {
			for _, x := range rest {
				if strings.HasPrefix(x.Value, "-") {
					continue
				}
				if strings.HasPrefix(x.Value, "https://") || strings.HasPrefix(x.Value, "http://") {
					a.flag(c, danger.RemoteExec, "deno "+sub+" runs code straight from "+x.Value)
				}
				break
			}
		}
	}
	code, ok := a.inlineCode(c)
	if ok {
		if code.Unbound || code.Subst {
			if a.substFetches(code) {
				a.flag(c, danger.RemoteExec, c.prog+" runs code downloaded from the network")
			} else {
				a.flag(c, danger.NonLiteralProgram, c.prog+" runs code only known at run time")
			}
		}
		a.checkCode(c, c.prog, code.Value)
	}
	for _, r := range c.redirs {
		if r.hasBody && (len(ops) == 0 || slices.Contains(a.entryParse(c).Operands(), "-")) {
			a.checkCode(c, c.prog, r.body)
		}
	}
}

// checkFetchedRun flags running a file downloaded earlier in the same
// command (curl -o x.sh ... && bash x.sh).
func (a *analyzer) checkFetchedRun(c *call) {
	fetched := c.ctx.sc.fetchedMap()
	if len(fetched) == 0 {
		return
	}
	cands := []string{}
	if len(c.args) > 0 && strings.Contains(c.args[0].Value, "/") {
		cands = append(cands, a.resolve(c.args[0], c.cwd))
	}
	if isInterpreter(c.prog) {
		for _, x := range c.operands() {
			if !strings.HasPrefix(x.Value, "-") {
				cands = append(cands, a.resolve(x, c.cwd))
				break
			}
		}
	}
	for _, p := range cands {
		for f := range fetched {
			if strings.HasSuffix(f, "/") && p != "" && fspath.Within(p, strings.TrimSuffix(f, "/")) {
				a.flag(c, danger.RemoteExec, "runs "+p+" from a repository cloned in the same command, without review")
				return
			}
		}
		if p != "" && fetched[p] {
			a.flag(c, danger.RemoteExec, "runs "+p+", downloaded in the same command without review")
			return
		}
	}
}

// checkProcSubstCode flags an interpreter whose script is a process
// substitution that downloads: bash <(curl ...), python3 <(wget -O- ...).
func (a *analyzer) checkProcSubstCode(c *call, prog string) {
	if !isInterpreter(prog) {
		return
	}
	for _, x := range c.operands() {
		if x.Subst && strings.HasPrefix(x.Value, "/dev/fd/") && a.substFetches(x) {
			a.flag(c, danger.RemoteExec, c.prog+" runs a script read from the network through a process substitution")
			return
		}
	}
}

var (
	codeShellCall  = lazyre.Compile(`(?:os\.execute|io\.popen|system2|Deno\.run|pcntl_exec|os\.system|os\.popen|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|commands\.getoutput|pty\.spawn|execSync|exec|spawnSync|spawn|execFileSync|system|popen|shell_exec|passthru|proc_open|Kernel\.system|IO\.popen|do shell script)\s*\(?\s*(?:\[\s*)?(?:"((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)')`)
	codeBacktick   = lazyre.Compile("`([^`]+)`")
	codeRmTree     = lazyre.Compile(`(?:shutil\.rmtree|rmSync|rmdirSync|fs\.rm|rimraf|FileUtils\.rm_r[f]?|FileUtils\.remove_dir|rmtree|remove_tree|File::Path|unlink_recursive|fs::remove_dir_all|os\.RemoveAll|deleteRecursively|Deno\.removeSync|Deno\.remove|file delete -force)\s*\(?\s*([^,)]*)`)
	codeMassDelete = lazyre.Compile(`\b[A-Z]\w*\.(?:destroy_all|delete_all)\b|\.objects\.all\(\)\.delete\(\)|\.deleteMany\(\s*(?:\{\s*\})?\s*\)|\.(?:deleteIndex|clearObjects|dropDatabase|drop_database|drop_collection|flushall|flushdb|truncate_all)\s*\(`)
	codeRemoveFile = lazyre.Compile(`(?:os\.remove|os\.unlink|\bunlink|unlinkSync|File\.delete|File\.unlink|FileUtils\.rm|FileUtils\.remove_file|fs::remove_file|os\.Remove|Files\.delete|\.unlink)\s*\(\s*([^,)]*)`)
	codeHomeExpr   = lazyre.Compile(`homedir\(\)|expanduser\(\s*["']~["']\s*\)|Path\.home\(\)|os\.environ\[["']HOME["']\]|ENV\[["']HOME["']\]|\$ENV\{HOME\}|process\.env\.HOME|Dir\.home|getenv\(["']HOME["']\)|Deno\.env\.get\(["']HOME["']\)|path\.expand\(["']~["']\)|\$env\(HOME\)|homedir\(\)|^["']~/?["']$`)
	codeFork       = lazyre.Compile(`fork\s*(?:\(\s*\))?\s*(?:while|until|;|\}|&&|\|\|)|while\s*(?:\(\s*)?(?:1|true|True)\s*(?:\))?\s*[:{;]?[^\n]*fork|loop\s*(?:do|\{)[^}]*fork|for\s*\(\s*;\s*;\s*\)[^}]*fork|os\.fork\(\)[^\n]*while|while[^\n]*os\.fork`)
	codeInfinite   = lazyre.Compile(`while\s*\(?\s*(?:1|true|True)\s*\)?\s*[:{]|loop\s*(?:do|\{)|for\s*\(\s*;\s*;\s*\)`)
	codeHog        = lazyre.Compile(`\.append\(|\.push\(|\*\s*10\s*\*\*|\*\*\s*\d{2}|Array\(1e\d|new Array\(|\* ?1e\d|bytearray\(|<<\s*|malloc\(`)
	codeNetFetch   = lazyre.Compile(`(?i)urlopen|requests\.get|urllib|http\.get|https\.get|fetch\(|file_get_contents\(\s*["']https?:|open-uri|Net::HTTP|LWP::|IO::Socket|curl|wget|iwr|Invoke-WebRequest|DownloadString|DownloadFile|Invoke-RestMethod|irm\s`)
	codeEval       = lazyre.Compile(`(?i)\b(eval|exec|iex|Invoke-Expression|instance_eval|compile|new Function|Function\(|load)\s*\(|\|\s*iex\b|\biex\s*\(|\(\s*eval\s*\)|\bexec\s+\w`)
	codeSocket     = lazyre.Compile(`(?i)socket\.socket|socket\(|TCPSocket|fsockopen|IO::Socket::INET|net\.connect|net\.Socket|new Socket|/dev/tcp/|Net\.Sockets\.TCPClient`)
	codeShellSpawn = lazyre.Compile(`(?i)pty\.spawn|/bin/(?:ba)?sh|cmd\.exe|powershell|dup2|child_process|exec\(\s*["']/bin|spawn\(\s*["'](?:/bin/)?(?:ba)?sh`)
	codeHomeDelete = lazyre.Compile(`(?:rmtree|rmSync|rm_rf|rm_r|RemoveAll|remove_dir_all)\s*\(\s*(?:` + `homedir\(\)|os\.path\.expanduser\(\s*["']~["']\s*\)|Path\.home\(\)|["']/["']|["']~["']|process\.env\.HOME|Dir\.home|ENV\[["']HOME["']\])`)
)

// checkCode judges inline interpreter code: the shell commands it runs
// (walked as nested scripts), recursive deletes of home or unknown paths,
// fork bombs and memory hogs, downloaded code run with eval, reverse shells.
func (a *analyzer) checkCode(c *call, prog, code string) {
	if code == "" {
		return
	}
	for _, m := range codeShellCall.FindAllStringSubmatch(code, 8) {
		// The string ends at its own closing quote: os.system("echo 'x' >>
		// ~/.bashrc") runs all of it.
		cmd := m[1]
		if cmd == "" {
			cmd = m[2]
		}
		cmd = unescapeCode(cmd)
		if strings.HasPrefix(m[0], "subprocess") || strings.Contains(m[0], "[") {
			// subprocess.run(["rm", "-rf", "x"]): the list's words
			if list := codeList(code[strings.Index(code, m[0]):]); list != "" {
				cmd = list
			}
		}
		a.nested(cmd, c.ctx, c.wrappers)
	}
	if prog == "perl" || prog == "ruby" || prog == "php" {
		for _, m := range codeBacktick.FindAllStringSubmatch(code, 4) {
			a.nested(m[1], c.ctx, c.wrappers)
		}
	}
	if codeHomeDelete.MatchString(code) {
		a.flag(c, danger.RecursiveDelete, prog+" code recursively deletes the home directory or root")
	} else {
		for _, m := range codeRmTree.FindAllStringSubmatch(code, 4) {
			target := strings.TrimSpace(m[1])
			if codeHomeExpr.MatchString(target) {
				a.flag(c, danger.RecursiveDelete, prog+" code recursively deletes the home directory")
				continue
			}
			if lit, ok := stringLiteral(target); ok {
				checks.JudgeDelete(a.view(c), arg{Value: lit, Raw: lit, Lit: true, Glob: fspath.HasGlob(lit)}, true)
				continue
			}
			if target != "" {
				a.flag(c, danger.RecursiveDelete, prog+" code recursively deletes a path computed at run time ("+target+")")
			}
		}
	}
	if m := codeMassDelete.FindString(code); m != "" {
		// Model.destroy_all, objects.all().delete(), deleteMany({}),
		// an SDK's deleteIndex: every record of a store (R4).
		a.flag(c, danger.DBDestructive, prog+" code deletes every record or drops a store ("+m+")")
	}
	for _, m := range codeRemoveFile.FindAllStringSubmatch(code, 4) {
		// One file removed by its literal name: judged as rm NAME.
		if lit, ok := stringLiteral(strings.TrimSpace(m[1])); ok && lit != "" {
			checks.JudgeDelete(a.view(c), arg{Value: lit, Raw: lit, Lit: true, Glob: fspath.HasGlob(lit)}, false)
		}
	}
	switch {
	case codeFork.MatchString(code) || strings.Contains(code, ":(){") || strings.Contains(code, "fork while fork"):
		a.flag(c, danger.ForkBomb, prog+" code forks processes without bound")
	case codeInfinite.MatchString(code) && codeHog.MatchString(code) && !strings.Contains(code, "break") && !strings.Contains(code, "sleep"):
		a.flag(c, danger.ResourceExhaustion, prog+" code allocates memory in an endless loop")
	}
	if codeNetFetch.MatchString(code) && codeEval.MatchString(code) {
		a.flag(c, danger.RemoteExec, prog+" code downloads code and runs it")
	}
	if codeSocket.MatchString(code) && codeShellSpawn.MatchString(code) {
		a.flag(c, danger.RemoteAccess, prog+" code connects a shell to a network socket (a reverse shell)")
	}
	a.checkCodeEffects(c, prog, code)
}

// codeList joins the string items of the first [...] list in code.
func codeList(code string) string {
	i := strings.IndexByte(code, '[')
	j := strings.IndexByte(code, ']')
	if i < 0 || j < i {
		return ""
	}
	var out []string
	for _, item := range strings.Split(code[i+1:j], ",") {
		if s, ok := stringLiteral(strings.TrimSpace(item)); ok {
			out = append(out, checks.Quote(s))
		}
	}
	return strings.Join(out, " ")
}

func stringLiteral(s string) (string, bool) {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1], true
	}
	if len(s) >= 3 && (s[0] == 'r' || s[0] == 'f') && (s[1] == '"' || s[1] == '\'') && s[len(s)-1] == s[1] {
		return s[2 : len(s)-1], true
	}
	return "", false
}

// sedScripts returns a sed call's scripts, as its entry places them: the
// values of -e and --expression in any spelling (-es/a/b/, --expr=…), or
// else the first operand (none when -f names a file of them).
func (a *analyzer) sedScripts(c *call) []string {
	var out []string
	for _, u := range a.entryParse(c).Uses {
		if u.Lang == "sed" && u.Index >= 0 {
			out = append(out, u.Target)
		}
	}
	return out
}

func checkSed(a *analyzer, c *call) {
	for _, script := range a.sedScripts(c) {
		parsed, _ := sed.Parse(script)
		for _, op := range parsed {
			switch {
			case op.Kind != sed.Run:
			case op.Subst && (op.Arg == "" || strings.ContainsAny(op.Arg, "&\\")):
				a.flag(c, danger.RemoteExec, "sed's s///e runs the edited text as a shell command")
			case op.Subst:
				a.flag(c, danger.RemoteExec, "sed's s///e runs a shell command ("+op.Arg+")")
				a.nested(op.Arg, c.ctx, c.wrappers)
			case op.Arg == "":
				a.flag(c, danger.RemoteExec, "sed's e command runs the text being edited as a shell command")
			default:
				a.flag(c, danger.RemoteExec, "sed's e command runs "+op.Arg)
				a.nested(op.Arg, c.ctx, c.wrappers)
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
func checkAwk(a *analyzer, c *call) {
	spec := programs.Lookup(c.prog)
	if spec == nil {
		return
	}
	ops := c.operands()
	words := make([]programs.Word, len(ops))
	for i, x := range ops {
		words[i] = programs.Word{Text: x.Value, Literal: !x.Unbound && !x.Subst && !x.Glob}
	}
	if gawkSandboxed(c.prog, argStrings(ops)) {
		return // gawk disables commands, redirections and extensions
	}
	res := programs.Parse(spec, words)
	var libs []string
	for _, u := range res.Uses {
		if u.Option == "-l" || u.Option == "--load" {
			libs = append(libs, u.Target)
		}
	}
	s, err := a.awkScriptOf(c, res.Uses, ops)
	if err != nil {
		s = &awk.Script{} // unknown: the effects say so
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
					a.nested(v, c.ctx, c.wrappers)
				}
			}
		case op.Kind == awk.Run && op.How == "system":
			ran = true
			a.flag(c, danger.RemoteExec, "awk's system() runs a command built from its input")
		case op.Kind == awk.Run:
			ran = true
			a.flag(c, danger.RemoteExec, "awk pipes to a command built at run time")
		case (op.Kind == awk.Write || op.Kind == awk.Read) && op.Known:
			for _, v := range op.Vals {
				if awk.NetFile(v) {
					net = append(net, v)
				}
			}
		}
	}
	for _, v := range net {
		a.flag(c, danger.RemoteAccess, "gawk opens a network connection ("+v+"), a reverse or bind shell's route")
	}
	for _, op := range s.Ops {
		if op.Kind == awk.Load {
			libs = append(libs, op.Vals...)
			if !op.Known {
				libs = append(libs, op.Text)
			}
		}
	}
	for _, l := range libs {
		// A library by path, not one of gawk's own extensions: a shared
		// object's code runs in the awk process.
		if strings.Contains(l, "/") {
			a.flag(c, danger.RemoteExec, "gawk loads the shared library "+l+", which runs code of its own")
		}
	}
	if ran && s.EnvMod {
		// gawk passes ENVIRON to the commands it runs: LD_PRELOAD or
		// PATH set there changes what a known command does.
		a.flag(c, danger.RemoteExec, "awk changes ENVIRON, which the commands it runs inherit")
	}
	// Last: a part has one finding per category, and the high ones above
	// come first.
	if ran && !c.ctx.remote {
		a.flagAt(c, danger.RemoteExec, "awk runs shell commands (system() or pipes)", medium)
	}
}

// checkVim judges ex commands given with -c, --cmd or +: :!cmd runs a
// shell command, :py/:lua/... run code, :sh opens a shell.
func checkVim(a *analyzer, c *call) {
	ops := c.operands()
	var cmds []string
	for _, v := range a.entryValues(c, "-c", "--cmd") {
		cmds = append(cmds, v.Value)
	}
	for _, x := range ops {
		if strings.HasPrefix(x.Value, "+") && len(x.Value) > 1 {
			cmds = append(cmds, x.Value[1:])
		}
	}
	for _, cmd := range cmds {
		for _, part := range strings.Split(cmd, "|") {
			t := strings.TrimLeft(strings.TrimSpace(part), ":")
			t = strings.TrimSpace(t)
			lt := strings.ToLower(t)
			switch {
			case strings.HasPrefix(t, "!"):
				a.flag(c, danger.RemoteExec, "vim runs a shell command ("+t+")")
				a.nested(t[1:], c.ctx, c.wrappers)
			case strings.HasPrefix(lt, "py") || strings.HasPrefix(lt, "lua") || strings.HasPrefix(lt, "perl") || strings.HasPrefix(lt, "ruby") || strings.HasPrefix(lt, "tcl") || strings.HasPrefix(lt, "mz"):
				sp := strings.IndexAny(t, " \t")
				code := ""
				if sp > 0 {
					code = t[sp+1:]
				}
				a.flag(c, danger.RemoteExec, "vim runs "+strings.Fields(lt)[0]+" code")
				a.checkCode(c, "python", code)
			case lt == "sh" || lt == "shell" || strings.HasPrefix(lt, "term") || strings.HasPrefix(lt, "call system") || strings.Contains(lt, "system(") || strings.HasPrefix(lt, "r !") || strings.HasPrefix(lt, "r!") || strings.HasPrefix(lt, "w !") || strings.HasPrefix(lt, "w!") && len(lt) > 2 && lt[2] != ' ' && false:
				a.flag(c, danger.RemoteExec, "vim runs a shell ("+t+")")
			}
		}
	}
}

// checkProgramFlags flags the options that make a "read-only" program run
// another program: rg --pre, sort --compress-program, tar
// --checkpoint-action, man --html, git ... and the like. (zip -TT is its
// entry's exec option, judged by checkEffects.)
func checkProgramFlags(a *analyzer, c *call) {
	ops := c.operands()
	runs := func(flag string, v arg) {
		if v.Value == "" {
			return
		}
		first := strings.Fields(v.Value)
		if len(first) == 0 {
			return
		}
		p := first[0]
		if strings.Contains(p, "/") || shellProgram(baseName(p)) || isInterpreter(baseName(p)) || strings.ContainsAny(v.Value, ";|&$`") || v.Unbound {
			// The command itself is a part of its own already: the
			// entry says the option's value is run (checkEffects).
			a.flag(c, danger.RemoteExec, c.prog+" "+flag+" runs "+v.Value)
		}
	}
	// The options that run a program, as each entry declares and reads
	// them: -Ix, -I x, --use-compress-program=x, --use-comp x alike.
	switch c.prog {
	case "rg":
		for _, v := range a.entryValues(c, "--pre") {
			runs("--pre", v)
		}
	case "sort":
		for _, v := range a.entryValues(c, "--compress-program") {
			runs("--compress-program", v)
		}
	case "tar", "gtar", "bsdtar":
		for _, v := range a.entryValues(c, "--checkpoint-action") {
			if cmd, ok := strings.CutPrefix(v.Value, "exec="); ok {
				a.flag(c, danger.RemoteExec, "tar --checkpoint-action=exec runs a command ("+cmd+")")
			}
		}
		for _, o := range []string{"--to-command", "--info-script", "--rsh-command", "--rmt-command"} {
			for _, v := range a.entryValues(c, o) {
				a.flag(c, danger.RemoteExec, "tar "+o+"="+v.Value+" runs a command")
			}
		}
		for _, v := range a.entryValues(c, "--use-compress-program") {
			runs("--use-compress-program", v)
		}
	case "man":
		for _, o := range []string{"--html", "--pager", "--preprocessor"} {
			for _, v := range a.entryValues(c, o) {
				runs(o, v)
			}
		}
	case "less", "more":
		for _, as := range c.assigns {
			if as.Name == "LESSOPEN" || as.Name == "LESSCLOSE" {
				a.flag(c, danger.RemoteExec, "less runs the input filter in "+as.Name)
			}
		}
	case "rsync":
		for _, v := range a.entryValues(c, "--rsh") {
			if f := strings.Fields(v.Value); len(f) > 0 && baseName(f[0]) != "ssh" {
				runs("-e", v)
			}
		}
		for _, v := range a.entryValues(c, "--rsync-path") {
			if strings.ContainsAny(v.Value, ";|&$`") {
				a.flagAt(c, danger.RemoteExec, "rsync --rsync-path runs "+v.Value, medium)
			}
		}
	case "tcpdump":
		for _, v := range a.entryValues(c, "-z") {
			runs("-z", v)
		}
	case "gdb":
		for _, v := range a.entryValues(c, "--eval-command", "--init-eval-command", "--early-init-eval-command") {
			if strings.HasPrefix(strings.TrimSpace(v.Value), "shell") || strings.HasPrefix(strings.TrimSpace(v.Value), "!") || strings.HasPrefix(strings.TrimSpace(v.Value), "python") {
				a.flag(c, danger.RemoteExec, "gdb runs a command ("+v.Value+")")
			}
		}
	case "nmap":
		// --script and its arguments in every spelling nmap takes
		// (-script=x, --script x, a prefix).
		if a.entryParse(c).Has("--script", "--script-args", "--script-args-file") && strings.Contains(c.text, "exec") {
			a.flagAt(c, danger.RemoteExec, "nmap runs a script", medium)
		}
	case "ssh-keygen":
		if a.entryParse(c).Has("-D") {
			a.flag(c, danger.RemoteExec, "ssh-keygen -D loads a library")
		}
	case "make":
		if slices.ContainsFunc(a.entryOperands(c), func(x arg) bool { return strings.HasPrefix(x.Value, "SHELL=") }) {
			a.flagAt(c, danger.RemoteExec, "make runs recipes with another shell", medium)
		}
		a.makeText(c)
	case "mvn", "mvnw":
		// exec:exec runs the program -Dexec.executable names.
		for _, x := range a.entryValues(c, "--define") { // -Dx=1, -D x=1, --define=x=1
			if v, ok := strings.CutPrefix(x.Value, "exec.executable="); ok {
				y := x
				y.Value = v
				if strings.Contains(v, "/") || shellProgram(baseName(v)) || isInterpreter(baseName(v)) || strings.ContainsAny(v, ";|&$`") || x.Unbound {
					runs("-Dexec.executable", y)
				} else {
					a.flagAt(c, danger.RemoteExec, c.prog+" runs the program -Dexec.executable names ("+v+")", medium)
				}
			}
		}
	case "mail":
		if a.entryParse(c).Has("-u") || strings.Contains(c.text, "~!") {
			a.flagAt(c, danger.RemoteExec, "mail can run commands", medium)
		}
	case "dpkg":
		if a.entryParse(c).Has("--install") {
			a.flagAt(c, danger.SystemConfig, "installs a package (its scripts run as root)", medium)
		}
	case "npx":
		for _, x := range ops {
			if strings.HasPrefix(x.Value, "-") {
				continue
			}
			if strings.HasPrefix(x.Value, "http://") || strings.HasPrefix(x.Value, "https://") || strings.HasPrefix(x.Value, "github:") || strings.HasPrefix(x.Value, "git+") {
				a.flag(c, danger.RemoteExec, "npx runs a package straight from "+x.Value)
			}
			break
		}
	case "pip", "pip3":
		for _, x := range ops {
			if strings.HasPrefix(x.Value, "http://") {
				a.flagAt(c, danger.RemoteExec, "installs a package over plain HTTP", medium)
			}
		}
	}
}

// unescapeCode undoes the backslash escapes of a string literal in
// interpreter code (\", \', \\, \n, \t); others keep their backslash.
func unescapeCode(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case '"', '\'', '\\':
			b.WriteByte(s[i])
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'u', 'x':
			// \uXXXX and \xHH: the character itself, so that the command
			// is normalised as the interpreter hands it to the shell.
			n := 4
			if s[i] == 'x' {
				n = 2
			}
			if r, err := strconv.ParseUint(s[i+1:min(i+1+n, len(s))], 16, 32); err == nil && i+n < len(s) {
				b.WriteRune(rune(r))
				i += n
				continue
			}
			b.WriteByte('\\')
			b.WriteByte(s[i])
		default:
			b.WriteByte('\\')
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// makeText walks the recipes of a makefile the command itself holds: one
// read from standard input (make -f - <<EOF, printf … | make -f -) or given
// with --eval. Each recipe line, and each $(shell …), is a shell command
// make runs.
func (a *analyzer) makeText(c *call) {
	var texts []string
	for _, v := range a.entryValues(c, "-f", "--file", "--makefile") {
		if v.Value == "-" || v.Value == "/dev/stdin" || v.Value == "/dev/fd/0" {
			if t, ok := a.stdinText(c); ok {
				texts = append(texts, t)
			}
			break
		}
	}
	for _, v := range a.entryValues(c, "-E", "--eval") {
		texts = append(texts, v.Value)
	}
	for _, t := range texts {
		for _, cmd := range makeRecipes(t) {
			a.nested(cmd, c.ctx, c.wrappers)
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
