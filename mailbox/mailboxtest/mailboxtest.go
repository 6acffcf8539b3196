// Package mailboxtest is the conformance suite for mailbox implementations:
// every Mailbox/Inbox pair — in-process, the daemon's HTTP one, distributed
// ones — must pass Run.
package mailboxtest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/mailbox"
)

// NewFunc returns a fresh, empty mailbox: the worker side and the leader side
// of the same message store.
type NewFunc func(t *testing.T) (mailbox.Mailbox, mailbox.Inbox)

// Run checks that the mailboxes made by newMailbox behave as package
// mailbox documents.
func Run(t *testing.T, newMailbox NewFunc) {
	tests := []struct {
		name string
		fn   func(t *testing.T, w mailbox.Mailbox, l mailbox.Inbox)
	}{
		{"RoundTrip", testRoundTrip},
		{"AwaitBlocksUntilAnswered", testAwaitBlocks},
		{"AnswerBeforeAwait", testAnswerBeforeAwait},
		{"AnswerResolvesOnlyItsRequest", testAnswerOnlyItsRequest},
		{"LeadersAreSeparate", testLeadersSeparate},
		{"ReceiveWaitsForSend", testReceiveWaits},
		{"ReceiveReturnsEachOnce", testReceiveOnce},
		{"Errors", testErrors},
		{"AwaitCancelledAndWithdraw", testWithdraw},
		{"ConcurrentWorkers", testConcurrent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, l := newMailbox(t)
			tt.fn(t, w, l)
		})
	}
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	return ctx
}

func sample(id, leader string) mailbox.Request {
	return mailbox.Request{
		ID: id, Leader: leader, Worker: "worker-1",
		Request: api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "npm install left-pad"}, Cwd: "/repo", SessionID: "s1", AgentID: "worker-1"},
		Reason:  api.Reason{Type: api.ReasonDefault, Message: "not allowed by any rule"},
		Findings: []api.Finding{
			{Category: "network", Description: "downloads packages", Part: "npm install left-pad", Risk: api.RiskMedium},
		},
		Suggestions: []string{"Bash(npm install *)"},
		Sent:        time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
	}
}

func mustSend(t *testing.T, w mailbox.Mailbox, req mailbox.Request) {
	t.Helper()
	if err := w.Send(ctxT(t), req); err != nil {
		t.Fatalf("Send(%s): %v", req.ID, err)
	}
}

func mustAnswer(t *testing.T, l mailbox.Inbox, resp mailbox.Response) {
	t.Helper()
	if err := l.Answer(ctxT(t), resp); err != nil {
		t.Fatalf("Answer(%s): %v", resp.ID, err)
	}
}

func pendingIDs(t *testing.T, l mailbox.Inbox, leader string) []string {
	t.Helper()
	reqs, err := l.Pending(ctxT(t), leader)
	if err != nil {
		t.Fatalf("Pending: %v", err)
	}
	ids := []string{}
	for _, r := range reqs {
		ids = append(ids, r.ID)
	}
	return ids
}

func testRoundTrip(t *testing.T, w mailbox.Mailbox, l mailbox.Inbox) {
	req := sample("r1", "lead")
	mustSend(t, w, req)
	pending, err := l.Pending(ctxT(t), "lead")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]mailbox.Request{req}, pending); diff != "" {
		t.Errorf("Pending (-want +got):\n%s", diff)
	}
	got, err := l.Receive(ctxT(t), "lead")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(req, got); diff != "" {
		t.Errorf("Receive (-want +got):\n%s", diff)
	}
	resp := mailbox.Response{ID: "r1", Behavior: api.Allow, Scope: api.ScopeSession, Message: "go ahead", Leader: "lead"}
	mustAnswer(t, l, resp)
	if diff := cmp.Diff([]string{}, pendingIDs(t, l, "lead")); diff != "" {
		t.Errorf("Pending after answer (-want +got):\n%s", diff)
	}
	ans, err := w.Await(ctxT(t), "r1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(resp, ans); diff != "" {
		t.Errorf("Await (-want +got):\n%s", diff)
	}
	if _, err := w.Await(ctxT(t), "r1"); !errors.Is(err, mailbox.ErrUnknownRequest) {
		t.Errorf("second Await: %v, want ErrUnknownRequest", err)
	}
}

func testAwaitBlocks(t *testing.T, w mailbox.Mailbox, l mailbox.Inbox) {
	mustSend(t, w, sample("r1", "lead"))
	type result struct {
		resp mailbox.Response
		err  error
	}
	done := make(chan result, 1)
	go func() {
		r, err := w.Await(ctxT(t), "r1")
		done <- result{r, err}
	}()
	if _, err := l.Receive(ctxT(t), "lead"); err != nil {
		t.Fatal(err)
	}
	mustAnswer(t, l, mailbox.Response{ID: "r1", Behavior: api.Deny, Message: "not on main", Leader: "lead"})
	got := <-done
	if got.err != nil {
		t.Fatal(got.err)
	}
	if got.resp.Behavior != api.Deny || got.resp.Message != "not on main" {
		t.Errorf("Await = %+v", got.resp)
	}
}

func testAnswerBeforeAwait(t *testing.T, w mailbox.Mailbox, l mailbox.Inbox) {
	mustSend(t, w, sample("r1", "lead"))
	mustAnswer(t, l, mailbox.Response{ID: "r1", Behavior: api.Allow})
	got, err := w.Await(ctxT(t), "r1")
	if err != nil || got.Behavior != api.Allow {
		t.Errorf("Await = %+v, %v", got, err)
	}
}

func testAnswerOnlyItsRequest(t *testing.T, w mailbox.Mailbox, l mailbox.Inbox) {
	mustSend(t, w, sample("a", "lead"))
	mustSend(t, w, sample("b", "lead"))
	mustAnswer(t, l, mailbox.Response{ID: "b", Behavior: api.Allow, Message: "for b"})
	got, err := w.Await(ctxT(t), "b")
	if err != nil || got.Message != "for b" || got.ID != "b" {
		t.Errorf("Await(b) = %+v, %v", got, err)
	}
	if diff := cmp.Diff([]string{"a"}, pendingIDs(t, l, "lead")); diff != "" {
		t.Errorf("Pending (-want +got):\n%s", diff)
	}
	ctx, cancel := context.WithCancel(ctxT(t))
	cancel()
	if _, err := w.Await(ctx, "a"); !errors.Is(err, context.Canceled) {
		t.Errorf("Await(a) with nobody answering: %v, want context.Canceled", err)
	}
}

func testLeadersSeparate(t *testing.T, w mailbox.Mailbox, l mailbox.Inbox) {
	mustSend(t, w, sample("x1", "alice"))
	mustSend(t, w, sample("y1", "bob"))
	mustSend(t, w, sample("x2", "alice"))
	if diff := cmp.Diff([]string{"x1", "x2"}, pendingIDs(t, l, "alice")); diff != "" {
		t.Errorf("alice's pending (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"y1"}, pendingIDs(t, l, "bob")); diff != "" {
		t.Errorf("bob's pending (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{}, pendingIDs(t, l, "carol")); diff != "" {
		t.Errorf("carol's pending (-want +got):\n%s", diff)
	}
	got, err := l.Receive(ctxT(t), "bob")
	if err != nil || got.ID != "y1" {
		t.Errorf("Receive(bob) = %s, %v", got.ID, err)
	}
}

func testReceiveWaits(t *testing.T, w mailbox.Mailbox, l mailbox.Inbox) {
	got := make(chan string, 1)
	go func() {
		r, err := l.Receive(ctxT(t), "lead")
		if err != nil {
			got <- "error: " + err.Error()
			return
		}
		got <- r.ID
	}()
	mustSend(t, w, sample("other", "someone-else"))
	mustSend(t, w, sample("mine", "lead"))
	if id := <-got; id != "mine" {
		t.Errorf("Receive = %s, want mine", id)
	}
}

func testReceiveOnce(t *testing.T, w mailbox.Mailbox, l mailbox.Inbox) {
	mustSend(t, w, sample("r1", "lead"))
	mustSend(t, w, sample("r2", "lead"))
	for _, want := range []string{"r1", "r2"} {
		got, err := l.Receive(ctxT(t), "lead")
		if err != nil || got.ID != want {
			t.Errorf("Receive = %s, %v; want %s", got.ID, err, want)
		}
	}
	ctx, cancel := context.WithCancel(ctxT(t))
	cancel()
	if _, err := l.Receive(ctx, "lead"); !errors.Is(err, context.Canceled) {
		t.Errorf("third Receive: %v, want context.Canceled", err)
	}
	if diff := cmp.Diff([]string{"r1", "r2"}, pendingIDs(t, l, "lead")); diff != "" {
		t.Errorf("received requests stay pending (-want +got):\n%s", diff)
	}
}

func testErrors(t *testing.T, w mailbox.Mailbox, l mailbox.Inbox) {
	ctx := ctxT(t)
	mustSend(t, w, sample("r1", "lead"))
	tests := []struct {
		name string
		err  error
		want error
	}{
		{"send without id", w.Send(ctx, sample("", "lead")), mailbox.ErrInvalid},
		{"send without leader", w.Send(ctx, sample("r9", "")), mailbox.ErrInvalid},
		{"send duplicate", w.Send(ctx, sample("r1", "lead")), mailbox.ErrDuplicate},
		{"answer unknown", l.Answer(ctx, mailbox.Response{ID: "nope", Behavior: api.Allow}), mailbox.ErrUnknownRequest},
		{"answer ask", l.Answer(ctx, mailbox.Response{ID: "r1", Behavior: api.Ask}), mailbox.ErrInvalid},
		{"answer empty", l.Answer(ctx, mailbox.Response{ID: "r1"}), mailbox.ErrInvalid},
		{"answer", l.Answer(ctx, mailbox.Response{ID: "r1", Behavior: api.Deny}), nil},
		{"answer twice", l.Answer(ctx, mailbox.Response{ID: "r1", Behavior: api.Allow}), mailbox.ErrAnswered},
		{"await unknown", awaitErr(ctx, w, "nope"), mailbox.ErrUnknownRequest},
	}
	for _, tt := range tests {
		if !errors.Is(tt.err, tt.want) || (tt.want == nil) != (tt.err == nil) {
			t.Errorf("%s: error %v, want %v", tt.name, tt.err, tt.want)
		}
	}
	got, err := w.Await(ctx, "r1")
	if err != nil || got.Behavior != api.Deny {
		t.Errorf("the first answer must stand: %+v, %v", got, err)
	}
}

func awaitErr(ctx context.Context, w mailbox.Mailbox, id string) error {
	_, err := w.Await(ctx, id)
	return err
}

func testWithdraw(t *testing.T, w mailbox.Mailbox, l mailbox.Inbox) {
	mustSend(t, w, sample("r1", "lead"))
	ctx, cancel := context.WithCancel(ctxT(t))
	cancel()
	if _, err := w.Await(ctx, "r1"); !errors.Is(err, context.Canceled) {
		t.Errorf("Await with a cancelled context: %v", err)
	}
	if err := w.Withdraw(ctxT(t), "r1"); err != nil {
		t.Fatal(err)
	}
	if err := w.Withdraw(ctxT(t), "r1"); err != nil {
		t.Errorf("second Withdraw: %v", err)
	}
	if diff := cmp.Diff([]string{}, pendingIDs(t, l, "lead")); diff != "" {
		t.Errorf("Pending after withdraw (-want +got):\n%s", diff)
	}
	if err := l.Answer(ctxT(t), mailbox.Response{ID: "r1", Behavior: api.Allow}); !errors.Is(err, mailbox.ErrUnknownRequest) {
		t.Errorf("Answer after withdraw: %v, want ErrUnknownRequest", err)
	}
}

func testConcurrent(t *testing.T, w mailbox.Mailbox, l mailbox.Inbox) {
	const workers = 20
	leaderCtx, stop := context.WithCancel(ctxT(t))
	leaderDone := make(chan struct{})
	go func() {
		defer close(leaderDone)
		for {
			r, err := l.Receive(leaderCtx, "lead")
			if err != nil {
				return
			}
			b := api.Allow
			if r.Worker[len(r.Worker)-1]%2 == 0 {
				b = api.Deny
			}
			if err := l.Answer(leaderCtx, mailbox.Response{ID: r.ID, Behavior: b, Message: "answer for " + r.ID}); err != nil {
				t.Errorf("Answer(%s): %v", r.ID, err)
			}
		}
	}()
	var wg sync.WaitGroup
	for i := range workers {
		wg.Go(func() {
			req := sample(fmt.Sprintf("req-%d", i), "lead")
			req.Worker = fmt.Sprintf("w%d", i)
			if err := w.Send(ctxT(t), req); err != nil {
				t.Errorf("Send: %v", err)
				return
			}
			resp, err := w.Await(ctxT(t), req.ID)
			if err != nil {
				t.Errorf("Await: %v", err)
				return
			}
			want := api.Allow
			if req.Worker[len(req.Worker)-1]%2 == 0 {
				want = api.Deny
			}
			if resp.ID != req.ID || resp.Message != "answer for "+req.ID || resp.Behavior != want {
				t.Errorf("worker %d got %+v", i, resp)
			}
		})
	}
	wg.Wait()
	stop()
	<-leaderDone
}
