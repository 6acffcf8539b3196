package main

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sort"

	"github.com/wardenhq/warden/agent/agents"
	"github.com/wardenhq/warden/mcp/pins"
	"github.com/wardenhq/warden/mcp/wrap"
)

func init() {
	addCommand(&command{
		name:    "mcp",
		summary: "the MCP gateway: proxy an MCP server with Warden's policy on every call, approve pinned tool definitions",
		run:     runMCP,
	})
}

const mcpUsage = `mcp proxy --name NAME [--cwd DIR] [--mode MODE] [--settings FILE]... [--server URL] (-- COMMAND ARGS... | --url URL)
       warden mcp pin NAME [TOOL...]      approve the held definitions of a server's tools
       warden mcp pin --list              show the held definitions and why they are held
       warden mcp wrap [--project DIR] [--client NAME]... [--file FILE] [--command PATH] [--dry-run]
                                          run the MCP servers of Claude Code, Codex, Gemini CLI, Cursor and VS Code through the proxy`

func runMCP(ctx context.Context, env *cliEnv, args []string) int {
	if len(args) == 0 {
		fmt.Fprintf(env.stderr, "usage: warden %s\n", mcpUsage)
		return exitUsage
	}
	switch args[0] {
	case "proxy":
		return runMCPProxy(ctx, env, args[1:])
	case "pin":
		return runMCPPin(ctx, env, args[1:])
	case "wrap":
		return runMCPWrap(ctx, env, args[1:])
	case "-h", "--help", "help":
		fmt.Fprintf(env.stdout, "usage: warden %s\n", mcpUsage)
		return exitOK
	}
	fmt.Fprintf(env.stderr, "warden: unknown mcp command %q\nusage: warden %s\n", args[0], mcpUsage)
	return exitUsage
}

// runMCPProxy hands over to warden-daemon mcp-proxy, as warden serve
// does: the proxy links the MCP SDK, which the hook, starting once per tool
// call, must not pay for. The client then talks straight to the proxy.
func runMCPProxy(ctx context.Context, env *cliEnv, args []string) int {
	bin, err := findDaemon("warden mcp proxy")
	if err != nil {
		return fail(env, "%v", err)
	}
	return handOver(ctx, env, bin, append([]string{"mcp-proxy"}, args...))
}

func runMCPPin(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "mcp pin", mcpUsage)
	var ef engineFlags
	ef.Register(fs)
	list := fs.Bool("list", false, "list the held definitions instead of approving")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if *list == (fs.NArg() > 0) {
		fs.Usage()
		return exitUsage
	}
	cwd, err := ef.DefaultCwd()
	if err != nil {
		return fail(env, "%v", err)
	}
	st, err := ef.Load(env.getenv, cwd, agents.ProjectDir(env.getenv, ""))
	if err != nil {
		return fail(env, "%v", err)
	}
	store := pins.New(pins.DefaultFile(st), nil)
	if *list {
		held, err := store.Held()
		if err != nil {
			return fail(env, "%v", err)
		}
		servers := make([]string, 0, len(held))
		for s := range held {
			servers = append(servers, s)
		}
		sort.Strings(servers)
		for _, s := range servers {
			tools := make([]string, 0, len(held[s]))
			for t := range held[s] {
				tools = append(tools, t)
			}
			sort.Strings(tools)
			for _, t := range tools {
				fmt.Fprintf(env.stdout, "%s %s %s\n", s, t, held[s][t].Digest)
				for _, f := range held[s][t].Findings {
					fmt.Fprintf(env.stdout, "  %s %s: %s\n", f.Risk, f.Category, f.Description)
				}
			}
		}
		return exitOK
	}
	approved, err := store.Approve(ctx, fs.Arg(0), fs.Args()[1:])
	if err != nil {
		return fail(env, "%v", err)
	}
	for _, t := range approved {
		fmt.Fprintf(env.stdout, "pinned %s %s\n", fs.Arg(0), t)
	}
	return exitOK
}

func runMCPWrap(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "mcp wrap", mcpUsage)
	project := fs.String("project", ".", "the project `DIR` whose client files are rewritten (with the user's own)")
	var clients stringList
	fs.Var(&clients, "client", "only this client's files: claude-code, codex, gemini, cursor, vscode (repeatable)")
	command := fs.String("command", "", "the warden `PATH` the entries run (default: this program's lasting path)")
	dry := fs.Bool("dry-run", false, "list what would be wrapped, change nothing")
	allowTemp := fs.Bool("allow-temp", false, "accept a warden binary inside a temporary directory")
	file := fs.String("file", "", "wrap the servers of this `FILE` only, in the format of --client (default claude-code's: mcpServers; a .toml file is Codex's)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 || *file != "" && len(clients) > 1 {
		fs.Usage()
		return exitUsage
	}
	var files []wrap.ClientFile
	if *file != "" {
		f := wrap.ClientFile{Client: "claude-code", Path: *file, Key: "mcpServers"}
		if len(clients) == 1 {
			f.Client = clients[0]
			if f.Client == "vscode" {
				f.Key = "servers"
			}
		}
		files = []wrap.ClientFile{f}
	}
	return wrapMCPServers(env, *project, clients, files, *command, *dry, *allowTemp)
}

// wrapMCPServers rewrites the MCP server entries of the clients' files
// (all known clients when clients is empty) to run through the proxy.
func wrapMCPServers(env *cliEnv, project string, clients []string, files []wrap.ClientFile, command string, dry, allowTemp bool) int {
	dir, err := filepath.Abs(project)
	if err != nil {
		return fail(env, "mcp wrap: %v", err)
	}
	if command == "" && !dry {
		if command, err = hookBinary(env, allowTemp); err != nil {
			return fail(env, "mcp wrap: %v", err)
		}
	}
	code := exitOK
	if files == nil {
		files = wrap.ClientFiles(env.getenv("HOME"), dir)
	}
	for _, f := range files {
		if len(clients) > 0 && !slices.Contains(clients, f.Client) {
			continue
		}
		var entries []wrap.Entry
		if dry {
			entries, err = wrap.Inspect(f)
		} else {
			entries, err = wrap.Wrap(f, command)
		}
		if err != nil {
			fmt.Fprintf(env.stderr, "warden: mcp wrap: %v\n", err)
			code = exitError
			continue
		}
		for _, e := range entries {
			switch {
			case dry && e.Wrapped:
			case dry && e.Unwrappable != "":
			case dry:
				fmt.Fprintf(env.stdout, "would wrap %s %s in %s\n", f.Client, e.Where, e.File)
			default:
				fmt.Fprintf(env.stdout, "wrapped %s %s in %s (backup %s.warden-backup)\n", f.Client, e.Where, e.File, e.File)
			}
		}
		all, _ := wrap.Inspect(f)
		for _, e := range all {
			if e.Unwrappable != "" {
				fmt.Fprintf(env.stdout, "cannot wrap %s %s in %s: %s\n", f.Client, e.Where, e.File, e.Unwrappable)
			}
		}
	}
	return code
}
