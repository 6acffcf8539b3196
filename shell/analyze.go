package shell

import (
	"io/fs"
	"strings"
	"sync"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/display"
	"mvdan.cc/sh/v3/syntax"
)

// Default limits, used when the matching Options field is zero.
const (
	DefaultMaxLength = 100_000
	DefaultMaxDepth  = 16
	DefaultMaxParts  = 4096
)

// ScanFactor is how many times MaxLength a command too long to parse is
// still read by the raw scan, for deny and ask rules; past that it is
// judged by its first ScanFactor*MaxLength bytes and is never allowed.
const ScanFactor = 10

// The values of Analysis.Limit.
const (
	LimitLength = "length"
	LimitDepth  = "depth"
	LimitParts  = "parts"
)

// Options says where the command runs. The zero value is usable: limits take
// their defaults, and an empty Cwd means relative paths cannot be resolved
// (so deleting them is judged as deleting unknown paths).
type Options struct {
	// Cwd is the absolute working directory of the command; relative
	// operands resolve against it.
	Cwd string
	// Home is the user's home directory ($HOME, ~ expansion).
	Home string
	// WorkingDirs are the directories the agent may work in (cwd plus
	// additionalDirectories), used to decide what is inside the working
	// tree. Empty means just Cwd.
	WorkingDirs []string
	// ControlFiles are more agent control files than pathclass declares:
	// the settings files in use, wherever the environment put them.
	ControlFiles []string
	// Secrets are files of Warden's own that the agent must never read (the
	// approval daemon's approver token): printing or copying one is
	// credential-access.
	Secrets []string
	// Glob expands an absolute glob pattern on disk as bash would (ok
	// false when the disk cannot say). With it, a pattern a command reads
	// is judged by what it matches — jq -s length data/*.json is not taken
	// to print a browser's logins.json that is not there — unless an
	// earlier part may have changed what is there; without it, or past
	// its bounds, by what it could match. Analyze does no I/O of its own.
	Glob func(pattern string) (matches []string, ok bool)
	// List reads from the disk what a listing (git ls-files, find with
	// literal roots) would print, within a bound: the names as the
	// program prints them, ok false when the disk cannot say. With it, a
	// read-only command given those names ($(git ls-files), xargs, a loop
	// over them) is judged by the files they are, where the whole command
	// only reads; without it the names are not known.
	List func(l Listing) (names []string, ok bool)
	// Path is the environment's PATH, where a bare program name is looked
	// up; empty means the usual system directories. A PATH holding the
	// working directory (an empty entry or .), a relative directory or one
	// inside the project makes every bare name looked up on disk: one found
	// in the project is the project's own code.
	Path string
	// Lstat and Readlink read the disk for a program named by a path or
	// found through a PATH the command changed: a link is judged as the
	// program it leads to. Without them a link is judged by its name.
	Lstat    func(path string) (fs.FileInfo, error)
	Readlink func(path string) (string, error)
	// MaxLength bounds the command's length in bytes, MaxDepth the nesting
	// of carriers (bash -c inside eval inside ...), MaxParts the number of
	// parts. Zero means the default.
	MaxLength, MaxDepth, MaxParts int
}

// Analysis is everything Analyze learned about one command.
type Analysis struct {
	// Original is the command as given.
	Original string
	// Normalized is the command after normalisation: what was parsed.
	Normalized string
	// Parts are the simple commands that would run, in order, with
	// wrappers and carriers unwrapped recursively.
	Parts []Part
	// Findings are the danger catalogue's hits; Finding.Part is the text of
	// the part concerned.
	Findings []api.Finding
	// ParseError is non-nil when the command does not parse. Such a call is
	// ask and is never allowed by a rule; its raw text was still scanned for
	// danger and the pieces found are in Parts (all marked Dynamic).
	ParseError error
	// Limit is non-empty (LimitLength, LimitDepth or LimitParts) when a
	// limit was exceeded. The call then becomes ask, after every part in
	// Parts has been checked against deny rules.
	Limit string
}

// Dangerous reports whether the danger catalogue found anything.
func (a *Analysis) Dangerous() bool { return len(a.Findings) > 0 }

// Risk returns the highest risk among the findings (api.RiskNone when there
// are none).
func (a *Analysis) Risk() api.Risk { return api.MaxRisk(a.Findings) }

// Part is one simple command that would run.
type Part struct {
	// Text is the simple command as a display string (as written, with its
	// wrappers and redirections).
	Text string
	// Words are the command's words with the program reduced to its name
	// (/bin/rm, \rm, r''m and "rm" are all rm) and wrappers and assignments
	// stripped: this is what Bash(...) rules match. A word that is not a
	// literal appears as written (for example "$HOME").
	Words []string
	// Alternates are other spellings rules should also match: global
	// options skipped (git -C dir commit → git commit), or the words a
	// non-literal spelling most likely expands to (${x:-rm} → rm).
	Alternates [][]string
	// Assignments are the NAME=value prefixes as written (including those
	// given to env).
	Assignments []string
	// UnsafeEnv is true when an assignment changes what runs (LD_PRELOAD,
	// BASH_ENV, PAGER, PATH, ...): allow rules may not apply.
	UnsafeEnv bool
	// Dynamic is true when the program is not a literal ($X, $(...), a
	// glob): the part can never be allowed by a rule.
	Dynamic bool
	// ReadOnly is true when every effect of the part is known and is a
	// read (and nothing is redirected to a file): it runs without any rule
	// while what it reads stays inside the working directories.
	ReadOnly bool
	// Effects are what the part does, from its program's entry
	// (programs.Lookup), with path targets resolved.
	Effects []Effect
	// Unknown says what the analysis could not resolve: a program with no
	// entry, an undeclared option, a word that is not a literal where an
	// option or the program stands, code that is not a literal. A part
	// with anything unknown is never read-only, never allowed by a mode
	// other than bypassPermissions, and never approved by the built-in
	// classifier.
	Unknown []string
	// Cause says, for a part that is not read-only and has nothing
	// unknown, what makes it more than a read (it writes x, it talks to
	// a host, it runs the project's own code): the reason a person is
	// asked.
	Cause string
	// FileOp is true for a simple file command (mkdir, touch, cp, mv, rm
	// without -r, rmdir, ln) that acceptEdits may run when all Writes are
	// inside the working directories.
	FileOp bool
	// Launcher, for a command a launcher runs (npx tsc, uv run pytest,
	// mise exec -- make), is how many parts back the launcher's part is
	// (0 for every other part): an allow rule covering the launcher covers
	// the command it launches, as it did when the command was only words
	// of the launcher's; deny and ask rules and danger checks see the
	// command as a part of its own.
	Launcher int
	// Reads are the absolute, cleaned paths read: input redirections and
	// the file operands of reading programs.
	Reads []string
	// Globs are the globbing options in force for the part's patterns,
	// where the command changed them (bash's defaults otherwise).
	Globs GlobOptions
	// Trees are the directories the part reads recursively, everything
	// below them included (grep -r x ., rg x with no path, tar czf x.tgz
	// ., cp -r . out, the roots of find . -exec cat {} +): absolute and
	// cleaned, maybe glob patterns.
	Trees []string
	// Follows says the part follows the symbolic links inside its Trees
	// (grep -R, rg -L, zip, tar -h): it reads where they lead too.
	Follows bool
	// Writes are the absolute, cleaned paths written: output redirection
	// targets (other than /dev/null and the standard streams) and the
	// targets of cp, mv, touch, tee, sed -i and the like.
	Writes []string
	// Beyond are the words through which the part runs code or reads
	// configuration its command line names (make --eval=…, pytest -p X,
	// git rebase -x CMD; programs.Loads): an allow rule on the program
	// does not cover the part, only one that names each of them.
	Beyond []string
	// Repo, for git, is where it finds the repository it works on: that
	// repository's configuration and hooks are code it may run.
	Repo *RepoStart
}

// Program returns the program the part runs (Words[0]), or "".
func (p *Part) Program() string {
	if len(p.Words) == 0 {
		return ""
	}
	return p.Words[0]
}

// pooledParser is a parser with the reader it reads from, both reused.
type pooledParser struct {
	p *syntax.Parser
	r strings.Reader
}

var parserPool = sync.Pool{New: func() any {
	return &pooledParser{p: syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false))}
}}

func parse(src string) (*syntax.File, error) {
	pp := parserPool.Get().(*pooledParser)
	pp.r.Reset(src)
	f, err := pp.p.Parse(&pp.r, "")
	pp.r.Reset("")
	parserPool.Put(pp)
	return f, err
}

// Analyze reads command as a shell program and judges every part of it. It
// does no I/O and never panics.
func Analyze(command string, opts Options) *Analysis {
	return analyze(command, opts, true)
}

// analyze is Analyze, with the memo of function calls on or off (tests
// compare the two).
func analyze(command string, opts Options, memo bool) (an *Analysis) {
	an = &Analysis{Original: command}
	defer func() {
		if r := recover(); r != nil {
			// A bug must never turn into a quiet allow: report it as a
			// parse failure, which is always ask.
			an.ParseError = &internalError{r}
			an.Parts = append(an.Parts, Part{Text: command, Words: []string{command}, Dynamic: true})
		}
	}()
	if opts.MaxLength <= 0 {
		opts.MaxLength = DefaultMaxLength
	}
	if opts.MaxDepth <= 0 {
		opts.MaxDepth = DefaultMaxDepth
	}
	if opts.MaxParts <= 0 {
		opts.MaxParts = DefaultMaxParts
	}
	a := newAnalyzer(opts, an)
	a.noMemo = !memo
	n := normalize(command)
	an.Normalized = n.text
	// Plain text is never suspicious (TestPlainIsNotSuspicious): its
	// second scan is spared.
	if n.hidden || !n.plain && display.Suspicious(command) {
		a.addFinding(danger.Obfuscation, "the command contains escape sequences, control, invisible or fullwidth characters that hide what it runs", command, api.RiskHigh)
	}
	text := n.text
	if len(text) > opts.MaxLength {
		// Too long to parse, but a deny rule must still deny: the raw
		// scan reads ScanFactor times the limit, each distinct statement
		// once, so that repetition costs nothing and a deny-matching part
		// anywhere in that stretch is a part.
		an.Limit = LimitLength
		if n := ScanFactor * opts.MaxLength; len(text) > n {
			text = text[:n]
		}
		a.distinct = map[string]bool{}
		a.rawScan(text)
		a.finish()
		a.release()
		a.recycle()
		return an
	}
	f, err := parse(text)
	if err != nil {
		an.ParseError = err
		a.rawScan(text)
		a.finish()
		a.release()
		a.recycle()
		return an
	}
	// The parts are gathered in a pooled slice and copied out at the end,
	// so that the result holds exactly what it needs.
	ps := partsPool.Get().(*[]Part)
	an.Parts = (*ps)[:0]
	a.top = scope{dir: a.topCwd}
	sc := &a.top
	a.walkTop(f.Stmts, &ctx{src: text, sc: sc})
	a.finish()
	a.settleListings()
	a.release()
	a.recycle()
	scratch := an.Parts
	an.Parts = make([]Part, len(scratch))
	copy(an.Parts, scratch)
	clear(scratch)
	if cap(scratch) <= 1024 {
		*ps = scratch[:0]
		partsPool.Put(ps)
	}
	return an
}

var partsPool = sync.Pool{New: func() any {
	s := make([]Part, 0, 64)
	return &s
}}

type internalError struct{ v any }

func (e *internalError) Error() string { return "internal error while analysing the command" }
