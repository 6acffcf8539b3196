package agente2e

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestClaudeCodeHookFailure pins down what Claude Code does when a hook
// fails, the facts `warden init` relies on: with onFailure "block" a
// missing command, an error exit, a timeout, an HTTP error, a refused
// connection or a body that is not JSON all block the call; without it
// they let the call run. The hooks here are stand-ins, not Warden.
func TestClaudeCodeHookFailure(t *testing.T) {
	bin := requireClient(t, claude.pkg, claude.bin)
	const (
		ok        = iota // answer 200 with the body
		slow             // answer after the hook's timeout
		down             // nothing listens
		status500        // answer 500
	)
	cases := []struct {
		name      string
		command   string // a command hook; else an HTTP hook
		http      int
		body      string
		onFailure string
		runs      bool
	}{
		{name: "command-missing-block", command: "/nonexistent/warden hook", onFailure: "block"},
		{name: "command-exit1-block", command: "sh -c 'echo boom >&2; exit 1'", onFailure: "block"},
		{name: "command-exit1", command: "sh -c 'echo boom >&2; exit 1'", runs: true},
		{name: "command-timeout-block", command: "sleep 6", onFailure: "block"},
		{name: "http-deny", http: ok, body: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, onFailure: "block"},
		{name: "http-empty-body", http: ok, onFailure: "block", runs: true},
		{name: "http-not-json-block", http: ok, body: "not json", onFailure: "block"},
		{name: "http-500-block", http: status500, onFailure: "block"},
		{name: "http-500", http: status500, runs: true},
		{name: "http-down-block", http: down, onFailure: "block"},
		{name: "http-down", http: down, runs: true},
		{name: "http-timeout-block", http: slow, onFailure: "block"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			hook := map[string]any{"type": "command", "command": c.command, "timeout": 2}
			var (
				mu      sync.Mutex
				posted  []string
				headers []http.Header
			)
			if c.command == "" {
				hs := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
					b, _ := io.ReadAll(r.Body)
					mu.Lock()
					posted, headers = append(posted, string(b)), append(headers, r.Header.Clone())
					mu.Unlock()
					switch c.http {
					case slow:
						select {
						case <-r.Context().Done():
						case <-time.After(6 * time.Second):
						}
					case status500:
						http.Error(rw, "oops", http.StatusInternalServerError)
					default:
						rw.Header().Set("Content-Type", "application/json")
						io.WriteString(rw, c.body)
					}
				}))
				defer hs.Close()
				if c.http == down {
					hs.Close()
				}
				hook = map[string]any{"type": "http", "url": hs.URL + "/v1/hooks/claude-code", "timeout": 2,
					"headers":        map[string]any{"Authorization": "Bearer $WARDEN_TOKEN", "X-Not-Allowed": "$OTHER_SECRET"},
					"allowedEnvVars": []string{"WARDEN_TOKEN"}}
				w.env = append(w.env, "WARDEN_TOKEN=agent-token", "OTHER_SECRET=other")
			}
			if c.onFailure != "" {
				hook["onFailure"] = c.onFailure
			}
			settings, _ := json.Marshal(map[string]any{"hooks": map[string]any{"PreToolUse": []any{
				map[string]any{"matcher": "*", "hooks": []any{hook}}}}})
			w.write(filepath.Join(w.proj, ".claude", "settings.json"), string(settings))
			sc := scenario{calls: func(*world) []Call { return []Call{claudeBash("touch " + madeFile)} }}
			res, _, m := play(t, claude, w, bin, "bypassPermissions", sc, nil)
			if got := w.exists(madeFile); got != c.runs {
				t.Errorf("the call ran: %v, want %v\nexit %d, stderr: %s\n%s", got, c.runs, res.ExitCode, res.Stderr, m.Transcript())
			}
			mu.Lock()
			defer mu.Unlock()
			if c.command == "" && c.http != down {
				if len(posted) == 0 {
					t.Fatal("the HTTP hook was never called")
				}
				if !strings.Contains(posted[0], `"hook_event_name":"PreToolUse"`) || !strings.Contains(posted[0], `"tool_use_id"`) {
					t.Errorf("the HTTP hook's body is not the PreToolUse payload: %s", posted[0])
				}
				if got := headers[0].Get("Authorization"); got != "Bearer agent-token" {
					t.Errorf("Authorization = %q, want the allowed variable interpolated", got)
				}
				if got := headers[0].Get("X-Not-Allowed"); got != "" {
					t.Errorf("X-Not-Allowed = %q, want a variable not in allowedEnvVars left empty", got)
				}
			}
		})
	}
}
