package handler

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/wardenhq/warden/api"
)

// InteractiveConfig configures the handler for a person at a terminal or web
// page. Its zero value (with a Prompter) means all defaults.
type InteractiveConfig struct {
	// Prompter asks the person. Required.
	Prompter Prompter
	// Hooks are the PermissionRequest hooks; nil means none.
	Hooks Decider
	// Classifier decides without the person; nil means none.
	Classifier Decider
	// Explain produces the explanation shown with the prompt; nil means
	// none. It never delays the prompt.
	Explain ExplainFunc
	// Grace is how long after the prompt appears input does not count as
	// interaction (default 200 ms; negative means none).
	Grace time.Duration
	// Timeout bounds the wait for any answer (default 60 s).
	Timeout time.Duration
	// Clock tells the time (default the system clock).
	Clock Clock
}

// Interactive races the prompt, the hooks and the classifier; the first
// decision is final. Once the person interacts with the prompt (after the
// grace period) automated results are discarded; losers are cancelled.
type Interactive struct {
	r          resolver
	prompter   Prompter
	hooks      Decider
	classifier Decider
	grace      time.Duration
}

var _ Handler = (*Interactive)(nil)

// NewInteractive returns the interactive handler.
func NewInteractive(cfg InteractiveConfig) (*Interactive, error) {
	if cfg.Prompter == nil {
		return nil, errors.New("interactive handler: a Prompter is required")
	}
	h := &Interactive{
		r:        newResolver(cfg.Clock, cfg.Timeout, cfg.Explain),
		prompter: cfg.Prompter, hooks: cfg.Hooks, classifier: cfg.Classifier,
		grace: cfg.Grace,
	}
	if h.grace == 0 {
		h.grace = DefaultGrace
	}
	return h, nil
}

// racer says which racer an outcome comes from.
type racer int

const (
	fromPerson racer = iota
	fromHooks
	fromClassifier
)

// promptWithdrawBound is the longest Resolve waits for a withdrawn prompt to
// return (a Prompter must return promptly once its context ends; this bounds
// one that does not).
const promptWithdrawBound = 5 * time.Second

type outcome struct {
	from    racer
	verdict Verdict
	answer  Answer
	err     error
}

// Resolve runs the race.
func (h *Interactive) Resolve(ctx context.Context, ask *Ask) (Resolution, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ask = withExplanation(ctx, ask, h.r.explain)

	autoCtx, cancelAuto := context.WithCancel(ctx)
	defer cancelAuto()
	promptCtx, cancelPromptCause := context.WithCancelCause(ctx)
	cancelPrompt := func() { cancelPromptCause(nil) }
	defer cancelPrompt()

	timer := h.r.clock.NewTimer(h.r.timeout)
	defer timer.Stop()

	shown := h.r.clock.Now()
	var (
		mu         sync.Mutex
		interacted bool
	)
	isInteracted := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return interacted
	}
	prompt := &Prompt{
		Ask:      ask,
		Deadline: shown.Add(h.r.timeout),
		OnInteract: func() {
			if h.r.clock.Now().Sub(shown) < h.grace {
				return
			}
			mu.Lock()
			first := !interacted
			interacted = true
			mu.Unlock()
			if first {
				cancelAuto()
			}
		},
	}

	results := make(chan outcome, 3)
	running := 1
	promptDone := make(chan struct{})
	// Whoever wins, the prompt is withdrawn and waited for before Resolve
	// returns, so a terminal prompt has put the terminal back (echo, line
	// endings) before the caller prints or exits.
	defer func() {
		cancelPrompt()
		bound := time.NewTimer(promptWithdrawBound)
		defer bound.Stop()
		select {
		case <-promptDone:
		case <-bound.C:
		}
	}()
	go func() {
		defer close(promptDone)
		a, err := h.prompter.Prompt(promptCtx, prompt)
		results <- outcome{from: fromPerson, answer: a, err: err}
	}()
	if h.hooks != nil {
		running++
		go func() {
			v, err := consultHooks(autoCtx, h.hooks, ask)
			results <- outcome{from: fromHooks, verdict: v, err: err}
		}()
	}
	if h.classifier != nil {
		running++
		go func() {
			v, err := consultClassifier(autoCtx, h.classifier, ask)
			results <- outcome{from: fromClassifier, verdict: v, err: err}
		}()
	}

	var notes []string
	for running > 0 {
		select {
		case o := <-results:
			running--
			if o.from == fromPerson {
				if o.err != nil {
					if ctx.Err() != nil {
						return h.r.cancelled(ctx, ask, notes)
					}
					notes = append(notes, note("prompt", o.err))
					if isInteracted() {
						// The person took over; nothing else may decide.
						return h.r.failed(ask, api.Reason{}, "the prompt failed after the person started answering: %v", o.err), nil
					}
					continue
				}
				return h.r.fromAnswer(ask, o.answer, notes), nil
			}
			if isInteracted() {
				continue // the person took over; automated results are discarded
			}
			if o.err != nil {
				notes = append(notes, note(deciderName(o.verdict.Reason), o.err))
				continue
			}
			if o.verdict.Decided() {
				return h.r.fromVerdict(ask, o.verdict, notes), nil
			}
		case <-timer.C():
			cancelPromptCause(ErrNoAnswer)
			return h.r.timedOut(ask, "the person", notes), nil
		case <-ctx.Done():
			return h.r.cancelled(ctx, ask, notes)
		}
	}
	return h.r.failed(ask, api.Reason{}, "no one decided: %s", joinNotes(notes)), nil
}

func joinNotes(notes []string) string {
	if len(notes) == 0 {
		return "every decider was undecided"
	}
	return fmt.Sprint(notes)
}
