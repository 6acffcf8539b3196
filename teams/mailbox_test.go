package teams_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/mailbox"
	"github.com/wardenhq/warden/mailbox/mailboxtest"
	"github.com/wardenhq/warden/teams"
)

func openMailbox(t testing.TB, n *teams.Node, name string) *teams.Mailbox {
	t.Helper()
	nc, err := n.Connect(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	m, err := teams.OpenMailbox(context.Background(), nc, teams.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	return m
}

// TestMailboxConformance runs the mailbox's suite with the worker on one
// daemon and the leader on another: every request a sub-agent forwards
// through the first reaches its leader through the second, and back.
func TestMailboxConformance(t *testing.T) {
	mailboxtest.Run(t, func(t *testing.T) (mailbox.Mailbox, mailbox.Inbox) {
		n, _ := startNode(t)
		return openMailbox(t, n, "worker-side"), openMailbox(t, n, "leader-side")
	})
}

// TestMailboxAnswerCountsOnce: the leader's session receives through
// three daemons at once and answers through two at once: each request is
// received once, exactly one answer counts, and the worker sees that one.
func TestMailboxAnswerCountsOnce(t *testing.T) {
	ctx := context.Background()
	n, _ := startNode(t)
	boxes := []*teams.Mailbox{openMailbox(t, n, "a"), openMailbox(t, n, "b"), openMailbox(t, n, "c")}
	const reqs = 12
	for i := range reqs {
		req := mailbox.Request{ID: fmt.Sprintf("r%d", i), Leader: "lead", Worker: "w", Request: api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "ls"}}}
		if err := boxes[i%3].Send(ctx, req); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	received := map[string]int{}
	total := 0
	var wg sync.WaitGroup
	for _, b := range boxes {
		wg.Go(func() {
			for {
				rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
				r, err := b.Receive(rctx, "lead")
				cancel()
				if err != nil {
					return // nothing more to receive
				}
				mu.Lock()
				received[r.ID]++
				total++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(received) != reqs || total != reqs {
		t.Errorf("received %d requests %d times (%v), want each of %d once", len(received), total, received, reqs)
	}
	for i := range reqs {
		id := fmt.Sprintf("r%d", i)
		var errs [2]error
		var wg sync.WaitGroup
		for k := range 2 {
			wg.Go(func() {
				errs[k] = boxes[1+k].Answer(ctx, mailbox.Response{ID: id, Behavior: []api.Behavior{api.Allow, api.Deny}[k], Leader: []string{"b", "c"}[k]})
			})
		}
		wg.Wait()
		won := -1
		for k, err := range errs {
			switch {
			case err == nil && won < 0:
				won = k
			case err == nil:
				t.Errorf("%s: both answers took effect", id)
			case !errors.Is(err, mailbox.ErrAnswered):
				t.Errorf("%s: the losing answer: %v, want ErrAnswered", id, err)
			}
		}
		resp, err := boxes[i%3].Await(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"b", "c"}[max(won, 0)]; won < 0 || resp.Leader != want {
			t.Errorf("%s: the worker got %+v, want the answer that took effect (%s)", id, resp, want)
		}
	}
}
