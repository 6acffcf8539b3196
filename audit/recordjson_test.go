package audit

import (
	"encoding/json"
	"math"
	"regexp"
	"testing"
	"time"

	"github.com/wardenhq/warden/api"
)

// TestRecordJSON holds the hand-written encoding to encoding/json's bytes,
// field by field and for the strings and values that JSON escapes or
// spells in more than one way.
func TestRecordJSON(t *testing.T) {
	odd := "a<b>&c \"q\" \\ \b\f\n\r\t\x00\x1f\x7f é \u2028\u2029 \xff\xfe end 🙂"
	full := Record{
		ID: "d-1", Time: time.Date(2026, 12, 1, 17, 0, 0, 123456789, time.FixedZone("x", 3600)),
		Session: "s", Agent: "a", AgentType: "Explore", Tool: "Bash",
		Input: map[string]any{
			"command": odd, "timeout": 120000.0, "small": 1e-7, "big": 1e21, "neg": -0.5, "int": 3,
			"flag": true, "off": false, "none": nil, "list": []any{"x", 1.5, nil, []any{}, map[string]any{}},
			"nested": map[string]any{"z": "<", "a": []any{true}}, "nilList": []any(nil), "nilMap": map[string]any(nil),
			"num": json.Number("12.50"), "strs": []string{"p", "<q>"}, "smap": map[string]string{"k": "&"},
			odd: "key needs escaping",
		},
		InputDigest:  "hmac-sha256:00",
		UpdatedInput: map[string]any{"command": "ls <x>"},
		Behavior:     api.Ask,
		Reason: api.Reason{Type: api.ReasonRule, Rule: "Bash(ls:*)", Source: "project", File: "/p/.warden/settings.json", Line: 14,
			Hook: "h", Mode: api.Mode("default"), Classifier: "c", Person: "p", Leader: "l", Grant: "g", Scope: api.ScopeSession, Message: odd},
		Findings: []api.Finding{{Category: "recursive-delete", Description: odd, Part: "rm -rf x", Risk: api.RiskHigh, Path: "/x"}, {Category: "c", Description: "", Risk: api.RiskLow}},
		Risk:     api.RiskHigh, Mode: api.Mode("bypassPermissions"), Cwd: "/p", ToolUseID: "toolu_1", Event: "PreToolUse", Via: "hook", Daemon: "host/10.0.0.5:7878",
		Warnings: []string{"w1", odd},
	}
	for _, tt := range []struct {
		name string
		r    Record
	}{
		{"full", full},
		{"zero", Record{}},
		{"empty but not nil", Record{Input: map[string]any{}, UpdatedInput: map[string]any{}, Findings: []api.Finding{}, Warnings: []string{}}},
		{"negative line", Record{ID: "d", Reason: api.Reason{Type: api.ReasonMode, Line: -3, Message: "m"}}},
		{"utc", Record{ID: "d", Time: time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC)}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			want, werr := json.Marshal(tt.r)
			got, gerr := tt.r.appendJSON(nil)
			if (werr != nil) != (gerr != nil) {
				t.Fatalf("error %v, Marshal's %v", gerr, werr)
			}
			if string(got) != string(want) {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
	for _, bad := range []Record{
		{Time: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},
		{Input: map[string]any{"x": math.NaN()}},
		{UpdatedInput: map[string]any{"x": math.Inf(1)}},
	} {
		if _, err := bad.appendJSON(nil); err == nil {
			t.Errorf("%+v encoded, want the error Marshal gives", bad)
		}
		if _, err := json.Marshal(bad); err == nil {
			t.Errorf("Marshal encoded %+v", bad)
		}
	}
}

// FuzzRecordJSON: any strings, in any field or input, encode as Marshal
// encodes them.
func FuzzRecordJSON(f *testing.F) {
	for _, s := range []string{"", "plain", "<&>", "\x00\xff", "\u2028", "é🙂"} {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		r := Record{ID: a, Tool: b, Input: map[string]any{a: b, b: []any{a, 1.0}}, Reason: api.Reason{Type: api.ReasonType(a), Message: b},
			Findings: []api.Finding{{Category: a, Description: b, Part: a}}, Warnings: []string{b}, Cwd: a}
		want, _ := json.Marshal(r)
		got, _ := r.appendJSON(nil)
		if string(got) != string(want) {
			t.Fatalf("got  %s\nwant %s", got, want)
		}
	})
}

// TestLegacyVaultToken holds the hand-written test to the expression it
// stands in front of: it may never be false where the expression matches.
func TestLegacyVaultToken(t *testing.T) {
	re := regexp.MustCompile(legacyVaultRE)
	for _, s := range []string{
		"", "s.", "settings.json", "/p/.warden/settings.json:14", "vault login s.AbCdEfGhIjKlMnOpQrStUvWx",
		"s.AbCdEfGhIjKlMnOpQrStUvWx", "b.AbCdEfGhIjKlMnOpQrStUvWx!", "xs.AbCdEfGhIjKlMnOpQrStUvWx", "s.AbCdEfGhIjKlMnOpQrStUvWxY",
		"s.AbCdEfGhIjKlMnOpQrStUvW", "s.AbCdEfGhIjKlMnOpQrSt_vWx", "-b.AbCdEfGhIjKlMnOpQrStUvWx-", "é s.AbCdEfGhIjKlMnOpQrStUvWxé",
		"s.s.AbCdEfGhIjKlMnOpQrStUvWx", "_s.AbCdEfGhIjKlMnOpQrStUvWx",
	} {
		if got, want := legacyVaultToken(s), re.MatchString(s); got != want {
			t.Errorf("legacyVaultToken(%q) = %v, the expression says %v", s, got, want)
		}
	}
}

func FuzzLegacyVaultToken(f *testing.F) {
	re := regexp.MustCompile(legacyVaultRE)
	f.Add("vault login s.AbCdEfGhIjKlMnOpQrStUvWx")
	f.Fuzz(func(t *testing.T, s string) {
		if re.MatchString(s) && !legacyVaultToken(s) {
			t.Fatalf("%q matches the expression but not legacyVaultToken", s)
		}
	})
}
