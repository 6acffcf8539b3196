package wrap

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func writeFile(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWrapJSON checks that every client's JSON file is rewritten to run
// its servers through the proxy, with a backup, idempotently, and that
// what cannot be proxied is left alone and said so.
func TestWrapJSON(t *testing.T) {
	dir := t.TempDir()
	home, project := filepath.Join(dir, "home"), filepath.Join(dir, "project")
	writeFile(t, filepath.Join(project, ".mcp.json"), `{"mcpServers":{
		"fs":{"command":"npx","args":["-y","@modelcontextprotocol/server-filesystem","."],"env":{"X":"1"}},
		"web":{"type":"http","url":"https://mcp.example/mcp"},
		"auth":{"type":"http","url":"https://mcp.example/mcp","headers":{"Authorization":"Bearer x"}},
		"old":{"type":"sse","url":"https://mcp.example/sse"}}}`)
	writeFile(t, filepath.Join(home, ".claude.json"), `{"numStartups":3,"mcpServers":{"g":{"command":"g-server"}},
		"projects":{"/p":{"mcpServers":{"h":{"command":"h-server","args":["--x"]}}}}}`)
	writeFile(t, filepath.Join(project, ".vscode", "mcp.json"), `{"servers":{"v":{"type":"stdio","command":"v-server"}},"inputs":[]}`)
	writeFile(t, filepath.Join(home, ".gemini", "settings.json"), `{"mcpServers":{"gm":{"httpUrl":"http://127.0.0.1:9/mcp"}},"ui":{"theme":"x"}}`)
	const warden = "/usr/local/bin/warden"
	var wrapped []string
	for _, f := range ClientFiles(home, project) {
		es, err := Wrap(f, warden)
		if err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		for _, e := range es {
			wrapped = append(wrapped, f.Client+":"+e.Where)
		}
	}
	slices.Sort(wrapped)
	want := []string{"claude-code:mcpServers.fs", "claude-code:mcpServers.g", "claude-code:mcpServers.web",
		"claude-code:projects./p.mcpServers.h", "gemini:mcpServers.gm", "vscode:servers.v"}
	if !slices.Equal(wrapped, want) {
		t.Errorf("wrapped %v\nwant %v", wrapped, want)
	}
	var got struct {
		MCPServers map[string]map[string]any `json:"mcpServers"`
	}
	b, _ := os.ReadFile(filepath.Join(project, ".mcp.json"))
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	fs := got.MCPServers["fs"]
	if fs["command"] != warden || strings.Join(stringList(fs["args"]), " ") != "mcp proxy --name fs -- npx -y @modelcontextprotocol/server-filesystem ." ||
		fs["env"].(map[string]any)["X"] != "1" {
		t.Errorf("fs: %v", fs)
	}
	if web := got.MCPServers["web"]; strings.Join(stringList(web["args"]), " ") != "mcp proxy --name web --url https://mcp.example/mcp" || web["url"] != nil || web["type"] != "stdio" {
		t.Errorf("web: %v", web)
	}
	if got.MCPServers["auth"]["url"] == nil || got.MCPServers["old"]["url"] == nil {
		t.Errorf("unwrappable entries were changed: %v", got.MCPServers)
	}
	if b, err := os.ReadFile(filepath.Join(project, ".mcp.json.warden-backup")); err != nil || !strings.Contains(string(b), "server-filesystem\",\".\"") {
		t.Errorf("backup: %s %v", b, err)
	}
	// Idempotent: a second run changes nothing; doctor's view says all
	// wrapped but the two that cannot be.
	for _, f := range ClientFiles(home, project) {
		before, _ := os.ReadFile(f.Path)
		if es, err := Wrap(f, warden); err != nil || len(es) != 0 {
			t.Errorf("second wrap of %s: %v %v", f.Path, es, err)
		}
		after, _ := os.ReadFile(f.Path)
		if string(before) != string(after) {
			t.Errorf("second wrap changed %s", f.Path)
		}
		es, err := Inspect(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			if !e.Wrapped && e.Unwrappable == "" {
				t.Errorf("%s %s is not wrapped", f.Path, e.Where)
			}
			if (e.Name == "auth" || e.Name == "old") == (e.Unwrappable == "") {
				t.Errorf("%s: unwrappable %q", e.Name, e.Unwrappable)
			}
		}
	}
}

// TestWrapTOML checks Codex's config.toml: stdio and URL tables are
// rewritten in place, the rest of the file kept, and a second run changes
// nothing.
func TestWrapTOML(t *testing.T) {
	p := filepath.Join(t.TempDir(), ".codex", "config.toml")
	writeFile(t, p, `model = "o3"

[mcp_servers.fs]
command = "npx"  # the filesystem server
args = ["-y", '@modelcontextprotocol/server-filesystem', "/tmp/x y"]
env = { X = "1" }

[mcp_servers.remote]
url = "https://mcp.example/mcp"

[mcp_servers."multi"]
command = "m"
args = [
  "a",
]

[features]
hooks = true
`)
	f := ClientFile{Client: "codex", Path: p}
	es, err := Wrap(f, "/bin/warden")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name)
	}
	if !slices.Equal(names, []string{"fs", "remote"}) {
		t.Errorf("wrapped %v", names)
	}
	b, _ := os.ReadFile(p)
	s := string(b)
	for _, want := range []string{
		`args = ["mcp", "proxy", "--name", "fs", "--", "npx", "-y", "@modelcontextprotocol/server-filesystem", "/tmp/x y"]`,
		`args = ["mcp", "proxy", "--name", "remote", "--url", "https://mcp.example/mcp"]`,
		`env = { X = "1" }`, "[features]\nhooks = true", `model = "o3"`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("config.toml lacks %q:\n%s", want, s)
		}
	}
	if es, err := Wrap(f, "/bin/warden"); err != nil || len(es) != 0 {
		t.Errorf("second wrap: %v %v", es, err)
	}
	all, _ := Inspect(f)
	for _, e := range all {
		if e.Name == "multi" && e.Unwrappable == "" {
			t.Errorf("a multi-line args array was judged wrappable")
		}
	}
}

// FuzzTOMLStrings checks that the one-line TOML array reader never
// panics and that what it reads is written back as the same strings.
func FuzzTOMLStrings(f *testing.F) {
	for _, s := range []string{`["a", 'b', "c\"d"]`, `[]`, `["x" # c`, `['a''b']`, `["\u00e9", "\\"]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := tomlStrings(s)
		if err != nil {
			return
		}
		again, err := tomlStrings(tomlList(l))
		want := make([]string, len(l))
		for i, v := range l {
			want[i] = strings.ToValidUTF8(v, "\uFFFD") // TOML holds UTF-8 only
		}
		if err != nil || !slices.Equal(again, want) {
			t.Fatalf("%q read as %q, written as %s, read back as %q (%v)", s, l, tomlList(l), again, err)
		}
	})
}
