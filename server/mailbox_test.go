package server

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/mailbox"
	"github.com/wardenhq/warden/mailbox/mailboxtest"
)

func TestHTTPMailboxConformance(t *testing.T) {
	mailboxtest.Run(t, func(t *testing.T) (mailbox.Mailbox, mailbox.Inbox) {
		f := newFixture(t, Options{})
		worker, err := NewHTTPMailbox(f.http.URL, testToken, f.http.Client())
		if err != nil {
			t.Fatal(err)
		}
		leader, err := NewHTTPMailbox(f.http.URL+"/?token="+testToken, "", f.http.Client())
		if err != nil {
			t.Fatal(err)
		}
		return worker, leader
	})
}

func TestForwardedAskShowsOnThePage(t *testing.T) {
	f := newFixture(t, Options{})
	events := f.events()
	worker, err := NewHTTPMailbox(f.http.URL, testToken, f.http.Client())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	req := mailbox.Request{
		ID: "fwd-1", Leader: DefaultLeader, Worker: "sub-agent-7",
		Request:  api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "npm publish"}, SessionID: "s9"},
		Reason:   api.Reason{Type: api.ReasonDefault, Message: "not allowed by any rule"},
		Findings: []api.Finding{{Category: "publish", Description: "publishes a package", Risk: api.RiskHigh}},
	}
	if err := worker.Send(ctx, req); err != nil {
		t.Fatal(err)
	}
	p := decode[PendingAsk](t, events.next(t, EventPending))
	if diff := cmp.Diff([]any{"sub-agent-7", "npm publish", api.RiskHigh}, []any{p.AgentID, p.Summary, p.Risk}); diff != "" {
		t.Errorf("pending ask (-want +got):\n%s", diff)
	}
	// The worker's hook keeps nothing the leader grants: a forwarded ask
	// is offered, and approved, once only.
	if err := f.client.Answer(ctx, p.ID, AnswerRequest{Behavior: api.Allow, Scope: api.ScopeSession}); err == nil {
		t.Fatal("a forwarded ask was approved for the session, which nothing keeps")
	}
	if err := f.client.Answer(ctx, p.ID, AnswerRequest{Behavior: api.Allow, Scope: api.ScopeOnce}); err != nil {
		t.Fatal(err)
	}
	resp, err := worker.Await(ctx, "fwd-1")
	if err != nil {
		t.Fatal(err)
	}
	want := mailbox.Response{ID: "fwd-1", Behavior: api.Allow, Scope: api.ScopeOnce, Leader: "warden (web)"}
	if diff := cmp.Diff(want, resp); diff != "" {
		t.Errorf("response (-want +got):\n%s", diff)
	}
	// The page's recent list shows the leader's answer to the worker.
	rec := decode[RecentDecision](t, events.next(t, EventDecision))
	if diff := cmp.Diff([]any{p.ID, "sub-agent-7", api.Allow, api.ReasonLeader, "warden (web)"},
		[]any{rec.PendingID, rec.AgentID, rec.Decision.Behavior, rec.Decision.Reason.Type, rec.Decision.Reason.Leader}); diff != "" {
		t.Errorf("recent decision (-want +got):\n%s", diff)
	}
}

func TestWithdrawnForwardLeavesThePage(t *testing.T) {
	f := newFixture(t, Options{})
	events := f.events()
	worker, err := NewHTTPMailbox(f.http.URL, testToken, f.http.Client())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	req := mailbox.Request{ID: "fwd-2", Leader: DefaultLeader, Worker: "w", Request: api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "make"}}}
	if err := worker.Send(ctx, req); err != nil {
		t.Fatal(err)
	}
	p := decode[PendingAsk](t, events.next(t, EventPending))
	if err := worker.Withdraw(ctx, "fwd-2"); err != nil {
		t.Fatal(err)
	}
	r := decode[ResolvedAsk](t, events.next(t, EventResolved))
	if diff := cmp.Diff([]any{p.ID, "withdrawn"}, []any{r.ID, r.By}); diff != "" {
		t.Errorf("resolved (-want +got):\n%s", diff)
	}
	if _, err := worker.Await(ctx, "fwd-2"); !errors.Is(err, mailbox.ErrUnknownRequest) {
		t.Errorf("Await after withdraw: %v", err)
	}
}

func TestForwardedAskDeniedAtShutdown(t *testing.T) {
	f := newFixture(t, Options{})
	events := f.events()
	worker, err := NewHTTPMailbox(f.http.URL, testToken, f.http.Client())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := worker.Send(ctx, mailbox.Request{ID: "fwd-3", Leader: DefaultLeader, Request: api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "make"}}}); err != nil {
		t.Fatal(err)
	}
	events.next(t, EventPending)
	awaited := make(chan error, 1)
	go func() {
		resp, err := worker.Await(ctx, "fwd-3")
		if err == nil && resp.Behavior == api.Allow {
			err = errors.New("allowed at shutdown")
		}
		awaited <- err
	}()
	if err := f.server.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-awaited; err == nil {
		t.Log("the worker got a deny")
	} else if err.Error() == "allowed at shutdown" {
		t.Fatal(err)
	}
}

// TestForwardedAskKeepsTheWorkersDeadline: a sub-agent's ask waits on the
// page until the worker's own deadline (its project's approvals timeout),
// not the daemon's, and a timeout is told as one — "no answer in N s,
// denied" — never as the leader's decision.
func TestForwardedAskKeepsTheWorkersDeadline(t *testing.T) {
	f := newFixture(t, Options{})
	events := f.events()
	worker, err := NewHTTPMailbox(f.http.URL, testToken, f.http.Client())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	deadline := f.clock.Now().Add(300 * time.Second)
	req := mailbox.Request{ID: "fwd-9", Leader: DefaultLeader, Worker: "w", Deadline: deadline,
		Request: api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "make"}}}
	if err := worker.Send(ctx, req); err != nil {
		t.Fatal(err)
	}
	p := decode[PendingAsk](t, events.next(t, EventPending))
	if !p.Deadline.Equal(deadline) {
		t.Errorf("the page's deadline is %v, want the worker's %v", p.Deadline, deadline)
	}
	f.clock.waitTimers(1)
	f.clock.advance(301 * time.Second)
	resp, err := worker.Await(ctx, "fwd-9")
	if err != nil {
		t.Fatal(err)
	}
	if resp.Behavior != api.Deny || resp.Message != "no answer in 300 s, denied" {
		t.Errorf("response %+v, want deny saying no answer in 300 s", resp)
	}
	rec := decode[RecentDecision](t, events.next(t, EventDecision))
	if rec.Decision.Reason.Type != api.ReasonTimeout || strings.Contains(rec.Decision.Reason.Message, "context") {
		t.Errorf("recent decision reason %+v, want a timeout in words", rec.Decision.Reason)
	}
}
