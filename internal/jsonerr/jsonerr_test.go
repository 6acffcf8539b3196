package jsonerr

import (
	"encoding/json"
	"strings"
	"testing"
)

type want struct {
	Behavior string `json:"behavior"`
	Findings []struct {
		Risk string `json:"risk"`
	} `json:"findings"`
}

type request struct {
	ToolName  *string        `json:"tool_name"`
	ToolInput map[string]any `json:"tool_input"`
	Want      *want          `json:"want"`
}

func TestDescribe(t *testing.T) {
	tests := []struct{ in, want string }{
		{`[]`, "the input is a list, want an object"},
		{`{"tool_name": 3}`, `"tool_name" is a number, want a string`},
		{`{"want": []}`, `"want" is a list, want an object`},
		{`{"want": {"findings": [{"risk": 1}]}}`, `"want.findings.risk" is a number, want a string`},
		{`ls -la`, "not valid JSON at byte 1: invalid character 'l' looking for beginning of value"},
		{``, "the input is empty, want a JSON value"},
	}
	for _, tt := range tests {
		var r request
		err := json.Unmarshal([]byte(tt.in), &r)
		if tt.in == "" {
			err = json.NewDecoder(strings.NewReader("")).Decode(&r)
		}
		got := Describe(err)
		if got != tt.want {
			t.Errorf("Describe(%q) = %q, want %q", tt.in, got, tt.want)
		}
		for _, leak := range []string{"Go value", "struct", "jsonerr.", "*"} {
			if strings.Contains(got, leak) {
				t.Errorf("Describe(%q) = %q leaks %q", tt.in, got, leak)
			}
		}
	}
}
