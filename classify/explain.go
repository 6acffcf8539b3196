package classify

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/wardenhq/warden/api"
)

// Explainer gives a person the plain-language account of a call: what it
// does, why the agent may need it (starting with "I"), what could go wrong
// (15 words or fewer), and its risk level.
type Explainer interface {
	Explain(ctx context.Context, in *Input) (api.Explanation, error)
}

// ExplainerFunc adapts a function to an Explainer.
type ExplainerFunc func(ctx context.Context, in *Input) (api.Explanation, error)

// Explain calls f.
func (f ExplainerFunc) Explain(ctx context.Context, in *Input) (api.Explanation, error) {
	return f(ctx, in)
}

// MaxRiskWords is the most words a model's Risk may have.
const MaxRiskWords = 15

// maxBuiltinRiskWords is the most words the built-in Risk may have: it
// names what cannot be undone and what lies outside the project, so it may
// be longer than a model's.
const maxBuiltinRiskWords = 45

// SourceFindings is the Source of explanations built from the analysis.
const SourceFindings = "findings"

// FindingsExplainer explains a call from the analysis alone: no model, no
// I/O beyond reading the call's own files, never fails.
type FindingsExplainer struct{}

var _ Explainer = FindingsExplainer{}

// Explain returns ExplainFindings(in).
func (FindingsExplainer) Explain(_ context.Context, in *Input) (api.Explanation, error) {
	return ExplainFindings(in), nil
}

// capitalize upper-cases the first letter of an ASCII sentence.
func capitalize(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// LimitWords returns s cut to at most n words, with "…" when cut.
func LimitWords(s string, n int) string {
	words := strings.Fields(s)
	if len(words) <= n {
		return strings.Join(words, " ")
	}
	return strings.Join(words[:n], " ") + "…"
}

// inputString returns the first of the named string fields of the input.
func inputString(req *api.Request, keys ...string) string {
	for _, k := range keys {
		if s, ok := req.StringInput(k); ok && s != "" {
			return s
		}
	}
	return unspecified
}

// LLMExplainer explains calls with a language model, falling back to the
// findings when the model fails or answers out of shape.
type LLMExplainer struct {
	model *model
	// OnError, when set, is told why the model's explanation was not used.
	OnError func(error)
}

var _ Explainer = (*LLMExplainer)(nil)

// NewLLMExplainer returns an explainer that asks the model cfg names (the
// settings key "explainer"; MinConfidence is not used).
func NewLLMExplainer(cfg Config, getenv func(string) string, client *http.Client) (*LLMExplainer, error) {
	m, err := newModel(cfg, getenv, client)
	if err != nil {
		return nil, fmt.Errorf("explainer: %w", err)
	}
	return &LLMExplainer{model: m}, nil
}

// NewExplainer returns the explainer configured by cfg: a model explainer
// when cfg is set, else FindingsExplainer.
func NewExplainer(cfg *Config, getenv func(string) string, client *http.Client) (Explainer, error) {
	if cfg == nil {
		return FindingsExplainer{}, nil
	}
	e, err := NewLLMExplainer(*cfg, getenv, client)
	if err != nil {
		return nil, err
	}
	return e, nil
}

// Explain asks the model; on any failure it returns ExplainFindings(in) and
// a nil error. The risk level is never below the highest finding's.
func (x *LLMExplainer) Explain(ctx context.Context, in *Input) (api.Explanation, error) {
	e, err := x.ask(ctx, in)
	if err != nil {
		if x.OnError != nil {
			x.OnError(err)
		}
		return ExplainFindings(in), nil
	}
	return e, nil
}

func (x *LLMExplainer) ask(ctx context.Context, in *Input) (api.Explanation, error) {
	ctx, cancel := context.WithTimeout(ctx, x.model.timeout)
	defer cancel()
	text, err := x.model.complete(ctx, explainerSystem, renderCall(in), 512)
	if err != nil {
		return api.Explanation{}, err
	}
	e, err := ParseExplanation(text)
	if err != nil {
		return api.Explanation{}, err
	}
	// The built-in level may raise the model's, never lower it.
	if r := ExplainFindings(in).RiskLevel; r.Rank() > e.RiskLevel.Rank() {
		e.RiskLevel = r
	}
	e.Source = "model:" + x.model.label()
	return e, nil
}

// ParseExplanation reads an explainer model's reply: one JSON object with
// explanation, reasoning (starting with "I"), risk and riskLevel, optionally
// in a code fence. Risk is cut to MaxRiskWords words.
func ParseExplanation(text string) (api.Explanation, error) {
	var e api.Explanation
	if err := decodeObject(text, &e); err != nil {
		return api.Explanation{}, err
	}
	if e.Source != "" {
		return api.Explanation{}, fmt.Errorf("%w: unexpected source field", ErrMalformedReply)
	}
	e.Explanation = strings.TrimSpace(e.Explanation)
	e.Reasoning = strings.TrimSpace(e.Reasoning)
	if e.Explanation == "" || e.Risk == "" {
		return api.Explanation{}, fmt.Errorf("%w: explanation and risk are required", ErrMalformedReply)
	}
	if !startsWithI(e.Reasoning) {
		return api.Explanation{}, fmt.Errorf("%w: reasoning must start with \"I\"", ErrMalformedReply)
	}
	switch e.RiskLevel {
	case api.RiskLow, api.RiskMedium, api.RiskHigh:
	default:
		return api.Explanation{}, fmt.Errorf("%w: riskLevel %q is not LOW, MEDIUM or HIGH", ErrMalformedReply, e.RiskLevel)
	}
	e.Risk = LimitWords(e.Risk, MaxRiskWords)
	return e, nil
}

// startsWithI reports whether s starts with the word "I" (also "I'm",
// "I’d" and the like).
func startsWithI(s string) bool {
	if !strings.HasPrefix(s, "I") {
		return false
	}
	rest := s[1:]
	return rest == "" || rest[0] == ' ' || rest[0] == '\'' || strings.HasPrefix(rest, "’")
}
