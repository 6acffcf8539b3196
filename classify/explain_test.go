package classify_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/classify"
)

func TestExplainFindings(t *testing.T) {
	tests := []struct {
		name          string
		in            classify.Input
		wantLevel     api.Risk
		wantExplain   string // substring
		wantReasoning string // substring
		wantRisk      string // substring
	}{
		{"read-only bash", classify.Input{
			Request: bashReq("ls -la && git status"),
			Parts:   []classify.Part{{Text: "ls -la", Words: []string{"ls", "-la"}, ReadOnly: true}, {Text: "git status", Words: []string{"git", "status"}, ReadOnly: true}},
		}, api.RiskLow, "Runs 2 commands: `ls -la` lists files", "inspect", "only reads"},
		{"tests", classify.Input{
			Request: bashReq("go test ./..."),
			Parts:   []classify.Part{{Text: "go test ./...", Words: []string{"go", "test", "./..."}}},
		}, api.RiskLow, "runs the Go tests", "tests", "only reads"},
		{"install", classify.Input{
			Request: bashReq("npm install"),
			Parts:   []classify.Part{{Text: "npm install", Words: []string{"npm", "install"}}},
		}, api.RiskMedium, "installs JavaScript packages", "dependencies", "undone"},
		{"high finding", classify.Input{
			Request:  bashReq("rm -rf ~"),
			Parts:    []classify.Part{{Text: "rm -rf ~", Words: []string{"rm", "-rf", "~"}}},
			Findings: []api.Finding{{Category: "recursive-delete", Description: "Recursively deletes the home directory, which cannot be undone.", Part: "rm -rf ~", Risk: api.RiskHigh}},
		}, api.RiskHigh, "deletes files", "remove", "Recursively deletes the home directory"},
		{"no parts", classify.Input{Request: bashReq("frob --x")}, api.RiskMedium, "Runs `frob --x`, which runs frob.", "I need to run", "undone"},
		{"read tool", classify.Input{Request: api.Request{ToolName: "Read", ToolInput: map[string]any{"file_path": "/repo/main.go"}}},
			api.RiskLow, "Reads the file /repo/main.go", "main.go", "only reads"},
		{"read protected", classify.Input{
			Request:  api.Request{ToolName: "Read", ToolInput: map[string]any{"file_path": "/repo/.env"}},
			Findings: []api.Finding{{Category: "protected-path", Description: "reads secrets", Risk: api.RiskMedium}},
		}, api.RiskMedium, "Reads the file /repo/.env", "I need", "Reads secrets"},
		{"edit tool", classify.Input{Request: api.Request{ToolName: "Edit", ToolInput: map[string]any{"file_path": "/repo/a.go"}}},
			api.RiskMedium, "Edits the file /repo/a.go", "a.go", "undone"},
		{"mcp tool", classify.Input{Request: api.Request{ToolName: "mcp__github__create_issue"}},
			api.RiskMedium, "create_issue of the MCP server github", "github", "undone"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := classify.FindingsExplainer{}.Explain(context.Background(), &tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.wantLevel, got.RiskLevel); diff != "" {
				t.Errorf("risk level (-want +got):\n%s", diff)
			}
			check := func(field, text, want string) {
				if !strings.Contains(text, want) {
					t.Errorf("%s = %q, want it to contain %q", field, text, want)
				}
			}
			check("explanation", got.Explanation, tt.wantExplain)
			check("reasoning", got.Reasoning, tt.wantReasoning)
			check("risk", got.Risk, tt.wantRisk)
			checkExplanationShape(t, got)
			if got.Source != classify.SourceFindings {
				t.Errorf("source = %q", got.Source)
			}
		})
	}
}

func checkExplanationShape(t *testing.T, e api.Explanation) {
	t.Helper()
	if !strings.HasPrefix(e.Reasoning, "I ") && !strings.HasPrefix(e.Reasoning, "I'") {
		t.Errorf("reasoning %q does not start with I", e.Reasoning)
	}
	if n := len(strings.Fields(e.Risk)); n > classify.MaxRiskWords || n == 0 {
		t.Errorf("risk %q has %d words", e.Risk, n)
	}
	if e.Explanation == "" {
		t.Error("empty explanation")
	}
}

func bashReq(cmd string) api.Request {
	return api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": cmd}, Cwd: "/repo"}
}

func TestLLMExplainer(t *testing.T) {
	good := `{"explanation":"Deletes the build directory.","reasoning":"I want a clean build.","risk":"Removes build output, which can be rebuilt.","riskLevel":"LOW"}`
	long := `{"explanation":"x","reasoning":"I do it.","risk":"one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen","riskLevel":"MEDIUM"}`
	tests := []struct {
		name       string
		reply      reply
		findings   []api.Finding
		wantSource string
		wantLevel  api.Risk
		wantErr    bool // OnError called
	}{
		{"model answer", reply{text: good}, nil, "model:openai:m", api.RiskLow, false},
		{"fenced", reply{text: "```\n" + good + "\n```"}, nil, "model:openai:m", api.RiskLow, false},
		{"level raised to findings", reply{text: good}, []api.Finding{{Category: "x", Risk: api.RiskHigh}}, "model:openai:m", api.RiskHigh, false},
		{"long risk cut", reply{text: long}, nil, "model:openai:m", api.RiskMedium, false},
		{"reasoning not I", reply{text: `{"explanation":"x","reasoning":"To build.","risk":"r","riskLevel":"LOW"}`}, nil, "findings", api.RiskMedium, true},
		{"bad level", reply{text: `{"explanation":"x","reasoning":"I x","risk":"r","riskLevel":"SEVERE"}`}, nil, "findings", api.RiskMedium, true},
		{"prose", reply{text: "It deletes stuff."}, nil, "findings", api.RiskMedium, true},
		{"HTTP 500", reply{status: 500, raw: "{}"}, nil, "findings", api.RiskMedium, true},
		{"timeout", reply{hang: true}, nil, "findings", api.RiskMedium, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fm := newFakeModel(t, classify.ProviderOpenAI, tt.reply)
			x, err := classify.NewLLMExplainer(classify.Config{Provider: "openai", Model: "m", BaseURL: fm.srv.URL, TimeoutMs: 100}, env, fm.srv.Client())
			if err != nil {
				t.Fatal(err)
			}
			var failed error
			x.OnError = func(err error) { failed = err }
			got, err := x.Explain(context.Background(), &classify.Input{Request: bashReq("rm -rf build"), Findings: tt.findings})
			if err != nil {
				t.Fatal(err)
			}
			if got.Source != tt.wantSource || got.RiskLevel != tt.wantLevel || (failed != nil) != tt.wantErr {
				t.Errorf("got source %q level %s error %v; want %q %s error %v", got.Source, got.RiskLevel, failed, tt.wantSource, tt.wantLevel, tt.wantErr)
			}
			checkExplanationShape(t, got)
		})
	}
}

func TestNewExplainer(t *testing.T) {
	x, err := classify.NewExplainer(nil, env, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := x.(classify.FindingsExplainer); !ok {
		t.Errorf("NewExplainer(nil) = %T", x)
	}
}

func BenchmarkExplainFindings(b *testing.B) {
	in := &classify.Input{
		Request:  bashReq("git status && go test ./... && rm -rf build"),
		Parts:    []classify.Part{{Text: "git status", Words: []string{"git", "status"}}, {Text: "go test ./...", Words: []string{"go", "test", "./..."}}, {Text: "rm -rf build", Words: []string{"rm", "-rf", "build"}}},
		Findings: []api.Finding{{Category: "recursive-delete", Description: "deletes build", Risk: api.RiskMedium}},
	}
	b.ReportAllocs()
	for b.Loop() {
		classify.ExplainFindings(in)
	}
}
