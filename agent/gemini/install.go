package gemini

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/agent/hookconf"
)

// Agent is Gemini CLI in the registry (package agents): its protocol, and
// how Warden is installed into and checked in its settings.
type Agent struct{ Adapter }

// Title returns "Gemini CLI".
func (Agent) Title() string { return "Gemini CLI" }

// ProjectDirEnv is GEMINI_PROJECT_DIR.
func (Agent) ProjectDirEnv() string { return "GEMINI_PROJECT_DIR" }

// Unasked says why an ask reaches nobody: a headless run cannot ask.
func (Agent) Unasked(agent.Call) string { return "Gemini CLI runs headless here and cannot ask" }

// hookName is the name Warden's hook carries, so a person can see it in
// Gemini's hook list and a project's hooksConfig.disabled that names it
// can be found.
const hookName = "warden"

// event is the hook event Warden answers.
const event = "BeforeTool"

// ranEvent is the hook event that reports a call ran (the audit records
// the outcome). Warden answers it with no decision, which leaves the
// tool's result as it is, and gives it a short timeout.
const ranEvent = "AfterTool"

// InitUsage is the usage of `warden init gemini`.
func (Agent) InitUsage() string {
	return "init gemini [--project DIR] [--command CMD] [--timeout SECONDS] [--allow-temp] [--skip-check]"
}

// Init adds Warden's BeforeTool hook, and the AfterTool hook that records
// the call ran, to the user's ~/.gemini/settings.json, or the project's
// with --project; Gemini takes timeouts in milliseconds.
func (Agent) Init(fs *flag.FlagSet) func(context.Context, *hookconf.Setup) error {
	project := fs.String("project", "", "edit the project `DIR`'s .gemini/settings.json instead of the user's ~/.gemini/settings.json")
	timeout := fs.Int("timeout", 0, "hook timeout in `SECONDS` (default: Warden's approval timeout plus 30; written in milliseconds)")
	return func(ctx context.Context, s *hookconf.Setup) error {
		dir := *project
		if dir == "" {
			dir = "."
		}
		t := s.HookTimeout(*timeout, dir)
		cmd, err := s.Command("hook --agent " + Name)
		if err != nil {
			return err
		}
		if err := s.Prove(ctx, Adapter{}, cmd, dir); err != nil {
			return err
		}
		path := filepath.Join(s.Getenv("HOME"), ".gemini", "settings.json")
		if *project != "" {
			path = filepath.Join(*project, ".gemini", "settings.json")
		}
		entry, ranEntry := named(cmd, t*1000), named(cmd, hookconf.RanTimeout*1000)
		return hookconf.EditFile(s.Stdout, path, func(root *hookconf.Object) ([]string, error) {
			changes, err := hookconf.AddWardenHooks(root, []string{event}, entry, "*")
			if err != nil {
				return changes, err
			}
			more, err := hookconf.AddWardenHooks(root, []string{ranEvent}, ranEntry, "*")
			return append(changes, more...), err
		}, fmt.Sprintf("%s already runs %s for %s and %s; nothing changed", path, cmd, event, ranEvent))
	}
}

// named is the command hook cmd with Warden's name first and the timeout
// in milliseconds.
func named(cmd string, timeoutMS int) *hookconf.Object {
	entry := &hookconf.Object{}
	entry.Set("name", hookName)
	for _, k := range []string{"type", "command", "timeout"} {
		v, _ := hookconf.CommandEntry(cmd, timeoutMS).Get(k)
		entry.Set(k, v)
	}
	return entry
}

// Doctor checks Gemini CLI's system, user and project settings: each
// Warden hook, whether it answers, its timeout, and a project's switches
// that turn hooks off.
func (Agent) Doctor(ctx context.Context, c *hookconf.Checkup) {
	c.Section("Gemini CLI")
	system := c.Getenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH")
	if system == "" {
		system = "/etc/gemini-cli/settings.json"
	}
	projectFile := filepath.Join(c.Root, ".gemini", "settings.json")
	var installed, recorders []hookconf.Hook
	found := false
	for _, f := range []struct{ scope, path string }{
		{"system", system},
		{"user", filepath.Join(c.Home, ".gemini", "settings.json")},
		{"project", projectFile},
	} {
		hooks, absent, err := hookconf.Find(f.path)
		switch {
		case absent:
			continue
		case err != nil:
			c.Problem("%s %s does not parse: %s", f.scope, f.path, agent.OneLine(err.Error()))
			continue
		case len(hooks) == 0:
			c.Info("%s %s: no Warden hook", f.scope, f.path)
		}
		for _, h := range hooks {
			found = true
			where := fmt.Sprintf("%s %s: %s hook", f.scope, f.path, h.Event)
			if h.Event == ranEvent {
				recorders = append(recorders, h)
				c.OK("%s %q: %s (records whether the call ran)", where, h.Name, h.Command)
				continue
			}
			c.OK("%s %q: %s", where, h.Name, h.Command)
			if h.Event != event {
				c.Problem("%s: Warden answers %s only (and records %s)", where, event, ranEvent)
				continue
			}
			if h.Timeout > 0 && int(h.Timeout) <= c.Approval*1000 {
				c.Problem("%s: timeout %gms is not above Warden's approval timeout (%ds); past it Gemini runs the call (re-run `warden init gemini`)", where, h.Timeout, c.Approval)
			}
			if c.Runs(ctx, Adapter{}, h.Command) {
				installed = append(installed, h)
			}
		}
	}
	// A project can switch hooks off; the disabled lists of every file are
	// merged, and only the system file's enabled: true wins over a project.
	var proj struct {
		HooksConfig struct {
			Enabled  *bool    `json:"enabled"`
			Disabled []string `json:"disabled"`
		} `json:"hooksConfig"`
	}
	if data, err := os.ReadFile(projectFile); err == nil && json.Unmarshal(data, &proj) == nil {
		if e := proj.HooksConfig.Enabled; e != nil && !*e {
			c.Problem("%s sets hooksConfig.enabled false: Gemini runs no hook there unless the system settings pin enabled: true", projectFile)
			installed, recorders = nil, nil
		}
		for _, name := range proj.HooksConfig.Disabled {
			for i := 0; i < len(installed); i++ {
				if name == installed[i].Name || name == installed[i].Command {
					c.Problem("%s disables the hook %q: Gemini skips it", projectFile, name)
					installed = append(installed[:i], installed[i+1:]...)
					i--
				}
			}
		}
	}
	if !found {
		c.Info("Warden is not installed for Gemini CLI (warden init gemini)")
	}
	if len(installed) > 0 {
		c.Guarded(Agent{}.Title())
		if len(recorders) == 0 {
			c.Info("no Warden %s hook: the audit does not show whether a call ran (re-run `warden init gemini`)", ranEvent)
		}
	}
}
