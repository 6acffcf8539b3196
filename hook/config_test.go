package hook

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestConfigJSON(t *testing.T) {
	t.Parallel()
	const in = `{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"/path/check.sh","args":["--strict"],"timeout":30}]}],
	"PermissionRequest":[{"hooks":[{"type":"command","command":"approve.sh"}]}]}`
	var got Config
	if err := json.Unmarshal([]byte(in), &got); err != nil {
		t.Fatal(err)
	}
	want := Config{
		PreToolUse:        []Matcher{{Matcher: "Bash", Hooks: []Command{{Type: "command", Command: "/path/check.sh", Args: []string{"--strict"}, Timeout: 30}}}},
		PermissionRequest: []Matcher{{Hooks: []Command{{Type: "command", Command: "approve.sh"}}}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if err := got.Validate(); err != nil {
		t.Errorf("Validate() = %v", err)
	}
}

func TestConfigValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"bad regexp", Config{PreToolUse: []Matcher{{Matcher: "Bash("}}}, `PreToolUse[0]: hook matcher "Bash("`},
		{"prompt type", Config{PermissionRequest: []Matcher{{}, {Hooks: []Command{{Type: "prompt", Command: "x"}}}}}, `PermissionRequest[1]: hooks[0]: hook type "prompt" is not supported`},
		{"empty command", Config{PreToolUse: []Matcher{{Hooks: []Command{{Command: "ok"}, {Command: ""}}}}}, `PreToolUse[0]: hooks[1]: hook command is empty`},
		{"negative timeout", Config{PreToolUse: []Matcher{{Hooks: []Command{{Command: "x", Timeout: -1}}}}}, `timeout -1 is negative`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := tt.cfg.Validate()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Validate() = %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestMergeDedupe(t *testing.T) {
	t.Parallel()
	org := Config{PreToolUse: []Matcher{{Matcher: "Bash", Hooks: []Command{{Command: "scan", Timeout: 5}}, Source: "org"}}}
	user := Config{
		PreToolUse: []Matcher{
			{Matcher: "Bash", Hooks: []Command{{Type: "command", Command: "scan", Timeout: 50}, {Command: "mine"}}, Source: "user"},
			{Matcher: " * ", Hooks: []Command{{Command: "all"}}, Source: "user"},
		},
		PermissionRequest: []Matcher{{Matcher: "Edit | Write", Hooks: []Command{{Command: "pr"}}, Source: "user"}},
	}
	project := Config{
		PreToolUse:        []Matcher{{Matcher: "", Hooks: []Command{{Command: "all"}}, Source: "project"}},
		PermissionRequest: []Matcher{{Matcher: "Edit|Write", Hooks: []Command{{Command: "pr"}}, Source: "project"}},
	}
	merged := Merge(org, user, project)
	if got := len(merged.PreToolUse); got != 4 {
		t.Fatalf("Merge kept %d PreToolUse matchers, want 4", got)
	}
	want := Config{
		PreToolUse: []Matcher{
			{Matcher: "Bash", Hooks: []Command{{Command: "scan", Timeout: 5}}, Source: "org"},
			{Matcher: "Bash", Hooks: []Command{{Command: "mine"}}, Source: "user"},
			{Matcher: " * ", Hooks: []Command{{Command: "all"}}, Source: "user"},
		},
		PermissionRequest: []Matcher{{Matcher: "Edit | Write", Hooks: []Command{{Command: "pr"}}, Source: "user"}},
	}
	if diff := cmp.Diff(want, merged.Dedupe()); diff != "" {
		t.Errorf("Dedupe (-want +got):\n%s", diff)
	}
	managed := merged.ManagedOnly("org")
	if diff := cmp.Diff(Config{PreToolUse: org.PreToolUse}, managed); diff != "" {
		t.Errorf("ManagedOnly (-want +got):\n%s", diff)
	}
}
