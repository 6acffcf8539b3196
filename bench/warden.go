package bench

import (
	"context"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/rule"
)

// Warden evaluates with Warden's own indexed rule set, rule.Set.Evaluate.
// It is safe for concurrent use.
type Warden struct {
	set *rule.Set
	env rule.Env
}

var _ Evaluator = (*Warden)(nil)

// NewWarden evaluates with set, resolving path rules against env.
func NewWarden(set *rule.Set, env rule.Env) *Warden { return &Warden{set: set, env: env} }

// Evaluate converts the subjects to rule.Subject and asks the set.
func (w *Warden) Evaluate(_ context.Context, subjects []Subject) (Verdict, error) {
	var buf [8]rule.Subject
	rs := buf[:0]
	if len(subjects) > len(buf) {
		rs = make([]rule.Subject, 0, len(subjects))
	}
	for i := range subjects {
		s := &subjects[i]
		rs = append(rs, rule.Subject{Tool: s.Tool, Command: s.Command, Variants: s.Variants, Path: s.Path,
			Domain: s.Domain, Dynamic: s.Dynamic, Incidental: s.Incidental})
	}
	return verdictOf(w.set.Evaluate(rs, w.env)), nil
}

// EvaluateRule is Evaluate on subjects as rule.Set takes them, with no
// conversion: what the engine's pipeline does.
func (w *Warden) EvaluateRule(subjects []rule.Subject) Verdict {
	return verdictOf(w.set.Evaluate(subjects, w.env))
}

func verdictOf(b api.Behavior, m rule.Match, ok bool) Verdict {
	if !ok {
		return Verdict{}
	}
	return Verdict{Behavior: b, Rule: m.Rule.Text}
}
