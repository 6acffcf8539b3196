package hook

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
)

func TestPermissionDecider(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		hooks   []string
		want    handler.Verdict
		wantErr string
	}{
		{name: "no hooks", want: handler.Verdict{Reason: api.Reason{Type: api.ReasonHook, Message: "no PermissionRequest hook decided"}}},
		{name: "allow with rewrite", hooks: []string{prAllowRW},
			want: handler.Verdict{Behavior: api.Allow, UpdatedInput: map[string]any{"command": "npm run lint"},
				Reason: api.Reason{Type: api.ReasonHook, Hook: prAllowRW, Source: "project", File: ".warden/settings.json", Message: "allowed by PermissionRequest hook"}}},
		{name: "deny", hooks: []string{prAllow, prDeny},
			want: handler.Verdict{Behavior: api.Deny,
				Reason: api.Reason{Type: api.ReasonHook, Hook: prDeny, Source: "project", File: ".warden/settings.json", Message: "Blocked by policy"}}},
		{name: "undecided", hooks: []string{prNone, hookCrash},
			want: handler.Verdict{Reason: api.Reason{Type: api.ReasonHook, Message: "no PermissionRequest hook decided"}}},
		{name: "all failed", hooks: []string{hookCrash, hookGarbage}, wantErr: "killed by signal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var ms []Matcher
			if len(tt.hooks) > 0 {
				ms = []Matcher{matcher("Bash", tt.hooks...)}
			}
			d := &PermissionDecider{Runner: NewRunner(RunnerOptions{}), Matchers: ms}
			v, err := d.Decide(t.Context(), &handler.Ask{Request: bashRequest("npm run lint"), Suggestions: []string{"Bash(npm run lint)"}})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || v.Behavior != "" {
					t.Fatalf("Decide = %+v, %v; want undecided and an error containing %q", v, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, v); diff != "" {
				t.Errorf("Decide (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSuggestions(t *testing.T) {
	t.Parallel()
	got := Suggestions([]string{"Bash(npm run lint:*)", "WebFetch"})
	want := []any{map[string]any{
		"type": "addRules", "behavior": "allow", "destination": "localSettings",
		"rules": []any{
			map[string]any{"toolName": "Bash", "ruleContent": "npm run lint:*"},
			map[string]any{"toolName": "WebFetch"},
		},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if Suggestions(nil) != nil {
		t.Error("no rules should give no suggestions")
	}
}
