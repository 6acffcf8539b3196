package teams_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nkeys"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/server"
	"github.com/wardenhq/warden/teams"
)

// cluster is three embedded NATS servers routed together on loopback, a
// daemon's queue on each, its asks' bucket kept by all three.
type cluster struct {
	t      *testing.T
	key    nkeys.KeyPair
	dirs   [3]string
	ports  [3]int
	nodes  [3]*teams.Node
	queues [3]*server.Queue
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func startCluster(t *testing.T) *cluster {
	t.Helper()
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	c := &cluster{t: t, key: kp}
	for i := range 3 {
		c.dirs[i], c.ports[i] = t.TempDir(), freePort(t)
	}
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Go(func() { c.startNode(i) })
	}
	wg.Wait()
	for i := range 3 {
		c.startQueue(i)
	}
	t.Cleanup(func() {
		for i := range 3 {
			c.stop(i)
		}
	})
	return c
}

func (c *cluster) startNode(i int) {
	var routes []string
	for j := range 3 {
		if j != i {
			routes = append(routes, fmt.Sprintf("nats://127.0.0.1:%d", c.ports[j]))
		}
	}
	n, err := teams.StartNode(teams.NodeOptions{
		Name: fmt.Sprintf("n%d", i), StoreDir: c.dirs[i], Daemon: c.key,
		ClusterListen: fmt.Sprintf("127.0.0.1:%d", c.ports[i]), Routes: routes,
	})
	if err != nil {
		c.t.Error(err)
		return
	}
	c.nodes[i] = n
}

func (c *cluster) startQueue(i int) {
	t := c.t
	nc, err := c.nodes[i].Connect(fmt.Sprintf("d%d", i))
	if err != nil {
		t.Fatal(err)
	}
	var store *teams.AskStore
	deadline := time.Now().Add(time.Minute)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		store, err = teams.OpenAskStore(ctx, nc, teams.StoreOptions{Replicas: 3})
		cancel()
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the cluster formed no bucket in a minute: %v", err)
		}
		time.Sleep(300 * time.Millisecond)
	}
	c.queues[i] = server.NewQueue(server.QueueOptions{Store: store, Daemon: fmt.Sprintf("d%d", i), Timeout: time.Minute})
}

// stop closes daemon i's queue (its waiting prompts are denied) and stops
// its server.
func (c *cluster) stop(i int) {
	if c.queues[i] != nil {
		c.queues[i].Close()
		c.queues[i] = nil
	}
	c.kill(i)
}

// kill stops daemon i's server at once, as a crash would take it.
func (c *cluster) kill(i int) {
	if c.nodes[i] != nil {
		c.nodes[i].Shutdown()
		c.nodes[i] = nil
	}
}

func ask(cmd, session string) *handler.Prompt {
	req := api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": cmd}, SessionID: session, Cwd: "/repo"}
	return &handler.Prompt{Ask: &handler.Ask{Request: req, Decision: api.Decision{Behavior: api.Ask}, Suggestions: []string{"Bash(" + cmd + ")"},
		Scopes: []api.Scope{api.ScopeOnce, api.ScopeSession}}}
}

type result struct {
	a   handler.Answer
	err error
}

func prompt(q *server.Queue, p *handler.Prompt) <-chan result {
	ch := make(chan result, 1)
	go func() {
		a, err := q.Prompt(context.Background(), p)
		ch <- result{a, err}
	}()
	return ch
}

// listed waits (bounded) until q lists n asks.
func listed(t *testing.T, q *server.Queue, n int) []server.PendingAsk {
	t.Helper()
	for range 3000 {
		if p := q.Pending(); len(p) == n {
			return p
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the queue lists %d asks, want %d", q.Len(), n)
	return nil
}

func TestClusterFaults(t *testing.T) {
	c := startCluster(t)

	t.Run("AnsweredOnAnotherDaemon", func(t *testing.T) {
		res := prompt(c.queues[0], ask("rm -rf build", "s1"))
		p := listed(t, c.queues[2], 1)[0]
		want := handler.Answer{Behavior: api.Allow, Scope: api.ScopeSession, Person: "bob", Rule: "Bash(rm -rf build)"}
		if err := c.queues[2].Answer(p.ID, want); err != nil {
			t.Fatal(err)
		}
		select {
		case got := <-res:
			if got.err != nil || got.a != want {
				t.Errorf("the waiting prompt got %+v, %v; want bob's answer", got.a, got.err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the answer given on d2 never reached d0")
		}
		listed(t, c.queues[1], 0)
	})

	t.Run("TwoAnswersAtOnce", func(t *testing.T) {
		res := prompt(c.queues[1], ask("git push --force", "s2"))
		id := listed(t, c.queues[0], 1)[0].ID
		listed(t, c.queues[2], 1)
		var wg sync.WaitGroup
		var errs [2]error
		for k, q := range []*server.Queue{c.queues[0], c.queues[2]} {
			wg.Go(func() {
				beh := []api.Behavior{api.Allow, api.Deny}[k]
				errs[k] = q.Answer(id, handler.Answer{Behavior: beh, Person: []string{"ana", "bob"}[k]})
			})
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if !errors.Is(err, server.ErrAlreadyAnswered) {
				t.Errorf("the losing answer: %v, want already answered", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d answers took effect, want exactly one (%v)", ok, errs)
		}
		var got result
		select {
		case got = <-res:
		case <-time.After(20 * time.Second):
			t.Fatal("the prompt never got the answer that took effect")
		}
		winner := "ana"
		if errs[0] != nil {
			winner = "bob"
		}
		if got.err != nil || got.a.Person != winner {
			t.Errorf("the prompt got %+v, %v; want %s's answer, the one that took effect", got.a, got.err, winner)
		}
	})

	t.Run("ManyAsksAcrossDaemonsNoneLost", func(t *testing.T) {
		// 1,000 asks across the three daemons: the even ones are answered
		// on the next daemon as they show up; the odd ones are left to
		// their deadline. Every one ends, as it should, and none is lost.
		const n = 1000
		var results [n]<-chan result
		start := time.Now()
		var before runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		// In waves, as asks pile up over time: each is synced on the
		// three servers before it is acknowledged.
		const wave = 100
		for w := 0; w < n; w += wave {
			for i := w; i < w+wave; i++ {
				p := ask(fmt.Sprintf("echo %d", i), fmt.Sprintf("s%d", i%7))
				p.Deadline = start.Add(60 * time.Second)
				if i%2 == 1 {
					p.Deadline = start.Add(25 * time.Second)
				}
				results[i] = prompt(c.queues[i%3], p)
			}
			listed(t, c.queues[0], w+wave)
		}
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		t.Logf("%d asks pending on all three daemons after %v; heap grew %d KiB (three servers and three queues in this process)",
			n, time.Since(start).Round(time.Millisecond), (int64(after.HeapAlloc)-int64(before.HeapAlloc))>>10)
		answered := map[int]bool{}
		var wg sync.WaitGroup
		sem := make(chan struct{}, 16)
		for len(answered) < n/2 && time.Since(start) < 50*time.Second {
			for k, q := range c.queues {
				for _, p := range q.Pending() {
					var i int
					if _, err := fmt.Sscanf(p.Summary, "echo %d", &i); err != nil || i%2 == 1 || i%3 != k || answered[i] {
						continue
					}
					answered[i] = true
					sem <- struct{}{}
					wg.Go(func() {
						defer func() { <-sem }()
						if err := c.queues[(k+1)%3].Answer(p.ID, handler.Answer{Behavior: api.Allow, Person: "bob"}); err != nil {
							t.Errorf("answer %d on the next daemon: %v", i, err)
						}
					})
				}
			}
			time.Sleep(50 * time.Millisecond)
		}
		wg.Wait()
		allowed, timedOut := 0, 0
		for i, ch := range results {
			select {
			case r := <-ch:
				switch {
				case r.err == nil && r.a.Behavior == api.Allow && i%2 == 0:
					allowed++
				case errors.Is(r.err, server.ErrTimeout) && i%2 == 1:
					timedOut++
				default:
					t.Errorf("ask %d ended %+v, %v", i, r.a, r.err)
				}
			case <-time.After(max(time.Until(start.Add(70*time.Second)), time.Second)):
				t.Fatalf("ask %d never ended", i)
			}
		}
		t.Logf("%d asks answered through another daemon and %d denied at their deadline in %v", allowed, timedOut, time.Since(start).Round(time.Millisecond))
		if allowed != n/2 || timedOut != n/2 {
			t.Errorf("%d answered and %d denied at their deadline, want %d and %d", allowed, timedOut, n/2, n/2)
		}
		for _, q := range c.queues {
			listed(t, q, 0)
		}
	})

	t.Run("RestartKeepsThePendingAsks", func(t *testing.T) {
		res := prompt(c.queues[0], ask("make deploy", "s3"))
		id := listed(t, c.queues[2], 1)[0].ID
		c.stop(2)
		c.startNode(2)
		c.startQueue(2)
		p := listed(t, c.queues[2], 1)
		if p[0].ID != id || p[0].Summary != "make deploy" {
			t.Fatalf("after the restart d2 lists %+v, want the pending ask %s", p, id)
		}
		if err := c.queues[2].Answer(id, handler.Answer{Behavior: api.Deny, Person: "bob", Message: "not now"}); err != nil {
			t.Fatal(err)
		}
		select {
		case got := <-res:
			if got.err != nil || got.a.Behavior != api.Deny || got.a.Message != "not now" {
				t.Errorf("the prompt on d0 got %+v, %v; want bob's deny", got.a, got.err)
			}
		case <-time.After(20 * time.Second):
			t.Fatal("the answer on the restarted daemon never reached d0")
		}
	})

	t.Run("KilledDaemonNeverAllows", func(t *testing.T) {
		p := ask("curl -X DELETE https://api.example.com/prod", "s4")
		p.Deadline = time.Now().Add(3 * time.Second)
		res := prompt(c.queues[1], p)
		id := listed(t, c.queues[0], 1)[0].ID
		c.kill(1) // its queue stays, cut off from the team
		// The person answers allow on a survivor, after the daemon that
		// waits is gone.
		err := c.queues[0].Answer(id, handler.Answer{Behavior: api.Allow, Person: "ana"})
		if err != nil {
			t.Logf("answer on the survivor: %v", err)
		}
		select {
		case got := <-res:
			if got.err == nil && got.a.Behavior == api.Allow && got.a.Person != "ana" {
				t.Errorf("the cut-off daemon allowed with %+v, an answer no one gave", got.a)
			}
			if got.err == nil && got.a.Behavior != api.Allow && got.a.Behavior != api.Deny {
				t.Errorf("the cut-off daemon ended with %+v", got.a)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("the prompt on the killed daemon never ended")
		}
		c.queues[1].Close()
		c.queues[1] = nil
	})

	t.Run("LostConnectionDenies", func(t *testing.T) {
		// d1's server is gone (the subtest above): its queue cannot share
		// a new ask, and denies it with the reason.
		q := server.NewQueue(server.QueueOptions{Store: deadStore(t), Daemon: "lost"})
		defer q.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_, err := q.Prompt(ctx, ask("rm -rf /srv", "s5"))
		if !errors.Is(err, server.ErrStoreUnavailable) {
			t.Errorf("Prompt = %v, want a deny naming the unavailable store", err)
		}
	})

	t.Run("SurvivorDeniesADeadDaemonsAsk", func(t *testing.T) {
		// An ask whose daemon died: written, then nobody waits.
		nc, err := c.nodes[0].Connect("ghost")
		if err != nil {
			t.Fatal(err)
		}
		store, err := teams.OpenAskStore(context.Background(), nc, teams.StoreOptions{Replicas: 3})
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		if _, err := store.Create(context.Background(), server.StoredAsk{ID: "ask-ghost", Daemon: "ghost", Created: now, Deadline: now.Add(time.Second), View: []byte(`{"tool":"Bash","summary":"rm -rf /","findings":[],"suggestions":[]}`)}); err != nil {
			t.Fatal(err)
		}
		nc.Close()
		listed(t, c.queues[0], 1)
		listed(t, c.queues[0], 0) // the sweep denies it past the deadline
		got, err := store.Get(context.Background(), "ask-ghost")
		if err == nil {
			t.Errorf("read through a closed connection: %+v", got)
		}
	})
}

func indexOf(qs [3]*server.Queue, q *server.Queue) int {
	for i, x := range qs {
		if x == q {
			return i
		}
	}
	return -1
}

// deadStore is an ask store whose server has stopped.
func deadStore(t *testing.T) server.AskStore {
	t.Helper()
	n, _ := startNode(t)
	s := openAsks(t, n, "lost")
	n.Shutdown()
	return s
}
