package shell

import (
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/lang/awk"
	"github.com/wardenhq/warden/programs"
)

// judged is a call as the checks see it, what both passes see of it
// (checks.View: the Part, the Paths and the Catalogue),
// over the call and the analyzer. A neighbour is handed to a check as a
// judged: it has no verb of either pass. Each call holds its own view
// (call.view), so that handing it to a check allocates nothing.
type judged struct {
	a *analyzer
	c *call
	// last is what Others, Upstream, Downstream or Pipeline (lastOf)
	// answered last while the check runs (each check starts with a fresh
	// view): a check asks one of them, often more than once. One answer
	// is kept, not four: every call carries its view.
	last   calls
	lastOf viewKind
}

// calls is one view's answer and the length of the list it was taken
// from, plus one (0: not asked yet).
type calls struct {
	list []checks.Part
	from int
}

// viewKind names the view an answer is of.
type viewKind uint8

const (
	viewOthers viewKind = iota + 1
	viewUp
	viewDown
	viewPipe
)

// peers returns the calls of from that keep says to, as the checks see
// them: each call's own view, so that the list is the only allocation,
// and none when nothing is kept. The answer is remembered until another
// view is asked or from grows (a check can walk a command of its own
// meanwhile). empty is the answer when nothing is kept: nil, or an empty
// list.
func (j *judged) peers(kind viewKind, from []*call, keep func(*call) bool, empty []checks.Part) []checks.Part {
	if j.lastOf == kind && j.last.from == len(from)+1 {
		return j.last.list
	}
	n := 0
	for _, o := range from {
		if keep(o) {
			n++
		}
	}
	out := empty
	if n > 0 {
		out = make([]checks.Part, 0, n)
		for _, o := range from {
			if keep(o) {
				out = append(out, j.a.peer(o))
			}
		}
	}
	j.last, j.lastOf = calls{list: out, from: len(from) + 1}, kind
	return out
}

// peer is another call than the one judged as the checks see it: its own
// view, fresh (what a view remembered is dropped: it may be another
// check's, or another analysis').
func (a *analyzer) peer(o *call) *judged {
	o.view = judge{judged{a: a, c: o}}
	return &o.view.judged
}

// judge is the view of a check's Run (checks.Call): judged, the calls
// around it and the verbs that report. finder is the view of a check's Finds (checks.Finder):
// judged and the verbs that hand the walk code. They are distinct types
// over the same layout, so that one call's view serves either pass (a
// *judge converts to a *finder) while neither has the other's methods: a
// Finds cannot assert its view to a checks.Call, nor a Run to a
// checks.Finder (TestViewsHoldThePassesApart).
type (
	judge  struct{ judged }
	finder struct{ judged }
)

var (
	_ checks.View   = (*judged)(nil)
	_ checks.Call   = (*judge)(nil)
	_ checks.Finder = (*finder)(nil)
)

func (j *judged) Program() string                  { return j.c.prog }
func (j *judged) Text() string                     { return j.c.text }
func (j *judged) Dir() string                      { return j.c.cwd }
func (j *judged) Args() []checks.Word              { return j.c.operands() }
func (j *judged) HasEffect(k programs.Effect) bool { return hasEffect(j.c, k) }
func (j *judged) Parse() *programs.Result          { return j.a.entryParse(j.c) }
func (j *judged) Operands() []checks.Word          { return j.a.entryOperands(j.c) }
func (j *judged) Sub() (string, []checks.Word)     { return j.a.entrySub(j.c) }
func (j *judged) Resolve(w checks.Word) string     { return j.a.resolve(w, j.c.cwd) }
func (j *judged) ResolveText(s string) string      { return j.a.resolveString(s, j.c.cwd) }
func (j *judged) Control(p string) bool            { return isControl(j.a, p) }
func (j *judge) Flag(kind danger.Kind, why string) { j.a.flag(j.c, kind, why) }
func (j *judge) FlagAt(kind danger.Kind, why string, risk api.Risk) {
	j.a.flagAt(j.c, kind, why, risk)
}

func (j *judged) Credential(p string) bool    { return j.a.credentialFile(p) }
func (j *judged) Sensitive(p string) bool     { return j.a.sensitiveFile(p) }
func (j *judged) InTree(p string) bool        { return j.a.inTree(p) }
func (j *judged) SensitiveTree(p string) bool { return j.a.sensitiveTree(p) }
func (j *judged) AboveTree(p string) bool     { return j.a.isTreeRootOrAbove(p) }

func (j *judged) Redirects() []checks.Redirect {
	out := make([]checks.Redirect, len(j.c.redirs))
	for i, r := range j.c.redirs {
		out[i] = checks.Redirect{Op: r.op, FD: r.fd, Target: r.target, Body: r.hasBody, Text: r.body}
	}
	return out
}

func (j *judge) Others() []checks.Part {
	j.a.readsPlace()
	return j.peers(viewOthers, j.a.calls, func(o *call) bool { return o != j.c }, nil)
}

func (j *judged) Lang() string                                { return j.c.lang }
func (j *judged) InXargs() bool                               { return j.c.xargs }
func (j *judged) RunByFind() *checks.Find                     { return j.c.find }
func (j *judged) Writes() []string                            { return j.c.writes }
func (j *judged) Home() string                                { return j.a.opts.Home }
func (j *judged) UnderHome(p string) bool                     { return j.a.underHome(p) }
func (j *judged) TreeRoot(p string) string                    { return j.a.treeRoot(p) }
func (j *judged) System(p string) bool                        { return j.a.systemPath(p) }
func (j *judged) Critical(p string) bool                      { return j.a.critical(p) }
func (j *judged) FollowLinks(p string) string                 { return j.a.followLinks(j.c, p) }
func (j *judge) JudgeOverwrite(p, how string)                 { j.a.judgeOverwrite(j.c, p, how) }
func (j *judged) ExecProgram(words []checks.Word) string      { return key(programName(execProgram(words))) }
func (j *judged) ParseAs(spec *programs.Spec) programs.Result { return parseAs(spec, j.c) }

func (j *judge) Upstream() []checks.Part {
	p := j.c.ctx.pipe
	if p == nil {
		return nil
	}
	return j.peers(viewUp, p.calls, func(o *call) bool { return o.ctx.stage < j.c.ctx.stage }, nil)
}

func (j *judged) Outputs() []checks.Word {
	var out []checks.Word
	for _, r := range j.c.redirs {
		if r.isOutput() {
			out = append(out, r.target)
		}
	}
	return out
}

func (j *judged) Reads() []string { return j.c.reads }

func (j *judged) CredentialReach(p string) (file, tree bool) { return j.a.credentialReach(p) }

func (j *judge) Pipeline() []checks.Part {
	p := j.c.ctx.pipe
	if p == nil {
		return nil
	}
	return j.peers(viewPipe, p.calls, func(o *call) bool { return o != j.c }, []checks.Part{})
}

func (j *finder) Here(command string) {
	if j.c.ctx.depth+1 <= j.a.opts.MaxDepth {
		j.a.here(command, j.c)
	}
}

// view is the call as the checks see it while judging, for shell code
// that hands a call to a judgement of package checks.
func (a *analyzer) view(c *call) *judge {
	c.view = judge{judged{a: a, c: c}}
	return &c.view
}

func (j *judged) Effects() []checks.Effect     { return j.c.fx }
func (j *judged) Assigns() []checks.Assignment { return j.c.assigns }
func (j *judged) StdinText() (string, bool)    { return j.a.stdinText(j.c) }
func (j *finder) Code(prog, code string)       { j.a.foundCode(j.c, j.a.running, prog, code) }

func (j *finder) Remote(command string) {
	if j.c.ctx.depth+1 <= j.a.opts.MaxDepth {
		j.a.remote(command, j.c)
	}
}

func (j *judged) ShellOption(name string) (on, given bool) {
	eachSetOption(j.c.operands(), func(n string, o bool) {
		if n == name {
			on, given = o, true
		}
	}, func(string) {})
	return on, given
}

func (j *judged) Words() []checks.Word { return j.c.args }
func (j *judged) Launches() bool       { return j.c.launches() }
func (j *finder) Command(text string)  { j.a.nested(text, j.c.ctx, j.c.wrappers) }
func (j *judge) JudgeWrite(p string)   { j.a.judgeWrite(j.c, p) }

func (j *judged) SubstFetches(w checks.Word) bool { return j.a.substFetches(w) }
func (j *judged) RunsCode(prog string) bool       { return shellProgram(prog) || isInterpreter(prog) }
func (j *judged) AwkScript(uses []programs.Use) (*awk.Script, error) {
	return j.a.awkScriptOf(j.c, uses, j.c.operands())
}

func (j *judged) Elsewhere() bool { return j.c.ctx.remote }

func (j *judge) Downstream() []checks.Part {
	p := j.c.ctx.pipe
	if p == nil {
		return nil
	}
	return j.peers(viewDown, p.calls, func(o *call) bool { return o.ctx.stage > j.c.ctx.stage }, nil)
}

func (j *judged) Names() []checks.Word { return namesFor(j.c) }

func (j *judged) Flow() checks.Flow {
	if j.c.flowSet {
		return j.c.flow
	}
	c := j.c
	f := checks.Flow{
		StdinShell:      shellProgram(c.prog) && readsProgramFromStdin(c, c.prog),
		SensitiveOutput: j.a.sensitiveSource(c),
		PrintsEnv:       envPrinter(c),
		Prints:          printingProgram(c),
		OutputMasked:    j.a.outputMasked(c),
	}
	if j.a.phase == judging {
		// The walk is over: nothing changes what the call's streams carry.
		c.flow, c.flowSet = f, true
	}
	return f
}
