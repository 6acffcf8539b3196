package handler

import (
	"context"
	"errors"
	"github.com/wardenhq/warden/api"
	"strings"
	"time"
)

// CoordinatorConfig configures the handler for a coordinator supervising
// workers. Its zero value (with a Prompter) means all defaults.
type CoordinatorConfig struct {
	// Prompter asks the person; nil means there is none and an undecided
	// ask is denied.
	Prompter Prompter
	// Hooks are the PermissionRequest hooks; nil means none.
	Hooks Decider
	// Classifier decides without the person; nil means none.
	Classifier Decider
	// Explain produces the explanation shown with the prompt; nil means none.
	Explain ExplainFunc
	// Timeout bounds the whole resolution (default 60 s).
	Timeout time.Duration
	// Clock tells the time (default the system clock).
	Clock Clock
}

// Coordinator consults the hooks, then the classifier, then the person, one
// after the other, so many workers never pop up dialogs at once. For Bash
// calls the classifier starts speculatively with the hooks; its verdict is
// used only if the hooks are undecided.
type Coordinator struct {
	r          resolver
	prompter   Prompter
	hooks      Decider
	classifier Decider
}

var _ Handler = (*Coordinator)(nil)

// NewCoordinator returns the coordinator handler.
func NewCoordinator(cfg CoordinatorConfig) *Coordinator {
	return &Coordinator{
		r:        newResolver(cfg.Clock, cfg.Timeout, cfg.Explain),
		prompter: cfg.Prompter, hooks: cfg.Hooks, classifier: cfg.Classifier,
	}
}

// Resolve runs the three steps in order.
func (h *Coordinator) Resolve(ctx context.Context, ask *Ask) (Resolution, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	deadline := h.r.clock.Now().Add(h.r.timeout)
	timer := h.r.clock.NewTimer(h.r.timeout)
	defer timer.Stop()
	return sequence(ctx, &h.r, timer, deadline, ask, h.hooks, h.classifier, h.prompter, nil)
}

// step is one sequential stage's outcome.
type step struct {
	v   Verdict
	a   Answer
	err error
}

// consulting runs an automated decider in the background and delivers its
// verdict on the returned channel.
func consulting(ctx context.Context, decide func(context.Context) (Verdict, error)) <-chan step {
	ch := make(chan step, 1)
	go func() {
		v, err := decide(ctx)
		ch <- step{v: v, err: err}
	}()
	return ch
}

// settle waits for one automated decider under the approval timer. done is
// true when that settles the ask — a decision, the timeout, cancellation —
// and res is the resolution; otherwise the decider was undecided or failed
// (the failure goes to notes) and the caller moves on to the next.
func (r *resolver) settle(ctx context.Context, timer Timer, ch <-chan step, ask *Ask, what string, notes *[]string) (res Resolution, done bool, err error) {
	s, ok, err := await(ctx, timer, ch)
	switch {
	case err != nil:
		res, err = r.cancelled(ctx, ask, *notes)
		return res, true, err
	case !ok:
		return r.timedOut(ask, what, *notes), true, nil
	case s.err != nil:
		*notes = append(*notes, note(deciderName(s.v.Reason), s.err))
	case s.v.Decided():
		return r.fromVerdict(ask, s.v, *notes), true, nil
	}
	return Resolution{}, false, nil
}

// await waits for ch, the approval timer or ctx.
func await(ctx context.Context, timer Timer, ch <-chan step) (step, bool, error) {
	select {
	case s := <-ch:
		return s, true, nil
	case <-timer.C():
		return step{}, false, nil
	case <-ctx.Done():
		return step{}, false, ctx.Err()
	}
}

// sequence is the coordinator's flow, shared with the swarm worker's local
// fallback: hooks, classifier (speculatively started for Bash), prompt.
func sequence(ctx context.Context, r *resolver, timer Timer, deadline time.Time, ask *Ask, hooks, classifier Decider, prompter Prompter, notes []string) (Resolution, error) {
	var classified <-chan step
	classCtx, cancelClass := context.WithCancel(ctx)
	defer cancelClass()
	startClassifier := func() {
		classified = consulting(classCtx, func(ctx context.Context) (Verdict, error) { return consultClassifier(ctx, classifier, ask) })
	}
	if classifier != nil && ask.Request.ToolName == "Bash" {
		startClassifier()
	}

	if hooks != nil {
		ch := consulting(ctx, func(ctx context.Context) (Verdict, error) { return consultHooks(ctx, hooks, ask) })
		if res, done, err := r.settle(ctx, timer, ch, ask, "the PermissionRequest hooks", &notes); done {
			return res, err
		}
	}

	if classifier != nil {
		if classified == nil {
			startClassifier()
		}
		if res, done, err := r.settle(ctx, timer, classified, ask, "the classifier", &notes); done {
			return res, err
		}
	}

	if prompter == nil {
		return r.failed(ask, api.Reason{}, "no person to ask and no automated decision: %s", joinNotes(notes)), nil
	}
	promptCtx, cancelPrompt := context.WithCancelCause(ctx)
	defer cancelPrompt(nil)
	ask = withExplanation(promptCtx, ask, r.explain)
	ch := make(chan step, 1)
	go func() {
		a, err := prompter.Prompt(promptCtx, &Prompt{Ask: ask, Deadline: deadline})
		ch <- step{a: a, err: err}
	}()
	s, ok, err := await(ctx, timer, ch)
	switch {
	case err != nil:
		return r.cancelled(ctx, ask, notes)
	case !ok:
		cancelPrompt(ErrNoAnswer)
		return r.timedOut(ask, "the person", notes), nil
	case errors.Is(s.err, ErrNobodyToAsk):
		return r.resolve(ask, api.Deny, api.Reason{Type: api.ReasonMode, Mode: ask.Request.PermissionMode,
			Message: s.err.Error() + ", so the call is blocked: " + strings.TrimSpace(ask.Decision.Reason.Message) +
				HowToApprove(ask.RuleMatched, ask.Suggestions)}, "", nil, notes), nil
	case s.err != nil:
		return r.failed(ask, api.Reason{}, "the prompt failed: %v", s.err), nil
	}
	return r.fromAnswer(ask, s.a, notes), nil
}
