package handler

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/wardenhq/warden/api"
)

// Ask is a call the pipeline could not decide on its own: the request, the
// pipeline's ask decision (reason and findings), and what constrains who may
// approve it.
type Ask struct {
	Request  api.Request
	Decision api.Decision
	// RuleMatched is true when a deny or ask rule matched: no classifier may
	// approve such a call.
	RuleMatched bool
	// Suggestions are the grant rules offered to the person.
	Suggestions []string
	// Rules are the texts of the rules relevant to the call (the ask rule
	// that matched, rules near it), for a classifier's prompt.
	Rules []string
	// Explanation, when set, delivers the explainer's account while the
	// prompt is up; it may never deliver, and is closed when done.
	Explanation <-chan api.Explanation
	// HandOn is true when the agent puts what is left undecided to its own
	// person (Claude Code's dialog in auto mode): a handler with no person
	// of its own then resolves an ask its deciders leave undecided, or fail
	// or run out of time on, as ask — never allow — instead of deny.
	HandOn bool
	// Scopes are the scopes an approval of this ask can be kept at
	// (grant.Scopes), computed once by the engine; every surface offers
	// exactly these (Offered).
	Scopes []api.Scope
}

// Offered returns the scopes an approval of ask can be kept at: Scopes,
// or only once when they were not computed — a scope nobody checked can
// be kept is never offered.
func (a *Ask) Offered() []api.Scope {
	if len(a.Scopes) > 0 {
		return a.Scopes
	}
	return []api.Scope{api.ScopeOnce}
}

// Offers reports whether s is one of the scopes ask offers.
func (a *Ask) Offers(s api.Scope) bool {
	if s == "" {
		s = api.ScopeOnce
	}
	return slices.Contains(a.Offered(), s)
}

// Resolution is a handler's final answer to an ask.
type Resolution struct {
	Decision api.Decision
	// Scope is how long the approval is remembered (allow only).
	Scope api.Scope
	// Rule is the grant rule the person or leader chose, when it differs
	// from the first suggestion.
	Rule string
}

// Handler resolves an ask to allow or deny.
//
// Resolve must return allow or deny (or, for an Ask with HandOn, ask: the
// ask handed on unchanged); on any failure it returns deny with the
// failure as the reason, never allow.
type Handler interface {
	Resolve(ctx context.Context, ask *Ask) (Resolution, error)
}

// HandlerFunc adapts a function to a Handler.
type HandlerFunc func(ctx context.Context, ask *Ask) (Resolution, error)

// Resolve calls f.
func (f HandlerFunc) Resolve(ctx context.Context, ask *Ask) (Resolution, error) { return f(ctx, ask) }

// Answer is what a person chose at a prompt.
type Answer struct {
	Behavior api.Behavior // allow or deny
	Scope    api.Scope    // once, session or always (allow only)
	Message  string       // optional message, mostly with deny
	Person   string       // who answered (user name, "terminal", "web")
	// Rule is the grant rule the person chose, when it differs from the
	// first suggestion.
	Rule string
}

// Prompt is one question put to a person.
type Prompt struct {
	Ask *Ask
	// Deadline is when the prompt times out (answer: deny).
	Deadline time.Time
	// OnInteract, when set, is called by the prompter on every keystroke or
	// click, so the handler can discard automated results once the person has
	// started answering.
	OnInteract func()
}

// ErrNoAnswer is the cause with which a handler withdraws a prompt whose
// time ran out (context.Cause of the prompt's context), so the prompt says
// "no answer" rather than "answered elsewhere".
var ErrNoAnswer = errors.New("no answer before the deadline")

// ErrNobodyToAsk is wrapped by a Prompter that has nobody to put the ask
// to (no terminal, a machine-readable run): the ask then ends as a deny
// for want of a person (reason type mode, saying how to get the call
// approved), not as a failure.
var ErrNobodyToAsk = errors.New("nobody to ask")

// Prompter shows a prompt to a person and waits for their answer. It returns
// ctx.Err() when the context is cancelled first (another racer won).
type Prompter interface {
	Prompt(ctx context.Context, p *Prompt) (Answer, error)
}

// PrompterFunc adapts a function to a Prompter.
type PrompterFunc func(ctx context.Context, p *Prompt) (Answer, error)

// Prompt calls f.
func (f PrompterFunc) Prompt(ctx context.Context, p *Prompt) (Answer, error) { return f(ctx, p) }
