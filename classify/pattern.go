package classify

import (
	"context"
	"net/http"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/programs"
	"github.com/wardenhq/warden/shell"
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
//   - A Bash call is allowed only when every part is known — its program
//     has an entry, every option and word was placed — and every effect is
//     low risk: reading, building or testing the project, talking to a
//     host, and writing or deleting inside the working directory. Inline
//     code, commands run through options, libraries loaded, lasting
//     configuration changed, writes elsewhere and anything unknown are
//     undecided, with the reason (in auto mode: denied).
//   - A call to the file tools Read, Write, Edit, MultiEdit, NotebookEdit,
//     Glob, Grep, LS with no finding above LOW is allowed with high
//     confidence: the analyzer understood what it does and found nothing
//     worth a person's attention.
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
	if tool == "Bash" {
		if why := bashNotLowRisk(in.Request); why != "" {
			return Undecide(PatternName, "%s", why)
		}
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

// bashNotLowRisk analyses a Bash call's command and says why it is not
// known and low risk, or "" when every part is.
func bashNotLowRisk(req api.Request) string {
	cmd, _ := req.ToolInput["command"].(string)
	if cmd == "" {
		return "the command is empty or not a string"
	}
	an := shell.Analyze(cmd, shell.Options{Cwd: req.Cwd})
	switch {
	case an.ParseError != nil:
		return "the command does not parse, so its effects are unknown"
	case an.Limit != "":
		return "the command is too large to judge"
	}
	for i := range an.Parts {
		p := &an.Parts[i]
		if p.Dynamic {
			return "the program of " + p.Text + " is not a literal, so what runs is unknown"
		}
		if len(p.Unknown) > 0 {
			return "unknown effects: " + p.Text + ": " + p.Unknown[0]
		}
		for _, e := range p.Effects {
			switch e.Kind {
			case programs.None, programs.Read, programs.Help, programs.RunsProject, programs.Network:
			case programs.Write, programs.Delete:
				if e.Target != "" && !inside(e.Target, req.Cwd) {
					return p.Text + " " + e.Kind.String() + "s " + e.Target + ", outside the working directory"
				}
			default:
				what := e.Kind.String()
				if e.Option != "" {
					what += " through " + e.Option
				}
				return p.Text + ": " + what + " is not low risk"
			}
		}
		for _, w := range p.Writes {
			if !inside(w, req.Cwd) {
				return p.Text + " writes " + w + ", outside the working directory"
			}
		}
	}
	return ""
}

// inside reports whether path is dir or below it (by components).
func inside(path, dir string) bool {
	if dir == "" {
		return false
	}
	dir = strings.TrimSuffix(dir, "/")
	return path == dir || strings.HasPrefix(path, dir+"/")
}
