package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/approvers"
	"github.com/wardenhq/warden/handler"
)

// approverFixture is a daemon with named approvers alice, bob and carol
// whose asks are routed by route.
type approverFixture struct {
	*fixture
	tokens map[string]string
}

func newApproverFixture(t *testing.T, route RouteFunc) *approverFixture {
	t.Helper()
	path := filepath.Join(t.TempDir(), "approvers.json")
	tokens := map[string]string{}
	for _, name := range []string{"alice", "bob", "carol"} {
		tok, err := approvers.Add(path, name, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		tokens[name] = tok
	}
	set, err := approvers.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	clock := newFakeClock()
	queue := NewQueue(QueueOptions{Clock: clock, Timeout: time.Minute, Route: route})
	opts := Options{Token: testToken, AgentToken: testAgentToken, Clock: clock, Queue: queue, Approvers: set}
	srv := New(&fakeEngine{queue: queue, clock: clock}, opts)
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		_ = srv.Shutdown(context.Background())
		hs.Close()
	})
	return &approverFixture{fixture: &fixture{t: t, clock: clock, queue: queue, server: srv, http: hs}, tokens: tokens}
}

// as is the header of a request made with name's token ("owner": the
// daemon's approver's token; "agent": the agents').
func (f *approverFixture) as(name string) map[string]string {
	switch name {
	case "owner":
		return map[string]string{"Authorization": "Bearer " + testToken}
	case "agent":
		return map[string]string{"Authorization": "Bearer " + testAgentToken}
	}
	return map[string]string{"Authorization": "Bearer " + f.tokens[name]}
}

// ask queues a Bash ask through POST /v1/decide and returns its pending
// id and the channel the decision arrives on.
func (f *approverFixture) ask(t *testing.T) (string, <-chan api.Decision) {
	t.Helper()
	n := f.queue.Len()
	out := make(chan api.Decision, 1)
	go func() {
		_, data := f.doStream(http.MethodPost, "/v1/decide", `{"tool_name":"Bash","tool_input":{"command":"rm -rf build"},"session_id":"s1","cwd":"/src/pay"}`, f.as("agent"))
		d, _ := decodeErr[api.Decision](data)
		out <- d
	}()
	for range 500 {
		if p := f.queue.Pending(); len(p) > n {
			return p[len(p)-1].ID, out
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("the ask was not queued")
	return "", nil
}

func TestApproversAnswerByName(t *testing.T) {
	f := newApproverFixture(t, nil)
	id, decided := f.ask(t)
	res, body := f.do(http.MethodPost, "/v1/pending/"+id, `{"behavior":"allow"}`, f.as("bob"))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("bob's answer: %d %s", res.StatusCode, body)
	}
	if r := decode[ResolvedAsk](t, body); r.By != "bob" {
		t.Errorf("resolved by %q, want bob", r.By)
	}
	d := <-decided
	if d.Behavior != api.Allow || d.Reason.Person != "bob" {
		t.Errorf("decision %s by %q, want allow by bob (the name the audit records)", d.Behavior, d.Reason.Person)
	}
	res, body = f.do(http.MethodGet, "/v1/whoami", "", f.as("alice"))
	if w := decode[Whoami](t, body); res.StatusCode != 200 || w.Name != "alice" || !w.Approver {
		t.Errorf("whoami as alice: %d %s", res.StatusCode, body)
	}
}

// TestApproverCredentials: a named approver's token opens the page's
// endpoints and nothing of the daemon's own.
func TestApproverCredentials(t *testing.T) {
	f := newApproverFixture(t, nil)
	for _, c := range []struct {
		method, path, body string
		who                string
		want               int
	}{
		{"GET", "/v1/pending", "", "alice", 200},
		{"GET", "/v1/whoami", "", "alice", 200},
		{"GET", "/metrics", "", "alice", 403},
		{"GET", "/v1/mailbox/requests?leader=warden", "", "alice", 403},
		{"GET", "/v1/pending", "", "agent", 403},
		{"POST", "/v1/pending/ask-x", `{"behavior":"allow"}`, "agent", 403},
		{"GET", "/v1/whoami", "", "agent", 403},
		{"GET", "/v1/pending", "", "nobody", 401},
		{"GET", "/metrics", "", "owner", 200},
	} {
		h := f.as(c.who)
		if c.who == "nobody" {
			h = map[string]string{"Authorization": "Bearer wap_" + strings.Repeat("0", 64)}
		}
		res, body := f.do(c.method, c.path, c.body, h)
		if res.StatusCode != c.want {
			t.Errorf("%s %s as %s: %d %s, want %d", c.method, c.path, c.who, res.StatusCode, body, c.want)
		}
	}
	// The page logs an approver's browser in with the approver's own token.
	client := f.http.Client()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := client.Get(f.http.URL + "/?token=" + f.tokens["carol"])
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	var cookie string
	for _, c := range res.Cookies() {
		if c.Name == CookieName {
			cookie = c.Value
		}
	}
	if res.StatusCode != http.StatusSeeOther || cookie != f.tokens["carol"] {
		t.Errorf("login as carol: %d, cookie %q", res.StatusCode, cookie)
	}
}

func TestApprovalRoutesRefuse(t *testing.T) {
	route := func(req api.Request, risk api.Risk) (Route, error) {
		if risk == api.RiskHigh {
			return Route{Approvers: []string{"alice", "bob"}, Where: "approvals.route (user settings.json:2)"}, nil
		}
		return Route{}, nil
	}
	for _, c := range []struct {
		name   string
		who    string
		status int
		code   string
	}{
		{"an approver of the route", "alice", 200, ""},
		{"the other approver of the route", "bob", 200, ""},
		{"an approver outside the route", "carol", 403, "not_your_ask"},
		{"the daemon's own token", "owner", 403, "not_your_ask"},
		{"the agents' token", "agent", 403, "forbidden"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newApproverFixture(t, route)
			id, decided := f.ask(t)
			listed := f.queue.Pending()[0]
			if !listed.Routed || strings.Join(listed.Approvers, ",") != "alice,bob" {
				t.Fatalf("the ask lists approvers %v (routed %v)", listed.Approvers, listed.Routed)
			}
			res, body := f.do(http.MethodPost, "/v1/pending/"+id, `{"behavior":"allow"}`, f.as(c.who))
			if res.StatusCode != c.status || (c.code != "" && errorCode(t, body) != c.code) {
				t.Fatalf("answer as %s: %d %s, want %d %s", c.who, res.StatusCode, body, c.status, c.code)
			}
			if c.status != 200 {
				msg := string(body)
				if c.code == "not_your_ask" && (!strings.Contains(msg, "alice, bob") || !strings.Contains(msg, "approvals.route")) {
					t.Errorf("the refusal does not say whom the ask is routed to, and by what: %s", msg)
				}
				if f.queue.Len() != 1 {
					t.Fatal("a refused answer ended the ask")
				}
				// The ask still waits for its approvers.
				if res, body := f.do(http.MethodPost, "/v1/pending/"+id, `{"behavior":"deny"}`, f.as("alice")); res.StatusCode != 200 {
					t.Fatalf("alice after the refusal: %d %s", res.StatusCode, body)
				}
				if d := <-decided; d.Behavior != api.Deny || d.Reason.Person != "alice" {
					t.Errorf("decision %s by %q", d.Behavior, d.Reason.Person)
				}
				return
			}
			if d := <-decided; d.Behavior != api.Allow || d.Reason.Person != c.who {
				t.Errorf("decision %s by %q, want allow by %s", d.Behavior, d.Reason.Person, c.who)
			}
		})
	}
}

// TestApprovalRouteUnknownDenies: an ask whose route cannot be known is
// denied, never put to anyone.
func TestApprovalRouteUnknownDenies(t *testing.T) {
	q := NewQueue(QueueOptions{Clock: newFakeClock(), Route: func(api.Request, api.Risk) (Route, error) {
		return Route{}, errors.New("settings unreadable")
	}})
	defer q.Close()
	_, err := q.Prompt(context.Background(), promptFor(bashRequest))
	if err == nil || !strings.Contains(err.Error(), "settings unreadable") || q.Len() != 0 {
		t.Fatalf("Prompt: %v, %d pending", err, q.Len())
	}
}

// TestApprovalRouteOnAnotherDaemon: the route travels with the ask, and the
// daemon an answer is given on checks it, even with no routes of its own.
func TestApprovalRouteOnAnotherDaemon(t *testing.T) {
	clock := newFakeClock()
	store := NewMemoryAskStore(clock)
	a := NewQueue(QueueOptions{Clock: clock, Timeout: time.Minute, Store: store, Daemon: "a", Route: func(api.Request, api.Risk) (Route, error) {
		return Route{Approvers: []string{"pay-oncall"}, Where: "approvals.route (org managed.json:4)"}, nil
	}})
	b := NewQueue(QueueOptions{Clock: clock, Timeout: time.Minute, Store: store, Daemon: "b"})
	t.Cleanup(func() { a.Close(); b.Close() })
	res := startPrompt(a, context.Background(), promptFor(bashRequest))
	listed := waitListed(t, b, 1)
	id := listed[0].ID
	for _, who := range []Answerer{{}, {Approver: "alice"}} {
		if err := b.AnswerAs(id, handler.Answer{Behavior: api.Allow, Person: "x"}, who); !errors.Is(err, ErrNotRouted) {
			t.Errorf("answer on b as %+v: %v, want ErrNotRouted", who, err)
		}
	}
	if err := b.AnswerAs(id, handler.Answer{Behavior: api.Allow, Person: "pay-oncall"}, Answerer{Approver: "pay-oncall"}); err != nil {
		t.Fatal(err)
	}
	if got := <-res; got.err != nil || got.a.Person != "pay-oncall" {
		t.Fatalf("the caller on a got %+v %v", got.a, got.err)
	}
}

func decodeErr[T any](data []byte) (T, error) {
	var v T
	err := json.Unmarshal(data, &v)
	return v, err
}
