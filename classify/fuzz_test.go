package classify_test

import (
	"strings"
	"testing"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/classify"
)

func FuzzParseReply(f *testing.F) {
	for _, s := range []string{
		`{"decision":"allow","confidence":"high","reason":"ok"}`,
		"```json\n{\"decision\":\"deny\",\"confidence\":\"low\",\"reason\":\"\"}\n```",
		"```\n{}\n```",
		`{"decision":"allow","confidence":"high"} trailing`,
		`{"decision":null,"confidence":"high"}`,
		"``````",
		"```json\n```",
		`[]`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := classify.ParseReply(s)
		if err != nil {
			if r != (classify.Result{}) {
				t.Fatalf("error %v with a result %+v", err, r)
			}
			return
		}
		switch r.Decision {
		case classify.Allow, classify.Deny, classify.Undecided:
		default:
			t.Fatalf("accepted decision %q", r.Decision)
		}
		if r.Confidence.Rank() == 0 {
			t.Fatalf("accepted confidence %q", r.Confidence)
		}
	})
}

func FuzzParseExplanation(f *testing.F) {
	f.Add(`{"explanation":"x","reasoning":"I x","risk":"r","riskLevel":"LOW"}`)
	f.Add("```json\n{\"explanation\":\"x\",\"reasoning\":\"I’d\",\"risk\":\"a b c\",\"riskLevel\":\"HIGH\"}\n```")
	f.Add(`{"explanation":"x","reasoning":"It","risk":"r","riskLevel":"LOW"}`)
	f.Fuzz(func(t *testing.T, s string) {
		e, err := classify.ParseExplanation(s)
		if err != nil {
			return
		}
		if !strings.HasPrefix(e.Reasoning, "I") {
			t.Fatalf("reasoning %q", e.Reasoning)
		}
		if n := len(strings.Fields(e.Risk)); n > classify.MaxRiskWords || n == 0 {
			t.Fatalf("risk %q has %d words", e.Risk, n)
		}
		if e.RiskLevel.Rank() == 0 || e.Source != "" || e.RiskLevel == api.RiskNone {
			t.Fatalf("level %q source %q", e.RiskLevel, e.Source)
		}
	})
}
