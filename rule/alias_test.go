package rule

import (
	"testing"

	"github.com/wardenhq/warden/api"
)

// An agent's own tool name in a rule is the canonical tool: one policy for
// every agent.
func TestAgentToolNamesAreAliases(t *testing.T) {
	t.Parallel()
	env := Env{Cwd: "/p", Home: "/home/u"}
	tests := []struct {
		rule string
		tool string
		subj Subject
	}{
		{"run_shell_command(rm:*)", "Bash", Subject{Tool: "Bash", Command: "rm -rf x"}},
		{"write_file(src/**)", "Write", Subject{Tool: "Write", Path: "/p/src/a.go"}},
		{"replace(src/**)", "Edit", Subject{Tool: "ApplyPatch", Path: "/p/src/a.go"}},
		{"read_file(./.env)", "Read", Subject{Tool: "Read", Path: "/p/.env"}},
		{"apply_patch", "ApplyPatch", Subject{Tool: "ApplyPatch", Path: "/p/x"}},
		{"web_fetch(domain:example.com)", "WebFetch", Subject{Tool: "WebFetch", Domain: "example.com"}},
		{"Edit(src/**)", "Edit", Subject{Tool: "ApplyPatch", Path: "/p/src/b.go"}},
	}
	for _, tt := range tests {
		r, err := Parse(tt.rule, api.Deny, Origin{})
		if err != nil {
			t.Errorf("%s: %v", tt.rule, err)
			continue
		}
		if r.Tool != tt.tool {
			t.Errorf("%s: tool %q, want %q", tt.rule, r.Tool, tt.tool)
		}
		if len(r.Warnings) > 0 {
			t.Errorf("%s: warnings %v", tt.rule, r.Warnings)
		}
		if !r.Matches(&tt.subj, env) {
			t.Errorf("%s does not match %+v", tt.rule, tt.subj)
		}
	}
}
