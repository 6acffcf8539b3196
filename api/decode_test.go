package api

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestDecodeRequest(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		wantErr string
		check   func(t *testing.T, r Request)
	}{
		{name: "hook payload", in: `{"session_id":"s","transcript_path":"/t","cwd":"/repo","permission_mode":"acceptEdits","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls","timeout":5},"tool_use_id":"toolu_1"}`,
			check: func(t *testing.T, r Request) {
				if r.ToolName != "Bash" || r.ToolInput["command"] != "ls" || r.Cwd != "/repo" || r.PermissionMode != ModeAcceptEdits || r.ToolUseID != "toolu_1" {
					t.Errorf("decoded %+v", r)
				}
			}},
		{name: "unknown fields are ignored", in: `{"tool_name":"Read","tool_input":{"file_path":"a"},"permission_suggestions":[]}`},
		{name: "missing tool_name", in: `{"tool_input":{}}`, wantErr: "request has no tool_name"},
		{name: "empty tool_name", in: `{"tool_name":"","tool_input":{}}`, wantErr: "request has no tool_name"},
		{name: "tool_name not a string", in: `{"tool_name":5,"tool_input":{}}`, wantErr: "expected shape"},
		{name: "missing tool_input", in: `{"tool_name":"Bash"}`, wantErr: "no tool_input"},
		{name: "null tool_input", in: `{"tool_name":"Bash","tool_input":null}`, wantErr: "no tool_input"},
		{name: "string tool_input", in: `{"tool_name":"Bash","tool_input":"ls"}`, wantErr: "tool_input must be a JSON object"},
		{name: "array tool_input", in: `{"tool_name":"Bash","tool_input":[1]}`, wantErr: "tool_input must be a JSON object"},
		{name: "invalid utf-8", in: "{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"\xff\"}}", wantErr: "not valid UTF-8"},
		{name: "empty", in: "  \n", wantErr: "request is empty"},
		{name: "trailing data", in: `{"tool_name":"Bash","tool_input":{}} {}`, wantErr: "data after the JSON object"},
		{name: "unknown mode", in: `{"tool_name":"Bash","tool_input":{},"permission_mode":"yolo"}`, wantErr: "unknown permission mode"},
		{name: "too large", in: `{"tool_name":"Bash","tool_input":{"command":"` + strings.Repeat("a", MaxRequestSize) + `"}}`, wantErr: "more than the"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := DecodeRequest([]byte(tt.in))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
				}
				if strings.Contains(err.Error(), "\n") {
					t.Errorf("error is not one line: %q", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.check != nil {
				tt.check(t, r)
			}
		})
	}
}

// FuzzDecodeRequest checks that decoding never panics and that whatever it
// accepts has a tool name and an input object, and whatever it refuses it
// refuses in one line.
func FuzzDecodeRequest(f *testing.F) {
	f.Add([]byte(`{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`))
	f.Add([]byte(`{"tool_name":"Read","tool_input":{"file_path":"a\u0000b"},"cwd":"/x"}`))
	f.Add([]byte(`{"tool_name":"x","tool_input":{"a":[1,{"b":null}]},"permission_mode":"plan"}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := DecodeRequest(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		if r.ToolName == "" || r.ToolInput == nil || !utf8.ValidString(r.ToolName) {
			t.Fatalf("accepted a request without tool name or input: %+v", r)
		}
		if _, err := ParseMode(string(r.PermissionMode)); err != nil {
			t.Fatalf("accepted mode %q", r.PermissionMode)
		}
	})
}
