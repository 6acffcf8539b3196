package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/internal/askview"
	"github.com/wardenhq/warden/internal/display"
)

// timeoutError is ErrTimeout: a value, not fmt.Errorf's, so that no
// warden process formats it at start-up.
type timeoutError struct{}

func (timeoutError) Error() string {
	return "no answer before the deadline: " + context.DeadlineExceeded.Error()
}

func (timeoutError) Unwrap() error { return context.DeadlineExceeded }

// Errors the queue returns from Prompt and Answer.
var (
	// ErrTimeout is returned by Prompt when nobody answered before the
	// deadline. It wraps context.DeadlineExceeded; the caller denies.
	ErrTimeout error = timeoutError{}
	// ErrShutdown is returned by Prompt for every ask still pending when the
	// daemon stops; the caller denies with reason "shutdown".
	ErrShutdown = errors.New("shutdown: the warden daemon is stopping")
	// ErrNotPending is returned by Answer when no pending ask has that id
	// (it never existed, or it was already answered, timed out or withdrawn).
	ErrNotPending = errors.New("no such pending ask")
	// ErrRuleNotOffered is returned by Answer for an approval naming a rule
	// the ask did not suggest: an answer approves the call asked about,
	// never a wider rule.
	ErrRuleNotOffered = errors.New("the rule is not one of the ask's suggestions")
	// ErrAlwaysRefused is returned by Answer for an "always" approval of a
	// HIGH-risk ask, which may be approved once or for the session only.
	ErrAlwaysRefused = errors.New("a HIGH-risk ask can be approved once or for the session, never always")
	// ErrScopeNotOffered is returned by Answer for an approval at a scope
	// the ask cannot be kept at (PendingAsk.Scopes): an ask rule, no rule
	// that covers the whole call, or no session.
	ErrScopeNotOffered = errors.New("this ask cannot be remembered at that scope")
	// ErrNotRouted is returned by AnswerAs for an answerer outside the
	// ask's route (PendingAsk.Approvers).
	ErrNotRouted = errors.New("this ask is routed to other approvers")
)

// Route is who may answer an ask, as the settings' approvals.route decided
// when it was queued.
type Route struct {
	// Approvers are the names of the approvers who may answer; empty
	// means no route claims the ask: every approver and the daemon's own
	// token may.
	Approvers []string
	// Where names the route that decided, for the person refused.
	Where string
}

// RouteFunc returns the route of an ask about req of risk risk. An error
// denies the ask: an ask whose answerers are unknown is not put to anyone.
type RouteFunc func(req api.Request, risk api.Risk) (Route, error)

// DefaultPromptTimeout bounds a prompt whose Deadline is unset.
const DefaultPromptTimeout = 5 * time.Minute

// recentLimit is how many final decisions the queue remembers for the page.
const recentLimit = 50

// PendingAsk is one ask waiting for a person, as GET /v1/pending lists it and
// the "pending" event carries it.
type PendingAsk struct {
	ID string `json:"id"`
	// Tool is the tool the agent wants to call.
	Tool string `json:"tool"`
	// Summary is the command, path, URL or input the call is about.
	Summary string `json:"summary"`
	// AgentID and AgentType name the sub-agent that asks (empty for a main
	// agent); SessionID is its session, which for a sub-agent is its
	// parent's, also given as ParentSession.
	AgentID       string `json:"agent_id,omitempty"`
	AgentType     string `json:"agent_type,omitempty"`
	SessionID     string `json:"session_id,omitempty"`
	ParentSession string `json:"parent_session,omitempty"`
	Cwd           string `json:"cwd,omitempty"`
	// Reason is why the pipeline asked.
	Reason   api.Reason    `json:"reason"`
	Findings []api.Finding `json:"findings"`
	Risk     api.Risk      `json:"risk,omitempty"`
	// Explanation is the explainer's account, once it has arrived.
	Explanation *api.Explanation `json:"explanation,omitempty"`
	// Suggestions are the grant rules an approval may record.
	Suggestions []string `json:"suggestions"`
	// Scopes are the scopes an approval can be kept at, computed by the
	// engine (handler.Ask.Offered); the page offers exactly these, and an
	// answer at another scope is refused.
	Scopes []api.Scope `json:"scopes"`
	// Routed is set when a route claims the ask: then the Approvers it
	// names, and only they, may answer it (none at all when its route
	// could not be known). Unrouted, every approver and the daemon's own
	// token may. Route names the route.
	Routed    bool     `json:"routed,omitempty"`
	Approvers []string `json:"approvers,omitempty"`
	Route     string   `json:"route,omitempty"`
	// InputDigest is the digest of the ask's tool and input that its
	// answer links are bound to (InputDigest).
	InputDigest string      `json:"input_digest"`
	Request     api.Request `json:"request"`
	Created     time.Time   `json:"created"`
	Deadline    time.Time   `json:"deadline"`
	// ExpiresInMS is the time left when this copy was made, so a page on a
	// device with a skewed clock still counts down correctly.
	ExpiresInMS int64 `json:"expires_in_ms"`
	// Display is the ask as the page draws it, every string escaped.
	Display *AskDisplay `json:"display"`
}

// ResolvedAsk says how a pending ask left the queue.
type ResolvedAsk struct {
	ID       string       `json:"id"`
	Behavior api.Behavior `json:"behavior,omitempty"`
	Scope    api.Scope    `json:"scope,omitempty"`
	Message  string       `json:"message,omitempty"`
	// By is who or what resolved it: the person's name, "timeout",
	// "shutdown", or "withdrawn" when the caller stopped waiting (another
	// decider won, or the agent went away).
	By   string    `json:"by"`
	Time time.Time `json:"time"`
}

// RecentDecision is a final decision for the page's list, with who decided
// in words.
type RecentDecision struct {
	// PendingID is the id the call had in the queue, when it waited there.
	PendingID string       `json:"pending_id,omitempty"`
	Tool      string       `json:"tool"`
	Summary   string       `json:"summary"`
	AgentID   string       `json:"agent_id,omitempty"`
	AgentType string       `json:"agent_type,omitempty"`
	SessionID string       `json:"session_id,omitempty"`
	Decision  api.Decision `json:"decision"`
	// DecidedBy names who decided, e.g. "rule Bash(rm:*) (project)".
	DecidedBy string `json:"decided_by"`
	// Daemon names the daemon that decided, in a team.
	Daemon string `json:"daemon,omitempty"`
	// Display is the decision's text as the page draws it, escaped.
	Display RecentDisplay `json:"display"`
}

// QueueOptions configures a Queue. The zero value means all defaults.
type QueueOptions struct {
	// Clock is the time source; nil means the system clock.
	Clock Clock
	// Timeout bounds a prompt whose Deadline is unset; zero means
	// DefaultPromptTimeout.
	Timeout time.Duration
	// Metrics, when set, tracks the number of pending asks.
	Metrics *Metrics
	// Store holds the pending asks. Nil means a store in memory, for this
	// daemon alone; a shared store (package teams) lists the asks of every
	// daemon of a team here, and lets an answer given on any of them reach
	// the caller waiting on this one.
	Store AskStore
	// Daemon names this daemon in the asks it shares.
	Daemon string
	// Logger receives the errors of a shared store; nil discards them.
	Logger *slog.Logger
	// Route, when set, says who may answer each ask (approvals.route);
	// nil means anyone with an approver's credential.
	Route RouteFunc
	// OnQueued, when set, is called (on a goroutine of its own) with each
	// ask this daemon queues, once it is shared: the notifications.
	OnQueued func(PendingAsk)
	// Decisions, when set, fans the recent decisions out to the other
	// daemons of a team, and theirs in to this page.
	Decisions DecisionFeed
}

// DecisionFeed carries the recent decisions between the daemons of a team,
// so every page lists the decisions of all of them. It is the page's view,
// not the record: a decision lost on the way is missing from a page's
// recent list, never from the audit.
type DecisionFeed interface {
	// Publish sends a decision made on this daemon to the others.
	Publish(RecentDecision)
	// Subscribe calls f with each decision another daemon publishes,
	// until ctx ends.
	Subscribe(ctx context.Context, f func(RecentDecision)) error
}

// Queue is the approval queue: a [handler.Prompter] that puts each prompt on
// the list of pending asks (in its AskStore), announces it on the event
// stream, and waits for an answer (POST /v1/pending/{id} on this daemon or,
// with a shared store, on any daemon of the team), the deadline, the
// caller's context, or the daemon's shutdown. It also keeps the recent final
// decisions for the page.
//
// The queue mirrors the store's pending asks by watching it, so listing
// them needs no round trip; every resolution goes through the store, whose
// compare and set lets exactly one of them take effect.
type Queue struct {
	clock   Clock
	timeout time.Duration
	metrics *Metrics
	events  *broker
	store   AskStore
	shared  bool
	daemon  string
	logger  *slog.Logger
	route   RouteFunc
	queued  atomic.Pointer[func(PendingAsk)]
	feed    DecisionFeed

	mu      sync.Mutex
	pending map[string]*pendingEntry
	recent  []RecentDecision // oldest first
	closed  bool
	closing chan struct{}
	active  sync.WaitGroup // prompts that are waiting

	stopWatch context.CancelFunc
	watching  sync.WaitGroup
}

var _ handler.Prompter = (*Queue)(nil)

// pendingEntry is one pending ask in the mirror. Asks prompted on this
// daemon have an answer channel; asks of other daemons do not.
type pendingEntry struct {
	view     PendingAsk
	revision uint64
	answer   chan Resolution // buffered, receives at most once; nil for others' asks
}

// The resolvers that are not a person.
const (
	byTimeout   = "timeout"
	byShutdown  = "shutdown"
	byWithdrawn = "withdrawn"
)

// storeTimeout bounds one call to the store made without a caller's
// context (answers, withdrawals).
const storeTimeout = 5 * time.Second

// sweepGrace is how long past its deadline an ask of another daemon may
// stay pending before this daemon denies it: that daemon's own timeout
// normally wins, and the sweep catches the asks of a daemon that died.
const sweepGrace = 2 * time.Second

// NewQueue returns an empty queue (or, with a shared store, one listing the
// store's pending asks).
func NewQueue(opts QueueOptions) *Queue {
	q := &Queue{
		clock:   opts.Clock,
		timeout: opts.Timeout,
		metrics: opts.Metrics,
		events:  newBroker(),
		store:   opts.Store,
		shared:  opts.Store != nil,
		daemon:  opts.Daemon,
		logger:  opts.Logger,
		route:   opts.Route,
		feed:    opts.Decisions,
		pending: make(map[string]*pendingEntry),
		closing: make(chan struct{}),
	}
	if q.clock == nil {
		q.clock = SystemClock{}
	}
	if q.timeout <= 0 {
		q.timeout = DefaultPromptTimeout
	}
	if q.store == nil {
		q.store = NewMemoryAskStore(q.clock)
	}
	if q.logger == nil {
		q.logger = slog.New(slog.DiscardHandler)
	}
	if opts.OnQueued != nil {
		q.OnQueued(opts.OnQueued)
	}
	ctx, cancel := context.WithCancel(context.Background())
	q.stopWatch = cancel
	ch, err := q.store.Watch(ctx)
	if err != nil {
		q.logger.Error("watching the pending asks", "err", err)
	}
	q.resync(ctx)
	q.watching.Go(func() { q.watch(ctx, ch) })
	if q.shared {
		q.watching.Go(func() { q.sweep(ctx) })
	}
	if q.feed != nil {
		if err := q.feed.Subscribe(ctx, q.addRecent); err != nil {
			q.logger.Error("listening to the team's decisions", "err", err)
		}
	}
	return q
}

// watch applies the store's changes to the mirror until ctx ends, watching
// again (and catching up) when a watch breaks off.
func (q *Queue) watch(ctx context.Context, ch <-chan StoredAsk) {
	for {
		if ch != nil {
			for a := range ch {
				q.apply(a)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		var err error
		if ch, err = q.store.Watch(ctx); err != nil {
			q.logger.Error("watching the pending asks", "err", err)
			ch = nil
			continue
		}
		q.resync(ctx)
	}
}

// resync brings the mirror up to the store: asks it lacks are added, and
// asks no longer pending are resolved as the store says.
func (q *Queue) resync(ctx context.Context) {
	list, err := q.store.List(ctx)
	if err != nil {
		if ctx.Err() == nil {
			q.logger.Error("listing the pending asks", "err", err)
		}
		return
	}
	listed := make(map[string]bool, len(list))
	for _, a := range list {
		listed[a.ID] = true
		q.apply(a)
	}
	q.mu.Lock()
	var gone []string
	for id, e := range q.pending {
		if !listed[id] && e.revision != 0 {
			gone = append(gone, id)
		}
	}
	q.mu.Unlock()
	for _, id := range gone {
		a, err := q.store.Get(ctx, id)
		switch {
		case err == nil:
			q.apply(a)
		case errors.Is(err, ErrUnknownAsk):
			q.apply(StoredAsk{ID: id, Resolution: &Resolution{Behavior: api.Deny, By: byWithdrawn, Time: q.clock.Now()}})
		}
	}
}

// sweep denies, past their deadline, the asks no caller here waits for:
// those of a daemon that died, or of this daemon before it restarted.
func (q *Queue) sweep(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		now := q.clock.Now()
		q.mu.Lock()
		var due []string
		for id, e := range q.pending {
			if e.answer == nil && now.After(e.view.Deadline.Add(sweepGrace)) {
				due = append(due, id)
			}
		}
		q.mu.Unlock()
		for _, id := range due {
			a, err := q.store.Resolve(ctx, id, Resolution{Behavior: api.Deny, By: byTimeout, Daemon: q.daemon})
			if err != nil && !errors.Is(err, ErrAlreadyAnswered) {
				q.logger.Error("denying an ask past its deadline", "ask", id, "err", err)
				continue
			}
			q.apply(a)
		}
	}
}

// apply brings one change of the store into the mirror, and announces it.
// It is idempotent: a change already seen is ignored.
func (q *Queue) apply(a StoredAsk) {
	q.mu.Lock()
	defer q.mu.Unlock()
	e, ok := q.pending[a.ID]
	if a.Pending() {
		if ok && a.Revision <= e.revision {
			return
		}
		var view PendingAsk
		if err := json.Unmarshal(a.View, &view); err != nil {
			q.logger.Error("an unreadable pending ask", "ask", a.ID, "err", err)
			return
		}
		view.ID, view.Deadline = a.ID, a.Deadline
		if !ok {
			if q.closed {
				return
			}
			e = &pendingEntry{}
			q.pending[a.ID] = e
		}
		// The gauge follows every announcement: an ask this daemon put in
		// the mirror before the store had it is first announced here when
		// the watch is quicker than Create's return.
		q.metrics.setPending(len(q.pending))
		e.view, e.revision = view, a.Revision
		q.publishLocked(EventPending, q.snapshotLocked(e))
		return
	}
	if !ok {
		return
	}
	delete(q.pending, a.ID)
	q.metrics.setPending(len(q.pending))
	r := *a.Resolution
	if e.answer != nil {
		e.answer <- r
	}
	res := ResolvedAsk{ID: a.ID, Behavior: r.Behavior, Message: r.Message, By: r.By, Time: r.Time}
	if r.Behavior == api.Allow {
		res.Scope = r.Scope
	}
	q.publishLocked(EventResolved, res)
}

// Prompt lists the ask as pending and waits. It returns the person's answer;
// ErrTimeout at the deadline; ErrShutdown when the daemon stops; ctx.Err()
// when the context ends first; an error wrapping ErrStoreUnavailable when
// the ask cannot be shared. Only an answer can allow.
func (q *Queue) Prompt(ctx context.Context, p *handler.Prompt) (handler.Answer, error) {
	if p == nil || p.Ask == nil {
		return handler.Answer{}, errors.New("server: prompt without an ask")
	}
	now := q.clock.Now()
	deadline := p.Deadline
	if deadline.IsZero() {
		deadline = now.Add(q.timeout)
	}
	ask := p.Ask
	view := PendingAsk{
		ID:          newID("ask"),
		Tool:        ask.Request.ToolName,
		Summary:     Summarize(ask.Request),
		AgentID:     ask.Request.AgentID,
		AgentType:   ask.Request.AgentType,
		SessionID:   ask.Request.SessionID,
		Cwd:         ask.Request.Cwd,
		Reason:      ask.Decision.Reason,
		Findings:    nonNil(ask.Decision.Findings),
		Risk:        ask.Decision.Risk,
		Suggestions: nonNil(ask.Suggestions),
		Scopes:      ask.Offered(),
		Request:     ask.Request,
		InputDigest: InputDigest(ask.Request),
		Created:     now,
		Deadline:    deadline,
	}
	if view.Risk == api.RiskNone {
		view.Risk = api.MaxRisk(view.Findings)
	}
	if view.AgentID != "" || view.AgentType != "" {
		view.ParentSession = view.SessionID
	}
	if len(view.Suggestions) == 0 {
		view.Suggestions = nonNil(ask.Decision.Suggestions)
	}
	view.Display = DescribeAsk(ask.Request, ask.Decision, view.Suggestions)
	if err := q.routeView(&view); err != nil {
		return handler.Answer{}, err
	}
	entry := &pendingEntry{view: view, answer: make(chan Resolution, 1)}
	data, err := json.Marshal(view)
	if err != nil {
		return handler.Answer{}, fmt.Errorf("server: encoding the ask: %w", err)
	}

	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return handler.Answer{}, ErrShutdown
	}
	q.active.Add(1)
	defer q.active.Done()
	// In the mirror before the store has it, so the watch finds the
	// caller waiting.
	q.pending[view.ID] = entry
	q.mu.Unlock()
	stored, err := q.store.Create(ctx, StoredAsk{
		ID: view.ID, Daemon: q.daemon, Session: view.SessionID,
		Created: now, Deadline: deadline, View: data,
	})
	if err != nil {
		q.mu.Lock()
		delete(q.pending, view.ID)
		q.mu.Unlock()
		return handler.Answer{}, fmt.Errorf("server: the ask could not be queued, so it is denied: %w", err)
	}
	q.mu.Lock()
	if entry.revision < stored.Revision {
		if _, still := q.pending[view.ID]; still {
			entry.revision = stored.Revision
			q.metrics.setPending(len(q.pending))
			q.publishLocked(EventPending, q.snapshotLocked(entry))
		}
	}
	q.mu.Unlock()
	if c := callFrom(ctx); c != nil {
		c.setPendingID(view.ID)
	}
	if f := q.queued.Load(); f != nil {
		go (*f)(view)
	}

	done := make(chan struct{})
	defer close(done)
	if ask.Explanation != nil {
		go q.followExplanation(view.ID, ask.Explanation, done)
	}

	wait := deadline.Sub(now)
	select {
	case r := <-entry.answer:
		return answerFrom(r)
	case <-q.clock.After(wait):
		return q.withdraw(entry, byTimeout, ErrTimeout)
	case <-ctx.Done():
		return q.withdraw(entry, byWithdrawn, ctx.Err())
	case <-q.closing:
		return q.withdraw(entry, byShutdown, ErrShutdown)
	}
}

// answerFrom turns the resolution of an ask prompted here into the
// prompt's result: a person's answer, or the error of a deny without one.
func answerFrom(r Resolution) (handler.Answer, error) {
	switch r.By {
	case byTimeout:
		return handler.Answer{}, ErrTimeout
	case byShutdown:
		return handler.Answer{}, ErrShutdown
	case byWithdrawn:
		return handler.Answer{}, context.Canceled
	}
	return handler.Answer{Behavior: r.Behavior, Scope: r.Scope, Message: r.Message, Person: r.By, Rule: r.Rule}, nil
}

// withdraw ends entry for a reason other than an answer. If an answer won
// the race, that answer is returned instead (except at shutdown).
func (q *Queue) withdraw(entry *pendingEntry, by string, err error) (handler.Answer, error) {
	res := Resolution{By: by, Daemon: q.daemon}
	if by == byTimeout || by == byShutdown {
		res.Behavior = api.Deny
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	a, rerr := q.store.Resolve(ctx, entry.view.ID, res)
	switch {
	case rerr == nil, errors.Is(rerr, ErrAlreadyAnswered):
		q.apply(a)
	default:
		// The store cannot be reached: this caller is denied all the
		// same, and the ask leaves this daemon's list.
		q.logger.Error("withdrawing an ask", "ask", entry.view.ID, "err", rerr)
		q.apply(StoredAsk{ID: entry.view.ID, Resolution: &Resolution{Behavior: res.Behavior, By: by, Time: q.clock.Now()}})
	}
	r := <-entry.answer // apply sent the resolution that took effect
	if r.By == by || by == byShutdown {
		return handler.Answer{}, err
	}
	return answerFrom(r)
}

func (q *Queue) followExplanation(id string, ch <-chan api.Explanation, done <-chan struct{}) {
	for {
		select {
		case <-done:
			return
		case e, ok := <-ch:
			if !ok {
				return
			}
			q.mu.Lock()
			entry, ok := q.pending[id]
			var data []byte
			if ok {
				entry.view.Explanation = &e
				if e.RiskLevel.Rank() > entry.view.Risk.Rank() {
					entry.view.Risk = e.RiskLevel
				}
				if err := q.routeView(&entry.view); err != nil {
					// The route of the raised risk is unknown: nobody
					// may answer, so the ask ends at its deadline.
					entry.view.Routed, entry.view.Approvers, entry.view.Route = true, nil, err.Error()
				}
				d := *entry.view.Display
				d.Explanation = DescribeExplanation(e)
				entry.view.Display = &d
				data, _ = json.Marshal(entry.view)
				q.publishLocked(EventPending, q.snapshotLocked(entry))
			}
			q.mu.Unlock()
			if ok && q.shared {
				ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
				if _, err := q.store.Update(ctx, id, data); err != nil && !errors.Is(err, ErrAlreadyAnswered) {
					q.logger.Error("sharing an ask's explanation", "ask", id, "err", err)
				}
				cancel()
			}
		}
	}
}

// OnQueued sets (replacing QueueOptions.OnQueued) what is called, on a
// goroutine of its own, with each ask this daemon queues once it is shared.
func (q *Queue) OnQueued(f func(PendingAsk)) { q.queued.Store(&f) }

// routeView sets the view's route from its request and risk.
func (q *Queue) routeView(v *PendingAsk) error {
	if q.route == nil {
		return nil
	}
	r, err := q.route(v.Request, v.Risk)
	if err != nil {
		return fmt.Errorf("server: the ask's approvers are unknown, so it is denied: %w", err)
	}
	v.Routed, v.Approvers, v.Route = len(r.Approvers) > 0, r.Approvers, r.Where
	return nil
}

// lookup returns the pending ask id: from the mirror, else the store. An
// ask no longer pending is ErrNotPending (wrapping ErrAlreadyAnswered when
// it was answered).
func (q *Queue) lookup(id string) (PendingAsk, error) {
	q.mu.Lock()
	e, ok := q.pending[id]
	var v PendingAsk
	if ok {
		v = q.snapshotLocked(e)
	}
	q.mu.Unlock()
	if ok {
		return v, nil
	}
	if ValidAskID(id) != nil {
		return PendingAsk{}, fmt.Errorf("%w: %q", ErrNotPending, id)
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	stored, err := q.store.Get(ctx, id)
	switch {
	case errors.Is(err, ErrUnknownAsk):
		return PendingAsk{}, fmt.Errorf("%w: %q", ErrNotPending, id)
	case err != nil:
		return PendingAsk{}, err
	case !stored.Pending():
		return PendingAsk{}, alreadyAnswered(stored)
	}
	if err := json.Unmarshal(stored.View, &v); err != nil {
		return PendingAsk{}, fmt.Errorf("server: ask %q: %w", id, err)
	}
	v.ID, v.Deadline = stored.ID, stored.Deadline
	return v, nil
}

// Answer resolves the pending ask id with an answer given with the
// daemon's own approver's token (AnswerAs has the contract).
func (q *Queue) Answer(id string, a handler.Answer) error {
	return q.AnswerAs(id, a, Answerer{})
}

// AnswerAs resolves the pending ask id with who's answer. It returns
// ErrNotPending when there is no such ask or it was already answered
// (then wrapping ErrAlreadyAnswered too), ErrNotRouted when the ask's
// route gives it to other approvers, and an error for an answer that is
// neither allow nor deny.
func (q *Queue) AnswerAs(id string, a handler.Answer, who Answerer) error {
	if a.Behavior != api.Allow && a.Behavior != api.Deny {
		return fmt.Errorf("server: answer must be allow or deny, not %q", a.Behavior)
	}
	if a.Scope == "" {
		a.Scope = api.ScopeOnce
	}
	if _, err := api.ParseScope(string(a.Scope)); err != nil {
		return fmt.Errorf("server: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	q.mu.Lock()
	entry, ok := q.pending[id]
	var view PendingAsk
	if ok {
		view = entry.view
	}
	q.mu.Unlock()
	if !ok {
		// Not in the mirror (yet): the store says whether it is pending.
		if ValidAskID(id) != nil {
			return fmt.Errorf("%w: %q", ErrNotPending, id)
		}
		stored, err := q.store.Get(ctx, id)
		switch {
		case errors.Is(err, ErrUnknownAsk):
			return fmt.Errorf("%w: %q", ErrNotPending, id)
		case err != nil:
			return err
		case !stored.Pending():
			return alreadyAnswered(stored)
		}
		if err := json.Unmarshal(stored.View, &view); err != nil {
			return fmt.Errorf("server: ask %q: %w", id, err)
		}
	}
	if err := routeAllows(&view, who); err != nil {
		return err
	}
	if err := answerAllowed(&view, a); err != nil {
		return err
	}
	res := Resolution{Behavior: a.Behavior, Scope: a.Scope, Rule: a.Rule, Message: a.Message, By: a.Person, Daemon: q.daemon}
	stored, err := q.store.Resolve(ctx, id, res)
	switch {
	case errors.Is(err, ErrAlreadyAnswered):
		q.apply(stored)
		return alreadyAnswered(stored)
	case errors.Is(err, ErrUnknownAsk):
		return fmt.Errorf("%w: %q", ErrNotPending, id)
	case err != nil:
		return err
	}
	q.apply(stored)
	return nil
}

// answeredHow extracts, from the error of alreadyAnswered, how the ask
// was resolved ("allow by alice on d2").
func answeredHow(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, "("); i >= 0 && strings.HasSuffix(msg, ")") {
		return msg[i+1 : len(msg)-1]
	}
	return "resolved"
}

// alreadyAnswered is the error of an answer that came second.
func alreadyAnswered(a StoredAsk) error {
	how := "resolved"
	if r := a.Resolution; r != nil {
		how = strings.TrimSpace(string(r.Behavior) + " by " + r.By)
		if r.Daemon != "" {
			how += " on " + r.Daemon
		}
	}
	return fmt.Errorf("%w: %w: %q (%s)", ErrNotPending, ErrAlreadyAnswered, a.ID, how)
}

// routeAllows reports whether who may answer the ask v: anyone holding an
// approver's credential when no route claims it, else only the route's
// approvers — never the daemon's own token, never another approver.
func routeAllows(v *PendingAsk, who Answerer) error {
	if !v.Routed {
		return nil
	}
	if who.Approver != "" && slices.Contains(v.Approvers, who.Approver) {
		return nil
	}
	to := "nobody"
	if len(v.Approvers) > 0 {
		to = strings.Join(v.Approvers, ", ")
	}
	where := ""
	if v.Route != "" {
		where = " by " + v.Route
	}
	if who.Approver == "" {
		return fmt.Errorf("%w: ask %q is routed to %s%s; the daemon's own token cannot answer it, only their tokens can", ErrNotRouted, v.ID, to, where)
	}
	return fmt.Errorf("%w: ask %q is routed to %s%s, and %s is not among them", ErrNotRouted, v.ID, to, where, who.Approver)
}

// answerAllowed reports whether a may answer the ask v: an approval may
// record only a rule the ask suggested, and never "always" for an ask whose
// risk, or one of whose findings' categories, is HIGH (grant.CheckScope).
func answerAllowed(v *PendingAsk, a handler.Answer) error {
	if a.Behavior != api.Allow {
		return nil
	}
	if a.Rule != "" && !slices.Contains(v.Suggestions, a.Rule) {
		if len(v.Suggestions) == 0 {
			return fmt.Errorf("%w: %q (this ask suggests no rule, so it can be approved only as it stands)", ErrRuleNotOffered, a.Rule)
		}
		return fmt.Errorf("%w: %q (pick one of %s)", ErrRuleNotOffered, a.Rule, strings.Join(v.Suggestions, ", "))
	}
	if a.Scope == api.ScopeAlways {
		if v.Risk == api.RiskHigh {
			return ErrAlwaysRefused
		}
		for _, f := range v.Findings {
			if err := grant.CheckScope(f.Category, f.Risk, api.ScopeAlways); err != nil {
				return fmt.Errorf("%w: %w", ErrAlwaysRefused, err)
			}
		}
	}
	if a.Scope != api.ScopeOnce && !slices.Contains(v.Scopes, a.Scope) {
		return fmt.Errorf("%w: %s (this ask can be approved %s)", ErrScopeNotOffered, a.Scope, scopeList(v.Scopes))
	}
	return nil
}

// scopeList names the scopes offered, for an error.
func scopeList(scopes []api.Scope) string {
	names := make([]string, len(scopes))
	for i, s := range scopes {
		names[i] = string(s)
	}
	if len(names) == 1 {
		return names[0] + " only"
	}
	return strings.Join(names, ", ")
}

// Pending returns the asks waiting now, oldest first.
func (q *Queue) Pending() []PendingAsk {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.pendingLocked()
}

func (q *Queue) pendingLocked() []PendingAsk {
	out := make([]PendingAsk, 0, len(q.pending))
	for _, e := range q.pending {
		out = append(out, q.snapshotLocked(e))
	}
	slices.SortFunc(out, func(a, b PendingAsk) int {
		if c := a.Created.Compare(b.Created); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out
}

// Len returns the number of pending asks.
func (q *Queue) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.pending)
}

// Recent returns the remembered final decisions, oldest first.
func (q *Queue) Recent() []RecentDecision {
	q.mu.Lock()
	defer q.mu.Unlock()
	return slices.Clone(q.recent)
}

// Record remembers a final decision for the page and announces it.
func (q *Queue) Record(pendingID string, req api.Request, d api.Decision) {
	r := RecentDecision{
		PendingID: pendingID,
		Tool:      req.ToolName,
		Summary:   Summarize(req),
		AgentID:   req.AgentID,
		AgentType: req.AgentType,
		SessionID: req.SessionID,
		Decision:  d,
		DecidedBy: DecidedBy(d.Reason),
		Display: RecentDisplay{
			Tool:      display.Line(req.ToolName),
			Summary:   display.Line(Summarize(req)),
			DecidedBy: display.Line(DecidedBy(d.Reason)),
			Agent:     display.Line(askview.AgentLabel(req)),
			Session:   display.Line(req.SessionID),
		},
	}
	if q.shared {
		r.Daemon = q.daemon
	}
	q.addRecent(r)
	if q.feed != nil {
		q.feed.Publish(r)
	}
}

// addRecent keeps r among the recent decisions and announces it.
func (q *Queue) addRecent(r RecentDecision) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.recent) == recentLimit {
		copy(q.recent, q.recent[1:])
		q.recent = q.recent[:recentLimit-1]
	}
	q.recent = append(q.recent, r)
	q.publishLocked(EventDecision, r)
}

// Close answers every pending ask prompted here, and every later prompt,
// with ErrShutdown, stops watching the store, and ends the event streams.
// It is safe to call more than once.
func (q *Queue) Close() {
	q.mu.Lock()
	if !q.closed {
		q.closed = true
		close(q.closing)
	}
	q.mu.Unlock()
	// Wait until every prompt has withdrawn, so their resolved events are
	// published before the streams end.
	q.active.Wait()
	q.stopWatch()
	q.watching.Wait()
	q.events.close()
}

// subscribe returns an event stream that starts with the current state:
// every pending ask and the recent decisions.
func (q *Queue) subscribe() *subscriber {
	q.mu.Lock()
	defer q.mu.Unlock()
	var snap []Event
	for _, r := range q.recent {
		snap = append(snap, mustEvent(EventDecision, r))
	}
	for _, p := range q.pendingLocked() {
		snap = append(snap, mustEvent(EventPending, p))
	}
	return q.events.subscribe(snap)
}

func (q *Queue) snapshotLocked(e *pendingEntry) PendingAsk {
	v := e.view
	left := v.Deadline.Sub(q.clock.Now())
	v.ExpiresInMS = max(left.Milliseconds(), 0)
	return v
}

func (q *Queue) publishLocked(name string, v any) {
	q.events.publish(mustEvent(name, v))
}

func mustEvent(name string, v any) Event {
	data, err := json.Marshal(v)
	if err != nil {
		// The payloads are plain structs of strings, numbers and the
		// request's JSON-decoded input; marshalling cannot fail.
		panic(fmt.Sprintf("server: encoding %s event: %v", name, err))
	}
	return Event{Name: name, Data: data}
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// newID returns a fresh random identifier with the given prefix.
func newID(prefix string) string {
	var b [9]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return prefix + "-" + hex.EncodeToString(b[:])
}
