package shell

import (
	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/internal/fspath"
	"strings"
	"sync"
	"unsafe"

	"mvdan.cc/sh/v3/syntax"

	"github.com/wardenhq/warden/programs"
)

// call is one simple command as the analysis sees it: the public Part plus
// what the danger catalogue needs to judge it.
type call struct {
	// view is the call as the checks see it, set while they run.
	view judge
	ctx  *ctx
	cwd  string
	text string
	// words are the Part's words; args the evaluated words behind them
	// (args[0] is the program).
	words []string
	args  []arg
	// prog is the catalogue key of the program ("" when dynamic).
	prog     string
	assigns  []assignment
	wrappers []string
	redirs   []redir
	// spec is the likely program name of a dynamic part.
	spec string
	// named is the program word as written when it is not a literal but
	// names a program all the same (x=dd; $x, $(echo sudo), ${x:-rm}): the
	// call is read as that program's, and is dynamic once read.
	named   *arg
	partIdx int
	// declNames are the names export marks (export NAME).
	declNames []string
	find      *checks.Find
	// reads and writes are the paths read and written.
	reads, writes []string
	// hidden are carrier arguments holding code that is not a literal.
	hidden []arg
	// lang is "cmd" or "powershell" for statements read from those
	// languages (judged for findings only).
	lang string
	// outer are the forms of the wrappers and carriers this call runs
	// inside, as written (sudo rm -rf x), for deny and ask rules.
	outer [][]string
	// fx are the call's effects from its program's entry; unknown says
	// what could not be known.
	fx      []Effect
	unknown []string
	// kept is the call's words read with its entry by effects, for the
	// checks that ask about the same words later (entryParse, entryOf).
	kept *keptParse
	// globs are the globbing options in force where the call runs, set
	// when an operand is a glob and the command changed them (the zero
	// value is bash's defaults).
	globs GlobOptions
	// evaluated says why a part stands for text the shell evaluates as
	// code that the analysis cannot read (x=$(cat f); echo $((x))).
	evaluated string

	// The flags are kept together, so that they pack.
	dynamic bool
	// decl marks export/declare/typeset/local/readonly.
	decl     bool
	exported bool
	// assignOnly marks NAME=value statements without a command.
	assignOnly bool
	xargs      bool
	// xargsFed and findFed mark a call xargs or find -exec runs with the
	// names a listing printed in its words (listing.go).
	xargsFed, findFed bool
	// sudoStdin is set when sudo reads its password from stdin (-S).
	sudoStdin bool
	unsafeEnv bool
	// encoded marks PowerShell -EncodedCommand.
	encoded bool
	// raw marks pieces read by the raw scan of unparsable text.
	raw bool
	// help is set when a help or version option ends processing before
	// any effect.
	help bool
	// ungrammatical marks a call whose words the program's entry could
	// not place: no entry, an undeclared option, a non-literal where an
	// option may stand. What its operands are is then not known.
	ungrammatical bool
	// function marks a call of a function defined in the command.
	function bool
	// searched is set once findCode has looked for the code the call
	// runs; code is the interpreter code it found, judged with the call;
	// orig is the call a remembered function call repeats (memo.go),
	// which judging judges in its stead.
	searched bool
	// repeat marks a copy of a call of a statement the command repeats
	// (memo.go), judged as its original (orig) when the original's
	// judgement read nothing of where it stands: placed is set on a call
	// whose judgement read the calls around it (an earlier part's writes
	// before a glob is expanded, the order of the other calls).
	repeat, placed bool
	// interp caches whether interpOf, the program asked about last, is an
	// interpreter (interpreterCall): 0 not asked yet, 1 no, 2 yes.
	interp   int8
	interpOf string
	code     []foundCode
	orig     *call
	// flow is what the call's streams carry, once a check asked while
	// judging (flowSet; judged.Flow).
	flow    checks.Flow
	flowSet bool
	// entrySpec is the entry of the program entryName names, the last
	// that entry looked up (entryKnown once it has).
	entrySpec  *programs.Spec
	entryName  string
	entryKnown bool
	// checksIdx are the checks of the program checksOf names, and
	// checksProg the name they know it by (programChecks, checksKnown
	// once looked up): finding and judging each look them up.
	checksIdx   []uint8
	checksOf    string
	checksProg  string
	checksKnown bool
}

// entry returns programs.Lookup(c.prog), remembered with the name it
// was looked up by: the walk and the checks ask for it again and again,
// and judging changes prog for a while (to a path's base name).
func (c *call) entry() *programs.Spec {
	// The very string it was looked up by (no comparing; inlined). A call
	// never looked up has "" and no entry, as Lookup("") has none.
	if len(c.entryName) == len(c.prog) && unsafe.StringData(c.entryName) == unsafe.StringData(c.prog) {
		return c.entrySpec
	}
	return c.lookupEntry()
}

// lookupEntry is entry for a program not looked up by that string.
func (c *call) lookupEntry() *programs.Spec {
	if !c.entryKnown || c.entryName != c.prog {
		c.entrySpec, c.entryKnown = programs.Lookup(c.prog), true
	}
	c.entryName = c.prog
	return c.entrySpec
}

// lookedUp notes that spec is programs.Lookup(name), looked up already:
// entry answers with it while the call's program is that name.
func (c *call) lookedUp(name string, spec *programs.Spec) {
	c.entrySpec, c.entryName, c.entryKnown = spec, name, true
}

// entryFlow is programs.FlowOf(c.prog), through the entry the call holds,
// not copied (read only).
func (c *call) entryFlow() *programs.Flow {
	if s := c.entry(); s != nil {
		return &s.Flow
	}
	return programs.FlowRef(c.prog)
}

// entryCode is programs.CodeOf(c.prog), through the entry the call holds.
func (c *call) entryCode() programs.Code {
	if s := c.entry(); s != nil {
		return s.Code
	}
	return programs.CodeOf(c.prog)
}

// entryOrBase is entry, or for a program named by a path with no entry
// of its own, its base name's (specOf).
func (c *call) entryOrBase() *programs.Spec {
	if s := c.entry(); s != nil || !strings.Contains(c.prog, "/") {
		return s
	}
	return programs.Lookup(baseName(c.prog))
}

// foundCode is interpreter code found in a call while walking, with what
// found it (judgeFound).
type foundCode struct {
	by         int8
	prog, text string
}

// assignment is NAME=value, as a prefix, given to env, or in a
// declaration (checks.Assignment, so the checks read it as the shell does).
type assignment = checks.Assignment

// argv returns the evaluated values of the words after the program.
func (c *call) operands() []arg {
	if len(c.args) <= 1 {
		return nil
	}
	return c.args[1:]
}

// stmtText is a statement's text without its trailing ; or &.
func stmtText(s *syntax.Stmt, c *ctx) string {
	start := int(s.Pos().Offset())
	end := start
	if s.Cmd != nil {
		end = int(s.Cmd.End().Offset())
	}
	for _, r := range s.Redirs {
		if e := int(r.End().Offset()); e > end {
			end = e
		}
	}
	if start < 0 || end > len(c.src) || start > end {
		return ""
	}
	return strings.TrimSpace(c.src[start:end])
}

func (a *analyzer) walkCall(s *syntax.Stmt, ce *syntax.CallExpr, rds []redir, c *ctx) {
	for _, as := range ce.Assigns {
		if as.Index != nil {
			a.walkArithm(as.Index, c) // a[$i]=v: the subscript is arithmetic
		}
		if as.Value != nil {
			a.walkWordSubst(as.Value, c)
		}
		if as.Array != nil {
			for _, el := range as.Array.Elems {
				a.walkWordSubst(el.Value, c)
			}
		}
	}
	for _, w := range ce.Args {
		a.walkWordSubst(w, c)
	}
	text := stmtText(s, c)
	var assigns []assignment
	for _, as := range ce.Assigns {
		if as.Name == nil {
			continue
		}
		assigns = append(assigns, assignment{Name: as.Name.Value, Value: a.assignValue(as, c), Text: c.text(as)})
	}
	if len(ce.Args) == 0 {
		ca := &call{ctx: c, cwd: c.sc.cwd(), text: text, assigns: assigns, assignOnly: true, partIdx: -1}
		allexport := false
		if c.sc.touched {
			on, known := c.sc.option(optKey + "allexport")
			allexport = on || !known
		}
		for i, as := range assigns {
			if allexport && unsafeEnvNames(as.Name) && !modelledState(as.Name) {
				// set -a: the assignment is exported.
				c.sc.setUnsafeEnv()
			}
			if a.inheritedChange(as) {
				// Exported already: the programs after it see the new value.
				c.sc.setUnsafeEnv()
			}
			number := false
			if i < len(ce.Assigns) && ce.Assigns[i].Name != nil && ce.Assigns[i].Name.Value == as.Name {
				number = numericWord(ce.Assigns[i].Value)
			}
			if a.integerAssign(c, as.Name, as.Value, number, as.Text) {
				c.sc.set(as.Name, varVal{known: false, number: true, integer: true})
				continue
			}
			c.sc.set(as.Name, varVal{s: as.Value.Value, known: !as.Value.Unbound, mktemp: as.Value.Mktemp, number: number})
		}
		if len(rds) > 0 {
			ca.redirs = joinRedirs(c.redirs, rds)
			a.addCall(ca, nil)
			return
		}
		a.calls = append(a.calls, ca)
		return
	}
	args := a.evalWords(ce.Args, c)
	a.dispatch(text, args, assigns, rds, c)
}

// joinRedirs returns the redirections a statement inherits followed by its
// own. A list is never written once made, so either is shared when the
// other is empty, capped so that an append copies it.
func joinRedirs(outer, own []redir) []redir {
	switch {
	case len(own) == 0:
		return outer[:len(outer):len(outer)]
	case len(outer) == 0:
		return own[:len(own):len(own)]
	}
	out := make([]redir, 0, len(outer)+len(own))
	return append(append(out, outer...), own...)
}

// newCall makes a call for a statement with no command (only
// redirections, such as "> file").
func (a *analyzer) newCall(s *syntax.Stmt, _ *syntax.CallExpr, _ []arg, rds []redir, c *ctx) {
	ca := &call{ctx: c, cwd: c.sc.cwd(), text: stmtText(s, c)}
	ca.redirs = joinRedirs(c.redirs, rds)
	a.addCall(ca, nil)
}

// dispatch unwraps wrappers and carriers from a command's words and records
// what finally runs.
//
// ownReading (below) spares a prefix only the builtin itself reads.
func (a *analyzer) dispatch(text string, args []arg, assigns []assignment, rds []redir, c *ctx) {
	for _, as := range assigns {
		if unsafeEnvNames(as.Name) && !a.ownReading(as.Name, args, c) {
			// Everything this command runs, carriers included, inherits
			// the environment.
			cp := a.newCtx(c)
			cp.unsafeEnv = true
			c = cp
			break
		}
	}
	ca := a.newCall2() // zeroed: only the fields set here are written
	ca.ctx, ca.cwd, ca.text, ca.assigns = c, c.sc.cwd(), text, assigns
	ca.wrappers = append(ca.wrappers, c.wrappers...)
	if len(c.redirs) > 0 || len(rds) > 0 {
		ca.redirs = joinRedirs(c.redirs, rds)
	}
	ca.find = c.find
	ca.findFed = c.findFed
	ca.xargs = c.xargs
	ca.outer = c.outer
	if len(rds) > 0 {
		// The code a carrier or wrapper runs (bash -c, eval, watch, an
		// alias) gets the command's redirections: bash -c 'echo x' >>
		// ~/.bashrc writes ~/.bashrc.
		cp := a.newCtx(c)
		cp.redirs = ca.redirs
		ca.ctx = cp
	}
	// The program word as written, once found to name no function.
	noFunc, notFunc := "", false
	if p0 := args[0]; p0.Lit {
		notFunc = c.sc.function(p0.Value) == nil
		noFunc = p0.Value
	}
	if p0 := args[0]; p0.Lit && !notFunc {
		// A function defined earlier in the command, even one named like a
		// program: its body runs here, with these words as $1, $2, ...
		ca.args = args
		ca.function = true
		body := ca.ctx
		ca.ctx = c
		a.addCall(ca, rds)
		a.callFunction(c.sc.function(p0.Value), p0.Value, args[1:], body)
		return
	}
	var written []arg // the words from a non-literal program word on
	for guard := 0; guard < 64 && len(args) > 0; guard++ {
		p0 := args[0]
		if !p0.Lit || p0.Glob {
			g := a.guessProgram(p0, args[1:])
			if g == "" {
				break
			}
			// A program word that is not a literal but names a program
			// (x=sudo; $x, $(echo dd), ${x:-rm}, a glob): its wrappers are
			// unwrapped and its entry reads its words as if the name were
			// written; the part stays dynamic, so no rule allows it.
			written = args
			rest := make([]arg, len(args))
			copy(rest, args)
			rest[0] = arg{Value: g, Raw: p0.Raw, Lit: true, Node: p0.Node}
			args = rest
			named := p0 // p0 itself stays on the stack for every other call
			ca.named = &named
			p0 = rest[0]
		}
		k := key(programName(p0.Value))
		if body, ok := c.sc.alias(k); ok && guard == 0 && ca.named == nil {
			rest := make([]string, 0, len(args))
			rest = append(rest, body)
			for _, x := range args[1:] {
				rest = append(rest, x.Raw)
			}
			c.sc.unalias(k) // an alias does not expand inside itself
			a.nested(strings.Join(rest, " "), ca.ctx, ca.wrappers)
			c.sc.setAlias(k, body)
			return
		}
		if file, why := a.programIdentity(p0, c, guard == 0 && notFunc && p0.Value == noFunc); why != "" {
			if strings.Contains(p0.Value, "/") && !strings.Contains(p0.Value, ":") {
				// A file of the project's (or one not known): it runs as
				// itself, whatever it is called, and is not unwrapped.
				ca.unknown = append(ca.unknown, why)
				break
			}
			// A bare name the shell's state sends elsewhere: a part that
			// stands for what really runs; what the words say is still
			// judged, for deny and ask rules.
			a.unknownEval(c, text, why)
		} else if file != "" {
			// A link to another program: it is that program.
			rest := make([]arg, len(args))
			copy(rest, args)
			rest[0] = arg{Value: file, Raw: p0.Raw, Lit: true}
			args = rest
			continue
		}
		spec := programs.Lookup(k)
		ca.lookedUp(k, spec)
		if rest, wrapper, ok := a.unwrapEntry(ca, k, spec, args, true); wrapper {
			if !ok {
				break
			}
			args = rest
			continue
		}
		if w, ok := wrappers[k]; ok {
			a.wrapperForm(ca, args)
			rest, ok := w(a, ca, args[1:])
			if !ok {
				break
			}
			ca.wrappers = append(ca.wrappers, k)
			args = rest
			continue
		}
		ck, cspec := k, spec
		if v := programs.Versioned(k); v != "" {
			ck, cspec = v, programs.Lookup(v) // bash5.2 -c, zsh-5.9 -c: the shell's own carrier
		}
		if cr, ok := carrierOfSpec(ck, cspec); ok {
			a.wrapperForm(ca, args)
			if cr(a, ca, args) {
				if foreignCarrier(k) {
					// cmd /c and powershell -Command run code in a language
					// whose statements are judged for dangers but have no
					// parts: the carrier stays a part, and an unknown one,
					// so nothing it runs passes as understood.
					ca.unknown = append(ca.unknown, k+" runs "+foreignLang(k)+" code, whose effects are judged only for dangers")
					break
				}
				if len(ca.assigns) > 0 {
					// The carrier is not a part, but its assignments are
					// still judged.
					a.calls = append(a.calls, &call{ctx: c, cwd: c.sc.cwd(), text: text, assigns: ca.assigns, assignOnly: true, partIdx: -1})
				}
				a.namedPart(ca, written, rds)
				return
			}
		}
		break
	}
	ca.ctx = c
	if len(args) == 0 {
		a.namedPart(ca, written, rds)
		return
	}
	if p0 := args[0]; p0.Lit && declBuiltin(p0.Value) && builtinRunners(ca.wrappers[len(c.wrappers):]) && ca.named == nil {
		// A declaration builtin the parser did not see as one, for its
		// name is quoted (\export, 'typeset', e\xport), or run through
		// command or builtin: bash runs the builtin all the same, and
		// its NAME=VALUE words assign and export. Read as the clause.
		rest := make([]string, 0, len(args))
		rest = append(rest, p0.Value)
		for _, x := range args[1:] {
			rest = append(rest, x.Raw)
		}
		a.nested(strings.Join(rest, " "), ca.ctx, ca.wrappers)
		return
	}
	ca.args = args
	a.addCall(ca, rds)
}

// declBuiltin reports bash's declaration builtins.
func declBuiltin(name string) bool {
	switch name {
	case "export", "declare", "typeset", "local", "readonly":
		return true
	}
	return false
}

// builtinRunners reports wrappers that run a builtin as itself (command,
// builtin); any other (env, nice, sudo) runs a program of that name.
func builtinRunners(ws []string) bool {
	for _, w := range ws {
		if w != "command" && w != "builtin" {
			return false
		}
	}
	return true
}

// wrapperForm records the words of a wrapper or carrier about to be
// unwrapped (sudo rm -rf x, timeout 5 ls) as a form of everything it runs,
// and hands the forms on to what runs through a nested parse (bash -c).
func (a *analyzer) wrapperForm(ca *call, args []arg) {
	form := make([]string, len(args))
	for i, x := range args {
		if x.Lit {
			form[i] = x.Value
		} else {
			form[i] = x.Raw
		}
	}
	form[0] = programName(form[0])
	ca.outer = append(ca.outer[:len(ca.outer):len(ca.outer)], form)
	cp := a.newCtx(ca.ctx)
	cp.outer = ca.outer
	ca.ctx = cp
}

// newCall2 returns a zeroed call from a slab. Slabs come from a pool and go
// back to it, cleared, when the analysis ends (release): no call outlives
// its analysis, and a script's calls then cost the collector nothing.
func (a *analyzer) newCall2() *call {
	if len(a.slab) == 0 {
		s := callSlabs.Get().(*callSlab)
		a.slabs = append(a.slabs, s)
		a.slab = s[:]
	}
	c := &a.slab[0]
	a.slab = a.slab[1:]
	return c
}

type callSlab [32]call

// newCtx returns a copy of c from a pooled slab, released with the calls:
// contexts are kept by the calls made in them, and never outlive the
// analysis either.
func (a *analyzer) newCtx(c *ctx) *ctx {
	s := a.ctxs
	if s == nil || s.n == len(s.c) {
		s = ctxSlabs.Get().(*ctxSlab)
		s.prev = a.ctxs
		a.ctxs = s
	}
	cp := &s.c[s.n]
	s.n++
	*cp = *c
	return cp
}

// ctxSlab holds contexts; n are in use, prev is the analysis' slab
// before this one.
type ctxSlab struct {
	c    [32]ctx
	n    int
	prev *ctxSlab
}

var ctxSlabs = sync.Pool{New: func() any { return new(ctxSlab) }}

// newArgs returns an empty slice with room for n args, from a pooled slab
// like the calls' (appending past n moves it to the heap). Args never
// outlive their analysis: parts copy the words they need.
func (a *analyzer) newArgs(n int) []arg {
	if n > len(argSlab{}) {
		return make([]arg, 0, n)
	}
	if len(a.argFree) < n {
		if k := len(a.argSlabs); k > 0 {
			a.argUsed[k-1] = len(argSlab{}) - len(a.argFree)
		}
		s := argSlabs.Get().(*argSlab)
		a.argSlabs = append(a.argSlabs, s)
		a.argUsed = append(a.argUsed, 0)
		a.argFree = s[:]
	}
	out := a.argFree[:0:n]
	a.argFree = a.argFree[n:]
	return out
}

type argSlab [256]arg

// strs returns n empty strings for a part's words, cut from a block the
// analysis' parts share: they live as long as the result, and one
// allocation serves many parts. Blocks grow with the command.
func (a *analyzer) strs(n int) []string {
	if n == 0 {
		return []string{}
	}
	if len(a.strFree) < n {
		if n > 64 {
			return make([]string, n)
		}
		a.strBlock = min(max(2*a.strBlock, 16), 256)
		a.strFree = make([]string, max(a.strBlock, n))
	}
	out := a.strFree[:n:n]
	a.strFree = a.strFree[n:]
	return out
}

// effs returns an empty slice with room for n effects, cut from a shared
// block like strs.
func (a *analyzer) effs(n int) []Effect {
	if n == 0 {
		return []Effect{}
	}
	if len(a.fxFree) < n {
		if n > 32 {
			return make([]Effect, 0, n)
		}
		a.fxBlock = min(max(2*a.fxBlock, 8), 128)
		a.fxFree = make([]Effect, max(a.fxBlock, n))
	}
	out := a.fxFree[:0:n]
	a.fxFree = a.fxFree[n:]
	return out
}

var argSlabs = sync.Pool{New: func() any { return new(argSlab) }}

var callSlabs = sync.Pool{New: func() any { return new(callSlab) }}

// release clears the calls and hands their slabs back. Nothing may use a
// call of this analysis afterwards.
func (a *analyzer) release() {
	for i, s := range a.slabs {
		used := len(s)
		if i == len(a.slabs)-1 {
			used -= len(a.slab)
		}
		clear(s[:used])
		callSlabs.Put(s)
	}
	for i, s := range a.argSlabs {
		used := a.argUsed[i]
		if i == len(a.argSlabs)-1 {
			used = len(s) - len(a.argFree)
		}
		clear(s[:used])
		argSlabs.Put(s)
	}
	for s := a.ctxs; s != nil; {
		prev := s.prev
		clear(s.c[:s.n])
		s.n, s.prev = 0, nil
		ctxSlabs.Put(s)
		s = prev
	}
	a.ctxs = nil
	a.releaseRecordings()
	a.releaseParses()
	clear(a.slabs)
	clear(a.calls)
	clear(a.argSlabs)
	a.slabs, a.slab, a.calls = a.slabs[:0], nil, a.calls[:0]
	a.argSlabs, a.argUsed, a.argFree = a.argSlabs[:0], a.argUsed[:0], nil
}

// parseBufs are the buffers an analysis parses calls into, pooled: a
// one-liner otherwise grows them afresh for its one call.
type parseBufs struct {
	parsed, entry programs.Result
	words         []programs.Word
	// kept are the calls' parses (keepParse), nkept of them in use.
	kept  []*keptParse
	nkept int
}

// keptParse is a call's words read with an entry: the words as they were
// read, so that a later reader can tell they are still the call's.
type keptParse struct {
	spec  *programs.Spec
	words []programs.Word
	res   programs.Result
}

// maxKept bounds the parses an analysis keeps; the calls past it are
// parsed again when a check asks.
const maxKept = 256

// keepParse returns the call's kept parse, a fresh one from the pooled
// buffers, or nil once maxKept are in use.
func (a *analyzer) keepParse(ca *call) *keptParse {
	if ca.kept != nil {
		return ca.kept
	}
	b := a.bufs
	if b == nil || b.nkept >= maxKept {
		return nil
	}
	if b.nkept == len(b.kept) {
		b.kept = append(b.kept, new(keptParse))
	}
	kp := b.kept[b.nkept]
	b.nkept++
	ca.kept = kp
	return kp
}

// holds reports whether the parse read these words with this entry.
func (kp *keptParse) holds(spec *programs.Spec, ops []arg) bool {
	if kp == nil || kp.spec != spec || len(kp.words) != len(ops) {
		return false
	}
	for i, x := range ops {
		if kp.words[i] != (programs.Word{Text: x.Value, Literal: !x.Unbound && !x.Subst && !x.Glob}) {
			return false
		}
	}
	return true
}

var parseBufPool = sync.Pool{New: func() any { return new(parseBufs) }}

// releaseParses empties the parse buffers and hands them back.
func (a *analyzer) releaseParses() {
	b := a.bufs
	if b == nil {
		return
	}
	a.parsed.Clear()
	a.entry.Clear()
	clear(a.entryWords)
	// The kept parses are overwritten when next used: clearing dozens of
	// them costs a one-liner more than the words they hold until then
	// (the pool drops them at a collection).
	for _, kp := range b.kept[:b.nkept] {
		kp.spec = nil
	}
	b.nkept = 0
	b.parsed, b.entry, b.words = a.parsed, a.entry, a.entryWords[:0]
	a.parsed, a.entry, a.entryWords, a.bufs = programs.Result{}, programs.Result{}, nil, nil
	a.parsedFor, a.parsedSpec, a.entryFor, a.entryRes = nil, nil, nil, nil
	parseBufPool.Put(b)
}

// addCall completes a call (program, words, files, read-only) and records
// it with its Part.
func (a *analyzer) addCall(ca *call, _ []redir) {
	if a.phase == judging && a.judgingAdds("call: "+ca.text) {
		return
	}
	a.budget--
	if a.budget <= 0 {
		a.setLimit(LimitParts)
	}
	c := ca.ctx
	ca.cwd = c.sc.cwd()
	if ca.words == nil {
		ca.words = a.strs(len(ca.args))
		for i, x := range ca.args {
			if x.Lit {
				ca.words[i] = x.Value
			} else {
				ca.words[i] = x.Raw
			}
		}
		if len(ca.args) > 0 {
			p0 := ca.args[0]
			switch {
			case !p0.Lit || p0.Glob:
				ca.dynamic = true
				ca.spec = a.guessProgram(p0, ca.args[1:])
			default:
				name := programName(p0.Value)
				ca.words[0] = name
				ca.prog = key(name)
				if v := programs.Versioned(ca.prog); v != "" {
					// python3.12 is python: its entry reads the call and
					// its checks judge it (rules still see the name).
					ca.prog = v
				}
			}
		}
	}
	a.fileVar(ca)
	for _, as := range ca.assigns {
		if unsafeEnvNames(as.Name) && !(ca.decl && modelledState(as.Name)) && !(!ca.function && a.ownReading(as.Name, ca.args, c)) {
			ca.unsafeEnv = true
		}
	}
	if c.sc.envUnsafe() || c.unsafeEnv {
		ca.unsafeEnv = true
	}
	if ca.decl {
		for _, as := range ca.assigns {
			if ca.exported && unsafeEnvNames(as.Name) && !modelledState(as.Name) || a.inheritedChange(as) {
				c.sc.setUnsafeEnv()
			}
			if ca.exported && !safeEnvNames(as.Name) && !inertEnvNames(as.Name) && !unsafeEnvNames(as.Name) && !knownEnvValue(as.Name, as.Value.Value) && readByPrograms(as.Name) {
				// What reads it later is not known: GIT_TRACE names a file
				// git writes, KUBECONFIG a plugin kubectl runs.
				ca.unknown = append(ca.unknown, "exports "+as.Name+", which later programs may read")
			}
		}
	}
	if ca.decl || !ca.dynamic && ca.prog != "" {
		a.judgeState(ca)
	}
	a.envWrites(ca)
	a.files(ca)
	a.effects(ca)
	if ca.named != nil {
		a.named(ca)
	}
	a.throughLinks(ca)
	if c.remote || c.shadow {
		// Runs elsewhere, or a repeated loop pass: judged, but not a
		// part of its own.
		if c.shadow && c.loopFrom > 0 && !c.remote {
			a.mergePass(ca, c.loopFrom-1)
		}
		ca.partIdx = -1
		a.calls = append(a.calls, ca)
		a.afterCall(ca)
		return
	}
	if len(a.an.Parts) >= a.opts.MaxParts {
		a.setLimit(LimitParts)
	}
	ca.partIdx = len(a.an.Parts)
	p := Part{
		Text:      ca.text,
		Words:     ca.words,
		UnsafeEnv: ca.unsafeEnv,
		Dynamic:   ca.dynamic,
		Reads:     ca.reads,
		Trees:     a.trees(ca, c.pipe != nil && c.stage > 0),
		Follows:   followsLinks(ca),
		Globs:     ca.globs,
		Writes:    ca.writes,
		Effects:   ca.fx,
		Unknown:   ca.unknown,
	}
	for _, as := range ca.assigns {
		p.Assignments = append(p.Assignments, as.Text)
	}
	p.Alternates = a.alternates(ca)
	// The command as written, wrappers and carriers included (timeout 5
	// ls, sudo rm -rf x, bash -c '…'): deny and ask rules on a wrapper
	// match it.
	p.Alternates = append(p.Alternates, ca.outer...)
	readOnly := a.readOnly(ca)
	p.ReadOnly = !ca.dynamic && !ca.unsafeEnv && len(ca.writes) == 0 && !hasOutput(ca.redirs) && readOnly
	if !p.ReadOnly {
		p.Cause = a.notReadOnly(ca)
	}
	// A read-only program whose only effect is the files it writes (echo x >
	// notes.txt) is a file operation too: those files are judged as edits.
	p.FileOp = !ca.dynamic && !ca.function && len(ca.unknown) == 0 && (fileOp(ca) ||
		!ca.unsafeEnv && hasOutput(ca.redirs) && outputsKnown(ca.redirs) && readOnly)
	a.loads(ca, &p)
	if listedArgs(ca) {
		a.listedParts = append(a.listedParts, ca.partIdx)
	}
	a.an.Parts = append(a.an.Parts, p)
	a.calls = append(a.calls, ca)
	if c.pipe != nil {
		c.pipe.add(c.stage, ca)
	}
	a.afterCall(ca)
}

// namedPart records, for a call whose program word is not a literal and
// whose code a carrier or wrapper ran (x=eval; $x CODE, $(echo watch)
// CMD), the part the words stand for as written: dynamic, so the command
// is never taken as understood.
func (a *analyzer) namedPart(ca *call, written []arg, rds []redir) {
	if ca.named == nil {
		return
	}
	w := a.newCall2()
	w.ctx, w.cwd, w.text, w.assigns, w.redirs = ca.ctx, ca.cwd, ca.text, ca.assigns, ca.redirs
	w.wrappers = ca.wrappers
	w.args = written
	a.addCall(w, rds)
}

// named makes a call whose program was read from a word that is not a
// literal dynamic again, once its entry has read it: no rule allows it,
// and the word stands in its Part as written.
func (a *analyzer) named(ca *call) {
	ca.dynamic = true
	if ca.prog != "" {
		ca.spec = ca.prog
	}
	ca.unknown = append(ca.unknown, "the program is not a literal word")
	if len(ca.args) > 0 && ca.args[0].Raw == ca.named.Raw {
		ca.args[0] = *ca.named
		ca.words[0] = ca.named.Raw
	}
}

// throughLinks adds, for every path a call reads or writes through a link
// made earlier in the same command, the path it really lands on: both are
// judged.
func (a *analyzer) throughLinks(ca *call) {
	if len(ca.ctx.sc.linkMap()) == 0 {
		return
	}
	for _, p := range ca.writes {
		if t := a.followLinks(ca, p); t != p {
			ca.writes = appendPath(ca.writes, t)
		}
	}
	for _, p := range ca.reads {
		if t := a.followLinks(ca, p); t != p {
			ca.reads = appendPath(ca.reads, t)
		}
	}
}

func hasOutput(rs []redir) bool {
	for _, r := range rs {
		if r.isOutput() && !fspath.NotAFile(r.target.Value) {
			return true
		}
	}
	return false
}

// outputsKnown reports whether every output redirection names its file
// exactly (no variable, substitution or glob), so the files written are
// all among the part's Writes.
func outputsKnown(rs []redir) bool {
	for _, r := range rs {
		if r.isOutput() && !fspath.NotAFile(r.target.Value) && (r.target.Unbound || r.target.Glob || r.target.Subst) {
			return false
		}
	}
	return true
}

// setVarNames returns the variables a builtin assigns, as its entry names
// them: the values of its SetsVars options and, with SetsOperands, its
// operands. An element (read 'BASH_CMDS[ls]') names its array.
func (a *analyzer) setVarNames(ca *call) []string {
	spec := ca.entryOrBase()
	if spec == nil || spec.SetsVars == "" && !spec.SetsOperands || ca.dynamic {
		return nil
	}
	var buf [4]string
	opts := buf[:0]
	for o := range strings.FieldsSeq(spec.SetsVars) {
		opts = append(opts, o)
	}
	words := a.entryValues(ca, opts...)
	if spec.SetsOperands {
		words = append(words, a.entryOperands(ca)...)
	}
	names := make([]string, 0, len(words))
	for _, o := range words {
		name, _, _ := strings.Cut(o.Value, "[")
		names = append(names, name)
	}
	return names
}

// cdVars sets PWD and OLDPWD after a cd from old, where the command
// assigned them: the ones it did not are read from the working directory.
func cdVars(sc *scope, old string) {
	if _, ok := sc.variable("PWD"); ok {
		d := sc.cwd()
		sc.set("PWD", varVal{s: d, known: d != ""})
	}
	if _, ok := sc.variable("OLDPWD"); ok {
		sc.set("OLDPWD", varVal{s: old, known: old != ""})
	}
}

// afterCall updates the scope with what a command changes for the ones
// after it: cd, symlinks, downloads, aliases, variables set by read.
func (a *analyzer) afterCall(ca *call) {
	sc := ca.ctx.sc
	ops := ca.operands()
	a.evaluatedOperands(ca)
	a.runWritten(ca)
	a.recordWritten(ca)
	switch ca.prog {
	case "cd", "pushd", "popd":
		// bash sets PWD to where cd goes and OLDPWD to where it was,
		// whatever the command assigned them ($PWD, ~+, ~- and cd -
		// read them).
		defer cdVars(sc, sc.cwd())
	}
	switch ca.prog {
	case "pushd", "popd", "dirs":
		a.dirsCall(ca)
	case "cd":
		var dir *arg
		for i := range ops {
			if !strings.HasPrefix(ops[i].Value, "-") || ops[i].Value == "-" {
				dir = &ops[i]
				break
			}
		}
		switch {
		case dir == nil:
			home := a.opts.Home
			if v, ok := sc.variable("HOME"); ok {
				home = ""
				if v.known {
					home = a.resolveString(v.s, sc.cwd())
				}
			}
			sc.setCwd(home)
		case dir.Unbound || dir.Value == "-" || sc.touched && a.cdState(ca, dir.Value) != "":
			sc.setCwd("")
		default:
			sc.setCwd(a.cdTarget(ca, *dir, sc))
		}
	case "alias":
		for _, o := range ops {
			if name, body, ok := strings.Cut(o.Value, "="); ok && name != "" {
				sc.setAlias(key(name), body)
			}
		}
	case "unalias":
		for _, o := range ops {
			sc.unalias(key(o.Value))
		}
	}
	for _, name := range a.setVarNames(ca) {
		if a.integerAssign(ca.ctx, name, arg{Unbound: true}, false, ca.text) {
			sc.set(name, varVal{number: true, integer: true})
			continue
		}
		sc.set(name, varVal{})
	}
	if spec := ca.entryOrBase(); spec != nil && spec.Carries != "" && spec.Expression != 0 {
		a.walkerRuns(ca, spec, ops)
	}
	if execOnly(ca) {
		a.execOpens(ca)
	}
	a.linkMade(ca)
	if len(ca.writes) > 0 && ca.prog != "" {
		if src := a.sensitiveSource(ca); src != "" {
			for _, w := range ca.writes {
				a.markSensitive(w, src)
			}
		}
	}
	if res := a.entryParse(ca); res.Spec != nil && res.Spec.Unpacks.Fetched && !res.Help {
		// What a clone fetched is there for the rest of the command: a
		// file run from it is code nobody reviewed.
		var us []programs.Use
		for _, u := range res.Uses {
			if u.Effect == programs.Unpack {
				us = append(us, u)
			}
		}
		for _, d := range unpackDirs(ca, res, us) {
			if dir := a.resolve(d, ca.cwd); dir != "" {
				sc.setFetched(dir + "/")
			}
		}
	}
	for _, f := range downloads(ca, a) {
		sc.setFetched(f)
	}
	a.findCode(ca)
}

// inheritedChange reports an assignment to an unsafe variable every shell
// has in its environment already (programs.EnvVar's Inherited: HOME) of
// another value than the user's own: the programs after it see the new
// value, exported or not.
func (a *analyzer) inheritedChange(as assignment) bool {
	e := programs.EnvOf(as.Name)
	if e == nil || !e.Inherited || !e.Unsafe {
		return false
	}
	v := as.Value
	return v.Unbound || a.opts.Home == "" || fspath.Clean(a.resolveString(v.Value, "/")) != fspath.Clean(a.opts.Home)
}

// linkMade follows a link a call makes, where its entry's Links says the
// call makes one (ln, link, cp -l, cp -s): later paths through the link
// go to its target. A symbolic link's target is relative to the link's
// directory, a hard link's to the working directory.
func (a *analyzer) linkMade(ca *call) {
	spec := ca.entryOrBase()
	if spec == nil || spec.Links == nil {
		return
	}
	res := a.entryParse(ca)
	if res.Help || spec.Links.With != "" && !res.Has(strings.Fields(spec.Links.With)...) {
		return
	}
	symbolic := spec.Links.Symbolic == "*" || spec.Links.Symbolic != "" && res.Has(strings.Fields(spec.Links.Symbolic)...)
	pos := a.entryOperands(ca)
	if len(pos) != 2 || pos[0].Unbound || pos[1].Unbound {
		return
	}
	link := a.resolve(pos[1], ca.cwd)
	target := pos[0].Value
	switch {
	case target == "~" || strings.HasPrefix(target, "~/") || strings.HasPrefix(target, "/"):
		target = a.resolveString(target, ca.cwd)
	case symbolic && link != "" && !(spec.Links.Relative != "" && res.Has(strings.Fields(spec.Links.Relative)...)):
		// The target is relative to the link's directory; with ln -r it
		// is named from here and made relative.
		target = fspath.Join(dirOf(link), target)
	default:
		target = a.resolveString(target, ca.cwd)
	}
	if link != "" && target != "" {
		ca.ctx.sc.addLink(link, fspath.Clean(target))
		if !symbolic {
			a.judgeHardLink(ca, fspath.Clean(target), link)
		}
	}
}

// ownReading reports a prefix assignment that only the builtin it prefixes
// reads, to split its own input (IFS= read -r line): nothing the call runs
// sees it, so it does not change what runs. A function of the builtin's
// name runs its body with the variable, so it is not spared.
func (a *analyzer) ownReading(name string, args []arg, c *ctx) bool {
	if len(args) == 0 || !args[0].Lit || c.sc.function(args[0].Value) != nil {
		return false
	}
	return programs.OwnReadingOf(name, args[0].Value)
}

// fileVar gives a call whose entry names a FileVar, and which names no
// file itself, the file that variable holds, as bash's builtin takes it
// (HISTFILE=~/.bashrc; history -w writes ~/.bashrc): a value the command
// set is the operand, and one it set to text the walk cannot read makes
// what the call writes unknown. A variable the command never set is the
// user's own (their history file).
func (a *analyzer) fileVar(ca *call) {
	if ca.prog == "" || ca.dynamic {
		return
	}
	spec := ca.entryOrBase()
	if spec == nil || spec.FileVar == "" || len(a.entryOperands(ca)) > 0 {
		return
	}
	v, set := ca.ctx.sc.variable(spec.FileVar)
	if !set {
		return
	}
	if !v.known {
		ca.unknown = append(ca.unknown, ca.prog+" acts on the file $"+spec.FileVar+" names, whose value is not known")
		return
	}
	if v.s == "" {
		return
	}
	x := arg{Value: v.s, Raw: "$" + spec.FileVar, Lit: true}
	ca.args = append(ca.args[:len(ca.args):len(ca.args)], x)
	ca.words = append(ca.words[:len(ca.words):len(ca.words)], x.Value)
	a.entryFor = nil
}
