package handler

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/classify"
	"github.com/wardenhq/warden/danger"
)

// Verdict is an automated decider's answer to an ask.
type Verdict struct {
	// Behavior is allow or deny; the empty string means undecided.
	Behavior api.Behavior
	// Reason names the decider (Type hook with Hook, or Type classifier
	// with Classifier) and says why, also when undecided.
	Reason api.Reason
	// UpdatedInput is the input a hook rewrote the call to, or nil. The
	// caller must re-check it against deny and ask rules.
	UpdatedInput map[string]any
}

// Decided reports whether v is allow or deny.
func (v Verdict) Decided() bool { return v.Behavior == api.Allow || v.Behavior == api.Deny }

// Decider is an automated decider: the PermissionRequest hooks (package hook
// implements it), or a classifier (see FromClassifier). It returns an
// undecided Verdict when it has nothing to say and an error when it failed;
// a handler treats a failure as undecided and records it.
type Decider interface {
	Decide(ctx context.Context, ask *Ask) (Verdict, error)
}

// DeciderFunc adapts a function to a Decider.
type DeciderFunc func(ctx context.Context, ask *Ask) (Verdict, error)

// Decide calls f.
func (f DeciderFunc) Decide(ctx context.Context, ask *Ask) (Verdict, error) { return f(ctx, ask) }

// FromClassifier makes a Decider of a classifier: its allow and deny become
// verdicts with a classifier reason; undecided stays undecided with the
// classifier's reason. Approval limits are not applied here but by the
// handler's guard, which every classifier verdict passes.
func FromClassifier(c classify.Classifier) Decider {
	return DeciderFunc(func(ctx context.Context, ask *Ask) (Verdict, error) {
		res, err := c.Classify(ctx, ClassifyInput(ask))
		v := Verdict{Reason: api.Reason{Type: api.ReasonClassifier, Classifier: res.Classifier, Message: res.Reason}}
		if v.Reason.Classifier == "" {
			v.Reason.Classifier = fmt.Sprintf("%T", c)
		}
		if err != nil {
			return v, err
		}
		switch res.Decision {
		case classify.Allow:
			v.Behavior = api.Allow
		case classify.Deny:
			v.Behavior = api.Deny
		}
		return v, nil
	})
}

// ClassifyInput is what a classifier or explainer sees of an ask.
func ClassifyInput(ask *Ask) *classify.Input {
	in := &classify.Input{
		Request:     ask.Request,
		Findings:    ask.Decision.Findings,
		RuleMatched: ask.RuleMatched,
	}
	if r := ask.Decision.Reason; r.Type == api.ReasonRule && r.Rule != "" {
		in.Rules = append(in.Rules, r.Rule)
	}
	in.Rules = append(in.Rules, ask.Rules...)
	in.Rules = append(in.Rules, ask.Suggestions...)
	return in
}

// approvalBlocked says why no classifier may approve ask, or "" when one
// may: a deny or ask rule matched, or a finding is HIGH risk.
func approvalBlocked(ask *Ask) string {
	if ask.RuleMatched {
		if r := ask.Decision.Reason.Rule; r != "" {
			return fmt.Sprintf("the rule %s matched, so only a person may approve this call", r)
		}
		return "a deny or ask rule matched, so only a person may approve this call"
	}
	for _, f := range ask.Decision.Findings {
		if f.Risk == api.RiskHigh {
			d := f.Description
			if d == "" {
				d = f.Category
			}
			return fmt.Sprintf("HIGH-risk finding (%s), so only a person may approve this call", d)
		}
	}
	return ""
}

// guardName is the classifier named in the reason when the guard, not a
// classifier, left a call undecided.
const guardName = "guard"

// consultClassifier is the one way every handler asks a classifier. It
// enforces the guard: a call that a deny or ask rule matched, or that
// carries a HIGH-risk finding, is never approved by a classifier (the
// classifier is not even asked, and an allow is turned into undecided).
// A classifier never rewrites the input.
func consultClassifier(ctx context.Context, c Decider, ask *Ask) (Verdict, error) {
	if why := approvalBlocked(ask); why != "" {
		return Verdict{Reason: api.Reason{Type: api.ReasonClassifier, Classifier: guardName, Message: why}}, nil
	}
	v, err := c.Decide(ctx, ask)
	v.UpdatedInput = nil
	if v.Reason.Type == "" {
		v.Reason.Type = api.ReasonClassifier
	}
	if err != nil {
		return Verdict{Reason: v.Reason}, err
	}
	if !v.Decided() {
		v.Behavior = ""
	}
	return v, nil
}

// consultHooks asks the PermissionRequest hooks and fills in a hook reason.
// A hook never approves a write to an agent control file: its allow is
// turned into undecided, for a person (or a deny where nobody is asked).
func consultHooks(ctx context.Context, h Decider, ask *Ask) (Verdict, error) {
	v, err := h.Decide(ctx, ask)
	if v.Reason.Type == "" {
		v.Reason.Type = api.ReasonHook
	}
	if err != nil {
		return Verdict{Reason: v.Reason}, err
	}
	if !v.Decided() {
		v.Behavior = ""
		v.UpdatedInput = nil
	}
	if v.Behavior == api.Allow && writesControlFile(ask) {
		return Verdict{Reason: api.Reason{Type: api.ReasonHook, Hook: v.Reason.Hook,
			Message: "a PermissionRequest hook may not approve a write to an agent control file"}}, nil
	}
	return v, nil
}

// writesControlFile reports an ask whose findings include a write to an
// agent control file.
func writesControlFile(ask *Ask) bool {
	for _, f := range ask.Decision.Findings {
		if f.Category == danger.AgentConfigTamper.Slug() {
			return true
		}
	}
	return false
}

// DefaultTimeout is how long a handler waits for an answer when its config
// names none (settings approvals.timeoutSeconds).
const DefaultTimeout = 60 * time.Second

// DefaultGrace is how long after a prompt appears input does not count as
// the person interacting.
const DefaultGrace = 200 * time.Millisecond

// resolver holds what every handler needs to build resolutions.
type resolver struct {
	clock   Clock
	timeout time.Duration
	explain ExplainFunc
}

func newResolver(clock Clock, timeout time.Duration, explain ExplainFunc) resolver {
	if clock == nil {
		clock = SystemClock{}
	}
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	return resolver{clock: clock, timeout: timeout, explain: explain}
}

// resolve builds the final resolution of ask.
func (r *resolver) resolve(ask *Ask, b api.Behavior, reason api.Reason, scope api.Scope, updated map[string]any, notes []string) Resolution {
	d := ask.Decision
	d.Behavior = b
	d.Reason = reason
	d.UpdatedInput = updated
	d.Time = r.clock.Now()
	d.Findings = append([]api.Finding(nil), d.Findings...)
	d.Warnings = append(append([]string(nil), d.Warnings...), notes...)
	if d.Risk == "" {
		d.Risk = api.MaxRisk(d.Findings)
	}
	res := Resolution{Decision: d}
	if b == api.Allow {
		res.Scope = scope
		if res.Scope == "" {
			res.Scope = api.ScopeOnce
		}
	} else {
		d.UpdatedInput = nil
		res.Decision.UpdatedInput = nil
	}
	return res
}

// fromVerdict resolves ask with an automated verdict.
func (r *resolver) fromVerdict(ask *Ask, v Verdict, notes []string) Resolution {
	return r.resolve(ask, v.Behavior, v.Reason, api.ScopeOnce, v.UpdatedInput, notes)
}

// fromAnswer resolves ask with a person's answer. An answer that is neither
// allow nor deny is a deny.
func (r *resolver) fromAnswer(ask *Ask, a Answer, notes []string) Resolution {
	person := a.Person
	if person == "" {
		person = "person"
	}
	reason := api.Reason{Type: api.ReasonUser, Person: person, Message: a.Message}
	b := a.Behavior
	switch b {
	case api.Allow:
		reason.Scope = a.Scope
		if reason.Scope == "" {
			reason.Scope = api.ScopeOnce
		}
		if reason.Message == "" {
			reason.Message = "approved by " + person
		}
	case api.Deny:
		if reason.Message == "" {
			reason.Message = "denied by " + person
		}
	default:
		b = api.Deny
		reason = api.Reason{Type: api.ReasonError, Person: person, Message: fmt.Sprintf("the prompt returned %q, which is neither allow nor deny", a.Behavior)}
	}
	res := r.resolve(ask, b, reason, a.Scope, nil, notes)
	if b == api.Allow {
		res.Rule = a.Rule
	}
	return res
}

// timedOut resolves ask as denied after the approval timeout.
func (r *resolver) timedOut(ask *Ask, waitingFor string, notes []string) Resolution {
	return r.resolve(ask, api.Deny, api.Reason{
		Type:    api.ReasonTimeout,
		Message: TimeoutMessage(r.timeout, waitingFor),
	}, "", nil, notes)
}

// TimeoutMessage is what every ending by timeout says: "no answer in N s,
// denied", and whose answer was awaited when known.
func TimeoutMessage(timeout time.Duration, waitingFor string) string {
	secs := int((timeout + time.Second/2) / time.Second)
	msg := fmt.Sprintf("no answer in %d s, denied", secs)
	if waitingFor != "" {
		msg += " (waiting for " + waitingFor + ")"
	}
	return msg
}

// failed resolves ask as denied because of an error.
func (r *resolver) failed(ask *Ask, reason api.Reason, format string, a ...any) Resolution {
	reason.Type = api.ReasonError
	reason.Message = fmt.Sprintf(format, a...)
	return r.resolve(ask, api.Deny, reason, "", nil, nil)
}

// cancelled resolves ask as denied because the caller gave up.
func (r *resolver) cancelled(ctx context.Context, ask *Ask, notes []string) (Resolution, error) {
	res := r.resolve(ask, api.Deny, api.Reason{Type: api.ReasonError, Message: "resolution cancelled: " + context.Cause(ctx).Error()}, "", nil, notes)
	return res, fmt.Errorf("resolving ask: %w", ctx.Err())
}

// note formats a warning about a decider that failed or was discarded.
func note(who string, err error) string {
	return fmt.Sprintf("%s failed: %v", who, err)
}

// deciderName names the decider a verdict came from, for warnings.
func deciderName(r api.Reason) string {
	switch {
	case r.Hook != "":
		return "hook " + r.Hook
	case r.Classifier != "":
		return "classifier " + r.Classifier
	}
	return strings.TrimSpace(string(r.Type))
}
