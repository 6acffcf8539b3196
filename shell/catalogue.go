package shell

import (
	"github.com/wardenhq/warden/internal/fspath"
	"path"
	"slices"
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

// check judges one call, once the walk is over: the danger catalogue's
// checks, and the shell's own judgements of what the call writes, reads,
// runs and is given. It finds no code (find did, while walking).
func (a *analyzer) check(c *call) {
	a.checkAssigns(c)
	if c.assignOnly {
		a.checkWrites(c)
		return
	}
	a.checkWrappers(c)
	for _, h := range c.hidden {
		a.checkHiddenCode(c, h)
	}
	a.checkWrites(c)
	a.checkReads(c)
	a.checkUnknownReads(c)
	a.checkUnknownControl(c)
	a.checkBehaviour(c)
	if c.evaluated != "" {
		a.flag(c, danger.NonLiteralProgram, c.evaluated)
		return
	}
	if c.dynamic && !knownSubst(c) {
		// The part stays dynamic either way: no rule or mode allows it.
		a.flag(c, danger.NonLiteralProgram, "the program to run is not a literal word ("+firstWord(c)+"), so what runs cannot be known")
	}
	prog, idx, ok := a.programChecks(c)
	if prog == "" {
		if c.decl && len(c.words) > 0 {
			// export -p, declare -x: the declaration is judged by the
			// checks of its command's spelling (command export -p).
			if idx := checksFor(c.words[0]); idx != nil {
				c.prog = c.words[0]
				a.runChecks(c, idx)
				c.prog = ""
			}
		}
		return
	}
	a.checkEffects(c)
	if !ok {
		return
	}
	saved := c.prog
	c.prog = prog
	a.checkEntryRaises(c)
	if idx != nil {
		a.runChecks(c, idx)
	}
	c.prog = saved
	if c.ctx.pipe != nil {
		a.checkStdinCode(c, prog)
		a.judgeFound(c, foundOnStdin)
	}
	a.checkProcSubstCode(c, prog)
	a.checkFetchedRun(c)
	a.judgeFound(c, foundFed)
}

// find looks, while walking, for the code a call runs of its own, and
// walks it (findCode): what its entry says an option or a launcher runs,
// what its checks' Finds hand over (an interpreter's string, what ssh or
// docker exec runs, a database client's shell escape), code fed on
// standard input or through a descriptor.
func (a *analyzer) find(c *call) {
	if c.assignOnly || c.evaluated != "" {
		return
	}
	prog, idx, ok := a.programChecks(c)
	if prog == "" {
		return
	}
	a.findEffects(c)
	if !ok {
		return
	}
	if idx != nil {
		saved := c.prog
		c.prog = prog
		a.runFinds(c, idx)
		c.prog = saved
	}
	if c.ctx.pipe != nil {
		a.findStdinCode(c, prog)
	}
	a.findFedCode(c, prog)
}

// programChecks returns the program a call's checks know it by (its base
// name for one run by path; the word the part stands for, for a dynamic
// program) and their indexes in the catalogue; ok is false when the call
// only prints its help or version, and does nothing the checks judge.
func (a *analyzer) programChecks(c *call) (prog string, idx []uint8, ok bool) {
	prog = c.prog
	if c.dynamic {
		prog = c.spec
	}
	if prog == "" {
		return "", nil, false
	}
	if !c.dynamic && (c.help || c.entry() == nil && helpFirst(c.operands()) || c.lang != "" && a.entryParse(c).WhatIf) {
		// The program prints its help or version and exits before doing
		// anything: its entry's grammar says so, or (with no entry) the
		// option comes before any operand and not after "--". A cmdlet
		// given -WhatIf only says what it would do (a statement of
		// PowerShell code has no effects of its own to say so).
		return prog, nil, false
	}
	if c.checksKnown && c.checksOf == prog {
		return c.checksProg, c.checksIdx, true
	}
	asked := prog
	idx = checksFor(prog)
	if idx == nil && strings.Contains(prog, "/") {
		idx = checksFor(baseName(prog))
		prog = baseName(prog)
	}
	if idx == nil {
		// Another name of an entry (bfs for find) is judged by the checks
		// of the entry's first name.
		if spec := programs.Lookup(key(prog)); spec != nil && len(spec.Names) > 0 && spec.Names[0] != prog {
			if idx = checksFor(spec.Names[0]); idx != nil {
				prog = spec.Names[0]
			}
		}
	}
	c.checksOf, c.checksProg, c.checksIdx, c.checksKnown = asked, prog, idx, true
	return prog, idx, true
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
	return p0.Subst && !p0.Unbound && !p0.Glob && onlySubst(p0.Raw)
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
			if in, has := a.stdinText(u); has && (decoderProgram(u.prog) || u.entryFlow().Whole) {
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
		if x.Unbound {
			return "", false
		}
		words = append(words, x.Value)
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
		a.judgeAssignment(c, as.Name, as.Value)
	}
}

func (a *analyzer) judgeAssignment(c *call, name string, v arg) {
	e := programs.EnvOf(name)
	if e == nil || e.Raises == 0 {
		return
	}
	if why := envDanger(e, name, v.Value); why != "" {
		if e.Medium {
			a.flagAt(c, e.Raises, why, medium)
		} else {
			a.flag(c, e.Raises, why)
		}
	}
}

// envDanger describes what an assignment of val to a variable of row e
// does that is dangerous, and "" when the value is harmless. The row says
// what the value is (programs.Env); this reads the value by that.
func envDanger(e *programs.EnvVar, name, val string) string {
	word := ""
	switch e.Value {
	case programs.EnvOff:
		if !slices.Contains(e.Words, val) {
			return ""
		}
	case programs.EnvOn:
		if slices.Contains(e.Words, val) {
			return ""
		}
	case programs.EnvDaemon:
		if val == "" || slices.ContainsFunc(e.Words, func(w string) bool { return strings.HasPrefix(val, w) }) {
			return ""
		}
	case programs.EnvRegistry:
		if val == "" || slices.ContainsFunc(e.Words, func(w string) bool { return strings.Contains(val, w) }) {
			return ""
		}
	case programs.EnvFlags:
		for _, f := range strings.Fields(val) {
			if slices.ContainsFunc(e.Words, func(w string) bool { return strings.HasPrefix(strings.TrimLeft(f, "-"), w) }) {
				word = f
				break
			}
		}
		if word == "" {
			return ""
		}
	default:
		// Variables that change what later programs run.
		var ok bool
		if word, ok = poisonedValue(e, strings.TrimSpace(val)); !ok {
			return ""
		}
		why := strings.NewReplacer("{name}", name, "{v}", strings.TrimSpace(val), "{w}", word).Replace(e.Why)
		return "sets " + name + ", which makes later programs run " + why
	}
	return strings.NewReplacer("{name}", name, "{v}", val, "{w}", word).Replace(e.Why)
}

// poisonedValue reports whether an assignment of val (trimmed) to an
// unsafe variable makes later commands run something else, with the word
// of the value that does.
func poisonedValue(e *programs.EnvVar, val string) (string, bool) {
	if val == "" {
		return "", false
	}
	switch e.Value {
	case programs.EnvCommand:
		return val, !harmlessProgramValue(val)
	case programs.EnvProgramDirs:
		for _, dir := range strings.Split(val, ":") {
			if dir == "" || dir == "." || fspath.Temp(dir) {
				return dir, true
			}
		}
	case programs.EnvCodeDirs:
		for _, dir := range strings.Split(val, ":") {
			if fspath.Temp(dir) || strings.HasPrefix(dir, "/dev/shm") {
				return dir, true
			}
		}
	case programs.EnvOptions:
		for _, w := range strings.Fields(val) {
			if slices.ContainsFunc(e.Words, func(o string) bool { return strings.HasPrefix(w, o) }) {
				return w, true
			}
		}
	case programs.EnvOptionText, programs.EnvChars:
		for _, o := range e.Words {
			if strings.Contains(val, o) {
				return o, true
			}
		}
	case programs.EnvTempConfig:
		return val, fspath.Temp(val)
	case programs.EnvCode:
		return val, true
	}
	return "", false
}

// The environment table (programs.Env) read as the analysis needs it.

// unsafeEnvNames are variables that change what programs run.
func unsafeEnvNames(s string) bool {
	e := programs.EnvOf(s)
	return e != nil && e.Unsafe
}

// inertEnvNames are variables that select what a project's own code or a
// cloud client works on without making a program run, load or write
// anything else: the built-in classifier may approve a known call they
// prefix, but they do not keep a read-only call read-only.
func inertEnvNames(s string) bool {
	e := programs.EnvOf(s)
	return e != nil && e.Value == programs.EnvInert
}

// safeEnvNames may prefix a read-only command without changing what runs.
func safeEnvNames(s string) bool {
	e := programs.EnvOf(s)
	return e != nil && e.Value == programs.EnvSafe
}

// knownEnvValue reports an assignment whose whole effect Warden knows: a
// file written (GIT_TRACE*, recorded by envWrites) or GOFLAGS made only of
// flags that change how go builds, not what it runs or reads.
func knownEnvValue(name, val string) bool {
	e := programs.EnvOf(name)
	return e != nil && (e.Value == programs.EnvWrites || e.Value == programs.EnvFlags && e.KnownFlags(val))
}

// modelledState reports the variables whose effect on later words the
// shell state models (PATH, CDPATH, IFS, GLOBIGNORE, …).
func modelledState(name string) bool {
	e := programs.EnvOf(name)
	return e != nil && e.State
}

// readByPrograms reports an environment variable that some program reads
// to change what it does, or one that is not a plain name.
func readByPrograms(name string) bool {
	return !isIdent(name) || programs.EnvReadByPrograms(name)
}

// envWrites records the files environment variables make programs write:
// GIT_TRACE* set to an absolute path (git appends its trace there) and
// SSLKEYLOGFILE (TLS libraries append session keys).
func (a *analyzer) envWrites(ca *call) {
	for _, as := range ca.assigns {
		if e := programs.EnvOf(as.Name); e == nil || e.Value != programs.EnvWrites {
			continue
		}
		if !strings.HasPrefix(as.Value.Value, "/") && !strings.HasPrefix(as.Value.Value, "~/") {
			continue // 1, 2, true: standard error; a descriptor number
		}
		if p := a.resolve(as.Value, ca.cwd); p != "" {
			ca.writes = appendPath(ca.writes, p)
		} else {
			a.pathUnknown(ca, "writes", as.Value)
		}
	}
}

// harmlessProgramValue reports pagers and editors that do not run other
// commands.
func harmlessProgramValue(val string) bool { return programs.HarmlessProgram(val) }

// checkWrappers flags commands run with elevated privileges.
func (a *analyzer) checkWrappers(c *call) {
	for _, w := range c.wrappers {
		if spec := specOf(w); spec != nil && spec.Elevates {
			if c.sudoStdin {
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
	if code.Node != nil && a.substFetches(code) {
		a.flag(c, danger.RemoteExec, "runs code downloaded from the network")
		return
	}
	if shellSetupOutput(code.Raw) {
		return
	}
	a.flag(c, danger.NonLiteralProgram, "runs code that is only known at run time ("+code.Raw+")")
}

// shellSetupOutput reports eval "$(TOOL ...)" where TOOL prints shell
// code meant for the current shell (its entry's Code.ShellSetup: always,
// or given one of the words it names) and nothing else is substituted.
func shellSetupOutput(raw string) bool {
	s := strings.Trim(raw, `"`)
	if !strings.HasPrefix(s, "$(") || !strings.HasSuffix(s, ")") || strings.Count(s, "$(") != 1 || strings.ContainsAny(s[2:len(s)-1], ";|&`$<>") {
		return false
	}
	f := strings.Fields(s[2 : len(s)-1])
	if len(f) == 0 {
		return false
	}
	setup := programs.CodeOf(baseName(f[0])).ShellSetup
	if setup == "*" {
		return true
	}
	args := strings.Join(f[1:], " ")
	for _, w := range strings.Fields(setup) {
		if strings.Contains(args, w) {
			return true
		}
	}
	return false
}

// checkWrites judges every file a call writes by where it is.
func (a *analyzer) checkWrites(c *call) {
	for _, r := range c.redirs {
		if !r.isOutput() {
			continue
		}
		t := r.target.Value
		if strings.HasPrefix(t, "/dev/tcp/") || strings.HasPrefix(t, "/dev/udp/") {
			a.flag(c, danger.RemoteAccess, "connects the shell to a network socket ("+t+")")
		}
		if r.target.Unbound && !r.target.Mktemp && !fspath.NotAFile(t) && !strings.HasPrefix(t, "/dev/") {
			if r.target.Subst {
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
	var meta programs.Meta
	if len(c.writes) > 0 {
		meta = metaOf(c)
	}
	for _, p := range c.writes {
		if meta == programs.MetaPerms || meta != 0 && (a.credentialFile(p) || fspath.Within(p, a.opts.Home+"/.ssh")) {
			continue // chmod 600 ~/.ssh/id_rsa changes no content
		}
		a.judgeWrite(c, p)
	}
	for _, r := range c.redirs {
		if r.isOutput() && r.target.Subst && r.target.Unbound {
			// > "$(python3 -c 'print(site...)')/x.pth": the target is computed.
			if strings.HasSuffix(r.target.Value, ".pth") {
				a.flag(c, danger.Persistence, "writes a Python .pth file, which runs code at every interpreter start")
			}
		}
	}
}

// metaOf returns what a program changes in the files it writes when not
// their content (its entry's Meta): MetaPerms programs are judged by the
// permission checks rather than as writes.
func metaOf(c *call) programs.Meta {
	if spec := c.entryOrBase(); spec != nil {
		return spec.Meta
	}
	return 0
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
	case fspath.Within(p, "/etc/sudoers") || fspath.Within(p, "/etc/sudoers.d") || p == "/etc/passwd" || p == "/etc/shadow" || p == "/etc/group" || p == "/etc/gshadow":
		a.flag(c, danger.Privilege, "changes users, groups or sudo rules ("+p+")")
	case p == "/dev/null" || strings.HasPrefix(p, "/dev/fd/") || p == "/dev/stdout" || p == "/dev/stderr":
	case fspath.Within(p, "/proc") || fspath.Within(p, "/sys"):
		a.flag(c, danger.SystemConfig, "writes a kernel setting ("+p+")")
	case a.systemPath(p) && !fspath.Temp(p) && !fspath.Within(p, "/dev") && !fspath.Within(p, "/var/folders") && !fspath.Within(p, "/Volumes") && !fspath.Within(p, "/mnt") && !fspath.Within(p, "/media"):
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
	if findingHook != nil {
		findingHook(danger.AgentConfigTamper.Slug())
	}
	if findsFlagHook != nil && a.phase == walking && a.running > 0 {
		findsFlagHook(a.running-1, danger.AgentConfigTamper.Slug())
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
		if to := a.outputFile(c); to != "" && printingProgram(c) {
			// Printed into a file: the credential is copied there, where
			// the agent can read it later, as cp would copy it.
			for _, p := range c.reads {
				if a.credentialFile(p) {
					a.flagAt(c, danger.CredentialAccess, "copies the credential file "+p+" into "+to+", out of its protected place", medium)
					return
				}
			}
		}
		return
	}
	reads := c.reads
	if !printingProgram(c) {
		spec := c.entryOrBase()
		// Files read through an option (date -f, file -f, jq --rawfile)
		// or as objects (git show HEAD:.env, man -l) reach the output as
		// error messages or content even when the program's operands do
		// not.
		reads = nil
		for _, e := range c.fx {
			if e.Kind == programs.Read && e.Target != "" && (e.Option != "" || spec != nil && spec.PrintsReads) {
				reads = append(reads, e.Target)
			}
		}
		if spec != nil && spec.FileURLs {
			// A file:// URL prints a local file.
			for _, x := range fileURLs(c.operands()) {
				reads = append(reads, path.Clean(x.Value))
			}
		}
	}
	for _, p := range reads {
		switch {
		case a.credentialFile(p):
			a.flag(c, danger.CredentialAccess, "prints the credential file "+p)
		case secretEnvFile(p) && !fspath.HasGlob(p):
			a.flagAt(c, danger.CredentialAccess, "prints the secrets in "+p, medium)
		default:
			a.reachesCredentials(c, p)
		}
	}
}

// checkUnknownReads flags a credential or secrets file named to a program
// with no entry (pr ~/.ssh/id_rsa, ./tool .env): what it does with the
// file is not known, and printing it is among what it may do, so a mode
// that lets an unknown call run does not let this one.
func (a *analyzer) checkUnknownReads(c *call) {
	if c.prog == "" || c.dynamic || c.function || c.decl || c.entryOrBase() != nil {
		return
	}
	for _, x := range c.operands() {
		p := a.resolve(x, c.cwd)
		if p == "" || fspath.HasGlob(p) {
			continue
		}
		switch {
		case a.credentialFile(p):
			a.flag(c, danger.CredentialAccess, "gives the credential file "+p+" to "+c.prog+", whose effect is not known (it may print it)")
			return
		case secretEnvFile(p):
			a.flagAt(c, danger.CredentialAccess, "gives the secrets in "+p+" to "+c.prog+", whose effect is not known (it may print them)", medium)
			return
		}
	}
}

// printingProgram reports a call whose standard output holds what it
// reads, as its entry says (programs.Spec's Prints, PrintsWith and
// PrintsNot), or a statement of redirections only: $(< file) is bash's
// cat, and zsh pages < file on its own.
func printingProgram(c *call) bool {
	if c.prog == "" && len(c.args) == 0 {
		return true
	}
	spec := c.entry()
	if spec == nil || !spec.Prints {
		return false
	}
	if spec.PrintsWith == "" && spec.PrintsNot == "" {
		return true
	}
	res := entryOf(c)
	if spec.PrintsWith != "" && !res.Has(strings.Fields(spec.PrintsWith)...) {
		return false
	}
	return spec.PrintsNot == "" || !res.Has(strings.Fields(spec.PrintsNot)...)
}

// outputMasked reports that a call's output never reaches the transcript
// verbatim: it is counted, hashed or thrown away.
func (a *analyzer) outputMasked(c *call) bool {
	for _, r := range c.redirs {
		if r.isOutput() && (r.fd == "" || r.fd == "1") && !transcriptDevice(r.target.Value) {
			return true
		}
	}
	down := c.downstream()
	if len(down) == 0 {
		return false
	}
	d := down[0]
	if digestProgram(d) {
		return true // wc, sha256sum, true: nothing of it reaches their output
	}
	// A search told to print none of what it reads (grep -c, rg -l): its
	// entry's PrintsNot.
	spec := d.entry()
	if spec == nil || spec.PrintsNot == "" {
		return false
	}
	res := entryOf(d)
	return res.Has(strings.Fields(spec.PrintsNot)...)
}

// outputFile is the file a call's standard output is redirected into,
// resolved, or "" when it goes to the transcript, a pipe or no file
// (/dev/null, a descriptor).
func (a *analyzer) outputFile(c *call) string {
	for _, r := range c.redirs {
		if r.isOutput() && (r.fd == "" || r.fd == "1") && !transcriptDevice(r.target.Value) && !fspath.NotAFile(r.target.Value) {
			return a.resolve(r.target, c.cwd)
		}
	}
	return ""
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
	if !ctx.loop || ctx.bg {
		return
	}
	var fills programs.Fills
	if spec := c.entryOrBase(); spec != nil {
		fills = spec.Fills
	}
	if ctx.unpaced && fills == programs.FillsFiles {
		a.flag(c, danger.ResourceExhaustion, "creates files in an endless loop with nothing to slow or stop it")
	}
	if fills == programs.FillsOutput {
		for _, r := range c.redirs {
			if r.op.String() == ">>" && !fspath.NotAFile(r.target.Value) {
				a.flag(c, danger.ResourceExhaustion, "appends to a file in an endless loop")
			}
		}
	}
}
