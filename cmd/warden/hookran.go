package main

import (
	"context"
	"fmt"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/agent/agents"
	"github.com/wardenhq/warden/hook"
	"github.com/wardenhq/warden/internal/setup"
)

// recordRan appends the record that a call ran (PostToolUse, AfterTool) to
// the audit log of the call's project, linked to the decision it follows
// (audit.EventPostToolUse). The call has run already: whatever fails here
// is said on stderr, and the answer neither blocks nor changes anything.
// It loads only the settings, not an engine: every call pays for it.
func recordRan(ctx context.Context, env *cliEnv, ef *engineFlags, ran agent.Ran, perr error) {
	if perr != nil {
		fmt.Fprintf(env.stderr, "warden: hook: %s (the call's outcome is not recorded)\n", oneLine(perr))
		return
	}
	if ef.NoAudit || env.getenv(hook.EnvRunningHook) != "" {
		return
	}
	req := ran.Call.Request
	if req.Cwd == "" {
		cwd, err := ef.DefaultCwd()
		if err != nil {
			fmt.Fprintf(env.stderr, "warden: hook: %s (the call's outcome is not recorded)\n", oneLine(err))
			return
		}
		req.Cwd = cwd
	}
	if req.ProjectDir == "" {
		req.ProjectDir = agents.ProjectDir(env.getenv, ran.Call.Agent)
	}
	st, err := ef.Load(env.getenv, req.Cwd, req.ProjectDir)
	if err != nil {
		fmt.Fprintf(env.stderr, "warden: hook: %s (the call's outcome is not recorded)\n", oneLine(err))
		return
	}
	if st.Audit.Disabled {
		return
	}
	sink, err := openAudit(env, st)
	if err == nil {
		ran.Call.Request = req
		err = sink.Write(ctx, setup.RanRecord(ran, "hook"))
	}
	if err != nil {
		fmt.Fprintf(env.stderr, "warden: hook: %s (the call's outcome is not recorded)\n", oneLine(err))
	}
}
