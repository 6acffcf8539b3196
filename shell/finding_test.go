package shell

import (
	"testing"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
)

// TestOneFindingPerCategoryKeepsTheRiskiest: a part carries one finding
// per category, and whichever check reports first, the riskiest wins —
// a medium reported before a high must not hide the high.
func TestOneFindingPerCategoryKeepsTheRiskiest(t *testing.T) {
	tests := []struct {
		risks []api.Risk
		want  api.Risk
		desc  string
	}{
		{[]api.Risk{api.RiskMedium, api.RiskHigh}, api.RiskHigh, "d1"},
		{[]api.Risk{api.RiskHigh, api.RiskMedium}, api.RiskHigh, "d0"},
		{[]api.Risk{api.RiskLow, api.RiskMedium, api.RiskLow}, api.RiskMedium, "d1"},
	}
	for _, tt := range tests {
		a := &analyzer{an: &Analysis{}}
		for i, r := range tt.risks {
			a.addFinding(danger.RecursiveDelete, "d"+string(rune('0'+i)), "rm -rf x", r)
		}
		if len(a.an.Findings) != 1 {
			t.Fatalf("%v: %d findings, want 1", tt.risks, len(a.an.Findings))
		}
		if f := a.an.Findings[0]; f.Risk != tt.want || f.Description != tt.desc {
			t.Errorf("%v: kept %s %q, want %s %q", tt.risks, f.Risk, f.Description, tt.want, tt.desc)
		}
	}
}
