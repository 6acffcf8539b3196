package hook

import (
	"context"
	"errors"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
)

// PermissionDecider runs the PermissionRequest hooks for an ask: it is the
// hooks' part in the handlers, which race it against the prompt
// (interactive) or consult it first (coordinator, headless).
type PermissionDecider struct {
	Runner   *Runner
	Matchers []Matcher
}

var _ handler.Decider = (*PermissionDecider)(nil)

// Decide runs the matching PermissionRequest hooks. It returns allow or
// deny with a hook reason when a hook decided, an undecided verdict when
// none did, and an error when no hook decided because every one that ran
// failed. An updated input comes with allow only; the caller re-checks it
// against deny and ask rules.
func (d *PermissionDecider) Decide(ctx context.Context, ask *handler.Ask) (handler.Verdict, error) {
	r := d.Runner
	if r == nil {
		r = NewRunner(RunnerOptions{})
	}
	res := r.PermissionRequest(ctx, d.Matchers, Input{
		Request:               ask.Request,
		PermissionSuggestions: Suggestions(ask.Suggestions),
	})
	v := handler.Verdict{
		Behavior: res.Behavior,
		Reason: api.Reason{Type: api.ReasonHook, Hook: res.Hook, Source: res.Source, File: res.File,
			Message: res.Reason},
	}
	switch res.Behavior {
	case api.Allow:
		v.UpdatedInput = res.UpdatedInput
	case api.Deny:
	default:
		v.Behavior = ""
		if len(res.Failures) > 0 && len(res.Failures) == res.Ran {
			return v, errors.New(strings.Join(res.Failures, "; "))
		}
		v.Reason.Message = "no PermissionRequest hook decided"
	}
	return v, nil
}

// Suggestions returns Warden's suggested grant rules ("Bash(npm test:*)")
// as Claude Code's permission_suggestions: one addRules entry allowing
// them in the local settings.
func Suggestions(rules []string) []any {
	if len(rules) == 0 {
		return nil
	}
	var out []any
	for _, text := range rules {
		name, content := text, ""
		if i := strings.IndexByte(text, '('); i > 0 && strings.HasSuffix(text, ")") {
			name, content = text[:i], text[i+1:len(text)-1]
		}
		rule := map[string]any{"toolName": name}
		if content != "" {
			rule["ruleContent"] = content
		}
		out = append(out, rule)
	}
	return []any{map[string]any{
		"type":        "addRules",
		"rules":       out,
		"behavior":    "allow",
		"destination": "localSettings",
	}}
}
