package programs

import (
	"slices"
	"strings"
	"sync"

	"github.com/wardenhq/warden/danger"
)

// Effect is what an option or operand does.
type Effect uint8

// The effects. The order matters only for String.
const (
	// None: the word is data (a pattern, a count, a format).
	None Effect = iota
	// Read: the word is a path the program reads.
	Read
	// Write: the word is a path the program creates or overwrites.
	Write
	// Delete: the word is a path the program deletes.
	Delete
	// Exec: the word is a command or code the program runs.
	Exec
	// Load: the word is a library, plugin or module the program loads.
	Load
	// Network: the word is a host or URL the program talks to.
	Network
	// Config: the program changes lasting configuration.
	Config
	// RunsProject: the program builds, tests or runs the project's own
	// code (make, go test, npm run): known, but not read-only.
	RunsProject
	// Unknown: what the word does cannot be known from the command line.
	Unknown
	// Help: the option prints help or the version and ends processing.
	Help
	// Into: the word is a destination the program writes its sources
	// (its other operands) to, or into under their own names when it is
	// a directory (cp SRC… DIR, cp -t DIR SRC…, install -t DIR). A
	// value of an option with this effect is the directory, and the
	// operands are then all sources.
	Into
	// Unpack: the word is a directory the program writes names from its
	// input into, names the command line does not give: an archive's
	// members, a repository's files (tar -x -C DIR, unzip -d DIR, git
	// clone URL DIR). It counts only when the call unpacks: a flag with
	// this effect (tar -x) or the program's own Unpack effect says it
	// does, into the working directory when no directory is given;
	// otherwise the directory is data (tar -c -C DIR reads there).
	Unpack
)

var effectNames = [...]string{"none", "read", "write", "delete", "exec", "load", "network", "config", "runs-project", "unknown", "help", "into", "unpack"}

// String returns the effect's name as JSON and docs spell it.
func (e Effect) String() string {
	if int(e) < len(effectNames) {
		return effectNames[e]
	}
	return "unknown"
}

// ReadOnly reports whether the effect reads at most.
func (e Effect) ReadOnly() bool { return e == None || e == Read || e == Help }

// Wrap says what a wrapper (Spec.Wraps) changes about the command it runs.
type Wrap uint8

const (
	// WrapKeeps: only its priority, buffering or time limit: a read-only
	// command stays read-only under it (nice, nohup, timeout, stdbuf).
	WrapKeeps Wrap = iota + 1
	// WrapChanges: who it runs as, its session or its network route: the
	// command is judged as itself, and the call is not read-only (doas,
	// pkexec, setsid, torsocks).
	WrapChanges
)

// Meta says what a program changes in the files it writes, when it is
// not their content (Spec.Meta).
type Meta uint8

const (
	// MetaPerms: their permissions, owner, ACL or flags (chmod, chown,
	// chgrp, setfacl, chattr, chflags): the permission checks judge the
	// call, not the writes to where the files are.
	MetaPerms Meta = iota + 1
	// MetaTimes: their times, or a file made empty or a directory made
	// (touch, mkdir): a credential file it names keeps its content.
	MetaTimes
)

// Fills says what a program adds to the disk each time it runs, which an
// endless loop with nothing to pace it repeats until the disk is full
// (Spec.Fills).
type Fills uint8

const (
	// FillsFiles: it makes a file or a directory (mkdir, touch, cp,
	// fallocate, dd).
	FillsFiles Fills = iota + 1
	// FillsOutput: it prints data, which appended to a file grows it
	// (cat, yes, head, echo).
	FillsOutput
)

// Unwrap is what the shell does with a wrapper's words beyond where its
// entry says the command starts (Spec.Unwrap): behaviour the grammar
// cannot declare, selected by the entry.
type Unwrap uint8

const (
	// UnwrapAssigns: NAME=VALUE words, literal, that start the command
	// are given to the command it runs (sudo FOO=1 CMD).
	UnwrapAssigns Unwrap = iota + 1
	// UnwrapEnv: the option whose value is split into words (env -S
	// STRING, Code x) is read as more of the wrapper's own words; a first
	// "-" is -i; NAME=VALUE words before the command are given to it.
	UnwrapEnv
	// UnwrapUser: su's grammar beside -u (--user): with -u the command is
	// the first operand, without it the words after USER are given to
	// USER's shell; a first "-" is -l (--login) (runuser).
	UnwrapUser
	// UnwrapXargs: with no command it runs echo, and the words it adds
	// are the names a listing upstream prints, when they are known
	// (xargs).
	UnwrapXargs
	// UnwrapQuery: its help options (-v, -V) print what names are and run
	// nothing, unless a -- and then a whole command line follow, which
	// is judged as the command it spells (command).
	UnwrapQuery
)

// Spec is one program's entry.
type Spec struct {
	// Names are the program's names and aliases (gawk, mawk, nawk).
	Names []string
	// Options declares the options in a compact grammar, space separated:
	//
	//	-x         a flag
	//	--long     a long flag
	//	-x=        takes a value (the next word, or attached: -xVAL, --long=VAL)
	//	-x?        takes an optional value, attached only (-i.bak, --in-place=.bak)
	//	-x=E / -x?E  the value's effect E: r read, w write, d delete, x exec,
	//	           l load, n network, c config, u unknown, i the directory
	//	           the operands are copied into (Into), e the directory
	//	           the call unpacks into (Unpack), g a git object (REV:PATH
	//	           reads PATH: git config --blob), K git's KEY=VALUE,
	//	           whose effect is the key's (GitConfigEffect: git -c)
	//	-x:E       a flag with an effect of its own: x exec, n network,
	//	           c config, p runs the project, u unknown, h help (ends
	//	           processing), e the call unpacks (tar -x), L the call
	//	           lists or tests and does not unpack (cpio -t), A an
	//	           unpack writes absolute member names as given, anywhere
	//	           (tar -P, cpio -i), S it strips them (cpio
	//	           --no-absolute-filenames), W operands are also written, D operands are
	//	           deleted, T the options end after this one (python -c CODE
	//	           ARGS, python -m MOD ARGS: the rest are operands), P the
	//	           pattern is given by this option (the first
	//	           operand is then a file), I the call only says what
	//	           it would do and changes nothing (PowerShell's
	//	           -WhatIf; -WhatIf:$false is not given, and a value
	//	           other than $true or 1 is not known), N a launcher (Command)
	//	           given it runs no command: the words where the
	//	           command would start are data (sudo -l CMD lists
	//	           what may run, chrt -p PRIO PID changes a running
	//	           process); also after a value's effect (-p=:N)
	//	-x:C       the words after it are a command the program runs, judged
	//	           as a part of its own (gdb --args PROG ARGS), whatever the
	//	           entry's operands
	//	-x=;E      the value runs to a ";" or "+" word (find -exec)
	//	--x?b      a Boolean switch: its value true or false attached
	//	           (--x=false), or apart when the next word is one of
	//	           them (nopt's Boolean options: npm --dry-run false)
	//
	// The spellings of one option are one field joined by "|", the
	// modifier after the last: "-r|-R|--recursive", "-H|--host=n",
	// "-n|--dry-run". The parser answers for the option under any of its
	// spellings (Result.Has("--recursive") for -r, -R, -rf, --rec), and
	// records it under its name: its first long spelling, else its first.
	//
	// Single-dash long names (-name) are declared as such and need
	// LongDash, unless the program also bundles short flags (Apache
	// Commons CLI: mvn -pl MODULES, -amd beside -B and -q): without
	// LongDash a word that is such a name, or such a name and =VALUE,
	// is that option, and any other word a bundle of short options.
	Options string
	// Operands declares the operands in order, space separated: an effect
	// letter (as above, plus s for a subcommand, c for code in the
	// program's language, - for data) followed by * (the rest) or ?
	// (optional). "- r*" is grep: a pattern, then files read. R and W are
	// a path read or written, or a URL (a host talked to). i is a copy's
	// destination ("r* i": cp), e the directory an unpacking program
	// writes into ("n e?": git clone), m a path moved away: read, then
	// deleted ("m* i": mv), M one that may be a URL or a remote as R's
	// (rclone move), I a copy's destination as i, or a URL or a remote
	// as R's (scp, rsync: a remote destination is talked to, a local one
	// written into), E a path edited: read, then written (vim), S a script read,
	// then run as the project's code (python).
	Operands string
	// ValueNotOption makes an option's value never the next word when
	// that word looks like an option, as yargs reads a command line
	// (gemini -p -y gives --prompt an empty value, and -y is --yolo): a
	// dash and a letter, or two dashes and a name; a negative number is
	// a value, and an attached value (-p=-y, --prompt=-y, -p-y) is taken
	// as written.
	ValueNotOption bool
	// RemoteOperands makes R and W operands also name a remote as
	// REMOTE:PATH (rclone's remote:bucket/key and :backend:path, scp's
	// host:path): a word whose first colon comes before any slash, after
	// more than one character (C:\x is a Windows path) or first, is
	// talked to, not a local path.
	RemoteOperands bool
	// Abbrev accepts unique prefixes of long options (GNU getopt_long).
	Abbrev bool
	// NoEquals says the program takes a long option's value only as the
	// next word: --name=VALUE is an option it does not know (curl, jq).
	// The parser still reads --name=VALUE as the option, for a spelling
	// the program refuses keeps the label of what it asks for (POLICY
	// R15); Respellings does not offer it.
	NoEquals bool
	// Detached says the program takes a short option's value only as the
	// next word: -xVALUE is an option it does not know (git's own -C and
	// -c). As with NoEquals, the parser reads it all the same and
	// Respellings does not offer it.
	Detached bool
	// LongDash makes words starting with one dash long options (find,
	// go's flag package): no bundling of short flags.
	LongDash bool
	// Permute lets options follow operands (GNU); otherwise options stop
	// at the first operand.
	Permute bool
	// OptionsAfter lets options follow this many first operands, and no
	// more (without Permute): ssh HOST -o X CMD -p 1 reads -o X, and -p 1
	// is the remote command's (OpenSSH 9.2 parses its options again after
	// the host, then stops at the command: seen with ssh -G).
	OptionsAfter int
	// Subcommands are the program's subcommands, by name; the first
	// operand selects one. A program with subcommands and no match is
	// unknown, unless OtherSubcommand says what the others do.
	Subcommands map[string]*Spec
	// OwnOperands says a first operand that names no subcommand is the
	// entry's own (yq e EXPR FILE and yq EXPR FILE): the subcommands are
	// optional.
	OwnOperands bool
	// OtherSubcommand is the effect of an undeclared subcommand
	// (Unknown when zero and Subcommands is set).
	OtherSubcommand Effect
	// OtherSpec is the entry of any undeclared subcommand: its word is
	// taken as the subcommand (Result.Sub names it) and the words after
	// it are parsed with OtherSpec, so that a CLI whose commands are
	// open-ended words (aws SERVICE OPERATION, gcloud GROUP… COMMAND)
	// still reads its options wherever they stand (aws ec2 --region x
	// terminate-instances). It may be the entry itself: every further
	// word before the first operand is then one more subcommand word.
	// OtherSubcommand is not used when it is set.
	OtherSpec *Spec
	// StdinCode says the program runs code from standard input (or its
	// terminal) when the command line gives it none in Lang: without an
	// operand or option value of code, the call's effect is Exec (psql,
	// sqlite3 and redis-cli with no query run whatever is piped in).
	StdinCode bool
	// ReadWith lists options (or first operands) whose presence makes
	// the call read-only: the program's Effect is then not applied (git
	// config --get, git branch --list).
	ReadWith string
	// Defaults are options the program acts as if given when the call
	// does not give them, space separated NAME=VALUE, the value's effect
	// the option's: nginx without -c reads /etc/nginx/nginx.conf, its
	// compiled-in configuration (-c=/etc/nginx/nginx.conf). A call that
	// ends in its help or version reads none.
	Defaults string
	// ReadBelow makes the call read-only when it has fewer operands than
	// this, no option, and no first operand among WritesWith (git config
	// user.email reads; git config user.email x sets, git config unset
	// user.email and git config edit change the file, and any option
	// leaves the entry's Effect as it is).
	ReadBelow  int
	WritesWith string
	// EffectWithOperands applies Effect only when there are operands
	// (git branch lists, git branch NAME creates).
	EffectWithOperands bool
	// FileVar names the shell variable whose value is the file operand
	// of a call that gives none (history -w writes $HISTFILE): the walk
	// supplies it where the command set the variable.
	FileVar string
	// NoOptions makes every word an operand (test, [, expr).
	NoOptions bool
	// Numeric accepts -NUM as an option (head -5). NumericBundles reads
	// short options after the digits in the same word, as getopt does
	// where each digit is an option letter (gzip -9c, xz -e9c, zstd -19c,
	// lz4 -9c, grep -5n: each tried); without it the whole word is the
	// number (kill -9, head -5).
	Numeric, NumericBundles bool
	// Fold matches long options and slash options without regard to
	// case, as the program does (hdparm's --Security-Erase, icacls /T):
	// they are declared in lower case, as are subcommands, which it
	// matches in any case too (reg ADD, wevtutil CL). Short options keep
	// their case. With LongDash it is PowerShell's grammar: a parameter's
	// value is bound with a colon (-Path:x, -Confirm:$false, a switch given
	// $false or 0 is not given), and with Abbrev a name is also taken by
	// any unique prefix (-dest is -Destination, -r is -Recurse).
	Fold bool
	// Slash takes a word that starts with "/" and names a declared
	// option ("/t", "/grant") for that option, as Windows programs do
	// (icacls, takeown); any other such word is an operand (a path).
	// "/name:x" is the option /name: x is the value of a "/name?" option
	// (/inheritance:d), and otherwise a variant of the option that does
	// what it does (/grant:r replaces what /grant adds).
	Slash bool
	// ShellBundles reads short options as a shell reads its own (bash,
	// sh, zsh, ksh): a word of letters after - or + is a bundle, each
	// letter declared with its sign (-e, +e, -o=, +o=), and a letter that
	// takes a value takes the next word, in turn, never the rest of its
	// word (bash -oc errexit CODE is -o errexit and -c; -cO dotglob CODE
	// is -c and -O dotglob); a lone - ends the options, as -- does.
	ShellBundles bool
	// OldStyle accepts a first word of short options without the dash
	// (tar xzf a.tgz, ar rcs lib.a x.o): each of its letters that takes a
	// value takes the next word, in turn.
	OldStyle bool
	// Sandbox names the option that sandboxes the code the program runs
	// in Lang (gawk --sandbox): its commands, pipes, file redirections
	// and loaded extensions are refused, so they are not the call's
	// effects. Only gawk by that name declares it: mawk refuses
	// --sandbox and takes -W sandbox as a no-op, BWK awk ignores options
	// it does not know.
	Sandbox string
	// Prints says the program copies what it reads to its output (cat,
	// head, grep, sort, dd, read): a credential it reads reaches the
	// transcript. Programs that only summarise what they read (wc,
	// sha256sum, stat) do not print.
	Prints bool
	// PrintsWith lists options, space separated, one of which a call must
	// give for Prints to hold (gzip -c, tree --fromfile, cmp -l): without
	// it the program writes a file or prints only a summary. PrintsNot
	// lists the options that make a printing program print none of what
	// it reads (grep -c, -q, -l, -L; rg's -L is --follow, not one of
	// them). Each is read in every spelling (Result.Has), and every name
	// must be a declared option (TestPrintsOptionsDeclared).
	PrintsWith, PrintsNot string
	// PrintsReads says each file a call reads by its entry (an operand,
	// an object REV:PATH, an option's value) may reach its output, though
	// the program is not one that prints all it reads (git show
	// HEAD:.env, git diff --no-index, man ./page.1).
	PrintsReads bool
	// FileURLs says an operand file://PATH names the local file PATH,
	// which the call reads and prints (curl file:///etc/passwd).
	FileURLs bool
	// Elevates says a wrapper runs its command with elevated privileges:
	// as another user or root (sudo, doas, pkexec, su, runuser) or in
	// another root (chroot).
	Elevates bool
	// Meta says the files it writes change in their attributes, not
	// their content (chmod, touch).
	Meta Meta
	// Fills says what it adds to the disk each time it runs (mkdir, cat
	// >> FILE), for the check of endless loops.
	Fills Fills
	// Number says the program prints only a number (a count, a time, a
	// sequence), so that a command substitution of it is safe where the
	// shell evaluates text as arithmetic: "*" always (wc, nproc, seq,
	// expr), else a call must give one of its words, space separated: an
	// option by name, read in every spelling (grep --count: -c, -ic,
	// --cou), or any other word an operand exactly (date +%s).
	Number string
	// Env says the program prints every variable of the environment,
	// names and values, tokens included.
	Env EnvDump
	// FileOp marks a simple file command (mkdir, touch, cp, mv, ln,
	// rmdir, rm) that acceptEdits mode runs as an edit of the files it
	// names, unless the call gives one of FileOpUnless's options (space
	// separated, in every spelling: rm --recursive).
	FileOp       bool
	FileOpUnless string
	// IntoHere says a call given only its Into operand, with no option
	// naming the destination, makes its entry in the working directory,
	// named after that operand, which is then the source: ln -s TARGET
	// links ./TARGET's name to TARGET.
	IntoHere bool
	// Files says how words the grammar cannot place name files the
	// program reads or writes (shell/files.go).
	Files Files
	// Expression names the grammar of the operands when they are an
	// expression the shell reads for the commands it runs (find's).
	Expression Expression
	// Links says the call makes links, not copies: its source is the
	// link's target, its destination the link's name (ln, link, cp -l,
	// cp -s). The shell follows later paths through a link made so.
	Links *Links
	// Unpacks says what a call of an entry whose Effect is Unpack makes
	// in the directory it unpacks into, beyond an archive's members.
	Unpacks Unpacks
	// Loose accepts options the entry does not declare, with no effect:
	// for subcommands whose own effect already says they are not
	// read-only (git commit), where the entry declares only the options
	// that do more (git rebase --exec). A read-only entry is never loose.
	Loose bool
	// Command marks a launcher: after the operands Operands declares
	// (none for npx, one for direnv exec DIR), the words are a command and
	// its arguments, which the program runs (npm exec, uv run, mise exec,
	// chronic, op run --). The entry's options stop there, whatever
	// Permute says, and the shell judges the command as a part of its own,
	// so rules and checks see it as if it were run directly. Effect is
	// then usually Exec, or Unknown when the launcher also changes what
	// the command is given (secrets injected, another user).
	Command bool
	// NotCovered says an allow rule on the program does not cover the
	// command it runs (Command), as it covers what npx or uv run launch:
	// the command is not the program's work but any the caller names
	// (git submodule foreach CMD; a rule on git is not one on CMD).
	NotCovered bool
	// Wraps marks a wrapper (nice, nohup, timeout, stdbuf, doas): a
	// launcher (Command) whose command runs in its place, with the same
	// words, input and output. The shell judges the call as that command
	// under the wrapper, and Wraps says whether a read-only command stays
	// read-only under it.
	Wraps Wrap
	// Unwrap names what the shell does with a wrapper's words past where
	// the entry says its command starts, where the grammar cannot say it.
	Unwrap Unwrap
	// Refuses lists the options, space separated, with which the wrapper
	// refuses to run a command (sudo -v CMD, sudo -K CMD): the call is
	// judged where the wrapper stands, as the command it spells.
	Refuses string
	// RunsAs gives OPTION=PROGRAM pairs, space separated: given OPTION,
	// the wrapper runs PROGRAM on its command's words (sudo --edit is
	// sudoedit: sudo -e FILE edits FILE as root).
	RunsAs string
	// PasswordStdin names the option that makes the wrapper read a
	// password from standard input (sudo --stdin).
	PasswordStdin string
	// Joins says the wrapper joins its command's words with spaces and
	// runs them as shell code (watch CMD runs sh -c CMD), unless the call
	// gives one of JoinsUnless's options (watch --exec).
	Joins       bool
	JoinsUnless string
	// BareShell says a wrapper given its operands and no command runs the
	// user's shell (chroot NEWROOT runs "$SHELL" -i).
	BareShell bool
	// Carrier says the program runs, in its own place, the shell code
	// one of its options gives (su -c CMD): it is no part of its own, and
	// the code is walked as run under it.
	Carrier bool
	// InputSeps are the words that, after a launcher's command, begin a
	// group of the inputs it runs the command with, space separated: the
	// first a group of values, the second a group of files holding them,
	// each also with a "+" after it (linked to the group before): GNU
	// parallel's ::: and :::: (::::: is no separator, but a word of the
	// command). The command's words end at the first.
	InputSeps string
	// SetsVars lists the options, space separated, whose value names a
	// shell variable the builtin assigns (printf -v NAME, wait -p NAME,
	// read -a NAME); SetsOperands says its operands are such names (read,
	// mapfile). The shell package forgets what it knew of each: PATH set
	// so is not known.
	SetsVars     string
	SetsOperands bool
	// Assigns says NAME=VALUE words may stand before a launcher's
	// command (env FOO=1 CMD): they are given to the command, and are
	// neither operands nor the command's first word; the options end at
	// the first of them.
	Assigns bool
	// Carries lists the options, space separated, whose command the shell
	// does not judge as one run through an option of the program (R14's
	// program-flag route), because it is judged as a part of its own
	// already or as what the program is for: find's -exec and kin are
	// walked as the commands they are, env -S as env's words, and netcat's
	// -e and -c are remote access. "*" names every option. Each name is
	// read in every spelling (Spec.Carried).
	Carries string
	// Placeholders are the words that, in a command it runs on the files
	// it finds or reads (Carries, or a wrapper's command), stand for one
	// of them, whole or in part, space separated: find's {}, fd's and GNU
	// parallel's {} {.} {/} {//} {/.} (the path, without extension, last
	// name, directory, last name without extension). A command with none
	// gets the files after its words (fd -X rm, parallel gzip).
	Placeholders string
	// RunsIn lists the options it Carries whose command runs in the
	// directory of each file found, not in its own (find's -execdir and
	// -okdir): the command's relative paths name files there.
	RunsIn string
	// BaseDir is the option whose value is the directory it walks from
	// and runs its carried commands in (fd --base-directory), in any of
	// its spellings.
	BaseDir string
	// Multicall marks a multi-call binary (busybox, toybox): it runs the
	// applet named by the name it is run as, so a link to it named ls
	// runs its ls.
	Multicall bool
	// DashCommand says the command follows a -- and only then (mise exec
	// TOOL@VERSION... -- CMD): the operands before it are the entry's.
	DashCommand bool
	// Paces says a call waits, for a time or for an event, before it
	// returns (sleep, inotifywait), or repeats its command at an interval
	// and does not return (watch): an endless loop that runs it is paced,
	// not a loop filling the disk as fast as it can. The shell's own words
	// that pace a loop (read, wait, break, exit, return) are builtins.
	Paces bool
	// Effect is the program's own effect, whatever its operands
	// (RunsProject for make, Network for curl).
	Effect Effect
	// Lang names the language of operands marked c ("awk", "sed", "jq",
	// "python"): the shell package judges that text.
	Lang Lang
	// Grant says which allow rule a person is offered for a call of the
	// program (grant.SuggestBash): by default its name as a prefix.
	Grant Grant
	// Talk says whether the program's talk with a host is only a fetch
	// (classify.Pattern).
	Talk Talk
	// Lasting says which calls act beyond the machine and cannot be
	// taken back (classify.ExplainFindings).
	Lasting Lasting
	// Raises are the dangers a call of this entry (a program's, or a
	// subcommand's: terraform destroy, helm uninstall) is, whatever else
	// it does: where a danger is just "this subcommand is that category",
	// it is declared here and judged by the shell package's one generic
	// check, with no code of its own.
	Raises []Raise
	// Flow says where what the program reads goes: a copy, the
	// transcript whole, only a digest (shell's credential checks).
	Flow Flow
	// Code says what the program does with code a pipeline hands it, or
	// what it hands on: it interprets it, fetches it, decodes it.
	Code Code
	// Flagged are command lines that must not pass as read-only: each is
	// flagged, unknown or has an effect beyond reading.
	Flagged []string
	// ReadOnly are command lines that must pass as read-only and known.
	ReadOnly []string

	compileOnce sync.Once
	*compiled   // set by compile: an entry never looked up costs no more than its fields
	// subName is a subcommand's name ("git log"), given by the first
	// parent compiled: the subcommand is compiled on first use (ensure),
	// so a lookup of git does not compile its hundred subcommands.
	nameOnce sync.Once
	subName  string
}

// Files says how a program's words name files beyond what its options'
// and operands' effects declare: as an option's value or a KEY=VALUE
// operand, by a prefix, or by the URL it downloads.
type Files struct {
	// EditsWith lists options given a value, NAME=VALUE, space
	// separated, with which the call also writes the files its operands
	// read: gawk -i inplace. VALUE matches the value or its last path
	// element (-i /usr/share/awk/inplace.awk).
	EditsWith string
	// Prefixes lists prefixes, space separated, with which a word or an
	// option's value (--name=PREFIX…) names a local file the program
	// reads: aws's file://PATH and fileb://PATH.
	Prefixes string
	// Keys declares operands of the form KEY=VALUE whose value is a path,
	// space separated KEY=E with E r (read) or w (written): dd's if=r
	// of=w.
	Keys string
	// Archive names the option whose value is the archive the call reads
	// (tar -f), or writes when one of ArchiveWrites is given (tar -c, -r,
	// -u, -A); all are read in every spelling.
	Archive, ArchiveWrites string
	// RemoteUnless says the Archive may be HOST:PATH (USER@HOST:PATH) on
	// another host, reached through rsh or ssh and the remote rmt, in
	// every mode, listing included, unless one of these options says the
	// colon is part of a local name (GNU tar's and GNU cpio's
	// --force-local); "" for an archive that is always local.
	RemoteUnless string
	// Saves lists options, one of which makes the call save each URL
	// operand under the URL's file name, "*" for always unless one of
	// SavesUnless is given; SavesIn the options whose value is the
	// directory it saves into (the working directory without): curl -O
	// --output-dir DIR, wget -P DIR unless -O.
	Saves, SavesUnless, SavesIn string
	// Formats lists options whose value is a format in which
	// %output{FILE} sends what follows into FILE, %output{>>FILE} appends
	// (curl -w, 8.3).
	Formats string
	// Uploads says the files its data options send (curl -d @FILE, -F
	// name=@FILE, -T FILE) are read: checks.CurlUploads finds them.
	Uploads bool
	// SlashContents says a source operand that ends in "/" copies what
	// the directory holds, not the directory (rsync).
	SlashContents bool
	// Pieces says the call writes its input in numbered pieces, files
	// the command line names only by a prefix and a format (csplit).
	Pieces *Pieces
}

// Expression is the grammar of an expression a program's operands form
// (Spec.Expression).
type Expression uint8

const (
	// ExpressionFind: find's: starting points, then tests and actions,
	// of which -exec, -execdir, -ok and -okdir run a command, up to a ;
	// or +, on the files found (checks.ParseFind reads it). The commands
	// are walked as parts of their own, under find.
	ExpressionFind Expression = iota + 1
	// ExpressionFd: fd's: a pattern, then the paths searched (the
	// working directory when none); the command an option the entry
	// Carries runs (-x, -X) gets each file found in place of a
	// placeholder ({}, {/}, {//}, {.}, {/.}), or after its words when it
	// names none. The commands are walked as parts of their own, as
	// find's -exec are.
	ExpressionFd
)

// Links says which calls of a program make links (Spec.Links), each
// option read in every spelling.
type Links struct {
	// With lists options, space separated, one of which a call must give
	// to make links ("" always: ln, link; cp --link, cp --symbolic-link).
	With string
	// Symbolic lists the options that make the links symbolic, "*" for
	// always; without, they are hard links.
	Symbolic string
	// Relative lists the options with which a symbolic link's target is
	// named from the working directory and made relative to the link
	// (ln --relative); without, it is read from the link's directory.
	Relative string
}

// Unpacks is what an unpacking call makes (Spec.Unpacks).
type Unpacks struct {
	// What says it in the words of a finding ("clones a repository");
	// "" is an archive's members.
	What string
	// Named says that, given no directory, it unpacks into one named
	// after its first operand, the operand's last path element without
	// a .git suffix (git clone URL makes ./NAME).
	Named bool
	// Fetched says the directory is filled with what the call fetched
	// from a host: a file run from it later in the same command is code
	// nobody reviewed (git clone URL DIR && DIR/install.sh).
	Fetched bool
}

// Pieces names the files a program writes its input's pieces to: the
// value of the Prefix option (DefaultPrefix when not given) followed by
// the piece's number, from 0, printed with the printf format the Format
// option gives (DefaultFormat; %0Nd when the Digits option gives N):
// csplit -f ~/.bash -b 'rc%.0d' writes ~/.bashrc. Each option is read
// in every spelling.
type Pieces struct {
	Prefix, Format, Digits       string
	DefaultPrefix, DefaultFormat string
}

// compiled is an entry's grammar, parsed on its first lookup.
type compiled struct {
	opts     []opt
	operands []operand
	name     string
	// byLong indexes opts by name, sorted (the first of equal names
	// first): a binary search finds an option with no map to keep and
	// scan for every entry.
	byLong  []uint16
	byShort [128]int16 // short option letter → index+1 in opts
	plus    bool       // has a +X option
	isRisky bool       // some option does more than read
	raises  bool       // the entry or one of its subcommands declares Raises
	lists   bool       // the entry or one of its subcommands declares Flow.Lists
}

type opt struct {
	name     string // "-x", "--long", "-name": this spelling
	canon    string // the option's name, whatever the spelling: "--recursive"
	group    string // every spelling of the option: "-r|-R|--recursive"
	value    byte   // 0 none, '=' required, '?' optional attached
	effect   Effect // of the value, or of the flag
	untilSep bool   // value runs to ";" or "+"
	writeOps bool   // operands are also written
	delOps   bool   // operands are deleted
	pattern  bool   // supplies the pattern
	readOps  bool   // operands are read
	code     bool   // the value is code in the entry's Lang
	object   bool   // the value is a git object: REV:PATH reads PATH
	two      bool   // takes two words: a name, then the value (jq --arg)
	lists    bool   // the call lists or tests: it does not unpack (cpio -t)
	absolute bool   // an unpack writes members' absolute names as given (tar -P)
	strips   bool   // an unpack strips absolute names (cpio --no-absolute-filenames)
	ends     bool   // the options end after this one (python -m MOD ARGS)
	noCmd    bool   // a launcher given it runs no command (sudo -l, chrt -p)
	runsRest bool   // the words after it are a command the program runs (gdb --args)
	whatIf   bool   // the call only says what it would do (PowerShell -WhatIf)
	boolWord bool   // a Boolean: true or false apart is its value (nopt)
	gitKey   bool   // the value is git's KEY=VALUE: its effect is the key's (GitConfigEffect)
}

type operand struct {
	effect Effect
	sub    bool // selects a subcommand
	code   bool // code in Lang
	object bool // a git object: REV:PATH reads PATH
	// slashPath: a word with a slash is a path read, any other is data
	// (man ./page.1 reads the file, man ls names a page).
	slashPath bool
	// url: a word with a scheme (s3://bucket/key, gs://…, https://…) is a
	// host talked to, file://PATH is PATH, any other word is a path (R and
	// W: aws s3 cp, gsutil cp).
	url bool
	// moved: a path read, then deleted (mv's sources); edited: a path
	// read, then written (an editor's files); script: a file read, then
	// run as the project's code (python script.py).
	moved, edited, script bool
	rest                  bool // *
	opt                   bool // ?
}

func effectOf(c byte) (Effect, bool) {
	switch c {
	case 'r':
		return Read, true
	case 'w':
		return Write, true
	case 'd':
		return Delete, true
	case 'x':
		return Exec, true
	case 'l':
		return Load, true
	case 'n':
		return Network, true
	case 'c':
		return Config, true
	case 'p':
		return RunsProject, true
	case 'u':
		return Unknown, true
	case 'h':
		return Help, true
	case 'i':
		return Into, true
	case 'e':
		return Unpack, true
	case '-':
		return None, true
	}
	return None, false
}

// compile parses the Options and Operands grammars, once, on the entry's
// first lookup (so a short-lived process pays only for the programs it
// meets); it panics on a malformed entry, which the package's tests catch
// by compiling every entry (All).
func (s *Spec) compile(name string) {
	s.compileOnce.Do(func() { s.compileNow(name) })
}

// ensure compiles a subcommand (or an entry) reached through its parent,
// under the name the parent gave it.
func (s *Spec) ensure() {
	s.compileOnce.Do(func() {
		name := s.subName
		if name == "" && len(s.Names) > 0 {
			name = s.Names[0]
		}
		s.compileNow(name)
	})
}

// nameSub names a subcommand of a compiled parent, once: the first
// parent's name holds, as the first compile's did.
func (s *Spec) nameSub(name string) {
	s.nameOnce.Do(func() { s.subName = name })
}

func (s *Spec) compileNow(name string) {
	s.compiled = &compiled{name: name, raises: declaresRaises(s, 0)}
	// One opt per spelling: each field declares one spelling more than it
	// has "|".
	s.opts = make([]opt, 0, strings.Count(s.Options, " ")+strings.Count(s.Options, "|")+1)
	for f := range strings.FieldsSeq(s.Options) {
		var o opt
		i := modifierAt(f)
		if i < 0 {
			o.group = f
			s.addOption(name, f, o)
			continue
		}
		o.group = f[:i]
		mod := f[i+1:]
		switch f[i] {
		case '=', '?':
			o.value = f[i]
			if c := strings.IndexByte(mod, ':'); c >= 0 {
				for _, m := range []byte(mod[c+1:]) {
					switch m {
					case 'P':
						o.pattern = true
					case 'T':
						o.ends = true
					case 'N':
						o.noCmd = true
					case 'W':
						o.writeOps = true
					case 'D':
						o.delOps = true
					case 'R':
						o.readOps = true
					case 'L':
						o.lists = true
					case 'A':
						o.absolute = true
					case 'S':
						o.strips = true
					default:
						panic("programs: " + name + ": bad option " + f)
					}
				}
				mod = mod[:c]
			}
			if strings.HasPrefix(mod, ";") {
				o.untilSep = true
				mod = mod[1:]
			}
			if strings.HasSuffix(mod, "2") {
				o.two = true
				mod = mod[:len(mod)-1]
			}
			if mod == "k" {
				o.code, o.effect, mod = true, Exec, ""
			}
			if mod == "K" {
				o.gitKey, o.effect, mod = true, Unknown, ""
			}
			if mod == "g" {
				o.object, o.effect, mod = true, Read, ""
			}
			if mod == "b" && f[i] == '?' {
				o.boolWord, mod = true, ""
			}
			if mod != "" {
				e, ok := effectOf(mod[0])
				if !ok || len(mod) > 1 {
					panic("programs: " + name + ": bad option " + f)
				}
				o.effect = e
			}
		case ':':
			for _, c := range []byte(mod) {
				switch c {
				case 'W':
					o.writeOps = true
				case 'D':
					o.delOps = true
				case 'P':
					o.pattern = true
				case 'T':
					o.ends = true
				case 'N':
					o.noCmd = true
				case 'C':
					o.runsRest = true
				case 'R':
					o.readOps = true
				case 'L':
					o.lists = true
				case 'A':
					o.absolute = true
				case 'S':
					o.strips = true
				case 'I':
					o.whatIf = true
				default:
					e, ok := effectOf(c)
					if !ok {
						panic("programs: " + name + ": bad option " + f)
					}
					o.effect = e
				}
			}
		}
		s.addOption(name, f, o)
	}
	for f := range strings.FieldsSeq(s.Operands) {
		var op operand
		switch f[0] {
		case 's':
			op.sub = true
		case 'c':
			op.code = true
			op.effect = Exec
		case 'g':
			op.object = true
		case 'f':
			op.slashPath = true
		case 'm':
			op.effect, op.moved = Delete, true
		case 'M':
			op.effect, op.moved, op.url = Delete, true, true
		case 'E':
			op.effect, op.edited = Write, true
		case 'S':
			op.effect, op.script = RunsProject, true
		case 'R':
			op.effect, op.url = Read, true
		case 'I':
			op.effect, op.url = Into, true
		case 'W':
			op.effect, op.url = Write, true
		default:
			e, ok := effectOf(f[0])
			if !ok {
				panic("programs: " + name + ": bad operand " + f)
			}
			op.effect = e
		}
		if len(f) > 1 {
			switch f[1:] {
			case "*":
				op.rest = true
			case "?":
				op.opt = true
			default:
				panic("programs: " + name + ": bad operand " + f)
			}
		}
		s.operands = append(s.operands, op)
	}
	s.byLong = make([]uint16, len(s.opts))
	for i := range s.byLong {
		s.byLong[i] = uint16(i)
	}
	// Sorted by name, the first declared of equal names first (the index
	// breaks ties, which is faster than a stable sort).
	slices.SortFunc(s.byLong, func(x, y uint16) int {
		if c := strings.Compare(s.opts[x].name, s.opts[y].name); c != 0 {
			return c
		}
		return int(x) - int(y)
	})
	for i, o := range s.opts {
		if len(o.name) == 2 && o.name[0] == '-' && o.name[1] < 128 && s.byShort[o.name[1]] == 0 {
			s.byShort[o.name[1]] = int16(i + 1)
		}
		s.plus = s.plus || o.name[0] == '+'
		s.isRisky = s.isRisky || o.writeOps || o.delOps || !o.effect.ReadOnly()
	}
	s.isRisky = s.isRisky || len(s.Subcommands) > 0 || s.OtherSpec != nil
	for f := range strings.FieldsSeq(s.Defaults) {
		if o, _, ok := strings.Cut(f, "="); !ok || s.exact(o) == nil || s.exact(o).value == 0 {
			panic("programs: " + name + ": bad default " + f)
		}
	}
	s.lists = s.Flow.Lists != ListsNot
	for sub, ss := range s.Subcommands {
		ss.nameSub(name + " " + sub)
		s.lists = s.lists || ss.Flow.Lists != ListsNot
	}
	if o := s.OtherSpec; o != nil && o != s {
		o.nameSub(name + " *")
	}
}

// modifierAt returns the index of the first '=', '?' or ':' of an Options
// field (where its modifiers start), or -1 (strings.IndexAny builds a set
// for every call).
func modifierAt(f string) int {
	for i := 0; i < len(f); i++ {
		if c := f[i]; c == '=' || c == '?' || c == ':' {
			return i
		}
	}
	return -1
}

// addOption declares one option under each of its spellings (o.group,
// "-r|-R|--recursive"): every spelling shares the option's modifiers and
// its canonical name, the first long spelling (else the first).
func (s *Spec) addOption(name, f string, o opt) {
	o.canon, _, _ = strings.Cut(o.group, "|")
	for n := range strings.SplitSeq(o.group, "|") {
		if strings.HasPrefix(n, "--") {
			o.canon = n
			break
		}
	}
	for n := range strings.SplitSeq(o.group, "|") {
		if n == "" || n[0] != '-' && n[0] != '+' && !(n[0] == '/' && s.Slash) {
			panic("programs: " + name + ": bad option " + f)
		}
		o.name = n
		s.opts = append(s.opts, o)
	}
}

// Name returns the entry's name (its first name, and for a subcommand the
// path: "git log").
func (s *Spec) Name() string {
	if s.subName != "" {
		s.ensure()
	}
	if s.compiled == nil {
		return ""
	}
	return s.name
}

// Raise is one danger an entry declares: a call the entry judges is a
// finding of Kind, described by Why, unless one of the options Unless
// names is on (Result.On), and only when one of those With names is
// given (if any).
type Raise struct {
	Kind danger.Kind
	// Why is the finding's description; "{prog}" in it stands for the
	// program's name as the call spells it (terraform, tofu).
	Why string
	// Unless lists, space separated, options by name that make the call
	// harmless when on (--dry-run, but not --dry-run=false or a later
	// --no-dry-run: Result.On): they must be declared in the entry's
	// Options, so that every spelling counts.
	Unless string
	// With, when set, makes the danger hold only for a call that gives
	// one of these options, space separated, by name: NAME the option
	// given (a flag, or an option with any value), NAME=PAT the option
	// with a value PAT matches, where * stands for any run of characters
	// and case does not count (--approval-mode=yolo, --sandbox=danger*,
	// --method=delete; pass mv -f overwrites the destination, pass mv
	// asks first). The first that holds is the finding's: in Why,
	// {opt} is its name and {value} its value. They must be declared in
	// the entry's Options or a parent's (an option given before the
	// subcommand counts), so that every spelling counts.
	With string
	// Operand, when set, makes the danger hold only for a call one of
	// whose operands PAT matches, from this list of patterns, space
	// separated, as With matches values (rake's tasks: db:drop,
	// db:drop[*]); in Why, {value} is the operand. A program whose first
	// word selects a subcommand declares that as a subcommand instead.
	Operand string
	// Setting, when set, makes the danger hold only for a call that sets
	// one of these settings, space separated KEY=PAT, each matched as
	// With matches values: the operands are read as npm config set
	// reads them, in turn either one KEY=VALUE word or the two words KEY
	// VALUE (npm config set strict-ssl false, strict-ssl=false). In Why,
	// {value} is the key.
	Setting string
	// Medium makes the finding medium risk, below its category's: a
	// danger that is undone with one command (brew services stop), or
	// that can lose data but need not.
	Medium bool
	// Last ends the judging of the entry's raises when this one holds:
	// they are an ordered choice (pip config set: a TLS setting, else the
	// index, else any setting).
	Last bool
	// Flagged are commands that must carry the finding, Passes
	// look-alikes that must not; the shell package's tests run both.
	Flagged, Passes []string
}

// Holds reports whether the danger holds for a call the entry parsed as
// res, by With and Operand (Unless is the caller's), and what held: the
// option's name and its value, or the operand.
func (r *Raise) Holds(res *Result) (opt, value string, ok bool) {
	if r.With != "" {
		if opt, value, ok = r.with(res); !ok {
			return "", "", false
		}
	}
	if r.Operand != "" {
		ok = false
		for _, pat := range strings.Fields(r.Operand) {
			for _, w := range res.Operands() {
				if globFold(pat, w) {
					value, ok = w, true
					break
				}
			}
			if ok {
				break
			}
		}
		if !ok {
			return "", "", false
		}
	}
	if r.Setting != "" {
		if value, ok = r.setting(res.Operands()); !ok {
			return "", "", false
		}
	}
	return opt, value, true
}

// setting returns the key of the first of ops' settings one of r.Setting's
// patterns matches.
func (r *Raise) setting(ops []string) (string, bool) {
	for i := 0; i < len(ops); i++ {
		k, v, eq := strings.Cut(ops[i], "=")
		if !eq && i+1 < len(ops) {
			i++
			v = ops[i]
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		for _, pat := range strings.Fields(r.Setting) {
			kp, vp, _ := strings.Cut(pat, "=")
			if globFold(kp, k) && globFold(vp, v) {
				return k, true
			}
		}
	}
	return "", false
}

func (r *Raise) with(res *Result) (string, string, bool) {
	for alt := range strings.FieldsSeq(r.With) {
		name, pat, valued := strings.Cut(alt, "=")
		if !valued {
			if res.Has(name) {
				v, _ := res.Value(name)
				return name, v, true
			}
			continue
		}
		for _, v := range res.Values(name) {
			if globFold(pat, v) {
				return name, v, true
			}
		}
	}
	return "", "", false
}

// globFold reports whether s matches pat, where * in pat stands for any
// run of characters, without regard to case.
func globFold(pat, s string) bool {
	parts := strings.Split(strings.ToLower(pat), "*")
	s = strings.ToLower(s)
	if len(parts) == 1 {
		return s == parts[0]
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	last := parts[len(parts)-1]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return len(s) >= len(last) && strings.HasSuffix(s, last)
}

// MayRaise reports whether the entry or one of its subcommands declares
// Raises: the only calls the generic check needs to parse.
func (s *Spec) MayRaise() bool {
	if len(s.Names) == 0 {
		return declaresRaises(s, 0)
	}
	s.compile(s.Names[0])
	return s.compiled.raises
}

// MayList reports whether the entry or one of its subcommands declares
// Flow.Lists: the only calls a listing needs to parse.
func (s *Spec) MayList() bool {
	s.compile(s.Names[0])
	return s.compiled.lists
}

// declaresRaises reports whether s or a subcommand of it, to a few levels,
// declares Raises.
func declaresRaises(s *Spec, depth int) bool {
	if len(s.Raises) > 0 {
		return true
	}
	if depth > 4 {
		return false
	}
	for _, sub := range s.Subcommands {
		if declaresRaises(sub, depth+1) {
			return true
		}
	}
	return false
}
