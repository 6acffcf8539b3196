package programs

// Lang is the language of code a program is given: its operands or option
// values marked c (Spec.Lang, Use.Lang). An interpreter's language is named
// after it (python, perl, node); the languages the shell package reads
// itself are declared here, so that code compares against a constant the
// compiler checks, never against a spelling.
type Lang string

const (
	// LangShell is shell code a launcher runs (npx -c, nix-shell --run,
	// su -c): judged as a part of its own.
	LangShell Lang = "sh"
	// LangSed is a sed script (internal/lang/sed).
	LangSed Lang = "sed"
	// LangAwk is an awk program (internal/lang/awk).
	LangAwk Lang = "awk"
	// LangJq is a jq filter: it prints what it selects.
	LangJq Lang = "jq"
	// LangYq is a yq expression, which may load files and the environment.
	LangYq Lang = "yq"
	// LangDate is date's operand: +FORMAT prints, any other sets the time.
	LangDate Lang = "date"
	// LangSysctl is sysctl's operand: NAME reads, NAME=VALUE sets.
	LangSysctl Lang = "sysctl"
	// LangDD is one of dd's KEY=VALUE operands.
	LangDD Lang = "dd"
	// LangPsql, LangMySQL, LangSQLite and LangSQL are SQL in a client's
	// dialect (internal/lang/sql.ForLang): PostgreSQL's, MySQL's,
	// SQLite's, or any.
	LangPsql   Lang = "psql"
	LangMySQL  Lang = "mysql"
	LangSQLite Lang = "sqlite"
	LangSQL    Lang = "sql"
	// LangRedis is a Redis command.
	LangRedis Lang = "redis"
	// LangMongo is mongosh's JavaScript.
	LangMongo Lang = "mongo"
	// LangSSHOption is an ssh -o Name=value, some of which run a command.
	LangSSHOption Lang = "ssh-option"
	// LangSocat is one of socat's addresses, which may run a command.
	LangSocat Lang = "socat"
	// LangLess is a pager's +COMMAND: some run commands or write files.
	LangLess Lang = "less"
	// LangVim and LangElisp are an editor's commands (vim -c, emacs
	// --eval).
	LangVim   Lang = "vim"
	LangElisp Lang = "elisp"
	// LangElixir is Elixir code (mix eval).
	LangElixir Lang = "elixir"
	// LangGdb is gdb's commands (-ex), which include shell.
	LangGdb Lang = "gdb"
	// LangJS is JavaScript (node, deno, bun).
	LangJS Lang = "js"
	// LangMake is a makefile's text (make --eval).
	LangMake Lang = "make"
)

// The languages of interpreters whose code internal/lang/code reads
// (code.FamilyOf); an interpreter that declares none speaks a language
// named after it (interp).
const (
	LangPython Lang = "python"
	LangRuby   Lang = "ruby"
	LangPerl   Lang = "perl"
	LangPHP    Lang = "php"
	LangLua    Lang = "lua"
	LangR      Lang = "r"
	LangTcl    Lang = "tcl"
	// LangJulia is Julia's: internal/lang/julia reads the commands its
	// code builds.
	LangJulia Lang = "julia"
)
