package programs

// ShellOption is a set -o or shopt option of bash.
type ShellOption struct {
	// Name is the option's name; Set says it is set's (set -o NAME),
	// else shopt's (shopt -s NAME).
	Name string
	Set  bool
	// Changes says what turning it on changes.
	Changes string
}

// QuietOptions are the options bash knows (5.2's set +o and shopt, and
// 5.3's new names) whose setting changes nothing a later word means for
// Warden: what they change is interactive only, is fewer words or
// commands, or is judged where it is set. The options that do change what
// a later word means (dotglob, nocaseglob, cdable_vars, allexport,
// keyword, xtrace with PS4, …) are rows of the shell package's state
// table, with what they change; a setting of any other name is not known.
var QuietOptions = []ShellOption{
	{"braceexpand", true, "brace expansion (set -B); off, braces stay as written, naming fewer files"},
	{"emacs", true, "emacs-style line editing, in an interactive shell only"},
	{"vi", true, "vi-style line editing, in an interactive shell only"},
	{"hashall", true, "commands found in PATH are remembered (set -h); the hash table's rows say what changes it"},
	{"histexpand", true, "! history expansion (set -H), which a shell without history does not do"},
	{"history", true, "the command history, in an interactive shell only"},
	{"ignoreeof", true, "an interactive shell ignores end of input"},
	{"interactive-comments", true, "# comments in an interactive shell; a script's are comments always"},
	{"monitor", true, "job control (set -m)"},
	{"nolog", true, "accepted and ignored"},
	{"notify", true, "finished jobs are reported at once (set -b)"},
	{"onecmd", true, "the shell exits after one command (set -t): fewer commands run"},
	{"physical", true, "cd and pwd follow the directories' real paths (set -P)"},
	{"privileged", true, "BASH_ENV, ENV and SHELLOPTS from the environment are not read (set -p)"},
	{"autocd", false, "a directory name given as a command is cd'd to, in an interactive shell only"},
	{"assoc_expand_once", false, "array subscripts are expanded once, not again in arithmetic"},
	{"array_expand_once", false, "5.3's name for assoc_expand_once"},
	{"bash_source_fullpath", false, "BASH_SOURCE holds full paths (5.3)"},
	{"cdspell", false, "cd corrects a misspelt directory, in an interactive shell only"},
	{"checkhash", false, "a remembered command is looked up in PATH again when its file is gone"},
	{"checkjobs", false, "an interactive shell lists its jobs before it exits"},
	{"checkwinsize", false, "LINES and COLUMNS follow the window"},
	{"cmdhist", false, "a command of several lines is one history entry"},
	{"compat31", false, "bash 3.1's quoting of [[ =~ ]]'s right side"},
	{"compat32", false, "bash 3.2's string comparison and interrupted lists"},
	{"compat40", false, "bash 4.0's string comparison and interrupted lists"},
	{"compat41", false, "bash 4.1's single quotes in double-quoted expansions in posix mode"},
	{"compat42", false, "bash 4.2's quote removal in a pattern substitution's replacement"},
	{"compat43", false, "bash 4.3's word expansion errors and declare of compound arrays"},
	{"compat44", false, "bash 4.4's BASH_ARGV and local variables of functions"},
	{"complete_fullquote", false, "completion quotes metacharacters"},
	{"direxpand", false, "completion expands directory names"},
	{"dirspell", false, "completion corrects directory names"},
	{"execfail", false, "a failed exec does not end a non-interactive shell"},
	{"extquote", false, "$'…' and $\"…\" inside ${…} in double quotes"},
	{"force_fignore", false, "completion ignores FIGNORE's suffixes"},
	{"globskipdots", false, "globs never match . and .."},
	{"gnu_errfmt", false, "error messages in GNU's format"},
	{"histappend", false, "the history is appended to HISTFILE"},
	{"histreedit", false, "a failed history substitution can be edited"},
	{"histverify", false, "a history substitution is shown before it runs"},
	{"hostcomplete", false, "completion of host names"},
	{"huponexit", false, "a login shell sends SIGHUP to its jobs on exit"},
	{"inherit_errexit", false, "command substitutions inherit errexit"},
	{"interactive_comments", false, "# comments in an interactive shell; a script's are comments always"},
	{"lithist", false, "history keeps a command's newlines"},
	{"localvar_inherit", false, "a local variable starts with the value it had in the calling scope"},
	{"localvar_unset", false, "unset of a variable local to a calling function"},
	{"login_shell", false, "read-only: says whether the shell is a login shell"},
	{"mailwarn", false, "an interactive shell reports mail read"},
	{"no_empty_cmd_completion", false, "completion of an empty line"},
	{"noexpand_translation", false, `$"…" is not translated: fewer words change`},
	{"patsub_replacement", false, "& in a pattern substitution's replacement is the matched text"},
	{"progcomp", false, "programmable completion"},
	{"progcomp_alias", false, "completion of an alias's first word"},
	{"promptvars", false, "prompts are expanded"},
	{"restricted_shell", false, "read-only: says whether the shell is restricted"},
	{"shift_verbose", false, "shift past the end is reported"},
	{"sourcepath", false, "source looks up its file in PATH; off, only the given path"},
	{"varredir_close", false, "{NAME}> descriptors are closed after the command"},
	{"xpg_echo", false, "echo expands backslash escapes"},
}
