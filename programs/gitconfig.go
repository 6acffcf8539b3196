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
