package bench

import (
	"context"
	"path"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/rule"
)

// Subject is one part of a tool call in the neutral form every engine here
// is given: what rule.Subject says, normalised so that no engine has to
// resolve paths or fold case on its own.
type Subject struct {
	// Tool is the canonical tool name ("Bash", "Read", "mcp__github__x").
	Tool string `json:"tool"`
	// Command is one simple command of a Bash program, words joined by
	// single spaces.
	Command string `json:"command"`
	// Variants are the command's other spellings, for deny and ask rules.
	Variants []string `json:"variants"`
	// Path is the file, absolute and clean.
	Path string `json:"path"`
	// Domain is the host, lower case, without a trailing dot.
	Domain string `json:"domain"`
	// Dynamic marks a command whose program is not a literal word: no allow
	// rule covers it.
	Dynamic bool `json:"dynamic"`
	// Incidental marks a part deny and ask rules see but that needs no
	// allow rule of its own.
	Incidental bool `json:"incidental"`
}

// FromRule converts subjects as rule.Set sees them into the neutral form:
// relative paths are made absolute against env.Cwd and cleaned, runs of
// blanks in commands collapsed, hosts lower-cased. A relative path with no
// working directory to resolve it becomes empty, as rule.Set treats it.
func FromRule(subjects []rule.Subject, env rule.Env) []Subject {
	out := make([]Subject, len(subjects))
	for i := range subjects {
		s := &subjects[i]
		var variants []string
		if len(s.Variants) > 0 {
			variants = make([]string, len(s.Variants))
			for j, v := range s.Variants {
				variants[j] = collapseSpace(v)
			}
		}
		out[i] = Subject{
			Tool:       rule.CanonicalTool(s.Tool),
			Command:    collapseSpace(s.Command),
			Variants:   variants,
			Path:       absPath(s.Path, env.Cwd),
			Domain:     strings.TrimSuffix(strings.ToLower(s.Domain), "."),
			Dynamic:    s.Dynamic,
			Incidental: s.Incidental,
		}
	}
	return out
}

func absPath(p, cwd string) string {
	switch {
	case p == "":
		return ""
	case p[0] == '/':
		return path.Clean(p)
	case cwd == "" || cwd[0] != '/':
		return ""
	}
	return path.Join(cwd, p)
}

// collapseSpace trims s and turns every run of ASCII blanks into one space,
// as rule.Set does before matching a command.
func collapseSpace(s string) string {
	isBlank := func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f'
	}
	if !strings.ContainsFunc(s, isBlank) {
		return s
	}
	return strings.Join(strings.FieldsFunc(s, isBlank), " ")
}

// Verdict is what an engine made of one call's subjects: the behaviour of
// the rules that decide it and the rule reported, or an empty Behavior when
// no rule decides (the engine would go on to modes and read-only checks).
type Verdict struct {
	Behavior api.Behavior `json:"behavior"`
	// Rule is the text of the rule reported: the one of highest precedence
	// among those that decided.
	Rule string `json:"rule"`
}

// Evaluator applies a rule set to the subjects of one call. An error means
// the engine could not decide; a caller must treat it as deny, never allow.
type Evaluator interface {
	Evaluate(ctx context.Context, subjects []Subject) (Verdict, error)
}

// EvaluatorFunc adapts a function to an Evaluator.
type EvaluatorFunc func(ctx context.Context, subjects []Subject) (Verdict, error)

// Evaluate calls f.
func (f EvaluatorFunc) Evaluate(ctx context.Context, subjects []Subject) (Verdict, error) {
	return f(ctx, subjects)
}

var _ Evaluator = EvaluatorFunc(nil)
