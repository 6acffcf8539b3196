package shell

import (
	"encoding/binary"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"mvdan.cc/sh/v3/syntax"
)

// A function defined in a command runs again at every call, with the
// call's words as $1, $2, ... (callFunction). Its body is judged again at
// each call; a call whose body would read exactly what an earlier call of
// the same function read is not walked again: what that walk did is done
// again instead.
//
// Soundness rests on the walk being a function of what it reads. A
// recording notes every value the body reads from the scope before writing
// it itself (variables, $1... included, the working directory, functions,
// aliases, files written, links, downloads) and every change it makes, and
// the call is keyed on everything else the walk depends on: the function,
// the context it runs in (wrappers, redirections, loop, depth, ...), the
// functions being called around it, and whether the state table is read yet
// (scope.touched: until the command changes a piece of it, the walk reads
// none of it, so a body walked before set -a never read allexport). A later call with the same key whose
// recorded reads all still hold makes the same changes, and adds copies of
// the same calls and parts. The code the calls run was found while the
// body was walked (findCode), so the copies hold it too; judging reads only
// a call and the finished walk, so a copy is judged as its original is
// (finish judges the original alone). A walk that reaches a limit or runs
// out of budget is never remembered.
//
// A body that runs part of itself in a subshell (( ), $( ), a pipeline, a
// background job) is remembered too: what a subshell changed is put back at
// its end (scope.join), and the recording sees each putting back as a
// change and the value put back as read when it was first replaced
// (scope.noteVar and its kin), so a replay ends where the walk ended.
// Recordings, contexts and calls are pooled per analysis and released with
// it (release).
//
// A statement the command repeats word for word at its top level is
// remembered the same way, keyed on its text (walkTop). Its copies are
// judged as their originals were, unless the original's judgement read
// where its call stands (call.placed): what judging reads of the calls
// before a call (globNow: has an earlier part written?) or of their order
// (Others) is not the same at a later place, and such a copy is judged as
// a call of its own. A copy judged again adds nothing when it is judged
// as its original was: a finding is kept once per category and part, and
// the copy's part is the original's text. A walk that makes a finding or gives a part a
// listing's names, which are the analysis' own and not the scope's, is not
// remembered.

// recording is what one function body's walk read and changed.
type recording struct {
	sc     *scope
	reads  []memoRead
	writes []memoWrite
	// sens are the files the walk marked as holding secrets.
	sens [][2]string
	// done holds the slots read or written already: a later read of
	// one is not an input of the walk. The slots with no name (the
	// working directory, ...) are bits of doneKinds; a named slot is
	// found through doneIdx, an open-addressed table of indexes into
	// done (one more than the index; 0 is empty), until there are more
	// than maxDone, when doneSet holds them all.
	done             []slot
	doneKinds        uint32
	doneIdx          [2 * maxDone]uint8
	doneSet          map[slot]struct{}
	linksGen0        int
	fetchedGen0      int
	linksRead, fRead bool
}

type memoRead struct {
	slot slot
	val  slotVal
}

type memoWrite struct {
	slot slot
	val  slotVal
	del  bool
}

func (r *recording) read(sl slot, v slotVal) {
	if nameless(sl.kind) {
		// One slot of its kind: done is a bit (the working directory is
		// read at every call).
		if r.doneKinds&(1<<sl.kind) == 0 {
			r.doneKinds |= 1 << sl.kind
			r.reads = append(r.reads, memoRead{slot: sl, val: v})
		}
		return
	}
	switch sl.kind {
	case slotLinks:
		// Read whole, with what the body added: depends on the map as
		// it was when the call began.
		if !r.linksRead {
			r.linksRead = true
			r.reads = append(r.reads, memoRead{slot: sl, val: slotVal{n: int32(r.linksGen0)}})
		}
		return
	case slotFetched:
		if !r.fRead {
			r.fRead = true
			r.reads = append(r.reads, memoRead{slot: sl, val: slotVal{n: int32(r.fetchedGen0)}})
		}
		return
	}
	if r.isDone(sl) {
		return
	}
	r.markNew(sl)
	r.reads = append(r.reads, memoRead{slot: sl, val: v})
}

func (r *recording) write(sl slot, v slotVal, del bool) {
	r.writes = append(r.writes, memoWrite{slot: sl, val: v, del: del})
	switch sl.kind {
	case slotLinks, slotFetched:
		return
	case slotWritten:
		r.mark(slot{kind: slotWrittenAny}) // only ever added to
	}
	r.mark(sl)
}

// maxDone is how many named slots done holds before doneSet does.
const maxDone = 32

// nameless reports a slot kind that has no name: one slot of its kind.
func nameless(k slotKind) bool {
	return k == slotCwd || k == slotWrittenAny || k == slotUnsafeEnv
}

// doneHash places a named slot in doneIdx: cheap, from its kind, length
// and three of its bytes; the probe compares the slot itself.
func doneHash(sl slot) uint {
	h := uint(sl.kind)*0x9e3779b1 ^ uint(len(sl.name))*0x85ebca6b
	if n := len(sl.name); n > 0 {
		h ^= uint(sl.name[0])*0xc2b2ae35 ^ uint(sl.name[n/2])*0x27d4eb2f ^ uint(sl.name[n-1])*0x165667b1
	}
	return h ^ h>>15
}

func (r *recording) isDone(sl slot) bool {
	if nameless(sl.kind) {
		return r.doneKinds&(1<<sl.kind) != 0
	}
	if r.doneSet != nil {
		_, ok := r.doneSet[sl]
		return ok
	}
	const mask = len(r.doneIdx) - 1
	for h := doneHash(sl); ; h++ {
		i := r.doneIdx[h&uint(mask)]
		if i == 0 {
			return false
		}
		// The kind and the length first: most slots differ in them.
		if d := &r.done[i-1]; d.kind == sl.kind && len(d.name) == len(sl.name) && d.name == sl.name {
			return true
		}
	}
}

func (r *recording) mark(sl slot) {
	if !r.isDone(sl) {
		r.markNew(sl)
	}
}

// markNew is mark for a slot known not done.
func (r *recording) markNew(sl slot) {
	if nameless(sl.kind) {
		r.doneKinds |= 1 << sl.kind
		return
	}
	if r.doneSet != nil {
		r.doneSet[sl] = struct{}{}
		return
	}
	if len(r.done) == maxDone {
		r.doneSet = make(map[slot]struct{}, 4*maxDone)
		for _, d := range r.done {
			r.doneSet[d] = struct{}{}
		}
		r.doneSet[sl] = struct{}{}
		return
	}
	r.done = append(r.done, sl)
	const mask = len(r.doneIdx) - 1
	h := doneHash(sl)
	for r.doneIdx[h&uint(mask)] != 0 {
		h++
	}
	r.doneIdx[h&uint(mask)] = uint8(len(r.done))
}

// memoEntry is one remembered call of a function.
type memoEntry struct {
	reads  []memoRead
	writes []memoWrite
	sens   [][2]string
	calls  []*call
	// parts are the parts the walk listed (a loop's first pass in the
	// body lists its parts again).
	parts []Part
	// from is where the walk's parts began; stmt marks a repeated
	// statement's walk, whose copies are judged as calls of their own.
	from   int
	stmt   bool
	budget int
}

// memoKey identifies what a function call's walk depends on besides the
// scope: the function (or, for a statement the command repeats, its text),
// the context of its body and the functions being called around it. It is nil when the call is not remembered. The key is
// built in a buffer the next call of memoKey reuses.
func (a *analyzer) memoKey(def *funcDef, stmt string, c *ctx) []byte {
	if a.noMemo || c.find != nil || c.pipe != nil {
		return nil
	}
	ms := a.memoState()
	b := ms.keyBuf[:0]
	// Numbers and pointers are written in eight bytes each, as they are:
	// the key is never read, only compared.
	ptr := func(p unsafe.Pointer) {
		b = binary.LittleEndian.AppendUint64(b, uint64(uintptr(p)))
	}
	num := func(n int) {
		b = binary.LittleEndian.AppendUint64(b, uint64(n))
	}
	str := func(s string) {
		num(len(s))
		b = append(b, s...)
	}
	flag := func(f bool) {
		if f {
			b = append(b, '1')
		} else {
			b = append(b, '0')
		}
	}
	if def != nil {
		b = append(b, 'f')
		ptr(unsafe.Pointer(def))
	} else {
		b = append(b, 's')
		str(stmt)
	}
	ptr(unsafe.Pointer(c.sc))
	ptr(unsafe.Pointer(unsafe.StringData(c.src)))
	num(len(c.src))
	str(c.funcName)
	num(c.depth)
	num(c.stage)
	flag(c.bg)
	flag(c.remote)
	flag(c.shadow)
	flag(c.loop)
	flag(c.unpaced)
	flag(c.unsafeEnv)
	flag(c.xargs)
	flag(c.sc.touched)
	num(len(c.wrappers))
	for _, w := range c.wrappers {
		str(w)
	}
	num(len(c.outer))
	for _, f := range c.outer {
		num(len(f))
		for _, w := range f {
			str(w)
		}
	}
	num(len(c.redirs))
	for _, r := range c.redirs {
		num(int(r.op))
		str(r.fd)
		str(r.body)
		flag(r.hasBody)
		t := r.target
		str(t.Value)
		str(t.Raw)
		flag(t.Lit)
		flag(t.Unbound)
		flag(t.Glob)
		flag(t.Subst)
		flag(t.Mktemp)
		flag(t.Home)
		ptr(unsafe.Pointer(t.Node))
	}
	names := ms.nameBuf[:0]
	for n, on := range a.calling {
		if on {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	num(len(names))
	for _, n := range names {
		str(n)
	}
	clear(names)
	ms.nameBuf = names[:0]
	ms.keyBuf = b
	return b
}

// memoFind returns a remembered call with this key whose reads all hold in
// the scope now, and that fits in the budget and the parts left.
func (a *analyzer) memoFind(key []byte, sc *scope) *memoEntry {
	for _, e := range a.ms.memo[string(key)] {
		// Past MaxParts the walk would set the limit, unless one is set
		// already (the first limit stays).
		if a.budget-e.budget <= 0 || len(a.an.Parts)+len(e.parts) > a.opts.MaxParts && a.an.Limit == "" {
			continue
		}
		ok := true
		for _, r := range e.reads {
			if sc.value(r.slot) != r.val {
				ok = false
				break
			}
		}
		if ok {
			return e
		}
	}
	return nil
}

// memoReplay does again what a remembered call did: the recordings under
// way around it read what it read, its changes are made again, its calls
// are added again (copies, judged as their originals), and its budget is
// spent.
func (a *analyzer) memoReplay(e *memoEntry, sc *scope) {
	for _, r := range e.reads {
		if len(sc.recs) > 0 {
			sc.observe(r.slot.kind, r.slot.name, r.val)
		}
	}
	for _, w := range e.writes {
		sc.apply(w)
	}
	for _, s := range e.sens {
		a.markSensitive(s[0], s[1])
	}
	shift := len(a.an.Parts) - e.from
	for _, c := range e.calls {
		cp := a.newCall2()
		*cp = *c
		if c.partIdx >= e.from {
			cp.partIdx += shift
		}
		cp.orig = c
		cp.repeat = e.stmt
		if c.orig != nil {
			cp.orig, cp.repeat = c.orig, c.repeat
		}
		a.calls = append(a.calls, cp)
	}
	if n := len(a.an.Parts) + len(e.parts); n > cap(a.an.Parts) {
		// Doubled, as append does only for small slices: a command that
		// repeats a statement thousands of times copies its parts over
		// twice, not five times.
		grown := make([]Part, len(a.an.Parts), max(2*cap(a.an.Parts), n))
		copy(grown, a.an.Parts)
		a.an.Parts = grown
	}
	var cl partCloner
	cl.sized(e.parts)
	for _, p := range e.parts {
		a.an.Parts = append(a.an.Parts, cl.clone(p))
	}
	a.budget -= e.budget
}

// markSensitive records that a file this command wrote holds secrets.
func (a *analyzer) markSensitive(p, src string) {
	if a.sensitiveCopies == nil {
		a.sensitiveCopies = map[string]string{}
	}
	a.sensitiveCopies[p] = src
	for _, r := range a.recs {
		r.sens = append(r.sens, [2]string{p, src})
	}
}

// memoWalk walks a function's body at a call, or does again what an
// earlier call with the same inputs did.
func (a *analyzer) memoWalk(def *funcDef, c *ctx) {
	kb := a.memoKey(def, "", c)
	if kb == nil {
		a.walkStmt(def.body, c)
		return
	}
	a.memoRun(kb, def.body, c, false)
}

// memoRun walks the statement s, or does again what an earlier walk with
// the key kb and the same inputs did. A statement's copies (stmt) are
// judged as calls of their own; a function call's as their originals.
func (a *analyzer) memoRun(kb []byte, s *syntax.Stmt, c *ctx, stmt bool) {
	sc := c.sc
	if e := a.memoFind(kb, sc); e != nil {
		a.hits++
		a.memoReplay(e, sc)
		return
	}
	key := string(kb) // the buffer is reused by the calls in the body
	r := a.newRecording(sc)
	sc.recs = append(sc.recs, r)
	a.recs = append(a.recs, r)
	budget, nparts, limit, ncalls := a.budget, len(a.an.Parts), a.an.Limit, len(a.calls)
	nfound, nlists, nlisted := len(a.an.Findings), len(a.listings), len(a.listedParts)
	a.walkStmt(s, c)
	sc.recs = sc.recs[:len(sc.recs)-1]
	a.recs = a.recs[:len(a.recs)-1]
	if a.an.Limit != limit || a.budget <= 0 {
		return
	}
	if stmt && (len(a.an.Findings) != nfound || len(a.listings) != nlists || len(a.listedParts) != nlisted) {
		// What the walk found or listed is the analysis' own, not the
		// scope's: not remembered.
		return
	}
	ms := a.ms
	if ms.memo == nil {
		ms.memo = map[string][]*memoEntry{}
	}
	ms.memo[key] = append(ms.memo[key], &memoEntry{
		reads:  r.reads,
		writes: r.writes,
		sens:   r.sens,
		calls:  slices.Clone(a.calls[ncalls:]),
		parts:  slices.Clone(a.an.Parts[nparts:]),
		from:   nparts,
		stmt:   stmt,
		budget: budget - a.budget,
	})
}

// walkTop walks the command's statements. A statement the command repeats
// word for word (a script that logs after every step) is remembered as a
// function call is: walked again only when what it reads has changed.
func (a *analyzer) walkTop(stmts []*syntax.Stmt, c *ctx) {
	if a.noMemo || len(stmts) < 2 {
		a.walkStmts(stmts, c)
		return
	}
	var tbuf [32]string
	var rbuf [32]bool
	texts, rep := tbuf[:0], rbuf[:]
	if len(stmts) > len(tbuf) {
		texts, rep = make([]string, 0, len(stmts)), make([]bool, len(stmts))
	}
	for _, s := range stmts {
		t := c.text(s)
		if hasHeredoc(t) {
			t = "" // a here-document's body is not in its statement's text
		}
		texts = append(texts, t)
	}
	repeats := false
	if len(texts) <= len(tbuf) {
		for i, t := range texts {
			for j := i + 1; j < len(texts) && t != "" && !rep[i]; j++ {
				if texts[j] == t {
					rep[i], rep[j], repeats = true, true, true
				}
			}
		}
	} else {
		first := make(map[string]int, len(texts))
		for i, t := range texts {
			if j, ok := first[t]; ok && t != "" {
				rep[i], rep[j], repeats = true, true, true
			} else if !ok {
				first[t] = i
			}
		}
	}
	if !repeats {
		a.walkStmts(stmts, c)
		return
	}
	for i, s := range stmts {
		if a.budget <= 0 {
			a.setLimit(LimitParts)
			return
		}
		if rep[i] {
			if kb := a.memoKey(nil, texts[i], c); kb != nil {
				kb = append(kb, flagByte(s.Background), flagByte(s.Coprocess), flagByte(s.Disown), flagByte(s.Negated))
				a.ms.keyBuf = kb
				a.memoRun(kb, s, c, true)
				continue
			}
		}
		a.walkStmt(s, c)
	}
}

// hasHeredoc reports text holding << (here-documents, here-strings).
func hasHeredoc(t string) bool {
	return strings.Contains(t, "<<")
}

func flagByte(f bool) byte {
	if f {
		return '1'
	}
	return '0'
}

// newRecording returns an empty recording from a pool. Recordings go back
// at release, with the memo that holds their slices: none outlives its
// analysis.
func (a *analyzer) newRecording(sc *scope) *recording {
	r := recordingPool.Get().(*recording)
	r.sc, r.linksGen0, r.fetchedGen0 = sc, sc.linksGen, sc.fetchedGen
	a.ms.recorded = append(a.ms.recorded, r)
	return r
}

var recordingPool = sync.Pool{New: func() any {
	return &recording{reads: make([]memoRead, 0, 16), done: make([]slot, 0, 16), writes: make([]memoWrite, 0, 16)}
}}

// releaseRecordings clears the analysis' recordings and hands them back.
func (a *analyzer) releaseRecordings() {
	if a.ms == nil {
		return
	}
	for _, r := range a.ms.recorded {
		clear(r.reads)
		clear(r.writes)
		clear(r.done)
		clear(r.sens)
		*r = recording{reads: r.reads[:0], writes: r.writes[:0], done: r.done[:0], sens: r.sens[:0]}
		recordingPool.Put(r)
	}
	a.ms = nil
}

// memoState is the memo of one analysis: the calls remembered, the
// recordings made (for release) and memoKey's buffers.
type memoState struct {
	memo     map[string][]*memoEntry
	recorded []*recording
	keyBuf   []byte
	nameBuf  []string
}

func (a *analyzer) memoState() *memoState {
	if a.ms == nil {
		a.ms = &memoState{}
	}
	return a.ms
}

// partCloner copies parts, so that no two parts share a slice: the
// copies' strings and effects are cut, each to its own length and
// capacity, from one block of each sized for all the parts (sized).
type partCloner struct {
	strs []string
	fx   []Effect
}

// sized makes the blocks for copies of ps.
func (cl *partCloner) sized(ps []Part) {
	ns, nfx := 0, 0
	for i := range ps {
		p := &ps[i]
		ns += len(p.Words) + len(p.Assignments) + len(p.Unknown) + len(p.Reads) + len(p.Trees) + len(p.Writes)
		nfx += len(p.Effects)
	}
	if ns > 0 {
		cl.strs = make([]string, ns)
	}
	if nfx > 0 {
		cl.fx = make([]Effect, nfx)
	}
}

// clone copies p.
func (cl *partCloner) clone(p Part) Part {
	p.Words = cl.cloneStrs(p.Words)
	if p.Alternates != nil {
		alts := make([][]string, len(p.Alternates))
		for i, a := range p.Alternates {
			alts[i] = slices.Clone(a)
		}
		p.Alternates = alts
	}
	p.Assignments = cl.cloneStrs(p.Assignments)
	if len(p.Effects) > 0 {
		n := len(p.Effects)
		if len(cl.fx) < n {
			cl.fx = make([]Effect, n)
		}
		out := cl.fx[:n:n]
		cl.fx = cl.fx[n:]
		copy(out, p.Effects)
		p.Effects = out
	} else {
		p.Effects = p.Effects[:0:0] // nil stays nil, empty empty
	}
	p.Unknown = cl.cloneStrs(p.Unknown)
	p.Reads = cl.cloneStrs(p.Reads)
	p.Trees = cl.cloneStrs(p.Trees)
	p.Writes = cl.cloneStrs(p.Writes)
	return p
}

// cloneStrs is slices.Clone, cut from the block.
func (cl *partCloner) cloneStrs(s []string) []string {
	if len(s) == 0 {
		return s[:0:0] // nil stays nil, empty empty
	}
	n := len(s)
	if len(cl.strs) < n {
		cl.strs = make([]string, n)
	}
	out := cl.strs[:n:n]
	cl.strs = cl.strs[n:]
	copy(out, s)
	return out
}
