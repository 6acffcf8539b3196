package checks

import (
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/lang/awk"
	"github.com/wardenhq/warden/programs"
)

// A check sees a finished call of a program it names through one of two
// views, one for each pass of the analysis, built from the same groups:
//
//   - Part: what the call is (its program, words and parse through the
//     entry, its effects, redirections and what it prints);
//   - Neighbours: the other calls of the command, and of its pipeline,
//     each seen as a Part, once the walk is over;
//   - Paths: the analysis' answers about paths;
//   - Catalogue: what the analysis knows of programs by name.
//
// Finder, the view of a check's Finds while walking, adds the verbs that
// hand the walk code the call runs (Code, Command, Remote, Here); it
// cannot report, nor see the calls around it, which the walk has not
// finished. Call, the view of a check's Run while judging, adds the
// Neighbours and the verbs that report (Flag, FlagAt, JudgeWrite,
// JudgeOverwrite); it cannot add parts. The shell package implements each view with a type of its
// own, so that neither can be asserted to the other, and a neighbour to
// neither. A view is valid while the check runs; a Parse result, like
// the words the parse methods return, until the check asks about another
// call.

// Part is what a call is: the call itself, its command line as its
// program's entry reads it, and what it does.
type Part interface {
	// Program is the program as the catalogue knows it: the name its
	// checks are found by ("git", "./mvnw" by its base name "mvnw").
	Program() string
	// Text is the call as written.
	Text() string
	// Dir is the directory the call runs in, "" when it is not known.
	Dir() string
	// Words are all the call's words, the program's first, as the shell
	// reads them.
	Words() []Word
	// Args are the words after the program as the shell reads them:
	// expanded, before the entry reads options among them.
	Args() []Word
	// Launches reports a launcher's call (npx, uv run, bundle exec): the
	// command it runs is a part of its own, judged there.
	Launches() bool
	// Elsewhere reports a call that runs on another machine or in a
	// container (ssh HOST CMD, docker exec): judged for findings only.
	Elsewhere() bool
	// Lang is "cmd" or "powershell" for a statement read from those
	// languages, "" for the shell's own.
	Lang() string
	// InXargs reports a call xargs runs with the words an earlier stage
	// prints.
	InXargs() bool
	// RunByFind is the expression of the find whose -exec runs the call,
	// nil when no find does.
	RunByFind() *Find

	// Parse is the call's command line as the program's entry reads it.
	// A program with no entry has no options and no operands.
	Parse() *programs.Result
	// Operands are the words the entry reads as operands.
	Operands() []Word
	// Sub is the word in the first subcommand position, global options
	// skipped in every spelling, and the words after it; "" and nil when
	// there is none.
	Sub() (string, []Word)
	// ParseAs reads the call's words with an entry other than its
	// program's own (PowerShell's rm is Remove-Item); the result is the
	// caller's.
	ParseAs(spec *programs.Spec) programs.Result

	// Effects are what the call does, from its program's entry, with
	// their targets resolved.
	Effects() []Effect
	// HasEffect reports an effect of that kind among those the entry
	// gives the call.
	HasEffect(kind programs.Effect) bool
	// Reads are the paths the call reads, from its entry's effects.
	Reads() []string
	// Writes are the paths the call writes, from its entry's effects.
	Writes() []string
	// Redirects are the call's redirections, in the order written.
	Redirects() []Redirect
	// Outputs are the targets of the redirections that write (>, >>, &>,
	// >&FILE; not >&2).
	Outputs() []Word
	// Assigns are the assignments the call is given (NAME=value before
	// it, or env's).
	Assigns() []Assignment
	// StdinText is the literal text the call reads on standard input: a
	// here-document or here-string, or what echo or printf of literal
	// text pipes in (through decoders such as base64 -d); false when it
	// is not known.
	StdinText() (string, bool)
	// ShellOption reports what the call, the set builtin, does to the
	// shell option name (history, noglob): turned on or off, and whether
	// it names it at all, read as bash reads set's words.
	ShellOption(name string) (on, given bool)
	// AwkScript is the awk program the call runs, read by package
	// internal/lang/awk from the sources its entry's uses place (-f
	// FILE read from disk, or the program text).
	AwkScript(uses []programs.Use) (*awk.Script, error)
	// SubstFetches reports a word whose command substitution downloads
	// from the network ($(curl -s URL)).
	SubstFetches(w Word) bool
	// Names are the words the call prints for a later xargs to take as
	// names: echo's and printf's arguments, the paths ls lists.
	Names() []Word

	// Flow is what the call's standard streams carry, computed once when
	// judging.
	Flow() Flow

	// Resolve makes a word an absolute, clean path against the call's
	// directory; "" when the path cannot be known.
	Resolve(w Word) string
	// ResolveText is Resolve of text that is no word of the call (a
	// value after "=", a path inside a URL).
	ResolveText(s string) string
	// FollowLinks replaces a prefix of p that is a symbolic link the
	// command made before the call by the link's target.
	FollowLinks(p string) string
}

// Neighbours are the other calls of the command a call is one of, each
// seen as a Part (what it is, never a verb).
type Neighbours interface {
	// Others are the other calls of the command, each with its own
	// Parse (asking one leaves this call's as it was).
	Others() []Part
	// Upstream are the calls of the earlier stages of the call's
	// pipeline, which feed its standard input.
	Upstream() []Part
	// Downstream are the calls of the later stages of the call's
	// pipeline, which read its standard output; each with its own Parse.
	Downstream() []Part
	// Pipeline are the other calls of the pipeline the call is a stage
	// of, earlier and later stages alike; nil when it is in none.
	Pipeline() []Part
}

// Paths are the analysis' answers about paths: the home directory, the
// project's working trees, and the classes of files (pathclass) with what
// the analysis knows of the files on disk.
type Paths interface {
	// Home is the user's home directory, "" when it is not known.
	Home() string
	// UnderHome reports a path inside the home directory, not the home
	// directory itself.
	UnderHome(p string) bool
	// TreeRoot is the working tree that holds p, "" when none does.
	TreeRoot(p string) string
	// System reports a system location, not a user's files
	// (pathclass.System; a home inside a system directory is the user's).
	System(p string) bool
	// Critical reports a path whose removal is always catastrophic: the
	// root, a top-level directory, home and its ancestors.
	Critical(p string) bool
	// Credential reports a private key, a cloud or tool credential or a
	// browser password store (pathclass.Credential, and what the
	// analysis knows of the file on disk: a link or hard link to one).
	Credential(p string) bool
	// CredentialReach reports a path that is a credential file or a
	// pattern that can match one (file), or a directory that holds
	// credentials (tree): pathclass.CredentialReach and the secrets the
	// options declare.
	CredentialReach(p string) (file, tree bool)
	// Sensitive reports a file whose content must not leave the
	// machine: a credential, a secret environment file, a history or
	// log, an account database, a process environment, or a copy of one
	// this command made.
	Sensitive(p string) bool
	// SensitiveTree reports a directory that holds secrets or
	// everything (the root, home, ~/.ssh, ~/.config, a browser profile),
	// or a sensitive file.
	SensitiveTree(p string) bool
	// InTree reports a path inside the project: one of the working
	// trees.
	InTree(p string) bool
	// AboveTree reports a working tree's root or one of its ancestors.
	AboveTree(p string) bool
	// Control reports an agent control file: settings, hooks, MCP
	// configuration, Warden's own grants.
	Control(p string) bool
}

// Catalogue is what the analysis knows of programs by name.
type Catalogue interface {
	// RunsCode reports a program name that is a shell or an interpreter:
	// given words, it runs them as code.
	RunsCode(prog string) bool
	// ExecProgram is the program a command line (find's -exec words) runs,
	// past the wrappers in front of it (env, nice, sudo …), as the
	// catalogue keys it.
	ExecProgram(words []Word) string
}

// View is what both passes see of a call. The calls around it are not
// among them: while walking, the calls after it are not there yet.
type View interface {
	Part
	Paths
	Catalogue
}

// Finder is a call as a check's Finds sees it while walking: it hands the
// walk the code the call runs, which is walked where it runs, before any
// check judges. It reports nothing.
type Finder interface {
	View
	// Code hands code the call runs in an interpreter's language (prog:
	// python, ruby, perl) to the analysis of inline code: the shell
	// commands it starts are walked now as parts of their own, and the
	// code is judged with the call, after the check's Run.
	Code(prog, code string)
	// Command hands a shell command line the call runs (a database
	// client's \! or system) to the walk, which judges it as a part of its
	// own, behind the call's wrappers.
	Command(text string)
	// Remote hands a command line the call runs on another machine or in
	// a container (docker run IMAGE CMD) to the analysis, which judges it
	// for findings only, within the nesting limit.
	Remote(command string)
	// Here hands a command line the call runs on this machine, in the
	// home directory (ssh localhost CMD), to the walk: its pieces are
	// parts of the command like any other's, within the nesting limit.
	Here(command string)
}

// Call is a call as a check's Run sees it while judging, once the walk is
// over: it reports findings, and adds no code.
type Call interface {
	View
	Neighbours
	// JudgeWrite judges the call writing the file p, as a redirection's
	// write is judged.
	JudgeWrite(p string)
	// JudgeOverwrite judges the call replacing the contents of the file p
	// (how names the means: "dd", "truncate"), as a redirection's write
	// is judged.
	JudgeOverwrite(p, how string)
	// Flag reports a finding of the category on the call, at the
	// category's own risk.
	Flag(kind danger.Kind, why string)
	// FlagAt reports a finding at a risk the check chose deliberately,
	// lower than the category's (never higher: the registry caps it).
	FlagAt(kind danger.Kind, why string, risk api.Risk)
}

// Flow is what a call's standard streams carry: what reads its input,
// what its output is, and where that goes. It is a value of the part,
// computed once when judging (the walk, which could change it, is over).
type Flow struct {
	// StdinShell reports a shell that reads its commands from standard
	// input (sh, bash -i, xargs sh -c).
	StdinShell bool
	// SensitiveOutput says what secret or bulk copy of data the call
	// prints ("" when none): a credential file, the environment, a
	// database dump, an archive of home or the project, the history.
	SensitiveOutput string
	// PrintsEnv says what environment the call prints ("" when none):
	// "the environment", the shell's (env, printenv, export -p, declare
	// -x, however the declaration is spelled: its entry's Env), or as JSON
	// (jq's env); "every process's environment" (ps e).
	PrintsEnv string
	// Prints reports a call whose standard output is the content of the
	// files it reads (cat, grep, dd, gzip -c, a bare < FILE).
	Prints bool
	// OutputMasked reports that the call's standard output never reaches
	// the transcript: it goes to a file, or to a program that keeps
	// nothing of it.
	OutputMasked bool
}
