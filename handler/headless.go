package handler

import (
	"context"
	"fmt"
	"time"

	"github.com/wardenhq/warden/api"
)

// HeadlessConfig configures the handler used when no person can be asked:
// auto mode, dontAsk, a process without a terminal.
type HeadlessConfig struct {
	// Hooks are the PermissionRequest hooks, consulted first; nil means none.
	Hooks Decider
	// Classifier decides; nil means every ask is denied (dontAsk).
	Classifier Decider
	// Mode is the permission mode, named in the reasons of denials.
	Mode api.Mode
	// Denials, when set, counts denials per session and sets
	// Decision.Handback past its limits.
	Denials DenialTracker
	// Timeout bounds the whole resolution (default 60 s).
	Timeout time.Duration
	// Clock tells the time (default the system clock).
	Clock Clock
}

// Headless resolves asks with no person: the hooks, then the classifier;
// undecided, failed or timed out is deny.
type Headless struct {
	r          resolver
	hooks      Decider
	classifier Decider
	mode       api.Mode
	denials    DenialTracker
}

var _ Handler = (*Headless)(nil)

// NewHeadless returns the headless handler.
func NewHeadless(cfg HeadlessConfig) *Headless {
	return &Headless{
		r:     newResolver(cfg.Clock, cfg.Timeout, nil),
		hooks: cfg.Hooks, classifier: cfg.Classifier, mode: cfg.Mode, denials: cfg.Denials,
	}
}

// Resolve decides without a person.
func (h *Headless) Resolve(ctx context.Context, ask *Ask) (Resolution, error) {
	res, err := h.resolve(ctx, ask)
	if ask.HandOn && err == nil && res.Decision.Behavior == api.Ask {
		return res, nil // neither an approval nor a denial: the person decides
	}
	if h.denials != nil {
		res.Decision.Handback = h.denials.Record(ask.Request.SessionID, res.Decision.Behavior != api.Allow)
	}
	return res, err
}

func (h *Headless) resolve(ctx context.Context, ask *Ask) (Resolution, error) {
	mode := h.mode
	if mode == "" {
		mode = ask.Request.PermissionMode
	}
	if mode == api.ModeDontAsk {
		return h.r.resolve(ask, api.Deny, api.Reason{
			Type: api.ReasonMode, Mode: mode, Message: "dontAsk mode denies every call it would have asked about",
		}, "", nil, nil), nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	timer := h.r.clock.NewTimer(h.r.timeout)
	defer timer.Stop()
	var notes []string

	if h.hooks != nil {
		ch := consulting(ctx, func(ctx context.Context) (Verdict, error) { return consultHooks(ctx, h.hooks, ask) })
		if res, done, err := h.r.settle(ctx, timer, ch, ask, "the PermissionRequest hooks", &notes); done {
			if err == nil && res.Decision.Reason.Type == api.ReasonTimeout && ask.HandOn {
				return h.handOn(ask, notes, "the PermissionRequest hooks did not answer in time"), nil
			}
			return res, err
		}
	}

	if h.classifier == nil {
		if ask.HandOn {
			return h.handOn(ask, notes, ""), nil
		}
		return h.r.resolve(ask, api.Deny, api.Reason{
			Type: api.ReasonMode, Mode: mode,
			Message: "no person can be asked and no classifier is configured, so the ask is denied",
		}, "", nil, notes), nil
	}
	ch := make(chan step, 1)
	go func() {
		v, err := consultClassifier(ctx, h.classifier, ask)
		ch <- step{v: v, err: err}
	}()
	s, ok, err := await(ctx, timer, ch)
	switch {
	case err != nil:
		return h.r.cancelled(ctx, ask, notes)
	case !ok && ask.HandOn:
		return h.handOn(ask, notes, "the classifier did not answer in time"), nil
	case !ok:
		return h.r.timedOut(ask, "the classifier", notes), nil
	case s.err != nil && ask.HandOn:
		return h.handOn(ask, notes, note("the classifier", s.err)), nil
	case s.err != nil:
		return h.r.failed(ask, api.Reason{Classifier: s.v.Reason.Classifier},
			"the classifier failed, so the ask is denied: %v", s.err), nil
	case s.v.Decided():
		return h.r.fromVerdict(ask, s.v, notes), nil
	}
	if ask.HandOn {
		return h.handOn(ask, notes, ""), nil
	}
	reason := s.v.Reason
	if reason.Classifier == guardName {
		reason.Message = fmt.Sprintf("%s; with no person to ask, the call is denied", reason.Message)
	} else {
		reason.Message = fmt.Sprintf("the classifier was undecided (%s); with no person to ask, the call is denied", reason.Message)
	}
	reason.Message += HowToApprove(ask.RuleMatched, ask.Suggestions)
	if ask.RuleMatched {
		r := ask.Decision.Reason
		reason.Rule, reason.Source, reason.File, reason.Line = r.Rule, r.Source, r.File, r.Line
	}
	return h.r.resolve(ask, api.Deny, reason, "", nil, notes), nil
}

// handOn resolves ask as ask, its reason unchanged, for the agent to put
// to its person: the deciders left it undecided (why, when set, says what
// failed).
func (h *Headless) handOn(ask *Ask, notes []string, why string) Resolution {
	if why != "" {
		notes = append(notes, why)
	}
	d := ask.Decision
	d.Behavior = api.Ask
	d.Findings = append([]api.Finding(nil), d.Findings...)
	d.Warnings = append(append([]string(nil), d.Warnings...), notes...)
	return Resolution{Decision: d}
}
