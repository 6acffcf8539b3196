package programs

import "strings"

// Runs says when a git configuration key's value makes git run a program.
type Runs uint8

const (
	// RunsAny: any value is a program, a hook directory or a template
	// directory git runs code from.
	RunsAny Runs = iota + 1
	// RunsCommand: the value is a command line, run unless it names a
	// pager, editor or browser that runs nothing else (HarmlessProgram).
	RunsCommand
	// RunsBang: a value starting with "!" is a shell command (alias.X).
	RunsBang
	// RunsHelper: a value starting with "!" is a shell command and one
	// with a slash a program's path; a bare name is git's own helper
	// (credential.helper store).
	RunsHelper
	// RunsNonBool: any value but a boolean names a program
	// (core.fsmonitor=true is git's built-in daemon).
	RunsNonBool
	// RunsExt: a value using the ext:: transport runs its command
	// (url.X.insteadOf, remote.X.url).
	RunsExt
	// RunsTemp: a path in a temporary directory is configuration nobody
	// judged (include.path given on the command line).
	RunsTemp
)

// GitConfigKey is one configuration key whose value can make git run a
// program: given with git -c, GIT_CONFIG_*, or found in the configuration
// of the repository a command works on.
type GitConfigKey struct {
	// Key is section[.*].name in lower case; * stands for one subsection
	// (diff.*.textconv) and a trailing * for any rest (alias.*).
	Key  string
	Runs Runs
	// Runs is a value that makes git run a program; Harmless one that
	// does not ("" when every value does).
	Example, Harmless string
}

// GitConfigKeys are the keys whose value names a program git runs. The
// examples run as tests (programs and, against real git, shell).
var GitConfigKeys = []GitConfigKey{
	{"core.pager", RunsCommand, "sh -c id", "less -R"},
	{"core.editor", RunsCommand, "sh -c id", "vim"},
	{"core.sshcommand", RunsAny, "ssh -o ProxyCommand=id", ""},
	{"core.fsmonitor", RunsNonBool, "./watch.sh", "true"},
	{"core.hookspath", RunsAny, ".githooks", ""},
	{"core.askpass", RunsAny, "./pass.sh", ""},
	{"core.gitproxy", RunsAny, "./proxy.sh", ""},
	{"core.alternaterefscommand", RunsAny, "./refs.sh", ""},
	{"sequence.editor", RunsCommand, "sh -c id", "vim"},
	{"diff.external", RunsAny, "./diff.sh", ""},
	{"diff.*.textconv", RunsAny, "./conv.sh", ""},
	{"diff.*.command", RunsAny, "./diff.sh", ""},
	{"difftool.*.cmd", RunsAny, "./diff.sh", ""},
	{"difftool.*.path", RunsAny, "./diff.sh", ""},
	{"mergetool.*.cmd", RunsAny, "./merge.sh", ""},
	{"mergetool.*.path", RunsAny, "./merge.sh", ""},
	{"merge.*.driver", RunsAny, "./merge.sh %O %A %B", ""},
	{"filter.*.clean", RunsAny, "./clean.sh", ""},
	{"filter.*.smudge", RunsAny, "./smudge.sh", ""},
	{"filter.*.process", RunsAny, "./filter.sh", ""},
	{"alias.*", RunsBang, "!sh -c id", "log --oneline"},
	{"pager.*", RunsCommand, "sh -c id", "less"},
	{"interactive.difffilter", RunsAny, "./filter.sh", ""},
	{"credential.helper", RunsHelper, "!sh -c id", "store"},
	{"credential.*.helper", RunsHelper, "/tmp/helper", "cache"},
	{"gpg.program", RunsAny, "./gpg.sh", ""},
	{"gpg.*.program", RunsAny, "./gpg.sh", ""},
	{"gpg.ssh.defaultkeycommand", RunsAny, "./key.sh", ""},
	{"uploadpack.packobjectshook", RunsAny, "./hook.sh", ""},
	{"trailer.*.command", RunsAny, "id", ""},
	{"trailer.*.cmd", RunsAny, "id", ""},
	{"init.templatedir", RunsAny, "/tmp/tpl", ""},
	{"help.browser", RunsCommand, "/tmp/browser.sh", "firefox"},
	{"web.browser", RunsCommand, "/tmp/browser.sh", "firefox"},
	{"browser.*.cmd", RunsAny, "/tmp/browser.sh", ""},
	{"browser.*.path", RunsAny, "/tmp/browser.sh", ""},
	{"instaweb.httpd", RunsAny, "/tmp/httpd.sh", ""},
	{"instaweb.browser", RunsCommand, "/tmp/browser.sh", "firefox"},
	{"man.*.cmd", RunsAny, "./man.sh", ""},
	{"man.*.path", RunsAny, "./man.sh", ""},
	{"man.viewer", RunsCommand, "./man.sh", "man"},
	{"protocol.ext.allow", RunsAny, "always", ""},
	{"submodule.*.update", RunsBang, "!sh -c id", "rebase"},
	{"sendemail.smtpserver", RunsHelper, "/tmp/smtp.sh", "smtp.example.com"},
	{"sendemail.sendmailcmd", RunsAny, "./mail.sh", ""},
	{"remote.*.uploadpack", RunsAny, "./up.sh", ""},
	{"remote.*.receivepack", RunsAny, "./recv.sh", ""},
	{"remote.*.url", RunsExt, "ext::sh -c id", "https://example.com/r.git"},
	{"remote.*.pushurl", RunsExt, "ext::sh -c id", "https://example.com/r.git"},
	{"remote.*.vcs", RunsAny, "evil", ""},
	{"url.*.insteadof", RunsExt, "ext::sh -c id", "https://example.com/"},
	{"url.*.pushinsteadof", RunsExt, "ext::sh -c id", "https://example.com/"},
	{"include.path", RunsTemp, "/tmp/x.cfg", "~/.gitconfig-work"},
	{"includeif.*.path", RunsTemp, "/tmp/x.cfg", "~/.gitconfig-work"},
	{"guitool.*.cmd", RunsAny, "./tool.sh", ""},
	{"diff.tool", RunsAny, "mytool", ""},
	{"diff.guitool", RunsAny, "mytool", ""},
	{"merge.tool", RunsAny, "mytool", ""},
	{"merge.guitool", RunsAny, "mytool", ""},
	{"sendemail.tocmd", RunsAny, "./to.sh", ""},
	{"sendemail.cccmd", RunsAny, "./cc.sh", ""},
	{"protocol.allow", RunsAny, "always", ""},
	{"protocol.*.allow", RunsAny, "always", ""},
	{"submodule.*.url", RunsExt, "ext::sh -c id", "https://example.com/r.git"},
}

// GitConfigInert are the keys whose every value only changes what git
// prints or how it reads and writes its own data: colours, formats,
// names, sorting, advice. They run no program, load no code, read no
// file of the caller's choosing and talk to no other host, so git -c
// color.ui=always log is still the log it reads. A key in neither table
// is not known (log.showSignature runs gpg, commit.template reads a
// file, help.autoCorrect runs a command git guessed). Patterns as in
// GitConfigKeys.
var GitConfigInert = []string{
	"color.*", "column.*", "advice.*", "pretty.*", "i18n.*",
	"user.name", "user.email", "user.useconfigonly", "author.*", "committer.*",
	"core.quotepath", "core.abbrev", "core.commentchar", "core.commentstring", "core.whitespace", "core.autocrlf", "core.eol", "core.safecrlf",
	"core.preloadindex", "core.untrackedcache", "core.compression", "core.loosecompression", "core.bigfilethreshold", "core.warnambiguousrefs",
	"log.abbrevcommit", "log.date", "log.decorate", "log.diffmerges", "log.excludedecoration", "log.follow", "log.graphcolors", "log.initialdecorationset", "log.mailmap", "log.showroot",
	"format.pretty", "format.subjectprefix", "format.numbered", "format.signoff", "format.suffix", "format.thread", "format.coverletter", "format.filenamemaxlength", "format.useautobase", "format.notes",
	"diff.algorithm", "diff.colormoved", "diff.colormovedws", "diff.context", "diff.dirstat", "diff.ignoresubmodules", "diff.indentheuristic", "diff.interhunkcontext",
	"diff.mnemonicprefix", "diff.noprefix", "diff.relative", "diff.renamelimit", "diff.renames", "diff.statgraphwidth", "diff.statnamewidth", "diff.submodule",
	"diff.suppressblankempty", "diff.wordregex", "diff.wserrorhighlight", "diff.autorefreshindex",
	"status.aheadbehind", "status.branch", "status.displaycommentprefix", "status.relativepaths", "status.renamelimit", "status.renames", "status.short",
	"status.showstash", "status.showuntrackedfiles", "status.submodulesummary",
	"grep.column", "grep.extendedregexp", "grep.fallbacktonoindex", "grep.fullname", "grep.linenumber", "grep.patterntype", "grep.threads",
	"blame.blankboundary", "blame.coloring", "blame.date", "blame.markignoredlines", "blame.markunblamablelines", "blame.showemail", "blame.showroot",
	"branch.sort", "tag.sort", "versionsort.suffix", "init.defaultbranch",
	"merge.conflictstyle", "merge.ff", "merge.log", "merge.stat", "merge.renames", "merge.renamelimit", "merge.verbosity", "merge.autostash", "merge.directoryrenames",
	"pull.rebase", "pull.ff", "rebase.autosquash", "rebase.autostash", "rebase.abbreviatecommands", "rebase.instructionformat", "rebase.stat", "rebase.updaterefs",
	"rebase.missingcommitscheck", "commit.cleanup", "commit.status", "commit.verbose", "apply.whitespace", "apply.ignorewhitespace",
	"interactive.singlekey", "gc.auto", "gc.autodetach", "help.format", "fetch.output", "fetch.showforcedupdates", "push.followtags", "push.autosetupremote",
}

// GitConfigEffect says what setting key to value does to a git run: Exec
// when it makes git run a program (GitConfigKeys), None when it does not:
// an inert key (GitConfigInert), or a program key given a value that runs
// nothing else (core.pager=less, alias.l='log --oneline'); Unknown for any
// other key, and for a file or address key whose value git would read or
// talk to (include.path, remote.X.url). git -c KEY=VALUE, git config KEY
// VALUE and the GIT_CONFIG_* variables are all judged by it.
func GitConfigEffect(key, value string) Effect {
	k := strings.ToLower(key)
	for i := range GitConfigKeys {
		e := &GitConfigKeys[i]
		if gitKeyMatch(e.Key, k) {
			switch {
			case e.Runs.with(value):
				return Exec
			case e.Runs == RunsTemp || e.Runs == RunsExt:
				return Unknown
			case e.Runs == RunsCommand && !plainProgram(value):
				// core.pager='cat ~/.ssh/id_rsa': a harmless program
				// given operands, or options that may write or run.
				return Unknown
			}
			return None
		}
	}
	for _, pat := range GitConfigInert {
		if gitKeyMatch(pat, k) {
			return None
		}
	}
	return Unknown
}

// GitConfigKeyRuns reports a key that names a program, a hook directory or
// a file of configuration for some value (GitConfigKeys): setting it
// lastingly is a change to what later git commands run. An address key
// (RunsExt: remote.X.url) runs a program only through ext::, which the
// value shows.
func GitConfigKeyRuns(key string) bool {
	k := strings.ToLower(key)
	for i := range GitConfigKeys {
		if gitKeyMatch(GitConfigKeys[i].Key, k) {
			return GitConfigKeys[i].Runs != RunsExt
		}
	}
	return false
}

// GitConfigRunsProgram reports whether setting key to value makes git
// run a program (GitConfigKeys). The key is matched case-insensitively in
// its section and name, as git does.
func GitConfigRunsProgram(key, value string) bool {
	k := strings.ToLower(key)
	for i := range GitConfigKeys {
		e := &GitConfigKeys[i]
		if gitKeyMatch(e.Key, k) {
			return e.Runs.with(value)
		}
	}
	return false
}

func (r Runs) with(value string) bool {
	v := strings.TrimSpace(value)
	switch r {
	case RunsAny:
		return true
	case RunsCommand:
		return !HarmlessProgram(v)
	case RunsBang:
		return strings.HasPrefix(v, "!")
	case RunsHelper:
		return strings.HasPrefix(v, "!") || strings.Contains(v, "/")
	case RunsNonBool:
		switch strings.ToLower(v) {
		case "", "true", "false", "yes", "no", "on", "off", "1", "0":
			return false
		}
		return true
	case RunsExt:
		return strings.HasPrefix(strings.ToLower(v), "ext::")
	case RunsTemp:
		for _, d := range []string{"/tmp/", "/var/tmp/", "/private/tmp/", "/dev/shm/"} {
			if strings.HasPrefix(v, d) {
				return true
			}
		}
	}
	return false
}

// gitKeyMatch matches a lower-cased key against a pattern of GitConfigKeys.
// A subsection may hold dots (url.https://example.com/.insteadof), so the
// pattern's first and last parts are matched at the key's ends.
func gitKeyMatch(pat, k string) bool {
	if rest, ok := strings.CutSuffix(pat, ".*"); ok {
		return strings.HasPrefix(k, rest+".") && len(k) > len(rest)+1
	}
	sec, name, sub := pat, "", false
	if i := strings.IndexByte(pat, '.'); i >= 0 {
		sec, name = pat[:i], pat[i+1:]
	}
	if n, ok := strings.CutPrefix(name, "*."); ok {
		name, sub = n, true
	}
	if !strings.HasPrefix(k, sec+".") || !strings.HasSuffix(k, "."+name) {
		return false
	}
	middle := len(k) - len(sec) - len(name) - 2
	if sub {
		return middle > 0
	}
	return middle == -1 && k == sec+"."+name
}

// HarmlessProgram reports a pager, editor or browser command that runs
// nothing else: a known program's name, with options, and no shell syntax.
func HarmlessProgram(val string) bool {
	if strings.ContainsAny(val, ";|&$`<>()") {
		return false
	}
	f := strings.Fields(val)
	if len(f) == 0 {
		return true
	}
	name := f[0]
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	switch name {
	case "cat", "less", "more", "most", "bat", "batcat", "delta", "diff-so-fancy", "vim", "vi", "nvim", "nano", "emacs", "emacsclient", "code", "subl", "true", "false",
		"mate", "micro", "hx", "helix", "kak", "ed", "joe", "pico", "gedit", "kate", "zed", "cursor", "open", "xdg-open", "firefox", "chromium", "google-chrome", "man":
		return true
	}
	return false
}

// plainProgram reports a pager or editor command that is its name alone,
// or with display options only (less -R, less -FRX, code --wait): no
// operand names a file it would show, no option a file it would write
// (less -o) or a command it would run (vim -c).
func plainProgram(val string) bool {
	f := strings.Fields(val)
	for _, w := range f[min(1, len(f)):] {
		if w == "--wait" {
			continue
		}
		if len(w) < 2 || w[0] != '-' || strings.Trim(w[1:], "FRSXKMNiqrw") != "" {
			return false
		}
	}
	return true
}
