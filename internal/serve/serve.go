package serve

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/agent/agents"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/approvers"
	"github.com/wardenhq/warden/audit"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/internal/setup"
	"github.com/wardenhq/warden/notify"
	"github.com/wardenhq/warden/server"
	"github.com/wardenhq/warden/settings"
)

const usageLine = "serve [--addr 127.0.0.1:7878 | --socket PATH] [--tls-cert FILE --tls-key FILE] [--token-file FILE] [--agent-token-file FILE] [--approvers FILE] [--allow-remote] [--allow-host NAME]... [--cwd DIR] [--mode MODE] [--settings FILE]... [--no-audit]"

// serveGrace is how long the daemon waits, past the approval timeout, for
// the hooks and the classifier before it denies a decide call itself.
const serveGrace = 30 * time.Second

// Run is "warden serve": it parses args, starts the daemon and serves
// until ctx ends or SIGTERM or an interrupt arrives, and returns the exit
// code. backend, when set, supplies the state the daemon shares with a
// team (its flags are added to serve's); nil keeps every state in memory
// and on this machine's disk.
func Run(ctx context.Context, env Env, args []string, backend Backend) int {
	fs := newFlagSet(env, "serve", usageLine)
	var ef engineFlags
	ef.Register(fs)
	addr := fs.String("addr", "127.0.0.1:7878", "TCP `address` to listen on; port 0 picks a free one; loopback unless --allow-remote")
	socket := fs.String("socket", "", "listen on a Unix socket at `PATH` (mode 0600) instead of TCP; the tokens are required there too")
	tokenFile := fs.String("token-file", "", "keep the approver's token in `FILE` (created 0600 with a fresh token if missing) instead of a fresh one per start")
	agentTokenFile := fs.String("agent-token-file", "", "keep the agents' token in `FILE` (created 0600 with a fresh token if missing) instead of a fresh one per start")
	allowRemote := fs.Bool("allow-remote", false, "allow --addr on a non-loopback address (anyone who can reach it and holds the token can approve)")
	var allowHosts stringList
	fs.Var(&allowHosts, "allow-host", "host `NAME` browsers may use to reach the daemon, besides IP addresses and localhost (repeatable)")
	tlsCert := fs.String("tls-cert", "", "serve HTTPS with the certificate `FILE` (PEM; with --tls-key), for approvers on other machines")
	tlsKey := fs.String("tls-key", "", "the private key `FILE` (PEM) of --tls-cert")
	publicURL := fs.String("public-url", "", "the daemon's address as phones and other machines reach it (`URL`, e.g. https://warden.example.com), for the links notifications carry; default: the address it listens on")
	linkKeyFile := fs.String("link-key-file", "", "the key `FILE` answer links are signed with (hex, 0600; created when missing); default: the team's key on NATS, else link.key in the state directory")
	approversFile := fs.String("approvers", "", "the named approvers' `FILE` (warden approvers add NAME): each answers with a token of its own, recorded by name; approvals.route in the settings says who answers which ask")
	if backend != nil {
		backend.Flags(fs)
	}
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	if err := ef.CheckMode(); err != nil {
		return fail(env, "%v", err)
	}
	defCwd, err := ef.DefaultCwd()
	if err != nil {
		return fail(env, "%v", err)
	}
	base, err := ef.Load(env.Getenv, defCwd, "")
	if err != nil {
		return fail(env, "%s", oneLine(err))
	}
	for _, w := range base.Warnings {
		fmt.Fprintf(env.Stderr, "warden: warning: %s\n", w.String())
	}

	token, agentToken, err := serveTokens(*tokenFile, *agentTokenFile)
	if err != nil {
		return fail(env, "%v", err)
	}
	if *publicURL != "" {
		u, err := url.Parse(*publicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fail(env, "--public-url %q: want an http or https URL", *publicURL)
		}
		allowHosts = append(allowHosts, u.Hostname())
	}
	var named *approvers.Set
	if *approversFile != "" {
		if named, err = approvers.Load(*approversFile); err != nil {
			return fail(env, "--approvers: %v", err)
		}
	}
	ln, addrURL, err := serveListener(env, *addr, *socket, *allowRemote)
	if err != nil {
		return fail(env, "%v", err)
	}
	defer ln.Close()
	if *tlsCert != "" || *tlsKey != "" {
		if ln, addrURL, err = serveTLS(ln, addrURL, *tlsCert, *tlsKey); err != nil {
			return fail(env, "%v", err)
		}
	}

	timeout := time.Duration(base.Approvals.TimeoutSeconds) * time.Second
	if timeout <= 0 {
		timeout = settings.DefaultApprovalTimeoutSeconds * time.Second
	}
	logger := slog.New(slog.NewTextHandler(env.Stderr, nil))
	idle := time.Duration(base.Grants.SessionIdleMinutes) * time.Minute
	if idle <= 0 {
		idle = settings.DefaultSessionIdleMinutes * time.Minute
	}
	var shared Shared
	if backend != nil {
		info := BackendInfo{StateDir: StateDir(env.Getenv), Address: addrURL, AgentToken: agentToken,
			SessionIdle: idle, Stderr: env.Stderr}
		if !ef.NoAudit && !base.Audit.Disabled {
			key, err := audit.LoadDigestKey(audit.DefaultKeyPath(env.Getenv))
			if err != nil {
				return fail(env, "%v", err)
			}
			info.Audit = &AuditInfo{Redact: base.Audit.Redact, DigestKey: key}
		}
		sh, err := backend.Open(ctx, info)
		if err != nil {
			return fail(env, "%s", oneLine(err))
		}
		if sh.Close != nil {
			defer sh.Close()
		}
		shared = *sh
	}
	metrics := server.NewMetrics()
	var daemon *daemonEngines
	queue := server.NewQueue(server.QueueOptions{
		Timeout: timeout, Metrics: metrics, Store: shared.Asks, Daemon: shared.Name, Decisions: shared.Decisions, Logger: logger,
		// Asks are prompted only once the daemon's engines exist.
		Route: func(req api.Request, risk api.Risk) (server.Route, error) { return daemon.route(req, risk) },
	})
	daemon = &daemonEngines{
		env:     env,
		flags:   &ef,
		defCwd:  defCwd,
		queue:   queue,
		metrics: metrics,
		timeout: timeout,
		// Session grants made on the page live in the same per-session
		// files as the CLI's, so warden grants list shows them and
		// warden grants revoke removes them.
		grants:  grant.NewFileStore(grant.DefaultDir(env.Getenv), idle, nil),
		engines: map[string]*daemonEngine{},
	}
	if shared.Grants != nil {
		daemon.grants = shared.Grants
	}
	if *tokenFile != "" {
		daemon.secrets = []string{*tokenFile}
	}
	if *approversFile != "" {
		daemon.secrets = append(daemon.secrets, *approversFile)
		daemon.approvers = named
	}
	links, keyFile, err := linkSigner(*linkKeyFile, shared.LinkKey, StateDir(env.Getenv))
	if err != nil {
		return fail(env, "%v", err)
	}
	if keyFile != "" {
		daemon.secrets = append(daemon.secrets, keyFile)
	}
	notifyCtx, stopNotify := context.WithCancel(context.Background())
	notes := &notifier{
		daemon: daemon, links: links, base: linkBase(*publicURL, addrURL),
		sender: &notify.Sender{Logger: logger, Backoff: notifyBackoff}, getenv: env.Getenv, log: logger, ctx: notifyCtx,
	}
	defer func() { stopNotify(); notes.wg.Wait() }()
	queue.OnQueued(notes.queued)
	var auditLog server.AuditReader
	if !ef.NoAudit && !base.Audit.Disabled {
		sink, err := openAudit(env, base)
		if err != nil {
			return fail(env, "%v", err)
		}
		daemon.audit = sink
		auditLog = server.FileAuditReader(setup.AuditPath(env.Getenv, base))
		if shared.Audit != nil {
			daemon.audit = audit.SinkFunc(func(ctx context.Context, r audit.Record) error {
				return errors.Join(sink.Write(ctx, r), shared.Audit.Write(ctx, r))
			})
		}
		if shared.AuditLog != nil {
			auditLog = shared.AuditLog
		}
		if name := shared.Name; name != "" {
			// Every record names the daemon that decided, in the file as
			// in the team's stream.
			inner := daemon.audit
			daemon.audit = audit.SinkFunc(func(ctx context.Context, r audit.Record) error {
				r.Daemon = name
				return inner.Write(ctx, r)
			})
		}
	}
	// Build the engine of the default project now: a broken settings file
	// fails the start, and the first call is as fast as the others.
	if _, _, err := daemon.engineFor(api.Request{Cwd: defCwd}); err != nil {
		return fail(env, "%s", oneLine(err))
	}
	tuneGC(env)
	srv := server.New(daemon, server.Options{
		Token:      token,
		AgentToken: agentToken,
		Queue:      queue,
		Metrics:    metrics,
		// approvals.timeoutSeconds is reloaded with the rules (each
		// project's coordinator enforces its own); this is the backstop.
		DecideTimeout: max(timeout, maxReloadedTimeout) + serveGrace,
		AllowedHosts:  allowHosts,
		Logger:        logger,
		Agents:        agents.Adapters(),
		Audit:         auditLog,
		Approvers:     named,
		Mailbox:       shared.Mailbox,
		Links:         links,
	})

	// The first line is the approver's (the page's link); the second is
	// what agents are given, and holds only the agents' token.
	fmt.Fprintf(env.Stdout, "listening on %s\n", approverLink(addrURL, token))
	fmt.Fprintf(env.Stdout, "agents: WARDEN_SERVER=%s WARDEN_TOKEN=%s\n", addrURL, agentToken)
	if named != nil {
		fmt.Fprintf(env.Stderr, "warden: approvers: %s (each opens %s/?token=THEIR_TOKEN)\n", orNone(named.Names()), strings.TrimSuffix(addrURL, "/"))
	}
	if f, ok := env.Stdout.(interface{ Sync() error }); ok {
		_ = f.Sync()
	}

	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, os.Interrupt)
	defer stop()
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		if err != nil {
			return fail(env, "%v", err)
		}
		return exitOK
	case <-ctx.Done():
	}
	fmt.Fprintln(env.Stderr, "warden: shutting down: denying pending asks")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fail(env, "%v", err)
	}
	if err := <-served; err != nil {
		return fail(env, "%v", err)
	}
	if *socket != "" {
		_ = os.Remove(*socket)
	}
	return exitOK
}

// notifyBackoff is the notifications' retry backoff; nil means
// notify.DefaultBackoff (tests shorten it).
var notifyBackoff []time.Duration

// linkSigner returns the signer of answer links: the key of file when
// given, else the team's (shared by its daemons), else the state
// directory's link.key. It returns the file the key is kept in, a secret
// no agent call may read.
func linkSigner(file string, teamKey []byte, stateDir string) (*server.LinkSigner, string, error) {
	key := teamKey
	if file != "" || key == nil {
		if file == "" {
			file = filepath.Join(stateDir, "link.key")
		}
		k, err := server.LoadLinkKey(file)
		if err != nil {
			return nil, "", fmt.Errorf("--link-key-file: %w", err)
		}
		key = k
	}
	ls, err := server.NewLinkSigner(key)
	if err != nil {
		return nil, "", err
	}
	return ls, file, nil
}

// The daemon's garbage collector trades a little memory for throughput: a
// decision allocates a few kilobytes, so collecting less often saves CPU on
// every call, while the memory limit keeps the process small. GOGC and
// GOMEMLIMIT, when set, win.
const (
	serveGCPercent   = 400
	serveMemoryLimit = 40 << 20
)

func tuneGC(env Env) {
	if env.Getenv("GOGC") == "" {
		debug.SetGCPercent(serveGCPercent)
	}
	if env.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(serveMemoryLimit)
	}
}

// serveListener opens the listener and returns it with the daemon's
// address as clients name it: http://HOST:PORT or unix:PATH.
func serveListener(env Env, addr, socket string, allowRemote bool) (net.Listener, string, error) {
	if socket != "" {
		ln, err := server.ListenUnix(socket)
		if err != nil {
			return nil, "", err
		}
		abs, err := filepath.Abs(socket)
		if err != nil {
			abs = socket
		}
		return ln, "unix:" + abs, nil
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, "", fmt.Errorf("--addr %q: %w", addr, err)
	}
	if !isLoopbackHost(host) {
		if !allowRemote {
			return nil, "", fmt.Errorf("--addr %s is not a loopback address: pass --allow-remote to listen there", addr)
		}
		fmt.Fprintf(env.Stderr, "warden: warning: listening on %s, beyond this machine: anyone who can reach it and holds the approver's token can approve tool calls; prefer TLS in front of it\n", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, "", err
	}
	shown := ln.Addr().String()
	if h, p, err := net.SplitHostPort(shown); err == nil && (h == "0.0.0.0" || h == "::") {
		// Listening everywhere: show an address people can reach from
		// elsewhere (with --allow-remote), else loopback.
		host := "127.0.0.1"
		if allowRemote {
			host = ReachableHost()
		}
		shown = net.JoinHostPort(host, p)
	}
	return ln, "http://" + shown, nil
}

// approverLink is the first start-up line's link: the page's address with
// the approver's token, which logs a browser in.
func approverLink(base, token string) string {
	if strings.HasPrefix(base, "unix:") {
		return base + "?token=" + token
	}
	return base + "/?token=" + token
}

// serveTokens returns the approver's and the agents' tokens: fresh ones, or
// those kept in the files. The two must differ, or an agent could approve.
func serveTokens(approverFile, agentFile string) (string, string, error) {
	if approverFile != "" && agentFile != "" && filepath.Clean(approverFile) == filepath.Clean(agentFile) {
		return "", "", errors.New("--token-file and --agent-token-file must be different files: the agents must not hold the approver's token")
	}
	approver, err := serveToken(approverFile)
	if err != nil {
		return "", "", err
	}
	agent, err := serveToken(agentFile)
	if err != nil {
		return "", "", err
	}
	if agent == approver {
		return "", "", errors.New("the approver's and the agents' tokens are the same: give each its own file")
	}
	return approver, agent, nil
}

func isLoopbackHost(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// serveToken returns a fresh random token, or the one kept in file
// (creating it, 0600, when missing).
func serveToken(file string) (string, error) {
	fresh := func() string {
		var b [24]byte
		_, _ = rand.Read(b[:])
		return hex.EncodeToString(b[:])
	}
	if file == "" {
		return fresh(), nil
	}
	data, err := os.ReadFile(file)
	switch {
	case err == nil:
		tok := strings.TrimSpace(string(data))
		if len(tok) < 16 {
			return "", fmt.Errorf("token file %s: the token must be at least 16 characters", file)
		}
		return tok, nil
	case errors.Is(err, fs.ErrNotExist):
		tok := fresh()
		f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return "", fmt.Errorf("token file: %w", err)
		}
		if _, err := f.WriteString(tok + "\n"); err != nil {
			f.Close()
			return "", fmt.Errorf("token file: %w", err)
		}
		if err := f.Close(); err != nil {
			return "", fmt.Errorf("token file: %w", err)
		}
		return tok, nil
	default:
		return "", fmt.Errorf("token file: %w", err)
	}
}

// daemonEngines is the daemon's engine: it routes each request to the engine
// of its project (settings are per project), sharing one approval queue,
// one session grant store and one audit log across all of them. A project's
// engine is rebuilt when one of its settings files changes.
type daemonEngines struct {
	env     Env
	flags   *engineFlags
	defCwd  string
	queue   *server.Queue
	metrics *server.Metrics
	timeout time.Duration
	grants  grant.Store
	audit   audit.Sink
	// secrets are the files holding the approver's token: no agent call
	// may read or edit them.
	secrets []string
	// approvers are the named approvers (nil: none); the routes of every
	// project's settings must name only them.
	approvers *approvers.Set

	mu      sync.Mutex
	engines map[string]*daemonEngine // by cwd
	// modes remembers each session's mode from the parent agent's calls,
	// so that its sub-agents never decide in a wider one.
	modes sessionModes
}

var _ server.Engine = (*daemonEngines)(nil)

// daemonEngine is one project's engine and the state of its settings files.
type daemonEngine struct {
	engine  *warden.Engine
	st      *settings.Settings
	opts    settings.LoadOptions
	stamp   string
	checked atomic.Int64 // unix nanoseconds of the last look at the files
}

// maxReloadedTimeout bounds an approval timeout read from settings while
// the daemon runs (the HTTP backstop is set once, at start).
const maxReloadedTimeout = time.Hour

// settingsRecheck is how often a project's settings files are looked at.
const settingsRecheck = time.Second

// maxProjectEngines bounds the cache; past it, it starts afresh.
const maxProjectEngines = 512

func (d *daemonEngines) Check(ctx context.Context, req api.Request) (api.Decision, error) {
	e, req, err := d.engineFor(d.modes.bound(req))
	if err != nil {
		return api.Decision{}, err
	}
	return e.Check(ctx, req)
}

func (d *daemonEngines) Decide(ctx context.Context, req api.Request) (api.Decision, error) {
	e, req, err := d.engineFor(d.modes.bound(req))
	if err != nil {
		return api.Decision{}, err
	}
	return e.Decide(ctx, req)
}

// DecideAuto settles an auto-mode ask of an agent that asks its person:
// the project's classifier, and the page for an ask the agent would not
// put to its person.
func (d *daemonEngines) DecideAuto(ctx context.Context, req api.Request, handOn func(api.Decision) bool) (api.Decision, error) {
	e, req, err := d.engineFor(d.modes.bound(req))
	if err != nil {
		return api.Decision{}, err
	}
	return e.DecideAuto(ctx, req, handOn, "", nil)
}

var _ server.AutoDecider = (*daemonEngines)(nil)

func (d *daemonEngines) engineFor(req api.Request) (*warden.Engine, api.Request, error) {
	de, req, err := d.projectFor(req)
	if err != nil {
		return nil, req, err
	}
	return de.engine, req, nil
}

// route is the queue's RouteFunc: the first approvals.route of the ask's
// project that matches it.
func (d *daemonEngines) route(req api.Request, risk api.Risk) (server.Route, error) {
	de, req, err := d.projectFor(req)
	if err != nil {
		return server.Route{}, err
	}
	dir := req.ProjectDir
	if dir == "" {
		dir = de.st.ProjectRoot
	}
	if dir == "" {
		dir = req.Cwd
	}
	r := de.st.RouteFor(risk, dir)
	if r == nil {
		return server.Route{}, nil
	}
	return server.Route{Approvers: r.Approvers, Where: r.Where()}, nil
}

// checkApprovers fails settings whose routes or receivers name an
// approver the daemon does not have.
func (d *daemonEngines) checkApprovers(st *settings.Settings) error {
	known := func(name, where string) error {
		switch {
		case d.approvers == nil:
			return fmt.Errorf("%s names approver %q, but this daemon has no approvers: start it with --approvers FILE (warden approvers add %s)", where, name, name)
		case !d.approvers.Has(name):
			return fmt.Errorf("%s names approver %q, who is not in the approvers file (the approvers are %s; warden approvers add %s)", where, name, orNone(d.approvers.Names()), name)
		}
		return nil
	}
	for _, r := range st.Approvals.Route {
		for _, a := range r.Approvers {
			if err := known(a, r.Where()); err != nil {
				return err
			}
		}
	}
	for _, n := range st.Approvals.Notify {
		if n.Approver != "" {
			if err := known(n.Approver, n.Where()); err != nil {
				return err
			}
		}
	}
	return nil
}

func orNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

func (d *daemonEngines) projectFor(req api.Request) (*daemonEngine, api.Request, error) {
	if req.Cwd == "" {
		req.Cwd = d.defCwd
	}
	if !filepath.IsAbs(req.Cwd) {
		return nil, req, fmt.Errorf("%w: cwd %q is not absolute", server.ErrInvalidRequest, req.Cwd)
	}
	req.Cwd = filepath.Clean(req.Cwd)
	if req.ProjectDir != "" && !filepath.IsAbs(req.ProjectDir) {
		return nil, req, fmt.Errorf("%w: project_dir %q is not absolute", server.ErrInvalidRequest, req.ProjectDir)
	}
	key := req.ProjectDir + "\x00" + req.Cwd
	d.mu.Lock()
	de := d.engines[key]
	d.mu.Unlock()
	now := time.Now()
	if de != nil {
		last := de.checked.Load()
		if now.UnixNano()-last < int64(settingsRecheck) || !de.checked.CompareAndSwap(last, now.UnixNano()) {
			return de, req, nil
		}
		if settingsStamp(de.opts) == de.stamp {
			return de, req, nil
		}
	}
	de, err := d.build(req.Cwd, req.ProjectDir)
	if err != nil {
		return nil, req, err
	}
	de.checked.Store(now.UnixNano())
	d.mu.Lock()
	if len(d.engines) >= maxProjectEngines {
		d.engines = map[string]*daemonEngine{}
	}
	d.engines[key] = de
	d.mu.Unlock()
	return de, req, nil
}

func (d *daemonEngines) build(cwd, projectDir string) (*daemonEngine, error) {
	opts := d.flags.LoadOptions(d.env.Getenv, cwd, projectDir)
	stamp := settingsStamp(opts)
	st, err := settings.Load(opts)
	if err != nil {
		return nil, err
	}
	if err := d.checkApprovers(st); err != nil {
		return nil, err
	}
	dec, err := newDeciders(d.env, st, d.hookLog)
	if err != nil {
		return nil, err
	}
	// Auto-mode calls are decided without the page; the daemon holds the
	// sessions, so it counts their denials in memory.
	headless := handler.NewHeadless(handler.HeadlessConfig{
		Hooks: dec.Hooks, Classifier: dec.Unattended, Timeout: dec.Timeout,
		Denials: handler.NewDenialCounter(handler.DenialLimits{
			MaxConsecutive: st.AutoMode.MaxConsecutiveDenials, MaxTotal: st.AutoMode.MaxTotalDenials}),
	})
	wopts := append(d.flags.Options(d.env.Getenv, st, cwd),
		warden.WithHandler(d.coordinator(dec)), warden.WithHeadless(headless), warden.WithGrants(d.grants),
		warden.WithFrontEnd("serve"), warden.WithSecrets(d.secrets...))
	if d.audit != nil {
		wopts = append(wopts, warden.WithAudit(d.audit))
	}
	e, err := warden.New(wopts...)
	if err != nil {
		return nil, err
	}
	return &daemonEngine{engine: e, st: st, opts: opts, stamp: stamp}, nil
}

// coordinator is the handler of DESIGN §1 for one project: its
// PermissionRequest hooks, then a configured model classifier, then the
// approval page.
func (d *daemonEngines) coordinator(dec *setup.Deciders) handler.Handler {
	// The approval timeout comes from the project's settings as they are
	// now: a changed approvals.timeoutSeconds applies from the next call.
	timeout := d.timeout
	if dec.Timeout > 0 {
		timeout = min(dec.Timeout, maxReloadedTimeout)
	}
	cfg := handler.CoordinatorConfig{
		Prompter: d.queue,
		Explain:  dec.Explain,
		Timeout:  timeout,
	}
	if dec.Classifier != nil {
		cfg.Classifier = countFailures(dec.Classifier, func(v handler.Verdict) { d.metrics.ClassifierFailed(orUnknown(v.Reason.Classifier)) })
	}
	if dec.Hooks != nil {
		cfg.Hooks = countFailures(dec.Hooks, func(v handler.Verdict) { d.metrics.HookFailed(orUnknown(v.Reason.Hook)) })
	}
	return handler.NewCoordinator(cfg)
}

// countFailures reports every failure of dec to failed (for the metrics)
// and passes its verdicts and errors on unchanged.
func countFailures(dec handler.Decider, failed func(handler.Verdict)) handler.Decider {
	return handler.DeciderFunc(func(ctx context.Context, ask *handler.Ask) (handler.Verdict, error) {
		v, err := dec.Decide(ctx, ask)
		if err != nil && ctx.Err() == nil {
			failed(v)
		}
		return v, err
	})
}

func orUnknown(name string) string {
	if name == "" {
		return "unknown"
	}
	return name
}

func (d *daemonEngines) hookLog(format string, args ...any) {
	fmt.Fprintf(d.env.Stderr, "warden: hook: "+format+"\n", args...)
}

// settingsStamp identifies the state of every settings file the options
// discover: path, size and modification time (or absence).
func settingsStamp(opts settings.LoadOptions) string {
	var b strings.Builder
	for _, f := range settings.Discover(opts) {
		b.WriteString(f.Path)
		if fi, err := os.Stat(f.Path); err == nil {
			fmt.Fprintf(&b, ":%d:%d", fi.Size(), fi.ModTime().UnixNano())
		} else {
			b.WriteString(":-")
		}
		b.WriteByte(0)
	}
	return b.String()
}

// sessionModes is the daemon's memory of each session's mode, from the
// parent agent's own calls.
type sessionModes struct {
	mu    sync.Mutex
	modes map[string]api.Mode
}

// maxSessionModes bounds the memory; past it, it starts afresh (sub-agents
// of forgotten sessions fall back to default, the strict side).
const maxSessionModes = 10000

// bound remembers the mode of a parent's call, and gives a sub-agent's
// call the stricter of its own mode and its parent session's.
func (m *sessionModes) bound(req api.Request) api.Request {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !warden.IsSubagent(req) {
		if req.SessionID != "" {
			if m.modes == nil || len(m.modes) >= maxSessionModes {
				m.modes = map[string]api.Mode{}
			}
			m.modes[req.SessionID] = req.PermissionMode
		}
		return req
	}
	parent, ok := m.modes[req.SessionID]
	if !ok {
		parent = api.ModeDefault
	}
	req.PermissionMode = warden.StricterMode(req.PermissionMode, parent)
	return req
}

// EngineConfig configures the daemon's engine outside Run (in tests of
// the front ends that drive it).
type EngineConfig struct {
	Env     Env
	Cwd     string // of requests that carry none
	Queue   *server.Queue
	Timeout time.Duration
	Grants  grant.Store
}

// NewEngine returns the daemon's engine: one engine per project, sharing
// cfg's queue and grants, with no audit.
func NewEngine(cfg EngineConfig) server.Engine {
	return &daemonEngines{
		env: cfg.Env, flags: &engineFlags{NoAudit: true}, defCwd: cfg.Cwd, queue: cfg.Queue,
		timeout: cfg.Timeout, grants: cfg.Grants, engines: map[string]*daemonEngine{},
	}
}

// ReachableHost is an address of this machine that other machines can
// reach: its first non-loopback unicast IPv4 address (else IPv6), or
// 127.0.0.1 when it has none.
func ReachableHost() string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return "127.0.0.1"
	}
	var v6 string
	for _, a := range addrs {
		ipn, ok := a.(*net.IPNet)
		if !ok || ipn.IP.IsLoopback() || !ipn.IP.IsGlobalUnicast() {
			continue
		}
		if ip4 := ipn.IP.To4(); ip4 != nil {
			return ip4.String()
		}
		if v6 == "" {
			v6 = ipn.IP.String()
		}
	}
	if v6 != "" {
		return v6
	}
	return "127.0.0.1"
}

// serveTLS wraps ln in TLS with the certificate and key files; the
// daemon's address becomes https.
func serveTLS(ln net.Listener, addrURL, certFile, keyFile string) (net.Listener, string, error) {
	if certFile == "" || keyFile == "" {
		return nil, "", errors.New("--tls-cert and --tls-key go together")
	}
	if !strings.HasPrefix(addrURL, "http://") {
		return nil, "", errors.New("--tls-cert serves TCP: it cannot be combined with --socket")
	}
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, "", fmt.Errorf("--tls-cert/--tls-key: %w", err)
	}
	cfg := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	return tls.NewListener(ln, cfg), "https://" + strings.TrimPrefix(addrURL, "http://"), nil
}

// RecordRan records in the daemon's audit log a report, through the hook
// endpoint, that a call ran (server.RanRecorder).
func (d *daemonEngines) RecordRan(ctx context.Context, ran agent.Ran) error {
	if d.audit == nil {
		return nil
	}
	if ran.Call.Request.Cwd == "" {
		ran.Call.Request.Cwd = d.defCwd
	}
	return d.audit.Write(ctx, setup.RanRecord(ran, "serve"))
}

var _ server.RanRecorder = (*daemonEngines)(nil)
