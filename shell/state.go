package shell

import (
	"errors"
	"github.com/wardenhq/warden/internal/fspath"
	"github.com/wardenhq/warden/programs"
	"io/fs"
	"path/filepath"
	"strings"
)

// The shell's own state changes what a later word means: the file a bare
// name runs (PATH, the hash table, builtins loaded or turned off), the
// directory a relative cd goes to (CDPATH), the files a glob matches
// (dotglob, GLOBIGNORE, nocaseglob), the text $"…" becomes (TEXTDOMAIN),
// what a child shell reads first (BASH_ENV, ENV), and code run before every
// command (xtrace with a PS4 that expands). stateRows declares each piece:
// what it changes, which later words it affects, which settings are
// harmless, and an example that real bash confirms (state_test.go). The
// walk follows the state through the command as the scope's variables (so
// a subshell's changes stay in it and a function body records what it
// reads); a later word that depends on state that is not harmless is
// unknown.

// stateKind says how a piece of state is set.
type stateKind uint8

const (
	// stateVar is a shell variable, however it is assigned: NAME=v,
	// export, declare, typeset, local, readonly, for, read, mapfile,
	// printf -v, eval, a nameref.
	stateVar stateKind = iota
	// stateShopt is a shopt option.
	stateShopt
	// stateSet is a set -o option (or its letter).
	stateSet
	// stateBuiltin is a builtin's own table (hash, enable, alias) or a
	// way of running the shell (bash -i).
	stateBuiltin
)

// laterWord is which later words a piece of state changes.
type laterWord uint8

const (
	// laterNone: the walk models the state itself (functions, aliases
	// defined in the command, traps, arithmetic), or nothing Warden judges
	// depends on it.
	laterNone laterWord = iota
	// laterName: the program a bare name runs.
	laterName
	// laterCd: the directory a relative cd goes to.
	laterCd
	// laterGlob: the files a glob matches.
	laterGlob
	// laterTranslated: the text of $"…".
	laterTranslated
	// laterChild: what a child shell runs before its command.
	laterChild
	// laterParts: every later part (code run before each command,
	// assignments that become the environment).
	laterParts
)

// stateRow is one piece of the shell's state.
type stateRow struct {
	name    string
	kind    stateKind
	changes string
	later   laterWord
	// harmless says which settings change nothing Warden judges ("" when
	// none does).
	harmless string
	// example runs under real bash (state_test.go): with unknown set the
	// analysis must hold an unknown part; otherwise every program bash
	// ran must be one of the parts, and the read-only ones read-only.
	// none says bash runs no program at all (set -n).
	example string
	unknown bool
	none    bool
}

// stateRows is the shell's state that changes how a later word resolves.
var stateRows = []stateRow{
	// What a bare name runs.
	{"PATH", stateVar, "the directories a bare name is looked up in", laterName,
		"the environment's own value, or directories outside the project that the command does not write to and whose file of that name is the system's",
		`PATH=alt; wc notes`, true, false},
	{"PATH (appended)", stateVar, "a directory added to the search", laterName, "",
		`PATH=$PWD/alt:$PATH; wc notes`, true, false},
	{"PATH (read)", stateVar, "read sets PATH from its input", laterName, "",
		`read PATH <<< alt; wc notes`, true, false},
	{"PATH (for)", stateVar, "a for loop's variable", laterName, "",
		`for PATH in alt; do wc notes; done`, true, false},
	{"PATH (printf -v)", stateVar, "printf -v assigns its output", laterName, "",
		`printf -v PATH %s alt; wc notes`, true, false},
	{"PATH (mapfile)", stateVar, "mapfile assigns the array's first element", laterName, "",
		`mapfile -t PATH <<< $PWD/alt; wc notes`, true, false},
	{"PATH (declare)", stateVar, "declare, typeset, export, readonly and local assign", laterName, "",
		`f() { local PATH=alt; wc notes; }; f`, true, false},
	{"PATH (eval)", stateVar, "an assignment inside eval", laterName, "",
		`eval PATH=alt; wc notes`, true, false},
	{"PATH (nameref)", stateVar, "an assignment through declare -n", laterName, "",
		`declare -n p=PATH; p=alt; wc notes`, true, false},
	{"PATH (declaration word)", stateVar, "a declaration's word that is an assignment once expanded", laterName, "",
		`declare "PATH=$PWD/alt"; wc notes`, true, false},
	{"PATH (brace)", stateVar, "a brace expansion in a declaration makes assignments", laterName, "",
		`export {PATH,X}=$PWD/alt; wc notes`, true, false},
	{"PATH (reference without target)", stateVar, "declare -n r; r=PATH makes r assign PATH", laterName, "",
		`declare -n p; p=PATH; p=$PWD/alt; wc notes`, true, false},
	{"PATH (arithmetic)", stateVar, "arithmetic assigns a number: a relative directory", laterName, "",
		`(( PATH = 0 )); wc notes`, true, false},
	{"PATH (empty)", stateVar, "an empty PATH, or an empty entry, is the working directory", laterName, "",
		`PATH=; wc notes`, true, false},
	{"PATH (system)", stateVar, "system directories only", laterName, "a value of system directories",
		`PATH=$PATH:/usr/bin:/bin; wc notes`, false, false},
	{"BASH_CMDS", stateVar, "the hash table: the file a bare name runs", laterName, "",
		`BASH_CMDS[wc]=$PWD/alt/wc; wc notes`, true, false},
	{"hash -p", stateBuiltin, "the hash table: the file a bare name runs", laterName,
		"hash -r, hash -d and hash NAME, which look names up in PATH again",
		`hash -p $PWD/alt/wc wc; wc notes`, true, false},
	{"hash -p (bundled)", stateBuiltin, "-p however it is spelled: -lp FILE, -pFILE, -dp FILE", laterName, "",
		`hash -lp $PWD/alt/wc wc; wc notes`, true, false},
	{"BASH_CMDS (read)", stateVar, "read into an element of the hash table", laterName, "",
		`read 'BASH_CMDS[wc]' <<< $PWD/alt/wc; wc notes`, true, false},
	{"hash -r", stateBuiltin, "forgets the remembered files", laterNone, "always",
		`hash -r; wc notes`, false, false},
	{"EXECIGNORE", stateVar, "files PATH lookup skips", laterName, "an empty value",
		`PATH=$PATH:$PWD/alt; EXECIGNORE='*/bin/wc'; wc notes`, true, false},
	{"enable -f", stateBuiltin, "loads a builtin from a shared object: the name runs its code", laterName, "",
		`enable -f ./nosuch.so wc 2>/dev/null; wc notes`, true, false},
	{"enable -n", stateBuiltin, "a builtin turned off is looked up in PATH", laterName,
		"with PATH as the environment has it, the program found is the system's",
		`enable -n echo; echo notes`, false, false},
	{"BASH_LOADABLES_PATH", stateVar, "where enable -f looks for shared objects", laterNone,
		"always: enable -f is unknown whatever it names", `BASH_LOADABLES_PATH=alt; wc notes`, false, false},
	{"BASH_ALIASES", stateVar, "the aliases, by name", laterName, "",
		"shopt -s expand_aliases; BASH_ALIASES[wc]=alpha; eval 'wc notes'", true, false},
	{"expand_aliases", stateShopt, "aliases are expanded", laterNone,
		"always: the walk expands the aliases the command defines, whatever the option says",
		"shopt -s expand_aliases\nalias wc=alpha\nwc notes", false, false},
	{"bash -i", stateBuiltin, "an interactive shell reads ~/.bashrc and expands its aliases", laterParts, "",
		`bash -i -c 'wc notes' 2>/dev/null`, true, false},
	{"function", stateBuiltin, "a function named like a program runs instead of it", laterNone,
		"always: the body is judged where it is called", `wc() { alpha "$@"; }; wc notes`, false, false},
	{"command_not_found_handle", stateBuiltin, "runs for a name PATH does not find", laterNone,
		"always: the body is judged where it is defined", `command_not_found_handle() { alpha "$1"; }; nosuchprogram`, false, false},
	// Where a relative cd goes.
	{"CDPATH", stateVar, "the directories a relative cd searches", laterCd, "an empty value",
		`CDPATH=sub; cd d && wc f`, true, false},
	{"cdable_vars", stateShopt, "cd NAME goes to the directory $NAME holds", laterCd, "turned off",
		`shopt -s cdable_vars; v=sub/d; cd v 2>/dev/null && wc f`, true, false},
	// What a glob matches.
	{"GLOBIGNORE", stateVar, "files a glob skips; setting it turns dotglob on", laterGlob, "an empty value",
		`GLOBIGNORE=x; wc *`, true, false},
	{"dotglob", stateShopt, "globs match hidden files", laterGlob, "turned off",
		`shopt -s dotglob; wc *`, true, false},
	{"nocaseglob", stateShopt, "globs match without case: .E* matches .env", laterGlob, "turned off",
		`shopt -s nocaseglob; wc .H*`, true, false},
	{"nullglob", stateShopt, "a glob matching nothing is removed", laterNone, "always: fewer operands, none hidden",
		`shopt -s nullglob; wc notes`, false, false},
	{"failglob", stateShopt, "a glob matching nothing is an error", laterNone, "always", `shopt -s failglob; wc notes`, false, false},
	{"extglob", stateShopt, "the ?(…) *(…) +(…) @(…) !(…) patterns", laterNone, "always: they never match hidden files without dotglob",
		"shopt -s extglob\nwc notes", false, false},
	{"globstar", stateShopt, "** matches directories recursively", laterNone, "always: never hidden ones without dotglob",
		`shopt -s globstar; wc notes`, false, false},
	{"globasciiranges", stateShopt, "ranges in brackets", laterNone, "always", `shopt -s globasciiranges; wc notes`, false, false},
	{"nocasematch", stateShopt, "case and [[ match without case", laterNone, "always", `shopt -s nocasematch; wc notes`, false, false},
	{"noglob", stateSet, "globs are not expanded (set -f)", laterNone, "always: the words stay as written", `set -f; wc notes`, false, false},
	// How words split and translate.
	{"IFS", stateVar, "how unquoted expansions split", laterNone, "a known value, which the walk splits with",
		`IFS=,; c=notes,f; wc $c`, false, false},
	{"IFS (unknown)", stateVar, "a value not known: the fields are not known", laterParts, "",
		`read IFS <<< ,; c=notes,x; wc $c`, true, false},
	{"TEXTDOMAIN", stateVar, `$"…" is translated with the catalogue it names`, laterTranslated, "",
		`TEXTDOMAINDIR=$PWD/l TEXTDOMAIN=t; $"wc" notes`, true, false},
	{"TEXTDOMAINDIR", stateVar, `where the catalogues of $"…" are`, laterTranslated, "",
		`TEXTDOMAINDIR=$PWD/l; $"wc" notes`, true, false},
	// What a child shell reads first.
	{"bash -O", stateBuiltin, "the options a shell starts with (-O NAME, -o NAME, set's letters) are set and shopt's", laterChild,
		"the options the table calls harmless", `bash -O dotglob -c 'wc *'`, true, false},
	{"BASH_ENV", stateVar, "a child bash sources it first", laterChild, "not exported: the child never sees it",
		`BASH_ENV=env.sh; bash -c 'wc notes'`, false, false},
	{"BASH_ENV (exported)", stateVar, "exported, a child bash sources it", laterChild, "",
		`export BASH_ENV=$PWD/env.sh; bash -c 'wc notes'`, true, false},
	{"ENV", stateVar, "an interactive sh sources it", laterChild, "",
		`export ENV=$PWD/env.sh; sh -i -c 'wc notes' 2>/dev/null`, true, false},
	{"SHELLOPTS", stateVar, "a child bash starts with these set -o options", laterChild, "",
		`env SHELLOPTS=xtrace PS4='$(alpha so) ' bash -c 'wc notes' 2>/dev/null`, true, false},
	{"BASHOPTS", stateVar, "a child bash starts with these shopt options", laterChild, "",
		`env BASHOPTS=dotglob bash -c 'wc *'`, true, false},
	{"PWD", stateVar, "$PWD and ~+ until a cd sets it again", laterNone, "always: the walk reads the value the command gives it",
		`PWD=$PWD/sub; cd d; wc "$PWD/f"`, false, false},
	{"OLDPWD", stateVar, "~- and cd - until a cd sets it again", laterNone, "always: the walk reads the value the command gives it",
		`OLDPWD=$PWD/sub; wc ~-/d/f`, false, false},
	{"HOME", stateVar, "~, cd with no operand, and the configuration programs read from $HOME", laterParts,
		"the user's own home", `HOME=$PWD/sub; cd; wc d/f`, true, false},
	// Code run before every command, and assignments that become the
	// environment.
	{"xtrace", stateSet, "each command is traced with PS4 expanded first", laterParts, "a PS4 with no expansion",
		`set -x; wc notes 2>/dev/null`, false, false},
	{"PS4", stateVar, "the trace prefix, expanded before every traced command", laterParts, "one with no $ or `",
		`PS4='$(alpha ps4) '; set -x; wc notes 2>/dev/null`, true, false},
	{"allexport", stateSet, "every later assignment is exported (set -a)", laterParts, "",
		`set -a; BASH_ENV=$PWD/env.sh; bash -c 'wc notes'`, true, false},
	{"keyword", stateSet, "NAME=value words anywhere in a command are assignments (set -k)", laterParts, "",
		`set -k; bash -c 'wc notes' BASH_ENV=$PWD/env.sh`, true, false},
	{"extdebug", stateShopt, "a DEBUG trap can skip commands; arguments are traced", laterNone,
		"always: traps are judged where they are set", `shopt -s extdebug; trap 'alpha dbg' DEBUG; wc notes`, false, false},
	{"errtrace", stateSet, "ERR traps run in functions and substitutions (set -E)", laterNone,
		"always: traps are judged where they are set", `set -E; trap 'alpha err' ERR; f() { false; }; f`, false, false},
	{"functrace", stateSet, "DEBUG and RETURN traps run in functions (set -T)", laterNone,
		"always: traps are judged where they are set", `set -T; trap 'alpha ret' RETURN; f() { :; }; f`, false, false},
	{"noexec", stateSet, "commands are read, not run (set -n)", laterNone, "always", `set -n; wc notes`, false, true},
	{"errexit", stateSet, "the shell stops at a failure (set -e)", laterNone, "always", `set -e; wc notes`, false, false},
	{"nounset", stateSet, "an unset variable is an error (set -u)", laterNone, "always", `set -u; wc notes`, false, false},
	{"pipefail", stateSet, "a pipeline fails when any stage does", laterNone, "always", `set -o pipefail; wc notes | wc`, false, false},
	{"noclobber", stateSet, "> does not overwrite (set -C)", laterNone, "always", `set -C; wc notes`, false, false},
	{"verbose", stateSet, "input lines are printed (set -v)", laterNone, "always", `set -v; wc notes 2>/dev/null`, false, false},
	{"posix", stateSet, "POSIX mode", laterNone, "always", `set -o posix; wc notes`, false, false},
	{"lastpipe", stateShopt, "the last stage of a pipeline runs in the shell", laterNone,
		"always: a variable the last stage sets is no longer known", `shopt -s lastpipe; echo f | read x; wc notes`, false, false},
	// Evaluation that runs substitutions.
	{"arithmetic", stateVar, "a variable's text is evaluated as arithmetic, subscripts run substitutions", laterNone,
		"always: the walk evaluates what it can read and calls the rest unknown", `x='a[$(alpha ar)]'; (( x ))`, false, false},
}

// Keys of the scope's pseudo-variables for options and builtin tables:
// they flow like variables (a subshell's changes stay in it, a function
// body records what it reads) and no shell word can name them.
const (
	optKey  = "\x00opt:"  // + option: "on" or "off"
	optAny  = "\x00opt:?" // an option set by a word that is not known
	hashKey = "\x00hash:" // + name: the file hash -p made it run
	loadKey = "\x00load:" // + name: a builtin enable -f loaded ("?": any)
	offKey  = "\x00off:"  // + name: a builtin enable -n turned off
)

// setLetters are set's one-letter options by name.
var setLetters = map[byte]string{
	'a': "allexport", 'b': "notify", 'e': "errexit", 'f': "noglob", 'h': "hashall", 'k': "keyword", 'm': "monitor",
	'n': "noexec", 'p': "privileged", 't': "onecmd", 'u': "nounset", 'v': "verbose", 'x': "xtrace", 'B': "braceexpand",
	'C': "noclobber", 'E': "errtrace", 'H': "histexpand", 'P': "physical", 'T': "functrace",
}

// The set -o and shopt options whose setting changes nothing a later word
// means for Warden (programs.QuietOptions) are rows of stateRows too,
// each with an example real bash runs: set -o NAME; wc notes, or shopt -s
// NAME; wc notes. A setting of an option no row names is not known.
func init() {
	for _, o := range programs.QuietOptions {
		kind, ex := stateShopt, "shopt -s "+o.Name+"; wc notes"
		if o.Set {
			kind, ex = stateSet, "set -o "+o.Name+"; wc notes"
		}
		stateRows = append(stateRows, stateRow{o.Name, kind, o.Changes, laterNone, "always", ex, false, false})
	}
	for _, r := range stateRows {
		if r.kind == stateSet || r.kind == stateShopt {
			shellOptionRows[r.name] = true
		}
	}
}

// shellOptionRows are the names of the set -o and shopt options stateRows
// declares.
var shellOptionRows = map[string]bool{}

// optionReason says why turning an option on (or off, with on false)
// makes later words unknown, "" when it is harmless.
func optionReason(name string, on bool) string {
	switch name {
	case "dotglob", "nocaseglob":
		if on {
			return "shopt -s " + name + " makes a later glob match other files (hidden ones, or other cases)"
		}
		return ""
	case "cdable_vars":
		if on {
			return "shopt -s cdable_vars sends a later cd to the directory a variable holds"
		}
		return ""
	case "allexport", "keyword":
		if on {
			return "set -o " + name + " makes later assignments part of the environment of what runs"
		}
		return ""
	}
	if shellOptionRows[name] {
		return "" // what it changes, the walk models or judges where it is set
	}
	return "the shell option " + name + " is not known to Warden"
}

// setOptions records what a set or shopt call changes and returns why a
// later word becomes unknown ("" when every setting is harmless). A set
// with no operand prints every variable, the environment's tokens
// included.
func (a *analyzer) setOptions(ca *call) string {
	ops := ca.operands()
	sc := ca.ctx.sc
	why := ""
	note := func(name string, on bool) {
		v := "off"
		if on {
			v = "on"
		}
		sc.set(optKey+name, varVal{s: v, known: true})
		if r := optionReason(name, on); r != "" && why == "" {
			why = r
		}
	}
	unknown := func(w string) {
		sc.set(optAny, varVal{s: "on", known: true})
		if why == "" {
			why = "the shell option " + w + " is not known"
		}
	}
	switch ca.prog {
	case "set":
		if len(ops) == 0 {
			return "set prints every variable, the environment's tokens included"
		}
		eachSetOption(ops, note, unknown)
	case "shopt":
		on, setO, change := true, false, false
		for _, x := range ops {
			if !x.Lit {
				unknown(x.Raw)
				continue
			}
			switch x.Value {
			case "-s":
				on, change = true, true
				continue
			case "-u":
				on, change = false, true
				continue
			case "-o":
				setO = true
				continue
			case "-p", "-q":
				continue
			}
			if strings.HasPrefix(x.Value, "-") {
				for _, l := range x.Value[1:] {
					switch l {
					case 's':
						on, change = true, true
					case 'u':
						on, change = false, true
					case 'o':
						setO = true
					}
				}
				continue
			}
			if change {
				note(x.Value, on)
			}
		}
		_ = setO
	}
	return why
}

// eachSetOption reads set's words as bash does: -x and +x letters, in
// bundles too (-eu, +eo history: o takes the next word), and -o NAME or
// +o NAME, until the first word that is no option (the positional
// parameters). note hears each option turned on or off, unknown each word
// that is not a literal or not an option bash knows. set -o alone prints
// the options, and is reported to neither.
func eachSetOption(ops []arg, note func(name string, on bool), unknown func(w string)) {
	for i := 0; i < len(ops); i++ {
		x := ops[i]
		if !x.Lit {
			unknown(x.Raw)
			continue
		}
		s := x.Value
		if s == "--" || s == "-" || !strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "+") {
			return // the positional parameters follow
		}
		on := s[0] == '-'
		if s[1:] == "o" {
			if i+1 >= len(ops) {
				return // set -o prints the options
			}
			i++
			if !ops[i].Lit {
				unknown(ops[i].Raw)
				continue
			}
			note(ops[i].Value, on)
			continue
		}
		for j := 1; j < len(s); j++ {
			name, ok := setLetters[s[j]]
			if s[j] == 'o' {
				if i+1 < len(ops) && ops[i+1].Lit {
					i++
					note(ops[i].Value, on)
				}
				continue
			}
			if !ok {
				unknown(s)
				break
			}
			note(name, on)
		}
	}
}

// option reports whether an option (key is optKey and its name) is on as
// the command leaves it here, and whether that is known.
func (s *scope) option(key string) (on, known bool) {
	if v, ok := s.variable(key); ok {
		return v.s == "on", true
	}
	if _, ok := s.variable(optAny); ok {
		return false, false
	}
	return false, true
}

// GlobOptions are the globbing settings in force at one point of a
// command: what a glob there matches on disk.
type GlobOptions struct {
	Dotglob, Nullglob, Failglob, Extglob, Nocaseglob, Globstar, Noglob bool
	// Globignore is GLOBIGNORE's value (setting it turns Dotglob on).
	Globignore string
	// Unknown is set when the command changed an option by a word the
	// analysis cannot read, or GLOBIGNORE to a value it cannot: what a
	// glob matches is then not known.
	Unknown bool
}

// globOptions returns the globbing options as the command leaves them at
// this point (bash's defaults where it does not change them).
func (s *scope) globOptions() GlobOptions {
	var g GlobOptions
	ok := true
	opt := func(key string) bool {
		on, known := s.option(key)
		ok = ok && known
		return on
	}
	g.Dotglob, g.Nullglob, g.Failglob = opt(optKey+"dotglob"), opt(optKey+"nullglob"), opt(optKey+"failglob")
	g.Extglob, g.Nocaseglob, g.Globstar, g.Noglob = opt(optKey+"extglob"), opt(optKey+"nocaseglob"), opt(optKey+"globstar"), opt(optKey+"noglob")
	if v, set := s.variable("GLOBIGNORE"); set {
		if !v.known {
			ok = false
		}
		g.Globignore = v.s
		if v.s != "" {
			g.Dotglob = true
		}
	}
	g.Unknown = !ok
	return g
}

// globReason says why a glob is unknown under these options ("" when a
// glob matches what it would by default, or less).
func (g GlobOptions) globReason() string {
	switch {
	case g.Noglob:
		return ""
	case g.Unknown:
		return "the globbing options are changed by words that are not known"
	case g.Globignore != "":
		return "GLOBIGNORE is set, which makes a glob match hidden files"
	case g.Dotglob:
		return "dotglob is on, which makes a glob match hidden files"
	case g.Nocaseglob:
		return "nocaseglob is on, which makes a glob match other names"
	}
	return ""
}

// shellBuiltins are the names bash runs itself, before any PATH lookup.
var shellBuiltins = map[string]bool{
	".": true, ":": true, "[": true, "alias": true, "bg": true, "bind": true, "break": true, "builtin": true, "caller": true,
	"cd": true, "command": true, "compgen": true, "complete": true, "compopt": true, "continue": true, "declare": true,
	"dirs": true, "disown": true, "echo": true, "enable": true, "eval": true, "exec": true, "exit": true, "export": true,
	"false": true, "fc": true, "fg": true, "getopts": true, "hash": true, "help": true, "history": true, "jobs": true,
	"kill": true, "let": true, "local": true, "logout": true, "mapfile": true, "popd": true, "printf": true, "pushd": true,
	"pwd": true, "read": true, "readarray": true, "readonly": true, "return": true, "set": true, "shift": true, "shopt": true,
	"source": true, "suspend": true, "test": true, "times": true, "trap": true, "true": true, "type": true, "typeset": true,
	"ulimit": true, "umask": true, "unalias": true, "unset": true, "wait": true,
}

// defaultPath is the PATH assumed when the environment's is not given.
const defaultPath = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

// envPath is the environment's PATH, as the command starts with it.
func (a *analyzer) envPath() string {
	if a.opts.Path != "" {
		return a.opts.Path
	}
	return defaultPath
}

// programDir reports a directory that holds the system's programs.
func programDir(d string) bool {
	switch d {
	case "/bin", "/usr/bin", "/sbin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin", "/usr/games", "/usr/local/games",
		"/opt/homebrew/bin", "/opt/homebrew/sbin", "/snap/bin", "/usr/libexec", "/run/current-system/sw/bin":
		return true
	}
	return false
}

// nameState says what a bare name runs given the shell's state: the file
// it resolves to when that is another program ("" when it is the name's
// usual program), or why it is unknown.
func (a *analyzer) nameState(name string, c *ctx) (file, why string) {
	sc := c.sc
	if !sc.touched && !a.riskyEnvPath() {
		return "", ""
	}
	if shellBuiltins[name] {
		if _, ok := sc.variableKey(loadKey, name); ok {
			return "", name + " is a builtin loaded from a shared object by enable -f"
		}
		if _, ok := sc.variable(loadKey + "?"); ok {
			return "", "enable -f loaded builtins whose names are not known"
		}
		if _, off := sc.variableKey(offKey, name); !off {
			return "", ""
		}
	} else if _, ok := sc.variableKey(loadKey, name); ok {
		return "", name + " is a builtin loaded from a shared object by enable -f"
	}
	if v, ok := sc.variableKey(hashKey, name); ok {
		if !v.known {
			return "", "hash -p makes " + name + " run a file that is not known"
		}
		return a.fileIdentity(a.resolveString(v.s, sc.cwd()), name, c, true)
	}
	if _, ok := sc.variable("BASH_CMDS"); ok {
		return "", "BASH_CMDS, set by the command, names the file " + name + " runs"
	}
	if _, ok := sc.variable("BASH_ALIASES"); ok {
		return "", "BASH_ALIASES, set by the command, may make " + name + " an alias"
	}
	if v, ok := sc.variable("EXECIGNORE"); ok && (v.s != "" || !v.known) {
		return "", "EXECIGNORE, set by the command, changes which file " + name + " runs"
	}
	env := a.envPath()
	pv, set := sc.variable("PATH")
	p := env
	if set {
		if !pv.known {
			return "", "PATH is set to a value that is not known, and it decides what " + name + " runs"
		}
		p = pv.s
		if p == "" && pv.s == "" && !pv.known {
			p = ""
		}
	}
	if p == env && !a.riskyEnvPath() {
		return "", ""
	}
	if set && pv.s == "" {
		// PATH empty (or unset): bash looks in the working directory.
		p = "."
	}
	made := sc.anyWritten() || len(sc.linkMap()) > 0
	for _, d := range strings.Split(p, ":") {
		if d == "" {
			d = "."
		}
		abs := a.resolveString(d, sc.cwd())
		if abs == "" {
			return "", "PATH holds the relative directory " + d + ", and the working directory is not known"
		}
		f := fspath.Join(abs, name)
		if a.inTree(abs) {
			if made || a.mayBeFile(f) {
				return "", "PATH puts the project's directory " + d + " in the search: " + name + " there is the project's own code"
			}
			continue
		}
		trusted := programDir(abs) || inPath(env, abs)
		if !trusted && made {
			return "", "PATH holds " + d + ", and the command writes files that could be found there as " + name
		}
		if fi, err := a.lstat(f); err == nil && !fi.IsDir() {
			return a.fileIdentity(f, name, c, !trusted)
		} else if errors.Is(err, errNoDisk) && !trusted {
			return "", "PATH holds " + d + ", and what " + name + " is there is not known"
		}
	}
	return "", ""
}

// riskyEnvPath reports an environment PATH that holds the working
// directory (an empty entry or .), a relative directory or one inside the
// project: a bare name there is looked up on disk.
func (a *analyzer) riskyEnvPath() bool {
	if a.opts.Path == "" {
		return false
	}
	for _, d := range strings.Split(a.opts.Path, ":") {
		if d == "" || !strings.HasPrefix(d, "/") || a.inTree(fspath.Clean(d)) {
			return true
		}
	}
	return false
}

// linkTarget follows the links from p until a file that is not a link, or
// one in a directory of the system's programs: the system's own links
// there (sh to dash, python3 to python3.12) are the system's names for its
// programs, the same on every machine.
func (a *analyzer) linkTarget(p string) (string, error) {
	for range 40 {
		fi, err := a.lstat(p)
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		t, err := a.opts.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(t) {
			t = filepath.Join(filepath.Dir(p), t)
		}
		p = filepath.Clean(t)
		if programDir(filepath.Dir(p)) {
			return p, nil
		}
	}
	return "", fs.ErrInvalid
}

// errNoDisk is lstat's answer when the analysis was given no disk.
var errNoDisk = errors.New("no disk to read")

func (a *analyzer) lstat(p string) (fs.FileInfo, error) {
	if a.opts.Lstat == nil || a.opts.Readlink == nil {
		return nil, errNoDisk
	}
	return a.opts.Lstat(p)
}

// mayBeFile reports whether p may be a file a program could run from:
// it is one on disk, or the disk cannot say.
func (a *analyzer) mayBeFile(p string) bool {
	fi, err := a.lstat(p)
	if errors.Is(err, errNoDisk) {
		return true
	}
	return err == nil && !fi.IsDir()
}

// fileIdentity says what the program file p, run as name, is: the file
// its links lead to when that is another program, or why it is unknown
// (the project's own code). strict makes a regular file outside the
// system's directories unknown too (one a changed PATH or the hash table
// found).
func (a *analyzer) fileIdentity(p, name string, c *ctx, strict bool) (file, why string) {
	if p == "" {
		return "", name + " is a file in a directory that is not known"
	}
	if t, ok := c.sc.linkMap()[p]; ok {
		// A link the command made: what it names is not on disk yet.
		if a.inTree(t) {
			return "", name + " is a link the command makes to the project's " + t
		}
		if base := baseName(t); !sameProgram(name, base) {
			return t, ""
		}
		return "", ""
	}
	if a.inTree(p) {
		// A link in the project to a program outside it is that program
		// (bin/ls to /bin/sh is sh); anything else there is the project's.
		if fi, err := a.lstat(p); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			if t, err := a.linkTarget(p); err == nil && !a.inTree(t) && programDir(dirOf(t)) {
				if !sameProgram(name, baseName(t)) {
					return t, ""
				}
				return "", ""
			}
		}
		return "", p + " is the project's own code, whatever it is called"
	}
	if programDir(dirOf(p)) {
		// A system program, by its own name (hash -p /bin/sh ls runs sh).
		if !sameProgram(name, baseName(p)) {
			return p, ""
		}
		return "", ""
	}
	fi, err := a.lstat(p)
	if err != nil {
		if strict {
			return "", name + " is " + p + ", which is not on disk yet"
		}
		return "", ""
	}
	if fi.Mode()&fs.ModeSymlink == 0 {
		if strict && !programDir(dirOf(p)) {
			return "", p + " is not the system's " + name
		}
		return "", ""
	}
	t, err := a.linkTarget(p)
	if err != nil {
		return "", p + " is a link that does not resolve"
	}
	if a.inTree(t) {
		return "", p + " is a link to the project's own " + t
	}
	if strict && !programDir(dirOf(t)) {
		return "", p + " leads to " + t + ", which is not the system's " + name
	}
	if !sameProgram(name, baseName(t)) {
		return t, ""
	}
	return "", ""
}

// sameProgram reports whether a link named name that leads to a file
// named base runs the same program: a versioned name (python3 →
// python3.12), an alternative (vi → vim.basic), or a multi-call binary
// that dispatches on the name it is run as.
func sameProgram(name, base string) bool {
	switch base {
	case "coreutils", "uutils":
		return true
	}
	if s := programs.Lookup(base); s != nil && s.Multicall {
		return true // busybox, toybox
	}
	return base == name || strings.HasPrefix(base, name)
}

// programIdentity is what a program word names on disk, as the walk
// reaches it: a path is resolved (links followed) and one inside the
// project is its own code; a bare name is looked up with the state the
// command left. It returns the file to run instead when that is another
// program, or why the program is unknown. noFunc says the caller found
// no function of that name in the scope as it stands.
func (a *analyzer) programIdentity(p0 arg, c *ctx, noFunc bool) (file, why string) {
	s := p0.Value
	if strings.Contains(s, "/") && !strings.Contains(s, ":") {
		p := a.resolve(p0, c.sc.cwd())
		if p == "" {
			return "", s + " is a file in a directory that is not known"
		}
		return a.fileIdentity(p, baseName(s), c, false)
	}
	if !noFunc && c.sc.function(s) != nil {
		return "", ""
	}
	return a.nameState(s, c)
}

// stateUnknown returns why a call depends on state the analysis cannot
// resolve beyond its program: globs under options that widen them,
// $"…" under a changed catalogue, a trace prefix that runs code, set -k.
func (a *analyzer) stateUnknown(ca *call) []string {
	sc := ca.ctx.sc
	if !sc.touched {
		return nil
	}
	var out []string
	if r := a.pathReason(sc); r != "" {
		out = append(out, r)
	}
	for _, x := range ca.operands() {
		if x.Glob {
			if r := sc.globOptions().globReason(); r != "" {
				out = append(out, r+": "+x.Raw)
				break
			}
		}
	}
	if on, known := sc.option(optKey + "xtrace"); on || !known {
		if v, ok := sc.variable("PS4"); ok && (!v.known || strings.ContainsAny(v.s, "$`")) {
			out = append(out, "xtrace expands PS4 ("+v.s+") before this command")
		}
	}
	if on, known := sc.option(optKey + "keyword"); on || !known {
		for _, x := range ca.operands() {
			if name, _, ok := strings.Cut(x.Value, "="); ok && isIdent(name) {
				out = append(out, "set -k makes "+x.Value+" an assignment to the environment")
				break
			}
		}
	}
	if v, ok := sc.variable("HOME"); ok && (!v.known || fspath.Clean(v.s) != fspath.Clean(a.opts.Home)) {
		out = append(out, "HOME is changed to "+v.s+", and programs read their configuration from it")
	}
	return out
}

// cdState returns why a relative cd's directory is not known from the
// operand alone ("" when it is).
func (a *analyzer) cdState(ca *call, dir string) string {
	if strings.HasPrefix(dir, "/") || strings.HasPrefix(dir, "./") || strings.HasPrefix(dir, "../") || dir == "." || dir == ".." || dir == "~" || strings.HasPrefix(dir, "~/") {
		return ""
	}
	sc := ca.ctx.sc
	for _, as := range ca.assigns {
		if as.Name == "CDPATH" && as.Value.Value != "" {
			return "CDPATH is set for cd"
		}
	}
	if v, ok := sc.variable("CDPATH"); ok && (v.s != "" || !v.known) {
		return "CDPATH is set, and cd searches it"
	}
	if on, known := sc.option(optKey + "cdable_vars"); on || !known {
		return "cdable_vars may send cd to the directory a variable holds"
	}
	return ""
}

// builtinState records what hash and enable change, and says why the
// call itself is unknown ("" when it is not).
func (a *analyzer) builtinState(ca *call) string {
	ops := ca.operands()
	sc := ca.ctx.sc
	switch ca.prog {
	case "hash":
		// The entry reads the options however they are spelled (-p FILE,
		// -pFILE, -lp FILE, -dp FILE: -p wins over -d); -t only prints.
		res := a.entryParse(ca)
		names := a.entryOperands(ca)
		if res.Has("-t") {
			return ""
		}
		if files := a.entryValues(ca, "-p"); len(files) > 0 {
			file := files[len(files)-1]
			for _, n := range names {
				if !n.Lit {
					return "hash -p is given a name that is not known"
				}
				sc.set(hashKey+n.Value, varVal{s: file.Value, known: file.Lit})
			}
			return ""
		}
		if res.Has("-d") {
			for _, n := range names {
				sc.unset(hashKey + n.Value)
			}
		}
	case "enable":
		load, off := false, false
		for i := 0; i < len(ops); i++ {
			x := ops[i]
			switch {
			case !x.Lit:
				sc.set(loadKey+"?", varVal{s: "on", known: true})
				return "enable is given a word that is not known"
			case x.Value == "-f":
				load = true
				i++
			case strings.HasPrefix(x.Value, "-"):
				off = off || strings.Contains(x.Value, "n")
			case load:
				sc.set(loadKey+x.Value, varVal{s: "on", known: true})
			case off:
				sc.set(offKey+x.Value, varVal{s: "on", known: true})
			default:
				sc.unset(offKey + x.Value)
			}
		}
	case "unset":
		fn := false
		for _, x := range ops {
			switch {
			case !x.Lit:
				return "unset is given a name that is not known"
			case x.Value == "-f":
				fn = true
			case strings.HasPrefix(x.Value, "-"):
			case !fn && stateVarName(x.Value):
				if x.Value == "PATH" {
					// With PATH unset bash looks in the working directory.
					sc.set("PATH", varVal{known: true})
				} else {
					sc.unset(x.Value)
				}
				return "unset " + x.Value + " changes what later words mean"
			}
		}
	}
	return ""
}

// stateVarName reports a variable of the table that changes what later
// words mean when the command sets or unsets it.
func stateVarName(name string) bool {
	switch name {
	case "PATH", "BASH_CMDS", "EXECIGNORE", "BASH_ALIASES", "CDPATH", "GLOBIGNORE", "IFS", "TEXTDOMAIN", "TEXTDOMAINDIR",
		"BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "HOME", "PS4", "BASH_LOADABLES_PATH":
		return true
	}
	return false
}

// translated reports whether $"…" may be translated into other text: the
// command set the catalogue's name or directory.
func (s *scope) translated() bool {
	_, dom := s.variable("TEXTDOMAIN")
	_, dir := s.variable("TEXTDOMAINDIR")
	return dom || dir
}

// pathReason says why every later part is unknown under the PATH the
// command left: it names a directory that is neither the system's nor
// the environment's, and any program may run another by name from it
// (git its pager, make its compiler). "" when PATH is the environment's,
// or made of system directories and the environment's own.
func (a *analyzer) pathReason(sc *scope) string {
	v, set := sc.variable("PATH")
	if !set {
		return ""
	}
	if !v.known {
		return "PATH is set to a value that is not known"
	}
	env := a.envPath()
	if v.s == env {
		return ""
	}
	if v.s == "" {
		return "PATH is empty or unset, and bash then looks in the working directory"
	}
	for _, d := range strings.Split(v.s, ":") {
		if d == "" || !strings.HasPrefix(d, "/") {
			return "PATH holds the relative directory " + strings.TrimSpace(d+" ") + "(the working directory)"
		}
		d = fspath.Clean(d)
		if a.inTree(d) {
			return "PATH holds the project's directory " + d + ", whose programs are the project's own code"
		}
		if !programDir(d) && !inPath(env, d) {
			return "PATH holds " + d + ", which is not a system directory"
		}
	}
	return ""
}

// inPath reports whether the directory d is an entry of the PATH list p.
func inPath(p, d string) bool {
	for _, e := range strings.Split(p, ":") {
		if e != "" && fspath.Clean(e) == d {
			return true
		}
	}
	return false
}

// judgeState adds to a call what the shell's state makes unknown in it,
// and records what the state builtins it runs change for later words.
func (a *analyzer) judgeState(ca *call) {
	for _, x := range ca.operands() {
		if x.Glob && extglobWord(x.Raw) {
			ca.globs.Extglob = true
		}
	}
	if ca.ctx.sc.touched {
		for _, x := range ca.operands() {
			if x.Glob {
				ca.globs = ca.ctx.sc.globOptions()
				break
			}
		}
	}
	ca.unknown = append(ca.unknown, a.stateUnknown(ca)...)
	for _, name := range a.setVarNames(ca) {
		// read PAGER, printf -v GIT_SSH_COMMAND: a variable programs read,
		// set to text the walk does not know (exported now or later).
		if e := programs.EnvOf(name); e != nil && !e.State && e.Value != programs.EnvSafe && e.Value != programs.EnvInert {
			ca.unknown = append(ca.unknown, ca.prog+" sets "+name+", which programs read, to a value that is not known")
		}
	}
	r := ""
	switch {
	case ca.decl:
		r = declReason(ca)
	case ca.prog == "set" || ca.prog == "shopt":
		r = a.setOptions(ca)
	case ca.prog == "hash" || ca.prog == "enable" || ca.prog == "unset":
		r = a.builtinState(ca)
	case ca.prog == "export" || ca.prog == "declare" || ca.prog == "typeset" || ca.prog == "local" || ca.prog == "readonly":
		r = a.declCallState(ca)
	}
	if r != "" {
		ca.unknown = append(ca.unknown, r)
	}
}

// declReason says why export, declare, typeset or readonly is not
// harmless beyond its assignments: with no name it prints every variable,
// the environment's tokens included (declare -f and -F print functions).
func declReason(ca *call) string {
	if len(ca.words) == 0 || ca.words[0] == "local" || ca.words[0] == "readonly" {
		return ""
	}
	funcs := false
	for _, w := range ca.words[1:] {
		if strings.HasPrefix(w, "-") || strings.HasPrefix(w, "+") {
			funcs = funcs || strings.ContainsAny(w, "fF")
			continue
		}
		return ""
	}
	if funcs {
		return ""
	}
	return ca.words[0] + " with no name prints every variable, the environment's tokens included"
}

// declCallState judges a declaration builtin spelled as a command's words
// (command export X=1, builtin declare -x A=1): bash carries it out, but
// the walk binds only the declarations it parses, so a name it sets or
// marks is not followed. What only prints (-p, -f, -F, no name) is read.
func (a *analyzer) declCallState(ca *call) string {
	res := a.entryParse(ca)
	ops := res.Operands()
	if len(ops) == 0 {
		return declReason(&call{words: ca.words, decl: true})
	}
	prints := res.Has("-f", "-F") && ca.prog != "export" && ca.prog != "readonly"
	for _, o := range res.Options {
		prints = prints && (o.Option == "-f" || o.Option == "-F")
	}
	if res.Has("-p") || prints {
		return ""
	}
	return ca.prog + " " + ops[0] + " here is a command's word, not a declaration the analysis follows"
}

// defaults reports options under which a glob matches what it does with
// bash's defaults (nullglob, failglob and noglob only drop or keep the
// word: they never match other files).
func (g GlobOptions) defaults() bool {
	return !g.Unknown && !g.Dotglob && !g.Nocaseglob && !g.Extglob && !g.Globstar && g.Globignore == ""
}

// extglobWord reports a word that holds extglob syntax: one of ?*+@!
// before a parenthesis.
func extglobWord(raw string) bool {
	for i := 1; i < len(raw); i++ {
		if raw[i] == '(' && strings.IndexByte("?*+@!", raw[i-1]) >= 0 {
			return true
		}
	}
	return false
}
