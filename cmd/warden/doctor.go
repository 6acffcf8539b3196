package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/agent/claudecode"
	"github.com/wardenhq/warden/agent/codex"
	"github.com/wardenhq/warden/agent/gemini"
	"github.com/wardenhq/warden/mcp/wrap"
	"github.com/wardenhq/warden/settings"
)

func init() {
	register(&command{
		name:    "doctor",
		summary: "report which agents run Warden here, whether each hook answers, and which settings apply",
		run:     runDoctor,
	})
}

const doctorUsage = "doctor [--project DIR]"

// A doctor check that finds a hook that will not run, or a switch that
// turns it off, is a problem: the agent then runs every call unguarded.
// doctor exits 1 when it finds one.

// doctorReport collects the doctor's lines.
type doctorReport struct {
	w        io.Writer
	problems int
	agents   []string // agents with a working Warden hook
}

func (r *doctorReport) section(title string) { fmt.Fprintf(r.w, "\n%s\n", title) }
func (r *doctorReport) ok(format string, a ...any) {
	fmt.Fprintf(r.w, "  ok       "+format+"\n", a...)
}
func (r *doctorReport) info(format string, a ...any) {
	fmt.Fprintf(r.w, "  -        "+format+"\n", a...)
}
func (r *doctorReport) problem(format string, a ...any) {
	r.problems++
	fmt.Fprintf(r.w, "  PROBLEM  "+format+"\n", a...)
}

func runDoctor(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "doctor", doctorUsage)
	project := fs.String("project", ".", "the project `DIR` to examine")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	dir, err := filepath.Abs(*project)
	if err != nil {
		return fail(env, "doctor: %v", err)
	}
	r := &doctorReport{w: env.stdout}
	home := env.getenv("HOME")
	fmt.Fprintf(env.stdout, "project %s\n", dir)
	if exe, err := os.Executable(); err == nil {
		if err := checkLasting(env, exe); err != nil {
			r.info("this warden: %s (temporary: hooks must not run it)", exe)
		} else {
			r.info("this warden: %s", exe)
		}
	}

	r.section("Warden settings (highest first)")
	opts := settings.LoadOptions{Cwd: dir, Home: home, Getenv: env.getenv}
	for _, f := range settings.Discover(opts) {
		if _, err := os.Stat(f.Path); err == nil {
			r.ok("%-8s %s", f.Source, f.Path)
		} else {
			r.info("%-8s %s (absent)", f.Source, f.Path)
		}
	}
	st, err := settings.Load(opts)
	if err != nil {
		r.problem("the settings do not load, so every hook blocks: %s", oneLine(err))
	} else {
		for _, w := range st.Warnings {
			r.info("warning: %s", w.String())
		}
		r.info("approval timeout %ds; default mode %s", st.Approvals.TimeoutSeconds, st.DefaultMode)
	}
	approval := settings.DefaultApprovalTimeoutSeconds
	if st != nil && st.Approvals.TimeoutSeconds > 0 {
		approval = st.Approvals.TimeoutSeconds
	}
	root := settings.ProjectRoot(dir)
	if git := gitRoot(dir); git != "" && root == dir {
		root = git
	}
	d := &doctor{ctx: ctx, env: env, r: r, dir: dir, approval: approval}
	d.claudeCode(home, root)
	d.codex(root)
	d.gemini(home, root)
	d.mcpServers(home, root)

	r.section("Summary")
	if len(r.agents) == 0 {
		r.problem("no agent runs Warden here: run `warden init claude-code`, `warden init codex` or `warden init gemini`")
	} else {
		r.info("Warden guards: %s", strings.Join(r.agents, ", "))
	}
	if r.problems > 0 {
		fmt.Fprintf(env.stdout, "\n%d problem(s): an agent with a problem above runs its calls without Warden\n", r.problems)
		return exitError
	}
	return exitOK
}

// gitRoot returns the work tree root above dir, or "".
func gitRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

type doctor struct {
	ctx      context.Context
	env      *cliEnv
	r        *doctorReport
	dir      string
	approval int
}

// jsonHook is one hook handler of a JSON settings file.
type jsonHook struct {
	event, matcher string
	group, index   int
	Type           string  `json:"type"`
	Name           string  `json:"name"`
	Command        string  `json:"command"`
	URL            string  `json:"url"`
	Timeout        float64 `json:"timeout"`
	OnFailure      string  `json:"onFailure"`
}

// wardenHooks reads a JSON settings file (Claude Code's, Gemini's, Codex's
// hooks.json) and returns its Warden hooks. absent is true when the file
// does not exist.
func wardenHooks(path string) (hooks []jsonHook, raw map[string]json.RawMessage, absent bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, true, nil
	}
	if err != nil {
		return nil, nil, false, err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, nil, false, nil
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, nil, false, err
	}
	var file struct {
		Hooks map[string][]struct {
			Matcher string     `json:"matcher"`
			Hooks   []jsonHook `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, raw, false, fmt.Errorf("hooks: %w", err)
	}
	for event, groups := range file.Hooks {
		for gi, g := range groups {
			for hi, h := range g.Hooks {
				if (h.Type == "command" || h.Type == "") && isWardenHookCommand(h.Command) ||
					h.Type == "http" && strings.Contains(h.URL, "/v1/hooks/") {
					h.event, h.matcher, h.group, h.index = event, g.Matcher, gi, hi
					hooks = append(hooks, h)
				}
			}
		}
	}
	sort.Slice(hooks, func(i, j int) bool {
		a, b := hooks[i], hooks[j]
		if a.event != b.event {
			return a.event > b.event // PreToolUse before PermissionRequest
		}
		if a.group != b.group {
			return a.group < b.group
		}
		return a.index < b.index
	})
	return hooks, raw, false, nil
}

// runs reports whether a hook command answers as the agent needs.
func (d *doctor) runs(ad agent.Adapter, cmd string) bool {
	took, err := probeHook(d.ctx, ad, cmd, d.dir)
	if err != nil {
		d.r.problem("%s", err)
		return false
	}
	d.r.ok("it runs: answered in %s", took.Round(time.Millisecond))
	return true
}

func (d *doctor) claudeCode(home, root string) {
	d.r.section("Claude Code")
	found := false
	working := false
	for _, f := range []struct{ scope, path string }{
		{"managed", settings.ClaudeCodeManagedFile},
		{"local", filepath.Join(root, ".claude", "settings.local.json")},
		{"project", filepath.Join(root, ".claude", "settings.json")},
		{"user", filepath.Join(home, ".claude", "settings.json")},
	} {
		hooks, _, absent, err := wardenHooks(f.path)
		switch {
		case absent:
			continue
		case err != nil:
			d.r.problem("%s %s does not parse: %s (Claude Code skips a broken file)", f.scope, f.path, oneLine(err))
			continue
		case len(hooks) == 0:
			d.r.info("%s %s: no Warden hook", f.scope, f.path)
			continue
		}
		for _, h := range hooks {
			found = true
			where := fmt.Sprintf("%s %s: %s hook", f.scope, f.path, h.event)
			if h.event == initRanEvent {
				// It records that a call ran; it decides nothing, so it
				// needs neither onFailure block nor a long timeout.
				d.r.ok("%s: %s (records whether the call ran)", where, hookTarget(h))
				continue
			}
			if h.Type == "http" {
				d.r.ok("%s: HTTP %s", where, h.URL)
				if d.httpRuns(h.URL) {
					working = true
				}
			} else {
				d.r.ok("%s: %s", where, h.Command)
				if d.runs(claudecode.Adapter{}, h.Command) {
					working = true
				}
			}
			if h.OnFailure != "block" {
				d.r.problem("%s has no \"onFailure\": \"block\": if it fails (a missing binary, a crash) Claude Code runs the call (run `warden init claude-code`)", where)
			}
			switch {
			case h.Timeout == 0:
				d.r.info("%s: Claude Code's default timeout (600s)", where)
			case int(h.Timeout) <= d.approval:
				outcome := "runs the call"
				if h.OnFailure == "block" {
					outcome = "blocks the call (onFailure: block), so a slow answer is lost"
				}
				d.r.problem("%s: timeout %gs is not above Warden's approval timeout (%ds): Claude Code cuts Warden off while a person decides and %s; re-run `warden init claude-code` to set it to %ds",
					where, h.Timeout, d.approval, outcome, d.approval+hookTimeoutMargin)
			}
		}
	}
	if !found {
		d.r.info("Warden is not installed for Claude Code (warden init claude-code)")
	}
	if working {
		d.r.agents = append(d.r.agents, "Claude Code")
	}
}

// httpRuns POSTs Claude Code's harmless payload to a daemon's hook URL.
func (d *doctor) httpRuns(u string) bool {
	tok := d.env.getenv("WARDEN_TOKEN")
	if tok == "" {
		d.r.problem("WARDEN_TOKEN is not set here: Claude Code sends an empty token and the daemon refuses the call")
		return false
	}
	ctx, cancel := context.WithTimeout(d.ctx, 10*time.Second)
	defer cancel()
	ad := claudecode.Adapter{}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(ad.Probe(d.dir, false)))
	if err != nil {
		d.r.problem("%s: %v", u, err)
		return false
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+tok)
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		d.r.problem("the daemon at %s does not answer: %v", u, err)
		return false
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusOK {
		d.r.problem("the daemon at %s answered %s: %s", u, resp.Status, agent.OneLine(string(body)))
		return false
	}
	if err := ad.Verify(agent.Answer{Stdout: body}, false); err != nil {
		d.r.problem("the daemon at %s: %v", u, err)
		return false
	}
	d.r.ok("it answers: in %s", time.Since(start).Round(time.Millisecond))
	return true
}

func (d *doctor) codex(root string) {
	d.r.section("Codex CLI")
	home, _ := filepath.Abs(codexHome(d.env))
	configFile := filepath.Join(home, "config.toml")
	config, _ := os.ReadFile(configFile)
	found, working := false, false
	hooksFile := filepath.Join(home, "hooks.json")
	hooks, _, absent, err := wardenHooks(hooksFile)
	switch {
	case absent:
	case err != nil:
		d.r.problem("%s does not parse: %s", hooksFile, oneLine(err))
	case len(hooks) == 0:
		d.r.info("%s: no Warden hook", hooksFile)
	}
	for _, h := range hooks {
		found = true
		where := fmt.Sprintf("%s: %s hook", hooksFile, h.event)
		d.r.ok("%s: %s", where, h.Command)
		key := codex.TrustKey(hooksFile, h.event, h.group, h.index)
		want := codex.TrustHash(h.event, codex.Handler{Command: h.Command, Timeout: int(h.Timeout), Matcher: h.matcher})
		switch got := codex.TrustedHash(string(config), key); {
		case got == "":
			d.r.problem("%s is not trusted (no %s in %s): Codex skips it silently (run `warden init codex`)", where, codex.StateHeader(key), configFile)
			continue
		case got != want:
			d.r.problem("%s changed since it was trusted (trusted %s, now %s): Codex skips it silently (run `warden init codex`)", where, got, want)
			continue
		default:
			d.r.ok("trusted (%s)", key)
		}
		if d.runs(codex.Adapter{}, h.Command) && h.event == "PreToolUse" {
			working = true
		}
	}
	if bytes.Contains(config, []byte("warden hook")) {
		found = true
		d.r.info("%s declares a warden hook inline: check it with Codex's /hooks screen (this doctor reads hooks.json and the managed file)", configFile)
	}
	reqFile := defaultRequirementsFile
	if data, err := os.ReadFile(reqFile); err == nil {
		if bytes.Contains(data, []byte("warden hook")) {
			found, working = true, true
			d.r.ok("%s: managed Warden hook (no trust needed)", reqFile)
		}
	}
	project := filepath.Join(root, ".codex", "config.toml")
	if data, err := os.ReadFile(project); err == nil && tomlSetsFalse(string(data), "features", "hooks") {
		d.r.problem("%s sets [features] hooks = false: in a trusted project Codex runs no hook at all, Warden's included (pin hooks = true in %s)", project, reqFile)
		working = false
	}
	if !found {
		d.r.info("Warden is not installed for Codex (warden init codex)")
	}
	if working {
		d.r.agents = append(d.r.agents, "Codex CLI")
	}
}

// tomlSetsFalse reports whether TOML text sets key = false in [table].
func tomlSetsFalse(text, table, key string) bool {
	in := false
	for line := range strings.Lines(text) {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			in = t == "["+table+"]"
			continue
		}
		name, val, ok := strings.Cut(t, "=")
		if !ok {
			continue
		}
		name, val = strings.TrimSpace(name), strings.TrimSpace(val)
		if strings.HasPrefix(val, "false") && (in && name == key || name == table+"."+key) {
			return true
		}
	}
	return false
}

func (d *doctor) gemini(home, root string) {
	d.r.section("Gemini CLI")
	system := d.env.getenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH")
	if system == "" {
		system = "/etc/gemini-cli/settings.json"
	}
	projectFile := filepath.Join(root, ".gemini", "settings.json")
	var installed []jsonHook
	found, working := false, false
	for _, f := range []struct{ scope, path string }{
		{"system", system},
		{"user", filepath.Join(home, ".gemini", "settings.json")},
		{"project", projectFile},
	} {
		hooks, _, absent, err := wardenHooks(f.path)
		switch {
		case absent:
			continue
		case err != nil:
			d.r.problem("%s %s does not parse: %s", f.scope, f.path, oneLine(err))
			continue
		case len(hooks) == 0:
			d.r.info("%s %s: no Warden hook", f.scope, f.path)
		}
		for _, h := range hooks {
			found = true
			where := fmt.Sprintf("%s %s: %s hook", f.scope, f.path, h.event)
			d.r.ok("%s %q: %s", where, h.Name, h.Command)
			if h.event != "BeforeTool" {
				d.r.problem("%s: Warden answers BeforeTool only", where)
				continue
			}
			if h.Timeout > 0 && int(h.Timeout) <= d.approval*1000 {
				d.r.problem("%s: timeout %gms is not above Warden's approval timeout (%ds); past it Gemini runs the call (re-run `warden init gemini`)", where, h.Timeout, d.approval)
			}
			if d.runs(gemini.Adapter{}, h.Command) {
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
			d.r.problem("%s sets hooksConfig.enabled false: Gemini runs no hook there unless the system settings pin enabled: true", projectFile)
			installed = nil
		}
		for _, name := range proj.HooksConfig.Disabled {
			for i := 0; i < len(installed); i++ {
				if name == installed[i].Name || name == installed[i].Command {
					d.r.problem("%s disables the hook %q: Gemini skips it", projectFile, name)
					installed = append(installed[:i], installed[i+1:]...)
					i--
				}
			}
		}
	}
	working = len(installed) > 0
	if !found {
		d.r.info("Warden is not installed for Gemini CLI (warden init gemini)")
	}
	if working {
		d.r.agents = append(d.r.agents, "Gemini CLI")
	}
}

// mcpServers lists the MCP servers the clients declare, and whether each
// runs through warden mcp proxy.
func (d *doctor) mcpServers(home, root string) {
	d.r.section("MCP servers (warden mcp wrap runs them through the proxy)")
	n := 0
	for _, f := range wrap.ClientFiles(home, root) {
		entries, err := wrap.Inspect(f)
		if err != nil {
			d.r.info("%s: %s", f.Path, oneLine(err))
			continue
		}
		for _, e := range entries {
			n++
			switch {
			case e.Wrapped:
				d.r.ok("%s %s: through warden mcp proxy (%s)", f.Client, e.Name, e.File)
			case e.Unwrappable != "":
				d.r.info("%s %s: NOT WRAPPED, cannot be proxied: %s (%s)", f.Client, e.Name, e.Unwrappable, e.File)
			default:
				d.r.info("%s %s: NOT WRAPPED: its tool calls reach Warden only through the agent's hook, without pins (%s; run warden mcp wrap)", f.Client, e.Name, e.File)
			}
		}
	}
	if n == 0 {
		d.r.info("no MCP servers declared")
	}
}

// hookTarget is what a hook runs: its command, or its URL.
func hookTarget(h jsonHook) string {
	if h.Type == "http" {
		return "HTTP " + h.URL
	}
	return h.Command
}
