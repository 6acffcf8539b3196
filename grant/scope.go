package grant

import (
	"fmt"

	"github.com/wardenhq/warden/api"
)

// Keepable is what decides how long an approval of one ask can be kept.
type Keepable struct {
	// RuleMatched is true when an ask or deny rule matched: no allow rule
	// overrides it, so nothing remembered would spare the next ask.
	RuleMatched bool
	// Rules are the rules an approval would record (the ask's
	// suggestions), already known to cover the whole call. None means the
	// call has no rule that would allow it next time.
	Rules []string
	// Risk and Findings are the ask's: HIGH is never kept always.
	Risk     api.Risk
	Findings []api.Finding
	// Session is true when a session grant can be stored: a grant store
	// and a session id.
	Session bool
}

// Scopes returns the scopes an approval of the ask can be kept at, in the
// order a person is offered them: once always; session and always only
// when there are rules to record and no ask or deny rule matched; session
// only where a session grant can be stored; always never for a HIGH ask
// or a finding whose category may not be kept always (CheckScope). Every
// surface that answers an ask offers exactly these, and an answer at
// another scope is kept once (Keep).
func Scopes(k Keepable) []api.Scope {
	out := []api.Scope{api.ScopeOnce}
	if k.RuleMatched || len(k.Rules) == 0 {
		return out
	}
	if k.Session {
		out = append(out, api.ScopeSession)
	}
	if k.Risk == api.RiskHigh {
		return out
	}
	for _, f := range k.Findings {
		if CheckScope(f.Category, f.Risk, api.ScopeAlways) != nil {
			return out
		}
	}
	return append(out, api.ScopeAlways)
}

// Keep returns the scope an answer at scope is kept at, given the scopes
// offered: scope itself when it was offered, else once, with a note that
// says why for the person and the audit.
func Keep(scope api.Scope, offered []api.Scope) (api.Scope, string) {
	if scope == "" || scope == api.ScopeOnce {
		return api.ScopeOnce, ""
	}
	for _, s := range offered {
		if s == scope {
			return scope, ""
		}
	}
	return api.ScopeOnce, fmt.Sprintf("kept once, not %s: this ask cannot be remembered %s", scope, scopeWhy(scope))
}

func scopeWhy(scope api.Scope) string {
	if scope == api.ScopeSession {
		return "for the session (an ask rule, no rule that covers the whole call, or no session)"
	}
	return "always (an ask rule, a HIGH-risk finding, or no rule that covers the whole call)"
}
