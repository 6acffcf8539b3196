package grant

import (
	"slices"
	"testing"

	"github.com/wardenhq/warden/api"
)

func TestScopes(t *testing.T) {
	high := []api.Finding{{Category: "recursive-delete", Risk: api.RiskHigh}}
	medium := []api.Finding{{Category: "outside-working-dirs", Risk: api.RiskMedium}}
	tests := []struct {
		name string
		k    Keepable
		want []api.Scope
	}{
		{"a rule covers it", Keepable{Rules: []string{"Bash(make build:*)"}, Session: true}, []api.Scope{"once", "session", "always"}},
		{"no session to keep it in", Keepable{Rules: []string{"Bash(make build:*)"}}, []api.Scope{"once", "always"}},
		{"an ask rule matched", Keepable{RuleMatched: true, Rules: []string{"Bash(git push:*)"}, Session: true}, []api.Scope{"once"}},
		{"no rule covers it", Keepable{Session: true}, []api.Scope{"once"}},
		{"HIGH risk", Keepable{Rules: []string{"Bash(x:*)"}, Risk: api.RiskHigh, Session: true}, []api.Scope{"once", "session"}},
		{"a HIGH finding", Keepable{Rules: []string{"Bash(x:*)"}, Findings: high, Session: true}, []api.Scope{"once", "session"}},
		{"a MEDIUM finding", Keepable{Rules: []string{"Bash(x:*)"}, Findings: medium, Session: true}, []api.Scope{"once", "session", "always"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Scopes(tt.k); !slices.Equal(got, tt.want) {
				t.Errorf("Scopes = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestKeep(t *testing.T) {
	offered := []api.Scope{api.ScopeOnce, api.ScopeSession}
	for _, tt := range []struct {
		asked, kept api.Scope
		note        bool
	}{
		{"", api.ScopeOnce, false},
		{api.ScopeOnce, api.ScopeOnce, false},
		{api.ScopeSession, api.ScopeSession, false},
		{api.ScopeAlways, api.ScopeOnce, true},
	} {
		kept, note := Keep(tt.asked, offered)
		if kept != tt.kept || (note != "") != tt.note {
			t.Errorf("Keep(%q) = %q, %q; want %q (note %v)", tt.asked, kept, note, tt.kept, tt.note)
		}
	}
}
