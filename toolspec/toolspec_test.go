package toolspec

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCanonical(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Bash", "Bash"},
		{"run_shell_command", "Bash"},
		{"apply_patch", "ApplyPatch"},
		{"view_image", "Read"},
		{"read_file", "Read"},
		{"write_file", "Write"},
		{"replace", "Edit"},
		{"list_directory", "LS"},
		{"glob", "Glob"},
		{"grep_search", "Grep"},
		{"web_fetch", "WebFetch"},
		{"google_web_search", "WebSearch"},
		{"invoke_agent", "Agent"},
		{"Task", "Agent"},
		{"mcp__github__create_issue", "mcp__github__create_issue"},
		{"SomethingElse", "SomethingElse"},
	}
	for _, tt := range tests {
		if got := Canonical(tt.in); got != tt.want {
			t.Errorf("Canonical(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestForAgentFields(t *testing.T) {
	t.Parallel()
	tests := []struct {
		agent, name string
		in          map[string]any
		tool        string
		want        map[string]any
	}{
		{AgentGemini, "list_directory", map[string]any{"dir_path": "src"}, "LS", map[string]any{"path": "src"}},
		{AgentGemini, "grep_search", map[string]any{"pattern": "x", "dir_path": "d", "include_pattern": "*.go"}, "Grep",
			map[string]any{"pattern": "x", "path": "d", "glob": "*.go"}},
		{AgentGemini, "replace", map[string]any{"file_path": "a", "allow_multiple": true}, "Edit", map[string]any{"file_path": "a", "replace_all": true}},
		{AgentCodex, "apply_patch", map[string]any{"command": "*** Begin Patch"}, "ApplyPatch", map[string]any{"patch": "*** Begin Patch"}},
		{AgentCodex, "view_image", map[string]any{"path": "/i.png"}, "Read", map[string]any{"file_path": "/i.png"}},
		{AgentCodex, "Bash", map[string]any{"command": "ls"}, "Bash", map[string]any{"command": "ls"}},
		{AgentClaudeCode, "Write", map[string]any{"file_path": "a"}, "Write", map[string]any{"file_path": "a"}},
	}
	for _, tt := range tests {
		tool, a, ok := ForAgent(tt.agent, tt.name)
		if !ok || tool.Name != tt.tool {
			t.Errorf("ForAgent(%s, %s) = %v, %v; want %s", tt.agent, tt.name, tool, ok, tt.tool)
			continue
		}
		got := a.Normalize(tt.in)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s %s Normalize (-want +got):\n%s", tt.agent, tt.name, diff)
		}
		if diff := cmp.Diff(tt.in, a.Denormalize(got)); diff != "" {
			t.Errorf("%s %s Denormalize is not the inverse (-want +got):\n%s", tt.agent, tt.name, diff)
		}
	}
	// An agent's name is not another agent's: Gemini has no view_image.
	if _, _, ok := ForAgent(AgentGemini, "view_image"); ok {
		t.Error("ForAgent(gemini, view_image) found a tool")
	}
}

func TestTable(t *testing.T) {
	t.Parallel()
	names := map[string]string{}
	for _, tool := range Tools {
		if tool.Family != "" {
			if _, ok := Lookup(tool.Family); !ok {
				t.Errorf("%s: family %q is not a tool", tool.Name, tool.Family)
			}
		}
		for _, a := range tool.Aliases {
			key := a.Agent + "/" + a.Name
			if prev, ok := names[key]; ok {
				t.Errorf("alias %s names both %s and %s", key, prev, tool.Name)
			}
			names[key] = tool.Name
			if _, ok := Lookup(a.Name); ok && a.Name != tool.Name {
				t.Errorf("alias %s of %s is another tool's canonical name", a.Name, tool.Name)
			}
		}
	}
}

func TestDisplay(t *testing.T) {
	t.Parallel()
	if got := Display("Bash", map[string]any{"command": "rm -rf x"}); got != "run: rm -rf x" {
		t.Errorf("Display = %q", got)
	}
	if got := Display("run_shell_command", map[string]any{"command": "ls"}); got != "run: ls" {
		t.Errorf("Display of an alias = %q", got)
	}
	if got := Display("mcp__s__t", map[string]any{}); got != "mcp__s__t" {
		t.Errorf("Display of an MCP tool = %q", got)
	}
}
