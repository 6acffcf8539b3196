package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestHookLinksNoNATS keeps NATS and the MCP SDK out of the warden binary:
// the hook starts once per tool call, and linking nats.go and nats-server,
// or the MCP SDK with its JSON Schema package, costs milliseconds of
// package initialisation and megabytes on every start. They belong to
// cmd/warden-daemon, to which warden serve and warden mcp proxy hand over;
// warden mcp pin and wrap use mcp/pins and mcp/wrap, free of the SDK.
func TestHookLinksNoNATS(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to list the import graph")
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	heavy := []struct{ match, what string }{
		{"github.com/nats-io/", "NATS"},
		{"github.com/wardenhq/warden/teams", "NATS"},
		{"github.com/modelcontextprotocol/", "the MCP SDK"},
		{"github.com/google/jsonschema-go", "the MCP SDK's JSON Schema"},
		{"github.com/wardenhq/warden/internal/mcpproxy", "the MCP proxy"},
	}
	seen := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		seen[p] = true
		for _, h := range heavy {
			if p == h.match || strings.HasPrefix(p, h.match) && strings.HasSuffix(h.match, "/") || strings.HasPrefix(p, h.match+"/") {
				t.Errorf("the warden binary imports %s: %s belongs to cmd/warden-daemon only", p, h.what)
			}
		}
	}
	// The list is the real graph: warden mcp pin and wrap are in it.
	for _, p := range []string{"github.com/wardenhq/warden/mcp/pins", "github.com/wardenhq/warden/mcp/wrap"} {
		if !seen[p] {
			t.Errorf("go list -deps does not list %s: the test reads the wrong graph", p)
		}
	}
}
