package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/classify"
	"github.com/wardenhq/warden/settings"
	"github.com/wardenhq/warden/shell"
)

func init() {
	addCommand(&command{
		name:    "explain",
		summary: "say what a shell command does, why it may be needed, and what could go wrong",
		run:     runExplain,
	})
}

// runExplain analyses one shell command and prints its explanation: from
// the model named by the settings key "explainer" when set (falling back to
// the analysis when the model fails), otherwise from the analysis alone.
func runExplain(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "explain", "explain [--json] [--cwd DIR] [--settings FILE]... COMMAND")
	asJSON := fs.Bool("json", false, `print {"explanation","reasoning","risk","riskLevel","source"} as one JSON object`)
	cwd := fs.String("cwd", "", "working directory the command would run in (default: the current directory)")
	var files stringList
	fs.Var(&files, "settings", "extra settings `FILE` (source cli; repeatable)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	command := strings.Join(fs.Args(), " ")

	dir := *cwd
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return fail(env, "explain: %v", err)
		}
		dir = wd
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return fail(env, "explain: %v", err)
	}
	home := env.getenv("HOME")
	st, err := settings.Load(settings.LoadOptions{Cwd: dir, Home: home, Getenv: env.getenv, Files: files})
	if err != nil {
		return fail(env, "explain: %v", err)
	}
	for _, w := range st.Warnings {
		fmt.Fprintf(env.stderr, "warden: warning: %s\n", w)
	}
	x, err := classify.NewExplainer(modelConfig(st.Explainer), env.getenv, &http.Client{})
	if err != nil {
		return fail(env, "explain: explainer: %v", err)
	}
	if lx, ok := x.(*classify.LLMExplainer); ok {
		lx.OnError = func(err error) {
			fmt.Fprintf(env.stderr, "warden: warning: explainer model failed, explaining from the analysis: %v\n", err)
		}
	}

	an := shell.Analyze(command, shell.Options{Cwd: dir, Home: home})
	in := &classify.Input{
		Request:  api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": command}, Cwd: dir},
		Findings: an.Findings,
	}
	for _, p := range an.Parts {
		in.Parts = append(in.Parts, classify.Part{Text: p.Text, Words: p.Words, ReadOnly: p.ReadOnly, Reads: p.Reads, Writes: p.Writes})
	}
	e, err := x.Explain(ctx, in)
	if err != nil {
		return fail(env, "explain: %v", err)
	}

	if *asJSON {
		enc := json.NewEncoder(env.stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(e); err != nil {
			return fail(env, "explain: %v", err)
		}
		return exitOK
	}
	fmt.Fprintf(env.stdout, "%s\n\nWhy:  %s\nRisk: %s — %s\n", e.Explanation, e.Reasoning, e.RiskLevel, e.Risk)
	for _, f := range an.Findings {
		fmt.Fprintf(env.stdout, "  [%s] %s: %s\n", f.Risk, f.Category, f.Description)
	}
	return exitOK
}
