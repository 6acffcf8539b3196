package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/audit"
)

// rawPayload reads a captured payload stored as the agent sent it, with
// {ROOT} replaced by root.
func rawPayload(t *testing.T, path, root string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(bytes.ReplaceAll(data, []byte("{ROOT}"), []byte(root)), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestHookRecordsRan sends each agent's decision payload and then its
// report that the call ran (Claude Code's PostToolUse and
// PostToolUseFailure, Codex's PostToolUse, Gemini CLI's AfterTool, the
// captured shapes) through warden hook. The report never blocks nor
// answers (exit 0, nothing on stdout), and appends a record carrying the
// decision's ID, behaviour and reason with outcome "ran" — linked by
// tool_use_id, or by session, tool and input where the agent gives none —
// which `warden audit` shows.
func TestHookRecordsRan(t *testing.T) {
	type row struct {
		name     string
		agent    string
		pre      func(w *hookWorld) map[string]any // nil: no decision before
		post     func(pre map[string]any) map[string]any
		linked   bool
		toolErr  string
		behavior api.Behavior
	}
	claudePre := func(w *hookWorld) map[string]any {
		p := realPayload(t, "pretooluse-bash-default", w.root)
		p["tool_input"] = map[string]any{"command": "ls src", "description": "list"}
		return p
	}
	claudePost := func(event string, extra map[string]any) func(map[string]any) map[string]any {
		return func(pre map[string]any) map[string]any {
			p := maps.Clone(pre)
			p["hook_event_name"] = event
			maps.Copy(p, extra)
			return p
		}
	}
	asked := func(path, event string) func(w *hookWorld) map[string]any {
		return func(w *hookWorld) map[string]any {
			p := rawPayload(t, path, w.root)
			delete(p, "tool_response")
			p["hook_event_name"] = event
			return p
		}
	}
	rows := []row{
		{name: "claude-code PostToolUse", agent: "claude-code", pre: claudePre, linked: true, behavior: api.Allow,
			post: claudePost("PostToolUse", map[string]any{"tool_response": map[string]any{"stdout": "a.go\n", "stderr": "", "interrupted": false, "isImage": false}})},
		{name: "claude-code PostToolUseFailure", agent: "claude-code", pre: claudePre, linked: true, behavior: api.Allow, toolErr: "Exit code 2 ls: cannot access 'src'",
			post: claudePost("PostToolUseFailure", map[string]any{"error": "Exit code 2\nls: cannot access 'src'", "is_interrupt": false})},
		{name: "codex PostToolUse", agent: "codex", linked: true, behavior: api.Allow,
			pre: asked(filepath.Join("..", "..", "agent", "codex", "testdata", "payloads", "codex-posttooluse-bash.json"), "PreToolUse")},
		{name: "gemini AfterTool, no tool_use_id", agent: "gemini", linked: true, behavior: api.Allow,
			pre: asked(filepath.Join("..", "..", "agent", "gemini", "testdata", "payloads", "gemini-aftertool-run_shell_command.json"), "BeforeTool")},
		{name: "no decision before", agent: "claude-code", linked: false,
			post: func(map[string]any) map[string]any {
				return map[string]any{"session_id": "s-x", "cwd": "", "hook_event_name": "PostToolUse", "tool_name": "Bash",
					"tool_input": map[string]any{"command": "ls"}, "tool_response": map[string]any{"stdout": ""}, "tool_use_id": "toolu_none"}
			}},
	}
	for _, tc := range rows {
		t.Run(tc.name, func(t *testing.T) {
			w := newHookWorld(t, `{"permissions":{"allow":["Bash(ls:*)"]}}`)
			args := []string{"--agent", tc.agent}
			var pre map[string]any
			if tc.pre != nil {
				pre = tc.pre(w)
				runHookPayload(t, w, pre, args)
			}
			var post map[string]any
			switch {
			case tc.post != nil:
				post = tc.post(pre)
			case tc.agent == "codex":
				post = rawPayload(t, filepath.Join("..", "..", "agent", "codex", "testdata", "payloads", "codex-posttooluse-bash.json"), w.root)
			default:
				post = rawPayload(t, filepath.Join("..", "..", "agent", "gemini", "testdata", "payloads", "gemini-aftertool-run_shell_command.json"), w.root)
			}
			if post["cwd"] == "" {
				post["cwd"] = w.project
			}
			stdout, stderr := runHookPayload(t, w, post, args)
			if stdout != "" {
				t.Errorf("the report of a call that ran was answered %q; want nothing", stdout)
			}
			recs, _, err := audit.Read(audit.DefaultPath(func(k string) string { return w.vars[k] }), audit.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			want := 1
			if tc.pre != nil {
				want = 2
			}
			if len(recs) != want {
				t.Fatalf("%d audit records, want %d (stderr %s)", len(recs), want, stderr)
			}
			ran := recs[len(recs)-1]
			if ran.Outcome != audit.OutcomeRan || ran.Event != audit.EventPostToolUse || ran.ToolError != tc.toolErr {
				t.Errorf("ran record: outcome %q event %q tool_error %q; want ran, PostToolUse, %q", ran.Outcome, ran.Event, ran.ToolError, tc.toolErr)
			}
			if tc.linked {
				d := recs[0]
				if ran.ID != d.ID || ran.Behavior != d.Behavior || ran.Reason != d.Reason || d.Behavior != tc.behavior {
					t.Errorf("ran record %s %s %v does not carry the decision %s %s %v (want %s)", ran.ID, ran.Behavior, ran.Reason, d.ID, d.Behavior, d.Reason, tc.behavior)
				}
			} else if len(ran.Warnings) == 0 || !strings.Contains(ran.Warnings[0], "not in this audit log") {
				t.Errorf("an unlinked ran record says nothing: %v", ran.Warnings)
			}
			var out, errb bytes.Buffer
			env := &cliEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(k string) string { return w.vars[k] }}
			if code := run(t.Context(), env, []string{"audit", "--cwd", w.project}); code != exitOK {
				t.Fatalf("warden audit exited %d: %s", code, errb.String())
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			last := lines[len(lines)-1]
			if !strings.Contains(last, "[ran]") || !strings.Contains(last, strings.TrimPrefix(ran.ID, "dec-")) ||
				tc.linked && !strings.Contains(last, " "+string(tc.behavior)+" ") {
				t.Errorf("warden audit does not show decision, who and outcome:\n%s", out.String())
			}
		})
	}
}

// TestHookRanNeverBlocks: a report of a call that ran which Warden cannot
// read, or cannot record, still exits 0 with nothing on stdout — the call
// has run — and says on stderr that the outcome is not recorded.
func TestHookRanNeverBlocks(t *testing.T) {
	for _, tc := range []struct {
		name, payload, stderr string
		settings              string
	}{
		{name: "tool_input not an object", payload: `{"session_id":"s","hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":"ls"}`, stderr: "not recorded"},
		{name: "no tool_name", payload: `{"session_id":"s","hook_event_name":"AfterTool","tool_input":{}}`, stderr: "not recorded"},
		{name: "settings that do not load", payload: `{"session_id":"s","hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`,
			settings: `{"permissions": `, stderr: "not recorded"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := tc.settings
			if st == "" {
				st = `{}`
			}
			w := newHookWorld(t, st)
			var stdout, stderr bytes.Buffer
			env := &cliEnv{stdin: strings.NewReader(strings.ReplaceAll(tc.payload, `"session_id"`, `"cwd":"`+w.project+`","session_id"`)),
				stdout: &stdout, stderr: &stderr, getenv: func(k string) string { return w.vars[k] }}
			if code := run(t.Context(), env, []string{"hook"}); code != exitOK || stdout.Len() != 0 {
				t.Fatalf("exit %d, stdout %q; want 0 and nothing", code, stdout.String())
			}
			if !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("stderr %q does not say %q", stderr.String(), tc.stderr)
			}
		})
	}
}

// runHookPayload runs warden hook on payload and returns its stdout and
// stderr; the hook must exit 0 or 2 (a deny).
func runHookPayload(t *testing.T, w *hookWorld, payload map[string]any, args []string) (string, string) {
	t.Helper()
	data, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	env := &cliEnv{stdin: bytes.NewReader(data), stdout: &stdout, stderr: &stderr, getenv: func(k string) string { return w.vars[k] }}
	if code := run(t.Context(), env, append([]string{"hook"}, args...)); code != exitOK && code != exitHookBlock {
		t.Fatalf("warden hook exited %d; stderr: %s", code, stderr.String())
	}
	return stdout.String(), stderr.String()
}
