package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/wardenhq/warden/agent/agents"
	"github.com/wardenhq/warden/agent/hookconf"
)

func init() {
	addCommand(&command{
		name:    "init",
		summary: "set Warden up as an agent's permission hook (init AGENT; warden init -h names them)",
		run:     runInit,
	})
}

// initUsage is built when it is printed: the hook process pays nothing for
// it at start.
func initUsage() string {
	return "init " + agents.Names("|") + " [--mcp] [flags] (warden init AGENT -h for each agent's flags; --mcp also runs the agent's MCP servers through warden mcp proxy)"
}

// initFlags are the flags every agent's init takes.
type initFlags struct {
	command   string
	allowTemp bool
	skipCheck bool
}

func (f *initFlags) addFlags(fs *flag.FlagSet, agentFlag string) {
	fs.StringVar(&f.command, "command", "", "hook `CMD` the agent runs (default: this program's absolute path followed by \"hook"+agentFlag+"\")")
	fs.BoolVar(&f.allowTemp, "allow-temp", false, "accept a warden binary inside a temporary directory or the Go build cache (it will vanish, and the hook with it)")
	fs.BoolVar(&f.skipCheck, "skip-check", false, "do not run the hook once to prove it answers (a binary that is not there yet)")
}

// hookCommand returns the command line the hook runs, checked: --command
// as given, or this program's lasting absolute path with the hook
// arguments.
func (f *initFlags) hookCommand(env *cliEnv, hookArgs string) (string, error) {
	if f.command != "" {
		if !f.skipCheck {
			if err := checkCommandProgram(env, f.command, f.allowTemp); err != nil {
				return "", err
			}
		}
		return f.command, nil
	}
	exe, err := hookBinary(env, f.allowTemp)
	if err != nil {
		return "", err
	}
	return hookconf.ShellQuote(exe) + " " + hookArgs, nil
}

func runInit(ctx context.Context, env *cliEnv, args []string) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintf(env.stderr, "usage: warden %s\n", initUsage())
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			return exitOK
		}
		return exitUsage
	}
	// --mcp (any agent) also runs the agent's MCP servers through the
	// proxy once the hook is installed.
	rest, wrap := withoutFlag(args[1:], "--mcp")
	a, ok := agents.Lookup(args[0])
	if !ok {
		fmt.Fprintf(env.stderr, "warden: init: unknown agent %q (want one of %s)\n", args[0], agents.Names(", "))
		return exitUsage
	}
	code := initAgent(ctx, env, a, rest)
	if code != exitOK || !wrap {
		return code
	}
	project, _ := flagValue(rest, "--project")
	if project == "" {
		project = "."
	}
	_, allowTemp := withoutFlag(rest, "--allow-temp")
	return wrapMCPServers(env, project, []string{args[0]}, nil, "", false, allowTemp)
}

// initAgent parses the agent's init flags and the ones every init takes,
// and runs the agent's install.
func initAgent(ctx context.Context, env *cliEnv, a agents.Agent, args []string) int {
	fs := newFlagSet(env, "init "+a.Name(), a.InitUsage())
	install := a.Init(fs)
	var f initFlags
	hookArgs := "hook"
	if a.Name() != agents.Default().Name() {
		hookArgs += " --agent " + a.Name()
	}
	f.addFlags(fs, strings.TrimPrefix(hookArgs, "hook"))
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	if v := fs.Lookup("project"); v != nil && v.Value.String() != "" {
		if err := checkProjectDir(v.Value.String()); err != nil {
			return fail(env, "init: %v", err)
		}
	}
	s := &hookconf.Setup{
		Stdout: env.stdout, Stderr: env.stderr, Getenv: env.getenv,
		Command:         func(hookArgs string) (string, error) { return f.hookCommand(env, hookArgs) },
		ApprovalTimeout: func(dir string) int { return approvalTimeout(env, dir) },
		SkipCheck:       f.skipCheck,
	}
	if err := install(ctx, s); err != nil {
		return fail(env, "init: %s", oneLine(err))
	}
	return exitOK
}

// withoutFlag returns args without the boolean flag name (--name or
// -name), and whether it was there.
func withoutFlag(args []string, name string) ([]string, bool) {
	bare := strings.TrimLeft(name, "-")
	out := make([]string, 0, len(args))
	found := false
	for i, a := range args {
		if a == "--" {
			out = append(out, args[i:]...)
			break
		}
		if a == "--"+bare || a == "-"+bare {
			found = true
			continue
		}
		out = append(out, a)
	}
	return out, found
}

// flagValue returns the value of a string flag in args (--name V or
// --name=V, one dash or two).
func flagValue(args []string, name string) (string, bool) {
	bare := strings.TrimLeft(name, "-")
	for i, a := range args {
		if a == "--" {
			break
		}
		for _, n := range []string{"-" + bare, "--" + bare} {
			if a == n && i+1 < len(args) {
				return args[i+1], true
			}
			if v, ok := strings.CutPrefix(a, n+"="); ok {
				return v, true
			}
		}
	}
	return "", false
}

// checkProjectDir refuses a --project that is not an existing directory:
// init edits a project, it never invents one (a typo would otherwise
// create a stray tree with hooks nobody uses).
func checkProjectDir(dir string) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("--project %s: no such directory (create the project first, or name an existing one)", dir)
	case err != nil:
		return fmt.Errorf("--project %s: %v", dir, err)
	case !st.IsDir():
		return fmt.Errorf("--project %s: not a directory", dir)
	}
	return nil
}
