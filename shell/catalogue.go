package shell

import (
	"path"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/pathclass"
	"github.com/wardenhq/warden/programs"
)

// The catalogue's risk levels, named for readability.
const (
	low    = api.RiskLow
	medium = api.RiskMedium
	high   = api.RiskHigh
)

// flag records a finding of the category on the call, at the category's
// own risk.
func (a *analyzer) flag(c *call, category danger.Kind, description string) {
	a.addFinding(category, description, c.text, category.Risk())
}

// flagAt records a finding of the category on the call at a risk the
// check chose deliberately, lower than the category's (never higher: the
// registry caps it).
func (a *analyzer) flagAt(c *call, category danger.Kind, description string, risk api.Risk) {
	a.addFinding(category, description, c.text, risk)
}

// check runs the danger catalogue on one call.
func (a *analyzer) check(c *call) {
	// While walking (findCode, findings muted) only the checks that can
	// find code run: what a program's options and entry run, its own
	// checks (interpreters' strings, ssh, docker exec, database clients'
	// escapes, sed, awk, vim, make), code fed on standard input. The
	// others only judge.
	judge := !a.muted
	if judge {
		a.checkAssigns(c)
	}
	if c.assignOnly {
		if judge {
			a.checkWrites(c)
		}
		return
	}
	if judge {
		a.checkWrappers(c)
		for _, h := range c.hidden {
			a.checkHiddenCode(c, h)
		}
		a.checkWrites(c)
		a.checkReads(c)
		a.checkUnknownControl(c)
		a.checkBehaviour(c)
	}
	prog := c.prog
	if c.evaluated != "" {
		a.flag(c, danger.NonLiteralProgram, c.evaluated)
		return
	}
	if c.dynamic {
		if !knownSubst(c) {
			a.flag(c, danger.NonLiteralProgram, "the program to run is not a literal word ("+firstWord(c)+"), so what runs cannot be known")
		}
		// The part stays dynamic either way: no rule or mode allows it.
		prog = c.spec
	}
	if prog == "" {
		return
	}
	a.checkEffects(c)
	if !c.dynamic && (c.help || programs.Lookup(prog) == nil && helpFirst(c.operands())) {
		// The program prints its help or version and exits before doing
		// anything: its entry's grammar says so, or (with no entry) the
		// option comes before any operand and not after "--".
		return
	}
	idx := checksFor(prog)
	if idx == nil && strings.Contains(prog, "/") {
		idx = checksFor(baseName(prog))
		prog = baseName(prog)
	}
	saved := c.prog
	c.prog = prog
	if judge {
		a.checkEntryRaises(c)
	}
	if idx != nil {
		a.runChecks(c, idx)
	}
	c.prog = saved
	if c.ctx.pipe != nil {
		a.checkStdinCode(c, prog)
	}
	if judge {
		a.checkProcSubstCode(c, prog)
		a.checkFetchedRun(c)
	}
	a.checkFedCode(c, prog)
}

// launches reports a launcher's call (npx, uv run, mise exec, chronic):
// the command it runs is a part of its own (checkEffects), which the
// catalogue judges there; checks that used to look inside the launcher's
// words leave it to that part.
func (c *call) launches() bool {
	for _, e := range c.fx {
		if e.Kind == programs.Exec && e.Lang == launchedCommand {
			return true
		}
	}
	return false
}

// knownSubst reports a program word that is a command substitution whose
// output is known exactly ($(echo ls), `printf pwd`): the program it names
// is judged as if written, so no danger is presumed of the spelling; the
// part is still not a literal, and nothing but a person allows it.
func knownSubst(c *call) bool {
	if len(c.args) == 0 || c.spec == "" {
		return false
	}
	p0 := c.args[0]
	return p0.subst && !p0.unbound && !p0.glob && onlySubst(p0.raw)
}

// onlySubst reports a word made of one command substitution and nothing
// else: $(…) or `…`.
func onlySubst(raw string) bool {
	return strings.HasPrefix(raw, "$(") && strings.HasSuffix(raw, ")") && !strings.HasPrefix(raw, "$((") ||
		strings.HasPrefix(raw, "`") && strings.HasSuffix(raw, "`") && len(raw) > 1
}

func firstWord(c *call) string {
	if len(c.words) == 0 {
		return ""
	}
	return c.words[0]
}

// upstream returns the calls of the earlier stages of c's pipeline.
func (c *call) upstream() []*call {
	p := c.ctx.pipe
	if p == nil {
		return nil
	}
	var out []*call
	for _, o := range p.calls {
		if o.ctx.stage < c.ctx.stage {
			out = append(out, o)
		}
	}
	return out
}

// downstream returns the calls of the later stages of c's pipeline.
func (c *call) downstream() []*call {
	p := c.ctx.pipe
	if p == nil {
		return nil
	}
	var out []*call
	for _, o := range p.calls {
		if o.ctx.stage > c.ctx.stage {
			out = append(out, o)
		}
	}
	return out
}

// stdinText returns the literal text a call reads on stdin: a here-document
// or here-string, or the output of echo/printf of literal text piped in
// (through decoders such as base64 -d, which are applied).
func (a *analyzer) stdinText(c *call) (string, bool) {
	for _, r := range c.redirs {
		if r.hasBody {
			return r.body, true
		}
	}
	up := c.upstream()
	if len(up) == 0 {
		return "", false
	}
	text, ok := "", false
	for _, u := range up {
		switch {
		case u.prog == "echo" || u.prog == "printf":
			t, known := a.producedText(u)
			if !known {
				return "", false
			}
			text, ok = t, true
		case ok:
			t, known := decode(u, text)
			if !known {
				return "", false
			}
			text = t
		default:
			if in, has := a.stdinText(u); has && decoderProgram(u.prog) {
				t, known := decode(u, in)
				if !known {
					return "", false
				}
				text, ok = t, true
				continue
			}
			return "", false
		}
	}
	return text, ok
}

func (a *analyzer) producedText(u *call) (string, bool) {
	words := make([]string, 0, len(u.args))
	for _, x := range u.operands() {
		if x.unbound {
			return "", false
		}
		words = append(words, x.s)
	}
	if u.prog == "printf" {
		if len(words) == 0 {
			return "", false
		}
		return printfString(words[0], words[1:]), true
	}
	return echoString(words), true
}

// checkAssigns judges NAME=value assignments (as prefixes, pure, given to
// env or exported).
func (a *analyzer) checkAssigns(c *call) {
	for _, as := range c.assigns {
		a.judgeAssignment(c, as.name, as.value)
	}
}

func (a *analyzer) judgeAssignment(c *call, name string, v arg) {
	val := v.s
	switch name {
	case "HISTFILE":
		if val == "" || val == "/dev/null" {
			a.flag(c, danger.LogTampering, "turns off the shell history")
		}
		return
	case "HISTSIZE", "HISTFILESIZE", "SAVEHIST":
		if val == "0" {
			a.flag(c, danger.LogTampering, "turns off the shell history")
		}
		return
	case "HISTCONTROL":
		return
	case "DOCKER_HOST", "CONTAINER_HOST", "DOCKER_CONTEXT":
		if val != "" && !strings.HasPrefix(val, "unix:///var/run/docker.sock") {
			a.flag(c, danger.ContainerDestructive, "points docker at another daemon ("+val+")")
		}
		return
	case "KUBECONFIG":
		return
	case "GOFLAGS":
		// go build, test, vet and list take these as flags: -toolexec,
		// -exec and -vettool run a program for every tool or test.
		for _, w := range strings.Fields(val) {
			if strings.HasPrefix(w, "-toolexec") || strings.HasPrefix(w, "-exec") || strings.HasPrefix(w, "-vettool") || strings.HasPrefix(w, "--toolexec") || strings.HasPrefix(w, "--exec") || strings.HasPrefix(w, "--vettool") {
				a.flag(c, danger.RemoteExec, "sets GOFLAGS, which makes go run "+w)
				return
			}
		}
		return
	case "NODE_TLS_REJECT_UNAUTHORIZED", "GIT_SSL_NO_VERIFY", "PYTHONHTTPSVERIFY", "CURL_CA_BUNDLE", "REQUESTS_CA_BUNDLE", "NPM_CONFIG_STRICT_SSL":
		if val == "0" || val == "false" || name == "GIT_SSL_NO_VERIFY" && val != "" || name == "CURL_CA_BUNDLE" && val == "" {
			a.flagAt(c, danger.SecurityDisable, "turns off TLS certificate verification", medium)
		}
		return
	case "DISABLE_DATABASE_ENVIRONMENT_CHECK":
		if val != "" && val != "0" {
			a.flag(c, danger.DBDestructive, "disables the database's production safety check")
		}
		return
	case "NPM_CONFIG_REGISTRY", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "UV_INDEX_URL", "YARN_REGISTRY", "GOPROXY", "CARGO_REGISTRIES_CRATES_IO_PROTOCOL":
		if val != "" && !localURL(val) {
			a.flagAt(c, danger.SystemConfig, "redirects the package registry to "+val, medium)
		}
		return
	}
	if strings.Contains(strings.ToUpper(name), "YOLO") || name == "CLAUDE_CODE_DANGEROUSLY_SKIP_PERMISSIONS" || name == "CODEX_UNSAFE_ALLOW_NO_SANDBOX" {
		if val != "" && val != "0" && val != "false" {
			a.flag(c, danger.AgentConfigTamper, "turns off an agent's approvals ("+name+")")
		}
		return
	}
	if !unsafeEnvNames(name) {
		return
	}
	if reason := poisonedValue(name, v); reason != "" {
		a.flag(c, danger.RemoteExec, "sets "+name+", which makes later programs run "+reason)
	}
}

func localURL(s string) bool {
	return strings.Contains(s, "localhost") || strings.Contains(s, "127.0.0.1")
}

// unsafeEnvNames are variables that change what programs run.
func unsafeEnvNames(s string) bool {
	// Deliberately not: LD_BIND_NOW.
	switch s {
	case "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", "DYLD_LIBRARY_PATH", "DYLD_FRAMEWORK_PATH", "BASH_ENV", "ENV",
		"PROMPT_COMMAND", "PS4", "SHELLOPTS", "BASHOPTS", "IFS", "CDPATH", "ZDOTDIR", "NODE_OPTIONS",
		"NODE_PATH", "PYTHONPATH", "PYTHONSTARTUP", "PYTHONHOME", "PYTHONINSPECT", "PERL5OPT", "PERL5LIB", "PERLLIB",
		"RUBYOPT", "RUBYLIB", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "CLASSPATH", "GIT_SSH_COMMAND", "GIT_SSH",
		"GIT_EXTERNAL_DIFF", "GIT_PAGER", "GIT_EDITOR", "GIT_ASKPASS", "GIT_EXEC_PATH", "GIT_PROXY_COMMAND", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM",
		"GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_TEMPLATE_DIR", "GIT_DIR", "GIT_WORK_TREE", "SSH_ASKPASS", "SUDO_ASKPASS", "PAGER",
		"MANPAGER", "SYSTEMD_PAGER", "EDITOR", "VISUAL", "BROWSER", "LESSOPEN", "LESSCLOSE", "PATH",
		"TERMINFO", "MAVEN_OPTS", "GRADLE_OPTS", "npm_config_script_shell", "DOCKER_HOST",
		// Options and configuration files read from the environment by
		// programs Warden may call read-only.
		"TAR_OPTIONS", "LESS", "LESSKEY", "LESSKEYIN", "LESSKEY_SRC", "LESSKEYIN_SYSTEM", "BAT_PAGER", "BAT_CONFIG_PATH",
		"MANOPT", "RIPGREP_CONFIG_PATH", "GCONV_PATH":
		return true
	}
	return false
}

// inertEnvNames are variables that select what a project's own code or a
// cloud client works on (the environment, the port, the target platform,
// the profile) without making a program run, load or write anything else:
// the built-in classifier may approve a known call they prefix, but they do
// not keep a read-only call read-only.
func inertEnvNames(s string) bool {
	switch s {
	case "RAILS_ENV", "RACK_ENV", "APP_ENV", "FLASK_ENV", "MIX_ENV", "PORT", "HOST", "GOOS", "GOARCH", "GOARM", "GOAMD64", "CGO_ENABLED",
		"GO111MODULE", "AWS_PROFILE", "AWS_REGION", "AWS_DEFAULT_REGION", "PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE", "LOG_LEVEL", "VERBOSE", "TMPDIR":
		return true
	}
	return false
}

// knownEnvValue reports an assignment whose whole effect Warden knows:
// GIT_TRACE* (standard error, or the file envWrites records) and GOFLAGS
// made only of flags that change how go builds, not what it runs or reads.
func knownEnvValue(name, val string) bool {
	switch {
	case strings.HasPrefix(name, "GIT_TRACE"):
		return true
	case name == "GOFLAGS":
		for _, w := range strings.Fields(val) {
			k, _, _ := strings.Cut(strings.TrimPrefix(w, "-"), "=")
			switch strings.TrimPrefix(k, "-") {
			case "mod", "trimpath", "buildvcs", "tags", "race", "v", "p", "count", "ldflags", "gcflags", "cover", "modcacherw", "buildmode":
			default:
				return false
			}
		}
		return true
	}
	return false
}

// envWrites records the files environment variables make programs write:
// GIT_TRACE* set to an absolute path (git appends its trace there) and
// SSLKEYLOGFILE (TLS libraries append session keys).
func (a *analyzer) envWrites(ca *call) {
	for _, as := range ca.assigns {
		if !strings.HasPrefix(as.name, "GIT_TRACE") && as.name != "SSLKEYLOGFILE" {
			continue
		}
		if !strings.HasPrefix(as.value.s, "/") && !strings.HasPrefix(as.value.s, "~/") {
			continue // 1, 2, true: standard error; a descriptor number
		}
		if p := a.resolve(as.value, ca.cwd); p != "" {
			ca.writes = appendPath(ca.writes, p)
		} else {
			a.pathUnknown(ca, "writes", as.value)
		}
	}
}

// safeEnvNames may prefix a read-only command without changing what runs.
func safeEnvNames(s string) bool {
	// Deliberately not: GIT_PAGER_IN_USE, GOFLAGS.
	switch s {
	case "LANG", "LC_ALL", "LC_CTYPE", "LC_COLLATE", "LC_MESSAGES", "TZ", "NO_COLOR", "FORCE_COLOR",
		"CLICOLOR", "CLICOLOR_FORCE", "TERM", "COLUMNS", "LINES", "GREP_COLORS", "CI", "NODE_ENV",
		"DEBUG", "RUST_BACKTRACE", "RUST_LOG":
		return true
	}
	return false
}

// poisonedValue says why an assignment to an unsafe variable makes later
// commands run something else ("" when the value is harmless).
func poisonedValue(name string, v arg) string {
	val := strings.TrimSpace(v.s)
	if val == "" {
		return ""
	}
	switch name {
	case "PAGER", "MANPAGER", "SYSTEMD_PAGER", "GIT_PAGER", "EDITOR", "VISUAL", "GIT_EDITOR", "BROWSER", "BAT_PAGER":
		if harmlessProgramValue(val) {
			return ""
		}
		return "the command " + val
	case "PATH":
		for _, dir := range strings.Split(val, ":") {
			if dir == "" || dir == "." || tempPath(dir) {
				return "programs from " + dir
			}
		}
		return ""
	case "PYTHONPATH", "NODE_PATH", "PERL5LIB", "PERLLIB", "RUBYLIB", "CLASSPATH", "LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH", "CDPATH", "GIT_DIR", "GIT_WORK_TREE", "TERMINFO", "ZDOTDIR":
		for _, dir := range strings.Split(val, ":") {
			if tempPath(dir) || strings.HasPrefix(dir, "/dev/shm") {
				return "code from " + dir
			}
		}
		return ""
	case "NODE_OPTIONS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "MAVEN_OPTS", "GRADLE_OPTS":
		for _, w := range strings.Fields(val) {
			if strings.HasPrefix(w, "--require") || strings.HasPrefix(w, "-r") || strings.HasPrefix(w, "--import") || strings.HasPrefix(w, "--loader") ||
				strings.HasPrefix(w, "--experimental-loader") || strings.HasPrefix(w, "-javaagent") || strings.HasPrefix(w, "-agentpath") || strings.HasPrefix(w, "-agentlib") {
				return "code loaded by " + w
			}
		}
		return ""
	case "IFS", "PS4", "SHELLOPTS", "BASHOPTS", "LD_BIND_NOW":
		if name == "PS4" && strings.ContainsAny(val, "$`") {
			return "the command in " + val
		}
		return ""
	case "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_TEMPLATE_DIR":
		if tempPath(val) {
			return "configuration from " + val
		}
		return ""
	case "GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS":
		return "configuration given in the environment"
	case "DOCKER_HOST":
		return ""
	case "LESSOPEN", "LESSCLOSE":
		return "the input filter " + val
	case "TAR_OPTIONS":
		for _, o := range []string{"--to-command", "-I", "--use-compress-program", "--checkpoint-action", "--rsh-command", "--info-script", "-F", "--new-volume-script", "--rmt-command"} {
			if strings.Contains(val, o) {
				return "tar options that run a program (" + val + ")"
			}
		}
		return ""
	case "LESS":
		// less's options; a + command with ! or | runs a shell command.
		if strings.ContainsAny(val, "!|") {
			return "less commands " + val
		}
		return ""
	case "MANOPT":
		for _, o := range []string{"-P", "--pager", "-H", "--html", "-C", "--config-file"} {
			if strings.Contains(val, o) {
				return "man options that run a program (" + val + ")"
			}
		}
		return ""
	case "LESSKEY", "LESSKEYIN", "LESSKEY_SRC", "LESSKEYIN_SYSTEM", "BAT_CONFIG_PATH", "RIPGREP_CONFIG_PATH":
		// A key or configuration file can name a filter, pager or
		// preprocessor to run.
		return "settings from " + val
	case "GCONV_PATH":
		return "character-set modules (libraries) from " + val
	}
	return val
}

// harmlessProgramValue reports pagers and editors that do not run other
// commands.
func harmlessProgramValue(val string) bool { return programs.HarmlessProgram(val) }

// checkWrappers flags commands run with elevated privileges.
func (a *analyzer) checkWrappers(c *call) {
	for _, w := range c.wrappers {
		switch w {
		case "sudo", "doas", "pkexec", "su", "runuser", "chroot":
			if w == "sudo" && c.sudoStdin {
				a.flag(c, danger.Privilege, "feeds a password to sudo -S and runs the command as root")
			}
			a.flag(c, danger.Privilege, "runs the command with elevated privileges ("+w+")")
			return
		}
	}
}

// checkHiddenCode judges a carrier (bash -c, eval) whose code is not a
// literal: code computed at run time, and worse, code from the network.
func (a *analyzer) checkHiddenCode(c *call, code arg) {
	if code.node != nil && a.substFetches(code) {
		a.flag(c, danger.RemoteExec, "runs code downloaded from the network")
		return
	}
	if shellSetupOutput(code.raw) {
		return
	}
	a.flag(c, danger.NonLiteralProgram, "runs code that is only known at run time ("+code.raw+")")
}

// shellSetupTools print shell code meant to be evaluated in the current
// shell (eval "$(pyenv init -)"): environment setup, not hidden commands.
func shellSetupTools(s string) bool {
	// Deliberately not: docker, nix.
	switch s {
	case "ssh-agent", "pyenv", "rbenv", "nodenv", "goenv", "jenv", "plenv", "direnv",
		"brew", "fnm", "mise", "rtx", "starship", "zoxide", "conda", "opam",
		"thefuck", "asdf", "dircolors", "gpg-agent", "keychain", "fzf", "atuin", "register-python-argcomplete",
		"luarocks", "rustup", "kubectl", "gh", "helm", "npm", "pip", "poetry",
		"uv", "nvm", "volta", "devbox":
		return true
	}
	return false
}

// shellSetupOutput reports eval "$(TOOL ...)" where TOOL is a shell setup
// tool and nothing else is substituted.
func shellSetupOutput(raw string) bool {
	s := strings.Trim(raw, `"`)
	if !strings.HasPrefix(s, "$(") || !strings.HasSuffix(s, ")") || strings.Count(s, "$(") != 1 || strings.ContainsAny(s[2:len(s)-1], ";|&`$<>") {
		return false
	}
	f := strings.Fields(s[2 : len(s)-1])
	if len(f) == 0 || !shellSetupTools(baseName(f[0])) {
		return false
	}
	switch baseName(f[0]) {
	case "kubectl", "gh", "helm", "npm", "pip", "poetry", "uv", "rustup":
		return len(f) > 1 && strings.Contains(strings.Join(f[1:], " "), "completion")
	}
	return true
}

// checkWrites judges every file a call writes by where it is.
func (a *analyzer) checkWrites(c *call) {
	for _, r := range c.redirs {
		if !r.isOutput() {
			continue
		}
		t := r.target.s
		if strings.HasPrefix(t, "/dev/tcp/") || strings.HasPrefix(t, "/dev/udp/") {
			a.flag(c, danger.RemoteAccess, "connects the shell to a network socket ("+t+")")
		}
		if r.target.unbound && !r.target.mktemp && !harmlessTarget(t) && !strings.HasPrefix(t, "/dev/") {
			if r.target.subst {
				continue
			}
		}
		if r.op == 0 {
			continue
		}
		p := a.resolve(r.target, c.cwd)
		if p == "" {
			continue
		}
		truncates := r.op.String() == ">" || r.op.String() == ">|" || r.op.String() == "&>"
		if truncates {
			a.judgeOverwrite(c, p, "the redirection")
		}
	}
	for _, p := range c.writes {
		if permissionProgram(c.prog) || metadataProgram(c.prog) && (a.credentialFile(p) || within(p, a.opts.Home+"/.ssh")) {
			continue // chmod 600 ~/.ssh/id_rsa changes no content
		}
		a.judgeWrite(c, p)
	}
	for _, r := range c.redirs {
		if r.isOutput() && r.target.subst && r.target.unbound {
			// > "$(python3 -c 'print(site...)')/x.pth": the target is computed.
			if strings.HasSuffix(r.target.s, ".pth") {
				a.flag(c, danger.Persistence, "writes a Python .pth file, which runs code at every interpreter start")
			}
		}
	}
}

// permissionProgram reports programs judged by the permissions checker
// rather than as writes.
func permissionProgram(p string) bool {
	switch p {
	case "chmod", "chown", "chgrp", "setfacl", "chattr", "chflags":
		return true
	}
	return false
}

// metadataProgram reports programs that change a file's attributes, not
// its content.
func metadataProgram(p string) bool {
	switch p {
	case "chmod", "chown", "chgrp", "setfacl", "chattr", "chflags", "touch", "mkdir":
		return true
	}
	return false
}

// judgeWrite flags writes to places where any write is dangerous.
func (a *analyzer) judgeWrite(c *call, p string) {
	if e, ok := a.control(p); ok {
		a.flagControl(c, p, e)
		return
	}
	if root := a.treeRoot(p); root != "" && !strings.Contains(p[len(root):], "/.") && !strings.HasSuffix(p, ".pth") && !strings.HasSuffix(p, "customize.py") {
		// Inside the working tree, only hidden paths (.git/hooks, .claude,
		// .vscode, ...) and key files are special.
		if a.credentialFile(p) {
			a.flag(c, danger.FileOverwrite, "overwrites the credential file "+p)
		}
		return
	}
	lp := strings.ToLower(p)
	switch {
	case blockDevice(p):
		a.flag(c, danger.DiskWipe, "writes to the raw disk device "+p)
	case strings.HasPrefix(p, "/dev/tcp/") || strings.HasPrefix(p, "/dev/udp/"):
	case p == "/proc/sysrq-trigger":
		a.flag(c, danger.SystemPower, "triggers a kernel sysrq action (reboot, crash)")
	case securityPath(p):
		a.flag(c, danger.SecurityDisable, "changes a kernel or system security control ("+p+")")
	case logPath(a, p):
		a.flag(c, danger.LogTampering, "modifies logs or history ("+p+")")
	case persistencePath(a, p):
		a.flag(c, danger.Persistence, "writes "+p+", which runs code automatically later")
	case within(p, "/etc/sudoers") || within(p, "/etc/sudoers.d") || p == "/etc/passwd" || p == "/etc/shadow" || p == "/etc/group" || p == "/etc/gshadow":
		a.flag(c, danger.Privilege, "changes users, groups or sudo rules ("+p+")")
	case p == "/dev/null" || strings.HasPrefix(p, "/dev/fd/") || p == "/dev/stdout" || p == "/dev/stderr":
	case within(p, "/proc") || within(p, "/sys"):
		a.flag(c, danger.SystemConfig, "writes a kernel setting ("+p+")")
	case a.systemPath(p) && !tempPath(p) && !within(p, "/dev") && !within(p, "/var/folders") && !within(p, "/Volumes") && !within(p, "/mnt") && !within(p, "/media"):
		a.flag(c, danger.SystemConfig, "writes the system location "+p)
	case a.credentialFile(p):
		a.flag(c, danger.FileOverwrite, "overwrites the credential file "+p)
	case strings.HasSuffix(lp, ".pth") && strings.Contains(lp, "site-packages"):
		a.flag(c, danger.Persistence, "writes a Python .pth file, which runs code at every interpreter start")
	}
}

// flagControl flags a write to an agent control file: a finding about
// that one path, which only an allow rule naming it settles.
func (a *analyzer) flagControl(c *call, p string, e pathclass.Entry) {
	if a.muted {
		return // findCode looks for code only: the call is judged later
	}
	if findingHook != nil {
		findingHook(danger.AgentConfigTamper.Slug())
	}
	k := danger.AgentConfigTamper.Slug() + "\x00" + c.text + "\x00" + p
	if a.seen == nil {
		a.seen = make(map[string]int, 4)
	}
	if _, dup := a.seen[k]; dup {
		return
	}
	a.seen[k] = len(a.an.Findings)
	a.an.Findings = append(a.an.Findings, api.Finding{Category: danger.AgentConfigTamper.Slug(), Risk: high, Part: c.text, Path: p,
		Description: "writes " + p + ", " + string(e.Kind) + ", which only an allow rule naming it may approve"})
}

// judgeOverwrite flags truncating an irreplaceable file.
func (a *analyzer) judgeOverwrite(c *call, p, how string) {
	switch {
	case secretEnvFile(p):
		a.flagAt(c, danger.FileOverwrite, how+" overwrites the secrets file "+p, medium)
	case dataFile(p):
		a.flag(c, danger.FileOverwrite, how+" overwrites the database file "+p)
	}
}

// checkReads flags printing credentials into the transcript.
func (a *analyzer) checkReads(c *call) {
	if len(c.reads) == 0 {
		return
	}
	if copyingProgram(c) {
		a.copiesCredentials(c)
	}
	if a.redirectsCredential(c) {
		return
	}
	if a.outputMasked(c) {
		return
	}
	reads := c.reads
	if !printingProgram(c) {
		// Files read through an option (date -f, file -f, jq --rawfile)
		// or as objects (git show HEAD:.env, man -l) reach the output as
		// error messages or content even when the program's operands do
		// not.
		reads = nil
		for _, e := range c.fx {
			if e.Kind == programs.Read && e.Target != "" && (e.Option != "" || c.prog == "git" || c.prog == "man") {
				reads = append(reads, e.Target)
			}
		}
		if c.prog == "curl" || c.prog == "wget" {
			// A file:// URL prints a local file.
			for _, x := range fileURLs(c.operands()) {
				reads = append(reads, path.Clean(x.s))
			}
		}
	}
	for _, p := range reads {
		switch {
		case a.credentialFile(p):
			a.flag(c, danger.CredentialAccess, "prints the credential file "+p)
		case secretEnvFile(p):
			a.flagAt(c, danger.CredentialAccess, "prints the secrets in "+p, medium)
		default:
			a.reachesCredentials(c, p)
		}
	}
}

func printingProgram(c *call) bool {
	if c.prog == "dd" {
		// dd copies if= to stdout or to a file of the agent's choosing:
		// either way the bytes are the agent's to see.
		return true
	}
	switch c.prog {
	case "gzip", "bzip2", "xz", "zstd", "lz4", "brotli", "lzma":
		// With -c the file, compressed or not, goes to standard output:
		// an encoding launders nothing (R14).
		res := entryOf(c)
		return res.Has("-c", "--stdout", "--to-stdout")
	}
	if c.prog == "" && len(c.args) == 0 {
		// A statement of redirections only: $(< file) is bash's cat, and
		// zsh pages < file on its own.
		return true
	}
	switch c.prog {
	case "read", "mapfile", "readarray":
		// A file read into shell variables is the agent's to print or
		// send: read -r k < ~/.ssh/id_rsa; echo "$k".
		return true
	case "tree":
		// tree --fromfile prints the listing its operands hold.
		res := entryOf(c)
		return res.Has("--fromfile")
	case "cmp":
		// cmp -l prints every differing byte, -b the bytes themselves:
		// against /dev/null, the whole file.
		res := entryOf(c)
		return res.Has("--verbose") || res.Has("--print-bytes")
	}
	if spec := programs.Lookup(c.prog); spec != nil && !spec.Prints || spec == nil && !unlistedReaders[c.prog] {
		return false
	}
	switch c.prog {
	case "grep", "egrep", "fgrep", "rg", "zgrep", "ag", "ack":
		res := entryOf(c)
		return !res.Has("-c", "-q", "-l", "-L", "--count", "--quiet", "--files-with-matches")
	}
	return true
}

// outputMasked reports that a call's output never reaches the transcript
// verbatim: it is counted, hashed or thrown away.
func (a *analyzer) outputMasked(c *call) bool {
	for _, r := range c.redirs {
		if r.isOutput() && (r.fd == "" || r.fd == "1") && !transcriptDevice(r.target.s) {
			return true
		}
	}
	down := c.downstream()
	if len(down) == 0 {
		return false
	}
	d := down[0]
	switch d.prog {
	case "wc", "md5sum", "sha1sum", "sha256sum", "sha512sum", "shasum", "cksum", "b2sum", "md5", "true":
		return true
	case "grep", "egrep", "fgrep", "rg":
		return !printingProgram(d)
	}
	return false
}

// transcriptDevice reports an output file that is the terminal or a standard
// stream, so what is written there reaches the transcript
// (pathclass.TranscriptDevice).
func transcriptDevice(p string) bool { return pathclass.TranscriptDevice.Is(p, "") }

// checkBehaviour flags what the shell structure itself does: fork bombs
// and unbounded spawning.
func (a *analyzer) checkBehaviour(c *call) {
	ctx := c.ctx
	if ctx.funcName != "" && c.prog == key(ctx.funcName) && (ctx.pipe != nil || ctx.bg) {
		a.flag(c, danger.ForkBomb, "a function that calls itself in the background or a pipe multiplies processes without bound")
	}
	if ctx.loop && ctx.bg {
		a.flag(c, danger.ForkBomb, "starts background processes in an endless loop")
	}
	if ctx.unpaced && !ctx.bg && (c.prog == "mkdir" || c.prog == "touch" || c.prog == "cp" || c.prog == "fallocate" || c.prog == "dd") {
		a.flag(c, danger.ResourceExhaustion, "creates files in an endless loop with nothing to slow or stop it")
	}
	if ctx.loop && !ctx.bg && c.prog != "sleep" {
		for _, r := range c.redirs {
			if r.op.String() == ">>" && !harmlessTarget(r.target.s) && (c.prog == "cat" || c.prog == "yes" || c.prog == "head" || c.prog == "echo") {
				a.flag(c, danger.ResourceExhaustion, "appends to a file in an endless loop")
			}
		}
	}
}
