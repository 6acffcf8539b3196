package grant

import (
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// MaxSuggestions is the most rules offered for one call. A compound command
// that would need more gets none: the person approves it once.
const MaxSuggestions = 5

// runsAnything lists programs whose prefix rule would allow arbitrary code
// or arbitrary commands: interpreters, shells, privilege and command
// wrappers, remote shells. They are only ever offered as an exact command,
// never as "prog:*" (and interpreters running a named script or module as
// "python -m pytest:*").
var runsAnything = lazySet(
	// shells and evaluation
	"sh", "bash", "zsh", "dash", "ksh", "mksh", "fish", "csh", "tcsh", "busybox", "eval", "exec", "source", ".",
	"command", "builtin",
	// privilege and identity
	"sudo", "doas", "su", "pkexec", "runuser", "chroot", "unshare", "nsenter",
	// wrappers that run another program
	"env", "xargs", "nohup", "timeout", "nice", "ionice", "time", "stdbuf", "setsid", "watch", "flock",
	"parallel", "script", "strace", "ltrace", "gdb", "chronic", "entr",
	// interpreters
	"python", "python2", "python3", "pypy", "pypy3", "node", "nodejs", "ruby", "perl", "php", "lua", "luajit",
	"Rscript", "osascript", "tclsh", "wish", "awk", "gawk", "mawk", "nawk", "sed", "find", "jshell", "groovy",
	"powershell", "pwsh", "cmd", "cmd.exe", "java",
	// remote execution and transfer
	"ssh", "scp", "sftp", "rsync", "curl", "wget", "nc", "ncat", "netcat", "socat", "telnet", "ftp",
	// destructive or privileged single programs: every call is its own decision
	"rm", "rmdir", "mv", "cp", "dd", "shred", "truncate", "ln", "chmod", "chown", "chgrp", "chattr", "tee",
	"kill", "pkill", "killall", "mkfs", "fdisk", "parted", "mount", "umount", "crontab", "at", "systemctl",
	"launchctl", "shutdown", "reboot", "halt", "poweroff", "iptables", "ufw", "useradd", "userdel", "usermod",
	"passwd", "visudo", "install",
)

// runsGivenCode lists programs that run code, queries or scripts given on
// their command line or read from a file they are pointed at — database
// shells, language runtimes and REPLs, editors and other programs with a
// shell escape. A prefix rule for one would allow any code it can run
// (Bash(psql:*) allows psql -c '\! rm -rf ~'), so only the exact command
// is offered. grant's tests hold an example of each family.
var runsGivenCode = lazySet(
	// database shells: SQL (and their shell escapes) on the command line
	"psql", "pgcli", "mysql", "mariadb", "mycli", "mysqlsh", "sqlite3", "sqlite", "litecli", "duckdb",
	"mongo", "mongosh", "redis-cli", "valkey-cli", "cqlsh", "clickhouse", "clickhouse-client", "sqlcmd",
	"isql", "usql", "influx", "snowsql", "bq", "sqlplus", "cockroach", "neo4j", "cypher-shell", "trino",
	"presto", "spark-sql", "beeline", "hive", "impala-shell", "surreal", "etcdctl",
	// language runtimes and REPLs not read as python-like
	"deno", "bun", "R", "julia", "scala", "kotlin", "kotlinc", "clojure", "clj", "elixir", "iex", "erl",
	"escript", "ghc", "ghci", "runghc", "runhaskell", "stack", "ocaml", "racket", "guile", "sbcl", "clisp",
	"swipl", "gst", "pwsh", "tsx", "ts-node", "jq", "yq", "expect", "dotnet-script", "cargo-script",
	"irb", "pry", "jrunscript", "rhino", "qjs", "octave", "matlab", "maxima", "gnuplot", "bc", "dc",
	// editors, pagers and tools with a shell escape or scripting
	"vi", "vim", "nvim", "ex", "ed", "emacs", "nano", "less", "more", "man", "tmux", "screen", "ansible",
	"make", "gmake", "just", "m4", "git", "ssh-agent", "openssl", "gpg", "zip", "tar",
)

// pythonLike are interpreters that run a module with -m, a script as their
// first operand, and inline code with -c or -e.
var pythonLike = lazySet("python", "python2", "python3", "pypy", "pypy3", "node", "nodejs", "ruby", "perl", "php")

// inlineCode are the interpreter flags that take program text.
var inlineCode = lazySet("-c", "-e", "-p", "--eval", "--print", "-r", "-E")

// subcommandTools are programs whose first word(s) say what they do: the
// offered rule keeps that many words, "npm run test -- --watch=false" →
// "npm run test:*". The value is the number of subcommand words; deeper
// lists subcommands that take one more (npm run SCRIPT, docker compose up).
var subcommandTools = sync.OnceValue(func() map[string]int {
	return map[string]int{
		"git": 1, "npm": 1, "pnpm": 1, "yarn": 1, "bun": 1, "deno": 1, "npx": 1, "pnpx": 1, "bunx": 1,
		"cargo": 1, "go": 1, "rustup": 1, "dotnet": 1, "mvn": 1, "gradle": 1, "./gradlew": 1, "gradlew": 1,
		"make": 1, "just": 1, "task": 1, "rake": 1, "bundle": 1, "gem": 1, "pip": 1, "pip3": 1, "uv": 1,
		"poetry": 1, "pipenv": 1, "conda": 1, "mix": 1, "composer": 1, "swift": 1, "flutter": 1, "dart": 1,
		"docker": 1, "podman": 1, "kubectl": 1, "helm": 1, "terraform": 1, "tofu": 1, "gh": 2, "glab": 2,
		"aws": 2, "gcloud": 2, "az": 2, "brew": 1, "apt": 1, "apt-get": 1, "dnf": 1, "yum": 1, "pacman": 1,
		"nix": 1, "bazel": 1, "cmake": 1, "ninja": 1, "meson": 1, "tox": 1, "nox": 1, "hatch": 1, "pdm": 1,
		"turbo": 1, "nx": 1, "lerna": 1, "vite": 1, "next": 1, "ng": 1, "rails": 1, "django-admin": 1,
		"./manage.py": 1, "manage.py": 1, "artisan": 1, "supabase": 1, "vercel": 1, "netlify": 1, "firebase": 1,
		"pulumi": 1, "ansible-playbook": 0, "systemd-run": -1,
	}
})

var deeper = sync.OnceValue(func() map[string]map[string]bool {
	return map[string]map[string]bool{
		"npm":     setOf("run", "run-script", "exec"),
		"pnpm":    setOf("run", "exec", "dlx"),
		"yarn":    setOf("run", "workspace", "dlx"),
		"bun":     setOf("run", "x"),
		"deno":    setOf("task", "run"),
		"go":      setOf("mod", "tool", "work"),
		"docker":  setOf("compose", "container", "image", "volume", "network", "buildx", "system", "builder", "context"),
		"podman":  setOf("compose", "container", "image", "volume", "network", "system"),
		"kubectl": setOf("config", "rollout", "auth", "certificate"),
		"git":     setOf("stash", "remote", "submodule", "worktree", "lfs", "config", "notes"),
		"cargo":   setOf("run"),
		"uv":      setOf("run", "pip", "tool"),
		"poetry":  setOf("run"),
		"pipenv":  setOf("run"),
		"dotnet":  setOf("ef", "tool"),
		"rails":   setOf("db", "generate"),
	}
})

// exactSubcommands run arbitrary code or are destructive: their prefix rule
// would be over-broad, so only the exact command is offered.
var exactSubcommands = sync.OnceValue(func() map[string]map[string]bool {
	return map[string]map[string]bool{
		"docker":    setOf("run", "exec", "rm", "rmi", "system", "volume", "kill"),
		"podman":    setOf("run", "exec", "rm", "rmi", "system", "volume", "kill"),
		"kubectl":   setOf("exec", "delete", "run", "debug", "cp", "apply", "replace", "patch", "drain"),
		"npx":       setOf("-y", "--yes"),
		"git":       setOf("config", "filter-branch", "filter-repo"),
		"npm":       setOf("exec", "x"),
		"pnpm":      setOf("exec", "dlx"),
		"yarn":      setOf("dlx"),
		"bun":       setOf("x"),
		"uv":        setOf("tool"),
		"go":        setOf("run"),
		"cargo":     setOf("install"),
		"pip":       setOf("install"),
		"pip3":      setOf("install"),
		"gem":       setOf("install"),
		"brew":      setOf("install", "uninstall"),
		"apt":       setOf("install", "remove", "purge"),
		"apt-get":   setOf("install", "remove", "purge"),
		"terraform": setOf("apply", "destroy", "import", "state"),
		"tofu":      setOf("apply", "destroy", "import", "state"),
		"helm":      setOf("install", "uninstall", "upgrade", "delete"),
		"aws":       setOf("s3", "ec2", "iam", "rds", "lambda"),
		"gcloud":    setOf("compute", "iam", "sql", "projects"),
		"az":        setOf("vm", "group", "role", "ad"),
		"pulumi":    setOf("up", "destroy"),
		"vercel":    setOf("deploy", "--prod", "rm", "remove"),
		"netlify":   setOf("deploy"),
		"firebase":  setOf("deploy"),
		"supabase":  setOf("db"),
	}
})

// lazySet returns a set built on first use: grant's tables are needed only
// to suggest rules, which a short-lived process (warden hook) answering
// allow or deny never does.
func lazySet(xs ...string) func() map[string]bool {
	return sync.OnceValue(func() map[string]bool { return setOf(xs...) })
}

func setOf(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// plainWord is a word that needs no quoting in rule text.
var plainWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_./=:@%+,~^-]+$`) })

// SuggestBash returns the narrowest useful allow rule for each part of a
// Bash command, in order and without duplicates. Each part is one simple
// command as the shell analysis found it (argument words after wrappers and
// assignments were stripped, program name normalised); the caller passes
// only the parts that still need allowing.
//
// A part of a command with subcommands keeps the program and its subcommand
// ("npm run test -- --watch=false" → "Bash(npm run test:*)", "git commit -m
// x" → "Bash(git commit:*)"); a plain program keeps its name ("pytest -x" →
// "Bash(pytest:*)"). Programs that run arbitrary code or do damage
// (interpreters, shells, sudo, env, xargs, rm, curl, …) are only offered as
// the exact command, so no suggestion is ever an over-broad prefix.
//
// It returns nil when any part cannot be expressed as a rule (a program that
// is not a literal word, a word holding '*'), or when the command would need
// more than MaxSuggestions rules: then only "once" fits.
func SuggestBash(parts [][]string) []string {
	var out []string
	seen := map[string]bool{}
	for _, words := range parts {
		if len(words) == 0 {
			continue
		}
		r, ok := suggestPart(words)
		if !ok {
			return nil
		}
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	if len(out) > MaxSuggestions {
		return nil
	}
	return out
}

// suggestPart returns the rule for one simple command.
func suggestPart(words []string) (string, bool) {
	prog := words[0]
	if prog == "" || strings.ContainsAny(prog, "$`*?[(){}<>|;&\"'\\ \t\n") {
		return "", false // not a literal program: no rule can allow it
	}
	if strings.Contains(prog, "/") && !strings.HasPrefix(prog, "./") {
		prog = filepath.Base(prog)
	}
	words = append([]string{prog}, words[1:]...)
	name := prog
	if strings.HasPrefix(name, "./") {
		name = name[2:]
	}
	switch {
	case pythonLike()[name] || strings.HasPrefix(name, "python3.") || strings.HasPrefix(name, "python2."):
		return interpreterRule(words)
	case runsAnything()[name] || runsGivenCode()[name] && givesCode(name, words):
		return exactRule(words)
	}
	depth, ok := subcommandTools()[prog]
	if !ok {
		depth, ok = subcommandTools()[name]
	}
	if !ok {
		return prefixRule(words[:1])
	}
	if depth <= 0 {
		return exactRule(words)
	}
	prefix := words[:1]
	for i := 1; i < len(words) && len(prefix) <= depth; i++ {
		w := words[i]
		if strings.HasPrefix(w, "-") || w == "" {
			// An option before the subcommand (git -C dir commit): which
			// options take values is the rule matcher's business; offer the
			// exact command rather than guess.
			return exactRule(words)
		}
		if exactSubcommands()[name][w] {
			return exactRule(words)
		}
		prefix = append(prefix, w)
		if len(prefix) == 2 && deeper()[name][w] {
			depth++
		}
	}
	if len(prefix) < depth+1 {
		// The subcommand is missing or incomplete ("git" alone, "npm run"):
		// a prefix would cover every subcommand.
		return exactRule(words)
	}
	return prefixRule(prefix)
}

// givesCode reports whether a call of a program in runsGivenCode carries
// code, a query, a script or options that may run code. git, make, just,
// tar, zip, jq and the like are offered their usual prefix rule only when
// nothing on the command line can run code (git status, make test);
// every other program in the list always gets the exact command.
func givesCode(name string, words []string) bool {
	switch name {
	case "git":
		for _, w := range words[1:] {
			// -c sets a configuration that can run commands (core.pager,
			// alias.x=!sh); --exec-path, --upload-pack, -x run programs.
			if w == "-c" || strings.HasPrefix(w, "--config") || strings.HasPrefix(w, "--exec") ||
				strings.HasPrefix(w, "--upload-pack") || strings.HasPrefix(w, "--receive-pack") || w == "-x" ||
				strings.HasPrefix(w, "--extcmd") || strings.HasPrefix(w, "--ext-diff") || strings.HasPrefix(w, "--tool") {
				return true
			}
		}
		return false
	case "make", "gmake", "just":
		for _, w := range words[1:] {
			// a Makefile of the agent's choosing, or variables that replace
			// the commands make runs (SHELL=, CC=, MAKE=…)
			if w == "-f" || strings.HasPrefix(w, "--file") || strings.HasPrefix(w, "--makefile") ||
				strings.HasPrefix(w, "-f") || strings.HasPrefix(w, "--eval") || strings.HasPrefix(w, "-E") ||
				strings.Contains(w, "=") || w == "--justfile" {
				return true
			}
		}
		return false
	case "tar", "zip":
		for _, w := range words[1:] {
			if strings.Contains(w, "to-command") || strings.Contains(w, "checkpoint-action") ||
				strings.Contains(w, "use-compress-program") || w == "-I" || w == "-T" || w == "-TT" ||
				strings.HasPrefix(w, "--unzip-command") || strings.HasPrefix(w, "-F") {
				return true
			}
		}
		return false
	case "jq", "yq", "openssl", "gpg", "man", "less", "more", "ssh-agent":
		// Always exact: they take filters or options that reach files or
		// programs; a prefix would allow every use.
		return true
	}
	return true
}

// interpreterRule offers "python -m mod:*" or "python script.py:*" for a
// named module or script, and the exact command for anything else (inline
// code, a REPL, options it cannot read).
func interpreterRule(words []string) (string, bool) {
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch {
		case inlineCode()[w] || strings.HasPrefix(w, "--eval=") || strings.HasPrefix(w, "--print="):
			return exactRule(words)
		case w == "-m" && i+1 < len(words) && !strings.HasPrefix(words[i+1], "-"):
			return prefixRule(words[:i+2])
		case w == "-" || w == "":
			return exactRule(words)
		case strings.HasPrefix(w, "-"):
			return exactRule(words) // options before the script: exact
		default:
			return prefixRule(words[:i+1])
		}
	}
	return exactRule(words) // a bare interpreter reads code from stdin
}

// prefixRule returns "Bash(w1 w2:*)".
func prefixRule(words []string) (string, bool) {
	text, ok := ruleWords(words)
	if !ok {
		return "", false
	}
	return "Bash(" + text + ":*)", true
}

// exactRule returns "Bash(the whole command)".
func exactRule(words []string) (string, bool) {
	text, ok := ruleWords(words)
	if !ok {
		return "", false
	}
	return "Bash(" + text + ")", true
}

// ruleWords joins words as rule text, quoting those that need it. A word
// holding '*' would read as a wildcard, and a newline cannot be written in a
// rule, so such commands get no rule.
func ruleWords(words []string) (string, bool) {
	var b strings.Builder
	for i, w := range words {
		if strings.ContainsAny(w, "*\n\r\x00") {
			return "", false
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		if plainWord().MatchString(w) {
			b.WriteString(w)
			continue
		}
		q, err := syntax.Quote(w, syntax.LangBash)
		if err != nil {
			return "", false
		}
		b.WriteString(q)
	}
	return b.String(), true
}

// pathRuleTool maps a file tool to the rule tool that governs it: edits are
// governed by Edit rules, reads by Read rules.
func pathRuleTool(tool string) string {
	switch tool {
	case "Write", "Edit", "MultiEdit", "NotebookEdit":
		return "Edit"
	case "Read", "Glob", "Grep", "LS", "NotebookRead":
		return "Read"
	}
	return tool
}

// SuggestPath returns the rule that allows tool on the file at absPath, or,
// with folder, on everything below the file's folder. The path is written
// relative to cwd ("Edit(./src/main.go)") when inside it, to home
// ("Edit(~/notes/todo.md)") when inside that, and absolute
// ("Edit(//etc/hosts)") otherwise; glob characters in it are escaped. Edit
// tools (Write, Edit, MultiEdit, NotebookEdit) get Edit rules, read tools
// Read rules. home may be empty.
func SuggestPath(tool, absPath, cwd, home string, folder bool) string {
	p := filepath.Clean(absPath)
	if folder {
		p = filepath.Dir(p)
	}
	var spec string
	switch {
	case cwd != "" && within(p, cwd):
		spec = "./" + escapeGlob(relSlash(cwd, p))
	case home != "" && within(p, home):
		spec = "~/" + escapeGlob(relSlash(home, p))
	default:
		spec = "/" + escapeGlob(filepath.ToSlash(p))
	}
	if folder {
		spec = strings.TrimSuffix(spec, "/") + "/**"
	}
	spec = strings.Replace(spec, "/./", "/", 1)
	if spec == "./." {
		spec = "./"
	}
	return pathRuleTool(tool) + "(" + spec + ")"
}

// within reports whether p is dir or below it, by path components.
func within(p, dir string) bool {
	rel, err := filepath.Rel(filepath.Clean(dir), p)
	if err != nil || !filepath.IsAbs(p) {
		return false
	}
	return rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)))
}

func relSlash(dir, p string) string {
	rel, _ := filepath.Rel(filepath.Clean(dir), p)
	return filepath.ToSlash(rel)
}

// escapeGlob escapes the characters gitignore-style globs give a meaning.
func escapeGlob(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`*?[]\`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// SuggestDomain returns the WebFetch rule for the host of rawURL
// ("WebFetch(domain:example.com)"), or "" when it names no host.
func SuggestDomain(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil || u.Hostname() == "" {
		return ""
	}
	return "WebFetch(domain:" + strings.ToLower(u.Hostname()) + ")"
}
