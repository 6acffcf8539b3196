package mcpproxy

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/agent/agents"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/internal/setup"
	"github.com/wardenhq/warden/mcp"
	"github.com/wardenhq/warden/server"
	"github.com/wardenhq/warden/settings"
)

// Env carries the process's standard streams and environment.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Getenv func(string) string
}

// Usage is the proxy's usage line, after "warden ".
const Usage = `mcp proxy --name NAME [--cwd DIR] [--mode MODE] [--settings FILE]... [--no-audit] [--server URL] (-- COMMAND ARGS... | --url URL)`

const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

// flags are the proxy's flags: the deciding front ends' own, and the
// server's.
type flags struct {
	setup.Flags
	name, url, server string
}

// Run runs the proxy with args (those after "mcp proxy") until the client
// or the server closes, and returns the process's exit code.
func Run(ctx context.Context, env Env, args []string) int {
	fs := flag.NewFlagSet("mcp proxy", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	var f flags
	f.Register(fs)
	fs.StringVar(&f.name, "name", "", "the server's `NAME`: its tools are judged as mcp__NAME__TOOL")
	fs.StringVar(&f.url, "url", "", "a streamable-HTTP MCP server at `URL` (instead of a command)")
	fs.StringVar(&f.server, "server", "", "put asks the client cannot show to a running `warden serve` at `URL` (default $WARDEN_SERVER)")
	help := false
	fs.Usage = func() {
		w := env.Stderr
		if help {
			w = env.Stdout
		}
		fmt.Fprintf(w, "usage: warden %s\n", Usage)
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(env.Stderr)
	}
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" {
			help = true
		}
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if f.name == "" || strings.Contains(f.name, "__") || (f.url == "") == (fs.NArg() == 0) {
		fs.Usage()
		return exitUsage
	}
	if err := f.CheckMode(); err != nil {
		return fail(env, "%v", err)
	}
	cwd, err := f.DefaultCwd()
	if err != nil {
		return fail(env, "%v", err)
	}
	remote, err := remoteFromEnv(env, f.server)
	if err != nil {
		return fail(env, "%v", err)
	}
	projectDir := agents.ProjectDir(env.Getenv, "")
	opts := mcp.Options{
		Name: f.name, Cwd: cwd, ProjectDir: projectDir, SessionID: "mcp-" + f.name + "-" + randomHex(6), Log: env.Stderr,
		NewEngine: func(asks handler.Handler, schemaArgs func(string, string) settings.MCPArgs) (*warden.Engine, error) {
			return newEngine(env, &f, cwd, warden.WithFrontEnd("mcp"), warden.WithHandler(asks), warden.WithMCPArgs(schemaArgs))
		},
	}
	if remote != nil {
		opts.Remote = remote
	}
	p, err := mcp.New(opts)
	if err != nil {
		return fail(env, "%v", err)
	}
	var upstream sdk.Transport
	if f.url != "" {
		upstream = mcp.NewHTTPTransport(f.url, nil)
	} else {
		cmd := exec.CommandContext(ctx, fs.Arg(0), fs.Args()[1:]...)
		cmd.Stderr = env.Stderr
		upstream = &sdk.CommandTransport{Command: cmd}
	}
	client := &sdk.IOTransport{Reader: readCloser(env.Stdin), Writer: nopWriteCloser{env.Stdout}}
	if err := p.Serve(ctx, client, upstream); err != nil {
		return fail(env, "mcp proxy %s: %v", f.name, err)
	}
	return exitOK
}

// newEngine builds the engine of the calls, as the hook builds the engine
// of a request running in cwd (setup.Flags.Engine): the settings of its
// project (the one the agent's environment names, else the one cwd
// belongs to), the audit log, session grants kept in the state directory,
// and the deciders the settings configure.
func newEngine(env Env, f *flags, cwd string, extra ...warden.Option) (*warden.Engine, error) {
	st, err := f.Load(env.Getenv, cwd, agents.ProjectDir(env.Getenv, ""))
	if err != nil {
		return nil, err
	}
	for _, w := range st.Warnings {
		fmt.Fprintf(env.Stderr, "warden: warning: %s\n", w.String())
	}
	return f.Engine(env.Getenv, env.Stderr, st, cwd, extra...)
}

// remoteFromEnv returns the client of the approval daemon named by
// flagValue (--server URL) or else $WARDEN_SERVER, with the token from
// $WARDEN_TOKEN; nil when none is named. An unusable address is an error,
// never a fall back to deciding without the daemon.
func remoteFromEnv(env Env, flagValue string) (*server.Client, error) {
	addr := flagValue
	if addr == "" {
		addr = env.Getenv("WARDEN_SERVER")
	}
	if addr == "" {
		return nil, nil
	}
	// No overall timeout: an ask waits for a person, and the daemon bounds
	// it with the approval timeout.
	c, err := server.NewClient(addr, env.Getenv("WARDEN_TOKEN"), &http.Client{})
	if err != nil {
		return nil, fmt.Errorf("--server / WARDEN_SERVER: %w", err)
	}
	return c, nil
}

func fail(env Env, format string, a ...any) int {
	fmt.Fprintf(env.Stderr, "warden: "+format+"\n", a...)
	return exitError
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
