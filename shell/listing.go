package shell

import (
	"github.com/wardenhq/warden/checks"
	"slices"
	"strconv"
	"strings"

	"github.com/wardenhq/warden/programs"
	"mvdan.cc/sh/v3/syntax"
)

// Listing is a read-only command whose output is names of files in the
// working tree, as the analysis read it: git ls-files, or find with
// literal roots and tests that only select. What it prints is read from
// the disk (Options.List), so that a reader given those names (wc -l
// $(git ls-files), git ls-files | xargs wc -l, for f in $(find . -name
// '*.json')) is judged by the files it opens, links included, not by
// what a name could be.
type Listing struct {
	// Program is "git ls-files" or "find".
	Program string
	// Cwd is the absolute directory it runs in: names it prints are
	// relative to it.
	Cwd string
	// Pathspecs are git ls-files's pathspecs, relative to Cwd, as given
	// (none: every tracked file under Cwd). Only plain ones are read:
	// literal paths and the wildcards * and ?.
	Pathspecs []string
	// Roots are find's starting points, as written and resolved.
	Roots []ListRoot
	// Names are find's -name (Fold false) and -iname (Fold true) tests;
	// Type is -type's letter (f, d or l; 0 for none); MinDepth and
	// MaxDepth are -mindepth and -maxdepth (-1 for none). All must hold.
	Names              []NameTest
	Type               byte
	MinDepth, MaxDepth int
	// Null is find's -print0: the names end with NUL, not newline.
	Null bool
	// lists is how the names are read: the entry's Flow.Lists.
	lists programs.Lister
}

// ListRoot is one of find's starting points.
type ListRoot struct {
	Written, Path string
}

// NameTest is a -name or -iname pattern: * and ? only.
type NameTest struct {
	Pattern string
	Fold    bool
}

// String is the listing as a command, for messages.
func (l Listing) String() string {
	return l.Program
}

// maxListingItems bounds the words of a loop over a listing's names
// (each is a pass over the body).
const maxListingItems = 64

// gitListingEnv are the variables that change which repository or index
// git ls-files reads: set in the command, the listing is not read.
var gitListingEnv = []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM", "GIT_NAMESPACE"}

// listingOf recognises a listing among a command's evaluated words (the
// program first), run in c. Every word must be a literal the analysis
// reads whole.
func (a *analyzer) listingOf(args []arg, c *ctx) (Listing, bool) {
	if a.opts.List == nil || len(args) == 0 {
		return Listing{}, false
	}
	cwd := c.sc.cwd()
	if cwd == "" || !a.inTree(cwd) {
		return Listing{}, false
	}
	for _, x := range args {
		if !x.Lit || x.Glob || x.Subst || x.Unbound {
			return Listing{}, false
		}
	}
	if _, ok := c.sc.alias(key(args[0].Value)); ok {
		return Listing{}, false
	}
	spec := programs.Lookup(programName(args[0].Value))
	switch {
	case spec == nil:
	case spec.Flow.Lists == programs.ListsWalk:
		return a.findListing(spec.Name(), args[1:], cwd)
	case spec.MayList():
		return a.indexListing(spec, args[1:], c, cwd)
	}
	return Listing{}, false
}

// indexListing is the listing of a call whose subcommand's entry lists the
// repository's index (programs.ListsIndex: git ls-files).
func (a *analyzer) indexListing(spec *programs.Spec, ops []arg, c *ctx, cwd string) (Listing, bool) {
	for _, name := range gitListingEnv {
		if _, set := c.sc.variable(name); set {
			return Listing{}, false
		}
	}
	// git's entry reads the command line: -c, --cached and --cach alike,
	// pathspecs after --, and no global option (git -C DIR, --git-dir
	// would name another repository).
	words := make([]programs.Word, len(ops))
	for i, x := range ops {
		words[i] = programs.Word{Text: x.Value, Literal: true}
	}
	res := programs.Parse(spec, words)
	if res.Spec == nil || res.Spec.Flow.Lists != programs.ListsIndex || !res.Known() || res.Help || len(res.SubIndexes()) == 0 || res.SubIndexes()[0] != 0 {
		return Listing{}, false
	}
	for _, o := range res.Options {
		if o.Option != "--cached" {
			return Listing{}, false // -z, --others, --stage, --format=…: other output
		}
	}
	l := Listing{Program: res.Spec.Name(), Cwd: cwd, lists: programs.ListsIndex}
	for _, s := range res.Operands() {
		if s == "" || strings.HasPrefix(s, ":") || strings.HasPrefix(s, "/") || strings.Contains(s, "[") || strings.Contains(s, `\`) {
			return Listing{}, false // magic, absolute, classes, escapes
		}
		for _, seg := range strings.Split(s, "/") {
			if seg == ".." {
				return Listing{}, false
			}
		}
		l.Pathspecs = append(l.Pathspecs, s)
	}
	return l, true
}

// findListing is the listing of a call whose entry lists a walk of its
// roots (programs.ListsWalk: find), named name.
func (a *analyzer) findListing(name string, ops []arg, cwd string) (Listing, bool) {
	l := Listing{Program: name, Cwd: cwd, MinDepth: -1, MaxDepth: -1, lists: programs.ListsWalk}
	i := 0
	for ; i < len(ops); i++ {
		s := ops[i].Value
		if strings.HasPrefix(s, "-") || s == "(" || s == "!" || s == ")" || s == "," {
			break
		}
		p := a.resolve(ops[i], cwd)
		if p == "" || !a.inTree(p) {
			return Listing{}, false
		}
		l.Roots = append(l.Roots, ListRoot{Written: s, Path: p})
	}
	if len(l.Roots) == 0 {
		l.Roots = []ListRoot{{Written: ".", Path: cwd}}
	}
	printed := false
	for ; i < len(ops); i++ {
		s := ops[i].Value
		if printed {
			return Listing{}, false // an action then more: not one list
		}
		switch s {
		case "-print", "-print0":
			printed, l.Null = true, s == "-print0"
			continue
		}
		if i+1 >= len(ops) {
			return Listing{}, false
		}
		v := ops[i+1].Value
		i++
		switch s {
		case "-name", "-iname":
			if v == "" || strings.ContainsAny(v, `[\`) {
				return Listing{}, false
			}
			l.Names = append(l.Names, NameTest{Pattern: v, Fold: s == "-iname"})
		case "-type":
			if v != "f" && v != "d" && v != "l" {
				return Listing{}, false
			}
			l.Type = v[0]
		case "-maxdepth", "-mindepth":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 64 {
				return Listing{}, false
			}
			if s == "-maxdepth" {
				l.MaxDepth = n
			} else {
				l.MinDepth = n
			}
		default:
			return Listing{}, false
		}
	}
	return l, true
}

// findExecListing is findListing for a find whose tests end in -exec
// CMD {} + or -exec CMD {} \;, with {} a word of its own: the listing of
// the tests before it, and the command's words. A find that does more
// (-delete, another action, {} inside a word) is none.
func (a *analyzer) findExecListing(prog arg, ops []arg, c *ctx) (Listing, []arg, bool) {
	if a.opts.List == nil {
		return Listing{}, nil, false
	}
	at := -1
	for i, x := range ops {
		if x.Value == "-exec" {
			at = i
			break
		}
	}
	if at < 0 {
		return Listing{}, nil, false
	}
	end := -1
	for j := at + 1; j < len(ops); j++ {
		if ops[j].Value == ";" || ops[j].Value == "+" {
			end = j
			break
		}
	}
	if end != len(ops)-1 || end < at+3 || ops[end-1].Value != "{}" {
		return Listing{}, nil, false
	}
	cmd := ops[at+1 : end]
	for _, x := range cmd[:len(cmd)-1] {
		if strings.Contains(x.Value, "{}") {
			return Listing{}, nil, false
		}
	}
	words := make([]arg, 0, at+1)
	words = append(words, prog)
	words = append(words, ops[:at]...)
	l, ok := a.listingOf(words, c)
	if !ok || l.lists != programs.ListsWalk || l.Null {
		return Listing{}, nil, false
	}
	return l, cmd[:len(cmd)-1], true
}

// findExec runs find -exec CMD {} + (or \;) as CMD given the names find
// lists, where they can be read: the command is a part of its own, with
// those names, and find itself only reads when that part does. It reports
// false when the names are not known, leaving -exec to be judged as
// running a command with names of its own.
func (a *analyzer) findExec(ca *call, fi *checks.Find, ops []arg) bool {
	l, cmd, ok := a.findExecListing(ca.args[0], ops, ca.ctx)
	if !ok || ca.partIdx < 0 || ca.ctx.remote {
		return false
	}
	names, ok := a.list(l)
	if !ok {
		return false
	}
	cp := *ca.ctx
	cp.find, cp.findFed = fi, true
	cp.pipe, cp.redirs, cp.xargs = nil, nil, false
	words := make([]string, len(cmd))
	for i, x := range cmd {
		words[i] = x.Raw
	}
	first := len(a.an.Parts)
	a.dispatch(strings.Join(words, " ")+" {}", append(cmd[:len(cmd):len(cmd)], names...), nil, nil, &cp)
	a.listedParts = appendInt(a.listedParts, ca.partIdx)
	p := &a.an.Parts[ca.partIdx]
	if p.ReadOnly || len(p.Unknown) > 0 || len(p.Writes) > 0 || len(a.an.Parts) == first {
		return true
	}
	for _, q := range a.an.Parts[first:] {
		if !q.ReadOnly {
			return true
		}
	}
	for _, e := range ca.fx {
		if !e.Kind.ReadOnly() && !(e.Kind == programs.Exec && (e.Option == "-exec" || e.Option == "")) {
			return true
		}
	}
	// What find runs only reads, and so does find.
	p.ReadOnly, p.Cause = true, ""
	return true
}

// readLoop recognises while read [-r] NAME as a pipeline stage fed by a
// listing alone: the name it reads and the values it takes, one a line.
// Fed a walk whose names are not read (walkFed), the one value is {}, a
// path found below the walk's roots, and fi is that walk: the body is
// judged as find -exec's.
func (a *analyzer) readLoop(w *syntax.WhileClause, c *ctx) (name string, vals []varVal, fi *checks.Find, ok bool) {
	if w.Until || len(w.Cond) != 1 || c.pipe == nil || c.stage == 0 {
		return "", nil, nil, false
	}
	s := w.Cond[0]
	ce, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || s.Negated || s.Background || len(s.Redirs) > 0 || len(ce.Assigns) > 1 || len(ce.Assigns) == 1 && !emptyIFS(ce.Assigns[0]) {
		return "", nil, nil, false
	}
	var words []string
	for _, x := range ce.Args {
		l := x.Lit()
		if l == "" {
			return "", nil, nil, false
		}
		words = append(words, l)
	}
	if len(words) > 1 && words[1] == "-r" {
		words = append(words[:1], words[2:]...)
	}
	if len(words) != 2 || words[0] != "read" || !isVarName(words[1]) || c.sc.envUnsafe() {
		return "", nil, nil, false
	}
	if _, ok := c.sc.alias("read"); ok {
		return "", nil, nil, false
	}
	if v, set := c.sc.variable("IFS"); set && (!v.known || v.s != " \t\n") {
		return "", nil, nil, false
	}
	var up *call
	for _, o := range c.pipe.calls {
		if o.ctx.stage == c.stage-1 {
			if up != nil {
				return "", nil, nil, false
			}
			up = o
		}
	}
	if up == nil {
		return "", nil, nil, false
	}
	if names, ok := a.loopListing(up); ok {
		vals := make([]varVal, len(names))
		for i, n := range names {
			vals[i] = varVal{s: n.Value, known: true, listed: true}
		}
		return words[1], vals, nil, true
	}
	if fi, ok := a.walkFed(c); ok {
		return words[1], []varVal{{s: "{}", known: true}}, fi, true
	}
	return "", nil, nil, false
}

// loopListing is the names a read loop's input stage lists, where they
// are read (Options.List) and few enough to judge the body once for each.
func (a *analyzer) loopListing(up *call) ([]arg, bool) {
	if a.opts.List == nil {
		return nil, false
	}
	l, ok := a.listingOf(up.args, up.ctx)
	if !ok || l.Null {
		return nil, false
	}
	names, ok := a.list(l)
	if !ok || len(names) == 0 || len(names) > maxListingItems {
		return nil, false
	}
	return names, true
}

func isVarName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return s != ""
}

// list reads what a listing prints (Options.List), as words the program
// hands on: names, each a literal marked as coming from the listing. A
// listing that prints nothing is not used: what the command does with no
// names (rm with none is no delete) holds only until a name appears.
func (a *analyzer) list(l Listing) ([]arg, bool) {
	names, ok := a.opts.List(l)
	if !ok || len(names) == 0 {
		return nil, false
	}
	a.listings = appendNew(a.listings, l.String())
	out := make([]arg, len(names))
	for i, n := range names {
		out[i] = arg{Value: n, Raw: n, Lit: true, Listed: true}
	}
	return out, true
}

// listedArgs reports a call given names a listing printed.
func listedArgs(ca *call) bool {
	for _, x := range ca.args {
		if x.Listed {
			return true
		}
	}
	return false
}

// xargsListing feeds xargs the names its upstream listing prints: the
// words it adds to the command are then those names. Only for xargs
// options that hand on names whole (-0 matched to -print0, -n, -L, -r,
// -P, -s, -t, -x).
func (a *analyzer) xargsListing(ca *call, res *programs.Result) ([]arg, bool) {
	up := ca.upstream()
	if len(up) != 1 || up[0].ctx.pipe != ca.ctx.pipe || up[0].ctx.stage != ca.ctx.stage-1 {
		return nil, false
	}
	null := false
	for _, o := range res.Options {
		switch o.Option {
		case "--null":
			null = true
		case "--max-args", "-L", "--max-lines", "--no-run-if-empty", "--max-procs", "--max-chars", "--verbose", "--exit":
		default:
			return nil, false
		}
	}
	l, ok := a.listingOf(up[0].args, up[0].ctx)
	if !ok || l.Null != null {
		return nil, false
	}
	return a.list(l)
}

// settleListings keeps a listing's names only where the whole command
// only reads: a part that writes, runs something or is not understood
// could change what the listing prints before it runs (a pipeline's
// stages run together), so the parts given its names are not known.
func (a *analyzer) settleListings() {
	if len(a.listedParts) == 0 {
		return
	}
	other := a.an.Limit != ""
	for i, p := range a.an.Parts {
		if !p.ReadOnly && !slices.Contains(a.listedParts, i) {
			other = true
		}
	}
	what := strings.Join(a.listings, " and ")
	for _, i := range a.listedParts {
		if i < 0 || i >= len(a.an.Parts) {
			continue
		}
		p := &a.an.Parts[i]
		var why string
		switch {
		case other:
			why = "it is given the names " + what + " prints, which another part of the command may change first"
		case !p.ReadOnly:
			// Names stand for the files they are only for a reader: find's
			// order is not known, and a writer's last name may be where it
			// writes.
			why = "it is given the names " + what + " prints, which are known only to a command that reads them"
		default:
			continue
		}
		p.ReadOnly, p.FileOp = false, false
		p.Unknown = append(p.Unknown[:len(p.Unknown):len(p.Unknown)], why)
	}
}

// mergePass adds what a repeated pass over a loop body found to the part
// the first pass listed for the same statement: every value's reads and
// writes are judged (for f in a.txt link.txt; do cat "$f"; done reads
// where link.txt leads), and a pass that is not read-only makes the part
// not read-only.
func (a *analyzer) mergePass(ca *call, from int) {
	for i := from; i < len(a.an.Parts); i++ {
		p := &a.an.Parts[i]
		if p.Text != ca.text {
			continue
		}
		for _, r := range ca.reads {
			if !hasString(p.Reads, r) {
				p.Reads = append(p.Reads[:len(p.Reads):len(p.Reads)], r)
			}
		}
		for _, w := range ca.writes {
			if !hasString(p.Writes, w) {
				p.Writes = append(p.Writes[:len(p.Writes):len(p.Writes)], w)
			}
		}
		for _, u := range ca.unknown {
			if !hasString(p.Unknown, u) {
				p.Unknown = append(p.Unknown[:len(p.Unknown):len(p.Unknown)], u)
			}
			p.FileOp = false
		}
		if p.ReadOnly && !(!ca.dynamic && !ca.unsafeEnv && len(ca.writes) == 0 && !hasOutput(ca.redirs) && a.readOnly(ca)) {
			p.ReadOnly = false
			if p.Cause == "" {
				p.Cause = a.notReadOnly(ca)
			}
		}
		if listedArgs(ca) {
			a.listedParts = appendInt(a.listedParts, i)
		}
		return
	}
}

func hasString(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func appendInt(xs []int, n int) []int {
	for _, x := range xs {
		if x == n {
			return xs
		}
	}
	return append(xs, n)
}

// emptyIFS reports the prefix IFS= (or IFS=” or IFS=""): read then
// assigns each line whole, which is the name the listing printed.
func emptyIFS(as *syntax.Assign) bool {
	if as.Name == nil || as.Name.Value != "IFS" || as.Append || as.Index != nil || as.Array != nil {
		return false
	}
	if as.Value == nil {
		return true
	}
	return as.Value.Lit() == "" && len(as.Value.Parts) == 1 && isEmptyQuote(as.Value.Parts[0])
}

func isEmptyQuote(p syntax.WordPart) bool {
	switch q := p.(type) {
	case *syntax.SglQuoted:
		return q.Value == ""
	case *syntax.DblQuoted:
		return len(q.Parts) == 0
	}
	return false
}

// walkFed is the walk whose found paths a command is handed when the
// pipeline stage before it prints the paths under its roots (its entry's
// Flow.Names is NamesTrees: find, bfs, fd) and the names themselves are
// not read (a walk of a home, or a test the listing does not read): the
// command is then judged as find -exec's is, given {} for a path found
// below the roots, so that find ~/.ssh | xargs cat reads what find ~/.ssh
// -exec cat {} + reads. Filters that read no file of their own (sort,
// grep, head) may stand between. ok is false when the input is not such
// a walk or a root is not known.
func (a *analyzer) walkFed(c *ctx) (*checks.Find, bool) {
	if c.pipe == nil || c.stage == 0 {
		return nil, false
	}
	for stage := c.stage - 1; stage >= 0; stage-- {
		var u *call
		for _, o := range c.pipe.calls {
			if o.ctx.stage == stage && o.ctx.pipe == c.pipe {
				if u != nil {
					return nil, false // a list or a loop: more than one
				}
				u = o
			}
		}
		if u == nil {
			return nil, false
		}
		switch flow := u.entryFlow(); {
		case flow.Names == programs.NamesTrees:
			return a.walkOf(u)
		case flow.Names == programs.NamesFiltered && len(u.reads) == 0 && !u.xargs && u.find == nil:
			continue
		}
		return nil, false
	}
	return nil, false
}

// walkOf is the walk a call whose output is the paths under its roots
// (programs.NamesTrees) prints: the roots, absolute, and for find's
// expression its name tests. The roots are the expression's (find) or the
// operands the entry reads (fd's paths); none is the working directory.
func (a *analyzer) walkOf(u *call) (*checks.Find, bool) {
	spec := u.entryOrBase()
	if spec == nil || u.dynamic || len(u.unknown) > 0 {
		return nil, false
	}
	fi := &checks.Find{}
	var roots []arg
	if spec.Expression == programs.ExpressionFind {
		pf := checks.ParseFind(u.operands())
		roots, fi.Names = pf.Roots, pf.Names
	} else {
		ops := u.operands()
		res := entryOf(u)
		if res.Help || len(res.Unknown) > 0 || spec.BaseDir != "" && res.Has(spec.BaseDir) {
			return nil, false // fd --base-directory: names relative to another directory
		}
		for _, use := range res.Uses {
			if use.Effect == programs.Read && use.Option == "" && use.Index >= 0 && use.Index < len(ops) {
				roots = append(roots, ops[use.Index])
			}
		}
	}
	if len(roots) == 0 {
		roots = []arg{{Value: ".", Raw: ".", Lit: true}}
	}
	for _, r := range roots {
		p := a.resolve(r, u.cwd)
		if p == "" {
			return nil, false
		}
		fi.Roots = append(fi.Roots, arg{Value: p, Raw: p, Lit: true})
	}
	return fi, true
}

// foundWord is the word that stands for a path a walk found ({}).
func foundWord() arg { return arg{Value: "{}", Raw: "{}", Lit: true} }

// placeFound puts the found path in a command's words: in place of each
// placeholder (a word that is one, or holds one), or, with appendNone,
// after the words when none is there. It reports the words, copied.
func placeFound(words []arg, placeholders []string, appendNone bool) []arg {
	out := make([]arg, 0, len(words)+1)
	placed := false
	for _, w := range words {
		for _, ph := range placeholders {
			if ph == "" || !w.Lit || !strings.Contains(w.Value, ph) {
				continue
			}
			if w.Value == ph {
				w = foundWord()
			} else {
				w.Value = strings.ReplaceAll(w.Value, ph, "{}")
			}
			placed = true
		}
		out = append(out, w)
	}
	if !placed && appendNone {
		out = append(out, foundWord())
	}
	return out
}

// runFoundBy makes ca a command a walk runs on what it finds (fi), as
// find -exec's: the call and what it carries (sh -c CODE) see {} as a
// path found below fi's roots.
func (a *analyzer) runFoundBy(ca *call, fi *checks.Find) {
	ca.find = fi
	cp := a.newCtx(ca.ctx)
	cp.find = fi
	ca.ctx = cp
}

// substWalk is the walk a word's one substitution prints: <(find ~/.ssh)
// given to xargs -a, where the substitution is one simple command whose
// entry's output is the paths under its roots (walkOf), found among the
// calls walked from it.
func (a *analyzer) substWalk(x arg) (*checks.Find, bool) {
	if x.Node == nil || len(x.Node.Parts) == 0 {
		return nil, false
	}
	parts := x.Node.Parts
	if len(parts) == 2 {
		// --arg-file=<(…): the option's spelling, then the value.
		if l, ok := parts[0].(*syntax.Lit); !ok || !strings.HasPrefix(l.Value, "-") || !strings.HasSuffix(l.Value, "=") {
			return nil, false
		}
		parts = parts[1:]
	}
	if len(parts) != 1 {
		return nil, false
	}
	var stmts []*syntax.Stmt
	switch p := parts[0].(type) {
	case *syntax.ProcSubst:
		stmts = p.Stmts
	case *syntax.CmdSubst:
		stmts = p.Stmts
	}
	if len(stmts) != 1 {
		return nil, false
	}
	ce, ok := stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return nil, false
	}
	for i := len(a.calls) - 1; i >= 0; i-- {
		u := a.calls[i]
		if len(u.args) == 0 || u.args[0].Node == nil || !slices.Contains(ce.Args, u.args[0].Node) {
			continue
		}
		if u.entryFlow().Names != programs.NamesTrees {
			return nil, false
		}
		return a.walkOf(u)
	}
	return nil, false
}
