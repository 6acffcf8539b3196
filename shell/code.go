package shell

import (
	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/internal/fspath"
	"github.com/wardenhq/warden/internal/lazyre"
	"strconv"
	"strings"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/programs"
)

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
	if interpreterCall(c, c.prog) {
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
	if !interpreterCall(c, prog) {
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

// checkCode walks inline interpreter code the walk itself meets (a
// script written earlier in the command, a PowerShell string) and judges
// it at once: walkCode, then judgeCode.
func (a *analyzer) checkCode(c *call, prog, code string) {
	a.walkCode(c, prog, code)
	a.judgeCode(c, prog, code)
}

// Code found in a call while walking (foundCode) is judged with the call
// (judgeFound), where the finder is judged: by the check whose Finds
// handed it over (its index in the catalogue plus one), or by the shell's
// own readers of what is piped in (foundOnStdin) or fed through a
// descriptor (foundFed).
const (
	foundOnStdin = -1
	foundFed     = -2
)

// foundCode is interpreter code a call runs, found while walking: the
// shell commands in it are walked now (walkCode), and the code is kept on
// the call for judging.
func (a *analyzer) foundCode(c *call, by int, prog, code string) {
	if code == "" {
		return
	}
	a.walkCode(c, prog, code)
	c.code = append(c.code, foundCode{by: int8(by), prog: prog, text: code})
}

// judgeFound judges the code found in a call by one finder, in the order
// it was found.
func (a *analyzer) judgeFound(c *call, by int) {
	for _, f := range c.code {
		if int(f.by) == by {
			a.judgeCode(c, f.prog, f.text)
		}
	}
}

// walkCode walks the shell commands interpreter code runs (os.system,
// subprocess.run, backticks) as nested scripts.
func (a *analyzer) walkCode(c *call, prog, code string) {
	if code == "" {
		return
	}
	if f, ok := codeFamily(prog); ok {
		a.walkCalls(c, prog, f, code, 0)
		return
	}
	if tclCode(prog) {
		a.walkTcl(c, prog, code)
		return
	}
	if programs.LangOf(prog) == programs.LangJulia {
		a.walkJulia(c, prog, code)
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
	if programs.CodeOf(prog).Backticks {
		for _, m := range codeBacktick.FindAllStringSubmatch(code, 4) {
			a.nested(m[1], c.ctx, c.wrappers)
		}
	}
}

// judgeCode judges inline interpreter code by what it does
// (judgeFacts): read from its calls where internal/lang/code reads its
// language (readFacts), else matched in its text (patternFacts). The
// shell commands it runs are parts of their own (walkCode).
func (a *analyzer) judgeCode(c *call, prog, code string) {
	if code == "" {
		return
	}
	if len(code) > 64<<10 {
		code = code[:64<<10]
	}
	if f, ok := codeFamily(prog); ok {
		a.judgeFacts(c, prog, readFacts(f, code))
		return
	}
	x := a.patternFacts(code)
	if tclCode(prog) && !x.reverse {
		x.shellAlone = x.shellAlone || tclShell(code)
	}
	a.judgeFacts(c, prog, x)
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
