package warden_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/settings"
)

// realSubagentRequest is the Bash call of Claude Code 2.1.328's
// general-purpose sub-agent in bypassPermissions, as captured, run in dir.
func realSubagentRequest(t *testing.T, dir string) api.Request {
	t.Helper()
	data, err := os.ReadFile("testdata/hook/claude-code-2.1.328/claude-code-pretooluse-bash-bypasspermissions-sub-agent.json")
	if err != nil {
		t.Fatal(err)
	}
	var capture struct {
		Payload api.Request `json:"payload"`
	}
	if err := json.Unmarshal([]byte(strings.ReplaceAll(string(data), "{ROOT}/home/proj", dir)), &capture); err != nil {
		t.Fatal(err)
	}
	req := capture.Payload
	if req.AgentID != "aec569ea081e5be75" || req.AgentType != "general-purpose" || req.PermissionMode != api.ModeBypass {
		t.Fatalf("the capture is not the sub-agent's: %+v", req)
	}
	return req
}

func subagentEngine(t *testing.T, settingsJSON string) (*warden.Engine, string) {
	t.Helper()
	home := t.TempDir()
	project := filepath.Join(t.TempDir(), "proj")
	if err := os.MkdirAll(filepath.Join(project, ".warden"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, ".warden", "settings.json"), []byte(settingsJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := settings.Load(settings.LoadOptions{Cwd: project, Home: home, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	e, err := warden.New(warden.WithSettings(st), warden.WithCwd(project), warden.WithHome(home))
	if err != nil {
		t.Fatal(err)
	}
	return e, project
}

// TestSubagentToolSet checks that a sub-agent type limited to read tools
// cannot run a shell command (the real captured call), whatever its mode,
// while its reads still go through the pipeline, and that a main agent and
// other sub-agent types are not limited.
func TestSubagentToolSet(t *testing.T) {
	e, project := subagentEngine(t, `{"permissions": {"allow": ["Bash(touch:*)"]},
  "subagents": {"general-purpose": {"tools": ["Read", "Grep", "Glob"], "permissions": {"deny": ["Read(./secrets/**)"], "ask": ["Grep"]}}}}`)
	sub := realSubagentRequest(t, project)
	read := sub
	read.ToolName, read.ToolInput = "Read", map[string]any{"file_path": filepath.Join(project, "README.md")}
	secret := read
	secret.ToolInput = map[string]any{"file_path": filepath.Join(project, "secrets", "key.txt")}
	grep := read
	grep.ToolName, grep.ToolInput = "Grep", map[string]any{"pattern": "x"}
	main := sub
	main.AgentID, main.AgentType = "", ""
	other := sub
	other.AgentType = "Explore"
	tests := []struct {
		name    string
		req     api.Request
		want    api.Behavior
		message string
	}{
		{"shell by a read-only type", sub, api.Deny, "sub-agent general-purpose (aec569ea081e5be75) may use only Read, Grep, Glob (subagents.general-purpose.tools in "},
		{"read by a read-only type", read, api.Allow, ""},
		{"the type's own deny rule", secret, api.Deny, "sub-agent general-purpose (aec569ea081e5be75): "},
		{"the type's own ask rule", grep, api.Ask, "sub-agent general-purpose (aec569ea081e5be75): "},
		{"the main agent", main, api.Allow, ""},
		{"another type", other, api.Allow, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := e.Check(context.Background(), tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if d.Behavior != tt.want || !strings.Contains(d.Reason.Message, tt.message) {
				t.Errorf("decision %s %q, want %s with %q", d.Behavior, d.Reason.Message, tt.want, tt.message)
			}
		})
	}
	d, _ := e.Check(context.Background(), sub)
	if d.Reason.Type != api.ReasonRule || d.Reason.Rule != "subagents.general-purpose.tools" || !strings.HasSuffix(d.Reason.File, "settings.json:2") {
		t.Errorf("reason %+v does not name the restriction and where it is set", d.Reason)
	}
}

// TestStricterMode checks the bound of a sub-agent's mode by its parent's.
func TestStricterMode(t *testing.T) {
	tests := []struct{ sub, parent, want api.Mode }{
		{api.ModeBypass, api.ModeDefault, api.ModeDefault},
		{api.ModeBypass, api.ModeBypass, api.ModeBypass},
		{api.ModeBypass, "", api.ModeDefault},
		{api.ModeBypass, "nonsense", api.ModeDefault},
		{api.ModeAcceptEdits, api.ModeBypass, api.ModeAcceptEdits},
		{api.ModeBypass, api.ModeAcceptEdits, api.ModeAcceptEdits},
		{api.ModeAcceptEdits, api.ModeAuto, api.ModeDefault},
		{api.ModeAuto, api.ModeAuto, api.ModeAuto},
		{api.ModeDefault, api.ModePlan, api.ModePlan},
		{api.ModePlan, api.ModeBypass, api.ModePlan},
		{api.ModeDontAsk, api.ModeDefault, api.ModeDontAsk},
		{api.ModeBubble, api.ModeBypass, api.ModeDefault},
	}
	for _, tt := range tests {
		if got := warden.StricterMode(tt.sub, tt.parent); got != tt.want {
			t.Errorf("StricterMode(%q, %q) = %q, want %q", tt.sub, tt.parent, got, tt.want)
		}
		if got := warden.StricterMode(tt.parent, tt.sub); got != tt.want {
			t.Errorf("StricterMode(%q, %q) = %q, want %q (symmetric)", tt.parent, tt.sub, got, tt.want)
		}
	}
}

// TestSubagentSettingsErrors checks that the "subagents" key is validated
// with positions, and that its rules can only tighten.
func TestSubagentSettingsErrors(t *testing.T) {
	tests := []struct{ name, json, want string }{
		{"allow rule", `{"subagents": {"x": {"permissions": {"allow": ["Bash"]}}}}`, `settings.json:1:47: subagents.x.permissions.allow: a sub-agent's rules can only tighten`},
		{"tools not a list", `{"subagents": {"x": {"tools": "Read"}}}`, `settings.json:1:31: subagents.x.tools must be an array of tool names, not string`},
		{"empty tool", `{"subagents": {"x": {"tools": ["Read", ""]}}}`, `settings.json:1:40: subagents.x.tools: empty tool name`},
		{"not an object", `{"subagents": ["x"]}`, `settings.json:1:15: subagents must be an object`},
		{"malformed rule", `{"subagents": {"x": {"permissions": {"deny": ["Bash(("]}}}}`, `subagents.x.permissions.deny: malformed rule "Bash(("`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			project := t.TempDir()
			if err := os.MkdirAll(filepath.Join(project, ".warden"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(project, ".warden", "settings.json"), []byte(tt.json), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := settings.Load(settings.LoadOptions{Cwd: project, Home: t.TempDir(), Getenv: func(string) string { return "" }})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

// TestSubagentToolsTightenAcrossSources checks that two sources restricting
// one type leave only the tools both allow.
func TestSubagentToolsTightenAcrossSources(t *testing.T) {
	home, project := t.TempDir(), t.TempDir()
	for path, body := range map[string]string{
		filepath.Join(project, ".warden", "settings.json"):        `{"subagents": {"x": {"tools": ["Read", "Grep", "Bash"]}}}`,
		filepath.Join(home, ".config", "warden", "settings.json"): `{"subagents": {"x": {"tools": ["Read", "Bash", "Edit"]}}}`,
	} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	st, err := settings.Load(settings.LoadOptions{Cwd: project, Home: home, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	got := slices.Sorted(slices.Values(st.Subagents["x"].Tools))
	if diff := cmp.Diff([]string{"Bash", "Read"}, got); diff != "" {
		t.Errorf("tools (-want +got):\n%s", diff)
	}
}
