package classify_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/classify"
)

func TestPattern(t *testing.T) {
	low := api.Finding{Category: "outside-read", Description: "reads outside the project", Risk: api.RiskLow}
	med := api.Finding{Category: "network", Description: "downloads a file", Risk: api.RiskMedium}
	high := api.Finding{Category: "recursive-delete", Description: "deletes the home directory", Risk: api.RiskHigh}
	tests := []struct {
		name string
		in   classify.Input
		want classify.Decision
	}{
		{"bash no findings", classify.Input{Request: req("Bash")}, classify.Allow},
		{"bash builds the project", classify.Input{Request: bash("npm run build && go test ./...")}, classify.Allow},
		{"bash writes inside", classify.Input{Request: bash("sort -o out.txt in.txt && mkdir -p build")}, classify.Allow},
		{"bash unknown program", classify.Input{Request: bash("frobnicate --all")}, classify.Undecided},
		{"bash unknown option", classify.Input{Request: bash("cat --bogus x")}, classify.Undecided},
		{"bash inline code", classify.Input{Request: bash("python3 -c 'print(1)'")}, classify.Undecided},
		{"bash command through an option", classify.Input{Request: bash("git grep -O'sh -c id;' x")}, classify.Undecided},
		{"bash writes outside", classify.Input{Request: bash("sort -o /tmp/x in.txt")}, classify.Undecided},
		{"bash non-literal program", classify.Input{Request: bash("$X status")}, classify.Undecided},
		{"bash does not parse", classify.Input{Request: bash("ls (")}, classify.Undecided},
		{"bash low finding", classify.Input{Request: req("Bash"), Findings: []api.Finding{low}}, classify.Allow},
		{"bash medium finding", classify.Input{Request: req("Bash"), Findings: []api.Finding{low, med}}, classify.Undecided},
		{"bash high finding", classify.Input{Request: req("Bash"), Findings: []api.Finding{high}}, classify.Undecided},
		{"edit no findings", classify.Input{Request: req("Edit")}, classify.Allow},
		{"write high", classify.Input{Request: req("Write"), Findings: []api.Finding{high}}, classify.Undecided},
		{"rule matched", classify.Input{Request: req("Bash"), RuleMatched: true}, classify.Undecided},
		{"web fetch not analysed", classify.Input{Request: req("WebFetch")}, classify.Undecided},
		{"mcp tool not analysed", classify.Input{Request: req("mcp__github__create_issue")}, classify.Undecided},
		{"unknown tool", classify.Input{Request: req("Frobnicate")}, classify.Undecided},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := classify.Pattern{}.Classify(context.Background(), &tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got.Decision); diff != "" {
				t.Errorf("decision (-want +got):\n%s\nreason: %s", diff, got.Reason)
			}
			if got.Classifier != classify.PatternName || got.Reason == "" {
				t.Errorf("result lacks name or reason: %+v", got)
			}
			if got.Decision == classify.Allow && !got.Approves(classify.High) {
				t.Errorf("pattern allow does not meet the default threshold: %+v", got)
			}
		})
	}
}

func req(tool string) api.Request {
	return api.Request{ToolName: tool, Cwd: "/repo", ToolInput: map[string]any{"command": "ls -la", "file_path": "/repo/a.go", "url": "https://example.com"}}
}

func bash(cmd string) api.Request {
	return api.Request{ToolName: "Bash", Cwd: "/repo", ToolInput: map[string]any{"command": cmd}}
}

func TestApproves(t *testing.T) {
	tests := []struct {
		r    classify.Result
		min  classify.Confidence
		want bool
	}{
		{classify.Result{Decision: classify.Allow, Confidence: classify.High}, classify.High, true},
		{classify.Result{Decision: classify.Allow, Confidence: classify.Medium}, classify.High, false},
		{classify.Result{Decision: classify.Allow, Confidence: classify.Medium}, classify.Medium, true},
		{classify.Result{Decision: classify.Allow, Confidence: classify.Low}, classify.Low, true},
		{classify.Result{Decision: classify.Allow, Confidence: "certain"}, classify.Low, false},
		{classify.Result{Decision: classify.Allow, Confidence: classify.High}, "", false},
		{classify.Result{Decision: classify.Deny, Confidence: classify.High}, classify.Low, false},
	}
	for _, tt := range tests {
		t.Run(string(tt.r.Decision)+"/"+string(tt.r.Confidence)+"/"+string(tt.min), func(t *testing.T) {
			if got := tt.r.Approves(tt.min); got != tt.want {
				t.Errorf("Approves = %v, want %v", got, tt.want)
			}
		})
	}
}

func BenchmarkPattern(b *testing.B) {
	in := &classify.Input{Request: req("Bash"), Findings: []api.Finding{{Category: "x", Risk: api.RiskLow}}}
	b.ReportAllocs()
	for b.Loop() {
		classify.PatternClassify(in)
	}
}
