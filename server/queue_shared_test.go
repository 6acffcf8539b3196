package server

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
)

// sharedQueues are two daemons' queues on one store, as a team's daemons
// share a NATS bucket.
func sharedQueues(t *testing.T, clock Clock) (a, b *Queue, store AskStore) {
	t.Helper()
	store = NewMemoryAskStore(clock)
	a = NewQueue(QueueOptions{Clock: clock, Timeout: time.Minute, Store: store, Daemon: "a"})
	b = NewQueue(QueueOptions{Clock: clock, Timeout: time.Minute, Store: store, Daemon: "b"})
	t.Cleanup(func() { a.Close(); b.Close() })
	return a, b, store
}

// waitListed waits (bounded) until q lists n pending asks, and returns them.
func waitListed(t *testing.T, q *Queue, n int) []PendingAsk {
	t.Helper()
	for range 500 {
		if p := q.Pending(); len(p) == n {
			return p
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the queue lists %d asks, want %d", q.Len(), n)
	return nil
}

func TestSharedQueueAnswerOnAnotherDaemon(t *testing.T) {
	for _, tt := range []struct {
		name   string
		answer handler.Answer
	}{
		{"allow for the session", handler.Answer{Behavior: api.Allow, Scope: api.ScopeSession, Person: "bob", Rule: "Bash(rm -rf build)"}},
		{"deny with a message", handler.Answer{Behavior: api.Deny, Scope: api.ScopeOnce, Person: "bob", Message: "not today"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a, b, _ := sharedQueues(t, newFakeClock())
			prompt := promptFor(bashRequest)
			prompt.Ask.Suggestions = []string{"Bash(rm -rf build)"}
			prompt.Ask.Scopes = []api.Scope{api.ScopeOnce, api.ScopeSession}
			res := startPrompt(a, context.Background(), prompt)
			listed := waitListed(t, b, 1)
			if listed[0].Tool != "Bash" || listed[0].Summary == "" {
				t.Errorf("the other daemon lists %+v, want the Bash ask with its summary", listed[0])
			}
			if err := b.Answer(listed[0].ID, tt.answer); err != nil {
				t.Fatal(err)
			}
			got := <-res
			if got.err != nil || got.a != tt.answer {
				t.Errorf("the waiting prompt got %+v, %v; want %+v", got.a, got.err, tt.answer)
			}
			waitListed(t, a, 0)
			waitListed(t, b, 0)
		})
	}
}

func TestSharedQueueSecondAnswerIsTold(t *testing.T) {
	a, b, _ := sharedQueues(t, newFakeClock())
	res := startPrompt(a, context.Background(), promptFor(bashRequest))
	id := waitListed(t, b, 1)[0].ID
	waitListed(t, a, 1)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, q := range []*Queue{a, b} {
		wg.Go(func() {
			beh := api.Allow
			if i == 1 {
				beh = api.Deny
			}
			errs[i] = q.Answer(id, handler.Answer{Behavior: beh, Person: []string{"ana", "bob"}[i]})
		})
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case errors.Is(err, ErrAlreadyAnswered) && errors.Is(err, ErrNotPending):
		default:
			t.Errorf("answer: %v, want success or already answered", err)
		}
	}
	if won != 1 {
		t.Fatalf("%d answers took effect, want exactly 1 (errors %v)", won, errs)
	}
	got := <-res
	winner := "ana"
	if errs[0] != nil {
		winner = "bob"
	}
	if got.err != nil || got.a.Person != winner {
		t.Errorf("the prompt got %+v, %v; want %s's answer", got.a, got.err, winner)
	}
}

func TestSharedQueueSurvivorDeniesADeadDaemonsAsk(t *testing.T) {
	clock := newFakeClock()
	store := NewMemoryAskStore(clock)
	survivor := NewQueue(QueueOptions{Clock: clock, Store: store, Daemon: "b"})
	defer survivor.Close()
	// The dead daemon's ask: in the store, with nobody waiting for it.
	view := []byte(`{"tool":"Bash","summary":"rm -rf build","findings":[],"suggestions":[]}`)
	if _, err := store.Create(context.Background(), StoredAsk{ID: "ask-dead", Daemon: "a", Created: clock.Now(), Deadline: clock.Now().Add(time.Minute), View: view}); err != nil {
		t.Fatal(err)
	}
	waitListed(t, survivor, 1)
	clock.advance(time.Minute) // at the deadline: still the owner's to deny
	time.Sleep(1500 * time.Millisecond)
	if survivor.Len() != 1 {
		t.Fatal("a survivor denied an ask before its deadline's grace")
	}
	clock.advance(sweepGrace + time.Second)
	waitListed(t, survivor, 0)
	got, err := store.Get(context.Background(), "ask-dead")
	if err != nil {
		t.Fatal(err)
	}
	if r := got.Resolution; r == nil || r.Behavior != api.Deny || r.By != "timeout" || r.Daemon != "b" {
		t.Errorf("resolution %+v, want a timeout deny by the survivor b", got.Resolution)
	}
}

func TestSharedQueueStartsWithTheStoresAsks(t *testing.T) {
	clock := newFakeClock()
	store := NewMemoryAskStore(clock)
	view := []byte(`{"tool":"Read","summary":"/etc/shadow","findings":[],"suggestions":[]}`)
	if _, err := store.Create(context.Background(), StoredAsk{ID: "ask-old", Daemon: "a", Created: clock.Now(), Deadline: clock.Now().Add(time.Minute), View: view}); err != nil {
		t.Fatal(err)
	}
	q := NewQueue(QueueOptions{Clock: clock, Store: store, Daemon: "a2"})
	defer q.Close()
	p := q.Pending()
	if len(p) != 1 || p[0].ID != "ask-old" || p[0].Summary != "/etc/shadow" {
		t.Fatalf("a restarted daemon lists %+v, want the ask kept in the store", p)
	}
	if err := q.Answer("ask-old", handler.Answer{Behavior: api.Deny, Person: "ana"}); err != nil {
		t.Errorf("answering a kept ask: %v", err)
	}
}

// failingStore is a store whose connection is lost.
type failingStore struct{ AskStore }

func (failingStore) Create(context.Context, StoredAsk) (StoredAsk, error) {
	return StoredAsk{}, ErrStoreUnavailable
}

func TestSharedQueueLostStoreDenies(t *testing.T) {
	q := NewQueue(QueueOptions{Store: failingStore{NewMemoryAskStore(nil)}, Daemon: "a"})
	defer q.Close()
	_, err := q.Prompt(context.Background(), promptFor(bashRequest))
	if !errors.Is(err, ErrStoreUnavailable) {
		t.Fatalf("Prompt = %v, want an error naming the unavailable store (the caller denies)", err)
	}
	if q.Len() != 0 {
		t.Errorf("a failed ask stays listed")
	}
}
