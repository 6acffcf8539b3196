package warden

import (
	"context"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
)

// This file is the policy for agents that will not put Warden's ask to a
// person (DESIGN §2, "Nobody to ask"). An ask handed to such an agent is
// not a block: Claude Code in bypassPermissions lets its own "full
// permission pipeline" decide, and in that mode it allows. So Warden
// resolves the ask itself — through a daemon's approval page when one is
// configured, in auto mode through its own classifier, and otherwise by
// denying, with the reason and the rule that would allow the call.
//
// Every agent adapter (Claude Code, Codex, Gemini, …) calls NobodyToAsk
// with the mode its agent reports and whether the agent runs headless, and
// then DecideUnattended or DecideUnattendedThrough instead of Check.

// NobodyToAsk reports whether an agent whose permission mode is mode (as the
// agent reported it) will not put Warden's ask to a person:
//
//   - bypassPermissions: the agent runs what its own checks allow;
//   - dontAsk: the agent denies what it would ask (Warden denies it first);
//   - auto: the agent's own classifier decides in place of a person;
//   - a mode Warden does not know: nobody can be relied on to ask;
//   - any mode, when headless is true (the agent says it runs without a
//     person: codex exec, gemini -p, a CI job).
//
// default, acceptEdits and plan (and an empty mode) put an ask to a person
// unless headless.
func NobodyToAsk(mode api.Mode, headless bool) bool {
	if headless {
		return true
	}
	switch mode {
	case "", api.ModeDefault, api.ModeAcceptEdits, api.ModePlan:
		return false
	case api.ModeBubble:
		// A sub-agent's ask bubbles to its parent, which asks.
		return false
	}
	return true
}

// Approver puts an ask before a person and waits for the answer: a daemon's
// blocking decide call (*server.Client), bounded by its approval timeout.
type Approver interface {
	Decide(ctx context.Context, req api.Request) (api.Decision, error)
}

// DecideUnattendedThrough decides a call of an agent that will not ask
// anyone (NobodyToAsk) through a daemon: the daemon's pipeline, and its
// approval page for an ask, waiting up to its approvals.timeoutSeconds (an
// answer that does not come is deny). In dontAsk mode, or a mode Warden
// does not know, the request is sent in default mode, so that the daemon
// puts the ask on its page rather than denying it at once.
func DecideUnattendedThrough(ctx context.Context, a Approver, req api.Request) (api.Decision, error) {
	if _, err := api.ParseMode(string(req.PermissionMode)); err != nil || req.PermissionMode == api.ModeDontAsk {
		req.PermissionMode = api.ModeDefault
	}
	return a.Decide(ctx, req)
}

// unaskedReason is the reason for denying an ask that nobody will answer:
// why nobody is asked, the ask's own reason, and what would allow the call.
func unaskedReason(why string, mode, reported api.Mode, d *api.Decision, ruleAsked bool) api.Reason {
	if why == "" {
		name := string(reported)
		if name == "" {
			name = string(mode)
		}
		why = "nobody is asked in " + name + " mode"
	}
	var b strings.Builder
	b.WriteString(why)
	b.WriteString(", so Warden denies what it would ask: ")
	b.WriteString(strings.TrimSpace(d.Reason.Message))
	b.WriteString(handler.HowToApprove(ruleAsked, d.Suggestions))
	return api.Reason{Type: api.ReasonMode, Mode: mode, Message: b.String()}
}
