package shell

import (
	"path"
	"strings"
)

// readOnlyCheck validates the operands of a read-only program; nil means
// any operands are fine.
type readOnlyCheck func(ops []arg) bool

var readOnlyPrograms map[string]readOnlyCheck

func init() {
	any := readOnlyCheck(nil)
	readOnlyPrograms = map[string]readOnlyCheck{
		"ls": any, "pwd": any, "echo": any, "printf": noFlag("-v"), "cat": any, "tac": any, "nl": any, "head": any, "tail": any,
		"wc": any, "grep": any, "egrep": any, "fgrep": any, "zgrep": any, "which": any, "whoami": any, "id": any, "groups": any,
		"date": noFlag("-s", "--set"), "uname": any, "hostname": noOperands, "printenv": any, "file": noFlag("-C", "--compile"),
		"stat": any, "du": any, "df": any, "free": any, "uptime": any, "ps": any, "pgrep": any, "lsof": any, "tree": noFlag("-o"),
		"realpath": any, "readlink": any, "basename": any, "dirname": any, "cut": any, "tr": any, "diff": noFlag("--output"),
		"cmp": any, "comm": any, "jq": any, "rev": any, "fold": any, "column": any, "paste": any, "join": any, "fmt": any,
		"md5sum": any, "sha1sum": any, "sha256sum": any, "sha512sum": any, "shasum": any, "cksum": any, "b2sum": any, "md5": any,
		"base64": any, "od": any, "hexdump": any, "strings": any, "true": any, "false": any, "test": any, "[": any,
		"type": any, "sleep": any, "seq": any, "expr": any, "whereis": any, "locale": any, "tty": any, "nproc": any,
		"arch": any, "lsblk": any, "lscpu": any, "lsusb": any, "lspci": any, "cd": any, "pushd": any, "popd": any, "dirs": any,
		"less": any, "more": any, "bat": any, "batcat": any, "zcat": any, "look": any, "wait": any, "jobs": any, "env": noOperands,
		"history": noFlag("-c", "-d", "-w", "-a", "-r", "-n", "-s"), ":": any, "help": any, "getconf": any, "sw_vers": any,
		"ssh-add": flagsOnly("-l", "-L"), "atq": any, "cal": any, "printenv0": any, "node": onlyFlags("--version", "-v"),
		"python": onlyFlags("--version", "-V"), "python3": onlyFlags("--version", "-V"), "go": subcommands("version", "env", "list", "doc"),
		"npm": subcommands("ls", "list", "view", "outdated", "whoami", "config list", "root", "prefix", "bin", "help", "-v", "--version"),
		"sort": func(ops []arg) bool {
			return !hasShortFlagStrict(ops, 'o', "kStT") && !hasLongAbbrev(ops, "--output", 3) && !hasLongAbbrev(ops, "--compress-program", 3)
		},
		"uniq": func(ops []arg) bool { return len(positional(ops, readers["uniq"])) <= 1 },
		"xxd":  func(ops []arg) bool { return len(positional(ops, readers["xxd"])) <= 1 && !hasShortFlag(ops, 'r') },
		"rg": func(ops []arg) bool {
			return !hasLongAbbrev(ops, "--pre", 0) && !hasPrefixWord(ops, "--pre=") && !hasShortFlag(ops[:0], 'z')
		},
		"find": func(ops []arg) bool {
			fi := parseFind(ops)
			return !fi.deletes && len(fi.execs) == 0 && !fi.writesFile
		},
		"sed": func(ops []arg) bool {
			if sedInPlace(ops) || hasShortFlagStrict(ops, 'f', "el") || hasLong(ops, "--file") {
				return false
			}
			for _, s := range sedScripts(ops) {
				if sedRisky(s) != "" {
					return false
				}
			}
			return true
		},
		"awk": awkReadOnly, "gawk": awkReadOnly, "mawk": awkReadOnly, "nawk": awkReadOnly,
		"man": func(ops []arg) bool {
			return !hasShortFlag(ops, 'H') && !hasShortFlag(ops, 'P') && !hasPrefixWord(ops, "--html", "--pager", "-P", "--preprocessor")
		},
		"command": func(ops []arg) bool { return hasWord(ops, "-v", "-V") },
		"git":     gitReadOnly,
	}
}

func noOperands(ops []arg) bool { return len(positional(ops, "")) == 0 }

func noFlag(flags ...string) readOnlyCheck {
	return func(ops []arg) bool {
		for _, x := range ops {
			for _, f := range flags {
				if x.s == f || strings.HasPrefix(f, "--") && strings.HasPrefix(x.s, f+"=") {
					return false
				}
			}
		}
		return true
	}
}

// flagsOnly accepts only the listed flags and nothing else.
func flagsOnly(flags ...string) readOnlyCheck {
	return func(ops []arg) bool {
		if len(ops) == 0 {
			return false
		}
		for _, x := range ops {
			if !hasWord([]arg{x}, flags...) {
				return false
			}
		}
		return true
	}
}

func onlyFlags(flags ...string) readOnlyCheck { return flagsOnly(flags...) }

func subcommands(subs ...string) readOnlyCheck {
	split := make([][]string, len(subs))
	for i, s := range subs {
		split[i] = strings.Fields(s)
	}
	return func(ops []arg) bool {
		if len(ops) == 0 {
			return false
		}
		first := ops[0].s
		for _, w := range split {
			if w[0] != first {
				continue
			}
			if len(w) == 1 || len(ops) > 1 && ops[1].s == w[1] {
				return true
			}
		}
		return false
	}
}

func awkReadOnly(ops []arg) bool {
	if hasShortFlagStrict(ops, 'f', "Fv") || hasLong(ops, "--file") || hasLong(ops, "--inplace") {
		return false
	}
	prog := awkProgram(ops)
	return prog == "" || awkRisky(prog) == ""
}

// readOnly reports whether a call only reads: its program's entry placed
// every word and found reads at most, it runs under harmless wrappers only,
// its assignments are harmless, and no operand runs a substitution.
func (a *analyzer) readOnly(ca *call) bool {
	if ca.prog == "" || ca.xargs || ca.find != nil || len(ca.wrappers) > 0 && !onlyHarmlessWrappers(ca.wrappers) {
		return false
	}
	for _, as := range ca.assigns {
		if !safeEnvNames[as.name] {
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

// gitGlobalValue lists git's global options that take a value.
const gitGlobalValue = "-C -c --git-dir --work-tree --namespace --exec-path --config-env --super-prefix --list-cmds --attr-source"

func gitReadOnly(ops []arg) bool {
	for _, x := range ops {
		if x.s == "-c" || x.s == "--config-env" || strings.HasPrefix(x.s, "--exec-path") || strings.HasPrefix(x.s, "-c") && len(x.s) > 2 && !strings.HasPrefix(x.s, "--") {
			return false
		}
	}
	sub, rest := subcommand(ops, gitGlobalValue)
	for _, x := range rest {
		if strings.HasPrefix(x.s, "--output") || x.s == "--ext-diff" || strings.HasPrefix(x.s, "--open-files-in-pager") || x.s == "-O" || strings.HasPrefix(x.s, "--upload-pack") || strings.HasPrefix(x.s, "--exec") {
			return false
		}
	}
	switch sub {
	case "status", "log", "diff", "show", "rev-parse", "ls-files", "ls-tree", "blame", "shortlog", "describe", "grep",
		"cat-file", "whatchanged", "count-objects", "for-each-ref", "show-ref", "merge-base", "name-rev", "rev-list",
		"version", "check-ignore", "diff-tree", "diff-files", "diff-index", "var", "annotate", "show-branch", "cherry", "help", "verify-commit", "verify-tag":
		return true
	case "branch":
		for _, x := range rest {
			switch {
			case x.s == "-a" || x.s == "-r" || x.s == "-v" || x.s == "-vv" || x.s == "--all" || x.s == "--remotes" || x.s == "--list" || x.s == "-l" ||
				x.s == "--show-current" || x.s == "--verbose" || strings.HasPrefix(x.s, "--sort") || strings.HasPrefix(x.s, "--format") ||
				strings.HasPrefix(x.s, "--color") || x.s == "--no-color" || strings.HasPrefix(x.s, "--contains") || strings.HasPrefix(x.s, "--merged") ||
				strings.HasPrefix(x.s, "--no-merged") || strings.HasPrefix(x.s, "--points-at") || x.s == "--no-column" || x.s == "-q":
			case !strings.HasPrefix(x.s, "-") && (hasWord(rest, "--list", "-l", "--contains", "--merged", "--no-merged", "--points-at")):
			default:
				return false
			}
		}
		return true
	case "remote":
		return len(rest) == 0 || len(rest) == 1 && (rest[0].s == "-v" || rest[0].s == "--verbose") || len(rest) >= 1 && (rest[0].s == "show" || rest[0].s == "get-url")
	case "tag":
		return len(rest) == 0 || hasWord(rest, "-l", "--list")
	case "stash":
		return len(rest) > 0 && (rest[0].s == "list" || rest[0].s == "show")
	case "config":
		return hasWord(rest, "--get", "--get-all", "--list", "-l", "--get-regexp", "--show-origin", "get", "list")
	case "reflog":
		return len(rest) == 0 || rest[0].s == "show" || strings.HasPrefix(rest[0].s, "-")
	case "worktree":
		return len(rest) > 0 && rest[0].s == "list"
	}
	return false
}

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
