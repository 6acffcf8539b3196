package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wardenhq/warden/audit"
)

// realPayloads is where the real Claude Code payloads are kept.
var realPayloads = filepath.Join("..", "..", "testdata", "hook", "claude-code-2.1.328")

// realPayload reads one captured Claude Code payload, with {ROOT} replaced
// by root, as a JSON object.
func realPayload(t *testing.T, name, root string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(realPayloads, "claude-code-"+name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var capture struct {
		Payload map[string]any `json:"payload"`
	}
	if err := json.Unmarshal(bytes.ReplaceAll(data, []byte("{ROOT}"), []byte(root)), &capture); err != nil {
		t.Fatal(err)
	}
	return capture.Payload
}

// hookWorld is a home and project laid out as the captures had them:
// {ROOT}/home, {ROOT}/home/proj.
type hookWorld struct {
	root, home, project string
	vars                map[string]string
}

func newHookWorld(t *testing.T, settingsJSON string) *hookWorld {
	t.Helper()
	root := t.TempDir()
	w := &hookWorld{root: root, home: filepath.Join(root, "home"), project: filepath.Join(root, "home", "proj")}
	for _, d := range []string{filepath.Join(w.project, ".warden"), filepath.Join(w.project, "src"), filepath.Join(w.home, "precious")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(w.project, ".warden", "settings.json"), []byte(settingsJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	w.vars = map[string]string{
		"HOME":                    w.home,
		"XDG_CONFIG_HOME":         filepath.Join(w.home, ".config"),
		"XDG_STATE_HOME":          filepath.Join(w.home, ".local", "state"),
		"WARDEN_MANAGED_SETTINGS": filepath.Join(root, "managed-settings.json"),
	}
	return w
}

// hookAnswer is what warden hook answered: the PreToolUse decision, or the
// PermissionRequest behaviour ("none" when it left the dialog), and the
// reason or message.
type hookAnswer struct {
	behavior, reason string
}

func (w *hookWorld) hook(t *testing.T, payload map[string]any, args ...string) hookAnswer {
	t.Helper()
	data, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	env := &cliEnv{stdin: bytes.NewReader(data), stdout: &stdout, stderr: &stderr, getenv: func(k string) string { return w.vars[k] }}
	if code := run(t.Context(), env, append([]string{"hook"}, args...)); code != exitOK {
		t.Fatalf("warden hook exited %d; stderr: %s", code, stderr.String())
	}
	var out struct {
		HookSpecificOutput struct {
			PermissionDecision       string
			PermissionDecisionReason string
			Decision                 *struct{ Behavior, Message string }
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("answer is not JSON: %v\n%s", err, stdout.String())
	}
	spec := out.HookSpecificOutput
	if payload["hook_event_name"] == "PermissionRequest" {
		if spec.Decision == nil {
			return hookAnswer{behavior: "none"}
		}
		return hookAnswer{spec.Decision.Behavior, spec.Decision.Message}
	}
	return hookAnswer{spec.PermissionDecision, spec.PermissionDecisionReason}
}

// TestHookNobodyToAsk runs the real Claude Code payload of each permission
// mode through warden hook with commands Warden allows, would ask about
// (no rule, a danger, an ask rule) and denies. Where Claude Code will not
// put an ask to a person (bypassPermissions, dontAsk) Warden never answers
// ask: it denies, saying why and which rule would allow the call. In auto
// mode Claude Code shows its own dialog with Warden's reason, so what
// Warden's classifier leaves undecided is asked — except a write to one of
// Claude Code's control files, which its own check sends to its classifier
// instead of the person: that is denied, saying how to get it approved.
func TestHookNobodyToAsk(t *testing.T) {
	const settingsJSON = `{"permissions":{"ask":["Bash(git push:*)"],"deny":["Bash(curl:*)"]}}`
	commands := []struct{ name, command string }{
		{"read-only", "ls"},
		{"no rule", "mkdir build"},
		{"danger", `rm -rf "$HOME/precious"`},
		{"ask rule", "git push origin main"},
		{"deny rule", "curl https://example.com"},
		{"control file", "echo 'echo hi' >> ~/.bashrc"},
	}
	// The answer per mode, for each command above in order.
	want := map[string][]string{
		"default":           {"allow", "ask", "ask", "ask", "deny", "ask"},
		"plan":              {"allow", "deny", "deny", "ask", "deny", "deny"},
		"acceptedits":       {"allow", "allow", "ask", "ask", "deny", "ask"},
		"auto":              {"allow", "allow", "ask", "ask", "deny", "deny"},
		"dontask":           {"allow", "deny", "deny", "deny", "deny", "deny"},
		"bypasspermissions": {"allow", "allow", "deny", "deny", "deny", "deny"},
	}
	for mode, answers := range want {
		for i, c := range commands {
			t.Run(mode+"/"+c.name, func(t *testing.T) {
				w := newHookWorld(t, settingsJSON)
				p := realPayload(t, "pretooluse-bash-"+mode, w.root)
				p["tool_input"].(map[string]any)["command"] = c.command
				got := w.hook(t, p, "--no-audit")
				t.Logf("%s: %s", got.behavior, got.reason)
				if got.behavior != answers[i] {
					t.Fatalf("%s in %s: %s (%s), want %s", c.command, p["permission_mode"], got.behavior, got.reason, answers[i])
				}
				if got.behavior == "deny" && (mode == "dontask" || mode == "bypasspermissions") && c.name != "deny rule" {
					if !strings.Contains(got.reason, " mode, so Warden denies what it would ask: ") {
						t.Errorf("reason does not say nobody is asked: %s", got.reason)
					}
				}
				if c.name == "no rule" && mode == "dontask" && !strings.Contains(got.reason, "would allow it: Bash(mkdir:*)") {
					t.Errorf("reason does not name the rule that would allow it: %s", got.reason)
				}
				if c.name == "ask rule" && got.behavior == "deny" && !strings.Contains(got.reason, "only a person can allow it") {
					t.Errorf("reason for an ask rule: %s", got.reason)
				}
				if got.behavior == "deny" && c.name != "deny rule" && !approvalSaid(got.reason) {
					t.Errorf("a deny that does not say how to get the call approved: %s", got.reason)
				}
				if mode == "auto" && c.name == "control file" && !strings.Contains(got.reason, "auto mode Claude Code hands an ask about its own control files to its classifier") {
					t.Errorf("auto-mode deny of a control file does not say why: %s", got.reason)
				}
			})
		}
	}
}

// approvalSaid reports whether a deny's reason says how to get the call
// approved: the rule to add, the page, or another mode.
func approvalSaid(reason string) bool {
	for _, s := range []string{"the rule that would allow it", "the rules that would allow it", "approval page", "in default mode", "plan"} {
		if strings.Contains(reason, s) {
			return true
		}
	}
	return false
}

// TestHookBypassRealCaptures replays the captures in which Claude Code in
// bypassPermissions ran what Warden asked about: the Write of ~/.bashrc,
// and the PermissionRequest for rm -rf "$HOME/precious". Both are denied
// now, and the captures where Warden allowed or denied still do.
func TestHookBypassRealCaptures(t *testing.T) {
	tests := []struct {
		payload, settings, want, reason string
	}{
		{"pretooluse-write-bypasspermissions", `{}`, "deny", "Claude Code does not ask a person in bypassPermissions mode, so Warden denies"},
		{"permissionrequest-bash-bypasspermissions", `{}`, "deny", "Claude Code does not ask a person in bypassPermissions mode"},
		{"pretooluse-bash-bypasspermissions", `{"permissions":{"allow":["Bash(touch:*)"]}}`, "allow", "Bash(touch:*)"},
		{"pretooluse-bash-bypasspermissions-sub-agent", `{"permissions":{"deny":["Bash(touch:*)"]}}`, "deny", "deny rule Bash(touch:*)"},
		{"pretooluse-read-bypasspermissions", `{"permissions":{"deny":["Read(./.env)"]}}`, "deny", "Read(./.env)"},
		{"pretooluse-agent-bypasspermissions", `{}`, "allow", ""},
		{"pretooluse-mcp-e2e-touch-marker-bypasspermissions", `{"permissions":{"deny":["mcp__e2e__touch_marker"]}}`, "deny", "mcp__e2e__touch_marker"},
		{"permissionrequest-bash-default", `{}`, "none", ""},
	}
	for _, tt := range tests {
		t.Run(tt.payload, func(t *testing.T) {
			w := newHookWorld(t, tt.settings)
			got := w.hook(t, realPayload(t, tt.payload, w.root), "--no-audit")
			if got.behavior != tt.want || !strings.Contains(got.reason, tt.reason) {
				t.Errorf("%s (%s), want %s with %q", got.behavior, got.reason, tt.want, tt.reason)
			}
		})
	}
}

// TestHookPermissionRequestAudit checks the audit record of a
// PermissionRequest that Warden's own PermissionRequest hook denied: the
// final decision (deny, not the pipeline's ask), the event, and the
// tool_use_id of the PreToolUse record of the same call.
func TestHookPermissionRequestAudit(t *testing.T) {
	w := newHookWorld(t, `{"hooks":{"PermissionRequest":[{"matcher":"Bash","hooks":[{"type":"command","command":"sh deny.sh"}]}]}}`)
	if err := os.WriteFile(filepath.Join(w.project, "deny.sh"), []byte(`echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"company policy says no"}}}'`), 0o644); err != nil {
		t.Fatal(err)
	}
	pr := realPayload(t, "permissionrequest-bash-default", w.root)
	pre := realPayload(t, "pretooluse-bash-default", w.root)
	// The PreToolUse of the same call: same session and input.
	pre["session_id"], pre["tool_input"] = pr["session_id"], pr["tool_input"]
	if got := w.hook(t, pre); got.behavior != "ask" {
		t.Fatalf("PreToolUse: %s (%s), want ask", got.behavior, got.reason)
	}
	if got := w.hook(t, pr); got.behavior != "deny" || !strings.Contains(got.reason, "company policy says no") {
		t.Fatalf("PermissionRequest: %s (%s), want deny by the hook", got.behavior, got.reason)
	}
	recs, _, err := audit.Read(audit.DefaultPath(func(k string) string { return w.vars[k] }), audit.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 {
		t.Fatalf("%d audit records, want 2", len(recs))
	}
	first, last := recs[0], recs[1]
	if first.Event != "PreToolUse" || first.Behavior != "ask" || first.ToolUseID != pre["tool_use_id"] {
		t.Errorf("PreToolUse record: event %q behavior %s tool_use_id %q", first.Event, first.Behavior, first.ToolUseID)
	}
	if last.Event != "PermissionRequest" || last.Behavior != "deny" || last.Reason.Type != "hook" {
		t.Errorf("PermissionRequest record: event %q behavior %s by %s, want PermissionRequest deny by hook", last.Event, last.Behavior, last.Reason.Type)
	}
	if last.ToolUseID != pre["tool_use_id"] {
		t.Errorf("PermissionRequest record: tool_use_id %q, want the PreToolUse's %q", last.ToolUseID, pre["tool_use_id"])
	}
	if !strings.HasPrefix(last.InputDigest, "hmac-sha256:") || last.InputDigest != first.InputDigest {
		t.Errorf("digests %q and %q: want one keyed digest", first.InputDigest, last.InputDigest)
	}
	key := filepath.Join(w.vars["XDG_STATE_HOME"], "warden", "audit.key")
	if fi, err := os.Stat(key); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("per-install key %s: %v, %v", key, fi, err)
	}
}

// TestHookNobodyToAskThroughDaemon checks that with WARDEN_SERVER set, a
// call of an agent that will not ask goes to the daemon's blocking decide
// (its approval page), in default mode for dontAsk so the page is asked,
// with the project the agent names; and that a call that can be asked is
// only checked.
func TestHookNobodyToAskThroughDaemon(t *testing.T) {
	type seen struct {
		path string
		req  map[string]any
	}
	var got []seen
	daemon := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req map[string]any
		json.NewDecoder(r.Body).Decode(&req)
		got = append(got, seen{r.URL.Path, req})
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"d-1","behavior":"deny","reason":{"type":"timeout","message":"nobody answered on the page"}}`)
	}))
	defer daemon.Close()
	for _, tt := range []struct {
		payload, path, mode string
	}{
		{"pretooluse-bash-bypasspermissions", "/v1/decide", "bypassPermissions"},
		{"pretooluse-bash-dontask", "/v1/decide", "default"},
		{"permissionrequest-bash-bypasspermissions", "/v1/decide", "bypassPermissions"},
		{"pretooluse-bash-default", "/v1/check", "default"},
		{"permissionrequest-bash-default", "/v1/decide", "default"},
	} {
		t.Run(tt.payload, func(t *testing.T) {
			got = nil
			w := newHookWorld(t, `{}`)
			w.vars["WARDEN_SERVER"] = daemon.URL
			w.vars["WARDEN_TOKEN"] = "agent-token"
			w.vars["CLAUDE_PROJECT_DIR"] = w.project
			ans := w.hook(t, realPayload(t, tt.payload, w.root))
			if len(got) != 1 || got[0].path != tt.path {
				t.Fatalf("daemon calls %+v, want one to %s", got, tt.path)
			}
			if m := got[0].req["permission_mode"]; m != tt.mode {
				t.Errorf("sent in mode %v, want %s", m, tt.mode)
			}
			if got[0].req["project_dir"] != w.project {
				t.Errorf("project_dir %v, want %s", got[0].req["project_dir"], w.project)
			}
			if ans.behavior != "deny" || !strings.Contains(ans.reason, "nobody answered on the page") {
				t.Errorf("answer %s (%s), want the daemon's deny", ans.behavior, ans.reason)
			}
		})
	}
}
