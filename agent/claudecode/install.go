package claudecode

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/agent/hookconf"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/settings"
)

// Agent is Claude Code in the registry (package agents): its protocol,
// and how Warden is installed into and checked in its settings.
type Agent struct{ Adapter }

// Title returns "Claude Code".
func (Agent) Title() string { return "Claude Code" }

// ProjectDirEnv is CLAUDE_PROJECT_DIR.
func (Agent) ProjectDirEnv() string { return "CLAUDE_PROJECT_DIR" }

// Unasked says why Claude Code puts an ask of c to nobody with Warden's
// reason.
func (Agent) Unasked(c agent.Call) string {
	if c.Request.PermissionMode == api.ModeAuto {
		return "in auto mode Claude Code hands an ask about its own control files to its classifier, not to you with Warden's reason"
	}
	return "Claude Code does not ask a person in " + string(c.Request.PermissionMode) + " mode"
}

// events are the hook events Warden answers, in the order init adds them.
var events = []string{"PreToolUse", "PermissionRequest"}

// ranEvent is the hook event that tells Warden a call ran (the audit
// records the outcome). Its handler never blocks: the call has run, and a
// slow or failing recorder must not stand in the agent's way.
const ranEvent = "PostToolUse"

// InitUsage is the usage of `warden init claude-code`.
func (Agent) InitUsage() string {
	return "init claude-code [--project DIR] [--command CMD | --server URL] [--timeout SECONDS] [--allow-temp] [--skip-check]"
}

// Init adds Warden's PreToolUse and PermissionRequest hooks, with
// onFailure block and a timeout above Warden's approval timeout, and a
// PostToolUse hook that records the call ran (short, and never blocking),
// to the project's .claude/settings.json; with --server, HTTP hooks to
// the daemon instead, which answers and records the same.
func (Agent) Init(fs *flag.FlagSet) func(context.Context, *hookconf.Setup) error {
	project := fs.String("project", ".", "project `DIR` whose .claude/settings.json is edited")
	serverURL := fs.String("server", "", "install an HTTP hook to the `URL` of a running warden serve instead of a command (token from $WARDEN_TOKEN)")
	timeout := fs.Int("timeout", 0, "hook timeout in `SECONDS` (default: Warden's approval timeout plus 30)")
	return func(ctx context.Context, s *hookconf.Setup) error {
		t := s.HookTimeout(*timeout, *project)
		path := filepath.Join(*project, ".claude", "settings.json")
		var entry, ranEntry *hookconf.Object
		var want string
		if *serverURL != "" {
			u, err := HookURL(*serverURL)
			if err != nil {
				return fmt.Errorf("--server: %w", err)
			}
			if err := s.ProveHTTP(ctx, Adapter{}, u, *project); err != nil {
				return err
			}
			want = u
			entry = httpEntry(u, t, "block")
			ranEntry = httpEntry(u, hookconf.RanTimeout, "")
		} else {
			cmd, err := s.Command("hook")
			if err != nil {
				return err
			}
			if err := s.Prove(ctx, Adapter{}, cmd, *project); err != nil {
				return err
			}
			want = cmd
			entry = hookconf.CommandEntry(cmd, t, "onFailure", "block")
			ranEntry = hookconf.CommandEntry(cmd, hookconf.RanTimeout)
		}
		all := append(slices.Clip(events), ranEvent)
		return hookconf.EditFile(s.Stdout, path, func(root *hookconf.Object) ([]string, error) {
			changes, err := hookconf.AddWardenHooks(root, events, entry, "*")
			if err != nil {
				return changes, err
			}
			more, err := hookconf.AddWardenHooks(root, []string{ranEvent}, ranEntry, "*")
			return append(changes, more...), err
		}, fmt.Sprintf("%s already runs %s for %s; nothing changed", path, want, strings.Join(all, ", ")))
	}
}

// httpEntry is an HTTP hook handler: Claude Code POSTs the payload to the
// daemon with the agent token from $WARDEN_TOKEN. A deciding hook has
// onFailure block, so a daemon that is down blocks the call instead of
// letting it run; the one that records a call ran has none.
func httpEntry(url string, timeout int, onFailure string) *hookconf.Object {
	h := &hookconf.Object{}
	h.Set("type", "http")
	h.Set("url", url)
	h.Set("timeout", json.Number(strconv.Itoa(timeout)))
	if onFailure != "" {
		h.Set("onFailure", onFailure)
	}
	headers := &hookconf.Object{}
	headers.Set("Authorization", "Bearer $WARDEN_TOKEN")
	h.Set("headers", headers)
	h.Set("allowedEnvVars", []any{"WARDEN_TOKEN"})
	return h
}

// HookPath is where the daemon answers Claude Code's hooks.
const HookPath = "/v1/hooks/" + Name

// HookURL is the daemon's Claude Code hook endpoint for a daemon address
// as `warden serve` prints it (its token, in the query, is dropped: it
// must never be written into a file).
func HookURL(base string) (string, error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return "", fmt.Errorf("%q is not an http(s) URL of warden serve", base)
	}
	u.RawQuery, u.Fragment = "", ""
	u.Path = strings.TrimSuffix(u.Path, "/")
	if !strings.HasSuffix(u.Path, HookPath) {
		u.Path += HookPath
	}
	return u.String(), nil
}

// Doctor checks Claude Code's settings files, highest first: each Warden
// hook, whether it answers, onFailure block, and a timeout above Warden's
// approval timeout.
func (Agent) Doctor(ctx context.Context, c *hookconf.Checkup) {
	c.Section("Claude Code")
	found, working := false, false
	for _, f := range []struct{ scope, path string }{
		{"managed", settings.ClaudeCodeManagedFile},
		{"local", filepath.Join(c.Root, ".claude", "settings.local.json")},
		{"project", filepath.Join(c.Root, ".claude", "settings.json")},
		{"user", filepath.Join(c.Home, ".claude", "settings.json")},
	} {
		hooks, absent, err := hookconf.Find(f.path)
		switch {
		case absent:
			continue
		case err != nil:
			c.Problem("%s %s does not parse: %s (Claude Code skips a broken file)", f.scope, f.path, agent.OneLine(err.Error()))
			continue
		case len(hooks) == 0:
			c.Info("%s %s: no Warden hook", f.scope, f.path)
			continue
		}
		for _, h := range hooks {
			found = true
			where := fmt.Sprintf("%s %s: %s hook", f.scope, f.path, h.Event)
			if h.Event == ranEvent {
				// It records that a call ran; it decides nothing, so it
				// needs neither onFailure block nor a long timeout.
				c.OK("%s: %s (records whether the call ran)", where, h.Target())
				continue
			}
			c.OK("%s: %s", where, h.Target())
			if h.Type == "http" {
				working = c.Answers(ctx, Adapter{}, h.URL) || working
			} else {
				working = c.Runs(ctx, Adapter{}, h.Command) || working
			}
			if h.OnFailure != "block" {
				c.Problem("%s has no \"onFailure\": \"block\": if it fails (a missing binary, a crash) Claude Code runs the call (run `warden init claude-code`)", where)
			}
			switch {
			case h.Timeout == 0:
				c.Info("%s: Claude Code's default timeout (600s)", where)
			case int(h.Timeout) <= c.Approval:
				outcome := "runs the call"
				if h.OnFailure == "block" {
					outcome = "blocks the call (onFailure: block), so the person's answer is lost"
				}
				c.Problem("%s: timeout %gs is not above Warden's approval timeout (%ds): Claude Code cuts Warden off while a person decides and %s; re-run `warden init claude-code` to set it to %ds",
					where, h.Timeout, c.Approval, outcome, c.Approval+hookconf.TimeoutMargin)
			}
		}
	}
	if !found {
		c.Info("Warden is not installed for Claude Code (warden init claude-code)")
	}
	if working {
		c.Guarded(Agent{}.Title())
	}
}
