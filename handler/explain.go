package handler

import (
	"context"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/classify"
)

// ExplainFunc produces the explanation shown with a prompt.
type ExplainFunc func(ctx context.Context, ask *Ask) (api.Explanation, error)

// ExplainWith makes an ExplainFunc of an explainer.
func ExplainWith(x classify.Explainer) ExplainFunc {
	return func(ctx context.Context, ask *Ask) (api.Explanation, error) {
		return x.Explain(ctx, ClassifyInput(ask))
	}
}

// withExplanation returns a copy of ask whose Explanation channel delivers
// the explainer's account, started now in parallel with the prompt; the
// prompt never waits for it. The explainer is cancelled with ctx. An ask
// that already carries a channel, or a nil explain, is returned as a copy
// unchanged.
func withExplanation(ctx context.Context, ask *Ask, explain ExplainFunc) *Ask {
	cp := *ask
	if explain == nil || cp.Explanation != nil {
		return &cp
	}
	ch := make(chan api.Explanation, 1)
	cp.Explanation = ch
	go func() {
		defer close(ch)
		e, err := explain(ctx, ask)
		if err == nil {
			ch <- e
		}
	}()
	return &cp
}

// HowToApprove says, for a deny that stands in for an ask nobody answered,
// how the call can be approved: ruleAsked when an ask rule made the ask
// (only a person can allow it), else the rules that would allow it, else
// that only a person can. It begins with "; ".
func HowToApprove(ruleAsked bool, suggestions []string) string {
	const page = "on the approval page of warden serve with WARDEN_SERVER set"
	switch {
	case ruleAsked:
		return "; an ask rule covers it, so only a person can allow it (in default mode, or " + page + ")"
	case len(suggestions) == 1:
		return "; the rule that would allow it: " + suggestions[0] + " (or approve it " + page + ")"
	case len(suggestions) > 1:
		return "; the rules that would allow it: " + strings.Join(suggestions, ", ") + " (or approve it " + page + ")"
	}
	return "; no rule can allow it, only a person can (in default mode, or " + page + ")"
}
