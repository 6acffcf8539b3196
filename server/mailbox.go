package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/mailbox"
)

// DefaultLeader is the leader name under which the daemon itself answers
// forwarded asks: a worker whose swarm handler forwards to this leader gets
// its ask shown on the approval page, with its agent id.
const DefaultLeader = "warden"

// MailboxStore is the daemon's message store for swarm workers: the worker
// side and the leader side of one mailbox. *mailbox.Memory satisfies it.
type MailboxStore interface {
	mailbox.Mailbox
	mailbox.Inbox
}

// The mailbox endpoints (under /v1/mailbox/). They carry package mailbox's
// messages as JSON; the long-polling ones wait as long as the caller's
// connection does.
//
//	POST   /v1/mailbox/requests                  Send
//	GET    /v1/mailbox/requests?leader=L         Pending
//	GET    /v1/mailbox/requests/{id}/response    Await
//	PUT    /v1/mailbox/requests/{id}/response    Answer
//	DELETE /v1/mailbox/requests/{id}             Withdraw
//	GET    /v1/mailbox/next?leader=L             Receive
func (s *Server) mailboxRoutes(method func(pattern, allow string, h http.HandlerFunc)) {
	// The asking side (send, await, withdraw) is open to agents; the
	// leader's side (list, receive, answer) is the approver's.
	s.mux.HandleFunc("POST /v1/mailbox/requests", s.forAgents(s.handleMailboxSend))
	method("/v1/mailbox/requests", http.MethodGet, s.forApprover(s.handleMailboxPending))
	s.mux.HandleFunc("GET /v1/mailbox/requests/{id}/response", s.forAgents(s.longLived(s.handleMailboxAwait)))
	method("/v1/mailbox/requests/{id}/response", http.MethodPut, s.forApprover(s.handleMailboxAnswer))
	method("/v1/mailbox/requests/{id}", http.MethodDelete, s.forAgents(s.handleMailboxWithdraw))
	method("/v1/mailbox/next", http.MethodGet, s.forApprover(s.longLived(s.handleMailboxReceive)))
}

func (s *Server) handleMailboxSend(w http.ResponseWriter, r *http.Request) {
	var req mailbox.Request
	if err := decodeJSON(r.Body, &req); err != nil {
		writeBodyError(w, err)
		return
	}
	if got, _, _ := s.authenticate(r); got != roleApprover {
		// The agents' credential is shared by every agent: what it sends
		// is the agent's word. The rules a person may grant in answer,
		// and the reason and findings shown, are the daemon's own
		// judgement of the call, so an agent cannot put "always allow
		// Bash" in front of a person as its sub-agent's ask; a call the
		// daemon's rules deny is not put to anyone.
		if !s.judgeForwarded(w, r, &req) {
			return
		}
	}
	if err := s.box.Send(r.Context(), req); err != nil {
		writeMailboxError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"id": req.ID})
}

// judgeForwarded decides a request an agent forwards with the daemon's
// own pipeline and replaces what the agent said about it; it writes the
// error and reports false when the request is refused.
func (s *Server) judgeForwarded(w http.ResponseWriter, r *http.Request, req *mailbox.Request) bool {
	if s.engine == nil {
		writeError(w, http.StatusServiceUnavailable, "no_engine", "the daemon cannot judge forwarded requests")
		return false
	}
	d, err := s.engine.Check(r.Context(), req.Request)
	if err != nil {
		writeEngineError(w, err)
		return false
	}
	if d.Behavior == api.Deny {
		writeError(w, http.StatusForbidden, "denied", "the daemon's rules deny this call: "+d.Reason.Message)
		return false
	}
	req.Reason, req.Findings, req.Suggestions = d.Reason, d.Findings, d.Suggestions
	return true
}

func (s *Server) handleMailboxPending(w http.ResponseWriter, r *http.Request) {
	reqs, err := s.box.Pending(r.Context(), r.URL.Query().Get("leader"))
	if err != nil {
		writeMailboxError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, nonNil(reqs))
}

func (s *Server) handleMailboxAwait(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := s.waitContext(r)
	defer cancel()
	resp, err := s.box.Await(ctx, r.PathValue("id"))
	if err != nil {
		writeMailboxError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) handleMailboxAnswer(w http.ResponseWriter, r *http.Request) {
	var resp mailbox.Response
	if err := decodeJSON(r.Body, &resp); err != nil {
		writeBodyError(w, err)
		return
	}
	if resp.ID != r.PathValue("id") {
		writeError(w, http.StatusBadRequest, "invalid_message", fmt.Sprintf("answer for %q sent to request %q", resp.ID, r.PathValue("id")))
		return
	}
	if err := s.box.Answer(r.Context(), resp); err != nil {
		writeMailboxError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"id": resp.ID})
}

func (s *Server) handleMailboxWithdraw(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if err := s.box.Withdraw(r.Context(), id); err != nil {
		writeMailboxError(w, err)
		return
	}
	s.bridge.withdraw(id)
	writeJSON(w, http.StatusOK, map[string]string{"id": id})
}

func (s *Server) handleMailboxReceive(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := s.waitContext(r)
	defer cancel()
	req, err := s.box.Receive(ctx, r.URL.Query().Get("leader"))
	if err != nil {
		writeMailboxError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, req)
}

// mailboxErrorCodes maps package mailbox's errors to statuses and codes,
// which HTTPMailbox maps back.
var mailboxErrorCodes = []struct {
	err    error
	status int
	code   string
}{
	{mailbox.ErrUnknownRequest, http.StatusNotFound, "unknown_request"},
	{mailbox.ErrDuplicate, http.StatusConflict, "duplicate_request"},
	{mailbox.ErrAnswered, http.StatusConflict, "already_answered"},
	{mailbox.ErrInvalid, http.StatusBadRequest, "invalid_message"},
}

func writeMailboxError(w http.ResponseWriter, err error) {
	for _, m := range mailboxErrorCodes {
		if errors.Is(err, m.err) {
			writeError(w, m.status, m.code, err.Error())
			return
		}
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		writeError(w, http.StatusServiceUnavailable, "cancelled", err.Error())
		return
	}
	writeError(w, http.StatusInternalServerError, "mailbox_error", err.Error())
}

// maxForwardedWait bounds how long a forwarded ask waits on the page,
// whatever deadline the worker sent.
const maxForwardedWait = time.Hour

// mailboxBridge answers the requests addressed to the daemon's own leader
// name by putting them on the approval queue, so the page shows forwarded
// asks with the worker that sent them.
type mailboxBridge struct {
	box    MailboxStore
	queue  *Queue
	leader string

	mu      sync.Mutex
	waiting map[string]context.CancelFunc // request id → its prompt's cancel
	wg      sync.WaitGroup
}

func (b *mailboxBridge) run(ctx context.Context) {
	for {
		req, err := b.box.Receive(ctx, b.leader)
		if err != nil {
			return // the daemon is stopping
		}
		pctx, cancel := context.WithCancel(ctx)
		b.mu.Lock()
		b.waiting[req.ID] = cancel
		b.mu.Unlock()
		b.wg.Go(func() {
			defer b.forget(req.ID)
			b.answer(pctx, req)
		})
	}
}

func (b *mailboxBridge) answer(ctx context.Context, req mailbox.Request) {
	fwd := req.Request
	if fwd.AgentID == "" {
		fwd.AgentID = req.Worker
	}
	ask := &handler.Ask{
		Request: fwd,
		Decision: api.Decision{
			ID: req.ID, Behavior: api.Ask, Reason: req.Reason,
			Findings: req.Findings, Risk: api.MaxRisk(req.Findings), Suggestions: req.Suggestions,
		},
		Suggestions: req.Suggestions,
	}
	c := &call{}
	// The worker's deadline is the ask's: the page counts down to it, not
	// to the daemon's own timeout.
	start := b.queue.clock.Now()
	p := &handler.Prompt{Ask: ask, Deadline: req.Deadline}
	if limit := start.Add(maxForwardedWait); p.Deadline.After(limit) {
		p.Deadline = limit
	}
	a, err := b.queue.Prompt(withCall(ctx, c), p)
	resp := mailbox.Response{ID: req.ID, Behavior: a.Behavior, Scope: a.Scope, Message: a.Message, Leader: b.leader}
	if a.Person != "" {
		resp.Leader = b.leader + " (" + a.Person + ")"
	}
	timedOut := false
	if err != nil {
		if ctx.Err() != nil {
			return // withdrawn by the worker, or the daemon is stopping
		}
		msg := err.Error()
		if timedOut = errors.Is(err, ErrTimeout); timedOut {
			wait := b.queue.timeout
			if !req.Deadline.IsZero() {
				wait = req.Deadline.Sub(start)
			}
			msg = handler.TimeoutMessage(wait, "")
		}
		resp = mailbox.Response{ID: req.ID, Behavior: api.Deny, Message: msg, Leader: b.leader}
	}
	if resp.Behavior != api.Allow {
		resp.Behavior, resp.Scope = api.Deny, ""
	}
	// The page's recent list shows what the leader answered the worker.
	reason := api.Reason{Type: api.ReasonLeader, Leader: resp.Leader, Scope: resp.Scope, Message: resp.Message}
	if timedOut {
		reason = api.Reason{Type: api.ReasonTimeout, Message: resp.Message} // nobody answered: no leader decided
	}
	b.queue.Record(c.pendingID(), fwd, api.Decision{ID: req.ID, Behavior: resp.Behavior, Findings: req.Findings, Reason: reason})
	_ = b.box.Answer(context.WithoutCancel(ctx), resp) // the worker may have withdrawn meanwhile
}

func (b *mailboxBridge) withdraw(id string) {
	b.mu.Lock()
	cancel := b.waiting[id]
	b.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

func (b *mailboxBridge) forget(id string) {
	b.mu.Lock()
	if cancel := b.waiting[id]; cancel != nil {
		cancel()
	}
	delete(b.waiting, id)
	b.mu.Unlock()
}

// HTTPMailbox is a daemon's mailbox seen from another process: a swarm
// worker uses it as its mailbox.Mailbox to forward asks to its leader (the
// daemon itself when the leader is DefaultLeader, so the page answers), and
// a leader process can use it as its mailbox.Inbox.
type HTTPMailbox struct {
	c *Client
}

var (
	_ mailbox.Mailbox = (*HTTPMailbox)(nil)
	_ mailbox.Inbox   = (*HTTPMailbox)(nil)
)

// NewHTTPMailbox returns the mailbox of the daemon at rawURL (as NewClient
// takes it). The waiting calls (Await, Receive) hold a request open as long
// as their context allows, so httpClient must have no overall timeout.
func NewHTTPMailbox(rawURL, token string, httpClient *http.Client) (*HTTPMailbox, error) {
	c, err := NewClient(rawURL, token, httpClient)
	if err != nil {
		return nil, err
	}
	return &HTTPMailbox{c: c}, nil
}

// Send delivers req to the daemon.
func (m *HTTPMailbox) Send(ctx context.Context, req mailbox.Request) error {
	return mailboxError(m.c.do(ctx, http.MethodPost, "/v1/mailbox/requests", req, nil))
}

// Await waits for the answer to request id.
func (m *HTTPMailbox) Await(ctx context.Context, id string) (mailbox.Response, error) {
	var resp mailbox.Response
	err := m.c.do(ctx, http.MethodGet, "/v1/mailbox/requests/"+url.PathEscape(id)+"/response", nil, &resp)
	return resp, mailboxError(err)
}

// Withdraw takes back request id.
func (m *HTTPMailbox) Withdraw(ctx context.Context, id string) error {
	return mailboxError(m.c.do(ctx, http.MethodDelete, "/v1/mailbox/requests/"+url.PathEscape(id), nil, nil))
}

// Pending lists the unanswered requests addressed to leader.
func (m *HTTPMailbox) Pending(ctx context.Context, leader string) ([]mailbox.Request, error) {
	reqs := []mailbox.Request{}
	err := m.c.do(ctx, http.MethodGet, "/v1/mailbox/requests?leader="+url.QueryEscape(leader), nil, &reqs)
	return reqs, mailboxError(err)
}

// Receive waits for the next request addressed to leader.
func (m *HTTPMailbox) Receive(ctx context.Context, leader string) (mailbox.Request, error) {
	var req mailbox.Request
	err := m.c.do(ctx, http.MethodGet, "/v1/mailbox/next?leader="+url.QueryEscape(leader), nil, &req)
	return req, mailboxError(err)
}

// answerTimeout bounds an answer once it is on its way.
const answerTimeout = 30 * time.Second

// Answer resolves one request. Once sent, an answer is not abandoned
// half-way when ctx ends (the daemon may already have delivered it, and the
// caller could not tell): it completes, bounded by its own timeout.
func (m *HTTPMailbox) Answer(ctx context.Context, resp mailbox.Response) error {
	if resp.Behavior != api.Allow && resp.Behavior != api.Deny {
		return fmt.Errorf("%w: behavior %q is not allow or deny", mailbox.ErrInvalid, resp.Behavior)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), answerTimeout)
	defer cancel()
	return mailboxError(m.c.do(ctx, http.MethodPut, "/v1/mailbox/requests/"+url.PathEscape(resp.ID)+"/response", resp, nil))
}

// mailboxError turns the daemon's error codes back into package mailbox's
// errors, keeping the original for its message.
func mailboxError(err error) error {
	var apiErr *APIError
	if !errors.As(err, &apiErr) {
		return err
	}
	for _, m := range mailboxErrorCodes {
		if apiErr.Code == m.code {
			return fmt.Errorf("%w: %s", m.err, apiErr.Message)
		}
	}
	return err
}
