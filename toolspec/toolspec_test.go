package toolspec

import (
	"strings"
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

// TestLookupsMatchIndex holds the scans to the maps they replaced: every
// name and alias in the table, in every case and for every agent, plus
// names the table does not know, answer as the index built from Tools
// answered.
func TestLookupsMatchIndex(t *testing.T) {
	t.Parallel()
	type aliasEntry struct {
		tool  *Tool
		alias *Alias
	}
	byName := map[string]*Tool{}
	byLower := map[string]*Tool{}
	byAlias := map[string]aliasEntry{}
	key := func(agent, name string) string { return agent + "\x00" + name }
	for i := range Tools {
		tool := &Tools[i]
		byName[tool.Name] = tool
		byLower[strings.ToLower(tool.Name)] = tool
		for j := range tool.Aliases {
			a := &tool.Aliases[j]
			byAlias[key(a.Agent, a.Name)] = aliasEntry{tool, a}
			if a.Agent != "" {
				if _, taken := byAlias[key("*", a.Name)]; !taken {
					byAlias[key("*", a.Name)] = aliasEntry{tool, a}
				}
			}
		}
	}
	forAgent := func(agent, name string) (*Tool, *Alias, bool) {
		if e, ok := byAlias[key(agent, name)]; ok {
			return e.tool, e.alias, true
		}
		if e, ok := byAlias[key("", name)]; ok {
			return e.tool, e.alias, true
		}
		if t, ok := byName[name]; ok {
			return t, nil, true
		}
		return nil, nil, false
	}
	canonical := func(name string) string {
		if _, ok := byName[name]; ok {
			return name
		}
		if e, ok := byAlias[key("", name)]; ok {
			return e.tool.Name
		}
		if e, ok := byAlias[key("*", name)]; ok {
			return e.tool.Name
		}
		return name
	}

	names := []string{"", "mcp__github__create_issue", "SomethingElse", "bash\x00", "İ", "\u212aillShell", "*"}
	agents := []string{"", "*", AgentClaudeCode, AgentCodex, AgentGemini, AgentCopilot, "other"}
	for _, tool := range Tools {
		for _, r := range tool.Name {
			if r > 0x7f {
				t.Errorf("canonical name %q is not ASCII, which LookupFold assumes", tool.Name)
			}
		}
		names = append(names, tool.Name, strings.ToLower(tool.Name), strings.ToUpper(tool.Name))
		for _, a := range tool.Aliases {
			names = append(names, a.Name, strings.ToUpper(a.Name))
		}
	}
	for _, name := range names {
		gotT, gotOK := Lookup(name)
		wantT, wantOK := byName[name]
		if gotT != wantT || gotOK != wantOK {
			t.Errorf("Lookup(%q) = %v, %v; the index says %v, %v", name, gotT, gotOK, wantT, wantOK)
		}
		gotT, gotOK = LookupFold(name)
		wantT, wantOK = byLower[strings.ToLower(name)]
		if gotT != wantT || gotOK != wantOK {
			t.Errorf("LookupFold(%q) = %v, %v; the index says %v, %v", name, gotT, gotOK, wantT, wantOK)
		}
		if got, want := Canonical(name), canonical(name); got != want {
			t.Errorf("Canonical(%q) = %q; the index says %q", name, got, want)
		}
		for _, agent := range agents {
			gt, ga, gok := ForAgent(agent, name)
			wt, wa, wok := forAgent(agent, name)
			if gt != wt || ga != wa || gok != wok {
				t.Errorf("ForAgent(%q, %q) = %v, %v, %v; the index says %v, %v, %v", agent, name, gt, ga, gok, wt, wa, wok)
			}
		}
	}
}
