package teams

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
)

// NodeOptions configures an embedded NATS server.
type NodeOptions struct {
	// Name names the server in the cluster (and the daemon in records);
	// empty means one derived from the store directory.
	Name string
	// StoreDir is where JetStream keeps its streams; required.
	StoreDir string
	// Listen is the client address other daemons connect to
	// ("127.0.0.1:4222"); empty means no network port at all, only this
	// process's in-process connection.
	Listen string
	// ClusterListen is the address routes from other embedded servers
	// arrive on; Routes are the other servers' route addresses. Both set
	// form a cluster.
	ClusterListen string
	Routes        []string
	// Daemon is the daemons' credential: the key every daemon of the team
	// signs in with (see LoadOrCreateDaemonKey). Required.
	Daemon nkeys.KeyPair
	// AgentToken, when set, lets the agents' credential sign in as the
	// user "agent", which may publish nothing and read nothing but its
	// own replies: it can never answer an ask, write a grant, or read
	// another session's ask.
	AgentToken string
}

// nodeStartWithin is how long StartNode waits for the embedded server's
// listeners before it gives up.
const nodeStartWithin = 45 * time.Second

// Node is a running embedded NATS server with JetStream.
type Node struct {
	srv    *natsserver.Server
	daemon nkeys.KeyPair
}

// agentUser is the NATS user name of the agents' credential.
const agentUser = "agent"

// routeUser is the user name routes between embedded servers sign in with;
// the password is derived from the daemons' key, so only servers started
// with it can join.
const routeUser = "warden-route"

// StartNode starts an embedded NATS server with JetStream storing under
// opts.StoreDir, and waits until it accepts connections.
func StartNode(opts NodeOptions) (*Node, error) {
	if opts.StoreDir == "" {
		return nil, errors.New("teams: no store directory for JetStream")
	}
	if opts.Daemon == nil {
		return nil, errors.New("teams: no daemon key")
	}
	if err := os.MkdirAll(opts.StoreDir, 0o700); err != nil {
		return nil, fmt.Errorf("teams: %w", err)
	}
	pub, err := opts.Daemon.PublicKey()
	if err != nil {
		return nil, fmt.Errorf("teams: daemon key: %w", err)
	}
	name := opts.Name
	if name == "" {
		name = "warden-" + shortHash(opts.StoreDir)
	}
	so := &natsserver.Options{
		ServerName: name,
		JetStream:  true,
		StoreDir:   opts.StoreDir,
		// Answers, grants and the audit are on disk before they are
		// acknowledged.
		SyncAlways: true,
		NoSigs:     true,
		NoLog:      true,
		Nkeys:      []*natsserver.NkeyUser{{Nkey: pub}},
	}
	if opts.AgentToken != "" {
		so.Users = []*natsserver.User{{
			Username: agentUser, Password: opts.AgentToken,
			Permissions: AgentPermissions(),
		}}
	}
	clustered := opts.ClusterListen != "" || len(opts.Routes) > 0
	switch {
	case opts.Listen == "" && clustered:
		// A clustered server routes only once its client port is open:
		// it gets one on loopback, which only daemons can sign in to.
		so.Host, so.Port = "127.0.0.1", -1
	case opts.Listen == "":
		so.DontListen = true
	default:
		host, port, err := splitHostPort(opts.Listen)
		if err != nil {
			return nil, fmt.Errorf("teams: --nats-listen %q: %w", opts.Listen, err)
		}
		so.Host, so.Port = host, port
	}
	if clustered {
		if opts.ClusterListen == "" {
			return nil, errors.New("teams: routes need a cluster address of this server to listen on")
		}
		host, port, err := splitHostPort(opts.ClusterListen)
		if err != nil {
			return nil, fmt.Errorf("teams: cluster address %q: %w", opts.ClusterListen, err)
		}
		pass, err := routePassword(opts.Daemon)
		if err != nil {
			return nil, err
		}
		so.Cluster = natsserver.ClusterOpts{Name: "warden", Host: host, Port: port, Username: routeUser, Password: pass}
		for _, r := range opts.Routes {
			u, err := url.Parse(r)
			if err != nil || u.Host == "" {
				if u, err = url.Parse("nats://" + r); err != nil || u.Host == "" {
					return nil, fmt.Errorf("teams: route %q is not an address", r)
				}
			}
			u.User = url.UserPassword(routeUser, pass)
			so.Routes = append(so.Routes, u)
		}
	}
	srv, err := natsserver.NewServer(so)
	if err != nil {
		return nil, fmt.Errorf("teams: nats server: %w", err)
	}
	go srv.Start()
	// A cluster's servers start together and JetStream recovers its
	// streams before the ports are ready: on a loaded machine that has
	// taken more than 10 s, and a daemon that gives up then never serves.
	if !srv.ReadyForConnections(nodeStartWithin) {
		srv.Shutdown()
		return nil, fmt.Errorf("teams: the embedded nats server did not start within %s", nodeStartWithin)
	}
	return &Node{srv: srv, daemon: opts.Daemon}, nil
}

// AgentPermissions are the NATS permissions of the agents' credential:
// nothing to publish and nothing to read. Agents ask through the daemon's
// HTTP API; on NATS every subject of the shared state — the asks' bucket,
// answers, grants, the audit, JetStream's API — is closed to them, and so
// are the reply subjects (_INBOX.>) on which the daemons' own reads come
// back, which would otherwise show an agent every session's asks.
func AgentPermissions() *natsserver.Permissions {
	return &natsserver.Permissions{
		Publish:   &natsserver.SubjectPermission{Deny: []string{">"}},
		Subscribe: &natsserver.SubjectPermission{Deny: []string{">"}},
	}
}

// Connect returns a connection of this process to the node, signed in as
// a daemon.
func (n *Node) Connect(name string) (*nats.Conn, error) {
	return nats.Connect("", nats.InProcessServer(n.srv), nkeyOption(n.daemon), nats.Name(name),
		nats.MaxReconnects(-1))
}

// ClientURL is the address other daemons connect to (empty when the node
// has no client port).
func (n *Node) ClientURL() string {
	a, ok := n.srv.Addr().(*net.TCPAddr)
	if !ok || a == nil {
		return ""
	}
	host := a.IP.String()
	if a.IP.IsUnspecified() {
		host = reachableHost()
	}
	return "nats://" + net.JoinHostPort(host, strconv.Itoa(a.Port))
}

// reachableHost is an address of this machine other machines can reach.
func reachableHost() string {
	addrs, err := net.InterfaceAddrs()
	if err == nil {
		for _, a := range addrs {
			if ipn, ok := a.(*net.IPNet); ok && !ipn.IP.IsLoopback() && ipn.IP.IsGlobalUnicast() && ipn.IP.To4() != nil {
				return ipn.IP.String()
			}
		}
	}
	return "127.0.0.1"
}

// ClusterURL is the address other embedded servers route to (empty when
// the node is not clustered).
func (n *Node) ClusterURL() string {
	a := n.srv.ClusterAddr()
	if a == nil {
		return ""
	}
	return "nats://" + a.String()
}

// Name is the server's name.
func (n *Node) Name() string { return n.srv.Name() }

// Shutdown stops the server and waits until it has stopped.
func (n *Node) Shutdown() {
	n.srv.Shutdown()
	n.srv.WaitForShutdown()
}

// ConnectOptions configures a connection to an existing NATS server or
// cluster.
type ConnectOptions struct {
	// URLs are the servers' addresses.
	URLs []string
	// Name names the connection (the daemon).
	Name string
	// Daemon is the daemons' key to sign in with; CredsFile, when set
	// instead, is a NATS credentials file (a user JWT and its seed) or a
	// file holding an nkey seed.
	Daemon    nkeys.KeyPair
	CredsFile string
	// TLS: a CA file to trust, and a client certificate and key.
	RootCAs  string
	CertFile string
	KeyFile  string
}

// Connect connects to an existing NATS server or cluster. A server that
// cannot be reached is an error: the daemon does not start on a team it
// cannot reach.
func Connect(opts ConnectOptions) (*nats.Conn, error) {
	if len(opts.URLs) == 0 {
		return nil, errors.New("teams: no nats server address")
	}
	no := []nats.Option{nats.Name(opts.Name), nats.MaxReconnects(-1), nats.Timeout(5 * time.Second)}
	switch {
	case opts.CredsFile != "":
		o, err := credsOption(opts.CredsFile)
		if err != nil {
			return nil, err
		}
		no = append(no, o)
	case opts.Daemon != nil:
		no = append(no, nkeyOption(opts.Daemon))
	}
	if opts.RootCAs != "" {
		no = append(no, nats.RootCAs(opts.RootCAs))
	}
	if opts.CertFile != "" || opts.KeyFile != "" {
		no = append(no, nats.ClientCert(opts.CertFile, opts.KeyFile))
	}
	nc, err := nats.Connect(strings.Join(opts.URLs, ","), no...)
	if err != nil {
		return nil, fmt.Errorf("teams: connecting to %s: %w", strings.Join(opts.URLs, ","), err)
	}
	return nc, nil
}

// credsOption reads a credentials file: a NATS user JWT with its seed, or
// an nkey seed alone (what LoadOrCreateDaemonKey writes).
func credsOption(file string) (nats.Option, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("teams: --nats-creds: %w", err)
	}
	if strings.Contains(string(data), "BEGIN NATS USER JWT") {
		return nats.UserCredentials(file), nil
	}
	kp, err := nkeys.ParseDecoratedNKey(data)
	if err != nil {
		return nil, fmt.Errorf("teams: --nats-creds %s: neither a credentials file nor an nkey seed: %w", file, err)
	}
	return nkeyOption(kp), nil
}

func nkeyOption(kp nkeys.KeyPair) nats.Option {
	pub, _ := kp.PublicKey()
	return nats.Nkey(pub, kp.Sign)
}

func readKey(file string) (nkeys.KeyPair, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return nkeys.ParseDecoratedNKey(data)
}

// LoadOrCreateDaemonKey reads the daemons' key (an nkey seed) from file,
// or creates it, 0600, when missing. Hand a copy to every daemon of the
// team (--nats-creds): whoever holds it is a daemon.
func LoadOrCreateDaemonKey(file string) (nkeys.KeyPair, error) {
	data, err := os.ReadFile(file)
	switch {
	case err == nil:
		kp, err := nkeys.ParseDecoratedNKey(data)
		if err != nil {
			return nil, fmt.Errorf("teams: daemon key %s: %w", file, err)
		}
		return kp, nil
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("teams: daemon key: %w", err)
	}
	kp, err := nkeys.CreateUser()
	if err != nil {
		return nil, fmt.Errorf("teams: daemon key: %w", err)
	}
	seed, err := kp.Seed()
	if err != nil {
		return nil, fmt.Errorf("teams: daemon key: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		return nil, fmt.Errorf("teams: daemon key: %w", err)
	}
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("teams: daemon key: %w", err)
	}
	_, werr := f.Write(append(seed, '\n'))
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return nil, fmt.Errorf("teams: daemon key: %w", werr)
	}
	return kp, nil
}

// routePassword derives the routes' password from the daemons' key.
func routePassword(kp nkeys.KeyPair) (string, error) {
	seed, err := kp.Seed()
	if err != nil {
		return "", fmt.Errorf("teams: daemon key: %w", err)
	}
	m := hmac.New(sha256.New, seed)
	m.Write([]byte("warden route"))
	return hex.EncodeToString(m.Sum(nil)), nil
}

func splitHostPort(addr string) (string, int, error) {
	host, p, err := net.SplitHostPort(addr)
	if err != nil {
		return "", 0, err
	}
	port, err := strconv.Atoi(p)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("bad port %q", p)
	}
	if port == 0 {
		port = -1 // nats-server: -1 picks a free port
	}
	return host, port, nil
}

func shortHash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:4])
}
