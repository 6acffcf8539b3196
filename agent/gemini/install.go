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

// InitUsage is the usage of `warden init gemini`.
func (Agent) InitUsage() string {
	return "init gemini [--project DIR] [--command CMD] [--timeout SECONDS] [--allow-temp] [--skip-check]"
}

// Init adds Warden's BeforeTool hook to the user's ~/.gemini/settings.json,
// or the project's with --project; Gemini takes the timeout in
// milliseconds.
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
		entry := &hookconf.Object{}
		entry.Set("name", hookName)
		for _, k := range []string{"type", "command", "timeout"} {
			v, _ := hookconf.CommandEntry(cmd, t*1000).Get(k)
			entry.Set(k, v)
		}
		return hookconf.EditFile(s.Stdout, path, func(root *hookconf.Object) ([]string, error) {
			return hookconf.AddWardenHooks(root, []string{event}, entry, "*")
		}, fmt.Sprintf("%s already runs %s for %s; nothing changed", path, cmd, event))
	}
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
	var installed []hookconf.Hook
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
			c.OK("%s %q: %s", where, h.Name, h.Command)
			if h.Event != event {
				c.Problem("%s: Warden answers %s only", where, event)
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
			installed = nil
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
	}
}
