package codex

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/agent/hookconf"
	"github.com/wardenhq/warden/internal/atomicfile"
)

// Agent is Codex CLI in the registry (package agents): its protocol, and
// how Warden is installed into and checked in its hooks.json and
// config.toml.
type Agent struct{ Adapter }

// Title returns "Codex CLI".
func (Agent) Title() string { return "Codex CLI" }

// ProjectDirEnv is "": Codex names no project root in its hooks'
// environment (the payload's cwd is the project).
func (Agent) ProjectDirEnv() string { return "" }

// Unasked says why an ask reaches nobody: Codex has no ask answer.
func (Agent) Unasked(agent.Call) string { return "Codex cannot put a hook's question to a person" }

// events are the Codex hook events Warden answers.
var events = []string{"PreToolUse", "PermissionRequest"}

// ranEvent is the Codex hook event that reports a call ran (the audit
// records the outcome). Its command has no blocking || branch and a short
// timeout: the call has run, and a failing recorder must not stand in its
// way.
const ranEvent = "PostToolUse"

// allEvents are the events init installs, in order (a literal: the hook
// process builds nothing for it at start).
var allEvents = []string{"PreToolUse", "PermissionRequest", ranEvent}

// DefaultRequirementsFile is Codex's managed requirements file: hooks there
// need no trust, and `[features] hooks = true` there keeps hooks on against
// a project's or the command line's switch.
const DefaultRequirementsFile = "/etc/codex/requirements.toml"

// InitUsage is the usage of `warden init codex`.
func (Agent) InitUsage() string {
	return "init codex [--codex-home DIR] [--managed [--requirements FILE]] [--command CMD] [--timeout SECONDS] [--allow-temp] [--skip-check]"
}

// Init adds Warden's PreToolUse and PermissionRequest hooks, and the
// PostToolUse hook that records the call ran, to Codex's hooks.json and
// trusts them in its config.toml, or with --managed writes them to the
// managed requirements file. Every deciding hook command ends in an ||
// branch that exits 2: Codex runs the call when a hook fails any other
// way.
func (Agent) Init(fs *flag.FlagSet) func(context.Context, *hookconf.Setup) error {
	home := fs.String("codex-home", "", "Codex's home `DIR` (default $CODEX_HOME, else ~/.codex)")
	managed := fs.Bool("managed", false, "install through Codex's managed requirements file (no trust step; needs root)")
	reqFile := fs.String("requirements", DefaultRequirementsFile, "the managed requirements `FILE` (with --managed)")
	timeout := fs.Int("timeout", 0, "hook timeout in `SECONDS` (default: Warden's approval timeout plus 30)")
	return func(ctx context.Context, s *hookconf.Setup) error {
		t := s.HookTimeout(*timeout, ".")
		ranCmd, err := s.Command("hook --agent " + Name)
		if err != nil {
			return err
		}
		cmd := BlockOnFailure(ranCmd)
		if err := s.Prove(ctx, Adapter{}, cmd, "."); err != nil {
			return err
		}
		if *managed {
			return installManaged(s.Stdout, s.Stderr, *reqFile, cmd, t, ranCmd)
		}
		dir := *home
		if dir == "" {
			dir = Home(s.Getenv)
		}
		dir, err = filepath.Abs(dir)
		if err != nil {
			return err
		}
		hooksFile := filepath.Join(dir, "hooks.json")
		entry := hookconf.CommandEntry(cmd, t)
		ranEntry := hookconf.CommandEntry(ranCmd, hookconf.RanTimeout)
		err = hookconf.EditFile(s.Stdout, hooksFile, func(root *hookconf.Object) ([]string, error) {
			changes, err := hookconf.AddWardenHooks(root, events, entry, "")
			if err != nil {
				return changes, err
			}
			more, err := hookconf.AddWardenHooks(root, []string{ranEvent}, ranEntry, "")
			return append(changes, more...), err
		}, fmt.Sprintf("%s already runs %s for %s; hooks unchanged", hooksFile, cmd, strings.Join(allEvents, ", ")))
		if err != nil {
			return err
		}
		return trustHooks(s.Stdout, dir, hooksFile)
	}
}

// failureSuffix turns any failure of the hook command into Codex's block.
// Codex runs the command with /bin/bash -c and counts every exit code but
// 0 and 2 — a missing binary's 127 among them — as a failed hook, and then
// runs the call; exit 2 with something on stderr blocks it.
const failureSuffix = ` || { echo 'warden: the hook failed, so the call is blocked' >&2; exit 2; }`

// BlockOnFailure returns cmd ending in an || branch that blocks, unless it
// already ends in an || branch of its own.
func BlockOnFailure(cmd string) string {
	if strings.Contains(cmd, "||") {
		return cmd
	}
	return cmd + failureSuffix
}

// Home is Codex's home: $CODEX_HOME, else ~/.codex.
func Home(getenv func(string) string) string {
	if h := getenv("CODEX_HOME"); h != "" {
		return h
	}
	return filepath.Join(getenv("HOME"), ".codex")
}

// wardenHooks lists the Warden hooks of a Codex hooks.json of events,
// with their positions and what Codex hashes of them.
func wardenHooks(data []byte, events []string) ([]hookconf.Hook, error) {
	all, err := hookconf.FindIn(data)
	if err != nil {
		return nil, err
	}
	var out []hookconf.Hook
	for _, h := range all {
		if h.Type == "command" && isOneOf(h.Event, events) {
			out = append(out, h)
		}
	}
	return out, nil
}

// handler is h as Codex hashes it, with the status message of the file.
func handler(h hookconf.Hook, data []byte) Handler {
	var file struct {
		Hooks map[string][]struct {
			Hooks []struct {
				StatusMessage string `json:"statusMessage"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	status := ""
	if json.Unmarshal(data, &file) == nil {
		if g := file.Hooks[h.Event]; h.Group < len(g) && h.Index < len(g[h.Group].Hooks) {
			status = g[h.Group].Hooks[h.Index].StatusMessage
		}
	}
	return Handler{Command: h.Command, Timeout: int(h.Timeout), Matcher: h.Matcher, StatusMessage: status}
}

func isOneOf(s string, list []string) bool {
	for _, x := range list {
		if s == x {
			return true
		}
	}
	return false
}

// trustHooks records Codex's trust of every Warden hook in hooksFile in
// dir/config.toml: without it Codex skips the hook silently.
func trustHooks(out io.Writer, dir, hooksFile string) error {
	data, err := os.ReadFile(hooksFile)
	if err != nil {
		return err
	}
	found, err := wardenHooks(data, allEvents)
	if err != nil {
		return fmt.Errorf("%s: %w", hooksFile, err)
	}
	configFile := filepath.Join(dir, "config.toml")
	old, err := os.ReadFile(configFile)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	text := string(old)
	var changes []string
	for _, w := range found {
		key, hash := TrustKey(hooksFile, w.Event, w.Group, w.Index), TrustHash(w.Event, handler(w, data))
		if TrustedHash(text, key) == hash {
			continue
		}
		text = SetTrust(text, key, hash)
		changes = append(changes, fmt.Sprintf("trusted the %s hook (%s = %s)", w.Event, key, hash))
	}
	if len(changes) == 0 {
		fmt.Fprintf(out, "%s already trusts Warden's hooks; Codex will run them\n", configFile)
		return nil
	}
	if exists {
		if err := atomicfile.WriteFile(configFile+".bak", old, 0o600); err != nil {
			return fmt.Errorf("writing the backup: %w", err)
		}
	}
	if err := atomicfile.WriteFile(configFile, []byte(text), 0o600); err != nil {
		return err
	}
	for _, c := range changes {
		fmt.Fprintf(out, "%s: %s\n", configFile, c)
	}
	if exists {
		fmt.Fprintf(out, "backed up the previous file to %s\n", configFile+".bak")
	}
	fmt.Fprintf(out, "Codex trusts a hook by its exact definition and position: editing %s, or adding a hook group above Warden's, "+
		"turns Warden off silently until trusted again (run this again, or check with `warden doctor`)\n", hooksFile)
	return nil
}

// installManaged adds Warden's hooks, and `[features] hooks = true`, to
// Codex's managed requirements file: managed hooks need no trust, and the
// pinned feature keeps them on against a project's `hooks = false`.
func installManaged(out, stderr io.Writer, file, cmd string, timeout int, ranCmd string) error {
	old, err := os.ReadFile(file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	text := string(old)
	if strings.Contains(text, "warden hook") {
		if strings.Contains(text, TOMLString(cmd)) {
			fmt.Fprintf(out, "%s already runs %s; nothing changed\n", file, cmd)
			return nil
		}
		return fmt.Errorf("%s already has a warden hook with another command: edit it by hand to run %s", file, cmd)
	}
	var b strings.Builder
	b.WriteString(text)
	if text != "" && !strings.HasSuffix(text, "\n") {
		b.WriteByte('\n')
	}
	b.WriteString("\n# Warden decides every tool call (warden init codex --managed).\n")
	for _, ev := range allEvents {
		c, t := cmd, timeout
		if ev == ranEvent {
			c, t = ranCmd, hookconf.RanTimeout
		}
		fmt.Fprintf(&b, "[[hooks.%s]]\n[[hooks.%s.hooks]]\ntype = \"command\"\ncommand = %s\ntimeout = %d\n\n", ev, ev, TOMLString(c), t)
	}
	pinned := false
	if hasTOMLTable(text, "features") {
		fmt.Fprintf(stderr, "warden: warning: %s has a [features] table: make sure it says hooks = true, or a project's .codex/config.toml can turn Warden off\n", file)
	} else {
		b.WriteString("[features]\nhooks = true\n")
		pinned = true
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return fmt.Errorf("%w (installing a managed file needs root: sudo warden init codex --managed)", err)
	}
	if len(old) > 0 {
		if err := atomicfile.WriteFile(file+".bak", old, 0o644); err != nil {
			return fmt.Errorf("writing the backup: %w", err)
		}
	}
	if err := atomicfile.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("%w (installing a managed file needs root: sudo warden init codex --managed)", err)
	}
	fmt.Fprintf(out, "%s: added managed %s hooks: %s (no trust step: managed hooks always run)\n", file, strings.Join(events, " and "), cmd)
	fmt.Fprintf(out, "%s: added managed %s hook: %s (records whether the call ran)\n", file, ranEvent, ranCmd)
	if pinned {
		fmt.Fprintf(out, "%s: pinned [features] hooks = true, so no project or --disable hooks turns them off\n", file)
	}
	return nil
}

// hasTOMLTable reports whether TOML text has a [name] table header.
func hasTOMLTable(text, name string) bool {
	for line := range strings.Lines(text) {
		if strings.TrimSpace(line) == "["+name+"]" {
			return true
		}
	}
	return false
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

// Doctor checks Codex's hooks.json and the trust of each Warden hook in
// config.toml, the managed requirements file, and a project's switch
// that turns hooks off.
func (Agent) Doctor(ctx context.Context, c *hookconf.Checkup) {
	c.Section("Codex CLI")
	home, _ := filepath.Abs(Home(c.Getenv))
	configFile := filepath.Join(home, "config.toml")
	config, _ := os.ReadFile(configFile)
	found, working := false, false
	hooksFile := filepath.Join(home, "hooks.json")
	data, err := os.ReadFile(hooksFile)
	var hooks []hookconf.Hook
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		c.Problem("%s: %s", hooksFile, agent.OneLine(err.Error()))
	case len(bytes.TrimSpace(data)) == 0:
		c.Info("%s: no Warden hook", hooksFile)
	default:
		if hooks, err = hookconf.FindIn(data); err != nil {
			c.Problem("%s does not parse: %s", hooksFile, agent.OneLine(err.Error()))
		} else if len(hooks) == 0 {
			c.Info("%s: no Warden hook", hooksFile)
		}
	}
	recorded := false
	for _, h := range hooks {
		found = true
		where := fmt.Sprintf("%s: %s hook", hooksFile, h.Event)
		c.OK("%s: %s", where, h.Command)
		if h.Event == ranEvent {
			// It records that a call ran and decides nothing: untrusted,
			// the audit lacks the outcome, but the calls are guarded.
			if got := TrustedHash(string(config), TrustKey(hooksFile, h.Event, h.Group, h.Index)); got != TrustHash(h.Event, handler(h, data)) {
				c.Info("%s is not trusted as it stands: Codex skips it, so the audit does not show whether a call ran (run `warden init codex`)", where)
			} else {
				recorded = true
				c.OK("trusted; records whether the call ran")
			}
			continue
		}
		key := TrustKey(hooksFile, h.Event, h.Group, h.Index)
		want := TrustHash(h.Event, handler(h, data))
		switch got := TrustedHash(string(config), key); {
		case got == "":
			c.Problem("%s is not trusted (no %s in %s): Codex skips it silently (run `warden init codex`)", where, StateHeader(key), configFile)
			continue
		case got != want:
			c.Problem("%s changed since it was trusted (trusted %s, now %s): Codex skips it silently (run `warden init codex`)", where, got, want)
			continue
		default:
			c.OK("trusted (%s)", key)
		}
		if h.Timeout > 0 && int(h.Timeout) <= c.Approval {
			c.Problem("%s: timeout %gs is not above Warden's approval timeout (%ds): Codex kills the hook while the approval page waits for a person, and then runs the call; re-run `warden init codex` to set it to %ds",
				where, h.Timeout, c.Approval, c.Approval+hookconf.TimeoutMargin)
		}
		if c.Runs(ctx, Adapter{}, h.Command) && h.Event == "PreToolUse" {
			working = true
		}
	}
	if working && !recorded {
		c.Info("no trusted Warden %s hook in %s: the audit does not show whether a call ran (run `warden init codex`)", ranEvent, hooksFile)
	}
	if bytes.Contains(config, []byte("warden hook")) {
		found = true
		c.Info("%s declares a warden hook inline: check it with Codex's /hooks screen (this doctor reads hooks.json and the managed file)", configFile)
	}
	reqFile := DefaultRequirementsFile
	if data, err := os.ReadFile(reqFile); err == nil {
		if bytes.Contains(data, []byte("warden hook")) {
			found, working = true, true
			c.OK("%s: managed Warden hook (no trust needed)", reqFile)
		}
	}
	project := filepath.Join(c.Root, ".codex", "config.toml")
	if data, err := os.ReadFile(project); err == nil && tomlSetsFalse(string(data), "features", "hooks") {
		c.Problem("%s sets [features] hooks = false: in a trusted project Codex runs no hook at all, Warden's included (pin hooks = true in %s)", project, reqFile)
		working = false
	}
	if !found {
		c.Info("Warden is not installed for Codex (warden init codex)")
	}
	if working {
		c.Guarded(Agent{}.Title())
	}
}
