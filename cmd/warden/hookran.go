package main

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/audit"
	"github.com/wardenhq/warden/hook"
	"github.com/wardenhq/warden/settings"
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
	if ef.noAudit || env.getenv(hook.EnvRunningHook) != "" {
		return
	}
	req := ran.Call.Request
	if req.Cwd == "" {
		cwd, err := ef.defaultCwd()
		if err != nil {
			fmt.Fprintf(env.stderr, "warden: hook: %s (the call's outcome is not recorded)\n", oneLine(err))
			return
		}
		req.Cwd = cwd
	}
	if req.ProjectDir == "" {
		if v := projectDirEnv[ran.Call.Agent]; v != "" {
			if dir := env.getenv(v); filepath.IsAbs(dir) {
				req.ProjectDir = filepath.Clean(dir)
			}
		}
	}
	st, err := settings.Load(settings.LoadOptions{Cwd: req.Cwd, ProjectDir: req.ProjectDir,
		Home: env.getenv("HOME"), Getenv: env.getenv, Files: ef.settings})
	if err != nil {
		fmt.Fprintf(env.stderr, "warden: hook: %s (the call's outcome is not recorded)\n", oneLine(err))
		return
	}
	if st.Audit.Disabled {
		return
	}
	sink, err := openAudit(env, st)
	if err == nil {
		rec := audit.NewRecord(req, api.Decision{})
		rec.Event, rec.Via = audit.EventPostToolUse, "hook"
		rec.Outcome, rec.ToolError = audit.OutcomeRan, ran.ToolError
		err = sink.Write(ctx, rec)
	}
	if err != nil {
		fmt.Fprintf(env.stderr, "warden: hook: %s (the call's outcome is not recorded)\n", oneLine(err))
	}
}
