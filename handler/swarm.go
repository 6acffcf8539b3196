package handler

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/mailbox"
)

// SwarmWorkerConfig configures the handler of a worker agent whose leader
// decides its asks.
type SwarmWorkerConfig struct {
	// Mailbox carries requests to the leader. Required.
	Mailbox mailbox.Mailbox
	// Leader is who the requests go to; Worker is this agent. Leader is
	// required.
	Leader string
	Worker string
	// Tools are the tools the leader granted this worker: a tool name, an
	// MCP server ("mcp__github", covering its tools) or "*". Any other tool
	// is denied without asking. Nil means the leader set no limit.
	Tools []string
	// Classifier decides before the leader is asked; nil means none.
	Classifier Decider
	// Prompter is the local fallback, used only when forwarding to the
	// leader fails; nil means the call is then denied.
	Prompter Prompter
	// Explain produces the explanation shown with a fallback prompt.
	Explain ExplainFunc
	// Timeout bounds the wait for the leader (default 60 s).
	Timeout time.Duration
	// Clock tells the time (default the system clock).
	Clock Clock
	// NewID names each request (default 16 random hex digits).
	NewID func() string
}

// SwarmWorker resolves a worker's asks: the classifier first; if undecided,
// the leader through the mailbox; a local prompt only if forwarding fails.
// Each request carries its own ID, so the worker never reuses an answer its
// leader gave for another call.
type SwarmWorker struct {
	r          resolver
	box        mailbox.Mailbox
	leader     string
	worker     string
	tools      []string
	classifier Decider
	prompter   Prompter
	newID      func() string
}

var _ Handler = (*SwarmWorker)(nil)

// NewSwarmWorker returns the swarm worker handler.
func NewSwarmWorker(cfg SwarmWorkerConfig) (*SwarmWorker, error) {
	if cfg.Mailbox == nil || cfg.Leader == "" {
		return nil, errors.New("swarm worker handler: a Mailbox and a Leader are required")
	}
	h := &SwarmWorker{
		r:   newResolver(cfg.Clock, cfg.Timeout, cfg.Explain),
		box: cfg.Mailbox, leader: cfg.Leader, worker: cfg.Worker, tools: cfg.Tools,
		classifier: cfg.Classifier, prompter: cfg.Prompter, newID: cfg.NewID,
	}
	if h.newID == nil {
		h.newID = func() string { return fmt.Sprintf("%x", randomBytes()) }
	}
	return h, nil
}

func randomBytes() []byte {
	b := make([]byte, 8)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return b
}

// toolGranted reports whether the leader granted tool.
func (h *SwarmWorker) toolGranted(tool string) bool {
	if h.tools == nil {
		return true
	}
	return slices.ContainsFunc(h.tools, func(t string) bool {
		return t == "*" || t == tool || (strings.HasPrefix(t, "mcp__") && strings.HasPrefix(tool, t+"__"))
	})
}

// Resolve asks the classifier, then the leader.
func (h *SwarmWorker) Resolve(ctx context.Context, ask *Ask) (Resolution, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	leaderReason := api.Reason{Type: api.ReasonLeader, Leader: h.leader}
	if !h.toolGranted(ask.Request.ToolName) {
		leaderReason.Message = fmt.Sprintf("the leader %s has not granted the tool %s to this worker", h.leader, ask.Request.ToolName)
		return h.r.resolve(ask, api.Deny, leaderReason, "", nil, nil), nil
	}
	deadline := h.r.clock.Now().Add(h.r.timeout)
	timer := h.r.clock.NewTimer(h.r.timeout)
	defer timer.Stop()

	var notes []string
	if h.classifier != nil {
		ch := consulting(ctx, func(ctx context.Context) (Verdict, error) { return consultClassifier(ctx, h.classifier, ask) })
		if res, done, err := h.r.settle(ctx, timer, ch, ask, "the classifier", &notes); done {
			return res, err
		}
	}

	req := mailbox.Request{
		ID: h.newID(), Leader: h.leader, Worker: h.worker,
		Request: ask.Request, Reason: ask.Decision.Reason, Findings: ask.Decision.Findings,
		Suggestions: ask.Suggestions, Sent: h.r.clock.Now(), Deadline: deadline,
	}
	if req.Worker == "" {
		req.Worker = ask.Request.AgentID
	}
	if err := h.box.Send(ctx, req); err != nil {
		if ctx.Err() != nil {
			return h.r.cancelled(ctx, ask, notes)
		}
		notes = append(notes, note("forwarding to the leader "+h.leader, err))
		if h.prompter == nil {
			return h.r.failed(ask, leaderReason, "could not forward the request to the leader %s: %v", h.leader, err), nil
		}
		return sequence(ctx, &h.r, timer, deadline, ask, nil, nil, h.prompter, notes)
	}

	ch := make(chan step, 1)
	var answer mailbox.Response
	go func() {
		resp, err := h.box.Await(ctx, req.ID)
		answer = resp
		ch <- step{err: err}
	}()
	s, ok, err := await(ctx, timer, ch)
	if !ok || err != nil {
		// Nobody waits for this request any more; take it back from the
		// leader's queue (best effort: the context may be gone).
		_ = h.box.Withdraw(context.WithoutCancel(ctx), req.ID)
		if err != nil {
			return h.r.cancelled(ctx, ask, notes)
		}
		return h.r.timedOut(ask, "the leader "+h.leader, notes), nil
	}
	if s.err != nil {
		return h.r.failed(ask, leaderReason, "waiting for the leader %s failed: %v", h.leader, s.err), nil
	}
	if answer.ID != req.ID {
		return h.r.failed(ask, leaderReason, "the mailbox answered request %q while waiting for %q", answer.ID, req.ID), nil
	}
	if answer.Leader != "" {
		leaderReason.Leader = answer.Leader
	}
	leaderReason.Message = answer.Message
	switch answer.Behavior {
	case api.Allow:
		leaderReason.Scope = answer.Scope
		if leaderReason.Scope == "" {
			leaderReason.Scope = api.ScopeOnce
		}
		if leaderReason.Message == "" {
			leaderReason.Message = "approved by the leader " + leaderReason.Leader
		}
		return h.r.resolve(ask, api.Allow, leaderReason, answer.Scope, nil, notes), nil
	case api.Deny:
		if leaderReason.Message == "" {
			leaderReason.Message = "rejected by the leader " + leaderReason.Leader
		}
		return h.r.resolve(ask, api.Deny, leaderReason, "", nil, notes), nil
	}
	return h.r.failed(ask, leaderReason, "the leader %s answered %q, which is neither allow nor deny", leaderReason.Leader, answer.Behavior), nil
}
