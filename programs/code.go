package programs

import "strings"

// Code is what an entry says about the code a pipeline hands the program
// or that the program hands on, for the shell's judging of code piped
// into an interpreter (curl URL | sh, echo PAYLOAD | base64 -d | bash).
type Code struct {
	// Interpreter says the program runs a program it reads from a file
	// or, given none, from its standard input (python, node, perl,
	// osascript). Shells say Shell instead; source and . read the file
	// they are given. Deliberately
	// not: awk (its program is an operand, judged as awk), busybox (its
	// applet is the program).
	Interpreter bool
	// Shell says the program is a shell whose code, given with -c, in a
	// script or on its standard input, the shell package reads as its own
	// and walks (sh, bash, zsh, dash, ksh ...).
	Shell bool
	// Dialect, on a shell's row, says its code is not bash's: zsh, fish,
	// csh and tcsh (programs/shells.go). Nil for sh, bash, dash, ksh and
	// the other POSIX shells, whose code is read as bash's.
	Dialect *Dialect
	// Versioned says the program is also installed under its name and a
	// version, digits and dots (python3.12, perl5.36, node18, lua5.4):
	// such a name is the program's.
	Versioned bool
	// Stdin says the code is always what the program reads from its
	// standard input, whatever its arguments ($x | iex, PowerShell's
	// Invoke-Expression; Elixir's iex reads its input as the REPL's).
	Stdin bool
	// Backticks says `COMMAND` in the program's code runs a shell command
	// (perl, ruby, php): the shell walks it as one.
	Backticks bool
	// Fetches says the program's output can be what it downloads from a
	// host (curl URL, wget -O- URL, nc HOST PORT): piped into an
	// interpreter it is code that cannot be checked. Deliberately not:
	// git, gh, gsutil, s3cmd, openssl (their output is theirs, not a
	// download's), scp and rsync (they write what they fetch to files).
	Fetches bool
	// Decodes says the program's output is its input transformed,
	// decoded, decompressed or translated (base64 -d, xxd -r, gunzip,
	// tr, rev, sed): piped into an interpreter it hides what the code
	// is. Deliberately not: perl, python3 (interpreters, judged as such),
	// cat, echo and printf (they hand text on as it is).
	Decodes bool
	// Transform is how the shell reproduces what the program makes of its
	// input, to read a payload decoded on the fly: "b64" and "b32" encode,
	// or with --decode decode, base64 and base32 (GNU coreutils base64,
	// base32); "named" the encoding its option names (basenc --base64,
	// --base32); "hex" xxd -r -p's hex dump reversed; "reverse" each line
	// reversed (rev); "translate" tr's SET1 SET2 and -d SET; "same" the
	// input as it is, given no file (cat).
	Transform string
	// ShellSetup says the program prints shell code meant to be evaluated
	// in the current shell (eval "$(pyenv init -)", eval "$(ssh-agent
	// -s)"): environment setup, not hidden commands. "*" for any of its
	// calls, else words one of which its arguments must hold (kubectl
	// completion bash). Deliberately not: docker, nix (what they print
	// is not setup).
	ShellSetup string
	// Examples are shell commands the shell package's tests run: each is
	// flagged as running code piped to an interpreter.
	Examples []string
}

// CodeOf returns what is declared about the code a program runs or hands
// on: its entry's Code, its row's among the programs with no entry, or,
// for a versioned name (python3.12), that of the entry it names when the
// entry says it is Versioned.
func CodeOf(name string) Code {
	if s := Lookup(name); s != nil {
		return s.Code
	}
	if u := unlistedRow(name); u != nil {
		return u.Code
	}
	if base := Versioned(name); base != "" {
		return CodeOf(base)
	}
	return Code{}
}

// LangOf returns the language of the code a program runs, as its entry
// declares it, by a versioned name too (perl5.36, node18), "" when it has
// none.
func LangOf(name string) Lang {
	if s := Lookup(name); s != nil {
		return s.Lang
	}
	if base := Versioned(name); base != "" {
		return LangOf(base)
	}
	return ""
}

// Versioned returns the name of the program a versioned program name is
// (python3.12, perl5.36, node18, lua5.4, bash5.2, zsh-5.9, ksh93: an entry
// or a row of the programs with no entry whose Code says it is installed
// so, followed by a version of digits and dots, with or without a dash
// before it), "" for any other name, one with an entry of its own included.
func Versioned(name string) string {
	if n := len(name); n == 0 || name[n-1] < '0' || name[n-1] > '9' {
		return "" // no version number at the end (what TrimRight below would find)
	}
	base := strings.TrimRight(name, "0123456789.")
	if base == name || base == "" || strings.HasSuffix(name, ".") || len(name)-len(base) >= 8 || name[len(base)] == '.' {
		return ""
	}
	if Lookup(name) != nil || unlistedRow(name) != nil {
		return ""
	}
	if b, dashed := strings.CutSuffix(base, "-"); dashed {
		base = b // zsh-5.9, as zsh's make install names it
	}
	if s := Lookup(base); s != nil {
		if s.Code.Versioned {
			return base
		}
		return ""
	}
	if u := unlistedRow(base); u != nil && u.Code.Versioned {
		return base
	}
	return ""
}

// Shells returns the names of the programs whose Code says they are
// shells. They are rows of the programs with no entry (an entry is
// compiled only when looked up, and the shell package asks for the names
// at start-up); TestShellsAreRows keeps them so.
func Shells() []string {
	var out []string
	for i := range unlisted {
		if unlisted[i].Code.Shell {
			out = append(out, unlisted[i].Names...)
		}
	}
	return out
}
