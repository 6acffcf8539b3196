// Package askstoretest is the conformance suite for ask stores: any
// implementation of server.AskStore — the memory store of package server,
// the NATS JetStream store of package teams, or a third party's — runs Run
// from its tests to show it keeps the contract the approval queue relies
// on: an ask created through one handle is listed and answered through
// another, and exactly one resolution of an ask ever takes effect.
package askstoretest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/server"
)

// NewStores returns two handles on one fresh, empty shared store: for a
// single-process store both may be the same value; for a distributed one,
// two daemons' connections.
type NewStores func(t *testing.T) (a, b server.AskStore)

// Run runs the AskStore contract against fresh stores made by newStores.
func Run(t *testing.T, newStores NewStores) {
	t.Helper()
	ctx := context.Background()
	base := time.Now().UTC().Truncate(time.Millisecond)
	ask := func(id string, n int) server.StoredAsk {
		return server.StoredAsk{
			ID: id, Daemon: "d1", Session: "s1",
			Created:  base.Add(time.Duration(n) * time.Millisecond),
			Deadline: base.Add(time.Minute),
			View:     json.RawMessage(fmt.Sprintf(`{"id":%q,"tool":"Bash"}`, id)),
		}
	}
	mustCreate := func(t *testing.T, s server.AskStore, a server.StoredAsk) server.StoredAsk {
		t.Helper()
		got, err := s.Create(ctx, a)
		if err != nil {
			t.Fatalf("Create(%s): %v", a.ID, err)
		}
		return got
	}
	ids := func(asks []server.StoredAsk) []string {
		out := []string{}
		for _, a := range asks {
			out = append(out, a.ID)
		}
		return out
	}

	t.Run("CreatedAskIsListedAndReadEverywhere", func(t *testing.T) {
		a, b := newStores(t)
		got := mustCreate(t, a, ask("ask-1", 1))
		if got.Revision == 0 || !got.Pending() {
			t.Fatalf("Create returned %+v, want a revision and no resolution", got)
		}
		mustCreate(t, a, ask("ask-2", 2))
		list, err := b.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(ids(list)) != "[ask-1 ask-2]" {
			t.Errorf("List on the other handle = %v, want [ask-1 ask-2], oldest first", ids(list))
		}
		g, err := b.Get(ctx, "ask-1")
		if err != nil {
			t.Fatal(err)
		}
		if g.Daemon != "d1" || g.Session != "s1" || !g.Deadline.Equal(base.Add(time.Minute)) || string(g.View) != `{"id":"ask-1","tool":"Bash"}` {
			t.Errorf("Get = %+v, want the entry as created (daemon, session, deadline, view)", g)
		}
	})

	t.Run("DuplicateAndInvalidIDsAreRefused", func(t *testing.T) {
		a, b := newStores(t)
		mustCreate(t, a, ask("ask-1", 1))
		if _, err := b.Create(ctx, ask("ask-1", 1)); !errors.Is(err, server.ErrDuplicateAsk) {
			t.Errorf("second Create = %v, want ErrDuplicateAsk", err)
		}
		for _, id := range []string{"", "a.b", "a b", "a>", "*", "a/b"} {
			if _, err := a.Create(ctx, ask(id, 1)); err == nil {
				t.Errorf("Create(%q) succeeded, want an invalid id error", id)
			}
		}
	})

	t.Run("UnknownAsk", func(t *testing.T) {
		a, _ := newStores(t)
		if _, err := a.Get(ctx, "ask-none"); !errors.Is(err, server.ErrUnknownAsk) {
			t.Errorf("Get = %v, want ErrUnknownAsk", err)
		}
		if _, err := a.Resolve(ctx, "ask-none", server.Resolution{Behavior: api.Allow, By: "alice"}); !errors.Is(err, server.ErrUnknownAsk) {
			t.Errorf("Resolve = %v, want ErrUnknownAsk (an answer never creates an ask)", err)
		}
	})

	t.Run("FirstResolutionWinsAndLaterOnesAreTold", func(t *testing.T) {
		a, b := newStores(t)
		mustCreate(t, a, ask("ask-1", 1))
		got, err := b.Resolve(ctx, "ask-1", server.Resolution{Behavior: api.Deny, By: "bob", Daemon: "d2", Message: "no"})
		if err != nil {
			t.Fatal(err)
		}
		if got.Pending() || got.Resolution.By != "bob" || got.Resolution.Time.IsZero() {
			t.Fatalf("Resolve = %+v, want bob's resolution with a time", got)
		}
		late, err := a.Resolve(ctx, "ask-1", server.Resolution{Behavior: api.Allow, By: "alice"})
		if !errors.Is(err, server.ErrAlreadyAnswered) {
			t.Fatalf("late Resolve = %v, want ErrAlreadyAnswered", err)
		}
		if late.Resolution == nil || late.Resolution.By != "bob" || late.Resolution.Behavior != api.Deny {
			t.Errorf("late Resolve returned %+v, want the winning (bob's deny) resolution", late.Resolution)
		}
		if _, err := a.Update(ctx, "ask-1", json.RawMessage(`{}`)); !errors.Is(err, server.ErrAlreadyAnswered) {
			t.Errorf("Update after resolution = %v, want ErrAlreadyAnswered", err)
		}
		g, err := a.Get(ctx, "ask-1")
		if err != nil {
			t.Fatal(err)
		}
		if g.Resolution == nil || g.Resolution.Behavior != api.Deny || g.Resolution.Daemon != "d2" {
			t.Errorf("Get after resolution = %+v, want bob's deny given on d2", g.Resolution)
		}
		list, err := a.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 0 {
			t.Errorf("List = %v, want no pending asks once resolved", ids(list))
		}
	})

	t.Run("ConcurrentAnswersExactlyOneWins", func(t *testing.T) {
		a, b := newStores(t)
		for round := range 5 {
			id := fmt.Sprintf("ask-race-%d", round)
			mustCreate(t, a, ask(id, round))
			var wins, told atomic.Int32
			var wg sync.WaitGroup
			for i := range 8 {
				s := a
				if i%2 == 1 {
					s = b
				}
				wg.Go(func() {
					beh := api.Allow
					if i%3 == 0 {
						beh = api.Deny
					}
					_, err := s.Resolve(ctx, id, server.Resolution{Behavior: beh, By: fmt.Sprintf("p%d", i)})
					switch {
					case err == nil:
						wins.Add(1)
					case errors.Is(err, server.ErrAlreadyAnswered):
						told.Add(1)
					default:
						t.Errorf("Resolve: %v", err)
					}
				})
			}
			wg.Wait()
			if wins.Load() != 1 || told.Load() != 7 {
				t.Errorf("round %d: %d answers took effect and %d were told, want 1 and 7", round, wins.Load(), told.Load())
			}
		}
	})

	t.Run("UpdateReplacesTheViewOfAPendingAsk", func(t *testing.T) {
		a, b := newStores(t)
		c := mustCreate(t, a, ask("ask-1", 1))
		u, err := b.Update(ctx, "ask-1", json.RawMessage(`{"id":"ask-1","explained":true}`))
		if err != nil {
			t.Fatal(err)
		}
		if u.Revision <= c.Revision || !u.Pending() {
			t.Errorf("Update = rev %d pending %v, want a later revision, still pending", u.Revision, u.Pending())
		}
		g, _ := a.Get(ctx, "ask-1")
		if string(g.View) != `{"id":"ask-1","explained":true}` {
			t.Errorf("view after Update = %s", g.View)
		}
		if _, err := a.Resolve(ctx, "ask-1", server.Resolution{Behavior: api.Allow, By: "alice"}); err != nil {
			t.Errorf("Resolve after Update: %v (an update must not make the answer lose)", err)
		}
	})

	t.Run("WatchSeesChangesFromEveryHandle", func(t *testing.T) {
		a, b := newStores(t)
		wctx, cancel := context.WithCancel(ctx)
		ch, err := a.Watch(wctx)
		if err != nil {
			t.Fatal(err)
		}
		mustCreate(t, b, ask("ask-1", 1))
		if _, err := b.Resolve(ctx, "ask-1", server.Resolution{Behavior: api.Allow, Scope: api.ScopeSession, By: "alice"}); err != nil {
			t.Fatal(err)
		}
		var seen []string
		timeout := time.After(10 * time.Second)
		for len(seen) < 2 {
			select {
			case c, ok := <-ch:
				if !ok {
					t.Fatal("watch ended early")
				}
				if c.ID != "ask-1" {
					continue
				}
				state := "pending"
				if !c.Pending() {
					state = string(c.Resolution.Behavior) + " " + string(c.Resolution.Scope) + " by " + c.Resolution.By
				}
				seen = append(seen, state)
			case <-timeout:
				t.Fatalf("watch saw %v in 10s, want the creation and the answer", seen)
			}
		}
		if fmt.Sprint(seen) != "[pending allow session by alice]" {
			t.Errorf("watch saw %v, want [pending allow session by alice]", seen)
		}
		cancel()
		for range ch { // closed once the context ends
		}
	})

	t.Run("ManyPendingAsksNoneLost", func(t *testing.T) {
		a, b := newStores(t)
		const n = 200
		var wg sync.WaitGroup
		for i := range n {
			s := a
			if i%2 == 1 {
				s = b
			}
			wg.Go(func() {
				if _, err := s.Create(ctx, ask(fmt.Sprintf("ask-m%03d", i), i)); err != nil {
					t.Errorf("Create: %v", err)
				}
			})
		}
		wg.Wait()
		for _, s := range []server.AskStore{a, b} {
			list, err := s.List(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(list) != n {
				t.Errorf("List = %d asks, want %d", len(list), n)
			}
		}
		for i := range n {
			s := b
			if i%2 == 1 {
				s = a
			}
			wg.Go(func() {
				if _, err := s.Resolve(ctx, fmt.Sprintf("ask-m%03d", i), server.Resolution{Behavior: api.Deny, By: "timeout"}); err != nil {
					t.Errorf("Resolve: %v", err)
				}
			})
		}
		wg.Wait()
		list, _ := a.List(ctx)
		if len(list) != 0 {
			t.Errorf("after resolving all, List = %d asks, want 0", len(list))
		}
	})
}
