package main

import (
	"bytes"
	"errors"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/agent/agents"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/audit"
)

// TestAgentsThroughHook runs every payload captured from every agent in
// the registry (each agent package's testdata/payloads) through `warden
// hook --agent NAME`, the path the agent itself takes, in a project whose
// settings deny the call's tool. A call Warden is asked about is denied
// by that rule — the audit holds the deny, and the agent's answer carries
// its decision ID, so the deny is what reaches the agent — and a report
// that a call ran is never answered and is recorded as ran. An agent
// added to the registry without payloads fails here.
func TestAgentsThroughHook(t *testing.T) {
	for _, a := range agents.All {
		dir := filepath.Join("..", "..", "agent", path.Base(reflect.TypeOf(a).PkgPath()), "testdata", "payloads")
		files, err := filepath.Glob(filepath.Join(dir, "*.json"))
		if err != nil || len(files) == 0 {
			t.Errorf("agent %s has no captured payloads in %s", a.Name(), dir)
			continue
		}
		for _, file := range files {
			t.Run(a.Name()+"/"+strings.TrimSuffix(filepath.Base(file), ".json"), func(t *testing.T) {
				t.Parallel()
				raw, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				raw = unwrapCapture(raw)
				probe := bytes.ReplaceAll(raw, []byte("{ROOT}"), []byte("/r"))
				ran, isRan, err := agent.ParseRan(a, probe)
				var tool string
				switch {
				case isRan && err == nil:
					tool = ran.Call.Request.ToolName
				case isRan:
					t.Fatalf("a report that the call ran does not parse: %v", err)
				default:
					c, err := a.Parse(probe)
					if errors.Is(err, agent.ErrUnsupportedEvent) {
						t.Skipf("an event Warden does not answer: %v", err)
					}
					if err != nil {
						t.Fatalf("a captured payload does not parse: %v", err)
					}
					tool = c.Request.ToolName
				}
				w := newHookWorld(t, `{"permissions":{"deny":["`+tool+`"]}}`)
				w.vars["CLAUDE_PROJECT_DIR"] = w.project
				data := bytes.ReplaceAll(raw, []byte("{ROOT}"), []byte(w.root))
				var stdout, stderr bytes.Buffer
				env := &cliEnv{stdin: bytes.NewReader(data), stdout: &stdout, stderr: &stderr, getenv: func(k string) string { return w.vars[k] }}
				code := run(t.Context(), env, []string{"hook", "--agent", a.Name()})
				recs, _, err := audit.Read(audit.DefaultPath(func(k string) string { return w.vars[k] }), audit.Filter{})
				if err != nil {
					t.Fatal(err)
				}
				if len(recs) != 1 {
					t.Fatalf("%d audit records, want 1 (exit %d, stderr %s)", len(recs), code, stderr.String())
				}
				rec := recs[0]
				if isRan {
					if code != exitOK || stdout.Len() > 0 {
						t.Errorf("the report that a call ran was answered: exit %d, %q", code, stdout.String())
					}
					if rec.Event != audit.EventPostToolUse || rec.Outcome != audit.OutcomeRan || rec.Tool != tool {
						t.Errorf("recorded %s %s %s; want %s, ran, %s", rec.Event, rec.Outcome, rec.Tool, audit.EventPostToolUse, tool)
					}
					return
				}
				if code != exitOK && code != exitHookBlock {
					t.Errorf("exit %d: %s", code, stderr.String())
				}
				if rec.Behavior != api.Deny || rec.Reason.Type != api.ReasonRule || rec.Tool != tool {
					t.Errorf("audited %s %s by %s; want deny %s by the rule", rec.Behavior, rec.Tool, rec.Reason.Type, tool)
				}
				if answer := stdout.String() + stderr.String(); rec.ID == "" || !strings.Contains(answer, rec.ID) {
					t.Errorf("the answer does not carry the deny %s: %s", rec.ID, answer)
				}
			})
		}
	}
}
