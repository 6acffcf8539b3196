package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/mcp"
	"github.com/wardenhq/warden/settings"
)

func init() {
	register(&command{
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

func runMCPProxy(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "mcp proxy", mcpUsage)
	var ef engineFlags
	ef.register(fs)
	name := fs.String("name", "", "the server's `NAME`: its tools are judged as mcp__NAME__TOOL")
	url := fs.String("url", "", "a streamable-HTTP MCP server at `URL` (instead of a command)")
	serverURL := fs.String("server", "", "put asks the client cannot show to a running `warden serve` at `URL` (default $WARDEN_SERVER)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if *name == "" || strings.Contains(*name, "__") || (*url == "") == (fs.NArg() == 0) {
		fs.Usage()
		return exitUsage
	}
	cwd, err := ef.defaultCwd()
	if err != nil {
		return fail(env, "%v", err)
	}
	remote, useRemote, err := remoteFromEnv(env, *serverURL)
	if err != nil {
		return fail(env, "%v", err)
	}
	projectDir := env.getenv("CLAUDE_PROJECT_DIR")
	opts := mcp.Options{
		Name: *name, Cwd: cwd, ProjectDir: projectDir, SessionID: "mcp-" + *name + "-" + randomHex(6), Log: env.stderr,
		NewEngine: func(asks handler.Handler, schemaArgs func(string, string) settings.MCPArgs) (*warden.Engine, error) {
			engines, err := newEngineSet(env, &ef, warden.WithFrontEnd("mcp"), warden.WithHandler(asks), warden.WithMCPArgs(schemaArgs))
			if err != nil {
				return nil, err
			}
			return engines.forRequest(api.Request{Cwd: cwd, ProjectDir: projectDir})
		},
	}
	if useRemote {
		opts.Remote = remote
	}
	p, err := mcp.New(opts)
	if err != nil {
		return fail(env, "%v", err)
	}
	var upstream sdk.Transport
	if *url != "" {
		upstream = mcp.NewHTTPTransport(*url, nil)
	} else {
		cmd := exec.CommandContext(ctx, fs.Arg(0), fs.Args()[1:]...)
		cmd.Stderr = env.stderr
		upstream = &sdk.CommandTransport{Command: cmd}
	}
	client := &sdk.IOTransport{Reader: readCloser(env.stdin), Writer: nopWriteCloser{env.stdout}}
	if err := p.Serve(ctx, client, upstream); err != nil {
		return fail(env, "mcp proxy %s: %v", *name, err)
	}
	return exitOK
}

func runMCPPin(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "mcp pin", mcpUsage)
	var ef engineFlags
	ef.register(fs)
	list := fs.Bool("list", false, "list the held definitions instead of approving")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if *list == (fs.NArg() > 0) {
		fs.Usage()
		return exitUsage
	}
	cwd, err := ef.defaultCwd()
	if err != nil {
		return fail(env, "%v", err)
	}
	st, err := settings.Load(settings.LoadOptions{Cwd: cwd, ProjectDir: env.getenv("CLAUDE_PROJECT_DIR"), Home: env.getenv("HOME"), Getenv: env.getenv, Files: ef.settings})
	if err != nil {
		return fail(env, "%v", err)
	}
	pins := mcp.NewPins(mcp.DefaultPinFile(st), nil)
	if *list {
		held, err := pins.Held()
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
	approved, err := pins.Approve(ctx, fs.Arg(0), fs.Args()[1:])
	if err != nil {
		return fail(env, "%v", err)
	}
	for _, t := range approved {
		fmt.Fprintf(env.stdout, "pinned %s %s\n", fs.Arg(0), t)
	}
	return exitOK
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// readCloser gives the client's stream a Close when it has none.
func readCloser(r io.Reader) io.ReadCloser {
	if rc, ok := r.(io.ReadCloser); ok {
		return rc
	}
	return io.NopCloser(r)
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

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
	var files []mcp.ClientFile
	if *file != "" {
		f := mcp.ClientFile{Client: "claude-code", Path: *file, Key: "mcpServers"}
		if len(clients) == 1 {
			f.Client = clients[0]
			if f.Client == "vscode" {
				f.Key = "servers"
			}
		}
		files = []mcp.ClientFile{f}
	}
	return wrapMCPServers(env, *project, clients, files, *command, *dry, *allowTemp)
}

// wrapMCPServers rewrites the MCP server entries of the clients' files
// (all known clients when clients is empty) to run through the proxy.
func wrapMCPServers(env *cliEnv, project string, clients []string, files []mcp.ClientFile, command string, dry, allowTemp bool) int {
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
		files = mcp.ClientFiles(env.getenv("HOME"), dir)
	}
	for _, f := range files {
		if len(clients) > 0 && !slices.Contains(clients, f.Client) {
			continue
		}
		var entries []mcp.Entry
		if dry {
			entries, err = mcp.Inspect(f)
		} else {
			entries, err = mcp.Wrap(f, command)
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
		all, _ := mcp.Inspect(f)
		for _, e := range all {
			if e.Unwrappable != "" {
				fmt.Fprintf(env.stdout, "cannot wrap %s %s in %s: %s\n", f.Client, e.Where, e.File, e.Unwrappable)
			}
		}
	}
	return code
}
