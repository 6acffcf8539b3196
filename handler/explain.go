package handler

import (
	"context"

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
