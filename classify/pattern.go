package classify

import (
	"context"
	"net/http"
	"strings"

	"github.com/wardenhq/warden/api"
)

// PatternName is how the pattern classifier names itself in results.
const PatternName = "pattern"

// Pattern is the classifier that needs no model. It decides from the
// analyzer's findings and their risk levels alone, with this policy:
//
//   - A call that a deny or ask rule matched is undecided: rules are the
//     user's word and only a person may override an ask rule.
//   - A call with a HIGH or MEDIUM finding is undecided: the analyzer
//     flagged it as something a person should see (in auto mode it is
//     denied).
//   - A call to a tool Warden analyses — Bash, and the file tools Read,
//     Write, Edit, MultiEdit, NotebookEdit, Glob, Grep, LS — with no finding
//     above LOW is allowed with high confidence: the analyzer understood
//     what it does and found nothing worth a person's attention.
//   - Any other tool (web fetches, MCP tools, sub-agents, unknown tools) is
//     undecided: its effects are not analysed, so its silence means nothing.
//
// Pattern never denies; it leaves refusals to rules, persons and auto mode.
type Pattern struct{}

var _ Classifier = Pattern{}

// analysedTools are the tools whose checkers report every danger they find.
var analysedTools = map[string]bool{
	"Bash": true, "Read": true, "Write": true, "Edit": true, "MultiEdit": true,
	"NotebookEdit": true, "Glob": true, "Grep": true, "LS": true,
}

// Classify applies the policy above; it never fails.
func (Pattern) Classify(_ context.Context, in *Input) (Result, error) {
	return PatternClassify(in), nil
}

// PatternClassify is Pattern's decision as a plain function.
func PatternClassify(in *Input) Result {
	if in.RuleMatched {
		return Undecide(PatternName, "a deny or ask rule matched; only a person may approve it")
	}
	if risk := in.Risk(); risk.Rank() >= api.RiskMedium.Rank() {
		return Undecide(PatternName, "%s risk: %s", risk, describeTop(in.Findings))
	}
	tool := in.Request.ToolName
	if !analysedTools[tool] {
		return Undecide(PatternName, "%s is not analysed, so its effects are unknown", tool)
	}
	reason := "analysis found nothing risky"
	if len(in.Findings) > 0 {
		reason = "analysis found only LOW risk: " + describeTop(in.Findings)
	}
	return Result{Decision: Allow, Confidence: High, Reason: reason, Classifier: PatternName}
}

// describeTop describes the highest-risk findings, at most three.
func describeTop(fs []api.Finding) string {
	top := api.MaxRisk(fs)
	var parts []string
	for _, f := range fs {
		if f.Risk != top {
			continue
		}
		if len(parts) == 3 {
			parts = append(parts, "…")
			break
		}
		d := f.Description
		if d == "" {
			d = f.Category
		}
		parts = append(parts, d)
	}
	if len(parts) == 0 {
		return "no findings"
	}
	return strings.Join(parts, "; ")
}

// New returns the classifier configured by cfg: a model classifier when cfg
// is set, else Pattern.
func New(cfg *Config, getenv func(string) string, client *http.Client) (Classifier, error) {
	if cfg == nil {
		return Pattern{}, nil
	}
	llm, err := NewLLM(*cfg, getenv, client)
	if err != nil {
		return nil, err
	}
	return llm, nil
}
