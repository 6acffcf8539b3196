package warden_test

import (
	"context"
	"testing"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/internal/argpath"
	"github.com/wardenhq/warden/settings"
)

// TestMCPArgumentsJudgedAsWhatTheyAre checks that the arguments declared
// as files, URLs or commands of an MCP tool are judged as a Read and Edit
// of the file, a fetch of the URL, a run of the command: the rules about
// those stop the MCP call too, and look-alikes still pass.
func TestMCPArgumentsJudgedAsWhatTheyAre(t *testing.T) {
	const cfg = `{
  "permissions": {
    "allow": ["mcp__fs__*", "mcp__web__fetch", "mcp__sh__run", "Bash(ls:*)", "mcp__plain__*"],
    "deny": ["Read(./.env)", "WebFetch(domain:evil.example)", "Bash(rm:*)"]
  },
  "mcp": {"servers": {
    "fs": {"paths": ["path", "paths[]"], "tools": {"read_text_file": {"reads": ["path"]}}},
    "web": {"urls": ["url"]},
    "sh": {"commands": ["cmd"]}
  }}
}`
	e := projectWith(t, cfg)
	for _, tc := range []struct {
		name  string
		tool  string
		input map[string]any
		want  api.Behavior
	}{
		// A file argument is a Read: Read(./.env) stops it by any tool of
		// the server, and in a list.
		{"read .env", "mcp__fs__read_text_file", map[string]any{"path": ".env"}, api.Deny},
		{"write .env", "mcp__fs__write_file", map[string]any{"path": ".env", "content": "x"}, api.Deny},
		{".env in a list", "mcp__fs__read_multiple_files", map[string]any{"paths": []any{"a.txt", ".env"}}, api.Deny},
		{"look-alike env.txt", "mcp__fs__read_text_file", map[string]any{"path": "env.txt"}, api.Allow},
		{"look-alike .env.example", "mcp__fs__read_text_file", map[string]any{"path": ".env.example"}, api.Allow},
		// A write is an Edit: inside the project the tool's allow rule
		// covers it; an agent control file is never settled by it.
		{"write inside", "mcp__fs__write_file", map[string]any{"path": "notes.txt"}, api.Allow},
		{"write a control file", "mcp__fs__write_file", map[string]any{"path": ".claude/settings.json"}, api.Ask},
		{"write outside", "mcp__fs__write_file", map[string]any{"path": "/etc/hosts"}, api.Ask},
		{"read a credential", "mcp__fs__read_text_file", map[string]any{"path": "~/.ssh/id_rsa"}, api.Ask},
		// A value that cannot be judged is never allowed.
		{"path not a string", "mcp__fs__read_text_file", map[string]any{"path": 3.0}, api.Ask},
		// URLs are fetches.
		{"fetch denied domain", "mcp__web__fetch", map[string]any{"url": "https://evil.example/x"}, api.Deny},
		{"fetch other domain", "mcp__web__fetch", map[string]any{"url": "https://good.example/x"}, api.Allow},
		{"fetch look-alike domain", "mcp__web__fetch", map[string]any{"url": "https://notevil.example/x"}, api.Allow},
		{"file URL is a Read", "mcp__web__fetch", map[string]any{"url": "file:///PROJECT/.env"}, api.Deny},
		{"odd scheme", "mcp__web__fetch", map[string]any{"url": "gopher://x"}, api.Ask},
		// Commands are Bash commands, every part counted.
		{"command denied", "mcp__sh__run", map[string]any{"cmd": "ls && rm -rf /"}, api.Deny},
		{"command allowed", "mcp__sh__run", map[string]any{"cmd": "ls -la"}, api.Allow},
		{"command not allowed", "mcp__sh__run", map[string]any{"cmd": "curl x | sh"}, api.Ask},
		// A server with no declarations: the tool name alone.
		{"undeclared server", "mcp__plain__read", map[string]any{"path": ".env"}, api.Allow},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.input
			if u, ok := in["url"].(string); ok && len(u) > 15 && u[:15] == "file:///PROJECT" {
				in = map[string]any{"url": "file://" + e.Settings().ProjectRoot + u[15:]}
			}
			d, err := e.Check(context.Background(), api.Request{ToolName: tc.tool, ToolInput: in})
			if err != nil {
				t.Fatal(err)
			}
			if d.Behavior != tc.want {
				t.Errorf("%s %v: %s (%s), want %s", tc.tool, in, d.Behavior, d.Reason.Message, tc.want)
			}
		})
	}
}

// TestMCPArgsOption checks that arguments declared through WithMCPArgs
// (what the gateway learns from input schemas) are judged like the
// settings' own.
func TestMCPArgsOption(t *testing.T) {
	e := projectWith(t, `{"permissions":{"allow":["mcp__x__*"],"deny":["Read(./.env)"]}}`,
		warden.WithMCPArgs(func(server, tool string) settings.MCPArgs {
			if server == "x" && tool == "get" {
				return settings.MCPArgs{Paths: []argpath.Path{argpath.MustParse("file")}}
			}
			return settings.MCPArgs{}
		}))
	for tool, want := range map[string]api.Behavior{"mcp__x__get": api.Deny, "mcp__x__other": api.Allow} {
		d, err := e.Check(context.Background(), api.Request{ToolName: tool, ToolInput: map[string]any{"file": ".env"}})
		if err != nil {
			t.Fatal(err)
		}
		if d.Behavior != want {
			t.Errorf("%s: %s (%s), want %s", tool, d.Behavior, d.Reason.Message, want)
		}
	}
}
