package hook

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/api"
)

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
			if diff := cmp.Diff(tt.want, agent.Describe(tt.d)); diff != "" {
				t.Errorf("Describe (-want +got):\n%s", diff)
			}
		})
	}
}
