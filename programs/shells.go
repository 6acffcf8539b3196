package programs

// The shells' own command lines (bash 5.2's, checked with bash -c 'echo
// $-' and shopt): -c is a flag, and the code is the first operand
// (bash -c -i CODE, bash -cO dotglob CODE, bash -oc errexit CODE read
// the same); the options stop at the first operand (bash -c CODE -i
// gives CODE $0 = -i; bash -- -c runs a script named -c); a lone - ends
// them as -- does (bash -c - CODE). Set's letters are options of their
// own with either sign (-e, +x; +ex bundles); -o and +o name a set
// option, -O and +O a shopt option, each taking the next word in turn.
// bash's long options (before any short one) are read too. The shell
// package reads what each means: a set letter by the option it names,
// -i (and --rcfile, --init-file) an interactive shell, -n a shell that
// runs nothing.
//
// dash, ksh, mksh, ash and the other POSIX shells take a subset (no
// long options, no -O; ksh's -o names differ): a word they refuse,
// read here as bash's, only ever names an option that does nothing
// Warden judges, or one whose reason makes the call not known.
var shOptions = shellSpec("sh", "-c -i -l|--login -r|--restricted -s -D|--dump-strings --dump-po-strings -o= +o= -O= +O= "+
	"--rcfile=r --init-file=r --norc --noprofile --posix --noediting --verbose --debugger --debug --pretty-print --version:h --help:h "+
	setLetterOptions("abefhkmnptuvxBCEHPT"))

// zsh (5.9, zshoptions(1) INVOCATION): -c and -o as bash's; -f is
// NO_RCS (no start-up files), not noglob; --OPTION spells -o OPTION
// (--no-rcs, --emulate sh); the letters it shares with set's meaning
// are declared, and any other is not known.
var zshOptions = shellSpec("zsh", "-c -i|--interactive -l|--login -s|--shinstdin -f|--no-rcs|--norcs +f -o= +o= --emulate= --version:h --help:h "+
	setLetterOptions("aemnpuvxC"))

// fish (3.x): getopt_long, so -c takes its value attached or as the next
// word (-c CODE, --command=CODE, -ic CODE); -C/--init-command runs code
// before it; -n/--no-execute only parses.
var fishOptions = &Spec{Names: n("fish"), Options: "-c|--command= -C|--init-command= -i|--interactive -l|--login -n|--no-execute -N|--no-config -P|--private " +
	"-p|--profile=w --profile-startup=w -d|--debug= -o|--debug-output=w -f|--features= --print-rusage-self -v|--version:h -h|--help:h", Operands: "-*"}

// csh and tcsh: -c as bash's (the code is the first operand), -f skips
// .cshrc, -e exits on error, -x and -v echo, -n only parses.
var cshOptions = shellSpec("csh", "-c -e -f -i -l -m -n -s -t -v -V -x -X -b -d -F -q --help:h --version:h")

func shellSpec(name, opts string) *Spec {
	return &Spec{Names: n(name), Options: opts, Operands: "-*", ShellBundles: true}
}

// setLetterOptions declares each of set's letters with both signs.
func setLetterOptions(letters string) string {
	var b []byte
	for i := 0; i < len(letters); i++ {
		b = append(b, " -"+letters[i:i+1]+" +"+letters[i:i+1]...)
	}
	return string(b[1:])
}

// ShellOptions returns the grammar of a shell's own options (a row of
// the programs with no entry whose Code says it is a shell), nil for any
// other program. Parse reads a shell's words with it; the first operand
// is its code when -c is given, else its script.
func ShellOptions(name string) *Spec {
	if u := unlistedRow(name); u != nil && u.Code.Shell {
		return u.Options
	}
	return nil
}

// Dialect is how a shell's code differs from bash's, for a shell whose
// syntax is not bash's (its row's Code.Dialect). The shell package reads
// such code as bash only where both read it alike: a list of simple
// commands (; && || | between them) of plain words, with no expansion,
// glob, redirection or assignment, none led by a word of Own. Any other
// code is walked for its findings but is not known.
type Dialect struct {
	// Name is the shell's name, and Differs what its syntax changes, for
	// reasons.
	Name, Differs string
	// Quotes says its quotes mean bash's: '…' literal, and "…" with no
	// $, ` or \ inside literal too (zsh's; fish reads \' inside '…', and
	// csh expands ! and reads newlines otherwise).
	Quotes bool
	// Own are the words that, first in a command, are the shell's own
	// builtins or keywords whose meaning is not bash's (fish's set -x
	// PATH, csh's setenv, zsh's setopt), space separated.
	Own string
	// NoLead are characters a plain word may not start with, for the
	// expansions the shell makes of them (zsh's =cmd, a path).
	NoLead string
}

var (
	zshDialect = &Dialect{Name: "zsh", Quotes: true, NoLead: "=",
		Differs: "glob qualifiers such as *(e:CODE:) run code, =(…) is a file, $~ globs a value, and =cmd is a path",
		Own:     "setopt unsetopt emulate autoload zmodload alias unalias hash sched r fc noglob nocorrect repeat zle bindkey zstyle zcompile enable disable"}
	fishDialect = &Dialect{Name: "fish",
		Differs: "(cmd) is a command substitution, and, or and not join commands, set assigns, and there is no $(…)",
		Own:     "set set_color function functions funcsave funced alias abbr source . eval emit bind complete and or not begin end if else switch case while for status string math argparse"}
	cshDialect = &Dialect{Name: "csh",
		Differs: "set x=… and setenv assign, `…` and $x:h expand otherwise, and ! is history",
		Own:     "set setenv unsetenv unset alias unalias source eval rehash unhash limit unlimit @ foreach end endif if else switch breaksw goto onintr repeat nice nohup time umask"}
)

// ShellDialect returns how a shell's code differs from bash's, nil when
// bash reads it as the shell does (or the program is no shell).
func ShellDialect(name string) *Dialect {
	if u := unlistedRow(name); u != nil && u.Code.Shell {
		return u.Code.Dialect
	}
	return nil
}
