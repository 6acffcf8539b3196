package settings

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/internal/argpath"
)

func argTexts(a MCPArgs) map[string][]string {
	out := map[string][]string{}
	for k, ps := range map[string][]argpath.Path{"paths": a.Paths, "reads": a.Reads, "urls": a.URLs, "commands": a.Commands} {
		for _, p := range ps {
			out[k] = append(out[k], p.String())
		}
	}
	return out
}

func TestMCPDeclarations(t *testing.T) {
	opts, _ := layout(t, map[string]string{
		"home/app/.warden/settings.json":    `{"mcp":{"servers":{"fs":{"paths":["path","paths[]"],"tools":{"read_text_file":{"reads":["path"]},"fetch":{"urls":["url"]}}}}}}`,
		"home/.config/warden/settings.json": `{"mcp":{"servers":{"fs":{"commands":["cmd"]},"web":{"urls":["urls[]"]}}}}`,
	})
	s, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) > 0 {
		t.Fatalf("warnings: %v", s.Warnings)
	}
	fs := s.MCP["fs"]
	if fs == nil {
		t.Fatalf("no fs server in %v", s.MCP)
	}
	// Sources add up: the project's paths and the user's commands.
	for tool, want := range map[string]map[string][]string{
		"read_text_file": {"paths": {"path", "paths[]"}, "reads": {"path"}, "commands": {"cmd"}},
		"fetch":          {"paths": {"path", "paths[]"}, "urls": {"url"}, "commands": {"cmd"}},
		"other":          {"paths": {"path", "paths[]"}, "commands": {"cmd"}},
	} {
		if diff := cmp.Diff(want, argTexts(fs.Args(tool))); diff != "" {
			t.Errorf("fs %s (-want +got):\n%s", tool, diff)
		}
	}
	if got := argTexts(s.MCP["web"].Args("x")); !cmp.Equal(got, map[string][]string{"urls": {"urls[]"}}) {
		t.Errorf("web: %v", got)
	}
}

func TestMCPDeclarationErrors(t *testing.T) {
	for _, tc := range []struct{ content, want string }{
		{`{"mcp":{"servers":{"fs":{"paths":"path"}}}}`, "mcp.servers.fs.paths must be an array"},
		{`{"mcp":{"servers":{"fs":{"paths":["a[0]"]}}}}`, "mcp.servers.fs.paths: argument path"},
		{`{"mcp":{"servers":{"fs":{"paths":[""]}}}}`, "argument path: empty"},
		{`{"mcp":{"servers":{"fs":{"paths":[3]}}}}`, "paths[] must be a string"},
		{`{"mcp":{"servers":[]}}`, "mcp.servers must be an object"},
		{`{"mcp":{"servers":{"fs":{"tools":{"t":{"urls":["a..b"]}}}}}}`, "mcp.servers.fs.tools.t.urls"},
		{`{"mcp":{"servers":{"fs":{"tools":{"t":{"tools":{}}}}}}}`, ""}, // unknown key: a warning
	} {
		opts, _ := layout(t, map[string]string{"home/app/.warden/settings.json": tc.content})
		s, err := Load(opts)
		if tc.want == "" {
			if err != nil || len(s.Warnings) != 1 {
				t.Errorf("%s: err %v, warnings %v; want one warning", tc.content, err, s.Warnings)
			}
			continue
		}
		var pe *PosError
		if err == nil || !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want a positioned error containing %q", tc.content, err, tc.want)
		}
	}
}
