package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/wardenhq/warden/agent/gemini"
)

const initGeminiUsage = "init gemini [--project DIR] [--command CMD] [--timeout SECONDS] [--allow-temp] [--skip-check]"

// geminiHookName is the name Warden's Gemini hook carries, so a person can
// see it in Gemini's hook list and a project's hooksConfig.disabled that
// names it can be found.
const geminiHookName = "warden"

func initGeminiCmd(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "init gemini", initGeminiUsage)
	project := fs.String("project", "", "edit the project `DIR`'s .gemini/settings.json instead of the user's ~/.gemini/settings.json")
	timeout := fs.Int("timeout", 0, "hook timeout in `SECONDS` (default: Warden's approval timeout plus 30; written in milliseconds)")
	var f initFlags
	f.register(fs, " --agent gemini")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	dir := *project
	if dir == "" {
		dir = "."
	}
	if err := checkProjectDir(dir); err != nil {
		return fail(env, "init: %v", err)
	}
	if *timeout <= 0 {
		*timeout = approvalTimeout(env, dir) + hookTimeoutMargin
	}
	cmd, err := f.hookCommand(env, "hook --agent gemini")
	if err != nil {
		return fail(env, "init: %v", err)
	}
	if err := f.proveHook(ctx, env, gemini.Adapter{}, cmd, dir); err != nil {
		return fail(env, "init: %v", err)
	}
	path := filepath.Join(env.getenv("HOME"), ".gemini", "settings.json")
	if *project != "" {
		path = filepath.Join(*project, ".gemini", "settings.json")
	}
	entry := &orderedObject{}
	entry.set("name", geminiHookName)
	entry.set("type", "command")
	entry.set("command", cmd)
	entry.set("timeout", json.Number(strconv.Itoa(*timeout*1000)))
	return editJSONFile(env, path, func(root *orderedObject) ([]string, error) {
		return addWardenHooks(root, []string{"BeforeTool"}, entry, "*")
	}, fmt.Sprintf("%s already runs %s for BeforeTool; nothing changed", path, cmd))
}
