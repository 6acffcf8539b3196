// Command warden-daemon is the daemon of "warden serve" with its state on
// NATS JetStream: pending asks that any daemon of a team lists and
// answers. warden serve hands over to it; it is a binary of its own so
// that the warden hook, which starts once per tool call, never links NATS.
//
// By default it embeds a NATS server storing under Warden's state
// directory, with no port of its own; --nats-listen opens one for other
// daemons, --nats joins an existing server or cluster, and --nats-cluster
// with --nats-routes forms a cluster of embedded servers.
//
// warden-daemon mcp-proxy … is the MCP gateway's proxy, to which warden mcp
// proxy hands over: it links the MCP SDK, which the hook must not pay for
// either.
package main

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/wardenhq/warden/internal/mcpproxy"
	"github.com/wardenhq/warden/internal/serve"
	"github.com/wardenhq/warden/teams"
)

func main() {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "mcp-proxy" {
		env := mcpproxy.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}
		os.Exit(mcpproxy.Run(context.Background(), env, args[1:]))
	}
	if len(args) > 0 && args[0] == "serve" {
		args = args[1:]
	}
	env := serve.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}
	os.Exit(serve.Run(context.Background(), env, args, &backend{}))
}

// backend is the team's state on NATS, as serve's flags configure it.
type backend struct {
	name                  string
	urls, routes          multi
	creds, ca, cert, key  string
	listen, clusterListen string
	team                  *teams.Team
}

// multi is a repeatable, comma-separated flag.
type multi []string

func (m *multi) String() string     { return strings.Join(*m, ",") }
func (m *multi) Set(v string) error { *m = append(*m, teams.SplitURLs([]string{v})...); return nil }

func (b *backend) Flags(fs *flag.FlagSet) {
	fs.StringVar(&b.name, "name", "", "this daemon's `NAME` in the team's records (default: host name and address)")
	fs.Var(&b.urls, "nats", "connect to an existing NATS server or cluster at `URL` instead of embedding one (repeatable, or comma separated)")
	fs.StringVar(&b.creds, "nats-creds", "", "NATS credentials `FILE`: a user JWT with its seed, or the daemons' key (nats/daemon.nk in the state directory of the daemon that embeds the server)")
	fs.StringVar(&b.ca, "nats-ca", "", "CA certificate `FILE` to trust for the NATS server's TLS")
	fs.StringVar(&b.cert, "nats-cert", "", "client certificate `FILE` for NATS TLS")
	fs.StringVar(&b.key, "nats-key", "", "client key `FILE` for NATS TLS")
	fs.StringVar(&b.listen, "nats-listen", "", "open the embedded NATS server's client port on `ADDR` (host:port), so other daemons can join it with --nats")
	fs.StringVar(&b.clusterListen, "nats-cluster", "", "the embedded server's route address `ADDR` (host:port) for a cluster with --nats-routes")
	fs.Var(&b.routes, "nats-routes", "route `URL`s of the other embedded servers of a cluster (repeatable, or comma separated)")
}

func (b *backend) Open(ctx context.Context, info serve.BackendInfo) (*serve.Shared, error) {
	name := b.name
	if name == "" {
		host, _ := os.Hostname()
		addr := info.Address
		if u, err := url.Parse(addr); err == nil && u.Host != "" {
			addr = u.Host
		}
		name = host + "/" + addr
	}
	var auditOpts *teams.AuditOptions
	if info.Audit != nil {
		auditOpts = &teams.AuditOptions{Redact: info.Audit.Redact, DigestKey: info.Audit.DigestKey}
	}
	t, err := teams.Open(ctx, teams.Config{
		Name: name, StateDir: info.StateDir, URLs: b.urls, CredsFile: b.creds,
		RootCAs: b.ca, CertFile: b.cert, KeyFile: b.key,
		Listen: b.listen, ClusterListen: b.clusterListen, Routes: b.routes,
		AgentToken: info.AgentToken, SessionIdle: info.SessionIdle, Audit: auditOpts, Log: info.Stderr,
	})
	if err != nil {
		return nil, fmt.Errorf("nats: %w", err)
	}
	b.team = t
	sh := &serve.Shared{Name: name, Asks: t.Asks, Grants: t.Grants, Mailbox: t.Mailbox, Decisions: t.Decisions, Close: t.Close}
	if t.Audit != nil {
		sh.Audit, sh.AuditLog = t.Audit, t.Audit
	}
	// Answer links are signed with the team's key, so a link made on one
	// daemon answers its ask on any.
	if sh.LinkKey, err = t.LinkKey(ctx); err != nil {
		t.Close()
		return nil, fmt.Errorf("nats: %w", err)
	}
	return sh, nil
}
