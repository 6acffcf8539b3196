package programs

import (
	"strings"

	"github.com/wardenhq/warden/internal/lazyre"
)

// Flow is what an entry says about where what the program reads goes,
// for the checks of credentials and the environment (shell's credreach
// and envdump): into a copy, to the transcript whole, or only as a
// digest.
type Flow struct {
	// Copies says what it reads is copied to a place the agent can read
	// later: a file, a tree, an archive (cp, rsync, tar, zip).
	Copies bool
	// Trees says it reads the directories it is given recursively: "*"
	// always (rg, tar), else the options that make it do so, by any of
	// their spellings, or NAME=VALUE for an option's value (grep -r, grep
	// --directories=recurse), space separated.
	Trees string
	// Follows says that, reading trees, it follows the symbolic links it
	// meets inside them, so it reads where they lead: "*" always (zip,
	// diff -r, scp -r), else the options that make it (grep -R, rg -L,
	// tar -h, cp -L), in Trees's syntax. FollowsNot lists the options that
	// stop it (zip -y, diff --no-dereference). A tree read that does not
	// follow them still reads every hard link inside it.
	Follows, FollowsNot string
	// Here says that, reading trees and given no path, it reads the
	// working directory's (grep -r x, rg x), unless its input is a pipe.
	Here bool
	// Digests says nothing it reads reaches its output: it reads its
	// input only to count, hash or fingerprint it (wc, sha256sum), or
	// not at all (true).
	Digests bool
	// Echoes says it reads nothing and prints only its operands or a
	// transform of their text (echo, printf, basename, dirname): the words
	// xargs hands it are printed, never opened.
	Echoes bool
	// Whole says its output holds all of its input, as it is or
	// reordered (cat, sort, tee, less).
	Whole bool
	// Inverts lists the options that make a search print every line but
	// those it names (grep -v), space separated.
	Inverts string
	// Examples are shell commands the shell package's tests run: each is
	// flagged as exposing a credential or the environment.
	Examples []string
	// Names says what the words of its output name, for a later stage
	// that takes them as arguments (xargs). NamesWith lists options, one
	// of which a call must give for Names to hold (lsof -t), NamesNot
	// those that make it print more (pgrep -l), NamesOwn those with which
	// a filter prints the names of the files it reads instead (grep -l);
	// NamesFrom is the first operand NamesOperands counts (printf's
	// format is not a name). Every option named must be declared.
	Names                         Names
	NamesWith, NamesNot, NamesOwn string
	NamesFrom                     int
	// Dumps says what bulk copy of data its output is ("a database
	// dump", "the shell history"): piped to another machine it is
	// exfiltration. With DumpsWhen, only a call whose words hold that
	// text dumps (sqlite3's .dump).
	Dumps, DumpsWhen string
	// Lists says the names a call prints can be read without running
	// it, and how (shell.Options.List reads them): the shell hands them
	// to what takes its output as arguments (xargs, a read loop, $(…),
	// -exec), as what runs. On a subcommand, it is the subcommand's
	// call (git ls-files).
	Lists Lister
	// Packs says its output can be an archive of the paths among its
	// operands (tar -c, zip, 7z a, pax -w, jar c): piped to another
	// machine, an archive of the project or of a home is exfiltration.
	// An operand it writes (zip's archive, 7z a's) is not packed.
	Packs bool
}

// Lister is how the names a listing prints are read without running it.
type Lister uint8

const (
	// ListsNot: they are not.
	ListsNot Lister = iota
	// ListsWalk: a walk of its roots (the operands before the first
	// test), under -name, -iname, -type, -mindepth and -maxdepth tests
	// and one -print or -print0 (find).
	ListsWalk
	// ListsIndex: the paths of the repository's index under plain
	// pathspecs, --cached the only option (git ls-files).
	ListsIndex
)

// Names is what the words a program prints name.
type Names uint8

const (
	// NamesUnknown: they may name anything.
	NamesUnknown Names = iota
	// NamesPids: process ids, no file (pgrep, lsof -t).
	NamesPids
	// NamesFiltered: some of the lines an earlier stage printed, when it
	// reads no file of its own (sort, head, grep, sed, cut, tr, awk).
	NamesFiltered
	// NamesOperands: its own operands (echo, ls; printf after its format).
	NamesOperands
	// NamesTrees: paths under its roots: find's expression's roots, or
	// the operands its entry reads (fd's paths); none is the working
	// directory. A command given them (xargs, parallel, while read) is
	// judged as find -exec's is, given {} for a path found below them.
	NamesTrees
	// NamesRepo: paths in the repository it works on (git ls-files, git
	// diff --name-only).
	NamesRepo
)

// EnvDump says a program prints every variable of the environment (env,
// printenv, export -p, declare -x, a bare set) when a call gives it no
// operand: Only, when set, lists the only options such a call may give
// (export's -p), Unless the options that stop it (env -i prints none of
// them). Options are read in every spelling, and
// every name must be declared (TestEnvOptionsDeclared). Assignments do
// not stop it: env FOO=1 prints the environment with FOO in it.
type EnvDump struct {
	Dumps        bool
	Only, Unless string
	// Code matches code in the entry's Lang that reads the environment
	// (jq's $ENV and env): a call running such code prints it.
	Code *lazyre.Regexp
	// Processes lists the BSD option letters (a word of letters with no
	// dash, anywhere on the line: ps e, ps auxe) one of which makes the
	// program print every process's environment; Valued lists those
	// whose value is the next word (ps o pid,etime), which is then no
	// option word.
	Processes, Valued string
}

// OfProcesses reports whether words, a call's arguments, give one of the
// Processes letters.
func (e EnvDump) OfProcesses(words []string) bool {
	if e.Processes == "" {
		return false
	}
	skip := false
	for _, w := range words {
		if skip {
			skip = false
			continue
		}
		if w == "" || w[0] == '-' || !letters(w) {
			continue
		}
		if e.Valued != "" && strings.ContainsAny(w[len(w)-1:], e.Valued) {
			skip = true // the next word is this option's value
		}
		if strings.ContainsAny(strings.TrimRight(w, e.Valued), e.Processes) {
			return true
		}
	}
	return false
}

func letters(w string) bool {
	for i := 0; i < len(w); i++ {
		if !(w[i] >= 'a' && w[i] <= 'z' || w[i] >= 'A' && w[i] <= 'Z') {
			return false
		}
	}
	return true
}

// Holds reports whether a call parsed by the entry prints every
// variable.
func (e EnvDump) Holds(r *Result) bool {
	if !e.Dumps || len(r.OperandIndexes) > 0 {
		return false
	}
	if e.Only != "" && !r.Only(strings.Fields(e.Only)...) {
		return false
	}
	return e.Unless == "" || !r.Has(strings.Fields(e.Unless)...)
}

// FlowOf returns what is declared about where a program's reads go: its
// entry's Flow or its row among the programs with no entry.
func FlowOf(name string) Flow { return *FlowRef(name) }

// FlowRef is FlowOf without the copy: the entry's own Flow, which the
// caller must not change (a Flow is some twenty fields, and the shell asks
// for a call's several times while judging it).
func FlowRef(name string) *Flow {
	if s := Lookup(name); s != nil {
		return &s.Flow
	}
	if u := unlistedRow(name); u != nil {
		return &u.Flow
	}
	return &noFlow
}

// noFlow is the Flow of a program no entry or row declares.
var noFlow Flow
