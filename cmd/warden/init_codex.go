package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/wardenhq/warden/agent/codex"
	"github.com/wardenhq/warden/internal/atomicfile"
)

const initCodexUsage = "init codex [--codex-home DIR] [--managed [--requirements FILE]] [--command CMD] [--timeout SECONDS] [--allow-temp] [--skip-check]"

// codexEvents are the Codex hook events Warden answers.
var codexEvents = []string{"PreToolUse", "PermissionRequest"}

// defaultRequirementsFile is Codex's managed requirements file: hooks there
// need no trust, and `[features] hooks = true` there keeps hooks on against
// a project's or the command line's switch.
const defaultRequirementsFile = "/etc/codex/requirements.toml"

func initCodexCmd(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "init codex", initCodexUsage)
	home := fs.String("codex-home", "", "Codex's home `DIR` (default $CODEX_HOME, else ~/.codex)")
	managed := fs.Bool("managed", false, "install through Codex's managed requirements file (no trust step; needs root)")
	reqFile := fs.String("requirements", defaultRequirementsFile, "the managed requirements `FILE` (with --managed)")
	timeout := fs.Int("timeout", 0, "hook timeout in `SECONDS` (default: Warden's approval timeout plus 30)")
	var f initFlags
	f.register(fs, " --agent codex")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	if *timeout <= 0 {
		*timeout = approvalTimeout(env, ".") + hookTimeoutMargin
	}
	cmd, err := f.hookCommand(env, "hook --agent codex")
	if err != nil {
		return fail(env, "init: %v", err)
	}
	cmd = codexBlockOnFailure(cmd)
	if err := f.proveHook(ctx, env, codex.Adapter{}, cmd, "."); err != nil {
		return fail(env, "init: %v", err)
	}
	if *managed {
		return initCodexManaged(env, *reqFile, cmd, *timeout)
	}
	dir := *home
	if dir == "" {
		dir = codexHome(env)
	}
	dir, err = filepath.Abs(dir)
	if err != nil {
		return fail(env, "init: %v", err)
	}
	hooksFile := filepath.Join(dir, "hooks.json")
	entry := &orderedObject{}
	entry.set("type", "command")
	entry.set("command", cmd)
	entry.set("timeout", json.Number(strconv.Itoa(*timeout)))
	code := editJSONFile(env, hooksFile, func(root *orderedObject) ([]string, error) {
		return addWardenHooks(root, codexEvents, entry, "")
	}, fmt.Sprintf("%s already runs %s for %s; hooks unchanged", hooksFile, cmd, strings.Join(codexEvents, " and ")))
	if code != exitOK {
		return code
	}
	return trustCodexHooks(env, dir, hooksFile)
}

// codexFailureSuffix turns any failure of the hook command into Codex's
// block. Codex runs the command with /bin/bash -c and counts every exit
// code but 0 and 2 — a missing binary's 127 among them — as a failed hook,
// and then runs the call; exit 2 with something on stderr blocks it.
const codexFailureSuffix = ` || { echo 'warden: the hook failed, so the call is blocked' >&2; exit 2; }`

// codexBlockOnFailure returns cmd with codexFailureSuffix, unless it
// already ends in an || branch of its own.
func codexBlockOnFailure(cmd string) string {
	if strings.Contains(cmd, "||") {
		return cmd
	}
	return cmd + codexFailureSuffix
}

// codexHome is $CODEX_HOME, else ~/.codex.
func codexHome(env *cliEnv) string {
	if h := env.getenv("CODEX_HOME"); h != "" {
		return h
	}
	return filepath.Join(env.getenv("HOME"), ".codex")
}

// codexWardenHook is one Warden hook found in a Codex hooks.json.
type codexWardenHook struct {
	event          string
	group, handler int
	h              codex.Handler
}

// key is the hook's trust key.
func (w codexWardenHook) key(file string) string {
	return codex.TrustKey(file, w.event, w.group, w.handler)
}

// findCodexWardenHooks lists the Warden hooks of a Codex hooks.json,
// with their positions and what Codex hashes of them.
func findCodexWardenHooks(data []byte) ([]codexWardenHook, error) {
	var file struct {
		Hooks map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Type          string `json:"type"`
				Command       string `json:"command"`
				Timeout       int    `json:"timeout"`
				StatusMessage string `json:"statusMessage"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, err
	}
	var out []codexWardenHook
	for _, event := range codexEvents {
		for gi, g := range file.Hooks[event] {
			for hi, h := range g.Hooks {
				if h.Type == "command" && isWardenHookCommand(h.Command) {
					out = append(out, codexWardenHook{event: event, group: gi, handler: hi,
						h: codex.Handler{Command: h.Command, Timeout: h.Timeout, Matcher: g.Matcher, StatusMessage: h.StatusMessage}})
				}
			}
		}
	}
	return out, nil
}

// trustCodexHooks records Codex's trust of every Warden hook in hooksFile
// in dir/config.toml: without it Codex skips the hook silently.
func trustCodexHooks(env *cliEnv, dir, hooksFile string) int {
	data, err := os.ReadFile(hooksFile)
	if err != nil {
		return fail(env, "init: %v", err)
	}
	found, err := findCodexWardenHooks(data)
	if err != nil {
		return fail(env, "init: %s: %v", hooksFile, err)
	}
	configFile := filepath.Join(dir, "config.toml")
	old, err := os.ReadFile(configFile)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fail(env, "init: %v", err)
	}
	text := string(old)
	var changes []string
	for _, w := range found {
		key, hash := w.key(hooksFile), codex.TrustHash(w.event, w.h)
		if codex.TrustedHash(text, key) == hash {
			continue
		}
		text = codex.SetTrust(text, key, hash)
		changes = append(changes, fmt.Sprintf("trusted the %s hook (%s = %s)", w.event, key, hash))
	}
	if len(changes) == 0 {
		fmt.Fprintf(env.stdout, "%s already trusts Warden's hooks; Codex will run them\n", configFile)
		return exitOK
	}
	if exists {
		if err := atomicfile.WriteFile(configFile+".bak", old, 0o600); err != nil {
			return fail(env, "init: writing the backup: %v", err)
		}
	}
	if err := atomicfile.WriteFile(configFile, []byte(text), 0o600); err != nil {
		return fail(env, "init: %v", err)
	}
	for _, c := range changes {
		fmt.Fprintf(env.stdout, "%s: %s\n", configFile, c)
	}
	if exists {
		fmt.Fprintf(env.stdout, "backed up the previous file to %s\n", configFile+".bak")
	}
	fmt.Fprintf(env.stdout, "Codex trusts a hook by its exact definition and position: editing %s, or adding a hook group above Warden's, "+
		"turns Warden off silently until trusted again (run this again, or check with `warden doctor`)\n", hooksFile)
	return exitOK
}

// initCodexManaged adds Warden's hooks, and `[features] hooks = true`, to
// Codex's managed requirements file: managed hooks need no trust, and the
// pinned feature keeps them on against a project's `hooks = false`.
func initCodexManaged(env *cliEnv, file, cmd string, timeout int) int {
	old, err := os.ReadFile(file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fail(env, "init: %v", err)
	}
	text := string(old)
	if strings.Contains(text, "warden hook") {
		if strings.Contains(text, codex.TOMLString(cmd)) {
			fmt.Fprintf(env.stdout, "%s already runs %s; nothing changed\n", file, cmd)
			return exitOK
		}
		return fail(env, "init: %s already has a warden hook with another command: edit it by hand to run %s", file, cmd)
	}
	var b strings.Builder
	b.WriteString(text)
	if text != "" && !strings.HasSuffix(text, "\n") {
		b.WriteByte('\n')
	}
	b.WriteString("\n# Warden decides every tool call (warden init codex --managed).\n")
	for _, ev := range codexEvents {
		fmt.Fprintf(&b, "[[hooks.%s]]\n[[hooks.%s.hooks]]\ntype = \"command\"\ncommand = %s\ntimeout = %d\n\n", ev, ev, codex.TOMLString(cmd), timeout)
	}
	pinned := false
	if hasTOMLTable(text, "features") {
		fmt.Fprintf(env.stderr, "warden: warning: %s has a [features] table: make sure it says hooks = true, or a project's .codex/config.toml can turn Warden off\n", file)
	} else {
		b.WriteString("[features]\nhooks = true\n")
		pinned = true
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return fail(env, "init: %v (installing a managed file needs root: sudo warden init codex --managed)", err)
	}
	if len(old) > 0 {
		if err := atomicfile.WriteFile(file+".bak", old, 0o644); err != nil {
			return fail(env, "init: writing the backup: %v", err)
		}
	}
	if err := atomicfile.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		return fail(env, "init: %v (installing a managed file needs root: sudo warden init codex --managed)", err)
	}
	fmt.Fprintf(env.stdout, "%s: added managed PreToolUse and PermissionRequest hooks: %s (no trust step: managed hooks always run)\n", file, cmd)
	if pinned {
		fmt.Fprintf(env.stdout, "%s: pinned [features] hooks = true, so no project or --disable hooks turns them off\n", file)
	}
	return exitOK
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
