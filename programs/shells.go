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
