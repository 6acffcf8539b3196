package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/wardenhq/warden/agent/agents"
	"github.com/wardenhq/warden/agent/hookconf"
	"github.com/wardenhq/warden/mcp/wrap"
	"github.com/wardenhq/warden/settings"
)

func init() {
	addCommand(&command{
		name:    "doctor",
		summary: "report which agents run Warden here, whether each hook answers, and which settings apply",
		run:     runDoctor,
	})
}

const doctorUsage = "doctor [--project DIR]"

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
	home := env.getenv("HOME")
	r := &hookconf.Checkup{W: env.stdout, Getenv: env.getenv, Home: home, Dir: dir}
	fmt.Fprintf(env.stdout, "project %s\n", dir)
	if exe, err := os.Executable(); err == nil {
		if err := checkLasting(env, exe); err != nil {
			r.Info("this warden: %s (temporary: hooks must not run it)", exe)
		} else {
			r.Info("this warden: %s", exe)
		}
	}

	r.Section("Warden settings (highest first)")
	opts := settings.LoadOptions{Cwd: dir, Home: home, Getenv: env.getenv}
	for _, f := range settings.Discover(opts) {
		if _, err := os.Stat(f.Path); err == nil {
			r.OK("%-8s %s", f.Source, f.Path)
		} else {
			r.Info("%-8s %s (absent)", f.Source, f.Path)
		}
	}
	st, err := settings.Load(opts)
	if err != nil {
		r.Problem("the settings do not load, so every hook blocks: %s", oneLine(err))
	} else {
		for _, w := range st.Warnings {
			r.Info("warning: %s", w.String())
		}
		r.Info("approval timeout %ds; default mode %s", st.Approvals.TimeoutSeconds, st.DefaultMode)
	}
	approval := settings.DefaultApprovalTimeoutSeconds
	if st != nil && st.Approvals.TimeoutSeconds > 0 {
		approval = st.Approvals.TimeoutSeconds
	}
	root := settings.ProjectRoot(dir)
	if git := gitRoot(dir); git != "" && root == dir {
		root = git
	}
	r.Root, r.Approval = root, approval
	for _, a := range agents.All {
		a.Doctor(ctx, r)
	}
	mcpServers(r, home, root)

	r.Section("Summary")
	if guards := r.Guards(); len(guards) == 0 {
		inits := make([]string, len(agents.All))
		for i, a := range agents.All {
			inits[i] = "`warden init " + a.Name() + "`"
		}
		last := len(inits) - 1
		r.Problem("no agent runs Warden here: run %s", strings.Join(inits[:last], ", ")+" or "+inits[last])
	} else {
		r.Info("Warden guards: %s", strings.Join(guards, ", "))
	}
	if n := r.Problems(); n > 0 {
		fmt.Fprintf(env.stdout, "\n%d problem(s): an agent with a problem above runs its calls without Warden\n", n)
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

// mcpServers lists the MCP servers the clients declare, and whether each
// runs through warden mcp proxy.
func mcpServers(r *hookconf.Checkup, home, root string) {
	r.Section("MCP servers (warden mcp wrap runs them through the proxy)")
	n := 0
	for _, f := range wrap.ClientFiles(home, root) {
		entries, err := wrap.Inspect(f)
		if err != nil {
			r.Info("%s: %s", f.Path, oneLine(err))
			continue
		}
		for _, e := range entries {
			n++
			switch {
			case e.Wrapped:
				r.OK("%s %s: through warden mcp proxy (%s)", f.Client, e.Name, e.File)
			case e.Unwrappable != "":
				r.Info("%s %s: NOT WRAPPED, cannot be proxied: %s (%s)", f.Client, e.Name, e.Unwrappable, e.File)
			default:
				r.Info("%s %s: NOT WRAPPED: its tool calls reach Warden only through the agent's hook, without pins (%s; run warden mcp wrap)", f.Client, e.Name, e.File)
			}
		}
	}
	if n == 0 {
		r.Info("no MCP servers declared")
	}
}
