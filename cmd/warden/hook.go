package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/hook"
	"github.com/wardenhq/warden/server"
)

func init() {
	register(&command{
		name:    "hook",
		summary: "answer a Claude Code PreToolUse or PermissionRequest hook (payload on stdin)",
		run:     runHook,
	})
}

const hookUsage = "hook [--settings FILE]... [--mode MODE] [--no-audit] [--server URL] < PAYLOAD"

// exitHookBlock is Claude Code's "block" exit code: a PreToolUse hook that
// exits 2 denies the call with its stderr as the reason. warden hook uses
// it for every failure, so a payload it cannot read or settings it cannot
// load never let a call through. (For PermissionRequest Claude Code
// ignores it and shows its own dialog.)
const exitHookBlock = 2

// runHook reads one Claude Code hook payload from stdin, decides it with
// the settings discovered from the payload's cwd, and answers in Claude
// Code's format on stdout.
func runHook(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "hook", hookUsage)
	var ef engineFlags
	ef.register(fs)
	serverURL := fs.String("server", "", "decide through a running `warden serve` at `URL` (default $WARDEN_SERVER; token from $WARDEN_TOKEN)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	block := func(format string, a ...any) int {
		fmt.Fprintf(env.stderr, "warden: "+format+"\n", a...)
		return exitHookBlock
	}
	data, err := io.ReadAll(io.LimitReader(env.stdin, api.MaxRequestSize+1))
	if err != nil {
		return block("hook: reading the payload: %s", oneLine(err))
	}
	if len(data) > api.MaxRequestSize {
		return block("hook: payload is larger than %d bytes", api.MaxRequestSize)
	}
	p, err := hook.ParsePayload(data)
	if errors.Is(err, hook.ErrUnsupportedEvent) {
		// Blocking an event Warden does not answer (a Stop, a PostToolUse)
		// would mean something else to Claude Code; report it instead.
		return fail(env, "hook: %s (warden hook answers PreToolUse and PermissionRequest)", oneLine(err))
	}
	if err != nil {
		return block("hook: %s", oneLine(err))
	}
	if env.getenv(hook.EnvRunningHook) != "" {
		// Warden's own hooks include warden hook: answering would run the
		// hooks again, without end. No decision leaves the call to the
		// Warden that ran this hook.
		fmt.Fprintf(env.stderr, "warden: hook: run as a hook of Warden itself (%s is set); not deciding\n", hook.EnvRunningHook)
		return writeHookAnswer(env, hook.Output{})
	}
	req := p.Request()
	if req.Cwd == "" {
		if req.Cwd, err = ef.defaultCwd(); err != nil {
			return block("hook: %s", oneLine(err))
		}
	}
	remote, useRemote, err := remoteFromEnv(env, *serverURL)
	if err != nil {
		return block("hook: %s", oneLine(err))
	}
	if useRemote {
		return hookThroughDaemon(ctx, env, remote, p, req)
	}
	engines, err := newEngineSet(env, &ef, warden.WithFrontEnd("hook"))
	if err != nil {
		return block("hook: %s", oneLine(err))
	}
	e, err := engines.forCwd(req.Cwd)
	if err != nil {
		return block("hook: %s", oneLine(err))
	}
	d, err := e.Check(ctx, req)
	if err != nil {
		return block("hook: %s", oneLine(err))
	}
	var out hook.Output
	if p.HookEventName == hook.EventPermissionRequest {
		if d.Behavior == api.Ask {
			d = consultPermissionHooks(ctx, env, e, req, d)
		}
		out = hook.PermissionRequestAnswer(d)
	} else {
		out = hook.PreToolUseAnswer(d)
	}
	if len(d.Warnings) > 0 {
		out.SystemMessage = "Warden: " + strings.Join(d.Warnings, "; ")
	}
	return writeHookAnswer(env, out)
}

// consultPermissionHooks runs Warden's own PermissionRequest hooks for a
// call Warden would ask about, before Claude Code shows its dialog: their
// allow or deny becomes Warden's answer, and undecided leaves the ask (no
// decision, so the dialog appears). A rewritten input is checked again and
// allowed only if no deny or ask rule covers it.
func consultPermissionHooks(ctx context.Context, env *cliEnv, e *warden.Engine, req api.Request, d api.Decision) api.Decision {
	matchers := e.Settings().Hooks.PermissionRequest
	if len(matchers) == 0 {
		return d
	}
	dec := &hook.PermissionDecider{Runner: hook.NewRunner(hook.RunnerOptions{}), Matchers: matchers}
	v, err := dec.Decide(ctx, &handler.Ask{Request: req, Decision: d, Suggestions: d.Suggestions})
	if err != nil {
		d.Warnings = append(d.Warnings, oneLine(err))
		return d
	}
	switch v.Behavior {
	case api.Deny:
		d.Behavior, d.Reason = api.Deny, v.Reason
	case api.Allow:
		if v.UpdatedInput != nil {
			rewritten := req
			rewritten.ToolInput = v.UpdatedInput
			again, err := e.Check(ctx, rewritten)
			switch {
			case err != nil:
				d.Warnings = append(d.Warnings, "checking the hook's rewritten input: "+oneLine(err))
				return d
			case again.Behavior == api.Deny:
				return again
			case again.Behavior == api.Ask && again.Reason.Type == api.ReasonRule:
				// An ask rule covers the rewritten call: a person decides.
				return again
			}
			d.UpdatedInput = v.UpdatedInput
		}
		d.Behavior, d.Reason = api.Allow, v.Reason
	}
	return d
}

// hookThroughDaemon answers a hook with a running daemon's decision: its
// pipeline for PreToolUse; for PermissionRequest the daemon's coordinator
// (its hooks, its classifier, then the approval page), waiting for a person
// up to the daemon's approval timeout. A daemon that fails blocks the call.
func hookThroughDaemon(ctx context.Context, env *cliEnv, c *server.Client, p hook.Payload, req api.Request) int {
	var (
		d   api.Decision
		err error
	)
	if p.HookEventName == hook.EventPermissionRequest {
		d, err = c.Decide(ctx, req)
	} else {
		d, err = c.Check(ctx, req)
	}
	if err != nil {
		fmt.Fprintf(env.stderr, "warden: hook: the daemon did not decide: %s\n", oneLine(err))
		return exitHookBlock
	}
	out := hook.PreToolUseAnswer(d)
	if p.HookEventName == hook.EventPermissionRequest {
		out = hook.PermissionRequestAnswer(d)
	}
	return writeHookAnswer(env, out)
}

func writeHookAnswer(env *cliEnv, out hook.Output) int {
	enc := json.NewEncoder(env.stdout)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		fmt.Fprintf(env.stderr, "warden: hook: %s\n", oneLine(err))
		return exitHookBlock
	}
	return exitOK
}
