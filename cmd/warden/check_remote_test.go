package main

import (
	"bytes"
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/server"
)

// TestCheckThroughDaemon checks that warden check decides through a running
// daemon when WARDEN_SERVER is set, and that a daemon that cannot be reached
// is an error, never a decision.
func TestCheckThroughDaemon(t *testing.T) {
	engine := server.EngineFuncs{
		CheckFunc: func(ctx context.Context, req api.Request) (api.Decision, error) {
			return api.Decision{ID: "d-remote", Behavior: api.Deny,
				Reason: api.Reason{Type: api.ReasonRule, Rule: "Bash(remote:*)", Message: "from the daemon: " + req.Cwd}}, nil
		},
	}
	srv := server.New(engine, server.Options{Token: "secret"})
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()

	vars := map[string]string{"WARDEN_SERVER": ts.URL, "WARDEN_TOKEN": "secret"}
	var stdout, stderr bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, getenv: func(k string) string { return vars[k] }}
	code := run(context.Background(), env, []string{"check", "--cwd", "/srv/app", `{"tool_name":"Bash","tool_input":{"command":"ls"}}`})
	if code != exitOK || !strings.Contains(stdout.String(), `"rule":"Bash(remote:*)"`) || !strings.Contains(stdout.String(), "/srv/app") {
		t.Fatalf("exit %d, stdout %s, stderr %s", code, stdout.String(), stderr.String())
	}

	vars["WARDEN_TOKEN"] = "wrong"
	stdout.Reset()
	stderr.Reset()
	code = run(context.Background(), env, []string{"check", `{"tool_name":"Bash","tool_input":{"command":"ls"}}`})
	if code != exitError || stdout.Len() != 0 {
		t.Errorf("wrong token: exit %d, stdout %q, stderr %q; want exit 1 and no decision", code, stdout.String(), stderr.String())
	}

	ts.Close()
	vars["WARDEN_TOKEN"] = "secret"
	stderr.Reset()
	code = run(context.Background(), env, []string{"check", `{"tool_name":"Bash","tool_input":{"command":"ls"}}`})
	if code != exitError || !strings.HasPrefix(stderr.String(), "warden: ") {
		t.Errorf("unreachable daemon: exit %d, stderr %q", code, stderr.String())
	}
}

// TestHookThroughDaemon checks that warden hook asks a running daemon:
// its pipeline (check) for PreToolUse, and its blocking decide — the
// approval page — for PermissionRequest.
func TestHookThroughDaemon(t *testing.T) {
	var calls []string
	engine := server.EngineFuncs{
		CheckFunc: func(ctx context.Context, req api.Request) (api.Decision, error) {
			calls = append(calls, "check")
			return api.Decision{Behavior: api.Ask, Reason: api.Reason{Type: api.ReasonDefault, Message: "no rule"}}, nil
		},
		DecideFunc: func(ctx context.Context, req api.Request) (api.Decision, error) {
			calls = append(calls, "decide")
			return api.Decision{Behavior: api.Allow, Reason: api.Reason{Type: api.ReasonUser, Person: "web", Message: "approved on the page"}}, nil
		},
	}
	ts := httptest.NewServer(server.New(engine, server.Options{Token: "t"}).Handler())
	defer ts.Close()
	vars := map[string]string{"WARDEN_SERVER": ts.URL, "WARDEN_TOKEN": "t"}
	for _, tt := range []struct {
		event, want, call string
	}{
		{"PreToolUse", `"permissionDecision":"ask"`, "check"},
		{"PermissionRequest", `"behavior":"allow"`, "decide"},
	} {
		calls = nil
		var stdout, stderr bytes.Buffer
		payload := `{"session_id":"s","cwd":"/srv/app","hook_event_name":"` + tt.event + `","tool_name":"Bash","tool_input":{"command":"make deploy"}}`
		env := &cliEnv{stdin: strings.NewReader(payload), stdout: &stdout, stderr: &stderr, getenv: func(k string) string { return vars[k] }}
		code := run(context.Background(), env, []string{"hook"})
		if code != exitOK || !strings.Contains(stdout.String(), tt.want) || len(calls) != 1 || calls[0] != tt.call {
			t.Errorf("%s: exit %d, calls %v, stdout %s, stderr %s", tt.event, code, calls, stdout.String(), stderr.String())
		}
	}
	ts.Close()
	var stdout, stderr bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"cwd":"/x"}`),
		stdout: &stdout, stderr: &stderr, getenv: func(k string) string { return vars[k] }}
	if code := run(context.Background(), env, []string{"hook"}); code != exitHookBlock || stdout.Len() != 0 {
		t.Errorf("unreachable daemon: exit %d, stdout %q; want exit 2 (block)", code, stdout.String())
	}
}
