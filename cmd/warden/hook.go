package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/agent/agents"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/hook"
	"github.com/wardenhq/warden/server"
)

func init() {
	addCommand(&command{
		name:    "hook",
		summary: "answer an agent's PreToolUse or PermissionRequest hook, record its PostToolUse (Claude Code, Codex, Gemini CLI; payload on stdin)",
		run:     runHook,
	})
}

const hookUsage = "hook [--agent claude-code|codex|gemini] [--settings FILE]... [--mode MODE] [--no-audit] [--server URL] < PAYLOAD"

// exitHookBlock is the exit code that blocks the call for every agent
// Warden speaks to (with a reason on stderr).
const exitHookBlock = 2

// runHook reads one hook payload of the agent named by --agent (Claude Code
// by default) from stdin, decides it with the settings discovered from the
// payload's cwd, and answers in the agent's format. Whatever fails, the
// answer blocks the call.
func runHook(ctx context.Context, env *cliEnv, args []string) int {
	growStack()
	fs := newFlagSet(env, "hook", hookUsage)
	var ef engineFlags
	ef.Register(fs)
	agentName := fs.String("agent", agents.Default().Name(), "the `AGENT` whose hook protocol the payload speaks: "+agents.Names(", "))
	serverURL := fs.String("server", "", "decide through a running `warden serve` at `URL` (default $WARDEN_SERVER; token from $WARDEN_TOKEN)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	ad, ok := agents.Lookup(*agentName)
	if !ok {
		fmt.Fprintf(env.stderr, "warden: hook: unknown agent %q (want one of %s)\n", *agentName, agents.Names(", "))
		// Still an answer that blocks, whatever the caller reads.
		return writeAgentAnswer(env, agents.Default().Fail(fmt.Errorf("hook: unknown agent %q", *agentName)))
	}
	data, err := io.ReadAll(io.LimitReader(env.stdin, api.MaxRequestSize+1))
	if err != nil {
		return writeAgentAnswer(env, ad.Fail(fmt.Errorf("hook: reading the payload: %w", err)))
	}
	if len(data) > api.MaxRequestSize {
		return writeAgentAnswer(env, ad.Fail(fmt.Errorf("hook: payload is larger than %d bytes", api.MaxRequestSize)))
	}
	return writeAgentAnswer(env, answerHook(ctx, env, &ef, *serverURL, ad, data))
}

// answerHook decides one payload and returns the agent's answer.
func answerHook(ctx context.Context, env *cliEnv, ef *engineFlags, serverURL string, ad agents.Agent, data []byte) agent.Answer {
	if ran, ok, err := agent.ParseRan(ad, data); ok {
		recordRan(ctx, env, ef, ran, err)
		return agent.Answer{} // never blocks nor changes the call
	}
	call, err := ad.Parse(data)
	if errors.Is(err, agent.ErrUnsupportedEvent) {
		return ad.Unsupported(err)
	}
	if err != nil {
		return ad.Fail(fmt.Errorf("hook: %w", err))
	}
	if env.getenv(hook.EnvRunningHook) != "" {
		// Warden's own hooks include warden hook: answering would run the
		// hooks again, without end. No decision leaves the call to the
		// Warden that ran this hook.
		fmt.Fprintf(env.stderr, "warden: hook: run as a hook of Warden itself (%s is set); not deciding\n", hook.EnvRunningHook)
		return ad.Undecided(call)
	}
	req := call.Request
	if req.Cwd == "" {
		if req.Cwd, err = ef.DefaultCwd(); err != nil {
			return ad.Fail(fmt.Errorf("hook: %w", err))
		}
		call.Request.Cwd = req.Cwd
	}
	if req.ProjectDir == "" {
		// The agent's project, from the environment it gives its hooks:
		// settings and ./ rules come from there, wherever the agent cd'd.
		req.ProjectDir = agents.ProjectDir(env.getenv, ad.Name())
		call.Request.ProjectDir = req.ProjectDir
	}
	if warden.IsSubagent(req) {
		return answerSubagent(ctx, env, ef, serverURL, ad, call)
	}
	remote, useRemote, err := remoteFromEnv(env, serverURL)
	if err != nil {
		return ad.Fail(fmt.Errorf("hook: %w", err))
	}
	if useRemote {
		d, err := decideThroughDaemon(ctx, remote, call)
		if err != nil {
			return ad.Fail(fmt.Errorf("hook: the daemon did not decide: %w", err))
		}
		return ad.Answer(call, d)
	}
	rememberParentMode(env, req) // the bound of this session's sub-agents
	e, err := hookEngine(env, ef, req)
	if err != nil {
		return ad.Fail(fmt.Errorf("hook: %w", err))
	}
	// An ask the agent will not put to a person is settled here; a
	// PermissionRequest ask first meets Warden's own PermissionRequest
	// hooks. Either way the audit records the final decision.
	var d api.Decision
	switch {
	case !call.CanAsk:
		d, err = e.DecideUnattended(ctx, req, ad.Unasked(call), permissionHooks(e))
	case call.HandOn != nil:
		d, err = e.DecideAuto(ctx, req, call.HandOn, ad.Unasked(call), permissionHooks(e))
	case call.Event == agent.PermissionRequest:
		d, err = e.CheckWithDecider(ctx, req, permissionHooks(e))
	default:
		d, err = e.Check(ctx, req)
	}
	if err != nil {
		return ad.Fail(fmt.Errorf("hook: %w", err))
	}
	return ad.Answer(call, d)
}

// growStack grows the goroutine's stack to 32 KB at once, while only a few
// frames are on it. Deciding a Bash call grows the stack from 8 KB to 32 KB
// in two steps, each of which copies the stack and adjusts every frame on
// it (both together about 4% of a hook's instructions); one growth here,
// over three frames, costs little. A decision that needs more still grows
// it further.
//
//go:noinline
func growStack() byte {
	var frame [20 << 10]byte // 8 KB doubled until it holds this frame: 32 KB
	return lastByte(frame[:])
}

//go:noinline
func lastByte(b []byte) byte { return b[len(b)-1] }

// writeAgentAnswer writes an answer and returns its exit code.
func writeAgentAnswer(env *cliEnv, a agent.Answer) int {
	if len(a.Stdout) > 0 {
		if _, err := env.stdout.Write(a.Stdout); err != nil {
			fmt.Fprintf(env.stderr, "warden: hook: %s\n", oneLine(err))
			return exitHookBlock
		}
	}
	if a.Stderr != "" {
		fmt.Fprint(env.stderr, a.Stderr)
	}
	return a.Exit
}

// permissionHooks returns Warden's own PermissionRequest hooks of e's
// settings as a decider, or nil when none are configured.
func permissionHooks(e *warden.Engine) handler.Decider {
	matchers := e.Settings().Hooks.PermissionRequest
	if len(matchers) == 0 {
		return nil
	}
	return &hook.PermissionDecider{Runner: hook.NewRunner(hook.RunnerOptions{}), Matchers: matchers}
}

// decideThroughDaemon asks a running daemon: its pipeline at once for a
// PreToolUse that can be asked; its coordinator (its hooks, its
// classifier, then the approval page, waiting up to the daemon's approval
// timeout) for a PermissionRequest and for an ask nobody here can answer.
func decideThroughDaemon(ctx context.Context, c *server.Client, call agent.Call) (api.Decision, error) {
	if !call.CanAsk {
		return warden.DecideUnattendedThrough(ctx, c, call.Request)
	}
	if call.Event == agent.PermissionRequest {
		return c.Decide(ctx, call.Request)
	}
	d, err := c.Check(ctx, call.Request)
	if err == nil && d.Behavior == api.Ask && call.HandOn != nil && !call.HandOn(d) {
		// An ask the agent would not put to its person: the page answers.
		return warden.DecideUnattendedThrough(ctx, c, call.Request)
	}
	return d, err
}

// hookEngine builds the engine that decides one hook call, for the project
// the request belongs to.
func hookEngine(env *cliEnv, ef *engineFlags, req api.Request) (*warden.Engine, error) {
	engines, err := newEngineSet(env, ef, warden.WithFrontEnd("hook"))
	if err != nil {
		return nil, err
	}
	return engines.forRequest(req)
}
