package shell

import (
	"strings"

	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/internal/fspath"
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
	if f := u.entryFlow(); f.Dumps != "" && (f.DumpsWhen == "" || strings.Contains(u.text, f.DumpsWhen)) {
		return f.Dumps // a database dump, the shell history
	}
	if res := a.entryParse(u); res.Spec != nil && res.Spec.Flow.Dumps != "" {
		return res.Spec.Flow.Dumps // git archive
	}
	if u.entryFlow().Packs {
		return a.packed(u)
	}
	for _, p := range u.reads {
		if a.credentialFile(p) || secretEnvFile(p) || logPath(a, p) || p == "/etc/passwd" || p == "/etc/shadow" || strings.HasSuffix(p, "/environ") {
			return p
		}
	}
	if u.entryFlow().Whole {
		// What it prints is what it reads: a file from outside the
		// working directories.
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
// set), through code its entry says reads it (Env.Code: jq's env and
// $ENV), every process's (Env.Processes: ps with BSD e).
func envPrinter(u *call) string {
	if dumpsEnvironment(u) {
		return "the environment"
	}
	spec := u.entry()
	if spec == nil {
		return ""
	}
	if spec.Env.Code != nil {
		for _, e := range u.fx {
			if e.Lang == spec.Lang && spec.Env.Code.MatchString(e.Target) {
				return "the environment"
			}
		}
	}
	if checks.ProcessesEnv(spec, u.operands()) {
		return "every process's environment"
	}
	return ""
}

// packed says what archive a call of an entry that packs its operands
// (Flow.Packs) prints ("" when none): one holding a path of the project,
// of a home or of a secret. An operand it writes is the archive itself;
// "-" is standard output.
func (a *analyzer) packed(u *call) string {
	res := a.entryParse(u)
	ops := u.operands()
	for _, i := range res.OperandIndexes {
		if i >= len(ops) || ops[i].Value == "-" || writtenOperand(res, i) {
			continue
		}
		p := a.resolve(ops[i], u.cwd)
		if p != "" && (a.sensitiveTree(p) || a.isTreeRootOrAbove(p) || a.inTree(p)) {
			return "an archive of " + p
		}
	}
	return ""
}

// writtenOperand reports an operand the entry's parse writes (zip's
// archive).
func writtenOperand(res *programs.Result, i int) bool {
	for _, u := range res.Uses {
		if u.Index == i && u.Option == "" && (u.Effect == programs.Write || u.Effect == programs.Into) {
			return true
		}
	}
	return false
}

// namesFor returns the words a pipeline stage prints for a later xargs to
// take as names, when its entry says they are its operands (Flow.Names):
// echo's and printf's arguments (after the format), the paths ls lists.
func namesFor(u *call) []arg {
	flow := u.entryFlow()
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
