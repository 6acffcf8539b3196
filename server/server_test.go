package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/wardenhq/warden/api"
)

func TestCheck(t *testing.T) {
	f := newFixture(t, Options{})
	tests := []struct {
		name       string
		body       string
		header     map[string]string
		wantStatus int
		wantCode   string       // error envelope code, when an error
		want       api.Behavior // behaviour, when a decision
		wantReason api.ReasonType
	}{
		{name: "allow by rule", body: `{"tool_name":"Read","tool_input":{"file_path":"a"}}`, wantStatus: 200, want: api.Allow, wantReason: api.ReasonRule},
		{name: "deny by rule", body: `{"tool_name":"Delete","tool_input":{}}`, wantStatus: 200, want: api.Deny, wantReason: api.ReasonRule},
		{name: "ask stays ask", body: `{"tool_name":"Bash","tool_input":{"command":"rm -rf build"}}`, wantStatus: 200, want: api.Ask, wantReason: api.ReasonSafety},
		{name: "extra hook fields are fine", body: `{"tool_name":"Read","tool_input":{},"permission_suggestions":[]}`, wantStatus: 200, want: api.Allow, wantReason: api.ReasonRule},
		{name: "invalid JSON", body: `{"tool_name":`, wantStatus: 400, wantCode: "invalid_request"},
		{name: "empty body", body: ``, wantStatus: 400, wantCode: "invalid_request"},
		{name: "trailing data", body: `{"tool_name":"Read","tool_input":{}} {}`, wantStatus: 400, wantCode: "invalid_request"},
		{name: "invalid UTF-8", body: "{\"tool_name\":\"Read\xff\",\"tool_input\":{}}", wantStatus: 400, wantCode: "invalid_request"},
		{name: "unknown mode", body: `{"tool_name":"Read","tool_input":{},"permission_mode":"yolo"}`, wantStatus: 400, wantCode: "invalid_request"},
		{name: "engine refuses the request", body: `{"tool_name":"Invalid","tool_input":{}}`, wantStatus: 400, wantCode: "invalid_request"},
		{name: "missing tool_name", body: `{"tool_input":{}}`, wantStatus: 400, wantCode: "invalid_request"},
		{name: "missing tool_input", body: `{"tool_name":"Read"}`, wantStatus: 400, wantCode: "invalid_request"},
		{name: "tool_input not an object", body: `{"tool_name":"Read","tool_input":"x"}`, wantStatus: 400, wantCode: "invalid_request"},
		{name: "wrong content type", body: `{}`, header: map[string]string{"Content-Type": "text/plain"}, wantStatus: 415, wantCode: "unsupported_media_type"},
		{name: "engine error", body: `{"tool_name":"Broken","tool_input":{}}`, wantStatus: 500, wantCode: "engine_error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, data := f.do("POST", "/v1/check", tt.body, tt.header)
			if res.StatusCode != tt.wantStatus {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, tt.wantStatus, data)
			}
			if got := res.Header.Get("Content-Type"); got != "application/json" {
				t.Errorf("Content-Type %q", got)
			}
			if tt.wantCode != "" {
				if diff := cmp.Diff(tt.wantCode, errorCode(t, data)); diff != "" {
					t.Errorf("error code (-want +got):\n%s", diff)
				}
				return
			}
			d := decode[api.Decision](t, data)
			if diff := cmp.Diff([]any{tt.want, tt.wantReason}, []any{d.Behavior, d.Reason.Type}); diff != "" {
				t.Errorf("decision (-want +got):\n%s", diff)
			}
		})
	}
}

// TestAuthentication runs every endpoint with every kind of credential: no
// token, the agents' token, the approver's token and a wrong one. The
// agents' token opens check, decide, the asking side of the mailbox and
// /healthz, and gets 403 everywhere else; the approver's opens everything.
func TestAuthentication(t *testing.T) {
	f := newFixture(t, Options{})
	type endpoint struct {
		method, path, body string
		agents             bool // open to the agents' token
		ok                 int  // the status with a sufficient token
	}
	n := 0
	fresh := func() string { n++; return fmt.Sprintf("m-%d", n) }
	// send puts a mailbox request to leader on the daemon, so the leader's
	// receive has something to return at once.
	send := func(leader string) {
		body := fmt.Sprintf(`{"id":%q,"leader":%q,"request":{"tool_name":"Bash","tool_input":{"command":"ls"}}}`, fresh(), leader)
		if res, data := f.do("POST", "/v1/mailbox/requests", body, nil); res.StatusCode != http.StatusOK {
			t.Fatalf("sending a mailbox request: %d %s", res.StatusCode, data)
		}
	}
	endpoints := []func() endpoint{
		func() endpoint {
			return endpoint{"POST", "/v1/check", `{"tool_name":"Read","tool_input":{}}`, true, 200}
		},
		func() endpoint {
			return endpoint{"POST", "/v1/decide", `{"tool_name":"Read","tool_input":{}}`, true, 200}
		},
		func() endpoint { return endpoint{"GET", "/healthz", "", true, 200} },
		func() endpoint {
			// The fixture speaks no agent's protocol: past authentication,
			// unknown_agent.
			return endpoint{"POST", "/v1/hooks/claude-code", `{"session_id":"s","cwd":"/srv","hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/srv/x"}}`, true, 404}
		},
		func() endpoint {
			return endpoint{"POST", "/v1/mailbox/requests", fmt.Sprintf(`{"id":%q,"leader":"lead","request":{"tool_name":"Bash","tool_input":{}}}`, fresh()), true, 200}
		},
		func() endpoint { return endpoint{"GET", "/v1/mailbox/requests/nope/response", "", true, 404} },
		func() endpoint { return endpoint{"DELETE", "/v1/mailbox/requests/nope", "", true, 200} },
		func() endpoint { return endpoint{"GET", "/v1/pending", "", false, 200} },
		func() endpoint { return endpoint{"POST", "/v1/pending/ask-x", `{"behavior":"allow"}`, false, 404} },
		func() endpoint { return endpoint{"GET", "/v1/events", "", false, 200} },
		func() endpoint { return endpoint{"GET", "/metrics", "", false, 200} },
		// The fixture keeps no audit log: past authentication, no_audit.
		func() endpoint { return endpoint{"GET", "/v1/audit", "", false, 404} },
		func() endpoint { return endpoint{"GET", "/v1/mailbox/requests?leader=lead", "", false, 200} },
		func() endpoint {
			return endpoint{"PUT", "/v1/mailbox/requests/nope/response", `{"id":"nope","behavior":"allow"}`, false, 404}
		},
		func() endpoint {
			leader := fresh()
			send(leader)
			return endpoint{"GET", "/v1/mailbox/next?leader=" + leader, "", false, 200}
		},
		func() endpoint { return endpoint{"GET", "/", "", false, 200} },
	}
	creds := []struct {
		name   string
		header map[string]string
		role   role
		wrong  bool
	}{
		{"no token", map[string]string{"Authorization": ""}, roleNone, false},
		{"wrong token", map[string]string{"Authorization": "Bearer nope"}, roleNone, true},
		{"not bearer", map[string]string{"Authorization": "Basic " + testToken}, roleNone, true},
		{"wrong cookie", map[string]string{"Authorization": "", "Cookie": CookieName + "=nope"}, roleNone, true},
		{"agent token", map[string]string{"Authorization": "Bearer " + testAgentToken}, roleAgent, false},
		{"agent token as cookie", map[string]string{"Authorization": "", "Cookie": CookieName + "=" + testAgentToken}, roleAgent, false},
		{"approver token", map[string]string{"Authorization": "Bearer " + testToken}, roleApprover, false},
		{"approver cookie", map[string]string{"Authorization": "", "Cookie": CookieName + "=" + testToken}, roleApprover, false},
	}
	for _, mk := range endpoints {
		for _, c := range creds {
			ep := mk()
			t.Run(ep.method+" "+ep.path+"/"+c.name, func(t *testing.T) {
				res, data := f.doStream(ep.method, ep.path, ep.body, c.header)
				page := ep.path == "/"
				switch {
				case c.role == roleNone:
					if res.StatusCode != http.StatusUnauthorized {
						t.Fatalf("status %d, want 401: %s", res.StatusCode, data)
					}
					if page {
						return // the page answers with its login page
					}
					if code := errorCode(t, data); code != "unauthorized" {
						t.Errorf("code %q, want unauthorized", code)
					}
					if res.Header.Get("WWW-Authenticate") == "" {
						t.Error("no WWW-Authenticate header")
					}
				case c.role == roleAgent && !ep.agents:
					if res.StatusCode != http.StatusForbidden {
						t.Fatalf("status %d, want 403: %s", res.StatusCode, data)
					}
					if page {
						return
					}
					if code := errorCode(t, data); code != "forbidden" {
						t.Errorf("code %q, want forbidden", code)
					}
				default:
					if res.StatusCode != ep.ok {
						t.Fatalf("status %d, want %d: %s", res.StatusCode, ep.ok, data)
					}
				}
			})
		}
	}
	t.Run("healthz answers", func(t *testing.T) {
		res, data := f.do("GET", "/healthz", "", map[string]string{"Authorization": "Bearer " + testAgentToken})
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %s", res.StatusCode, data)
		}
		if diff := cmp.Diff(map[string]any{"status": "ok", "pending": float64(0)}, decode[map[string]any](t, data)); diff != "" {
			t.Errorf("healthz (-want +got):\n%s", diff)
		}
	})
}

// TestAgentTokenCannotApprove checks the whole path a hostile agent would
// take with its own token: it sees no pending asks, cannot answer one, and
// cannot log a browser in.
func TestAgentTokenCannotApprove(t *testing.T) {
	f := newFixture(t, Options{})
	agent, err := NewClient(f.http.URL, testAgentToken, f.http.Client())
	if err != nil {
		t.Fatal(err)
	}
	events := f.events()
	decided := make(chan api.Decision, 1)
	go func() {
		d, _ := agent.Decide(context.Background(), bashRequest)
		decided <- d
	}()
	p := decode[PendingAsk](t, events.next(t, EventPending))
	var apiErr *APIError
	if _, err := agent.Pending(context.Background()); !errors.As(err, &apiErr) || apiErr.Status != http.StatusForbidden {
		t.Errorf("agent lists pending asks: %v, want 403", err)
	}
	if err := agent.Answer(context.Background(), p.ID, AnswerRequest{Behavior: api.Allow}); !errors.As(err, &apiErr) || apiErr.Status != http.StatusForbidden {
		t.Errorf("agent answers its own ask: %v, want 403", err)
	}
	noRedirect := *f.http.Client()
	noRedirect.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := noRedirect.Get(f.http.URL + "/?token=" + testAgentToken)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden || len(res.Cookies()) != 0 {
		t.Errorf("page login with the agents' token: status %d, cookies %v; want 403 and none", res.StatusCode, res.Cookies())
	}
	// The approver answers; the agent's decide returns it.
	if err := f.client.Answer(context.Background(), p.ID, AnswerRequest{Behavior: api.Deny, Message: "no"}); err != nil {
		t.Fatal(err)
	}
	if d := <-decided; d.Behavior != api.Deny || d.Reason.Message != "no" {
		t.Errorf("decision %+v, want the approver's deny", d)
	}
}

// TestAnswerGrantsOnlyTheSuggestions checks POST /v1/pending/{id}: a rule
// outside the ask's suggestions and an "always" for a HIGH-risk ask are
// refused with an error, and the ask stays pending.
func TestAnswerGrantsOnlyTheSuggestions(t *testing.T) {
	f := newFixture(t, Options{})
	events := f.events()
	go func() { _, _ = f.client.Decide(context.Background(), bashRequest) }()
	p := decode[PendingAsk](t, events.next(t, EventPending))
	tests := []struct {
		body   string
		status int
		code   string
	}{
		{`{"behavior":"allow","scope":"always","rule":"Bash"}`, 400, "rule_not_offered"},
		{`{"behavior":"allow","scope":"session","rule":"Bash(rm:*)"}`, 400, "rule_not_offered"},
		{`{"behavior":"allow","scope":"always","rule":"Bash(rm -rf build)"}`, 403, "always_refused"},
		{`{"behavior":"allow","scope":"always"}`, 403, "always_refused"},
	}
	for _, tt := range tests {
		res, data := f.do("POST", "/v1/pending/"+p.ID, tt.body, nil)
		if res.StatusCode != tt.status || errorCode(t, data) != tt.code {
			t.Errorf("%s: %d %s, want %d %s", tt.body, res.StatusCode, data, tt.status, tt.code)
		}
	}
	if f.queue.Len() != 1 {
		t.Fatal("a refused answer took the ask off the queue")
	}
	res, data := f.do("POST", "/v1/pending/"+p.ID, `{"behavior":"allow","scope":"session","rule":"Bash(rm -rf build)"}`, nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("the offered rule for the session: %d %s", res.StatusCode, data)
	}
}

func TestNoTokenMeansNoAuthentication(t *testing.T) {
	// A Unix socket's permissions are its authentication: no token.
	clock := newFakeClock()
	q := NewQueue(QueueOptions{Clock: clock})
	srv := New(&fakeEngine{queue: q, clock: clock}, Options{Queue: q, Clock: clock})
	h := srv.Handler()
	rec := newRecorder()
	req, _ := http.NewRequest("POST", "http://localhost/v1/check", strings.NewReader(`{"tool_name":"Read","tool_input":{}}`))
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
}

func TestForeignOriginAndHost(t *testing.T) {
	f := newFixture(t, Options{AllowedHosts: []string{"warden.internal"}})
	port := f.http.Listener.Addr().String()[strings.LastIndex(f.http.Listener.Addr().String(), ":"):]
	tests := []struct {
		name   string
		header map[string]string
		want   string // error code, "" for allowed
	}{
		{"plain client without Origin", nil, ""},
		{"localhost host", map[string]string{"Host": "localhost" + port}, ""},
		{"LOCALHOST host", map[string]string{"Host": "LOCALHOST" + port}, ""},
		{"IPv6 loopback host", map[string]string{"Host": "[::1]" + port}, ""},
		{"allowed host", map[string]string{"Host": "warden.internal" + port}, ""},
		{"same origin", map[string]string{"Origin": f.http.URL}, ""},
		{"rebinding host", map[string]string{"Host": "evil.example" + port}, "forbidden_host"},
		{"rebinding host without port", map[string]string{"Host": "evil.example"}, "forbidden_host"},
		{"foreign origin", map[string]string{"Origin": "https://evil.example"}, "forbidden_origin"},
		{"origin on another port", map[string]string{"Origin": "http://127.0.0.1:1"}, "forbidden_origin"},
		{"null origin", map[string]string{"Origin": "null"}, "forbidden_origin"},
		{"file origin", map[string]string{"Origin": "file://"}, "forbidden_origin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, data := f.do("POST", "/v1/check", `{"tool_name":"Read","tool_input":{}}`, tt.header)
			if tt.want == "" {
				if res.StatusCode != http.StatusOK {
					t.Fatalf("status %d: %s", res.StatusCode, data)
				}
				return
			}
			if res.StatusCode != http.StatusForbidden {
				t.Fatalf("status %d, want 403: %s", res.StatusCode, data)
			}
			if diff := cmp.Diff(tt.want, errorCode(t, data)); diff != "" {
				t.Errorf("code (-want +got):\n%s", diff)
			}
		})
	}
}

func TestOversizedBody(t *testing.T) {
	f := newFixture(t, Options{MaxBodyBytes: 1024})
	big := `{"tool_name":"Bash","tool_input":{"command":"` + strings.Repeat("x", 2048) + `"}}`
	for _, path := range []string{"/v1/check", "/v1/decide", "/v1/pending/ask-x"} {
		t.Run(path, func(t *testing.T) {
			res, data := f.do("POST", path, big, nil)
			if res.StatusCode != http.StatusRequestEntityTooLarge {
				t.Fatalf("status %d, want 413: %s", res.StatusCode, data)
			}
			if diff := cmp.Diff("body_too_large", errorCode(t, data)); diff != "" {
				t.Errorf("code (-want +got):\n%s", diff)
			}
		})
	}
}

func TestUnknownEndpointAndMethod(t *testing.T) {
	f := newFixture(t, Options{})
	tests := []struct {
		method, path string
		status       int
		code         string
	}{
		{"GET", "/v1/nothing", 404, "not_found"},
		{"GET", "/v1/check", 405, "method_not_allowed"},
		{"DELETE", "/v1/pending/x", 405, "method_not_allowed"},
		{"POST", "/v1/events", 405, "method_not_allowed"},
		{"POST", "/healthz", 405, "method_not_allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			res, data := f.do(tt.method, tt.path, "", nil)
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, tt.status, data)
			}
			if diff := cmp.Diff(tt.code, errorCode(t, data)); diff != "" {
				t.Errorf("code (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDecideWaitsForTheAnswer(t *testing.T) {
	tests := []struct {
		name   string
		answer AnswerRequest
		want   api.Reason
		wantB  api.Behavior
	}{
		{"allow once", AnswerRequest{Behavior: api.Allow}, api.Reason{Type: api.ReasonUser, Person: "web", Scope: api.ScopeOnce}, api.Allow},
		{"allow for the session", AnswerRequest{Behavior: api.Allow, Scope: api.ScopeSession}, api.Reason{Type: api.ReasonUser, Person: "web", Scope: api.ScopeSession}, api.Allow},
		{"deny with a message", AnswerRequest{Behavior: api.Deny, Message: "use make clean"}, api.Reason{Type: api.ReasonUser, Person: "web", Scope: api.ScopeOnce, Message: "use make clean"}, api.Deny},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, Options{})
			events := f.events()
			got := make(chan api.Decision, 1)
			go func() {
				d, err := f.client.Decide(context.Background(), bashRequest)
				if err != nil {
					t.Error(err)
				}
				got <- d
			}()
			p := decode[PendingAsk](t, events.next(t, EventPending))
			want := PendingAsk{
				ID: p.ID, Tool: "Bash", Summary: "rm -rf build", AgentID: "worker-1", AgentType: "tester", SessionID: "s1", ParentSession: "s1",
				Reason:      api.Reason{Type: api.ReasonSafety, Message: "recursive delete"},
				Findings:    []api.Finding{{Category: "recursive-delete", Description: "deletes a tree", Part: "rm -rf build", Risk: api.RiskHigh}},
				Risk:        api.RiskHigh,
				Suggestions: []string{"Bash(rm -rf build)"},
				Scopes:      []api.Scope{api.ScopeOnce, api.ScopeSession},
				Request:     bashRequest,
				InputDigest: InputDigest(bashRequest),
				Created:     f.clock.Now(),
				Deadline:    f.clock.Now().Add(time.Minute),
				ExpiresInMS: 60000,
			}
			want.Display = DescribeAsk(bashRequest, api.Decision{Reason: want.Reason, Findings: want.Findings}, want.Suggestions)
			if diff := cmp.Diff(want, p); diff != "" {
				t.Errorf("pending event (-want +got):\n%s", diff)
			}
			list, err := f.client.Pending(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]PendingAsk{want}, list.Pending); diff != "" {
				t.Errorf("GET /v1/pending (-want +got):\n%s", diff)
			}
			if err := f.client.Answer(context.Background(), p.ID, tt.answer); err != nil {
				t.Fatal(err)
			}
			d := <-got
			if diff := cmp.Diff(tt.wantB, d.Behavior); diff != "" {
				t.Errorf("behaviour (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.want, d.Reason); diff != "" {
				t.Errorf("reason (-want +got):\n%s", diff)
			}
			res := decode[ResolvedAsk](t, events.next(t, EventResolved))
			wantScope := api.Scope("")
			if tt.wantB == api.Allow {
				wantScope = tt.want.Scope
			}
			if diff := cmp.Diff(ResolvedAsk{ID: p.ID, Behavior: tt.wantB, Scope: wantScope, Message: tt.answer.Message, By: "web", Time: f.clock.Now()}, res); diff != "" {
				t.Errorf("resolved event (-want +got):\n%s", diff)
			}
			rec := decode[RecentDecision](t, events.next(t, EventDecision))
			if diff := cmp.Diff(RecentDecision{PendingID: p.ID, Tool: "Bash", Summary: "rm -rf build", AgentID: "worker-1", AgentType: "tester", SessionID: "s1", Decision: d, DecidedBy: DecidedBy(d.Reason),
				Display: RecentDisplay{Tool: "Bash", Summary: "rm -rf build", DecidedBy: DecidedBy(d.Reason), Agent: "sub-agent tester (worker-1)", Session: "s1"}}, rec, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("decision event (-want +got):\n%s", diff)
			}
			if n := f.queue.Len(); n != 0 {
				t.Errorf("%d asks still pending", n)
			}
			// The ask is gone: answering again is refused.
			err = f.client.Answer(context.Background(), p.ID, tt.answer)
			var apiErr *APIError
			if !errors.As(err, &apiErr) || apiErr.Status != 404 || apiErr.Code != "not_pending" {
				t.Errorf("second answer: %v, want 404 not_pending", err)
			}
		})
	}
}

func TestDecideWithoutAskAnswersAtOnce(t *testing.T) {
	f := newFixture(t, Options{})
	d, err := f.client.Decide(context.Background(), api.Request{ToolName: "Read", ToolInput: map[string]any{"file_path": "x"}})
	if err != nil {
		t.Fatal(err)
	}
	if d.Behavior != api.Allow {
		t.Errorf("behaviour %q, want allow", d.Behavior)
	}
	recent := f.queue.Recent()
	if len(recent) != 1 || recent[0].DecidedBy != "rule Read (project .warden/settings.json:3)" {
		t.Errorf("recent = %+v", recent)
	}
}

func TestAnswerValidation(t *testing.T) {
	f := newFixture(t, Options{})
	events := f.events()
	go func() { _, _ = f.client.Decide(context.Background(), bashRequest) }()
	p := decode[PendingAsk](t, events.next(t, EventPending))
	tests := []struct {
		name, id, body string
		status         int
		code           string
	}{
		{"ask is not a person's answer", p.ID, `{"behavior":"ask"}`, 400, "invalid_answer"},
		{"missing behaviour", p.ID, `{}`, 400, "invalid_answer"},
		{"unknown scope", p.ID, `{"behavior":"allow","scope":"forever"}`, 400, "invalid_answer"},
		{"invalid JSON", p.ID, `{"behavior":`, 400, "invalid_json"},
		{"unknown id", "ask-nope", `{"behavior":"deny"}`, 404, "not_pending"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, data := f.do("POST", "/v1/pending/"+tt.id, tt.body, nil)
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, tt.status, data)
			}
			if diff := cmp.Diff(tt.code, errorCode(t, data)); diff != "" {
				t.Errorf("code (-want +got):\n%s", diff)
			}
		})
	}
	if n := f.queue.Len(); n != 1 {
		t.Errorf("%d pending after refused answers, want 1", n)
	}
}

func TestPromptTimeout(t *testing.T) {
	f := newFixture(t, Options{})
	events := f.events()
	got := make(chan api.Decision, 1)
	go func() {
		d, err := f.client.Decide(context.Background(), bashRequest)
		if err != nil {
			t.Error(err)
		}
		got <- d
	}()
	p := decode[PendingAsk](t, events.next(t, EventPending))
	f.clock.waitTimers(2) // the server's bound and the prompt's deadline
	f.clock.advance(time.Minute)
	d := <-got
	if diff := cmp.Diff([]any{api.Deny, api.ReasonTimeout}, []any{d.Behavior, d.Reason.Type}); diff != "" {
		t.Errorf("decision (-want +got):\n%s", diff)
	}
	res := decode[ResolvedAsk](t, events.next(t, EventResolved))
	if diff := cmp.Diff(ResolvedAsk{ID: p.ID, Behavior: api.Deny, By: "timeout", Time: f.clock.Now()}, res); diff != "" {
		t.Errorf("resolved (-want +got):\n%s", diff)
	}
}

func TestDecideTimeoutWhenTheEngineHangs(t *testing.T) {
	clock := newFakeClock()
	engineDone := make(chan struct{})
	hang := EngineFuncs{
		CheckFunc: func(ctx context.Context, req api.Request) (api.Decision, error) { return api.Decision{}, nil },
		DecideFunc: func(ctx context.Context, req api.Request) (api.Decision, error) {
			<-ctx.Done() // a hook that never answers
			close(engineDone)
			return api.Decision{}, ctx.Err()
		},
	}
	srv := New(hang, Options{Token: testToken, Clock: clock, DecideTimeout: 10 * time.Second})
	rec := newRecorder()
	req, _ := http.NewRequest("POST", "http://127.0.0.1/v1/decide", strings.NewReader(`{"tool_name":"Bash","tool_input":{"command":"ls"}}`))
	req.Header.Set("Authorization", "Bearer "+testToken)
	done := make(chan struct{})
	go func() { srv.Handler().ServeHTTP(rec, req); close(done) }()
	clock.waitTimers(1)
	clock.advance(10 * time.Second)
	<-done
	<-engineDone // the engine's context was cancelled
	d := decode[api.Decision](t, rec.Body.Bytes())
	if diff := cmp.Diff([]any{api.Deny, api.ReasonTimeout}, []any{d.Behavior, d.Reason.Type}); diff != "" {
		t.Errorf("decision (-want +got):\n%s", diff)
	}
	if d.ID == "" {
		t.Error("the server's own decision has no id")
	}
}

func TestGracefulShutdown(t *testing.T) {
	f := newFixture(t, Options{})
	events := f.events()
	got := make(chan api.Decision, 2)
	for range 2 {
		go func() {
			d, err := f.client.Decide(context.Background(), bashRequest)
			if err != nil {
				t.Error(err)
			}
			got <- d
		}()
	}
	first := decode[PendingAsk](t, events.next(t, EventPending))
	second := decode[PendingAsk](t, events.next(t, EventPending))
	if err := f.server.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		d := <-got
		if d.Behavior != api.Deny || !strings.Contains(d.Reason.Message, "shutdown") {
			t.Errorf("decision at shutdown: %+v, want deny with reason shutdown", d)
		}
	}
	resolved := map[string]ResolvedAsk{}
	for range 2 {
		r := decode[ResolvedAsk](t, events.next(t, EventResolved))
		resolved[r.ID] = r
	}
	want := map[string]ResolvedAsk{
		first.ID:  {ID: first.ID, Behavior: api.Deny, By: "shutdown", Time: f.clock.Now()},
		second.ID: {ID: second.ID, Behavior: api.Deny, By: "shutdown", Time: f.clock.Now()},
	}
	if diff := cmp.Diff(want, resolved); diff != "" {
		t.Errorf("resolved events (-want +got):\n%s", diff)
	}
	// The stream ends.
	for e := range events.events {
		if e.Name == EventPending {
			t.Errorf("pending event after shutdown: %s", e.Data)
		}
	}
	// Later prompts are refused at once, and health says so.
	if _, err := f.queue.Prompt(context.Background(), promptFor(bashRequest)); !errors.Is(err, ErrShutdown) {
		t.Errorf("Prompt after shutdown: %v, want ErrShutdown", err)
	}
	res, data := f.do("POST", "/v1/decide", `{"tool_name":"Bash","tool_input":{"command":"ls"}}`, nil)
	if res.StatusCode != http.StatusServiceUnavailable || errorCode(t, data) != "shutting_down" {
		t.Errorf("decide after shutdown: %d %s", res.StatusCode, data)
	}
}

func TestEventsStartWithASnapshot(t *testing.T) {
	f := newFixture(t, Options{})
	if _, err := f.client.Decide(context.Background(), api.Request{ToolName: "Delete", ToolInput: map[string]any{}}); err != nil {
		t.Fatal(err)
	}
	first := f.events()
	go func() { _, _ = f.client.Decide(context.Background(), bashRequest) }()
	p := decode[PendingAsk](t, first.next(t, EventPending))

	late := f.events()
	rec := decode[RecentDecision](t, late.next(t, EventDecision))
	if diff := cmp.Diff([]any{"Delete", api.Deny, "rule Delete (org)"}, []any{rec.Tool, rec.Decision.Behavior, rec.DecidedBy}); diff != "" {
		t.Errorf("snapshot decision (-want +got):\n%s", diff)
	}
	again := decode[PendingAsk](t, late.next(t, EventPending))
	if again.ID != p.ID {
		t.Errorf("snapshot pending id %q, want %q", again.ID, p.ID)
	}
}

func TestMetrics(t *testing.T) {
	f := newFixture(t, Options{})
	for _, tool := range []string{"Read", "Read", "Delete"} {
		if _, err := f.client.Check(context.Background(), api.Request{ToolName: tool, ToolInput: map[string]any{}}); err != nil {
			t.Fatal(err)
		}
	}
	events := f.events()
	go func() { _, _ = f.client.Decide(context.Background(), bashRequest) }()
	events.next(t, EventPending)
	f.server.Metrics().HookFailed("lint")
	f.server.Metrics().ObserveDecision("check", "Bash", api.Decision{Behavior: api.Deny, Reason: api.Reason{Type: api.ReasonError, Classifier: "llm"}}, time.Millisecond)

	res, data := f.do("GET", "/metrics", "", nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	body := string(data)
	for _, want := range []string{
		`warden_decisions_total{behavior="allow",decided_by="rule",tool="Read"} 2`,
		`warden_decisions_total{behavior="deny",decided_by="rule",tool="Delete"} 1`,
		`warden_decision_duration_seconds_count{endpoint="check"} 4`,
		`warden_pending_asks 1`,
		`warden_hook_failures_total{hook="lint"} 1`,
		`warden_classifier_failures_total{classifier="llm"} 1`,
		`go_goroutines`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
}

func TestPage(t *testing.T) {
	f := newFixture(t, Options{})
	noRedirect := *f.http.Client()
	noRedirect.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	get := func(path string, cookie string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("GET", f.http.URL+path, nil)
		if cookie != "" {
			req.Header.Set("Cookie", cookie)
		}
		res, err := noRedirect.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}

	t.Run("the token logs the browser in", func(t *testing.T) {
		res := get("/?token="+testToken, "")
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/" {
			t.Fatalf("status %d Location %q, want 303 to /", res.StatusCode, res.Header.Get("Location"))
		}
		cookies := res.Cookies()
		if len(cookies) != 1 {
			t.Fatalf("cookies: %v", cookies)
		}
		c := cookies[0]
		if diff := cmp.Diff([]any{CookieName, testToken, true, http.SameSiteStrictMode, "/"}, []any{c.Name, c.Value, c.HttpOnly, c.SameSite, c.Path}); diff != "" {
			t.Errorf("cookie (-want +got):\n%s", diff)
		}
	})
	tests := []struct {
		name, path, cookie string
		status             int
		contentType        string
	}{
		{"page with the cookie", "/", CookieName + "=" + testToken, 200, "text/html; charset=utf-8"},
		{"page without the cookie", "/", "", 401, "text/html; charset=utf-8"},
		{"page with a wrong token", "/?token=nope", "", 401, "text/html; charset=utf-8"},
		{"script", "/assets/app.js", "", 200, "text/javascript; charset=utf-8"},
		{"style", "/assets/style.css", "", 200, "text/css; charset=utf-8"},
		{"missing asset", "/assets/nope.js", "", 404, "text/plain; charset=utf-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := get(tt.path, tt.cookie)
			if diff := cmp.Diff([]any{tt.status, tt.contentType}, []any{res.StatusCode, res.Header.Get("Content-Type")}); diff != "" {
				t.Errorf("status, type (-want +got):\n%s", diff)
			}
			if strings.HasPrefix(tt.contentType, "text/html") && !strings.Contains(res.Header.Get("Content-Security-Policy"), "script-src 'self'") {
				t.Errorf("no CSP on the page: %q", res.Header.Get("Content-Security-Policy"))
			}
		})
	}
}

// TestMetricsExposition checks the hand-written Prometheus text format:
// every sample line is well formed, label values are escaped, histogram
// buckets are cumulative and end at +Inf with the count, and every family
// has its HELP and TYPE.
func TestMetricsExposition(t *testing.T) {
	m := NewMetrics()
	for _, took := range []time.Duration{50 * time.Microsecond, time.Millisecond, 3 * time.Second, time.Hour} {
		m.ObserveDecision("decide", "mcp__x__\"odd\"\\tool\nname", api.Decision{Behavior: api.Allow, Reason: api.Reason{Type: api.ReasonUser}}, took)
	}
	m.setPending(3)
	rec := newRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if ct := rec.Header().Get("Content-Type"); ct != "text/plain; version=0.0.4; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	body := rec.Body.String()
	sample := regexp.MustCompile(`^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*"(,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*")*\})? [-+0-9.eEInfNa]+$`)
	typed := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
		if name, ok := strings.CutPrefix(line, "# TYPE "); ok {
			typed[strings.Fields(name)[0]] = true
			continue
		}
		if strings.HasPrefix(line, "# HELP ") {
			continue
		}
		if !sample.MatchString(line) {
			t.Errorf("malformed sample line %q", line)
		}
	}
	for _, name := range []string{"warden_decisions_total", "warden_decision_duration_seconds", "warden_pending_asks", "warden_hook_failures_total", "warden_classifier_failures_total", "go_goroutines"} {
		if !typed[name] {
			t.Errorf("no TYPE for %s", name)
		}
	}
	for _, want := range []string{
		`warden_decisions_total{behavior="allow",decided_by="user",tool="mcp__x__\"odd\"\\tool\nname"} 4`,
		`warden_decision_duration_seconds_bucket{endpoint="decide",le="0.0001"} 1`,
		`warden_decision_duration_seconds_bucket{endpoint="decide",le="0.0016"} 2`,
		`warden_decision_duration_seconds_bucket{endpoint="decide",le="6.5536"} 3`,
		`warden_decision_duration_seconds_bucket{endpoint="decide",le="419.4304"} 3`,
		`warden_decision_duration_seconds_bucket{endpoint="decide",le="+Inf"} 4`,
		`warden_decision_duration_seconds_count{endpoint="decide"} 4`,
		`warden_decision_duration_seconds_sum{endpoint="decide"} 3603.00105`,
		`warden_pending_asks 3`,
	} {
		if !strings.Contains(body, want+"\n") {
			t.Errorf("metrics lack %q", want)
		}
	}
}
