package shell

import "github.com/wardenhq/warden/internal/fspath"

// scope is the shell state that flows through a command list: the working
// directory, variables, symlinks and aliases made on the way.
//
// Its fields are read and written only through the methods below, so that
// a call of a function defined in the command can be remembered with
// everything its body read (see memo.go): a body walked again with the same
// inputs would do the same again.
type scope struct {
	dir  string
	vmap map[string]varVal
	// pos are the positional parameters ($@ $* $# $1…$9, by posIndex),
	// kept out of vmap so that a function call can bind and restore them
	// whole (swapPositionals); posSet says which are set.
	pos     [len(positionalNames)]varVal
	posSet  uint16
	lmap    map[string]string
	fmap    map[string]bool
	amap    map[string]string
	fnmap   map[string]*funcDef
	wmap    map[string]written
	envFlag bool
	// touched is set once the command changes a piece of the shell's
	// state that stateRows declares (state.go): until then no later word
	// needs the table.
	touched bool
	// linksGen and fetchedGen count the changes to links and fetched,
	// which are read whole.
	linksGen, fetchedGen int
	// recs are the recordings of function bodies under way on this
	// scope, innermost last.
	recs []*recording
	// undos, while a subshell is walked (forks > 0), hold the value each
	// variable, alias and function had before a change, oldest first.
	undos []undo
	forks int
}

// undo is what a name held before a change made in a subshell.
type undo struct {
	kind  slotKind // slotVar, slotAlias or slotFunc
	name  string
	v     varVal
	alias string
	fn    *funcDef
	had   bool
}

func newScope(cwd string) *scope {
	if cwd != "" {
		cwd = fspath.Clean(cwd)
	}
	return &scope{dir: cwd}
}

// slotKind names a piece of the scope a function body can read or write.
type slotKind uint8

const (
	slotVar slotKind = iota
	slotCwd
	slotFunc
	slotAlias
	slotWritten
	slotWrittenAny
	slotUnsafeEnv
	slotLinks   // the whole map, by generation
	slotFetched // the whole map, by generation
)

type slot struct {
	kind slotKind
	name string
}

// slotVal is the value of a slot, compact: a variable's or a written
// file's text in s with its flags, a function in fn, a generation in n.
type slotVal struct {
	s     string
	fn    *funcDef
	n     int32
	flags uint8
}

const (
	svPresent uint8 = 1 << iota
	svKnown
	svMktemp
	svGlob
	svNumber
	svInteger
)

func varSlot(v varVal, present bool) slotVal {
	sv := slotVal{s: v.s}
	if present {
		sv.flags |= svPresent
	}
	if v.known {
		sv.flags |= svKnown
	}
	if v.mktemp {
		sv.flags |= svMktemp
	}
	if v.glob {
		sv.flags |= svGlob
	}
	if v.number {
		sv.flags |= svNumber
	}
	if v.integer {
		sv.flags |= svInteger
	}
	return sv
}

func (sv slotVal) varVal() varVal {
	return varVal{s: sv.s, known: sv.flags&svKnown != 0, mktemp: sv.flags&svMktemp != 0, glob: sv.flags&svGlob != 0, number: sv.flags&svNumber != 0, integer: sv.flags&svInteger != 0}
}

func writtenSlot(w written, present bool) slotVal {
	sv := slotVal{s: w.text}
	if present {
		sv.flags |= svPresent
	}
	if w.known {
		sv.flags |= svKnown
	}
	return sv
}

func flagSlot(b bool) slotVal {
	if b {
		return slotVal{flags: svPresent}
	}
	return slotVal{}
}

func (s *scope) observe(k slotKind, name string, v slotVal) {
	for _, r := range s.recs {
		r.read(slot{k, name}, v)
	}
}

func (s *scope) change(k slotKind, name string, v slotVal, del bool) {
	for _, r := range s.recs {
		r.write(slot{k, name}, v, del)
	}
}

// value returns a slot's current value, without recording the read.
func (s *scope) value(sl slot) slotVal {
	switch sl.kind {
	case slotVar:
		return varSlot(s.getVar(sl.name))
	case slotCwd:
		return slotVal{s: s.dir}
	case slotFunc:
		return slotVal{fn: s.fnmap[sl.name]}
	case slotAlias:
		b, ok := s.amap[sl.name]
		sv := slotVal{s: b}
		if ok {
			sv.flags = svPresent
		}
		return sv
	case slotWritten:
		w, ok := s.wmap[sl.name]
		return writtenSlot(w, ok)
	case slotWrittenAny:
		return flagSlot(len(s.wmap) > 0)
	case slotUnsafeEnv:
		return flagSlot(s.envFlag)
	case slotLinks:
		return slotVal{n: int32(s.linksGen)}
	case slotFetched:
		return slotVal{n: int32(s.fetchedGen)}
	}
	panic("unknown scope slot")
}

// apply makes a recorded change again.
func (s *scope) apply(w memoWrite) {
	switch w.slot.kind {
	case slotVar:
		if w.del {
			s.unset(w.slot.name)
		} else {
			s.set(w.slot.name, w.val.varVal())
		}
	case slotCwd:
		s.setCwd(w.val.s)
	case slotFunc:
		s.defineFunc(w.slot.name, w.val.fn)
	case slotAlias:
		if w.del {
			s.unalias(w.slot.name)
		} else {
			s.setAlias(w.slot.name, w.val.s)
		}
	case slotWritten:
		s.setWritten(w.slot.name, written{text: w.val.s, known: w.val.flags&svKnown != 0})
	case slotUnsafeEnv:
		s.setUnsafeEnv()
	case slotLinks:
		s.addLink(w.slot.name, w.val.s)
	case slotFetched:
		s.setFetched(w.slot.name)
	default:
		panic("unknown scope change")
	}
}

// posIndex is a positional parameter's index in scope.pos (the order of
// positionalNames), or -1 for any other name.
func posIndex(name string) int {
	if len(name) != 1 {
		return -1
	}
	switch c := name[0]; {
	case c == '@':
		return 0
	case c == '*':
		return 1
	case c == '#':
		return 2
	case c >= '1' && c <= '9':
		return 3 + int(c-'1')
	}
	return -1
}

// getVar, putVar and delVar read and write a variable where it is kept,
// recording nothing: the methods below record.
func (s *scope) getVar(name string) (varVal, bool) {
	if i := posIndex(name); i >= 0 {
		return s.pos[i], s.posSet&(1<<i) != 0
	}
	v, ok := s.vmap[name]
	return v, ok
}

func (s *scope) putVar(name string, v varVal) {
	if i := posIndex(name); i >= 0 {
		s.pos[i], s.posSet = v, s.posSet|1<<i
		return
	}
	if s.vmap == nil {
		s.vmap = make(map[string]varVal, 4)
	}
	s.vmap[name] = v
}

func (s *scope) delVar(name string) {
	if i := posIndex(name); i >= 0 {
		s.pos[i], s.posSet = varVal{}, s.posSet&^(1<<i)
		return
	}
	delete(s.vmap, name)
}

// positionals are the positional parameters whole, as a function call
// binds them.
type positionals struct {
	v   [len(positionalNames)]varVal
	set uint16
}

// swapPositionals binds the positional parameters to p and returns what
// they were. Only while nothing records the scope and no subshell is
// under way: it notes no change (set and unset do, name by name).
func (s *scope) swapPositionals(p positionals) positionals {
	old := positionals{v: s.pos, set: s.posSet}
	s.pos, s.posSet = p.v, p.set
	return old
}

// posBinding is what bindPositionals keeps for unbindPositionals.
type posBinding struct {
	old      positionals
	undoMark int
	recMarks [maxPosRecs]int
}

// maxPosRecs is how many recordings under way bindPositionals follows;
// past it the parameters are bound name by name.
const maxPosRecs = 8

// bindPositionals binds the positional parameters to p, as a function call
// does, and unbindPositionals puts back what they were, undoing with them
// whatever the body did to them. The recordings under way and the subshell
// under way see what binding and restoring them name by name (set, unset)
// would leave: each recording reads the parameters as they were and keeps
// none of the changes made to them in between (a replay leaves them as
// they were), and a subshell's join puts each back to what it held before
// the call, or leaves it unknown as it leaves any variable set in an
// unsure stage. It reports false, binding nothing, past maxPosRecs.
func (s *scope) bindPositionals(p positionals) (posBinding, bool) {
	if len(s.recs) > maxPosRecs {
		return posBinding{}, false
	}
	b := posBinding{old: positionals{v: s.pos, set: s.posSet}, undoMark: len(s.undos)}
	for i, r := range s.recs {
		for j, n := range positionalNames {
			r.read(slot{slotVar, n}, varSlot(s.pos[j], s.posSet&(1<<j) != 0))
		}
		b.recMarks[i] = len(r.writes)
	}
	s.pos, s.posSet = p.v, p.set
	return b, true
}

func (s *scope) unbindPositionals(b posBinding) {
	s.pos, s.posSet = b.old.v, b.old.set
	for i, r := range s.recs {
		kept := r.writes[:b.recMarks[i]]
		for _, w := range r.writes[b.recMarks[i]:] {
			if w.slot.kind != slotVar || posIndex(w.slot.name) < 0 {
				kept = append(kept, w)
			}
		}
		clear(r.writes[len(kept):])
		r.writes = kept
	}
	if s.forks == 0 {
		return
	}
	kept := s.undos[:b.undoMark]
	for _, u := range s.undos[b.undoMark:] {
		if u.kind != slotVar || posIndex(u.name) < 0 {
			kept = append(kept, u)
		}
	}
	clear(s.undos[len(kept):])
	s.undos = kept
	for j, n := range positionalNames {
		s.undos = append(s.undos, undo{kind: slotVar, name: n, v: b.old.v[j], had: b.old.set&(1<<j) != 0})
	}
}

// variable returns what the scope holds for a variable.
func (s *scope) variable(name string) (varVal, bool) {
	v, ok := s.getVar(name)
	if len(s.recs) > 0 {
		s.observe(slotVar, name, varSlot(v, ok))
	}
	return v, ok
}

// inertOption reports the key of a shell option no later word depends on
// (set -euo pipefail, the start of most scripts): setting it leaves the
// scope untouched, so the state table is not read for every call after it.
func inertOption(key string) bool {
	switch key {
	case optKey + "errexit", optKey + "nounset", optKey + "pipefail", optKey + "errtrace", optKey + "functrace", optKey + "inherit_errexit":
		return true
	}
	return false
}

// variableKey is variable(prefix + name), the key made on the heap only
// for the recordings under way.
func (s *scope) variableKey(prefix, name string) (varVal, bool) {
	v, ok := s.getVar(prefix + name)
	if len(s.recs) > 0 {
		s.observe(slotVar, prefix+name, varSlot(v, ok))
	}
	return v, ok
}

func (s *scope) ifs() string {
	if v, ok := s.variable("IFS"); ok && v.known {
		return v.s
	}
	return " \t\n"
}

func (s *scope) set(name string, v varVal) {
	if !s.touched && (name != "" && name[0] == 0 && !inertOption(name) || stateVarName(name)) {
		s.touched = true
	}
	s.noteVar(name)
	if len(v.s) > 4096 {
		v = varVal{}
	}
	s.putVar(name, v)
	if len(s.recs) > 0 {
		s.change(slotVar, name, varSlot(v, true), false)
	}
}

func (s *scope) unset(name string) {
	if !s.touched && stateVarName(name) {
		s.touched = true
	}
	s.noteVar(name)
	s.delVar(name)
	if len(s.recs) > 0 {
		s.change(slotVar, name, slotVal{}, true)
	}
}

// cwd is the working directory ("" when unknown).
func (s *scope) cwd() string {
	if len(s.recs) > 0 {
		s.observe(slotCwd, "", slotVal{s: s.dir})
	}
	return s.dir
}

func (s *scope) setCwd(d string) {
	s.dir = d
	if len(s.recs) > 0 {
		s.change(slotCwd, "", slotVal{s: d}, false)
	}
}

// function returns the function defined with that name, or nil.
func (s *scope) function(name string) *funcDef {
	f := s.fnmap[name]
	if len(s.recs) > 0 {
		s.observe(slotFunc, name, slotVal{fn: f})
	}
	return f
}

func (s *scope) defineFunc(name string, f *funcDef) {
	s.noteFunc(name)
	if s.fnmap == nil {
		s.fnmap = map[string]*funcDef{}
	}
	s.fnmap[name] = f
	if len(s.recs) > 0 {
		s.change(slotFunc, name, slotVal{fn: f}, false)
	}
}

func (s *scope) alias(name string) (string, bool) {
	b, ok := s.amap[name]
	if len(s.recs) > 0 {
		s.observe(slotAlias, name, slotVal{s: b, flags: flagSlot(ok).flags})
	}
	return b, ok
}

func (s *scope) setAlias(name, body string) {
	s.noteAlias(name)
	if s.amap == nil {
		s.amap = map[string]string{}
	}
	s.amap[name] = body
	if len(s.recs) > 0 {
		s.change(slotAlias, name, slotVal{s: body, flags: svPresent}, false)
	}
}

func (s *scope) unalias(name string) {
	s.noteAlias(name)
	delete(s.amap, name)
	if len(s.recs) > 0 {
		s.change(slotAlias, name, slotVal{}, true)
	}
}

// anyWritten reports whether the command wrote any file so far.
func (s *scope) anyWritten() bool {
	if len(s.recs) > 0 {
		s.observe(slotWrittenAny, "", flagSlot(len(s.wmap) > 0))
	}
	return len(s.wmap) > 0
}

// writtenFile returns what is known of a file written earlier.
func (s *scope) writtenFile(p string) (written, bool) {
	w, ok := s.wmap[p]
	if len(s.recs) > 0 {
		s.observe(slotWritten, p, writtenSlot(w, ok))
	}
	return w, ok
}

func (s *scope) setWritten(p string, w written) {
	if s.wmap == nil {
		s.wmap = map[string]written{}
	}
	s.wmap[p] = w
	if len(s.recs) > 0 {
		s.change(slotWritten, p, writtenSlot(w, true), false)
	}
}

func (s *scope) envUnsafe() bool {
	if len(s.recs) > 0 {
		s.observe(slotUnsafeEnv, "", flagSlot(s.envFlag))
	}
	return s.envFlag
}

func (s *scope) setUnsafeEnv() {
	s.envFlag = true
	if len(s.recs) > 0 {
		s.change(slotUnsafeEnv, "", flagSlot(true), false)
	}
}

// linkMap returns the links made so far (read only: a reader depends on
// all of them).
func (s *scope) linkMap() map[string]string {
	if len(s.recs) > 0 {
		s.observe(slotLinks, "", slotVal{n: int32(s.linksGen)})
	}
	return s.lmap
}

func (s *scope) addLink(link, target string) {
	if s.lmap == nil {
		s.lmap = map[string]string{}
	}
	s.lmap[link] = target
	s.linksGen++
	if len(s.recs) > 0 {
		s.change(slotLinks, link, slotVal{s: target}, false)
	}
}

// fetchedMap returns the files and clones downloaded so far (read only: a
// reader depends on all of them).
func (s *scope) fetchedMap() map[string]bool {
	if len(s.recs) > 0 {
		s.observe(slotFetched, "", slotVal{n: int32(s.fetchedGen)})
	}
	return s.fmap
}

func (s *scope) setFetched(p string) {
	if s.fmap == nil {
		s.fmap = map[string]bool{}
	}
	s.fmap[p] = true
	s.fetchedGen++
	if len(s.recs) > 0 {
		s.change(slotFetched, p, slotVal{}, false)
	}
}

// shellState is where a subshell began: its working directory and how
// many changes had been noted. A subshell changes its variables,
// functions, aliases and working directory for itself alone; the files,
// links and downloads it makes are on the disk and stay.
type shellState struct {
	dir  string
	mark int
}

// fork notes the start of a subshell; join ends it. From here on every
// change of a variable, alias or function notes what it replaced.
//
// A function body under way that forks stays recordable: the value a name
// held before the subshell changed it is read (noteVar), the undoing is
// reported as a change, and the working directory join puts back is read
// here.
func (s *scope) fork() shellState {
	if len(s.recs) > 0 {
		s.observe(slotCwd, "", slotVal{s: s.dir})
	}
	s.forks++
	return shellState{dir: s.dir, mark: len(s.undos)}
}

// join undoes what the subshell begun at st changed, newest first. With
// unsure set (the last stage of a pipeline, which bash runs in a subshell
// and zsh in the shell itself) a variable the stage changed is no longer
// known, and a function or alias it defined or removed stays as the stage
// left it. The function bodies under way see the undoing as changes.
func (s *scope) join(st shellState, unsure bool) {
	rec := len(s.recs) > 0
	for i := len(s.undos) - 1; i >= st.mark; i-- {
		u := s.undos[i]
		switch {
		case u.kind == slotVar && unsure:
			s.putVar(u.name, varVal{})
			if rec {
				s.change(slotVar, u.name, varSlot(varVal{}, true), false)
			}
		case unsure:
		case u.kind == slotVar && u.had:
			s.putVar(u.name, u.v)
			if rec {
				s.change(slotVar, u.name, varSlot(u.v, true), false)
			}
		case u.kind == slotVar:
			s.delVar(u.name)
			if rec {
				s.change(slotVar, u.name, slotVal{}, true)
			}
		case u.kind == slotAlias && u.had:
			s.amap[u.name] = u.alias
			if rec {
				s.change(slotAlias, u.name, slotVal{s: u.alias, flags: svPresent}, false)
			}
		case u.kind == slotAlias:
			delete(s.amap, u.name)
			if rec {
				s.change(slotAlias, u.name, slotVal{}, true)
			}
		case u.had:
			s.fnmap[u.name] = u.fn
			if rec {
				s.change(slotFunc, u.name, slotVal{fn: u.fn}, false)
			}
		default:
			delete(s.fnmap, u.name)
			if rec {
				s.change(slotFunc, u.name, slotVal{}, false)
			}
		}
	}
	s.undos = s.undos[:st.mark]
	s.forks--
	if s.forks == 0 {
		s.undos = s.undos[:0]
	}
	if s.dir != st.dir {
		s.dir = st.dir
		if rec {
			s.change(slotCwd, "", slotVal{s: st.dir}, false)
		}
	}
}

// noteVar, noteAlias and noteFunc keep, inside a subshell, what a name
// held before it changes, for join to put back; the function bodies under
// way read it, since join writes it back.
func (s *scope) noteVar(name string) {
	if s.forks > 0 {
		old, had := s.getVar(name)
		if len(s.recs) > 0 {
			s.observe(slotVar, name, varSlot(old, had))
		}
		s.undos = append(s.undos, undo{kind: slotVar, name: name, v: old, had: had})
	}
}

func (s *scope) noteAlias(name string) {
	if s.forks > 0 {
		old, had := s.amap[name]
		if len(s.recs) > 0 {
			s.observe(slotAlias, name, slotVal{s: old, flags: flagSlot(had).flags})
		}
		s.undos = append(s.undos, undo{kind: slotAlias, name: name, alias: old, had: had})
	}
}

func (s *scope) noteFunc(name string) {
	if s.forks > 0 {
		old, had := s.fnmap[name]
		if len(s.recs) > 0 {
			s.observe(slotFunc, name, slotVal{fn: old})
		}
		s.undos = append(s.undos, undo{kind: slotFunc, name: name, fn: old, had: had})
	}
}
