package server

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/internal/display"
)

func TestSummarize(t *testing.T) {
	tests := []struct {
		name string
		req  api.Request
		want string
	}{
		{"bash", api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "ls -la", "description": "list"}}, "ls -la"},
		{"read", api.Request{ToolName: "Read", ToolInput: map[string]any{"file_path": "/etc/passwd"}}, "/etc/passwd"},
		{"fetch", api.Request{ToolName: "WebFetch", ToolInput: map[string]any{"url": "https://example.com", "prompt": "x"}}, "https://example.com"},
		{"mcp", api.Request{ToolName: "mcp__db__query", ToolInput: map[string]any{"sql": "select 1", "n": 2}}, `{"n":2,"sql":"select 1"}`},
		{"empty", api.Request{ToolName: "Thing", ToolInput: map[string]any{}}, ""},
		{"command not a string", api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": 3}}, `{"command":3}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Summarize(tt.req)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	t.Run("long input is cut on a rune boundary", func(t *testing.T) {
		cmd := strings.Repeat("é", summaryLimit)
		got := Summarize(api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": cmd}})
		if !utf8.ValidString(got) || len(got) > summaryLimit+len("…") || !strings.HasSuffix(got, "…") {
			t.Errorf("summary of %d bytes, valid %v", len(got), utf8.ValidString(got))
		}
	})
}

func TestDecidedBy(t *testing.T) {
	tests := []struct {
		reason api.Reason
		want   string
	}{
		{api.Reason{Type: api.ReasonRule, Rule: "Bash(rm:*)", Source: "project", File: ".warden/settings.json", Line: 4}, "rule Bash(rm:*) (project .warden/settings.json:4)"},
		{api.Reason{Type: api.ReasonRule, Rule: "Read"}, "rule Read"},
		{api.Reason{Type: api.ReasonHook, Hook: "lint.sh"}, "hook lint.sh"},
		{api.Reason{Type: api.ReasonMode, Mode: api.ModePlan}, "mode plan"},
		{api.Reason{Type: api.ReasonClassifier, Classifier: "llm"}, "classifier llm"},
		{api.Reason{Type: api.ReasonUser, Person: "web", Scope: api.ScopeSession}, "person web (session)"},
		{api.Reason{Type: api.ReasonUser, Person: "web", Scope: api.ScopeOnce}, "person web"},
		{api.Reason{Type: api.ReasonLeader, Leader: "lead-1"}, "leader lead-1"},
		{api.Reason{Type: api.ReasonGrant, Grant: "Bash(ls)"}, "grant Bash(ls)"},
		{api.Reason{Type: api.ReasonTimeout}, "timeout"},
		{api.Reason{Type: api.ReasonError, Hook: "lint.sh"}, "error in hook lint.sh"},
		{api.Reason{Type: api.ReasonError, Classifier: "llm"}, "error in classifier llm"},
		{api.Reason{}, "unknown"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, DecidedBy(tt.reason)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func FuzzSummarize(f *testing.F) {
	f.Add("ls -la")
	f.Add(strings.Repeat("日本", 1500))
	f.Add("\xff\xfe")
	f.Fuzz(func(t *testing.T, cmd string) {
		got := Summarize(api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": cmd}})
		if len(got) > summaryLimit+len("…") {
			t.Fatalf("summary of %d bytes", len(got))
		}
		if utf8.ValidString(cmd) && !utf8.ValidString(got) {
			t.Fatalf("valid input gave invalid summary %q", got)
		}
		if len(cmd) <= summaryLimit && got != cmd {
			t.Fatalf("short command changed: %q → %q", cmd, got)
		}
	})
}

func TestDescribeAskEscapesEveryString(t *testing.T) {
	req := api.Request{ToolName: "Bash\x1b[2J", SessionID: "s\u202e1", AgentID: "a\u200b", ToolInput: map[string]any{"command": "echo ok \u202e hs.live\nls"}}
	d := api.Decision{Reason: api.Reason{Message: "why\x1b[1m"}, Findings: []api.Finding{{Category: "obfuscation", Description: "hides\u2066", Part: "p\x07", Risk: api.RiskHigh}}}
	got := DescribeAsk(req, d, []string{"Bash(echo\u202e *)"})
	got.Explanation = DescribeExplanation(api.Explanation{Explanation: "x\x1b", Reasoning: "y\u2067", Risk: "z\u200f", Source: "s\x00"})
	b, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			if display.Suspicious(v) {
				t.Errorf("display field %q holds a hidden character", v)
			}
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(back)
	if !got.Suspicious || got.Summary != "echo ok \\u202e hs.live\nls" {
		t.Errorf("summary %q suspicious %v", got.Summary, got.Suspicious)
	}
}
