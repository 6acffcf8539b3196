package shell

import (
	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/internal/fspath"
	"iter"
	"strings"
	"sync"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/programs"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// analyzer holds the state of one Analyze call.
type analyzer struct {
	opts Options
	// running is the catalogue check judging a call, plus one (0: none).
	running int
	// judging is the call finish judges (readsPlace).
	judging *call
	an      *Analysis
	wdirs   []string
	calls   []*call
	slab    []call
	slabs   []*callSlab
	// ctxs is the last slab of contexts (newCtx), linked to the earlier.
	ctxs *ctxSlab
	// argSlabs hold the evaluated words of the calls (argUsed how many
	// of each), argFree the room left in the last.
	argSlabs []*argSlab
	argUsed  []int
	argFree  []arg
	seen     map[string]int // a finding's category and part → its index in an.Findings
	// sensitiveCopies are files this command fills with secrets (env >
	// /tmp/e.txt), so that sending them on counts as exfiltration.
	sensitiveCopies map[string]string
	// budget bounds the total work (parts and nested parses) so that
	// nesting and expansion can never make the analysis unbounded.
	budget int
	// calling holds the functions whose bodies are being judged at a call.
	calling map[string]bool
	// ms holds the function calls remembered (memo.go), made on the
	// first call; recs are the recordings under way; noMemo turns the
	// memo off (tests compare; a function call then binds its positional
	// parameters name by name, never whole), hits counts the calls
	// replayed (tests check the memo is used).
	ms     *memoState
	recs   []*recording
	noMemo bool
	hits   int
	// listings are the listings whose names the command was given
	// (listing.go); listedParts the parts given them.
	listings    []string
	listedParts []int
	// cleanCwd is the last working directory resolveString found clean;
	// topCwd is the command's, cleaned.
	cleanCwd, topCwd string
	// answers remember credentialFile's, control's and credentialReach's
	// answers per path.
	answers []pathAnswer
	// parsed is reused by every call's programs.ParseInto in effects;
	// parsedFor is the call it holds, parsed with parsedSpec, which
	// entryParse copies rather than parsing the call again.
	parsed     programs.Result
	parsedFor  *call
	parsedSpec *programs.Spec
	// entry is entryFor's words read with its program's entry, for the
	// checks that ask about options and operands (entry.go).
	entry      programs.Result
	entryFor   *call
	entryRes   *programs.Result // entry, or entryFor's kept parse
	entryWords []programs.Word  // entry's words, reused
	// bufs holds parsed's, entry's and entryWords' buffers between
	// analyses (newAnalyzer, release).
	bufs *parseBufs
	// assigning holds the nodes of the words walkWordSubst is walking
	// that assign in the shell itself, innermost word last.
	assigning []syntax.Node
	// nest is how deeply the statement being walked is nested in others;
	// substDepth how deeply substValue is evaluating substitutions.
	nest, substDepth int
	// distinct, for a command too long to parse, holds the statements
	// the raw scan has read: each is a part once.
	distinct map[string]bool
	// strFree and fxFree are what is left of the blocks strs and effs
	// cut parts' words and effects from; strBlock and fxBlock their sizes.
	strFree           []string
	fxFree            []Effect
	strBlock, fxBlock int
	// phase is walking, then judging.
	phase phase
	// reuse is what the last analysis left for this one (recycle).
	reuse reusable
	// top is the command's scope, the one its statements start in.
	top scope
}

func newAnalyzer(opts Options, an *Analysis) *analyzer {
	// A pooled analyzer is zero but for what the last analysis left in
	// reuse (recycle).
	a := analyzerPool.Get().(*analyzer)
	r := &a.reuse
	// The budget is never reached by input within MaxLength parsed once;
	// it stops blow-ups through nesting and expansion.
	a.opts, a.an, a.budget = opts, an, opts.MaxLength+4*opts.MaxParts
	a.calls, a.slabs, a.argSlabs, a.argUsed = r.calls, r.slabs, r.argSlabs, r.argUsed
	a.answers, a.seen, a.recs, a.wdirs = r.answers, r.seen, r.recs, r.wdirs[:0]
	a.assigning = r.assigning[:0]
	a.bufs = parseBufPool.Get().(*parseBufs)
	a.parsed, a.entry, a.entryWords = a.bufs.parsed, a.bufs.entry, a.bufs.words
	// The working directory is cleaned once for the analyses that share
	// it.
	if opts.Cwd != r.cwd || r.cwd == "" {
		r.cwd, r.cleanCwd = opts.Cwd, fspath.Clean(opts.Cwd)
	}
	a.topCwd = r.cleanCwd
	if a.topCwd == opts.Cwd {
		a.cleanCwd = a.topCwd // resolveString need not check it again
	}
	// The caller's slice is never written: one engine analyses many
	// commands at once with the same working directories.
	if len(opts.WorkingDirs) == 0 && opts.Cwd != "" {
		a.wdirs = append(a.wdirs, a.topCwd)
	} else {
		for _, d := range opts.WorkingDirs {
			a.wdirs = append(a.wdirs, fspath.Clean(d))
		}
	}
	return a
}

// analyzerPool holds analyzers between analyses, with the slices and the
// map of the last one emptied for the next (recycle): a one-liner
// otherwise allocates them all afresh.
var analyzerPool = sync.Pool{New: func() any { return new(analyzer) }}

// reusable is what an analyzer keeps for the next analysis: only what
// never leaves the analysis (no part or finding refers to it).
type reusable struct {
	calls    []*call
	slabs    []*callSlab
	argSlabs []*argSlab
	argUsed  []int
	answers  []pathAnswer
	seen     map[string]int
	recs     []*recording
	wdirs    []string
	// assigning is walkWordSubst's stack, empty.
	assigning []syntax.Node
	// cleanCwd is cwd cleaned.
	cwd, cleanCwd string
	// joins are the last relative paths resolveString resolved, emptied
	// at recycle.
	joins *joins
}

// recycle empties the analyzer, which must have been released, and hands
// it back to the pool: nothing may use it afterwards.
func (a *analyzer) recycle() {
	r := &a.reuse
	keep := func(n int) bool { return n <= 256 }
	// release cleared the calls and slabs.
	r.calls, r.answers, r.seen = nil, nil, nil
	if keep(cap(a.calls)) {
		r.calls = a.calls[:0]
	}
	r.slabs = a.slabs[:0]
	r.argSlabs, r.argUsed = a.argSlabs[:0], a.argUsed[:0]
	if ans := a.answers; keep(cap(ans)) {
		clear(ans)
		r.answers = ans[:0]
	}
	if a.seen != nil && len(a.seen) <= 64 {
		clear(a.seen)
		r.seen = a.seen
	}
	if j := r.joins; j != nil {
		clear(j.slot[:min(j.n, len(j.slot))])
		j.n = 0
	}
	clear(a.recs)
	r.recs = a.recs[:0]
	clear(a.wdirs)
	r.wdirs = a.wdirs[:0]
	clear(a.assigning)
	r.assigning = a.assigning[:0]
	keepR := *r
	*a = analyzer{}
	a.reuse = keepR
	analyzerPool.Put(a)
}

func (a *analyzer) setLimit(l string) {
	if a.an.Limit == "" {
		a.an.Limit = l
	}
}

// findingHook, when set, is called by every emitter of a finding, before
// duplicates are dropped, with the category as the site wrote it. Only
// the test that proves every finding site is reached sets it
// (sites_test.go), for the duration of that test; in production it is nil
// and costs one comparison per finding.
var findingHook func(category string)

// findsFlagHook, when set, is called with the check and the category of a
// finding made while a check's Finds runs, which should make none
// (TestFindsFlagNothing).
var findsFlagHook func(check int, category string)

// addFinding records a finding once per category and part. The category is
// a danger.Kind, so the compiler holds it to the registry, and the risk
// never exceeds the category's highest.
func (a *analyzer) addFinding(kind danger.Kind, description, part string, risk api.Risk) {
	category := kind.Slug()
	if findingHook != nil {
		findingHook(category)
	}
	if findsFlagHook != nil && a.phase == walking && a.running > 0 {
		findsFlagHook(a.running-1, category)
	}
	if checkHook != nil && a.running > 0 {
		checkHook(a.running-1, kind)
	}
	risk = kind.Cap(risk)
	k := category + "\x00" + part
	if a.seen == nil {
		a.seen = make(map[string]int, 4)
	}
	if i, dup := a.seen[k]; dup {
		// One finding per category and part: the riskiest, whichever
		// check came first.
		if f := &a.an.Findings[i]; risk.Rank() > f.Risk.Rank() {
			f.Description, f.Risk = description, risk
		}
		return
	}
	a.seen[k] = len(a.an.Findings)
	a.an.Findings = append(a.an.Findings, api.Finding{Category: kind.Slug(), Description: description, Part: part, Risk: risk})
}

// mayRunCode reports whether a call can hold code of its own to find: its
// program's entry says it runs, loads or talks to something (the effects
// Exec, RunsProject, Unknown, Load, Network, Config, or any word in a
// language), or there is no entry to say, or the call reads standard input
// another command writes, or it is a statement of another language. A
// call whose words are only data, paths read, written or deleted (ls, cat
// f, rm -rf x) runs nothing the walk has not seen.
func mayRunCode(ca *call) bool {
	if len(ca.fx) == 0 || ca.lang != "" || len(ca.hidden) > 0 || ca.ctx.pipe != nil && ca.ctx.stage > 0 {
		return true
	}
	for _, r := range ca.redirs {
		if !r.isOutput() && r.op != syntax.DplOut {
			return true // standard input, a here-document
		}
	}
	for _, e := range ca.fx {
		switch e.Kind {
		case programs.None, programs.Read, programs.Write, programs.Delete:
			if e.Lang != "" {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// The analysis has two phases. While walking, every piece of code the
// command runs is found and walked: the statements themselves, what
// wrappers and carriers run (unwrap.go), and what a program runs through
// its options, operands, standard input or here-documents, which the
// catalogue's checks know how to read (findCode). Judging, after the walk,
// runs the catalogue over the finished list of calls once each: it adds no
// call and no part (nested, remote, unknownEval and addCall refuse). Each
// check runs once of each: its Finds while walking, its Run when judging.
type phase uint8

const (
	walking phase = iota
	judging
)

// judgeAddHook, when set, is called whenever judging tries to add code to
// the analysis, with what tried. Only tests set it: a call reaches it when
// its code was not looked for while walking.
var judgeAddHook func(what string)

// judgingAdds reports whether code that is about to be walked arrives while
// judging, and so is not walked. Judging finds no code: code found only
// now was missed while walking, and the analysis is then incomplete. It
// says so with a limit, which no rule or mode allows.
func (a *analyzer) judgingAdds(what string) bool {
	if a.phase != judging {
		return false
	}
	if judgeAddHook != nil {
		judgeAddHook(what)
	}
	a.setLimit(LimitParts)
	return true
}

// finish judges every call once the walk is over: the danger catalogue
// runs over each, in the order the walk listed them.
func (a *analyzer) finish() {
	a.phase = judging
	for _, c := range a.calls {
		if c.orig != nil && (!c.repeat || !c.orig.placed) {
			// A copy of a call (a remembered function call's, memo.go):
			// judging reads only the call and the finished walk, so the
			// copy is judged as its original was. A repeated statement's
			// copy stands elsewhere: it is judged as its original only
			// when that judgement did not read where its call stands.
			continue
		}
		a.judging = c
		a.check(c)
		a.judging = nil
	}
}

// readsPlace notes that the judgement under way read the calls around
// its call (their order, which come before it): a copy of the call made
// elsewhere is judged on its own.
func (a *analyzer) readsPlace() {
	if a.judging != nil {
		a.judging.placed = true
	}
}

// findCode looks for the code a call runs of its own (find) while
// walking, once, and walks it where it runs, before any judgement: an
// interpreter's string, a command an option runs, what ssh localhost or
// docker exec runs, a database client's shell escape, code fed on
// standard input. What that code changes in the shell's state stays in
// it: it runs in a process of its own.
func (a *analyzer) findCode(ca *call) {
	if ca.searched {
		return
	}
	ca.searched = true
	if !mayRunCode(ca) {
		return
	}
	sc := ca.ctx.sc
	saved := sc.fork()
	a.find(ca)
	sc.join(saved, false)
}

// ctx is where a statement sits: its source text, the wrappers and
// redirections it inherits, the pipeline stage it belongs to.
type ctx struct {
	src      string
	sc       *scope
	depth    int
	wrappers []string
	redirs   []redir
	pipe     *pipeline
	stage    int
	bg       bool
	// remote is true for commands that run on another machine or in a
	// container (ssh, docker exec): they are judged for findings only.
	remote bool
	// shadow marks a repeated pass over a loop body: judged, not listed.
	shadow bool
	// loopFrom, in a pass over a for loop's body, is one more than the
	// index of the first part the loop's first pass listed.
	loopFrom int
	// loop marks the body of an endless loop; unpaced, one that nothing in
	// it slows down or ends (no sleep, read, wait, break, exit).
	loop    bool
	unpaced bool
	// unsafeEnv is set inside a command whose assignments change what
	// runs (BASH_ENV=... bash -c ...).
	unsafeEnv bool
	funcName  string
	// findRoots is set for the command find runs through -exec; findFed
	// when that command is given the names find lists (listing.go).
	find    *checks.Find
	findFed bool
	// xargs is set for the command xargs runs.
	xargs bool
	// outer are the forms of the wrappers and carriers around this
	// context, as written (see call.outer).
	outer [][]string
}

func (c *ctx) text(n syntax.Node) string {
	s, e := int(n.Pos().Offset()), int(n.End().Offset())
	if s < 0 || e > len(c.src) || s > e {
		return ""
	}
	return c.src[s:e]
}

// pipeline holds the calls of one pipeline, in order; each call's
// ctx.stage says which stage it belongs to.
type pipeline struct {
	calls []*call
	// buf holds the calls of a short pipeline.
	buf [4]*call
}

// newPipeline returns a pipeline with room for n calls, made at once.
func newPipeline(n int) *pipeline {
	p := &pipeline{}
	if n <= len(p.buf) {
		p.calls = p.buf[:0]
	} else {
		p.calls = make([]*call, 0, n)
	}
	return p
}

func (p *pipeline) add(_ int, c *call) { p.calls = append(p.calls, c) }

// redir is one redirection in effect for a statement.
type redir struct {
	op     syntax.RedirOperator
	fd     string
	target arg
	// body is the text of a here-document or here-string.
	body    string
	hasBody bool
	// viaFD is the descriptor a <&N or >&N went through when it was
	// rewritten to the file exec opened on N (openedFD).
	viaFD string
}

func (r redir) isOutput() bool {
	switch r.op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll, syntax.RdrInOut:
		return true
	case syntax.DplOut:
		return !fspath.FD(r.target.Value)
	}
	return false
}

// nestLimit is how deeply statements may nest before the rest is read
// raw: four times the carriers' depth.
func nestLimit(o Options) int { return 4 * o.MaxDepth }

func (a *analyzer) walkStmts(stmts []*syntax.Stmt, c *ctx) {
	for _, s := range stmts {
		if a.budget <= 0 {
			a.setLimit(LimitParts)
			return
		}
		a.walkStmt(s, c)
	}
}

func (a *analyzer) walkStmt(s *syntax.Stmt, c *ctx) {
	// Statements nest through substitutions, subshells, groups, loops and
	// conditionals: past a depth no command needs, the statement is read
	// raw, once, so that the work stays linear in the command's length
	// (a word at each level holds the text of every level inside it).
	a.nest++
	defer func() { a.nest-- }()
	if a.nest > nestLimit(a.opts) {
		a.setLimit(LimitDepth)
		a.rawScanCtx(c.text(s), c)
		return
	}
	rds := a.redirects(s.Redirs, c)
	cc := c
	if s.Background && !c.bg {
		cp := a.newCtx(c)
		cp.bg = true
		cc = cp
		// A job in the background runs in a subshell.
		saved := c.sc.fork()
		defer c.sc.join(saved, false)
	}
	switch cmd := s.Cmd.(type) {
	case nil:
		if len(rds) > 0 {
			a.newCall(s, nil, nil, rds, cc)
		}
	case *syntax.CallExpr:
		a.walkCall(s, cmd, rds, cc)
	default:
		base := cc
		if len(rds) > 0 {
			cp := a.newCtx(cc)
			cp.redirs = joinRedirs(cc.redirs, rds)
			cc = cp
		}
		a.walkCompound(cmd, cc)
		switch cmd.(type) {
		case *syntax.ArithmCmd, *syntax.TestClause, *syntax.LetClause:
			// (( x )) > f, [[ -n x ]] > f, let x=1 > f: no command of
			// their own carries the redirections, which bash still
			// carries out (the file truncated).
			for _, r := range rds {
				if r.isOutput() && !fspath.NotAFile(r.target.Value) {
					a.newCall(s, nil, nil, rds, base)
					break
				}
			}
		}
	}
}

func (a *analyzer) walkCompound(cmd syntax.Command, c *ctx) {
	switch cmd := cmd.(type) {
	case *syntax.BinaryCmd:
		if cmd.Op == syntax.Pipe || cmd.Op == syntax.PipeAll {
			var buf [8]*syntax.Stmt
			stages := flattenPipe(cmd, buf[:0])
			p := newPipeline(len(stages))
			for i, st := range stages {
				cp := a.newCtx(c)
				cp.pipe, cp.stage = p, i
				// Each stage runs in a subshell (in zsh the last one
				// does not): what it sets is not seen after the pipe.
				saved := c.sc.fork()
				a.walkStmt(st, cp)
				c.sc.join(saved, i == len(stages)-1)
			}
			return
		}
		// A list (a && b || c) is a sequence, however the parser nests it.
		a.nest--
		a.walkStmt(cmd.X, c)
		a.walkStmt(cmd.Y, c)
		a.nest++
	case *syntax.Subshell:
		saved := c.sc.fork()
		a.walkStmts(cmd.Stmts, c)
		c.sc.join(saved, false)
	case *syntax.Block:
		a.walkStmts(cmd.Stmts, c)
	case *syntax.IfClause:
		for ic := cmd; ic != nil; ic = ic.Else {
			a.walkStmts(ic.Cond, c)
			a.walkStmts(ic.Then, c)
		}
	case *syntax.WhileClause:
		cp := a.newCtx(c)
		cp.loop = infiniteLoop(cmd)
		cp.unpaced = cp.loop && !pacedLoop(cmd.Do)
		a.walkStmts(cmd.Cond, cp)
		if name, vals, fi, ok := a.readLoop(cmd, c); ok {
			// while read f, fed the names a listing prints: the body is
			// judged once per name, as a for loop's; fed a walk's, once,
			// as find -exec's command.
			from := len(a.an.Parts) + 1
			for i, v := range vals {
				c.sc.set(name, v)
				pass := a.newCtx(cp)
				pass.shadow = i > 0
				pass.loopFrom = from
				if fi != nil {
					pass.find = fi
				}
				a.walkStmts(cmd.Do, pass)
			}
			c.sc.set(name, varVal{})
			return
		}
		a.walkStmts(cmd.Do, cp)
	case *syntax.ForClause:
		cp := a.newCtx(c)
		switch l := cmd.Loop.(type) {
		case *syntax.WordIter:
			for _, w := range l.Items {
				a.walkWordSubst(w, c)
			}
			if vals, ok := a.literalItems(l.Items, c); ok && len(vals) > 0 {
				// A loop over literal words: the body is judged once per
				// value; only the first pass lists parts.
				from := len(a.an.Parts) + 1
				for i, v := range vals {
					if a.integerAssign(c, l.Name.Value, arg{Value: v.s, Lit: v.known, Unbound: !v.known}, v.number, "for "+l.Name.Value) {
						v = varVal{number: true, integer: true}
					}
					c.sc.set(l.Name.Value, v)
					a.judgeBind(c, "for "+l.Name.Value, l.Name.Value, v)
					pass := a.newCtx(cp)
					pass.shadow = i > 0
					pass.loopFrom = from
					a.walkStmts(cmd.Do, pass)
				}
				c.sc.set(l.Name.Value, varVal{})
				return
			}
			if a.integerAssign(c, l.Name.Value, arg{Unbound: true}, false, "for "+l.Name.Value) {
				c.sc.set(l.Name.Value, varVal{number: true, integer: true})
			} else {
				c.sc.set(l.Name.Value, varVal{})
			}
			a.judgeBind(c, "for "+l.Name.Value, l.Name.Value, varVal{})
		case *syntax.CStyleLoop:
			cp.loop = l.Cond == nil
			a.walkArithm(l.Init, c)
			a.walkArithm(l.Cond, c)
			a.walkArithm(l.Post, c)
		}
		a.walkStmts(cmd.Do, cp)
	case *syntax.CaseClause:
		a.walkWordSubst(cmd.Word, c)
		for _, it := range cmd.Items {
			for _, p := range it.Patterns {
				a.walkWordSubst(p, c)
			}
			a.walkStmts(it.Stmts, c)
		}
	case *syntax.FuncDecl:
		if cmd.Name == nil {
			// A function with no name (()"" parses so): nothing can call
			// it; its body is judged where it stands.
			a.walkStmt(cmd.Body, c)
			break
		}
		c.sc.defineFunc(cmd.Name.Value, &funcDef{body: cmd.Body, src: c.src})
		cp := a.newCtx(c)
		cp.funcName = cmd.Name.Value
		cp.pipe = nil
		// The body is walked where it is defined, so that a function never
		// called is judged too; what it sets happens only when it is called
		// (D=~; f() { D=build; }; rm -rf "$D" deletes home).
		saved := c.sc.fork()
		a.walkStmt(cmd.Body, cp)
		c.sc.join(saved, false)
	case *syntax.ArithmCmd:
		a.walkArithm(cmd.X, c)
	case *syntax.TestClause:
		a.testEvaluated(cmd.X, c)
		syntax.Walk(cmd.X, func(n syntax.Node) bool {
			if w, ok := n.(*syntax.Word); ok {
				a.walkWordSubst(w, c)
				return false
			}
			return true
		})
	case *syntax.DeclClause:
		a.walkDecl(cmd, c)
	case *syntax.LetClause:
		for _, x := range cmd.Exprs {
			a.walkArithm(x, c)
		}
	case *syntax.TimeClause:
		if cmd.Stmt != nil {
			// The keyword is a wrapper as written: Bash(time:*) matches.
			cp := a.newCtx(c)
			if form := strings.Fields(c.text(cmd)); len(form) > 0 {
				cp.outer = append(c.outer[:len(c.outer):len(c.outer)], form)
			}
			a.walkStmt(cmd.Stmt, cp)
		}
	case *syntax.CoprocClause:
		saved := c.sc.fork()
		text, simple := coprocSimple(cmd, c)
		if simple {
			a.nested(text, c, c.wrappers)
		} else {
			a.walkStmt(cmd.Stmt, c)
		}
		c.sc.join(saved, false)
		if cmd.Name != nil && !simple {
			// coproc NAME { …; }: NAME becomes the array of the
			// coprocess's descriptors (PATH=63 looks in the directory 63).
			if name, ok := identWord(cmd.Name); ok {
				c.sc.set(name, varVal{number: true})
			}
		}
	case *syntax.TestDecl:
		a.walkStmt(cmd.Body, c)
	}
}

// coprocSimple returns the simple command a coprocess runs, as its
// source text, when the parser read it otherwise: bash takes a NAME only
// before a compound command, but the parser takes one before any command
// (coproc bw export: bw is the program, not a name) and reads NAME=VALUE
// words after the program as assignments (coproc dd of=/dev/sda).
func coprocSimple(cp *syntax.CoprocClause, c *ctx) (string, bool) {
	switch cp.Stmt.Cmd.(type) {
	case *syntax.Block, *syntax.Subshell, *syntax.IfClause, *syntax.WhileClause, *syntax.ForClause, *syntax.CaseClause, *syntax.ArithmCmd, *syntax.TestClause, *syntax.FuncDecl:
		return "", false
	}
	ce, call := cp.Stmt.Cmd.(*syntax.CallExpr)
	if cp.Name == nil && !(call && len(ce.Args) > 0 && len(ce.Assigns) > 0) {
		return "", false
	}
	start, end := -1, -1
	if cp.Name != nil {
		start = int(cp.Name.Pos().Offset())
	}
	syntax.Walk(cp.Stmt, func(n syntax.Node) bool {
		if n == nil || !n.Pos().IsValid() {
			return true
		}
		if s := int(n.Pos().Offset()); start < 0 || s < start {
			start = s
		}
		if e := int(n.End().Offset()); n.End().IsValid() && e > end {
			end = e
		}
		return true
	})
	if start < 0 || end > len(c.src) || start >= end {
		return "", false
	}
	return c.src[start:end], true
}

// literalItems returns the values of a for loop's word list when every
// item is a plain literal (no globs, no expansions) or a name a listing
// printed ($(git ls-files '*.go')), and there are few.
func (a *analyzer) literalItems(items []*syntax.Word, c *ctx) ([]varVal, bool) {
	if len(items) == 0 || len(items) > 16 {
		return nil, false
	}
	args := a.evalWords(items, c)
	if len(args) > maxListingItems {
		return nil, false
	}
	out := make([]varVal, 0, len(args))
	for _, x := range args {
		if !x.Lit && !(x.Listed && !x.Unbound && !x.Glob) || len(args) > 16 && !x.Listed {
			return nil, false
		}
		out = append(out, varVal{s: x.Value, known: true, glob: x.Glob, listed: x.Listed})
	}
	return out, true
}

func flattenPipe(b *syntax.BinaryCmd, out []*syntax.Stmt) []*syntax.Stmt {
	if x, ok := b.X.Cmd.(*syntax.BinaryCmd); ok && (x.Op == syntax.Pipe || x.Op == syntax.PipeAll) && len(b.X.Redirs) == 0 && !b.X.Negated {
		out = flattenPipe(x, out)
	} else {
		out = append(out, b.X)
	}
	if y, ok := b.Y.Cmd.(*syntax.BinaryCmd); ok && (y.Op == syntax.Pipe || y.Op == syntax.PipeAll) && len(b.Y.Redirs) == 0 && !b.Y.Negated {
		return flattenPipe(y, out)
	}
	return append(out, b.Y)
}

// pacedLoop reports whether a loop body holds something that slows it down
// or ends it: a builtin (read, wait, break, exit, return) or a program whose
// entry Paces (sleep, inotifywait, watch), by any spelling of its name and
// behind wrappers (/bin/sleep 1, command sleep 1, timeout 9 sleep 1).
func pacedLoop(body []*syntax.Stmt) bool {
	paced := false
	for _, st := range body {
		syntax.Walk(st, func(n syntax.Node) bool {
			if call, ok := n.(*syntax.CallExpr); ok && len(call.Args) > 0 {
				paced = pacingCall(call.Args)
			}
			return !paced
		})
	}
	return paced
}

// pacingCall reports whether a simple command's words pace a loop.
func pacingCall(args []*syntax.Word) bool {
	switch args[0].Lit() {
	case "read", "wait", "break", "exit", "return":
		return true
	}
	words := make([]checks.Word, len(args))
	for i, w := range args {
		lit := w.Lit()
		words[i] = checks.Word{Value: lit, Lit: lit != ""}
	}
	chain := execChain(words)
	if len(chain) == 1 && isWrapper(key(programName(words[0].Value))) {
		return false // a wrapper given no command runs nothing (watch)
	}
	for _, i := range chain {
		if spec := programs.Lookup(key(programName(words[i].Value))); spec != nil && spec.Paces {
			return true
		}
	}
	return false
}

// infiniteLoop reports a while/until loop whose condition never changes.
func infiniteLoop(w *syntax.WhileClause) bool {
	if len(w.Cond) != 1 {
		return false
	}
	switch cmd := w.Cond[0].Cmd.(type) {
	case *syntax.CallExpr:
		if len(cmd.Args) == 0 {
			return false
		}
		name := cmd.Args[0].Lit()
		if w.Until {
			return name == "false"
		}
		return name == "true" || name == ":" || name == "[" && len(cmd.Args) == 3
	case *syntax.ArithmCmd:
		if wd, ok := cmd.X.(*syntax.Word); ok {
			return !w.Until && wd.Lit() != "0"
		}
	}
	return false
}

func (a *analyzer) walkArithm(x syntax.ArithmExpr, c *ctx) {
	if x == nil {
		return
	}
	a.arithRefs(x, c)
	syntax.Walk(x, func(n syntax.Node) bool {
		if w, ok := n.(*syntax.Word); ok {
			a.walkWordSubst(w, c)
			return false
		}
		return true
	})
	arithAssigns(x, c)
}

// defaultAssign records what ${NAME=word} and ${NAME:=word} assign: NAME
// gets the word when it is unset (or, with the colon, empty). A variable
// the command did not set is the environment's, which may not have it: it
// is taken as assigned (: ${CDPATH:=..} sets CDPATH), except the ones the
// walk knows from the environment (PATH, HOME, PWD).
func (a *analyzer) defaultAssign(n *syntax.ParamExp, c *ctx) {
	name := n.Param.Value
	if v, set := c.sc.variable(name); set {
		if v.known && (v.s != "" || n.Exp.Op == syntax.AssignUnset) {
			return
		}
	} else if v, known := a.lookup(name, c); known && v.s != "" {
		return
	}
	val := varVal{known: true}
	if n.Exp.Word != nil {
		f := a.evalFields(n.Exp.Word, c, n.Exp.Word)
		parts := make([]string, len(f))
		for i := range f {
			parts[i] = f[i].Value
			val.known = val.known && !f[i].Unbound
		}
		val.s = strings.Join(parts, " ")
	}
	c.sc.set(name, val)
	a.judgeBind(c, c.text(n), name, val)
}

// defaultAssigning reports ${NAME=word} or ${NAME:=word}.
func defaultAssigning(n *syntax.ParamExp) bool {
	return n.Exp != nil && n.Param != nil && (n.Exp.Op == syntax.AssignUnset || n.Exp.Op == syntax.AssignUnsetOrNull) && isIdent(n.Param.Value)
}

// arithAssigns records the variables of the state table that arithmetic
// assigns ((( PATH=1 )), let PATH++, : $(( CDPATH=0 ))): bash sets them in
// the shell itself, to a number the walk does not compute. Other variables
// keep what the walk knows of them.
func arithAssigns(x syntax.Node, c *ctx) {
	if x == nil {
		return
	}
	syntax.Walk(x, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return false // a subshell's assignments stay in it
		}
		arithAssigned(n, c)
		return true
	})
}

// arithAssigned records what one arithmetic node assigns (arithAssigns).
func arithAssigned(n syntax.Node, c *ctx) {
	if w := arithTarget(n); w != nil {
		if name, ok := identWord(w); ok && stateVarName(name) {
			c.sc.set(name, varVal{number: true})
		}
	}
}

// arithTarget returns the word an arithmetic assignment, increment or
// decrement assigns, or nil.
func arithTarget(n syntax.Node) *syntax.Word {
	var x syntax.ArithmExpr
	switch n := n.(type) {
	case *syntax.BinaryArithm:
		switch n.Op {
		case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn, syntax.RemAssgn,
			syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
			x = n.X
		}
	case *syntax.UnaryArithm:
		if n.Op == syntax.Inc || n.Op == syntax.Dec {
			x = n.X
		}
	}
	w, _ := x.(*syntax.Word)
	return w
}

// walkWordSubst finds the command and process substitutions in a word and
// walks their statements: they run before the command that uses the word.
// Substitutions run in subshells: a cd or an assignment inside them does
// not reach the command that uses them. Arithmetic and ${NAME:=word} in the
// word assign in the shell itself, after them: the nodes that assign are
// gathered on the way (a.assigning, a stack the words inside substitutions
// push on and pop) and carried out once the subshells are undone, the
// defaults first, in the word's order.
func (a *analyzer) walkWordSubst(w *syntax.Word, c *ctx) {
	if w == nil || !wordHasSubst(w) {
		return
	}
	mark := len(a.assigning)
	saved := c.sc.fork()
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			cp := a.newCtx(c)
			cp.pipe, cp.wrappers, cp.redirs, cp.bg, cp.find, cp.xargs = nil, nil, nil, false, nil, false
			a.walkStmts(n.Stmts, cp)
			return false
		case *syntax.ProcSubst:
			cp := a.newCtx(c)
			cp.pipe, cp.wrappers, cp.redirs, cp.bg, cp.find, cp.xargs = nil, nil, nil, false, nil, false
			a.walkStmts(n.Stmts, cp)
			return false
		case *syntax.ArithmExp:
			a.arithRefs(n.X, c)
		case *syntax.ParamExp:
			a.evaluatedParam(n, c)
			if defaultAssigning(n) {
				a.assigning = append(a.assigning, n)
			}
		case *syntax.BinaryArithm, *syntax.UnaryArithm:
			if arithTarget(n) != nil {
				a.assigning = append(a.assigning, n)
			}
		}
		return true
	})
	c.sc.join(saved, false)
	for _, n := range a.assigning[mark:] {
		if p, ok := n.(*syntax.ParamExp); ok {
			a.defaultAssign(p, c)
		}
	}
	for _, n := range a.assigning[mark:] {
		if _, ok := n.(*syntax.ParamExp); !ok {
			arithAssigned(n, c)
		}
	}
	clear(a.assigning[mark:])
	a.assigning = a.assigning[:mark]
}

func wordHasSubst(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				switch q := q.(type) {
				case *syntax.Lit:
				case *syntax.ParamExp:
					if q.Exp == nil && q.Repl == nil && q.Slice == nil && q.Index == nil && !q.Excl {
						continue
					}
					return true
				default:
					return true
				}
			}
		case *syntax.ParamExp:
			if p.Exp == nil && p.Repl == nil && p.Slice == nil && p.Index == nil && !p.Excl {
				continue
			}
			return true
		default:
			return true
		}
	}
	return false
}

// redirects evaluates a statement's redirections (walking any
// substitutions in their targets).
func (a *analyzer) redirects(rs []*syntax.Redirect, c *ctx) []redir {
	if len(rs) == 0 {
		return nil
	}
	out := make([]redir, 0, len(rs))
	for _, r := range rs {
		rd := redir{op: r.Op}
		if r.N != nil {
			rd.fd = r.N.Value
			// {NAME}>file assigns NAME the descriptor bash opens, in the
			// shell itself ({PATH}>x makes PATH a directory named 10);
			// {NAME}>&- closes the one NAME holds.
			if name, ok := strings.CutPrefix(r.N.Value, "{"); ok && !(r.Word != nil && r.Word.Lit() == "-") {
				if name, ok = strings.CutSuffix(name, "}"); ok && isIdent(name) {
					c.sc.set(name, varVal{number: true})
				}
			}
		}
		if r.Word != nil {
			a.walkWordSubst(r.Word, c)
			f := a.evalFields(r.Word, c, r.Word)
			rd.target = f[0]
		}
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			if r.Hdoc != nil {
				if isQuotedDelim(r.Word) {
					rd.body = hdocText(r.Hdoc, c)
				} else {
					a.walkWordSubst(r.Hdoc, c)
					rd.body = a.evalFields(r.Hdoc, c, r.Hdoc)[0].Value
				}
			}
			rd.hasBody = true
		case syntax.WordHdoc:
			rd.body = rd.target.Value + "\n"
			rd.hasBody = true
		}
		openedFD(&rd, c.sc)
		out = append(out, rd)
	}
	return out
}

func isQuotedDelim(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			return true
		case *syntax.Lit:
			if strings.ContainsRune(p.Value, '\\') {
				return true
			}
		}
	}
	return false
}

func hdocText(w *syntax.Word, c *ctx) string {
	var b strings.Builder
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok {
			b.WriteString(l.Value)
		} else {
			b.WriteString(c.text(p))
		}
	}
	return b.String()
}

// walkDecl handles export, declare, typeset, local and readonly: their
// assignments bind variables, and exported ones change what later commands
// run with.
func (a *analyzer) walkDecl(d *syntax.DeclClause, c *ctx) {
	words := []string{d.Variant.Value}
	var assigns []string
	exported := d.Variant.Value == "export"
	integer, nameref := false, false
	var naked []assignment
	var declUnknown []string
	for _, as := range d.Args {
		if as.Naked && as.Name == nil && as.Value != nil {
			v := c.text(as.Value)
			if f := a.evalFields(as.Value, c, as.Value); len(f) == 1 && f[0].Lit {
				// export '-p' and export -\p are export -p: the option
				// is its value, not its quoted source.
				v = f[0].Value
			}
			words = append(words, v)
			if strings.HasPrefix(v, "-") && strings.Contains(v, "x") {
				exported = true
			}
			if strings.HasPrefix(v, "-") {
				integer = integer || strings.Contains(v, "i")
				// export -n takes the export off: only the other
				// declarations make references.
				nameref = nameref || d.Variant.Value != "export" && strings.Contains(v, "n")
			} else {
				// declare 'a[$(cmd)]=1': the name's subscript is evaluated.
				a.walkWordSubst(as.Value, c)
				for _, f := range a.evalFields(as.Value, c, as.Value) {
					a.evaluatedName(f, c)
				}
				// declare "PATH=bin", export {PATH,X}=bin, declare "$n=v":
				// bash reads the expanded word as an assignment, as it
				// reads PATH=bin.
				for _, f := range a.appendWord(nil, as.Value, c) {
					if d, why := nakedAssign(f, nameref); why != "" {
						declUnknown = append(declUnknown, why)
					} else if d.Name != "" {
						naked = append(naked, d)
					}
				}
			}
			continue
		}
		if as.Index != nil {
			a.walkArithm(as.Index, c)
		}
		if as.Value != nil {
			a.walkWordSubst(as.Value, c)
			switch {
			case integer:
				a.arithText(as.Value, c)
			case nameref:
				for _, f := range a.evalFields(as.Value, c, as.Value) {
					a.evaluatedName(f, c)
					// Assignments through the reference go to the variable
					// it names: that one is no longer known.
					target, _, _ := strings.Cut(f.Value, "[")
					if !f.Lit || stateVarName(target) {
						if f.Lit {
							c.sc.set(target, varVal{})
						} else {
							c.sc.set("PATH", varVal{})
						}
					}
					if f.Lit {
						// declare -n r=BASH_ENV; r=bin/env.sh: every later
						// r=v, read r, printf -v r sets the variable the
						// reference names, to a value this binding cannot
						// see, so it is judged as a binding of that variable
						// to a value that is not known.
						a.judgeBind(c, c.text(d), target, varVal{})
					}
				}
			}
		}
		if as.Name != nil {
			words = append(words, c.text(as))
			if !as.Naked {
				assigns = append(assigns, c.text(as))
			}
		}
	}
	ca := &call{words: words, text: c.text(d), ctx: c, cwd: c.sc.cwd()}
	if len(c.redirs) > 0 {
		// export X=1 > /etc/passwd: the builtin's redirections are
		// carried out (the file truncated) as any command's are.
		ca.redirs = append([]redir(nil), c.redirs...)
	}
	ca.decl = true
	ca.exported = exported
	for _, as := range d.Args {
		if as.Name == nil || as.Naked {
			if as.Name != nil && nameref {
				_, why := nakedAssign(arg{Value: as.Name.Value, Raw: as.Name.Value, Lit: true}, true)
				ca.unknown = append(ca.unknown, why)
			}
			if as.Name != nil && d.Variant.Value == "export" {
				ca.declNames = append(ca.declNames, as.Name.Value)
			}
			if as.Name != nil && integer {
				// declare -i n: the value stays, and every later
				// assignment to n is evaluated as arithmetic.
				v, _ := c.sc.variable(as.Name.Value)
				v.integer = true
				c.sc.set(as.Name.Value, v)
			}
			continue
		}
		val := a.assignValue(as, c)
		ca.assigns = append(ca.assigns, assignment{Name: as.Name.Value, Value: val, Text: c.text(as)})
		if !integer && as.Value != nil && a.integerAssign(c, as.Name.Value, val, numericWord(as.Value), c.text(as)) {
			// declare n=v of a variable declared -i before keeps the
			// attribute: the value is evaluated as arithmetic.
			integer = true
		}
		c.sc.set(as.Name.Value, varVal{s: val.Value, known: !val.Unbound, mktemp: val.Mktemp, number: integer || numericWord(as.Value), integer: integer})
	}
	for _, as := range naked {
		ca.assigns = append(ca.assigns, as)
		c.sc.set(as.Name, varVal{s: as.Value.Value, known: !as.Value.Unbound})
	}
	ca.unknown = append(ca.unknown, declUnknown...)
	a.addCall(ca, nil)
}

// nakedAssign reads one expanded word of a declaration that was not
// written as NAME=VALUE: bash takes it as an assignment when it is one
// once expanded. It returns the assignment (no name when the word only
// names a variable), or why what it assigns is not known: a name that
// comes from text the command cannot read, an append (NAME+=v) or an
// element (NAME[k]=v) of a variable the walk holds whole, and a
// reference declared without a target (declare -n r; r=PATH names the
// variable a later r=v assigns).
func nakedAssign(f arg, nameref bool) (assignment, string) {
	name, val, ok := strings.Cut(f.Value, "=")
	if !ok {
		if nameref && isIdent(f.Value) {
			return assignment{}, "declare -n " + f.Value + " has no target: its first assignment names the variable later ones assign"
		}
		if f.Unbound {
			return assignment{}, "a declaration's word " + f.Raw + " is not known, and bash reads it as an assignment if it is one"
		}
		return assignment{}, ""
	}
	base, _, elem := strings.Cut(strings.TrimSuffix(name, "+"), "[")
	if !isIdent(base) {
		if f.Unbound {
			return assignment{}, "a declaration assigns " + f.Raw + ", whose name is not known"
		}
		return assignment{}, "" // not a valid name: bash refuses it
	}
	v := arg{Value: val, Raw: f.Raw, Lit: f.Lit, Unbound: f.Unbound}
	if elem || strings.HasSuffix(name, "+") {
		v.Unbound, v.Lit = true, false
	}
	return assignment{Name: base, Value: v, Text: f.Raw}, ""
}

func (a *analyzer) assignValue(as *syntax.Assign, c *ctx) arg {
	if as.Value == nil {
		if as.Array != nil {
			return arg{Value: c.text(as.Array), Raw: c.text(as.Array), Unbound: true}
		}
		return arg{Lit: true}
	}
	f := a.evalFields(as.Value, c, as.Value)
	if len(f) == 1 {
		return f[0]
	}
	parts := make([]string, len(f))
	for i := range f {
		parts[i] = f[i].Value
	}
	out := f[0]
	out.Value = strings.Join(parts, " ")
	return out
}

// nested parses text given to a carrier (bash -c, eval, su -c, ...) and
// walks it as a script of its own.
func (a *analyzer) nested(text string, c *ctx, wrappers []string) bool {
	if a.phase == judging && a.judgingAdds("nested: "+text) {
		return false
	}
	if a.running != 0 {
		// Code a check's Finds hands over is not the check's: what it
		// does is judged in its own parts.
		saved := a.running
		a.running = 0
		defer func() { a.running = saved }()
	}
	if c.depth+1 > a.opts.MaxDepth {
		a.setLimit(LimitDepth)
		return false
	}
	a.budget -= 1 + len(text)/64
	if a.budget <= 0 {
		a.setLimit(LimitParts)
		return false
	}
	n := normalize(text)
	f, err := parse(n.text)
	cp := a.newCtx(c)
	cp.src = n.text
	cp.depth = c.depth + 1
	cp.wrappers = wrappers
	if err != nil {
		// Text that does not parse still runs (and fails) in the real
		// shell; read its pieces the way the raw scan does.
		a.rawScanCtx(n.text, cp)
		return true
	}
	a.walkStmts(f.Stmts, cp)
	return true
}

func expandBraces(w *syntax.Word) iter.Seq2[*syntax.Word, error] {
	return expand.BracesSeq(nil, w)
}

// judgeBind judges a binding the shell makes without an assignment word
// (${X:=v}, a for loop's variable) as PAGER=… would be judged, exported
// now or later: a variable programs read, set to a value that is known
// dangerous, or to one that is not known at all. The variables whose later
// meaning is modelled as state (PATH, HOME, …) are judged where they are
// used instead.
func (a *analyzer) judgeBind(c *ctx, text, name string, val varVal) {
	e := programs.EnvOf(name)
	if e == nil {
		return
	}
	why := ""
	switch {
	case !val.known && !e.State && e.Value != programs.EnvSafe && e.Value != programs.EnvInert:
		why = text + " sets " + name + ", which programs read, to a value that is not known"
	case val.known:
		if d := envDanger(e, name, val.s); d != "" {
			why = text + " " + d
		}
	}
	if why != "" {
		a.unknownEval(c, text, why)
	}
}
