// Package agenttest runs an agent adapter over golden payloads: every
// payload in a directory is parsed into a request and answered for a fixed
// set of decisions, and the result is compared with a golden file per
// payload (regenerated with -update). Every adapter's tests call Golden on
// the real payloads captured from its agent.
package agenttest

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/toolspec"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// Decisions are the decisions every payload is answered with.
var Decisions = []struct {
	Name     string
	Decision api.Decision
}{
	{"allow", api.Decision{ID: "d-1", Behavior: api.Allow,
		Reason: api.Reason{Type: api.ReasonRule, Rule: "Bash(touch:*)", Source: "project", File: "/p/.warden/settings.json", Line: 4,
			Message: "allow rule Bash(touch:*) from project settings (/p/.warden/settings.json:4)"}}},
	{"allow-rewrite", api.Decision{ID: "d-2", Behavior: api.Allow,
		Reason: api.Reason{Type: api.ReasonHook, Hook: "/p/rewrite.sh", Message: "rewritten"}}}, // UpdatedInput: see rewrite
	{"deny", api.Decision{ID: "d-3", Behavior: api.Deny,
		Reason: api.Reason{Type: api.ReasonRule, Rule: "Bash(rm:*)", Source: "project", File: "/p/.warden/settings.json", Line: 5,
			Message: "deny rule Bash(rm:*) from project settings (/p/.warden/settings.json:5): rm -rf x"}}},
	{"ask", api.Decision{ID: "d-4", Behavior: api.Ask,
		Reason:      api.Reason{Type: api.ReasonDefault, Message: "no rule allows touch m.txt in default mode"},
		Suggestions: []string{"Bash(touch m.txt)"},
		Warnings:    []string{"a hook failed"}}},
}

// Result is what a golden file holds for one payload.
type Result struct {
	// Error is Parse's error, when it failed.
	Error       string            `json:"error,omitempty"`
	Unsupported bool              `json:"unsupported,omitempty"`
	Event       agent.Event       `json:"event,omitempty"`
	CanAsk      bool              `json:"can_ask"`
	Request     *api.Request      `json:"request,omitempty"`
	Answers     map[string]Output `json:"answers,omitempty"`
}

// Output is one answer as the agent would read it.
type Output struct {
	Stdout string `json:"stdout"`
	Stderr string `json:"stderr,omitempty"`
	Exit   int    `json:"exit"`
}

func out(a agent.Answer) Output {
	return Output{Stdout: string(a.Stdout), Stderr: a.Stderr, Exit: a.Exit}
}

// Golden runs ad over every *.json payload in dir and compares each result
// with dir/golden/NAME.golden.json. A payload may be a bare payload or a
// capture object holding it under "payload".
func Golden(t *testing.T, ad agent.Adapter, dir string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no payloads in %s (%v)", dir, err)
	}
	sort.Strings(files)
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			data = Unwrap(data)
			got := Run(ad, data)
			enc, err := json.MarshalIndent(got, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			enc = append(enc, '\n')
			golden := filepath.Join(dir, "golden", name+".golden.json")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, enc, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), string(enc)); diff != "" {
				t.Errorf("%s (-want +got):\n%s", golden, diff)
			}
		})
	}
}

// Unwrap returns the payload of a capture file ({"payload": …}), or data.
func Unwrap(data []byte) []byte {
	var capture struct {
		Payload json.RawMessage `json:"payload"`
	}
	if json.Unmarshal(data, &capture) == nil && len(capture.Payload) > 0 && capture.Payload[0] == '{' {
		return capture.Payload
	}
	return data
}

// Run parses one payload and answers it with every decision of Decisions.
func Run(ad agent.Adapter, data []byte) Result {
	c, err := ad.Parse(data)
	if errors.Is(err, agent.ErrUnsupportedEvent) {
		return Result{Unsupported: true, Error: err.Error(), Answers: map[string]Output{"unsupported": out(ad.Unsupported(err))}}
	}
	if err != nil {
		return Result{Error: err.Error(), Answers: map[string]Output{"fail": out(ad.Fail(err))}}
	}
	r := Result{Event: c.Event, CanAsk: c.CanAsk, Request: &c.Request, Answers: map[string]Output{}}
	for _, d := range Decisions {
		if d.Name == "allow-rewrite" {
			d.Decision.UpdatedInput = rewrite(c.Request)
		}
		r.Answers[d.Name] = out(ad.Answer(c, d.Decision))
	}
	r.Answers["fail"] = out(ad.Fail(errors.New("settings: broken.json:3:4: invalid character")))
	r.Answers["undecided"] = out(ad.Undecided(c))
	return r
}

// DecodeStdout decodes an answer's stdout as a JSON object (nil when
// empty): a helper for adapters' own tests.
func DecodeStdout(t *testing.T, a agent.Answer) map[string]any {
	t.Helper()
	if len(bytes.TrimSpace(a.Stdout)) == 0 {
		return nil
	}
	var m map[string]any
	if err := json.Unmarshal(a.Stdout, &m); err != nil {
		t.Fatalf("answer %q is not JSON: %v", a.Stdout, err)
	}
	return m
}

// rewrite returns the request's input with its subject field rewritten,
// as a hook that rewrites the call would.
func rewrite(req api.Request) map[string]any {
	in := make(map[string]any, len(req.ToolInput)+1)
	for k, v := range req.ToolInput {
		in[k] = v
	}
	if t, ok := toolspec.Lookup(req.ToolName); ok && t.Subject != "" {
		if t.Kind == toolspec.KindPatch {
			in[t.Subject] = "*** Begin Patch\n*** Add File: rewritten.txt\n+x\n*** End Patch\n"
		} else {
			in[t.Subject] = "rewritten"
		}
		return in
	}
	in["rewritten"] = true
	return in
}
