package shell

import (
	"strings"

	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/internal/fspath"
	"github.com/wardenhq/warden/internal/lazyre"
	"github.com/wardenhq/warden/programs"
)

// sensitiveFile reports files whose content must not leave the machine:
// credentials, secrets, history and logs, account databases, process
// environments.
func (a *analyzer) sensitiveFile(p string) bool {
	if _, ok := a.sensitiveCopies[p]; ok {
		return true
	}
	return a.credentialFile(p) || secretEnvFile(p) || logPath(a, p) || p == "/etc/passwd" || p == "/etc/shadow" || strings.HasPrefix(p, "/proc/") && strings.HasSuffix(p, "environ")
}

// sensitiveTree reports a directory that holds secrets or everything: home,
// the root, ~/.ssh, ~/.aws, ~/.config, a browser profile.
func (a *analyzer) sensitiveTree(p string) bool {
	h := a.opts.Home
	if p == "/" || h != "" && (p == h || fspath.Within(h, p)) {
		return true
	}
	for _, d := range []string{".ssh", ".aws", ".config", ".gnupg", ".kube", ".docker", ".azure", ".password-store", "Library/Keychains", ".mozilla"} {
		if h != "" && fspath.Within(p, h+"/"+d) {
			return true
		}
	}
	return a.sensitiveFile(p)
}

// sensitiveSource reports upstream commands whose output is secret or a
// bulk copy of data: credential files, the environment, database dumps,
// archives of the project or home, shell history.
func (a *analyzer) sensitiveSource(u *call) string {
	if what := envPrinter(u); what != "" {
		return what
	}
	if f := programs.FlowOf(u.prog); f.Dumps != "" && (f.DumpsWhen == "" || strings.Contains(u.text, f.DumpsWhen)) {
		return f.Dumps // a database dump, the shell history
	}
	if res := a.entryParse(u); res.Spec != nil && res.Spec.Flow.Dumps != "" {
		return res.Spec.Flow.Dumps // git archive
	}
	switch u.prog {
	case "tar", "zip", "7z":
		for i, x := range a.entryOperands(u) {
			if x.Value == "-" || i == 0 && u.prog != "tar" {
				continue // the archive itself (zip, 7z), or standard output
			}
			p := a.resolve(x, u.cwd)
			if p != "" && (a.sensitiveTree(p) || a.isTreeRootOrAbove(p) || a.inTree(p)) {
				return "an archive of " + p
			}
		}
		return ""
	case "git":
		if strings.HasPrefix(a.entryParse(u).Sub(), "bundle") {
			return "an archive of the repository" // git bundle, which git's entry does not declare
		}
	}
	for _, p := range u.reads {
		if a.credentialFile(p) || secretEnvFile(p) || logPath(a, p) || p == "/etc/passwd" || p == "/etc/shadow" || strings.HasSuffix(p, "/environ") {
			return p
		}
	}
	if u.prog == "cat" || u.prog == "head" || u.prog == "tail" {
		for _, p := range u.reads {
			if !a.inTree(p) {
				return p
			}
		}
	}
	return ""
}

// envPrinter says what environment a call prints ("" when none): the
// shell's (dumpsEnvironment: env, printenv, export -p, declare -x, a bare
// set), as JSON (jq's env and $ENV), every process's (ps with BSD e).
func envPrinter(u *call) string {
	if dumpsEnvironment(u) {
		return "the environment"
	}
	switch u.prog {
	case "jq", "gojq":
		for _, e := range u.fx {
			if e.Lang == "jq" && jqEnv.MatchString(e.Target) {
				return "the environment"
			}
		}
	case "ps":
		if psEnv(u) {
			return "every process's environment"
		}
	}
	return ""
}

// jqEnv matches jq code that reads the environment: $ENV or the env
// builtin.
var jqEnv = lazyre.Compile(`\$ENV\b|(?:^|[^.$\w])env\b`)

// psEnv reports ps showing every process's environment (checks.PSEnv).
func psEnv(c *call) bool { return checks.PSEnv(c.operands()) }

// namesFor returns the words a pipeline stage prints for a later xargs to
// take as names, when its entry says they are its operands (Flow.Names):
// echo's and printf's arguments (after the format), the paths ls lists.
func namesFor(u *call) []arg {
	flow := programs.FlowOf(u.prog)
	if flow.Names != programs.NamesOperands {
		return nil
	}
	if pos := operandsOf(u); len(pos) > flow.NamesFrom {
		return pos[flow.NamesFrom:]
	}
	return nil
}

// operandsOf returns a call's operands as its entry reads them, for code
// with no analyzer at hand (entryOf).
func operandsOf(ca *call) []arg {
	res := entryOf(ca)
	return checks.OperandsAt(ca.operands(), &res)
}
