package claudecode

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/hook"
)

func TestParsePayload(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		in      string
		want    api.Request
		wantErr string
	}{
		{name: "documented PreToolUse",
			in: `{ "session_id": "abc123", "transcript_path": "/home/u/.claude/projects/x/t.jsonl",
  "cwd": "/home/u/my-project", "permission_mode": "default", "hook_event_name": "PreToolUse",
  "tool_name": "Bash", "tool_input": { "command": "npm test", "description": "Run tests" },
  "tool_use_id": "toolu_01ABC" }`,
			want: api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "npm test", "description": "Run tests"},
				Cwd: "/home/u/my-project", SessionID: "abc123", PermissionMode: api.ModeDefault,
				TranscriptPath: "/home/u/.claude/projects/x/t.jsonl", ToolUseID: "toolu_01ABC", HookEventName: "PreToolUse"}},
		{name: "PermissionRequest in a sub-agent with unknown fields",
			in: `{"hook_event_name":"PermissionRequest","tool_name":"Write","tool_input":{"file_path":"/a","content":"x"},
  "agent_id":"a1","agent_type":"reviewer","permission_suggestions":[{"type":"setMode","mode":"acceptEdits"}],"new_field":1}`,
			want: api.Request{ToolName: "Write", ToolInput: map[string]any{"file_path": "/a", "content": "x"},
				AgentID: "a1", AgentType: "reviewer", HookEventName: "PermissionRequest"}},
		{name: "an unknown mode is kept for the engine to fall back from", in: `{"tool_name":"Bash","tool_input":{},"permission_mode":"yolo"}`,
			want: api.Request{ToolName: "Bash", ToolInput: map[string]any{}, PermissionMode: "yolo", HookEventName: "PreToolUse"}},
		{name: "no event counts as PreToolUse, no input as empty", in: `{"tool_name":"Glob"}`,
			want: api.Request{ToolName: "Glob", ToolInput: map[string]any{}, HookEventName: "PreToolUse"}},
		{name: "empty", in: " \n", wantErr: "hook payload is empty"},
		{name: "not an object", in: `["Bash"]`, wantErr: "not a JSON object"},
		{name: "truncated", in: "{\"tool_name\":\n\"Bash\",", wantErr: "hook payload: line 2 column"},
		{name: "trailing garbage", in: `{"tool_name":"Bash"} x`, wantErr: "invalid character"},
		{name: "no tool", in: `{"tool_input":{}}`, wantErr: "tool_name is missing"},
		{name: "input not an object", in: `{"tool_name":"Bash","tool_input":"rm -rf /"}`, wantErr: "cannot unmarshal"},
		{name: "tool name not a string", in: `{"tool_name":7}`, wantErr: "cannot unmarshal"},

		{name: "other event", in: `{"tool_name":"Bash","hook_event_name":"PostToolUse"}`, wantErr: "unsupported hook event"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p, err := parsePayload([]byte(tt.in))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ParsePayload error = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, request(p)); diff != "" {
				t.Errorf("Request (-want +got):\n%s", diff)
			}
		})
	}
	if _, err := parsePayload([]byte(`{"tool_name":"Bash","hook_event_name":"Stop"}`)); !errors.Is(err, agent.ErrUnsupportedEvent) {
		t.Errorf("error %v does not wrap ErrUnsupportedEvent", err)
	}
}

func TestAnswers(t *testing.T) {
	t.Parallel()
	rule := api.Reason{Type: api.ReasonRule, Rule: "Bash(rm:*)", Source: "project", File: ".warden/settings.json", Line: 4, Message: "matches deny rule"}
	tests := []struct {
		name    string
		d       api.Decision
		pre, pr string
	}{
		{name: "deny by rule",
			d:   api.Decision{ID: "d1", Behavior: api.Deny, Reason: rule},
			pre: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Warden deny: matches deny rule [rule Bash(rm:*) at .warden/settings.json:4 (project); decision d1]"}}`,
			pr:  `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"Warden deny: matches deny rule [rule Bash(rm:*) at .warden/settings.json:4 (project); decision d1]"}}}`},
		{name: "allow with rewrite by hook",
			d:   api.Decision{Behavior: api.Allow, Reason: api.Reason{Type: api.ReasonHook, Hook: "check.sh", Message: "ok\nfine"}, UpdatedInput: map[string]any{"command": "ls"}},
			pre: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"Warden allow: ok fine [hook check.sh]","updatedInput":{"command":"ls"}}}`,
			pr:  `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedInput":{"command":"ls"}}}}`},
		{name: "ask with findings",
			d: api.Decision{Behavior: api.Ask, Reason: api.Reason{Type: api.ReasonSafety},
				Findings: []api.Finding{{Category: "recursive-delete", Description: "deletes recursively", Risk: api.RiskHigh}, {Description: "outside the project"}}},
			pre: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"Warden ask: deletes recursively; outside the project [safety]"}}`,
			pr:  `{}`},
		{name: "invalid behaviour fails closed",
			d:   api.Decision{Behavior: "", Reason: api.Reason{Type: api.ReasonError, Message: "boom"}},
			pre: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Warden deny: boom [error]"}}`,
			pr:  `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"Warden deny: boom [error]"}}}`},
		{name: "deny drops rewrite",
			d:   api.Decision{Behavior: api.Deny, Reason: api.Reason{Type: api.ReasonMode, Mode: api.ModePlan, Message: "plan mode is read-only"}, UpdatedInput: map[string]any{"command": "x"}},
			pre: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Warden deny: plan mode is read-only [mode plan]"}}`,
			pr:  `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"Warden deny: plan mode is read-only [mode plan]"}}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			pre, err := json.Marshal(preToolUseAnswer(tt.d))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.pre, string(pre)); diff != "" {
				t.Errorf("PreToolUseAnswer (-want +got):\n%s", diff)
			}
			pr, err := json.Marshal(permissionRequestAnswer(tt.d))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.pr, string(pr)); diff != "" {
				t.Errorf("PermissionRequestAnswer (-want +got):\n%s", diff)
			}
		})
	}
}

func FuzzParsePayload(f *testing.F) {
	f.Add([]byte(`{"session_id":"s","cwd":"/x","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`))
	f.Add([]byte(`{"hook_event_name":"PermissionRequest","tool_name":"Edit","tool_input":null,"permission_suggestions":[]}`))
	f.Add([]byte(`{"tool_name":"","tool_input":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := parsePayload(data)
		if err != nil {
			return
		}
		if p.ToolName == "" || p.ToolInput == nil {
			t.Errorf("accepted payload without tool: %+v", p)
		}
		if p.HookEventName != hook.EventPreToolUse && p.HookEventName != hook.EventPermissionRequest {
			t.Errorf("accepted event %q", p.HookEventName)
		}
		// What was accepted must survive a round trip to a hook's stdin.
		b, err := json.Marshal(hook.NewPayload(p.HookEventName, request(p), p.PermissionSuggestions))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parsePayload(b); err != nil {
			t.Errorf("round trip: %v\n%s", err, b)
		}
	})
}
