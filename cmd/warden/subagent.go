package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/agent/agents"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/server"
	"github.com/wardenhq/warden/settings"
)

// A sub-agent's call (Claude Code and Codex name agent_id and agent_type
// inside sub-agents) takes the swarm worker's path (DESIGN §1): its ask is
// not put to a person directly. A configured model classifier tries first;
// when undecided, the ask goes to the leader through the mailbox and the
// hook waits — with --server / WARDEN_SERVER the daemon is the leader, and
// the ask appears on its page naming the sub-agent. When forwarding fails,
// or no leader is configured, the call is handled locally: the agent's own
// prompt where it has one (the hook answers ask), else deny.
//
// A sub-agent also never decides in a wider mode than its parent session:
// its mode is the stricter of its own and the parent's, which the daemon
// remembers from the parent's calls, and a per-call hook process from a
// small state file written as the parent's calls pass through.

// answerSubagent decides a sub-agent's call.
func answerSubagent(ctx context.Context, env *cliEnv, ef *engineFlags, serverURL string, ad agents.Agent, call agent.Call) agent.Answer {
	remote, useRemote, err := remoteFromEnv(env, serverURL)
	if err != nil {
		return ad.Fail(fmt.Errorf("hook: %w", err))
	}
	req := call.Request
	st, err := ef.Load(env.getenv, req.Cwd, req.ProjectDir)
	if err != nil {
		return ad.Fail(fmt.Errorf("hook: %w", err))
	}
	dec, err := newDeciders(env, st, nil)
	if err != nil {
		return ad.Fail(fmt.Errorf("hook: %w", err))
	}
	if useRemote {
		// The daemon bounds the mode with the parent's, which it has seen.
		d, err := remote.Check(ctx, req)
		if err != nil {
			return ad.Fail(fmt.Errorf("hook: the daemon did not decide: %w", err))
		}
		if d.Behavior != api.Ask {
			return ad.Answer(call, d)
		}
		box, err := server.NewHTTPMailbox(serverAddress(env, serverURL), env.getenv("WARDEN_TOKEN"), &http.Client{})
		if err != nil {
			return ad.Fail(fmt.Errorf("hook: %w", err))
		}
		return ad.Answer(call, resolveSubagentAsk(ctx, call, ad.Unasked(call), d, dec.Classifier, box, workerTimeout(st)))
	}

	call.Request.PermissionMode = warden.StricterMode(req.PermissionMode, parentMode(env, req.SessionID))
	req = call.Request
	e, err := hookEngine(env, ef, req)
	if err != nil {
		return ad.Fail(fmt.Errorf("hook: %w", err))
	}
	// No leader to forward to: the classifier, then the agent's own
	// prompt where it has one, else deny.
	var d api.Decision
	switch {
	case call.HandOn != nil && req.PermissionMode == api.ModeAuto:
		// Auto mode: Warden's own classifier first, then the agent's dialog.
		d, err = e.DecideAuto(ctx, req, call.HandOn, ad.Unasked(call), dec.Classifier)
	case call.CanAsk:
		d, err = e.CheckWithDecider(ctx, req, dec.Classifier)
	default:
		d, err = e.DecideUnattended(ctx, req, ad.Unasked(call)+" and no leader is configured for its sub-agents (WARDEN_SERVER)", dec.Classifier)
	}
	if err != nil {
		return ad.Fail(fmt.Errorf("hook: %w", err))
	}
	return ad.Answer(call, d)
}

// errNoForward marks the local fallback of a worker whose forwarding
// failed.
var errNoForward = errors.New("forwarding to the leader failed")

// fallback is the swarm worker's local "prompt": it records that
// forwarding failed, and the hook then hands the ask to the agent's own
// prompt, or denies.
type fallback struct{ used bool }

func (f *fallback) Prompt(context.Context, *handler.Prompt) (handler.Answer, error) {
	f.used = true
	return handler.Answer{}, errNoForward
}

// resolveSubagentAsk runs the swarm worker for a sub-agent's ask d: the
// classifier, then the leader through box, waiting up to timeout.
func resolveSubagentAsk(ctx context.Context, call agent.Call, unasked string, d api.Decision, classifier handler.Decider, box *server.HTTPMailbox, timeout time.Duration) api.Decision {
	fb := &fallback{}
	w, err := handler.NewSwarmWorker(handler.SwarmWorkerConfig{
		Mailbox: box, Leader: server.DefaultLeader, Worker: call.Request.AgentID,
		Classifier: classifier, Prompter: fb, Timeout: timeout,
	})
	if err != nil {
		return denyWith(d, api.ReasonError, err.Error())
	}
	res, _ := w.Resolve(ctx, &handler.Ask{Request: call.Request, Decision: d, Suggestions: d.Suggestions})
	if fb.used {
		why := "could not forward the ask of " + warden.SubagentLabel(call.Request) + " to the leader"
		if call.CanAsk {
			d.Warnings = append(d.Warnings, why+": the agent asks its person")
			return d
		}
		return denyWith(d, api.ReasonLeader, why+", and "+unasked+": denied ("+strings.TrimSpace(d.Reason.Message)+")")
	}
	out := res.Decision
	if out.ID == "" {
		out.ID = d.ID
	}
	if out.Behavior != api.Allow && out.Behavior != api.Deny {
		return denyWith(d, api.ReasonError, "the swarm worker did not settle the ask")
	}
	return out
}

func denyWith(d api.Decision, t api.ReasonType, msg string) api.Decision {
	d.Behavior = api.Deny
	d.Reason = api.Reason{Type: t, Message: msg}
	d.Suggestions = nil
	return d
}

// serverAddress is the daemon's address as --server or $WARDEN_SERVER
// gives it.
func serverAddress(env *cliEnv, flagValue string) string {
	if flagValue != "" {
		return flagValue
	}
	return env.getenv("WARDEN_SERVER")
}

func workerTimeout(st *settings.Settings) time.Duration {
	if st.Approvals.TimeoutSeconds > 0 {
		return time.Duration(st.Approvals.TimeoutSeconds) * time.Second
	}
	return settings.DefaultApprovalTimeoutSeconds * time.Second
}

// modeDir is where per-call hook processes keep each session's mode:
// $XDG_STATE_HOME/warden/modes, or ~/.local/state/warden/modes.
func modeDir(env *cliEnv) string {
	state := env.getenv("XDG_STATE_HOME")
	if state == "" {
		state = filepath.Join(env.getenv("HOME"), ".local", "state")
	}
	return filepath.Join(state, "warden", "modes")
}

func modeFile(env *cliEnv, session string) string {
	sum := sha256.Sum256([]byte(session))
	return filepath.Join(modeDir(env), hex.EncodeToString(sum[:16]))
}

// rememberParentMode records the mode of a parent agent's call for its
// session, so that the session's sub-agents are bounded by it. It writes
// only when the mode changed; failures are silent (a sub-agent then falls
// back to default, the strict side).
func rememberParentMode(env *cliEnv, req api.Request) {
	if warden.IsSubagent(req) || req.SessionID == "" {
		return
	}
	mode := req.PermissionMode
	if _, err := api.ParseMode(string(mode)); err != nil || mode == "" {
		mode = api.ModeDefault
	}
	path := modeFile(env, req.SessionID)
	if old, err := os.ReadFile(path); err == nil && string(old) == string(mode) {
		return
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".mode-*")
	if err != nil {
		return
	}
	_, werr := tmp.WriteString(string(mode))
	if cerr := tmp.Close(); werr != nil || cerr != nil {
		_ = os.Remove(tmp.Name())
		return
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		_ = os.Remove(tmp.Name())
	}
}

// parentMode returns the mode the session's parent agent last ran in, or
// default when no call of the parent has been seen.
func parentMode(env *cliEnv, session string) api.Mode {
	if session == "" {
		return api.ModeDefault
	}
	data, err := os.ReadFile(modeFile(env, session))
	if err != nil {
		return api.ModeDefault
	}
	mode := api.Mode(strings.TrimSpace(string(data)))
	if _, err := api.ParseMode(string(mode)); err != nil || mode == "" {
		return api.ModeDefault
	}
	return mode
}
