package warden

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/audit"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/hook"
	"github.com/wardenhq/warden/rule"
	"github.com/wardenhq/warden/tool"
	"github.com/wardenhq/warden/toolspec"
)

// This file is the decision flow of DESIGN §1, in order:
//
//	1. validate and normalise the request
//	2. PreToolUse hooks        (deny final; allow re-checked; updatedInput replaces the input)
//	3. deny rules              → deny
//	4. ask rules               → ask (no allow, mode or classifier loosens it)
//	5. tool checker            problems and safety findings → ask; plan mode → deny what is not read-only
//	6. modes, 7. allow rules and grants, 8. read-only  → allow only if every subject is allowed
//	9. otherwise ask
//
// Check stops there; Decide hands an ask to the handler, records the grant
// the person chose and audits the final decision.

// Check runs the pipeline: hooks, rules, analysis, modes and grants. An ask
// stays ask (dontAsk turns it into deny). Every decision is audited.
func (e *Engine) Check(ctx context.Context, req Request) (Decision, error) {
	var ev evaluation
	if err := e.evaluate(ctx, req, &ev); err != nil {
		return Decision{}, err
	}
	e.record(ctx, &ev)
	return ev.decision, nil
}

// Decide runs the pipeline and resolves an ask with the engine's handler: a
// person, PermissionRequest hooks, a classifier or a leader; in auto mode
// with the headless handler (WithHeadless). Without a handler an ask stays
// ask, except in auto and dontAsk modes where no person is asked and it
// becomes deny. An approval with scope session or always is
// remembered. Every decision is audited.
func (e *Engine) Decide(ctx context.Context, req Request) (Decision, error) {
	var ev evaluation
	if err := e.evaluate(ctx, req, &ev); err != nil {
		return Decision{}, err
	}
	if ev.decision.Behavior == api.Ask {
		e.resolve(ctx, &ev, resolveByMode)
	}
	e.record(ctx, &ev)
	return ev.decision, nil
}

// DecideAuto decides a call in auto mode of an agent that puts what Warden
// asks to its own person (Claude Code interactive shows its dialog with
// Warden's reason; in -p the model sees the reason as a denial). Warden's
// unattended deciders settle the ask where they can — the PermissionRequest
// hooks, then the classifier, whose allow or deny is final — and what they
// leave undecided stays ask, handed on. Where handOn says the agent would
// not put this ask to its person (nil: it always does), the ask goes to
// the engine's handler as in default mode (the daemon's approval page),
// and with no handler it is settled as DecideUnattended settles it: by
// dec, else denied with why and how to get the call approved. In a mode
// other than auto this is Check. The decision is audited once, final.
func (e *Engine) DecideAuto(ctx context.Context, req Request, handOn func(Decision) bool, why string, dec handler.Decider) (Decision, error) {
	var ev evaluation
	if err := e.evaluate(ctx, req, &ev); err != nil {
		return Decision{}, err
	}
	if ev.decision.Behavior == api.Ask && ev.mode == api.ModeAuto {
		switch {
		case handOn == nil || handOn(ev.decision):
			if e.headless != nil {
				e.resolve(ctx, &ev, resolveHandOn)
			}
		case e.handler != nil:
			e.resolve(ctx, &ev, resolvePerson)
		default:
			e.settle(ctx, &ev, dec)
			if d := &ev.decision; d.Behavior == api.Ask {
				d.Behavior = api.Deny
				d.Reason = unaskedReason(why, ev.mode, req.PermissionMode, d, ev.ruleMatched)
			}
		}
	}
	e.record(ctx, &ev)
	return ev.decision, nil
}

// DecideUnattended decides a call of an agent that will not put Warden's
// ask to a person (see NobodyToAsk); why says so, for the reason of a deny
// (empty: "nobody is asked in MODE mode"). The pipeline runs as for Check;
// an ask is settled here, never handed back: in auto mode by the headless handler
// (WithHeadless: the PermissionRequest hooks, then the classifier), else by
// dec when given (the PermissionRequest hooks), and what is left is denied
// with the ask's reason and the rules that would allow the call. The
// decision is audited once, final.
func (e *Engine) DecideUnattended(ctx context.Context, req Request, why string, dec handler.Decider) (Decision, error) {
	var ev evaluation
	if err := e.evaluate(ctx, req, &ev); err != nil {
		return Decision{}, err
	}
	if ev.decision.Behavior == api.Ask {
		if ev.mode == api.ModeAuto {
			e.resolve(ctx, &ev, resolveByMode)
		} else {
			e.settle(ctx, &ev, dec)
			if d := &ev.decision; d.Behavior == api.Ask {
				d.Behavior = api.Deny
				d.Reason = unaskedReason(why, ev.mode, req.PermissionMode, d, ev.ruleMatched)
			}
		}
	}
	e.record(ctx, &ev)
	return ev.decision, nil
}

// CheckWithDecider runs the pipeline and lets dec (an agent's
// PermissionRequest hooks) settle an ask: its deny or allow is the
// decision; a rewritten input is checked again (a deny rule denies it, an
// ask rule leaves it asked); undecided stays ask, for the agent to put to
// its person. The decision is audited once, final — an ask only when it is
// handed on.
func (e *Engine) CheckWithDecider(ctx context.Context, req Request, dec handler.Decider) (Decision, error) {
	var ev evaluation
	if err := e.evaluate(ctx, req, &ev); err != nil {
		return Decision{}, err
	}
	if ev.decision.Behavior == api.Ask {
		e.settle(ctx, &ev, dec)
	}
	e.record(ctx, &ev)
	return ev.decision, nil
}

// settle asks an automated decider about an ask; undecided, or a failure
// (recorded as a warning), leaves the ask.
func (e *Engine) settle(ctx context.Context, ev *evaluation, dec handler.Decider) {
	if dec == nil {
		return
	}
	d := &ev.decision
	v, err := dec.Decide(ctx, &handler.Ask{Request: ev.req, Decision: *d, RuleMatched: ev.ruleMatched, Suggestions: d.Suggestions})
	if err != nil {
		d.Warnings = append(d.Warnings, err.Error())
		return
	}
	switch v.Behavior {
	case api.Deny:
		d.Behavior, d.Reason = api.Deny, v.Reason
	case api.Allow:
		if v.UpdatedInput != nil {
			var re evaluation
			req := ev.req
			req.ToolInput = v.UpdatedInput
			if err := e.evaluate(ctx, req, &re); err != nil {
				d.Warnings = append(d.Warnings, "checking the rewritten input: "+err.Error())
				return
			}
			switch {
			case re.decision.Behavior == api.Deny:
				d.Behavior, d.Reason = api.Deny, re.decision.Reason
				d.Reason.Message = "the rewritten input is not allowed: " + d.Reason.Message
				return
			case re.decision.Behavior == api.Ask && re.ruleMatched:
				// An ask rule covers the rewritten call: a person decides.
				d.Reason = re.decision.Reason
				return
			}
			d.UpdatedInput = v.UpdatedInput
		}
		d.Behavior, d.Reason = api.Allow, v.Reason
	}
}

// evaluation is one request on its way through the pipeline.
type evaluation struct {
	req      api.Request
	mode     api.Mode
	env      tool.Env
	analysis *tool.Analysis
	decision api.Decision
	// ruleMatched is set when a deny or ask rule matched: no classifier may
	// approve the call.
	ruleMatched bool
	grants      []grant.Grant
	// extra are allow rules tried as if granted (to see whether rules
	// about to be remembered would cover the call).
	extra []string
	// asked is the pipeline's ask, kept when a handler settles it.
	asked api.Decision
	// withdrawn is set when the caller gave up on the ask before anyone
	// answered it.
	withdrawn bool
}

// evaluate runs the pipeline for req into ev (the caller's, so that a
// decision costs no evaluation on the heap).
func (e *Engine) evaluate(ctx context.Context, req Request, ev *evaluation) error {
	if err := e.prepare(req, ev); err != nil {
		return err
	}
	// A sub-agent's type may be limited to some tools, and may have rules
	// of its own that tighten the pipeline's answer.
	if !e.subagentRestricted(ev) {
		e.pipeline(ctx, ev)
		e.subagentTighten(ev)
	}
	if e.parent != nil {
		// Bubble: the parent decides with its own mode, rules and grants.
		// The sub-agent's own settings can only tighten that: its deny and
		// ask rules and hooks count, its allow rules and defaults do not.
		preq := ev.req
		if preq.PermissionMode == api.ModeBubble {
			preq.PermissionMode = "" // the parent's own mode
		}
		pev := &evaluation{}
		if err := e.parent.evaluate(ctx, preq, pev); err != nil {
			return err
		}
		objects := ev.decision.Behavior != api.Allow &&
			(ev.ruleMatched || ev.decision.Reason.Type == api.ReasonHook)
		if !objects || pev.decision.Behavior.Strictness() > ev.decision.Behavior.Strictness() {
			pev.decision.Reason.Message = "parent: " + pev.decision.Reason.Message
			pev.decision.Warnings = append(ev.decision.Warnings, pev.decision.Warnings...)
			ev.decision = pev.decision
			ev.ruleMatched = ev.ruleMatched || pev.ruleMatched
		}
	}
	d := &ev.decision
	d.ID = e.newID()
	d.Time = e.now()
	d.Risk = api.MaxRisk(d.Findings)
	if d.Behavior == api.Ask && ev.mode == api.ModeDontAsk {
		d.Behavior = api.Deny
		d.Reason = unaskedReason("", api.ModeDontAsk, "", d, ev.ruleMatched)
	}
	return nil
}

// prepare validates the request and works out its mode and environment.
func (e *Engine) prepare(req Request, ev *evaluation) error {
	if req.ToolName == "" {
		return fmt.Errorf("%w: tool_name is missing", ErrInvalidRequest)
	}
	if !utf8.ValidString(req.ToolName) || strings.ContainsAny(req.ToolName, "\x00\n\r") {
		return fmt.Errorf("%w: tool_name is not a valid name", ErrInvalidRequest)
	}
	if req.ToolInput == nil {
		return fmt.Errorf("%w: tool_input is missing (it must be an object)", ErrInvalidRequest)
	}
	if req.Cwd == "" {
		req.Cwd = e.cwd
	}
	if !filepath.IsAbs(req.Cwd) || strings.IndexByte(req.Cwd, 0) >= 0 {
		return fmt.Errorf("%w: cwd %q is not an absolute path", ErrInvalidRequest, req.Cwd)
	}
	req.Cwd = filepath.Clean(req.Cwd)
	ev.req = req
	mode, warning := e.modeFor(req)
	ev.mode = mode
	if warning != "" {
		ev.decision.Warnings = append(ev.decision.Warnings, warning)
	}
	dirs := e.workingDirs
	if req.Cwd != e.cwd {
		dirs = e.settings.WorkingDirs(req.Cwd)
	}
	ev.env = tool.Env{Cwd: req.Cwd, Home: e.home, WorkingDirs: dirs, Paths: e.paths, ControlFiles: e.controlFiles, Secrets: e.secrets, Path: e.envPath}
	return nil
}

// modeFor picks the mode: forced by WithMode, else the request's, else the
// settings' default. bypassPermissions falls back to default where settings
// disable it; bubble takes the parent's mode.
func (e *Engine) modeFor(req Request) (api.Mode, string) {
	mode := e.mode
	if mode == "" {
		mode = req.PermissionMode
	}
	if mode == "" {
		mode = e.settings.DefaultMode
	}
	if _, err := api.ParseMode(string(mode)); err != nil || mode == "" {
		return api.ModeDefault, fmt.Sprintf("unknown permission mode %q: using default", mode)
	}
	if mode == api.ModeBubble {
		if e.parent == nil {
			return api.ModeDefault, "bubble mode without a parent engine: using default"
		}
		// The parent decides with its own mode; the child's own rules are
		// judged in default mode, so they can only tighten.
		return api.ModeDefault, ""
	}
	if mode == api.ModeBypass && e.settings.DisableBypassPermissionsMode {
		return api.ModeDefault, "bypassPermissions is disabled by settings: using default"
	}
	return mode, ""
}

// pipeline runs steps 2 to 9 and leaves the decision in ev.
func (e *Engine) pipeline(ctx context.Context, ev *evaluation) {
	d := &ev.decision

	// 2. PreToolUse hooks.
	var hookRes hook.Result
	if e.hooks != nil && len(e.settings.Hooks.PreToolUse) > 0 {
		hookRes = e.hooks.PreToolUse(ctx, e.settings.Hooks.PreToolUse, hook.Input{Request: ev.req})
		d.Warnings = append(d.Warnings, hookRes.Failures...)
		if hookRes.Behavior == api.Deny {
			d.Behavior = api.Deny
			d.Reason = hookReason(hookRes, "a PreToolUse hook denied the call")
			return
		}
		if hookRes.UpdatedInput != nil {
			ev.req.ToolInput = hookRes.UpdatedInput
			d.UpdatedInput = hookRes.UpdatedInput
		}
	}

	// 5a. The tool checker turns the call into subjects and findings; deny
	// and ask rules are matched against every subject.
	an := e.checkers.Lookup(ev.req.ToolName).Check(ev.req, ev.env)
	ev.analysis = an
	d.Findings = append(d.Findings, an.Findings...)
	for i := range an.Subjects {
		if f := an.Subjects[i].Finding; f != nil {
			d.Findings = append(d.Findings, *f)
		}
	}
	// ./ rules are anchored at the project root, wherever the agent cd'd.
	renv := rule.Env{Cwd: ev.req.Cwd, Root: e.settings.ProjectRoot, Home: ev.env.Home, ReadDir: e.paths.ReadDir}
	var buf [4]rule.Subject // most calls have a few subjects: no allocation
	subjects := buf[:0]
	for i := range an.Subjects {
		subjects = append(subjects, an.Subjects[i].Subject)
	}

	// 3. Deny rules: any subject is enough.
	if m, ok := e.rules.Find(api.Deny, subjects, renv); ok {
		ev.ruleMatched = true
		d.Behavior = api.Deny
		d.Reason = m.Reason()
		d.Reason.Message += ": " + an.Subjects[m.Subject].Display
		return
	}
	// 4. Ask rules: any subject is enough, and nothing below loosens it.
	if m, ok := e.rules.Find(api.Ask, subjects, renv); ok {
		ev.ruleMatched = true
		d.Behavior = api.Ask
		d.Reason = m.Reason()
		d.Reason.Message += ": " + an.Subjects[m.Subject].Display
		e.suggest(ev)
		return
	}
	// A hook's answer stands once deny and ask rules have had their say.
	switch hookRes.Behavior {
	case api.Ask:
		d.Behavior = api.Ask
		d.Reason = hookReason(hookRes, "a PreToolUse hook asks")
		e.suggest(ev)
		return
	case api.Allow:
		// A hook never approves a write to an agent control file: only an
		// allow rule naming the path does. Such a call goes on through the
		// pipeline as if no hook had answered.
		if !e.tamperUnsettled(an, subjects, renv) {
			d.Behavior = api.Allow
			d.Reason = hookReason(hookRes, "a PreToolUse hook allowed the call")
			return
		}
		d.Warnings = append(d.Warnings, "a PreToolUse hook's allow was ignored: the call writes an agent control file")
	}

	// 5b. A call that cannot be judged is asked, never allowed.
	if an.Problem != "" {
		d.Behavior = api.Ask
		d.Reason = api.Reason{Type: api.ReasonTool, Message: an.Problem}
		return
	}
	// 6a. Plan mode runs read-only tools only.
	if ev.mode == api.ModePlan {
		for i := range an.Subjects {
			s := &an.Subjects[i]
			if !s.ReadOnly && !s.Incidental {
				d.Behavior = api.Deny
				d.Reason = api.Reason{Type: api.ReasonMode, Mode: api.ModePlan,
					Message: "plan mode runs read-only tools only: " + s.Display + "; it can be asked for once the plan is approved and plan mode is left"}
				return
			}
		}
	}
	// 5c. Dangers only a grant for their category or a person can settle.
	ev.grants = e.sessionGrants(ctx, ev)
	grantSet := e.grantSet(ev.grants, ev.extra)
	var worst *api.Finding // the riskiest finding no grant settles names the reason
	for i := range an.Findings {
		f := &an.Findings[i]
		if !e.categoryGranted(ev, *f) && (worst == nil || f.Risk.Rank() > worst.Risk.Rank()) {
			worst = f
		}
	}
	if worst != nil {
		d.Behavior = api.Ask
		d.Reason = api.Reason{Type: api.ReasonSafety, Message: worst.Category + ": " + worst.Description + " (" + worst.Part + ")"}
		e.suggest(ev)
		return
	}

	// 6–8. Every subject must be allowed: by an allow rule, a grant, the
	// mode, or being read-only.
	var decidedBy, miss api.Reason
	missing := false
	rank := 0 // 4 rule, 3 grant, 2 mode, 1 read-only
	for i := range an.Subjects {
		s := &an.Subjects[i]
		reason, r, ok := e.allowSubject(ev, s, subjects[i:i+1], grantSet, renv)
		if !ok && s.LaunchedBy > 0 && s.Finding == nil && !s.Dynamic && len(s.Beyond) == 0 {
			// npx tsc under Bash(npx tsc:*): the rule that allows the
			// launcher (or the launcher that launched it) allows what it
			// runs.
			for l, hops := s.LaunchedBy, 0; l > 0 && hops < 16; l, hops = an.Subjects[l-1].LaunchedBy, hops+1 {
				if lr, lok := e.ruleAllows(ev, subjects[l-1:l], grantSet, renv); lok {
					reason, r, ok = lr, 4, true
					break
				}
			}
		}
		var owner api.Reason // the rule that allows the command writing s
		ownerOK := false
		if !ok && s.WrittenBy > 0 {
			owner, ownerOK = e.ruleAllows(ev, subjects[s.WrittenBy-1:s.WrittenBy], grantSet, renv)
			// An allow rule that covers a command covers the files it
			// writes inside the working directories, as Claude Code's
			// does — never a protected path, an agent control file or a
			// path outside.
			if ownerOK && s.InWorkingDirs && !s.Protected && s.Finding == nil {
				reason, r, ok = owner, 4, true
			}
		}
		if !ok {
			// The first subject no rule allows names the reason, unless a
			// later one carries a safety finding: a person is told about
			// the danger (a control file, a protected path), not about the
			// harmless command that writes it.
			why := api.Reason{Type: api.ReasonDefault, Message: "no rule allows " + s.Display + " in " + string(ev.mode) + " mode"}
			if s.Unknown != "" {
				// Say what kept the mode or read-only from running it.
				why.Message += " (not understood: " + s.Unknown + ")"
			} else if s.Cause != "" {
				why.Message += ": " + s.Cause
			}
			if len(s.Beyond) > 0 {
				if m, ok := e.rules.Find(api.Allow, subjects[i:i+1], renv); ok {
					why.Message = m.Rule.Text + " allows " + s.Display + " but not " + strings.Join(s.Beyond, " ") +
						": through it the program runs code or reads configuration the command names, which only a rule naming it allows"
				}
			}
			switch {
			case ownerOK:
				why = api.Reason{Type: api.ReasonSafety, Message: owner.Rule + " allows " + s.Display +
					" but not its write to " + s.Path + ": " + writeProblem(s)}
				if s.Finding == nil {
					why.Type = api.ReasonDefault
				}
			case s.Finding != nil:
				why = api.Reason{Type: api.ReasonSafety,
					Message: s.Finding.Category + ": " + s.Finding.Description + " (" + s.Finding.Part + ")"}
			}
			if !missing || why.Type == api.ReasonSafety && miss.Type != api.ReasonSafety {
				miss, missing = why, true
			}
			if why.Type == api.ReasonSafety {
				break
			}
			continue
		}
		if r > rank {
			rank, decidedBy = r, reason
		}
	}
	if missing {
		d.Behavior = api.Ask
		d.Reason = miss
		e.suggest(ev)
		return
	}
	d.Behavior = api.Allow
	d.Reason = decidedBy
}

// allowSubject reports whether one subject is allowed, by what, and how
// strong that reason is for reporting (rule 4, grant 3, mode 2, read-only 1).
func (e *Engine) allowSubject(ev *evaluation, s *tool.Subject, one []rule.Subject, grants *rule.Set, renv rule.Env) (api.Reason, int, bool) {
	if s.Incidental {
		return api.Reason{}, 0, true
	}
	// A subject with a finding (a protected path, an edit outside the
	// working directories) is settled only by a rule that names it.
	if m, ok := allowRuleBeyond(e.rules, one, renv, s.Finding != nil, s.Beyond); ok {
		return m.Reason(), 4, true
	}
	if m, ok := allowRuleBeyond(grants, one, renv, s.Finding != nil, s.Beyond); ok && !isTamper(s.Finding) {
		g := grantByRule(ev.grants, m.Rule.Text)
		return api.Reason{Type: api.ReasonGrant, Grant: g.ID, Rule: g.Rule, Scope: g.Scope,
			Source: string(rule.SourceSession), Message: "allowed by a " + string(g.Scope) + " grant of " + g.Rule}, 3, true
	}
	if s.Finding != nil || s.Protected {
		// Protected paths and edits outside the working directories are
		// never approved by a mode or by being read-only.
		return api.Reason{}, 0, false
	}
	switch ev.mode {
	case api.ModeBypass:
		if !s.Dynamic {
			return api.Reason{Type: api.ReasonMode, Mode: api.ModeBypass, Message: "bypassPermissions mode"}, 2, true
		}
	case api.ModeAcceptEdits:
		if (s.Edit && s.InWorkingDirs) || s.FileOp {
			return api.Reason{Type: api.ReasonMode, Mode: api.ModeAcceptEdits,
				Message: "acceptEdits mode allows edits inside the working directories"}, 2, true
		}
	}
	if s.ReadOnly {
		return api.Reason{Type: api.ReasonTool, Message: "read-only: " + s.Display}, 1, true
	}
	return api.Reason{}, 0, false
}

// allowRule finds the allow rule that covers one subject; for a subject
// with a finding, the first that names its path, even when a broader rule
// ranks higher.
func allowRule(set *rule.Set, one []rule.Subject, renv rule.Env, mustName bool) (rule.Match, bool) {
	m, ok := set.Find(api.Allow, one, renv)
	if !ok || !mustName || namesPath(m.Rule) {
		return m, ok
	}
	// Matches keeps its argument; a copy keeps the caller's buffer on the
	// stack (this path is rare: a finding and a broad rule).
	for _, m := range set.Matches(append([]rule.Subject(nil), one...), renv) {
		if m.Rule.Behavior == api.Allow && namesPath(m.Rule) {
			return m, true
		}
	}
	return rule.Match{}, false
}

// allowRuleBeyond is allowRule for a subject that runs code or reads
// configuration through the words beyond (tool.Subject.Beyond): only a
// rule whose specifier names every one of them covers it — Bash(make:*)
// allows make, not make --eval=….
func allowRuleBeyond(set *rule.Set, one []rule.Subject, renv rule.Env, mustName bool, beyond []string) (rule.Match, bool) {
	m, ok := allowRule(set, one, renv, mustName)
	if !ok || len(beyond) == 0 || namesWords(m.Rule, beyond) {
		return m, ok
	}
	for _, m := range set.Matches(append([]rule.Subject(nil), one...), renv) {
		if m.Rule.Behavior == api.Allow && namesWords(m.Rule, beyond) && (!mustName || namesPath(m.Rule)) {
			return m, true
		}
	}
	return rule.Match{}, false
}

// namesWords reports a rule whose specifier spells every word.
func namesWords(r *rule.Rule, words []string) bool {
	for _, w := range words {
		if !strings.Contains(r.Specifier, w) {
			return false
		}
	}
	return true
}

// ruleAllows reports the allow rule or grant that covers one command
// subject, if any.
func (e *Engine) ruleAllows(ev *evaluation, one []rule.Subject, grants *rule.Set, renv rule.Env) (api.Reason, bool) {
	if m, ok := e.rules.Find(api.Allow, one, renv); ok {
		return m.Reason(), true
	}
	if m, ok := grants.Find(api.Allow, one, renv); ok {
		g := grantByRule(ev.grants, m.Rule.Text)
		return api.Reason{Type: api.ReasonGrant, Grant: g.ID, Rule: g.Rule, Scope: g.Scope,
			Source: string(rule.SourceSession), Message: "allowed by a " + string(g.Scope) + " grant of " + g.Rule}, true
	}
	return api.Reason{}, false
}

// writeProblem says why a file a command writes is not covered by the
// command's allow rule.
func writeProblem(s *tool.Subject) string {
	switch {
	case s.Finding != nil:
		return s.Finding.Description
	case s.Protected:
		return "a protected path"
	case !s.InWorkingDirs:
		return "outside the working directories"
	}
	return "no rule allows it"
}

// namesPath reports whether a rule names particular paths rather than
// everything: Edit(.git/hooks/**) does, Edit, Edit(**) and Edit(//**) do not.
func namesPath(r *rule.Rule) bool {
	return strings.Trim(r.Specifier, "*/.~") != ""
}

// isTamper reports a finding about a write to an agent control file.
func isTamper(f *api.Finding) bool {
	return f != nil && grant.CanonicalCategory(f.Category) == danger.AgentConfigTamper.Slug()
}

// tamperUnsettled reports a write to an agent control file that no allow
// rule naming its path settles.
func (e *Engine) tamperUnsettled(an *tool.Analysis, subjects []rule.Subject, renv rule.Env) bool {
	for i := range an.Findings {
		if isTamper(&an.Findings[i]) {
			return true
		}
	}
	for i := range an.Subjects {
		if isTamper(an.Subjects[i].Finding) {
			if _, ok := allowRule(e.rules, subjects[i:i+1], renv, true); !ok {
				return true
			}
		}
	}
	return false
}

// sessionGrants returns the live grants of the request's session.
func (e *Engine) sessionGrants(ctx context.Context, ev *evaluation) []grant.Grant {
	if e.grants == nil || ev.req.SessionID == "" {
		return nil
	}
	gs, err := e.grants.List(ctx, ev.req.SessionID)
	if err != nil {
		ev.decision.Warnings = append(ev.decision.Warnings, "grants: "+err.Error())
		return nil
	}
	return gs
}

// categoryGranted reports whether a finding's danger category is approved:
// for the session by a grant, or always in the settings — never always for
// a HIGH-risk finding.
func (e *Engine) categoryGranted(ev *evaluation, f api.Finding) bool {
	if isTamper(&f) {
		return false // only an allow rule naming the path, or a person
	}
	if _, ok := grant.CategoryGranted(ev.grants, f.Category); ok {
		return true
	}
	if f.Risk == api.RiskHigh {
		return false
	}
	canon := grant.CanonicalCategory(f.Category)
	for _, c := range e.settings.Grants.Categories {
		if grant.CanonicalCategory(c) == canon {
			return true
		}
	}
	return false
}

// grantSet indexes the rules of the session's grants (nil when none).
func (e *Engine) grantSet(gs []grant.Grant, extra []string) *rule.Set {
	var rules []*rule.Rule
	for _, g := range gs {
		if g.Rule == "" {
			continue
		}
		if r := e.grantRule(g.Rule); r != nil {
			rules = append(rules, r)
		}
	}
	for _, text := range extra {
		if r := e.grantRule(text); r != nil {
			rules = append(rules, r)
		}
	}
	if len(rules) == 0 {
		return nil
	}
	return rule.NewSet(rules, rule.Options{})
}

func grantByRule(gs []grant.Grant, text string) grant.Grant {
	for _, g := range gs {
		if g.Rule == text {
			return g
		}
	}
	return grant.Grant{Rule: text}
}

// grantRule parses a granted rule once.
func (e *Engine) grantRule(text string) *rule.Rule {
	if r, ok := e.grantRules.Load(text); ok {
		return r.(*rule.Rule)
	}
	r, err := rule.Parse(text, api.Allow, rule.Origin{Source: rule.SourceSession})
	if err != nil {
		r = nil
	}
	e.grantRules.Store(text, r)
	return r
}

// suggest offers the narrowest rules that would allow the call: per part
// that still needs one, its narrowest Bash rule (which also covers the
// files the part writes inside the working directories) or path rule. When
// some part cannot be allowed by any rule (a danger, a protected path, a
// write outside the working directories), nothing is offered: a rule for
// the other parts would not cover the call.
func (e *Engine) suggest(ev *evaluation) {
	an := ev.analysis
	ev.decision.Suggestions = nil
	if an == nil {
		return
	}
	flagged := map[string]bool{} // parts with a finding get no standing rule
	for _, f := range an.Findings {
		flagged[f.Part] = true
	}
	root := e.settings.ProjectRoot // ./ rules are anchored there
	if root == "" {
		root = ev.req.Cwd
	}
	var parts [][]string
	var out []string
	for i := range an.Subjects {
		s := &an.Subjects[i]
		switch {
		case s.ReadOnly || s.Incidental:
		case flagged[s.Display] || s.Finding != nil || s.Protected:
			return
		case len(s.Words) > 0:
			parts = append(parts, s.Words)
		case s.WrittenBy > 0 && s.InWorkingDirs:
			// Covered by the rule offered for the command that writes it.
		case toolspec.IsMCP(s.Tool):
			out = append(out, s.Tool) // the one tool of the one server
		case s.Path != "":
			toolName := ev.req.ToolName
			if t, ok := toolspec.Lookup(toolName); toolName == "Bash" || ok && t.Kind == toolspec.KindPatch {
				toolName = "Edit" // a file a command or a patch writes
			}
			out = append(out, grant.SuggestPath(toolName, s.Path, root, ev.env.Home, false))
		}
	}
	if len(parts) > 0 {
		bash := grant.SuggestBash(parts)
		if bash == nil {
			return // a part no rule can express: only "once" fits
		}
		out = append(bash, out...)
	}
	ev.decision.Suggestions = out
}

func hookReason(res hook.Result, fallback string) api.Reason {
	msg := res.Reason
	if msg == "" {
		msg = fallback
	}
	return api.Reason{Type: api.ReasonHook, Hook: res.Hook, Source: res.Source, File: res.File, Message: msg}
}

// resolution says which handler settles an ask.
type resolution int

const (
	// resolveByMode: the engine's handler; in auto mode the headless one.
	resolveByMode resolution = iota
	// resolveHandOn: the headless handler, which leaves undecided asks
	// ask for the agent's person (auto mode, DecideAuto).
	resolveHandOn
	// resolvePerson: the engine's handler even in auto mode, for an ask
	// the agent would not put to its person.
	resolvePerson
)

// resolve hands an ask to the handler, or, where no person will be asked,
// turns it into deny. With resolveHandOn the headless handler may leave it
// ask.
func (e *Engine) resolve(ctx context.Context, ev *evaluation, how resolution) {
	d := &ev.decision
	h := e.handler
	handOn := how == resolveHandOn
	if ev.mode == api.ModeAuto && how != resolvePerson {
		// No person is asked in auto mode: the classifier decides.
		h = e.headless
		if h == nil {
			d.Behavior = api.Deny
			d.Reason = api.Reason{Type: api.ReasonMode, Mode: api.ModeAuto,
				Message: "auto mode has no classifier to approve this: " + d.Reason.Message}
			return
		}
	}
	if h == nil {
		return
	}
	ask := &handler.Ask{Request: ev.req, Decision: *d, RuleMatched: ev.ruleMatched, Suggestions: d.Suggestions, HandOn: handOn}
	ask.Request.PermissionMode = ev.mode
	ask.Scopes = e.scopes(ctx, ev)
	res, err := h.Resolve(ctx, ask)
	if handOn && err == nil && res.Decision.Behavior == api.Ask {
		d.Warnings = res.Decision.Warnings
		return // left to the agent's person, with the pipeline's reason
	}
	if err != nil || !res.Decision.Behavior.Valid() || res.Decision.Behavior == api.Ask {
		msg := "the handler did not decide"
		switch {
		case err != nil && ctx.Err() != nil:
			// Nobody waits for the answer any more: the hook was killed or
			// the client went away. Not a failure of anyone's: withdrawn.
			ev.withdrawn = true
			msg = "withdrawn: the caller stopped waiting before anyone answered"
		case err != nil:
			msg = "the handler failed: " + err.Error()
		}
		d.Behavior = api.Deny
		d.Reason = api.Reason{Type: api.ReasonError, Message: msg}
		return
	}
	final := res.Decision
	// The decision's time is when it was made: for an ask, when it was
	// answered (the audit shows when a person decided).
	final.ID = d.ID
	if final.Time.IsZero() {
		final.Time = d.Time
	}
	if final.Findings == nil {
		final.Findings = d.Findings
	}
	final.Risk = api.MaxRisk(final.Findings)
	final.Suggestions = d.Suggestions
	final.Warnings = append(d.Warnings, final.Warnings...)
	if final.UpdatedInput == nil {
		final.UpdatedInput = d.UpdatedInput
	}
	if final.Behavior == api.Allow && res.Decision.UpdatedInput != nil {
		// A hook or person that rewrote the call approved the new input:
		// deny and ask rules still hold over it.
		if reason, ok := e.recheck(ctx, ev, res.Decision.UpdatedInput); !ok {
			final.Behavior = api.Deny
			final.Reason = reason
		}
	}
	ev.asked = *d
	if final.Behavior == api.Allow {
		// What is kept is what is recorded: a scope this ask was not
		// offered is kept once, and says so.
		kept, note := grant.Keep(res.Scope, ask.Scopes)
		if note != "" {
			final.Warnings = append(final.Warnings, e.unkept(ctx, ev, res.Scope, note))
		}
		res.Scope = kept
		if final.Reason.Type == api.ReasonUser || final.Reason.Scope != "" {
			final.Reason.Scope = kept
		}
	}
	ev.decision = final
	if final.Behavior == api.Allow && res.Scope != "" && res.Scope != api.ScopeOnce {
		if !e.remember(ctx, ev, res) && ev.decision.Reason.Scope != "" {
			ev.decision.Reason.Scope = api.ScopeOnce
		}
	}
}

// unkept says why an approval at scope, which ev's ask did not offer, is
// kept once (fallback when no more particular cause is known).
func (e *Engine) unkept(ctx context.Context, ev *evaluation, scope api.Scope, fallback string) string {
	d := &ev.decision
	why := ""
	switch {
	case ev.ruleMatched:
		probe := *ev
		probe.asked = *d
		why = e.wouldNotCover(ctx, &probe, d.Suggestions, "")
	case len(d.Suggestions) == 0:
		why = "no rule would allow this call next time"
	case scope == api.ScopeSession && (e.grants == nil || ev.req.SessionID == ""):
		why = "there is no session to remember it in"
	case scope == api.ScopeAlways && (d.Risk == api.RiskHigh || api.MaxRisk(d.Findings) == api.RiskHigh):
		why = "a HIGH-risk ask is never remembered always"
	default:
		probe := *ev
		probe.asked = *d
		why = e.wouldNotCover(ctx, &probe, d.Suggestions, "")
	}
	if why == "" {
		return fallback
	}
	return "not remembered (" + string(scope) + "): " + why + "; allowed once"
}

// scopes are the scopes an approval of ev's ask can be kept at
// (grant.Scopes): session and always only when the ask's suggestions,
// granted, would allow the whole call next time.
func (e *Engine) scopes(ctx context.Context, ev *evaluation) []api.Scope {
	d := &ev.decision
	k := grant.Keepable{RuleMatched: ev.ruleMatched, Risk: d.Risk, Findings: d.Findings,
		Session: e.grants != nil && ev.req.SessionID != ""}
	if !ev.ruleMatched && len(d.Suggestions) > 0 {
		probe := *ev
		probe.asked = *d
		if e.wouldNotCover(ctx, &probe, d.Suggestions, "") == "" {
			k.Rules = d.Suggestions
		}
	}
	return grant.Scopes(k)
}

// recheck runs the rules over a rewritten input. It reports false, with the
// reason, when a deny or ask rule (or a hook) objects to the new input.
func (e *Engine) recheck(ctx context.Context, ev *evaluation, input map[string]any) (api.Reason, bool) {
	var re evaluation
	req := ev.req
	req.ToolInput = input
	if err := e.evaluate(ctx, req, &re); err != nil {
		return api.Reason{Type: api.ReasonError, Message: "the rewritten input cannot be judged: " + err.Error()}, false
	}
	if re.decision.Behavior == api.Deny || (re.decision.Behavior == api.Ask && re.ruleMatched) {
		r := re.decision.Reason
		r.Message = "the rewritten input is not allowed: " + r.Message
		return r, false
	}
	return api.Reason{}, true
}

// remember records an approval at the scope the person chose: the rules
// offered, or the one the person picked. A part with a finding is never
// offered a rule, so a dangerous call is asked again next time; its danger
// category can be approved for the session only explicitly (warden grants
// add --category), never by answering one prompt.
//
// It reports whether every rule was kept.
func (e *Engine) remember(ctx context.Context, ev *evaluation, res handler.Resolution) bool {
	rules := ev.asked.Suggestions
	if res.Rule != "" {
		rules = []string{res.Rule}
	}
	if len(rules) == 0 {
		ev.decision.Warnings = append(ev.decision.Warnings, "not remembered ("+string(res.Scope)+"): no rule would allow this call, so it was allowed once")
		return false
	}
	if why := e.wouldNotCover(ctx, ev, rules, res.Rule); why != "" {
		ev.decision.Warnings = append(ev.decision.Warnings, "not remembered ("+string(res.Scope)+"): "+why+"; allowed once")
		return false
	}
	kept := true
	for _, text := range rules {
		var err error
		switch res.Scope {
		case api.ScopeSession:
			if e.grants == nil || ev.req.SessionID == "" {
				err = errors.New("no session grant store or no session id")
				break
			}
			_, err = e.grants.Add(ctx, grant.Grant{Scope: api.ScopeSession, Session: ev.req.SessionID,
				Rule: text, Person: ev.decision.Reason.Person})
		case api.ScopeAlways:
			_, err = grant.AddAlwaysRule(ctx, e.settings.LocalFile, text)
		}
		if err != nil {
			ev.decision.Warnings = append(ev.decision.Warnings, "remembering "+text+": "+err.Error())
			kept = false
		}
	}
	return kept
}

// wouldNotCover says why remembering rules would not allow this call the
// next time, or "" when they would: an ask or deny rule that matched
// overrides any allow rule; a rule the person picked must be one of those
// offered; and together the rules must cover every part of the call (never
// half of a compound command), as a dry run with them granted shows.
func (e *Engine) wouldNotCover(ctx context.Context, ev *evaluation, rules []string, picked string) string {
	if ev.ruleMatched {
		r := ev.asked.Reason
		return "the rule " + r.Rule + " (" + r.Source + ") would still ask for this call; an allow rule cannot override it"
	}
	if picked != "" && !slices.Contains(ev.asked.Suggestions, picked) {
		return picked + " is not one of the rules offered for this call (" + strings.Join(ev.asked.Suggestions, ", ") + ")"
	}
	var re evaluation
	re.extra = rules
	req := ev.req
	req.PermissionMode = api.ModeDefault // the rules must cover the call by themselves
	if err := e.prepare(req, &re); err != nil {
		return err.Error()
	}
	re.mode = api.ModeDefault
	e.pipeline(ctx, &re)
	if re.decision.Behavior != api.Allow {
		return strings.Join(rules, ", ") + " would not cover the whole call: " + re.decision.Reason.Message
	}
	return ""
}

// record appends the final decision to the audit log.
func (e *Engine) record(ctx context.Context, ev *evaluation) {
	if e.audit == nil {
		return
	}
	rec := audit.NewRecord(ev.req, ev.decision)
	rec.Mode = ev.mode
	rec.Via = e.via
	if ev.withdrawn {
		rec.Outcome = audit.OutcomeWithdrawn
	}
	if err := e.audit.Write(ctx, rec); err != nil {
		ev.decision.Warnings = append(ev.decision.Warnings, "audit: "+err.Error())
	}
}
