package hook

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/wardenhq/warden/api"
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
			p, err := ParsePayload([]byte(tt.in))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ParsePayload error = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, p.Request()); diff != "" {
				t.Errorf("Request (-want +got):\n%s", diff)
			}
		})
	}
	if _, err := ParsePayload([]byte(`{"tool_name":"Bash","hook_event_name":"Stop"}`)); !errors.Is(err, ErrUnsupportedEvent) {
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
			pre, err := json.Marshal(PreToolUseAnswer(tt.d))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.pre, string(pre)); diff != "" {
				t.Errorf("PreToolUseAnswer (-want +got):\n%s", diff)
			}
			pr, err := json.Marshal(PermissionRequestAnswer(tt.d))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.pr, string(pr)); diff != "" {
				t.Errorf("PermissionRequestAnswer (-want +got):\n%s", diff)
			}
			// Warden's own answers must read back as the same verdict.
			v, err := parseOutput(EventPreToolUse, pre)
			if err != nil {
				t.Fatal(err)
			}
			want := tt.d.Behavior
			if !want.Valid() {
				want = api.Deny
			}
			if v.behavior != want {
				t.Errorf("PreToolUse answer reads back as %q, want %q", v.behavior, want)
			}
		})
	}
}

func FuzzParsePayload(f *testing.F) {
	f.Add([]byte(`{"session_id":"s","cwd":"/x","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`))
	f.Add([]byte(`{"hook_event_name":"PermissionRequest","tool_name":"Edit","tool_input":null,"permission_suggestions":[]}`))
	f.Add([]byte(`{"tool_name":"","tool_input":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePayload(data)
		if err != nil {
			return
		}
		if p.ToolName == "" || p.ToolInput == nil {
			t.Errorf("accepted payload without tool: %+v", p)
		}
		if p.HookEventName != EventPreToolUse && p.HookEventName != EventPermissionRequest {
			t.Errorf("accepted event %q", p.HookEventName)
		}
		// What was accepted must survive a round trip to a hook's stdin.
		b, err := json.Marshal(NewPayload(p.HookEventName, p.Request(), p.PermissionSuggestions))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParsePayload(b); err != nil {
			t.Errorf("round trip: %v\n%s", err, b)
		}
	})
}

func FuzzParseOutput(f *testing.F) {
	f.Add(EventPreToolUse, []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"a":1}}}`))
	f.Add(EventPreToolUse, []byte(`{"decision":"block","reason":"x","continue":false}`))
	f.Add(EventPermissionRequest, []byte(`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","interrupt":true}}}`))
	f.Add(EventPermissionRequest, []byte(`plain text`))
	f.Fuzz(func(t *testing.T, event string, data []byte) {
		v, err := parseOutput(event, data)
		if err != nil {
			if v.behavior != "" || v.updatedInput != nil {
				t.Errorf("failed parse still decided: %+v", v)
			}
			return
		}
		if v.behavior != "" && !v.behavior.Valid() {
			t.Errorf("invalid behaviour %q", v.behavior)
		}
		if event == EventPermissionRequest && v.behavior == api.Ask {
			t.Errorf("PermissionRequest hook answered ask")
		}
		if v.behavior == api.Deny && event == EventPermissionRequest && v.updatedInput != nil {
			t.Errorf("deny carries an updated input")
		}
	})
}

func TestDescribe(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		d    api.Decision
		want string
	}{
		{"message names the rule",
			api.Decision{ID: "d-1", Behavior: api.Deny, Reason: api.Reason{Type: api.ReasonRule, Rule: "Bash(curl *)", Source: "project", File: "/p/.warden/settings.json", Line: 5, Message: "denied by rule Bash(curl *) (curl x)"}},
			"Warden deny: denied by rule Bash(curl *) (curl x) [/p/.warden/settings.json:5 (project); decision d-1]"},
		{"hook without message",
			api.Decision{Behavior: api.Allow, Reason: api.Reason{Type: api.ReasonHook, Hook: "check.sh", Source: "org"}},
			"Warden allow by hook check.sh [org]"},
		{"hook message on several lines",
			api.Decision{Behavior: api.Deny, Reason: api.Reason{Type: api.ReasonHook, Hook: "scan", File: "/s.json", Message: "found:\n  AWS key\r\n"}},
			"Warden deny: found:   AWS key [hook scan at /s.json]"},
		{"no reason at all", api.Decision{Behavior: api.Ask}, "Warden ask by warden"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if diff := cmp.Diff(tt.want, Describe(tt.d)); diff != "" {
				t.Errorf("Describe (-want +got):\n%s", diff)
			}
		})
	}
}
