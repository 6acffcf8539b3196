package teams

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
)

// Config says how a daemon reaches its team: an embedded server (the
// default), joined into a cluster when Routes are given, or an existing
// NATS server or cluster (URLs).
type Config struct {
	// Name names this daemon in the shared records.
	Name string
	// StateDir is Warden's state directory: the embedded server stores
	// under StateDir/nats, and the daemons' key is StateDir/nats/daemon.nk.
	StateDir string
	// URLs, when set, are an existing NATS server or cluster to connect
	// to instead of embedding one; CredsFile signs in (a NATS credentials
	// file, or the daemons' key of the daemon that embeds the server).
	URLs      []string
	CredsFile string
	RootCAs   string
	CertFile  string
	KeyFile   string
	// Listen opens the embedded server's client port, for other daemons.
	Listen string
	// ClusterListen and Routes join embedded servers into a cluster.
	ClusterListen string
	Routes        []string
	// AgentToken is the agents' credential (see NodeOptions.AgentToken).
	AgentToken string
	// SessionIdle is how long a session's grants last without use
	// (settings: grants.sessionIdleMinutes); zero means the default.
	SessionIdle time.Duration
	// Audit, when set, opens the team's audit stream, with these options
	// (Daemon and Replicas are filled in).
	Audit *AuditOptions
	// Log receives the lines a person needs (how others join).
	Log io.Writer
}

// Team is a daemon's connection to its team's shared state.
type Team struct {
	Conn *nats.Conn
	Node *Node // nil when connected to an existing server
	Asks *AskStore
	// Grants is the team's session grants.
	Grants *GrantStore
	// Audit is the team's audit log (nil unless Config.Audit is set).
	Audit *AuditLog
	// Mailbox is the sub-agents' mailbox of the team.
	Mailbox *Mailbox
	// Decisions carries the recent decisions between the pages.
	Decisions *DecisionFeed
	// KeyFile is the daemons' key file of an embedded server.
	KeyFile string
}

// Open reaches the team as cfg says and opens its buckets.
func Open(ctx context.Context, cfg Config) (*Team, error) {
	t := &Team{}
	replicas := 1
	natsDir := filepath.Join(cfg.StateDir, "nats")
	if len(cfg.URLs) > 0 {
		if cfg.Listen != "" || cfg.ClusterListen != "" || len(cfg.Routes) > 0 {
			return nil, errors.New("--nats connects to an existing server: it cannot be combined with --nats-listen, --nats-cluster or --nats-routes, which configure the embedded one")
		}
		opts := ConnectOptions{URLs: cfg.URLs, Name: cfg.Name, CredsFile: cfg.CredsFile, RootCAs: cfg.RootCAs, CertFile: cfg.CertFile, KeyFile: cfg.KeyFile}
		if opts.CredsFile == "" {
			// On the machine of the daemon that embeds the server, its key
			// is at hand.
			if kp, err := readKey(filepath.Join(natsDir, "daemon.nk")); err == nil {
				opts.Daemon = kp
			}
		}
		nc, err := Connect(opts)
		if err != nil {
			return nil, err
		}
		t.Conn = nc
	} else {
		t.KeyFile = filepath.Join(natsDir, "daemon.nk")
		if cfg.CredsFile != "" {
			t.KeyFile = cfg.CredsFile
		}
		kp, err := LoadOrCreateDaemonKey(t.KeyFile)
		if err != nil {
			return nil, err
		}
		node, err := StartNode(NodeOptions{
			Name: cfg.Name, StoreDir: filepath.Join(natsDir, "jetstream"), Listen: cfg.Listen,
			ClusterListen: cfg.ClusterListen, Routes: cfg.Routes, Daemon: kp, AgentToken: cfg.AgentToken,
		})
		if err != nil {
			return nil, err
		}
		t.Node = node
		nc, err := node.Connect(cfg.Name)
		if err != nil {
			node.Shutdown()
			return nil, fmt.Errorf("teams: %w", err)
		}
		t.Conn = nc
		if len(cfg.Routes) > 0 {
			replicas = min(3, len(cfg.Routes)+1)
		}
		if cfg.Log != nil && cfg.Listen != "" {
			fmt.Fprintf(cfg.Log, "warden: nats: other daemons join with --nats %s --nats-creds %s (a copy of this daemons' key)\n", node.ClientURL(), t.KeyFile)
		}
	}
	asks, err := openWithRetry(ctx, func(ctx context.Context) (*AskStore, error) {
		return OpenAskStore(ctx, t.Conn, StoreOptions{Replicas: replicas})
	})
	if err != nil {
		t.Close()
		return nil, err
	}
	t.Asks = asks
	grants, err := openWithRetry(ctx, func(ctx context.Context) (*GrantStore, error) {
		return OpenGrantStore(ctx, t.Conn, GrantOptions{StoreOptions: StoreOptions{Replicas: replicas}, Idle: cfg.SessionIdle, Daemon: cfg.Name})
	})
	if err != nil {
		t.Close()
		return nil, err
	}
	t.Grants = grants
	box, err := openWithRetry(ctx, func(ctx context.Context) (*Mailbox, error) {
		return OpenMailbox(ctx, t.Conn, StoreOptions{Replicas: replicas})
	})
	if err != nil {
		t.Close()
		return nil, err
	}
	t.Mailbox = box
	t.Decisions = NewDecisionFeed(t.Conn)
	if cfg.Audit != nil {
		opts := *cfg.Audit
		opts.Daemon, opts.Replicas = cfg.Name, replicas
		log, err := openWithRetry(ctx, func(ctx context.Context) (*AuditLog, error) { return OpenAuditLog(ctx, t.Conn, opts) })
		if err != nil {
			t.Close()
			return nil, err
		}
		t.Audit = log
	}
	return t, nil
}

// openWithRetry retries opening a bucket while a cluster is still forming
// (too few servers yet for its replicas), for up to a minute.
func openWithRetry[T any](ctx context.Context, open func(context.Context) (T, error)) (T, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for {
		v, err := open(ctx)
		if err == nil || ctx.Err() != nil {
			return v, err
		}
		select {
		case <-ctx.Done():
			return v, err
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// Close drains the connection and stops the embedded server.
func (t *Team) Close() {
	if t.Grants != nil {
		t.Grants.Close()
	}
	if t.Mailbox != nil {
		t.Mailbox.Close()
	}
	if t.Conn != nil {
		t.Conn.Close()
	}
	if t.Node != nil {
		t.Node.Shutdown()
	}
}

// SplitURLs splits repeated, comma-separated --nats values.
func SplitURLs(values []string) []string {
	var out []string
	for _, v := range values {
		for u := range strings.SplitSeq(v, ",") {
			if u = strings.TrimSpace(u); u != "" {
				out = append(out, u)
			}
		}
	}
	return out
}
