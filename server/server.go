package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/approvers"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/mailbox"
)

// Engine is what the daemon needs from the decision engine; *warden.Engine
// satisfies it.
type Engine interface {
	// Check runs the pipeline and answers at once; an ask stays ask.
	Check(ctx context.Context, req api.Request) (api.Decision, error)
	// Decide runs the pipeline and resolves an ask with the engine's
	// handler, which in the daemon queues it for a person.
	Decide(ctx context.Context, req api.Request) (api.Decision, error)
}

// AutoDecider is implemented by an Engine that settles an auto-mode ask
// for an agent that puts the rest to its person (*warden.Engine.DecideAuto
// has the contract). The hook endpoint uses it when the engine has it, and
// otherwise answers such a call with Check.
type AutoDecider interface {
	DecideAuto(ctx context.Context, req api.Request, handOn func(api.Decision) bool) (api.Decision, error)
}

// EngineFuncs adapts a pair of functions to an Engine.
type EngineFuncs struct {
	CheckFunc  func(ctx context.Context, req api.Request) (api.Decision, error)
	DecideFunc func(ctx context.Context, req api.Request) (api.Decision, error)
}

var _ Engine = EngineFuncs{}

// Check calls CheckFunc.
func (f EngineFuncs) Check(ctx context.Context, req api.Request) (api.Decision, error) {
	return f.CheckFunc(ctx, req)
}

// Decide calls DecideFunc.
func (f EngineFuncs) Decide(ctx context.Context, req api.Request) (api.Decision, error) {
	return f.DecideFunc(ctx, req)
}

// Defaults for Options.
const (
	// DefaultDecideTimeout bounds POST /v1/decide when Options leave it unset.
	DefaultDecideTimeout = DefaultPromptTimeout + 30*time.Second
	// DefaultMaxBodyBytes caps request bodies when Options leave it unset.
	DefaultMaxBodyBytes = 1 << 20
	// DefaultHeartbeat is how often an idle event stream gets a comment, so
	// proxies and phones keep it open.
	DefaultHeartbeat = 15 * time.Second
	// DefaultPerson is the name recorded for answers given on the page.
	DefaultPerson = "web"
	// DefaultHeaderTimeout bounds reading a request's headers.
	DefaultHeaderTimeout = 10 * time.Second
	// DefaultBodyTimeout bounds reading a request's body.
	DefaultBodyTimeout = 10 * time.Second
	// shortWriteTimeout bounds writing the answer of an endpoint that
	// answers at once, so a client that never reads cannot hold a
	// connection.
	shortWriteTimeout = 30 * time.Second
)

// CookieName is the cookie that keeps the page's browser logged in.
const CookieName = "warden_session"

// Options configures a Server. The zero value means all defaults, with no
// token: only right for a Unix socket, whose file permissions are the
// authentication.
type Options struct {
	// Token is the approver's bearer token: the page, the pending asks and
	// their answers, the event stream, the metrics, the leader's side of the
	// mailbox, and everything AgentToken may do. Empty disables
	// authentication altogether (a Unix socket reachable only by a person).
	Token string
	// AgentToken is the agents' bearer token: POST /v1/check, POST
	// /v1/decide, the asking side of the mailbox and GET /healthz, and
	// nothing else (403). Empty means only the approver's token opens them.
	AgentToken string
	// HeaderTimeout bounds reading a request's headers; zero means
	// DefaultHeaderTimeout.
	HeaderTimeout time.Duration
	// BodyTimeout bounds reading a request's body, from the moment its
	// handler starts; zero means DefaultBodyTimeout. Answers that wait
	// (POST /v1/decide, the event stream, the mailbox's long polls) are not
	// bounded by it once the body is in.
	BodyTimeout time.Duration
	// Queue is the approval queue the engine's handler prompts through; nil
	// means a fresh one (then asks can only come from this server's Queue()).
	Queue *Queue
	// Metrics receives the daemon's metrics; nil means fresh ones.
	Metrics *Metrics
	// Clock is the time source; nil means the system clock.
	Clock Clock
	// DecideTimeout bounds POST /v1/decide; past it the answer is deny with
	// reason type timeout. Zero means DefaultDecideTimeout.
	DecideTimeout time.Duration
	// AllowedHosts are extra host names (without port) the Host header may
	// carry; IP addresses and localhost are always allowed.
	AllowedHosts []string
	// MaxBodyBytes caps request bodies; zero means DefaultMaxBodyBytes.
	MaxBodyBytes int64
	// Heartbeat is the interval of keep-alive comments on event streams;
	// zero means DefaultHeartbeat.
	Heartbeat time.Duration
	// Person is the name recorded for answers given on the page; empty means
	// DefaultPerson.
	Person string
	// Mailbox is the store swarm workers forward asks through; nil means a
	// fresh in-memory one.
	Mailbox MailboxStore
	// Leader is the leader name whose forwarded asks the daemon puts on its
	// own approval queue; empty means DefaultLeader.
	Leader string
	// Agents are the hook protocols POST /v1/hooks/{agent} speaks, by
	// agent name; nil means none.
	Agents map[string]agent.Adapter
	// Logger receives errors the server cannot report to a caller; nil means
	// slog.Default().
	Logger *slog.Logger
	// Audit is the audit log GET /v1/audit reads (the approver's only);
	// nil means the daemon serves none.
	Audit AuditReader
	// Approvers are the named approvers (warden serve --approvers): each
	// token opens the page, the pending asks, their answers and the event
	// stream, and nothing else; an answer is recorded under the approver's
	// name, and an ask a route gives to some approvers is answered only by
	// them. Nil means none: the approver's Token answers everything. They
	// need Token to be set.
	Approvers *approvers.Set
	// Links, when set, signs and checks the answer links notifications
	// carry (GET and POST /v1/link/{id}); nil means no link answers.
	Links *LinkSigner
}

// Server is the daemon's HTTP side: the API of DESIGN §6, the event stream
// and the approval page.
type Server struct {
	engine  Engine
	opts    Options
	queue   *Queue
	metrics *Metrics
	clock   Clock
	log     *slog.Logger
	mux     *http.ServeMux
	hosts   map[string]bool
	box     MailboxStore
	// approverKey and agentKey are digests of the tokens (nil when unset),
	// compared in constant time.
	approverKey, agentKey []byte
	bridge                *mailboxBridge
	links                 *LinkSigner
	// stopCtx ends the long waits (mailbox polls, the bridge) at shutdown.
	stopCtx context.Context
	stopAll context.CancelFunc

	mu       sync.Mutex
	servers  []*http.Server
	stopping chan struct{}
	stopped  bool
	inflight sync.WaitGroup // engine calls started by /v1/decide
}

// New returns a server answering with engine.
func New(engine Engine, opts Options) *Server {
	s := &Server{
		engine:   engine,
		opts:     opts,
		queue:    opts.Queue,
		metrics:  opts.Metrics,
		clock:    opts.Clock,
		log:      opts.Logger,
		stopping: make(chan struct{}),
		hosts:    map[string]bool{"localhost": true},
	}
	if s.clock == nil {
		s.clock = SystemClock{}
	}
	if s.metrics == nil {
		s.metrics = NewMetrics()
	}
	if s.queue == nil {
		s.queue = NewQueue(QueueOptions{Clock: s.clock, Metrics: s.metrics})
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.opts.DecideTimeout <= 0 {
		s.opts.DecideTimeout = DefaultDecideTimeout
	}
	if s.opts.MaxBodyBytes <= 0 {
		s.opts.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if s.opts.Heartbeat <= 0 {
		s.opts.Heartbeat = DefaultHeartbeat
	}
	if s.opts.Person == "" {
		s.opts.Person = DefaultPerson
	}
	if s.opts.HeaderTimeout <= 0 {
		s.opts.HeaderTimeout = DefaultHeaderTimeout
	}
	if s.opts.BodyTimeout <= 0 {
		s.opts.BodyTimeout = DefaultBodyTimeout
	}
	s.links = opts.Links
	s.approverKey = tokenKey(opts.Token)
	s.agentKey = tokenKey(opts.AgentToken)
	s.box = opts.Mailbox
	if s.box == nil {
		s.box = mailbox.NewMemory()
	}
	leader := opts.Leader
	if leader == "" {
		leader = DefaultLeader
	}
	s.bridge = &mailboxBridge{box: s.box, queue: s.queue, leader: leader, waiting: map[string]context.CancelFunc{}}
	s.stopCtx, s.stopAll = context.WithCancel(context.Background())
	s.bridge.wg.Go(func() { s.bridge.run(s.stopCtx) })
	for _, h := range opts.AllowedHosts {
		s.hosts[strings.ToLower(h)] = true
	}
	s.routes()
	return s
}

// Queue returns the approval queue, the Prompter the engine's coordinator
// should use.
func (s *Server) Queue() *Queue { return s.queue }

// Metrics returns the server's metrics.
func (s *Server) Metrics() *Metrics { return s.metrics }

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler { return http.HandlerFunc(s.serveHTTP) }

// Serve accepts connections on ln until Shutdown. It returns nil after a
// shutdown, like http.ErrServerClosed but quieter.
func (s *Server) Serve(ln net.Listener) error {
	// No ReadTimeout or WriteTimeout: they would cut the answers that wait
	// (decide, events, long polls). serveHTTP bounds each request's body and
	// each quick answer instead.
	hs := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: s.opts.HeaderTimeout,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	s.mu.Lock()
	if s.stopped {
		s.mu.Unlock()
		_ = ln.Close()
		return nil
	}
	s.servers = append(s.servers, hs)
	s.mu.Unlock()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("server: %w", err)
	}
	return nil
}

// Shutdown stops the daemon gracefully: every pending ask and every waiting
// POST /v1/decide is answered deny with reason "shutdown", event streams end,
// the listeners close, and it waits (bounded by ctx) for requests in flight
// and for the engine to finish the calls it was making, so their audit
// records are written.
func (s *Server) Shutdown(ctx context.Context) error {
	// The queue first: every pending ask is resolved "shutdown" before the
	// decide calls waiting on them hear that the daemon stops (which would
	// withdraw them instead).
	s.queue.Close()
	s.mu.Lock()
	if !s.stopped {
		s.stopped = true
		close(s.stopping)
	}
	servers := s.servers
	s.mu.Unlock()
	s.stopAll()
	var errs []error
	for _, hs := range servers {
		if err := hs.Shutdown(ctx); err != nil {
			errs = append(errs, err)
		}
	}
	done := make(chan struct{})
	go func() { s.inflight.Wait(); s.bridge.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		errs = append(errs, fmt.Errorf("waiting for the engine: %w", ctx.Err()))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("server: shutdown: %w", err)
	}
	return nil
}

func (s *Server) routes() {
	mux := http.NewServeMux()
	s.mux = mux
	method := func(pattern, allow string, h http.HandlerFunc) {
		mux.HandleFunc(allow+" "+pattern, h)
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Allow", allow)
			writeError(w, http.StatusMethodNotAllowed, "method_not_allowed", fmt.Sprintf("%s %s: use %s", r.Method, r.URL.Path, allow))
		})
	}
	method("/v1/check", http.MethodPost, s.forAgents(s.handleCheck))
	method("/v1/decide", http.MethodPost, s.forAgents(s.longLived(s.handleDecide)))
	method("/v1/pending", http.MethodGet, s.forAnswerer(s.handlePending))
	method("/v1/pending/{id}", http.MethodPost, s.forAnswerer(s.handleAnswer))
	method("/v1/events", http.MethodGet, s.forAnswerer(s.longLived(s.handleEvents)))
	method("/v1/whoami", http.MethodGet, s.forAnswerer(s.handleWhoami))
	// A link's signature is its credential: it answers one ask, once.
	mux.HandleFunc("GET /v1/link/{id}", s.handleLinkPage)
	mux.HandleFunc("POST /v1/link/{id}", s.handleLinkAnswer)
	method("/healthz", http.MethodGet, s.forAgents(s.handleHealth))
	method("/v1/hooks/{agent}", http.MethodPost, s.forAgents(s.longLived(s.handleHook)))
	method("/metrics", http.MethodGet, s.forApprover(s.metrics.Handler().ServeHTTP))
	method("/v1/audit", http.MethodGet, s.forApprover(s.handleAudit))
	s.mailboxRoutes(method)
	method("/{$}", http.MethodGet, s.handlePage)
	assets, err := fs.Sub(webFiles, "web")
	if err != nil {
		panic(err) // the embedded tree always has web/
	}
	mux.Handle("GET /assets/", http.StripPrefix("/assets/", http.FileServerFS(assets)))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "not_found", "no such endpoint: "+r.URL.Path)
	})
}

// serveHTTP refuses foreign hosts and origins, caps bodies, then routes.
func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.hostAllowed(r.Host) {
		writeError(w, http.StatusForbidden, "forbidden_host", fmt.Sprintf("host %q is not this daemon's; use the address it printed", r.Host))
		return
	}
	if origin := r.Header.Get("Origin"); origin != "" && !sameOrigin(origin, r.Host) {
		writeError(w, http.StatusForbidden, "forbidden_origin", fmt.Sprintf("requests from origin %q are refused", origin))
		return
	}
	rc := http.NewResponseController(w)
	if r.Body != nil && r.Body != http.NoBody {
		// A body must arrive in time; once it is in, the deadline goes, so
		// an answer that waits is not cut off by it.
		_ = rc.SetReadDeadline(time.Now().Add(s.opts.BodyTimeout))
		r.Body = &deadlineBody{ReadCloser: http.MaxBytesReader(w, r.Body, s.opts.MaxBodyBytes), rc: rc}
	}
	_ = rc.SetWriteDeadline(time.Now().Add(shortWriteTimeout))
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	s.mux.ServeHTTP(w, r)
}

// hostAllowed reports whether a Host header names this daemon: an IP
// address (which DNS rebinding cannot forge), localhost, or an allowed name.
// An empty Host (HTTP/1.0) is refused.
func (s *Server) hostAllowed(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if host == "" {
		return false
	}
	if net.ParseIP(host) != nil {
		return true
	}
	return s.hosts[strings.ToLower(host)]
}

// sameOrigin reports whether origin is the page's own: http or https on
// exactly the requested host and port.
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return strings.EqualFold(u.Host, host)
}

// role is what a request's credential may do.
type role int

const (
	roleNone     role = iota // no credential, or a wrong one
	roleAgent                // the agents' token
	roleNamed                // a named approver's token
	roleApprover             // the approver's token (or no authentication)
)

// Answerer is who gives an answer: a named approver, or (Approver empty)
// the holder of the daemon's own approver's token.
type Answerer struct {
	// Approver is the named approver's name; empty for the daemon's token.
	Approver string
}

// principalKey carries the request's Answerer in its context.
type principalKey struct{}

// answererOf returns who the request's credential is.
func answererOf(r *http.Request) Answerer {
	a, _ := r.Context().Value(principalKey{}).(Answerer)
	return a
}

// person is the name an answer of who is recorded under.
func (s *Server) person(who Answerer) string {
	if who.Approver != "" {
		return who.Approver
	}
	return s.opts.Person
}

// forAgents wraps h so it runs with the agents' token or the approver's.
func (s *Server) forAgents(h http.HandlerFunc) http.HandlerFunc {
	return s.requireRole(roleAgent, h)
}

// forAnswerer wraps h so it runs with a named approver's token or the
// approver's: the page's own endpoints.
func (s *Server) forAnswerer(h http.HandlerFunc) http.HandlerFunc {
	return s.requireRole(roleNamed, h)
}

// forApprover wraps h so it runs only with the approver's token (or the
// page's cookie); the agents' token and the named approvers' get 403.
func (s *Server) forApprover(h http.HandlerFunc) http.HandlerFunc {
	return s.requireRole(roleApprover, h)
}

// authed is forApprover: an endpoint not declared open to agents is the
// approver's.
func (s *Server) authed(h http.HandlerFunc) http.HandlerFunc { return s.forApprover(h) }

func (s *Server) requireRole(need role, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		got, name, res := s.authenticate(r)
		switch {
		case res == authMissing:
			w.Header().Set("WWW-Authenticate", `Bearer realm="warden"`)
			writeError(w, http.StatusUnauthorized, "unauthorized", "missing token: send Authorization: Bearer TOKEN (the token printed by warden serve)")
		case res == authWrong:
			w.Header().Set("WWW-Authenticate", `Bearer realm="warden", error="invalid_token"`)
			writeError(w, http.StatusUnauthorized, "unauthorized", "wrong token")
		case got < need && got == roleNamed:
			writeError(w, http.StatusForbidden, "forbidden", fmt.Sprintf("%s %s needs the daemon's approver's token; approver %q may open the page, list and answer asks and follow the event stream", r.Method, r.URL.Path, name))
		case got < need:
			writeError(w, http.StatusForbidden, "forbidden", fmt.Sprintf("%s %s needs the approver's token; the agents' token may only check, decide, ask through the mailbox and read /healthz", r.Method, r.URL.Path))
		default:
			if got == roleNamed {
				r = r.WithContext(context.WithValue(r.Context(), principalKey{}, Answerer{Approver: name}))
			}
			h(w, r)
		}
	}
}

type authResult int

const (
	authOK authResult = iota
	authMissing
	authWrong
)

// authenticate returns the role of the request's credential (the bearer
// token, else the page's cookie) and, for a named approver, the name.
func (s *Server) authenticate(r *http.Request) (role, string, authResult) {
	if s.approverKey == nil {
		return roleApprover, "", authOK
	}
	var tok string
	if h := r.Header.Get("Authorization"); h != "" {
		t, ok := strings.CutPrefix(h, "Bearer ")
		if !ok {
			return roleNone, "", authWrong
		}
		tok = t
	} else if c, err := r.Cookie(CookieName); err == nil {
		tok = c.Value
	} else {
		return roleNone, "", authMissing
	}
	if ro, name := s.roleOf(tok); ro != roleNone {
		return ro, name, authOK
	}
	return roleNone, "", authWrong
}

// roleOf compares tok with every token in constant time (digests of equal
// length, all always compared), and returns its role and, for a named
// approver, the name.
func (s *Server) roleOf(tok string) (role, string) {
	k := tokenKey(tok)
	approver := subtle.ConstantTimeCompare(k, s.approverKey)
	agent := 0
	if s.agentKey != nil {
		agent = subtle.ConstantTimeCompare(k, s.agentKey)
	}
	name, named := s.opts.Approvers.Lookup(tok)
	switch {
	case approver == 1:
		return roleApprover, ""
	case agent == 1:
		return roleAgent, ""
	case named:
		return roleNamed, name
	}
	return roleNone, ""
}

// tokenKey is the digest tokens are compared by; nil for no token.
func tokenKey(tok string) []byte {
	if tok == "" {
		return nil
	}
	sum := sha256.Sum256([]byte(tok))
	return sum[:]
}

// longLived marks h as an answer that may wait as long as its own bounds
// say: once its body is read, neither the body deadline nor the quick
// answers' write deadline applies to it.
func (s *Server) longLived(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
		h(w, r)
	}
}

// deadlineBody clears the connection's read deadline once the body has
// been read to its end, so the deadline bounds only the body. A body that
// failed keeps the deadline, so the connection closes.
type deadlineBody struct {
	io.ReadCloser
	rc   *http.ResponseController
	done bool
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if errors.Is(err, io.EOF) && !b.done {
		b.done = true
		_ = b.rc.SetReadDeadline(time.Time{})
	}
	return n, err
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	status := "ok"
	select {
	case <-s.stopping:
		status = "stopping"
	default:
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": status, "pending": s.queue.Len()})
}

// waitContext is the context of a request that may wait long: it ends when
// the caller goes away or the daemon stops.
func (s *Server) waitContext(r *http.Request) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(r.Context())
	stop := context.AfterFunc(s.stopCtx, cancel)
	return ctx, func() { stop(); cancel() }
}

// ErrInvalidRequest marks an engine error about the request itself (as
// opposed to a failure while deciding); the server answers it with 400.
// Engine adapters wrap such errors with it.
var ErrInvalidRequest = errors.New("invalid request")

// readRequest decodes the body as one request, exactly as `warden check`
// does (api.DecodeRequest). On failure it has written the error answer and
// returns false.
func (s *Server) readRequest(w http.ResponseWriter, r *http.Request) (api.Request, bool) {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		writeError(w, http.StatusUnsupportedMediaType, "unsupported_media_type", "send the request as application/json")
		return api.Request{}, false
	}
	buf := bufferPool.Get().(*bytes.Buffer)
	defer putBuffer(buf)
	if r.ContentLength > 0 && r.ContentLength <= s.opts.MaxBodyBytes {
		buf.Grow(int(r.ContentLength) + bytes.MinRead)
	}
	if _, err := buf.ReadFrom(r.Body); err != nil {
		writeBodyError(w, err)
		return api.Request{}, false
	}
	req, err := api.DecodeRequest(buf.Bytes())
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request", err.Error())
		return api.Request{}, false
	}
	return req, true
}

// writeEngineError answers an engine error: 400 for a request the engine
// refuses to decide, 500 otherwise. Either way there is no decision.
func writeEngineError(w http.ResponseWriter, err error) {
	if errors.Is(err, ErrInvalidRequest) {
		writeError(w, http.StatusBadRequest, "invalid_request", err.Error())
		return
	}
	writeError(w, http.StatusInternalServerError, "engine_error", err.Error())
}

func (s *Server) handleCheck(w http.ResponseWriter, r *http.Request) {
	req, ok := s.readRequest(w, r)
	if !ok {
		return
	}
	start := s.clock.Now()
	d, err := s.engine.Check(r.Context(), req)
	if err != nil {
		writeEngineError(w, err)
		return
	}
	s.metrics.ObserveDecision("check", req.ToolName, d, s.clock.Now().Sub(start))
	writeJSON(w, http.StatusOK, d)
}

type decideResult struct {
	d   api.Decision
	err error
}

func (s *Server) handleDecide(w http.ResponseWriter, r *http.Request) {
	req, ok := s.readRequest(w, r)
	if !ok {
		return
	}
	start := s.clock.Now()
	d, ok := s.decideWaiting(w, r, req, s.engine.Decide)
	if !ok {
		return
	}
	s.metrics.ObserveDecision("decide", req.ToolName, d, s.clock.Now().Sub(start))
	writeJSON(w, http.StatusOK, d)
}

// serverDecision is a deny the server makes itself, when the engine could
// not answer in time or the daemon is stopping.
func (s *Server) serverDecision(t api.ReasonType, msg string) api.Decision {
	return api.Decision{
		ID:       newID("dec"),
		Behavior: api.Deny,
		Reason:   api.Reason{Type: t, Message: msg},
		Time:     s.clock.Now(),
	}
}

func (s *Server) handlePending(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, PendingList{Pending: s.queue.Pending(), Recent: nonNil(s.queue.Recent())})
}

// PendingList is the answer of GET /v1/pending.
type PendingList struct {
	Pending []PendingAsk     `json:"pending"`
	Recent  []RecentDecision `json:"recent"`
}

// AnswerRequest is the body of POST /v1/pending/{id}.
type AnswerRequest struct {
	Behavior api.Behavior `json:"behavior"`
	Scope    api.Scope    `json:"scope,omitempty"`
	Message  string       `json:"message,omitempty"`
	// Rule is the grant rule to record, when not the first suggestion.
	Rule string `json:"rule,omitempty"`
}

func (s *Server) handleAnswer(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	var body AnswerRequest
	if err := decodeJSON(r.Body, &body); err != nil {
		writeBodyError(w, err)
		return
	}
	if body.Behavior != api.Allow && body.Behavior != api.Deny {
		writeError(w, http.StatusBadRequest, "invalid_answer", fmt.Sprintf("behavior must be allow or deny, not %q", body.Behavior))
		return
	}
	scope, err := api.ParseScope(string(body.Scope))
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_answer", err.Error())
		return
	}
	who := answererOf(r)
	a := handler.Answer{Behavior: body.Behavior, Scope: scope, Message: body.Message, Person: s.person(who), Rule: body.Rule}
	if err := s.queue.AnswerAs(id, a, who); err != nil {
		switch {
		case errors.Is(err, ErrNotRouted):
			writeError(w, http.StatusForbidden, "not_your_ask", err.Error())
			return
		case errors.Is(err, ErrAlreadyAnswered):
			writeError(w, http.StatusNotFound, "not_pending", fmt.Sprintf("ask %q is not pending: already answered (%s)", id, answeredHow(err)))
			return
		case errors.Is(err, ErrNotPending):
			writeError(w, http.StatusNotFound, "not_pending", fmt.Sprintf("ask %q is not pending (answered, timed out or withdrawn)", id))
			return
		case errors.Is(err, ErrStoreUnavailable):
			writeError(w, http.StatusServiceUnavailable, "store_unavailable", err.Error())
			return
		case errors.Is(err, ErrRuleNotOffered):
			writeError(w, http.StatusBadRequest, "rule_not_offered", err.Error())
			return
		case errors.Is(err, ErrAlwaysRefused):
			writeError(w, http.StatusForbidden, "always_refused", err.Error())
			return
		case errors.Is(err, ErrScopeNotOffered):
			writeError(w, http.StatusBadRequest, "scope_not_offered", err.Error())
			return
		}
		writeError(w, http.StatusBadRequest, "invalid_answer", err.Error())
		return
	}
	writeJSON(w, http.StatusOK, ResolvedAsk{ID: id, Behavior: a.Behavior, Scope: scope, Message: a.Message, By: a.Person, Time: s.clock.Now()})
}

// Whoami is the answer of GET /v1/whoami: the name answers given with the
// request's credential are recorded under, and whether it is a named
// approver's (whom routes may keep from an ask).
type Whoami struct {
	Name     string `json:"name"`
	Approver bool   `json:"approver"`
}

func (s *Server) handleWhoami(w http.ResponseWriter, r *http.Request) {
	who := answererOf(r)
	writeJSON(w, http.StatusOK, Whoami{Name: s.person(who), Approver: who.Approver != ""})
}

func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusInternalServerError, "no_streaming", "this connection cannot stream events")
		return
	}
	sub := s.queue.subscribe()
	if sub == nil {
		writeError(w, http.StatusServiceUnavailable, "shutting_down", "the warden daemon is stopping")
		return
	}
	defer s.queue.events.unsubscribe(sub)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	// Tell EventSource to reconnect quickly after a restart.
	if _, err := io.WriteString(w, "retry: 2000\n: connected\n\n"); err != nil {
		return
	}
	flusher.Flush()
	heartbeat := time.NewTicker(s.opts.Heartbeat)
	defer heartbeat.Stop()
	for {
		select {
		case e, ok := <-sub.ch:
			if !ok {
				return
			}
			if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.Name, e.Data); err != nil {
				return
			}
			flusher.Flush()
		case <-heartbeat.C:
			if _, err := io.WriteString(w, ": keep-alive\n\n"); err != nil {
				return
			}
			flusher.Flush()
		case <-r.Context().Done():
			return
		}
	}
}

// decodeJSON reads exactly one JSON value from body into v.
func decodeJSON(body io.Reader, v any) error {
	dec := json.NewDecoder(body)
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}

func writeBodyError(w http.ResponseWriter, err error) {
	var netErr net.Error
	if errors.As(err, &netErr) && netErr.Timeout() {
		w.Header().Set("Connection", "close")
		writeError(w, http.StatusRequestTimeout, "request_timeout", "the request body did not arrive in time")
		return
	}
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		writeError(w, http.StatusRequestEntityTooLarge, "body_too_large", fmt.Sprintf("request body over %d bytes", tooBig.Limit))
		return
	}
	if errors.Is(err, io.EOF) {
		writeError(w, http.StatusBadRequest, "invalid_json", "empty body: send a JSON object")
		return
	}
	writeError(w, http.StatusBadRequest, "invalid_json", "invalid JSON: "+err.Error())
}

// writeError answers with the one error envelope.
func writeError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, api.ErrorEnvelope{Error: api.ErrorBody{Code: code, Message: msg}})
}

// writeJSON answers with v as one line of JSON, written as `warden check`
// writes it (no HTML escaping).
func writeJSON(w http.ResponseWriter, status int, v any) {
	buf := bufferPool.Get().(*bytes.Buffer)
	defer putBuffer(buf)
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		buf.WriteString(`{"error":{"code":"internal","message":"encoding the answer failed"}}` + "\n")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// bufferPool recycles the buffers of request and answer bodies.
var bufferPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// putBuffer returns buf to the pool unless it grew unusually large.
func putBuffer(buf *bytes.Buffer) {
	if buf.Cap() > 64<<10 {
		return
	}
	buf.Reset()
	bufferPool.Put(buf)
}

// call follows one POST /v1/decide through the engine, so the server learns
// whether (and under which id) it waited in the queue.
type call struct {
	mu      sync.Mutex
	pending string
}

func (c *call) setPendingID(id string) {
	c.mu.Lock()
	c.pending = id
	c.mu.Unlock()
}

func (c *call) pendingID() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pending
}

type callKey struct{}

func withCall(ctx context.Context, c *call) context.Context {
	return context.WithValue(ctx, callKey{}, c)
}

func callFrom(ctx context.Context) *call {
	c, _ := ctx.Value(callKey{}).(*call)
	return c
}
