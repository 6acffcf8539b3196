package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/internal/askview"
	"github.com/wardenhq/warden/internal/display"
)

// Errors the queue returns from Prompt and Answer.
var (
	// ErrTimeout is returned by Prompt when nobody answered before the
	// deadline. It wraps context.DeadlineExceeded; the caller denies.
	ErrTimeout = fmt.Errorf("no answer before the deadline: %w", context.DeadlineExceeded)
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
)

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
	Suggestions []string    `json:"suggestions"`
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
}

// Queue is the approval queue: a [handler.Prompter] that puts each prompt on
// the list of pending asks, announces it on the event stream, and waits for
// an answer (POST /v1/pending/{id}), the deadline, the caller's context, or
// the daemon's shutdown. It also keeps the recent final decisions for the
// page.
type Queue struct {
	clock   Clock
	timeout time.Duration
	metrics *Metrics
	events  *broker

	mu      sync.Mutex
	pending map[string]*pendingEntry
	recent  []RecentDecision // oldest first
	closed  bool
	closing chan struct{}
	active  sync.WaitGroup // prompts that are waiting
}

var _ handler.Prompter = (*Queue)(nil)

type pendingEntry struct {
	view   PendingAsk
	answer chan handler.Answer // buffered, receives at most once
}

// NewQueue returns an empty queue.
func NewQueue(opts QueueOptions) *Queue {
	q := &Queue{
		clock:   opts.Clock,
		timeout: opts.Timeout,
		metrics: opts.Metrics,
		events:  newBroker(),
		pending: make(map[string]*pendingEntry),
		closing: make(chan struct{}),
	}
	if q.clock == nil {
		q.clock = SystemClock{}
	}
	if q.timeout <= 0 {
		q.timeout = DefaultPromptTimeout
	}
	return q
}

// Prompt lists the ask as pending and waits. It returns the person's answer;
// ErrTimeout at the deadline; ErrShutdown when the daemon stops; ctx.Err()
// when the context ends first. Only an answer can allow.
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
		Request:     ask.Request,
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
	entry := &pendingEntry{view: view, answer: make(chan handler.Answer, 1)}

	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return handler.Answer{}, ErrShutdown
	}
	q.active.Add(1)
	defer q.active.Done()
	q.pending[view.ID] = entry
	q.metrics.setPending(len(q.pending))
	q.publishLocked(EventPending, q.snapshotLocked(entry))
	q.mu.Unlock()
	if c := callFrom(ctx); c != nil {
		c.setPendingID(view.ID)
	}

	done := make(chan struct{})
	defer close(done)
	if ask.Explanation != nil {
		go q.followExplanation(view.ID, ask.Explanation, done)
	}

	wait := deadline.Sub(now)
	select {
	case a := <-entry.answer:
		return a, nil
	case <-q.clock.After(wait):
		return q.withdraw(entry, "timeout", ErrTimeout)
	case <-ctx.Done():
		return q.withdraw(entry, "withdrawn", ctx.Err())
	case <-q.closing:
		return q.withdraw(entry, "shutdown", ErrShutdown)
	}
}

// withdraw takes entry off the queue for a reason other than an answer. If
// an answer won the race, that answer is returned instead.
func (q *Queue) withdraw(entry *pendingEntry, by string, err error) (handler.Answer, error) {
	q.mu.Lock()
	_, still := q.pending[entry.view.ID]
	if still {
		delete(q.pending, entry.view.ID)
		q.metrics.setPending(len(q.pending))
		res := ResolvedAsk{ID: entry.view.ID, By: by, Time: q.clock.Now()}
		if by == "timeout" || by == "shutdown" {
			res.Behavior = api.Deny
		}
		q.publishLocked(EventResolved, res)
	}
	q.mu.Unlock()
	if !still {
		a := <-entry.answer // Answer removed it and sent before unlocking
		if by == "shutdown" {
			return handler.Answer{}, err
		}
		return a, nil
	}
	return handler.Answer{}, err
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
			if entry, ok := q.pending[id]; ok {
				entry.view.Explanation = &e
				if e.RiskLevel.Rank() > entry.view.Risk.Rank() {
					entry.view.Risk = e.RiskLevel
				}
				d := *entry.view.Display
				d.Explanation = DescribeExplanation(e)
				entry.view.Display = &d
				q.publishLocked(EventPending, q.snapshotLocked(entry))
			}
			q.mu.Unlock()
		}
	}
}

// Answer resolves the pending ask id with a person's answer. It returns
// ErrNotPending when there is no such ask, and an error for an answer that is
// neither allow nor deny.
func (q *Queue) Answer(id string, a handler.Answer) error {
	if a.Behavior != api.Allow && a.Behavior != api.Deny {
		return fmt.Errorf("server: answer must be allow or deny, not %q", a.Behavior)
	}
	if a.Scope == "" {
		a.Scope = api.ScopeOnce
	}
	if _, err := api.ParseScope(string(a.Scope)); err != nil {
		return fmt.Errorf("server: %w", err)
	}
	q.mu.Lock()
	entry, ok := q.pending[id]
	if !ok {
		q.mu.Unlock()
		return fmt.Errorf("%w: %q", ErrNotPending, id)
	}
	if err := answerAllowed(&entry.view, a); err != nil {
		q.mu.Unlock()
		return err
	}
	delete(q.pending, id)
	q.metrics.setPending(len(q.pending))
	entry.answer <- a
	res := ResolvedAsk{ID: id, Behavior: a.Behavior, Message: a.Message, By: a.Person, Time: q.clock.Now()}
	if a.Behavior == api.Allow {
		res.Scope = a.Scope
	}
	q.publishLocked(EventResolved, res)
	q.mu.Unlock()
	return nil
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
	if a.Scope != api.ScopeAlways {
		return nil
	}
	if v.Risk == api.RiskHigh {
		return ErrAlwaysRefused
	}
	for _, f := range v.Findings {
		if err := grant.CheckScope(f.Category, f.Risk, api.ScopeAlways); err != nil {
			return fmt.Errorf("%w: %w", ErrAlwaysRefused, err)
		}
	}
	return nil
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
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.recent) == recentLimit {
		copy(q.recent, q.recent[1:])
		q.recent = q.recent[:recentLimit-1]
	}
	q.recent = append(q.recent, r)
	q.publishLocked(EventDecision, r)
}

// Close answers every pending ask, and every later prompt, with ErrShutdown,
// and ends the event streams. It is safe to call more than once.
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
