package server

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/internal/askview"
	"github.com/wardenhq/warden/internal/display"
)

// summaryLimit caps the length of a summary shown on the page.
const summaryLimit = 2000

// Summarize returns the one thing a person must see to judge a call: the
// command of a Bash call, the path of a file tool, the URL of a fetch, the
// query of a search, or else the input as compact JSON. It is capped at
// 2,000 bytes, on a rune boundary.
func Summarize(req api.Request) string {
	for _, key := range []string{"command", "file_path", "path", "notebook_path", "url", "query", "pattern"} {
		if s, ok := req.StringInput(key); ok && s != "" {
			return truncate(s, summaryLimit)
		}
	}
	if len(req.ToolInput) == 0 {
		return ""
	}
	b, err := json.Marshal(req.ToolInput)
	if err != nil {
		return "(input not representable)"
	}
	return truncate(string(b), summaryLimit)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// DecidedBy names who decided, in words, for the page and the logs: the rule
// with its source and place, the hook, the mode, the classifier, the person,
// the leader, the grant, the timeout.
func DecidedBy(r api.Reason) string {
	var b strings.Builder
	switch r.Type {
	case api.ReasonRule:
		b.WriteString("rule")
		if r.Rule != "" {
			b.WriteString(" " + r.Rule)
		}
		var where []string
		if r.Source != "" {
			where = append(where, r.Source)
		}
		if r.File != "" {
			loc := r.File
			if r.Line > 0 {
				loc = fmt.Sprintf("%s:%d", r.File, r.Line)
			}
			where = append(where, loc)
		}
		if len(where) > 0 {
			b.WriteString(" (" + strings.Join(where, " ") + ")")
		}
	case api.ReasonHook:
		b.WriteString(named("hook", r.Hook))
	case api.ReasonMode:
		b.WriteString(named("mode", string(r.Mode)))
	case api.ReasonClassifier:
		b.WriteString(named("classifier", r.Classifier))
	case api.ReasonUser:
		b.WriteString(named("person", r.Person))
		if r.Scope != "" && r.Scope != api.ScopeOnce {
			b.WriteString(" (" + string(r.Scope) + ")")
		}
	case api.ReasonLeader:
		b.WriteString(named("leader", r.Leader))
	case api.ReasonGrant:
		b.WriteString(named("grant", r.Grant))
	case "":
		b.WriteString("unknown")
	default:
		b.WriteString(string(r.Type))
		switch {
		case r.Hook != "":
			b.WriteString(" in hook " + r.Hook)
		case r.Classifier != "":
			b.WriteString(" in classifier " + r.Classifier)
		}
	}
	return b.String()
}

func named(kind, name string) string {
	if name == "" {
		return kind
	}
	return kind + " " + name
}

// AskDisplay is a pending ask as the page shows it: every string already
// escaped by package display on the daemon, so the page draws untrusted
// text as what it is (a right-to-left override shows as \u202e, ESC as
// \x1b) and never has to judge it itself.
type AskDisplay struct {
	askview.View
	// Tool is the tool's name.
	Tool string `json:"tool"`
	// Summary is the command, path, URL or input, lines kept.
	Summary string `json:"summary"`
	// Suspicious is true when the summary needed escaping beyond its line
	// structure: it hides something from whoever reads it.
	Suspicious bool `json:"suspicious,omitempty"`
	// Reason says why the pipeline asked.
	Reason string `json:"reason,omitempty"`
	// Findings are the analysis's findings, one line each.
	Findings []FindingDisplay `json:"findings"`
	// Explanation is the explainer's account, once it has arrived.
	Explanation *ExplanationDisplay `json:"explanation,omitempty"`
	// Suggestion is the rule a session or always approval records.
	Suggestion string `json:"suggestion,omitempty"`
}

// FindingDisplay is one finding, escaped.
type FindingDisplay struct {
	Risk     api.Risk `json:"risk,omitempty"`
	Category string   `json:"category"`
	Text     string   `json:"text"`
}

// ExplanationDisplay is an explanation, escaped.
type ExplanationDisplay struct {
	What   string   `json:"what"`
	Why    string   `json:"why,omitempty"`
	Risk   string   `json:"risk,omitempty"`
	Level  api.Risk `json:"level,omitempty"`
	Source string   `json:"source,omitempty"`
}

// DescribeAsk returns the page's display of an ask on req with decision d
// and the offered suggestions.
func DescribeAsk(req api.Request, d api.Decision, suggestions []string) *AskDisplay {
	summary := Summarize(req)
	out := &AskDisplay{
		View:       askview.Of(req),
		Tool:       display.Line(req.ToolName),
		Summary:    display.Block(summary),
		Suspicious: display.Suspicious(summary),
		Findings:   []FindingDisplay{},
	}
	if d.Reason.Message != "" {
		out.Reason = display.Line(d.Reason.Message)
	}
	for _, f := range d.Findings {
		text := f.Description
		if text == "" {
			text = f.Category
		}
		if f.Part != "" {
			text += " — " + f.Part
		}
		out.Findings = append(out.Findings, FindingDisplay{Risk: f.Risk, Category: display.Line(f.Category), Text: display.Line(text)})
	}
	if len(suggestions) > 0 {
		out.Suggestion = display.Line(suggestions[0])
	}
	return out
}

// DescribeExplanation returns e escaped for the page.
func DescribeExplanation(e api.Explanation) *ExplanationDisplay {
	return &ExplanationDisplay{
		What:   display.Line(e.Explanation),
		Why:    display.Line(e.Reasoning),
		Risk:   display.Line(e.Risk),
		Level:  e.RiskLevel,
		Source: display.Line(e.Source),
	}
}

// RecentDisplay is a recent decision's text, escaped for the page.
type RecentDisplay struct {
	Tool      string `json:"tool"`
	Summary   string `json:"summary"`
	DecidedBy string `json:"decided_by"`
	Agent     string `json:"agent"`
	Session   string `json:"session,omitempty"`
}
