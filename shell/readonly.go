package shell

import (
	"path"
	"strings"
)

// readOnly reports whether a call only reads: its program's entry placed
// every word and found reads at most, it runs under harmless wrappers only,
// its assignments are harmless, and no operand runs a substitution.
func (a *analyzer) readOnly(ca *call) bool {
	if ca.prog == "" || ca.xargs || ca.find != nil || len(ca.wrappers) > 0 && !onlyHarmlessWrappers(ca.wrappers) {
		return false
	}
	for _, as := range ca.assigns {
		if !safeEnvNames(as.name) {
			return false
		}
	}
	for _, x := range ca.operands() {
		if x.subst {
			return false
		}
	}
	return readOnlyEffects(ca)
}

func onlyHarmlessWrappers(ws []string) bool {
	for _, w := range ws {
		switch w {
		case "timeout", "nice", "time", "nohup", "stdbuf", "command", "builtin", "noglob":
		default:
			return false
		}
	}
	return true
}

// gitGlobalValue lists git's global options that take a value, for rule
// alternates (git -C dir commit → git commit).
const gitGlobalValue = "-C -c --git-dir --work-tree --namespace --exec-path --config-env --super-prefix --list-cmds --attr-source"

// fileOp reports the simple file commands acceptEdits may run.
func fileOp(ca *call) bool {
	switch ca.prog {
	case "mkdir", "touch", "cp", "mv", "rmdir", "ln":
		return len(ca.wrappers) == 0
	case "rm":
		ops := ca.operands()
		return len(ca.wrappers) == 0 && !recursiveRm(ops)
	}
	return false
}

// alternates returns other spellings of a part for rules: global options
// skipped, and the likely words of a non-literal spelling.
func (a *analyzer) alternates(ca *call) [][]string {
	var out [][]string
	if ca.dynamic && ca.spec != "" {
		spec := make([]string, len(ca.args))
		spec[0] = ca.spec
		for i := 1; i < len(ca.args); i++ {
			spec[i] = ca.args[i].s
		}
		out = append(out, spec)
	}
	if vals, ok := globalOptions[ca.prog]; ok {
		ops := ca.operands()
		i := 0
		for ; i < len(ops); i++ {
			s := ops[i].s
			if !strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "+") {
				break
			}
			if !strings.Contains(s, "=") && inList(vals, s) {
				i++
			}
		}
		if i > 0 && i < len(ops) {
			alt := make([]string, 0, 1+len(ops)-i)
			alt = append(alt, ca.words[0])
			alt = append(alt, ca.words[1+i:]...)
			out = append(out, alt)
		}
	}
	return out
}

// globalOptions lists, per program, the options before the subcommand that
// take a value; all of them are skipped when matching subcommand rules.
var globalOptions = map[string]string{
	"git":       gitGlobalValue,
	"docker":    "--context -c -H --host --config --log-level -l --tlscacert --tlscert --tlskey",
	"podman":    "--connection -c --url --identity --root --runroot --log-level",
	"kubectl":   "-n --namespace --context --kubeconfig --cluster --user -s --server --as --as-group --token --certificate-authority --request-timeout -v",
	"helm":      "-n --namespace --kube-context --kubeconfig --kube-apiserver --kube-token --registry-config --repository-config",
	"npm":       "--prefix -w --workspace -C",
	"pnpm":      "--filter -F -C --dir -w --workspace-root",
	"yarn":      "--cwd",
	"cargo":     "-C -Z --config --color",
	"terraform": "",
	"tofu":      "",
	"gh":        "-R --repo",
	"make":      "-C -f --directory --file -j",
	"aws":       "--profile --region --output --endpoint-url --query",
	"gcloud":    "--project --account --configuration --format",
	"az":        "--subscription --output -o",
	"go":        "-C",
	"uv":        "--directory --project",
	"poetry":    "-C --directory -P --project",
}

// guessProgram returns the program a non-literal first word most likely
// names: the known value of its expansion, or for a glob the programs of
// the usual directories it matches.
func (a *analyzer) guessProgram(p0 arg) string {
	if p0.glob {
		pat := p0.s
		for _, name := range globCandidates {
			for _, dir := range []string{"/bin/", "/usr/bin/", "/sbin/", "/usr/sbin/"} {
				full := name
				if strings.Contains(pat, "/") {
					full = dir + name
				}
				if ok, _ := path.Match(pat, full); ok {
					return name
				}
			}
		}
		return ""
	}
	if strings.ContainsAny(p0.s, "$`(") || p0.s == "" {
		return ""
	}
	return key(programName(p0.s))
}

// globCandidates are the programs a glob in program position is tried
// against, most dangerous first.
var globCandidates = []string{"rm", "dd", "mkfs", "shred", "chmod", "chown", "kill", "pkill", "killall", "shutdown", "reboot", "halt", "poweroff",
	"wipefs", "curl", "wget", "bash", "sh", "nc", "python3", "python", "perl", "mv", "cp", "cat", "sudo", "su", "find", "xargs", "tee", "truncate", "crontab", "git"}
