package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/internal/serve"
	"github.com/wardenhq/warden/server"
)

const (
	subagentPayload = "pretooluse-bash-bypasspermissions-sub-agent"
	approverToken   = "approver-token-0123456789"
	agentToken      = "agent-token-0123456789ab"
)

// parentCall is the parent agent's own call in the sub-agent's session:
// the real bypassPermissions payload with the sub-agent's session id.
func parentCall(t *testing.T, w *hookWorld, mode string) map[string]any {
	t.Helper()
	p := realPayload(t, "pretooluse-bash-bypasspermissions", w.root)
	p["session_id"] = realPayload(t, subagentPayload, w.root)["session_id"]
	p["permission_mode"] = mode
	p["tool_input"] = map[string]any{"command": "ls"}
	return p
}

// TestSubagentBoundByItsParent runs the real sub-agent payload (Claude
// Code's general-purpose sub-agent in bypassPermissions, "touch
// sub-made.txt") through per-call warden hook processes: it runs in bypass
// only when its parent session's own calls were in bypass; otherwise it is
// decided in the parent's mode, and with no leader configured the ask that
// Claude Code would not put to anyone in bypass is denied.
func TestSubagentBoundByItsParent(t *testing.T) {
	tests := []struct {
		name   string
		parent string // the parent's mode, "" when no parent call was seen
		want   string
		reason string
	}{
		{"parent in bypass", "bypassPermissions", "allow", "bypassPermissions"},
		{"parent in default", "default", "deny", "no leader is configured"},
		{"parent unseen", "", "deny", "no leader is configured"},
		{"parent in plan", "plan", "deny", "plan"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newHookWorld(t, `{}`)
			if tt.parent != "" {
				if got := w.hook(t, parentCall(t, w, tt.parent)); got.behavior != "allow" {
					t.Fatalf("the parent's ls: %+v", got)
				}
			}
			got := w.hook(t, realPayload(t, subagentPayload, w.root))
			if got.behavior != tt.want || !strings.Contains(got.reason, tt.reason) {
				t.Errorf("sub-agent's touch: %s %q, want %s with %q", got.behavior, got.reason, tt.want, tt.reason)
			}
		})
	}
}

// TestSubagentReadOnlyType checks the restricted tool set end to end: a
// sub-agent type limited to read tools cannot run a shell command, even
// with its parent in bypass, and the reason names the restriction.
func TestSubagentReadOnlyType(t *testing.T) {
	w := newHookWorld(t, `{"subagents": {"general-purpose": {"tools": ["Read", "Grep", "Glob"]}}}`)
	w.hook(t, parentCall(t, w, "bypassPermissions"))
	got := w.hook(t, realPayload(t, subagentPayload, w.root))
	if got.behavior != "deny" || !strings.Contains(got.reason, "sub-agent general-purpose (aec569ea081e5be75) may use only Read, Grep, Glob") {
		t.Errorf("answer %+v, want a deny naming the restriction", got)
	}
}

// daemonForTest runs the daemon of warden serve (its engines, its session
// memory, its queue and mailbox) on loopback with both tokens, as the
// leader of sub-agents.
func daemonForTest(t *testing.T, w *hookWorld, wrap func(http.Handler) http.Handler) (*httptest.Server, *server.Client) {
	t.Helper()
	env := &cliEnv{stdout: &strings.Builder{}, stderr: &strings.Builder{}, getenv: func(k string) string { return w.vars[k] }}
	queue := server.NewQueue(server.QueueOptions{Timeout: time.Minute})
	daemon := serve.NewEngine(serve.EngineConfig{
		Env: serveEnv(env), Cwd: w.project, Queue: queue, Timeout: time.Minute,
		Grants: grant.NewMemoryStore(time.Now, time.Hour),
	})
	srv := server.New(daemon, server.Options{Token: approverToken, AgentToken: agentToken, Queue: queue})
	h := srv.Handler()
	if wrap != nil {
		h = wrap(h)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(func() {
		_ = srv.Shutdown(context.Background())
		ts.Close()
	})
	approver, err := server.NewClient(ts.URL, approverToken, ts.Client())
	if err != nil {
		t.Fatal(err)
	}
	w.vars["WARDEN_SERVER"] = ts.URL
	w.vars["WARDEN_TOKEN"] = agentToken
	return ts, approver
}

// TestSubagentAskGoesToTheLeader runs the real sub-agent payload against
// the daemon as leader: the daemon bounds its mode by the parent's (seen in
// default), its ask is forwarded through the mailbox and shows on the page
// naming the sub-agent and its parent session, and the answer given through
// the page's API comes back through the hook.
func TestSubagentAskGoesToTheLeader(t *testing.T) {
	for _, tt := range []struct {
		name   string
		answer server.AnswerRequest
		want   string
		reason string
	}{
		{"allowed", server.AnswerRequest{Behavior: api.Allow, Message: "fine, once"}, "allow", "fine, once"},
		{"denied", server.AnswerRequest{Behavior: api.Deny, Message: "not in this repo"}, "deny", "not in this repo"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := newHookWorld(t, `{}`)
			_, approver := daemonForTest(t, w, nil)
			if got := w.hook(t, parentCall(t, w, "default")); got.behavior != "allow" {
				t.Fatalf("the parent's ls: %+v", got)
			}
			sub := realPayload(t, subagentPayload, w.root)
			answered := make(chan hookAnswer, 1)
			go func() { answered <- w.hook(t, sub) }()

			var ask server.PendingAsk
			deadline := time.Now().Add(10 * time.Second)
			for {
				list, err := approver.Pending(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				if len(list.Pending) > 0 {
					ask = list.Pending[0]
					break
				}
				if time.Now().After(deadline) {
					t.Fatal("the sub-agent's ask never reached the page")
				}
				time.Sleep(10 * time.Millisecond)
			}
			if ask.AgentID != "aec569ea081e5be75" || ask.AgentType != "general-purpose" || ask.ParentSession != sub["session_id"] || ask.Summary != "touch sub-made.txt" {
				t.Errorf("the page's ask %+v does not name the sub-agent, its parent session and its command", ask)
			}
			if err := approver.Answer(context.Background(), ask.ID, tt.answer); err != nil {
				t.Fatal(err)
			}
			select {
			case got := <-answered:
				t.Logf("the hook answered %+v", got)
				if got.behavior != tt.want || !strings.Contains(got.reason, tt.reason) || !strings.Contains(got.reason, "leader") {
					t.Errorf("the hook answered %+v, want %s with %q", got, tt.want, tt.reason)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the hook never answered")
			}
		})
	}
}

// TestSubagentForwardingFails checks the local fallback: when the daemon
// decides but its mailbox fails, a sub-agent whose agent asks its person
// gets ask (the agent's own prompt), and one that will not ask (bypass)
// is denied.
func TestSubagentForwardingFails(t *testing.T) {
	broken := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
			if strings.HasPrefix(r.URL.Path, "/v1/mailbox/") {
				http.Error(rw, `{"error":{"code":"mailbox_error","message":"disk full"}}`, http.StatusInternalServerError)
				return
			}
			h.ServeHTTP(rw, r)
		})
	}
	for _, tt := range []struct {
		mode, want, reason string
	}{
		{"default", "ask", ""},
		{"bypassPermissions", "deny", "could not forward the ask of sub-agent general-purpose (aec569ea081e5be75) to the leader"},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			w := newHookWorld(t, `{}`)
			daemonForTest(t, w, broken)
			w.hook(t, parentCall(t, w, "default"))
			sub := realPayload(t, subagentPayload, w.root)
			sub["permission_mode"] = tt.mode
			got := w.hook(t, sub)
			if got.behavior != tt.want || !strings.Contains(got.reason, tt.reason) {
				t.Errorf("answer %+v, want %s with %q", got, tt.want, tt.reason)
			}
		})
	}
}
