package teams_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nkeys"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/grant/granttest"
	"github.com/wardenhq/warden/settings"
	"github.com/wardenhq/warden/teams"
)

func openGrants(t testing.TB, n *teams.Node, name string, opts teams.GrantOptions) *teams.GrantStore {
	t.Helper()
	nc, err := n.Connect(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	opts.Daemon = name
	s, err := teams.OpenGrantStore(context.Background(), nc, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func TestGrantStoreConformance(t *testing.T) {
	granttest.RunStoreConformance(t, func(t *testing.T) grant.Store {
		n, _ := startNode(t)
		return openGrants(t, n, "d1", teams.GrantOptions{})
	})
}

// TestGrantStoreAcrossDaemons: what one daemon grants, another honours at
// once, with who granted it, when and where; a revoke on the second takes
// it away on the first.
func TestGrantStoreAcrossDaemons(t *testing.T) {
	ctx := context.Background()
	n, _ := startNode(t)
	a := openGrants(t, n, "a", teams.GrantOptions{})
	b := openGrants(t, n, "b", teams.GrantOptions{})
	g, err := a.Add(ctx, grant.Grant{Scope: api.ScopeSession, Session: "s1", Rule: "Bash(npm publish:*)", Person: "alice"})
	if err != nil {
		t.Fatal(err)
	}
	if g.Daemon != "a" || g.Person != "alice" || g.CreatedAt.IsZero() {
		t.Errorf("the grant as stored: %+v, want alice's, made on a, with its time", g)
	}
	got := waitGrants(t, b, "s1", 1)
	if got[0].ID != g.ID || got[0].Person != "alice" || got[0].Daemon != "a" || !got[0].CreatedAt.Equal(g.CreatedAt) {
		t.Errorf("b lists %+v, want a's grant %+v", got[0], g)
	}
	// Adds from both daemons at once all land (compare and set).
	var wg sync.WaitGroup
	for i, s := range []*teams.GrantStore{a, b, a, b} {
		wg.Go(func() {
			if _, err := s.Add(ctx, grant.Grant{Scope: api.ScopeSession, Session: "s1", Rule: "Bash(task" + string(rune('a'+i)) + ":*)"}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	waitGrants(t, a, "s1", 5)
	waitGrants(t, b, "s1", 5)
	if n, err := b.Revoke(ctx, "Bash(npm publish:*)"); err != nil || n != 1 {
		t.Fatalf("Revoke on b = %d, %v; want 1", n, err)
	}
	for _, g := range waitGrants(t, a, "s1", 4) {
		if g.Rule == "Bash(npm publish:*)" {
			t.Error("the grant revoked on b is still honoured on a")
		}
	}
}

// waitGrants waits (bounded) until s lists n grants of session.
func waitGrants(t *testing.T, s grant.Store, session string, n int) []grant.Grant {
	t.Helper()
	var got []grant.Grant
	for range 500 {
		var err error
		got, err = s.List(context.Background(), session)
		if err == nil && len(got) == n {
			return got
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("%s lists %d grants (%+v), want %d", session, len(got), got, n)
	return nil
}

// TestGrantStoreIdleExpiry: a session's grants lapse after the idle time
// without use, and every use postpones it, on every daemon.
func TestGrantStoreIdleExpiry(t *testing.T) {
	ctx := context.Background()
	const idle = 30 * time.Minute
	clock := &fakeClock{t: time.Now()}
	n, _ := startNode(t)
	a := openGrants(t, n, "a", teams.GrantOptions{Idle: idle, Now: clock.Now})
	b := openGrants(t, n, "b", teams.GrantOptions{Idle: idle, Now: clock.Now})
	g, err := a.Add(ctx, grant.Grant{Scope: api.ScopeSession, Session: "s1", Rule: "Bash(npm test:*)"})
	if err != nil {
		t.Fatal(err)
	}
	if want := clock.Now().Add(idle); !g.ExpiresAt.Equal(want) {
		t.Errorf("ExpiresAt = %v, want %v", g.ExpiresAt, want)
	}
	if _, err := a.Add(ctx, grant.Grant{Scope: api.ScopeSession, Session: "s2", Rule: "Bash(npm test:*)"}); err != nil {
		t.Fatal(err)
	}
	waitGrants(t, b, "s2", 1)
	clock.Advance(idle - time.Minute)
	if got := waitGrants(t, b, "s1", 1); !got[0].ExpiresAt.After(clock.Now().Add(idle - time.Second)) {
		t.Errorf("using s1 on b did not postpone its expiry: %v", got[0].ExpiresAt)
	}
	clock.Advance(2 * time.Minute)
	waitGrants(t, a, "s1", 1) // used on b: still live on a
	if got, _ := a.List(ctx, "s2"); len(got) != 0 {
		t.Errorf("s2 still holds %+v after %v idle", got, idle+time.Minute)
	}
	clock.Advance(idle)
	if got, _ := b.List(ctx, ""); len(got) != 0 {
		t.Errorf("grants left after every session went idle: %+v", got)
	}
	again, err := a.Add(ctx, grant.Grant{Scope: api.ScopeSession, Session: "s1", Rule: "Bash(npm test:*)"})
	if err != nil {
		t.Fatal(err)
	}
	if again.ID == g.ID {
		t.Error("a lapsed session's grant came back")
	}
}

type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// TestGrantsSurviveRestartAndFailClosed: a daemon restarted on the same
// store still honours its sessions' grants; while its server is gone the
// grants are unknown, and the call they would allow asks instead, saying
// why.
func TestGrantsSurviveRestartAndFailClosed(t *testing.T) {
	ctx := context.Background()
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	start := func() *teams.Node {
		n, err := teams.StartNode(teams.NodeOptions{StoreDir: dir, Daemon: kp})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	n := start()
	s := openGrants(t, n, "d1", teams.GrantOptions{})
	if _, err := s.Add(ctx, grant.Grant{Scope: api.ScopeSession, Session: "s1", Rule: "Bash(make deploy:*)", Person: "alice"}); err != nil {
		t.Fatal(err)
	}
	req := api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "make deploy"}, SessionID: "s1", Cwd: dir}
	check := func(s grant.Store) api.Decision {
		t.Helper()
		st, err := settings.Load(settings.LoadOptions{Cwd: dir, Home: t.TempDir(), Getenv: func(string) string { return "" }})
		if err != nil {
			t.Fatal(err)
		}
		e, err := warden.New(warden.WithSettings(st), warden.WithCwd(dir), warden.WithGrants(s))
		if err != nil {
			t.Fatal(err)
		}
		d, err := e.Check(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	if d := check(s); d.Behavior != api.Allow || d.Reason.Type != api.ReasonGrant {
		t.Fatalf("with the grant: %s (%s), want allow by the grant", d.Behavior, d.Reason.Type)
	}

	// The server goes away: nothing the grants would allow is allowed.
	n.Shutdown()
	// The client notices the closed connection on its own read loop: wait
	// for that (a busy machine takes a moment), then every call fails.
	var listErr error
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if _, listErr = s.List(ctx, "s1"); listErr != nil {
			break
		}
	}
	if !errors.Is(listErr, teams.ErrGrantsUnavailable) {
		t.Errorf("List with the server gone = %v, want ErrGrantsUnavailable", listErr)
	}
	if _, err := s.Add(ctx, grant.Grant{Scope: api.ScopeSession, Session: "s1", Rule: "Bash(ls:*)"}); !errors.Is(err, teams.ErrGrantsUnavailable) {
		t.Errorf("Add with the server gone = %v, want ErrGrantsUnavailable", err)
	}
	d := check(s)
	if d.Behavior == api.Allow {
		t.Errorf("with the grants unreachable the call was allowed: %+v", d.Reason)
	}
	if w := strings.Join(d.Warnings, "; "); !strings.Contains(w, "shared session grants are unavailable") {
		t.Errorf("warnings %q do not say the grants are unavailable", w)
	}

	// Restarted on the same store, a fresh daemon still has the grant.
	n = start()
	t.Cleanup(n.Shutdown)
	s2 := openGrants(t, n, "d1-again", teams.GrantOptions{})
	got := waitGrants(t, s2, "s1", 1)
	if got[0].Person != "alice" || got[0].Daemon != "d1" {
		t.Errorf("after the restart: %+v, want alice's grant made on d1", got[0])
	}
	if d := check(s2); d.Behavior != api.Allow {
		t.Errorf("after the restart: %s, want allow by the grant", d.Behavior)
	}
}
