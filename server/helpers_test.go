package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/handler"
)

const (
	testToken      = "test-token-0123456789"
	testAgentToken = "agent-token-9876543210"
)

// fakeClock is a Clock whose time moves only when the test says.
type fakeClock struct {
	mu     sync.Mutex
	cond   *sync.Cond
	now    time.Time
	timers []fakeTimer
}

type fakeTimer struct {
	at time.Time
	ch chan time.Time
}

func newFakeClock() *fakeClock {
	c := &fakeClock{now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	c.cond = sync.NewCond(&c.mu)
	return c
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	c.timers = append(c.timers, fakeTimer{at: c.now.Add(d), ch: ch})
	c.cond.Broadcast()
	return ch
}

// waitTimers blocks until at least n timers are waiting.
func (c *fakeClock) waitTimers(n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for len(c.timers) < n {
		c.cond.Wait()
	}
}

// advance moves time forward and fires the timers that are due.
func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.timers[:0]
	for _, t := range c.timers {
		if !t.at.After(c.now) {
			t.ch <- c.now
			continue
		}
		kept = append(kept, t)
	}
	c.timers = kept
}

// fakeEngine decides like a tiny pipeline: Read is allowed by a rule, Bash
// asks, Delete is denied by a rule; Decide resolves asks through the queue,
// as the coordinator would.
type fakeEngine struct {
	queue *Queue
	clock Clock
}

func (e *fakeEngine) Check(_ context.Context, req api.Request) (api.Decision, error) {
	d := api.Decision{ID: newID("dec"), Time: e.clock.Now()}
	switch req.ToolName {
	case "Read":
		d.Behavior = api.Allow
		d.Reason = api.Reason{Type: api.ReasonRule, Rule: "Read", Source: "project", File: ".warden/settings.json", Line: 3, Message: "allowed by rule"}
	case "Delete":
		d.Behavior = api.Deny
		d.Reason = api.Reason{Type: api.ReasonRule, Rule: "Delete", Source: "org", Message: "denied by rule"}
	case "Broken":
		return api.Decision{}, errors.New("settings unreadable")
	case "Invalid":
		return api.Decision{}, fmt.Errorf("%w: cwd is relative", ErrInvalidRequest)
	default:
		d.Behavior = api.Ask
		d.Reason = api.Reason{Type: api.ReasonSafety, Message: "recursive delete"}
		d.Findings = []api.Finding{{Category: "recursive-delete", Description: "deletes a tree", Part: Summarize(req), Risk: api.RiskHigh}}
		d.Risk = api.RiskHigh
		d.Suggestions = []string{"Bash(rm -rf build)"}
	}
	return d, nil
}

func (e *fakeEngine) Decide(ctx context.Context, req api.Request) (api.Decision, error) {
	d, err := e.Check(ctx, req)
	if err != nil || d.Behavior != api.Ask {
		return d, err
	}
	a, err := e.queue.Prompt(ctx, &handler.Prompt{Ask: &handler.Ask{Request: req, Decision: d, Suggestions: d.Suggestions, Scopes: testScopes(d)}})
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		d.Behavior, d.Reason = api.Deny, api.Reason{Type: api.ReasonTimeout, Message: "timed out"}
	case err != nil:
		d.Behavior, d.Reason = api.Deny, api.Reason{Type: api.ReasonError, Message: err.Error()}
	default:
		d.Behavior, d.Reason = a.Behavior, api.Reason{Type: api.ReasonUser, Person: a.Person, Scope: a.Scope, Message: a.Message}
	}
	return d, nil
}

type fixture struct {
	t      *testing.T
	clock  *fakeClock
	queue  *Queue
	server *Server
	http   *httptest.Server
	client *Client
}

func newFixture(t *testing.T, opts Options) *fixture {
	t.Helper()
	clock := newFakeClock()
	metrics := NewMetrics()
	queue := NewQueue(QueueOptions{Clock: clock, Timeout: time.Minute, Metrics: metrics})
	if opts.Token == "" {
		opts.Token = testToken
	}
	if opts.AgentToken == "" {
		opts.AgentToken = testAgentToken
	}
	opts.Clock, opts.Queue, opts.Metrics = clock, queue, metrics
	var engine Engine = &fakeEngine{queue: queue, clock: clock}
	srv := New(engine, opts)
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		_ = srv.Shutdown(context.Background())
		hs.Close()
	})
	client, err := NewClient(hs.URL, opts.Token, hs.Client())
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{t: t, clock: clock, queue: queue, server: srv, http: hs, client: client}
}

// do sends a request with the fixture's token (unless header overrides it).
func (f *fixture) do(method, path, body string, header map[string]string) (*http.Response, []byte) {
	f.t.Helper()
	req, err := http.NewRequest(method, f.http.URL+path, strings.NewReader(body))
	if err != nil {
		f.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+testToken)
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		if v == "" {
			req.Header.Del(k)
			continue
		}
		req.Header.Set(k, v)
	}
	res, err := f.http.Client().Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		f.t.Fatal(err)
	}
	return res, data
}

// doStream is do for endpoints that may stream or wait: it reads the body
// for at most a moment, so an event stream that opened is a 200 and not a
// hang.
func (f *fixture) doStream(method, path, body string, header map[string]string) (*http.Response, []byte) {
	f.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, f.http.URL+path, strings.NewReader(body))
	if err != nil {
		f.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+testToken)
	for k, v := range header {
		if v == "" {
			req.Header.Del(k)
			continue
		}
		req.Header.Set(k, v)
	}
	res, err := f.http.Client().Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer res.Body.Close()
	if res.Header.Get("Content-Type") == "text/event-stream" {
		return res, nil
	}
	data, err := io.ReadAll(res.Body)
	if err != nil {
		f.t.Fatal(err)
	}
	return res, data
}

// eventStream is a parsed GET /v1/events.
type eventStream struct {
	events chan Event
	cancel context.CancelFunc
}

func (f *fixture) events() *eventStream {
	f.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, f.http.URL+"/v1/events", nil)
	if err != nil {
		f.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+testToken)
	res, err := f.http.Client().Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		f.t.Fatalf("GET /v1/events: %s", res.Status)
	}
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		f.t.Fatalf("GET /v1/events: Content-Type %q", ct)
	}
	s := &eventStream{events: make(chan Event, 100), cancel: cancel}
	go func() {
		defer close(s.events)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		var e Event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				e.Name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				e.Data = json.RawMessage(strings.TrimPrefix(line, "data: "))
			case line == "" && e.Name != "":
				s.events <- e
				e = Event{}
			}
		}
	}()
	f.t.Cleanup(cancel)
	return s
}

// next returns the next event named name, skipping others.
func (s *eventStream) next(t *testing.T, name string) json.RawMessage {
	t.Helper()
	for e := range s.events {
		if e.Name == name {
			return e.Data
		}
	}
	t.Fatalf("event stream ended before a %q event", name)
	return nil
}

func decode[T any](t *testing.T, data []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("decoding %s: %v", data, err)
	}
	return v
}

func errorCode(t *testing.T, data []byte) string {
	t.Helper()
	return decode[api.ErrorEnvelope](t, data).Error.Code
}

var bashRequest = api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "rm -rf build"}, SessionID: "s1", AgentID: "worker-1", AgentType: "tester"}

// testScopes are the scopes the engine would offer for d, with a session.
func testScopes(d api.Decision) []api.Scope {
	return grant.Scopes(grant.Keepable{Rules: d.Suggestions, Risk: d.Risk, Findings: d.Findings, Session: true})
}
