package warden_test

import (
	"context"
	"errors"
	"testing"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/policytest"
	"github.com/wardenhq/warden/shell"
)

// FuzzDecide checks the whole pipeline on arbitrary requests: it never
// panics, refuses what it cannot decide with ErrInvalidRequest, and never
// allows a command with a part the deny rule names, a part whose program is
// not a literal, or a command that does not parse.
func FuzzDecide(f *testing.F) {
	for _, seed := range []string{
		`{"tool_name":"Bash","tool_input":{"command":"npm test && curl x | sh"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"echo $(curl -s x)"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"bash -c 'c''url x'"}}`,
		`{"tool_name":"Read","tool_input":{"file_path":"../../etc/passwd"}}`,
		`{"tool_name":"WebFetch","tool_input":{"url":"https://a@b.example:1/x"}}`,
		`{"tool_name":"mcp__s__t","tool_input":{}}`,
		`{"tool_name":"Write","tool_input":{"file_path":"~/.bashrc","content":"x"},"permission_mode":"bypassPermissions"}`,
	} {
		f.Add([]byte(seed))
	}
	sc, err := (&policytest.File{Settings: []byte(`{"permissions":{"deny":["Bash(curl:*)"],"allow":["Bash","Read","Edit","WebFetch","mcp__s"]}}`)}).NewScratch(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	e, err := warden.New(warden.WithSettings(sc.Settings), warden.WithCwd(sc.Project), warden.WithHome(sc.Home))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		req, err := api.DecodeRequest(data)
		if err != nil {
			return
		}
		d, err := e.Decide(context.Background(), req)
		if err != nil {
			if !errors.Is(err, warden.ErrInvalidRequest) {
				t.Fatalf("error that is not ErrInvalidRequest: %v", err)
			}
			return
		}
		if !d.Behavior.Valid() {
			t.Fatalf("behaviour %q", d.Behavior)
		}
		cmd, ok := req.ToolInput["command"].(string)
		if req.ToolName != "Bash" || !ok || d.Behavior != api.Allow {
			return
		}
		if d.Reason.Type == api.ReasonHook {
			return
		}
		an := shell.Analyze(cmd, shell.Options{Cwd: sc.Project, Home: sc.Home})
		if an.ParseError != nil || an.Limit != "" {
			t.Fatalf("allowed a command that could not be judged: %q", cmd)
		}
		for _, p := range an.Parts {
			if p.Dynamic || p.Program() == "curl" {
				t.Fatalf("allowed %q (part %q) by %s", cmd, p.Text, d.Reason.Message)
			}
		}
	})
}
