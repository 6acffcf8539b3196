package agent

import (
	"encoding/json"
	"testing"
)

// ranEventOf is what ParseRan reads a payload's event as, without the
// fast path: the event name when it is one of ranEvents.
func ranEventOf(payload []byte) (string, bool) {
	var m map[string]json.RawMessage
	if DecodeObject(payload, &m) != nil {
		return "", false
	}
	var event string
	if json.Unmarshal(m["hook_event_name"], &event) != nil {
		return "", false
	}
	_, ok := ranEvents[event]
	return event, ok
}

// TestMayNameRanEvent checks that the fast path never passes over a
// payload that names an event that reports a call ran, however it is
// spelled.
func TestMayNameRanEvent(t *testing.T) {
	for name := range ranEvents {
		for _, c := range name {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
				t.Fatalf("event %q is not all ASCII letters, which mayNameRanEvent relies on", name)
			}
		}
	}
	for _, tt := range []struct {
		payload string
		want    bool
	}{
		{`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"echo \"hi\""}}`, false},
		{`{"hook_event_name":"PostToolUse","tool_name":"Bash"}`, true},
		{`{"hook_event_name":"PostToolUseFailure","tool_name":"Bash"}`, true},
		{`{"hook_event_name":"AfterTool","tool_name":"run_shell_command"}`, true},
		{`{"hook_event_name":"\u0050ostToolUse","tool_name":"Bash"}`, true},
		{`{"hook_event_name":"\u0041\u0066\u0074\u0065\u0072\u0054\u006f\u006f\u006c"}`, true},
		{`{"hook_event_name":"Post\u0054oolUse\u0046ailure"}`, true},
		{`{"hook_event_name":"BeforeTool","tool_input":{"x":"\\u0050"}}`, true}, // "\u" as text: may, and is not
	} {
		got := mayNameRanEvent([]byte(tt.payload))
		if got != tt.want {
			t.Errorf("mayNameRanEvent(%s) = %v, want %v", tt.payload, got, tt.want)
		}
		if _, ok := ranEventOf([]byte(tt.payload)); ok && !got {
			t.Errorf("%s names a ran event, and the fast path passes over it", tt.payload)
		}
	}
}

func FuzzMayNameRanEvent(f *testing.F) {
	f.Add([]byte(`{"hook_event_name":"\u0050ostToolUse"}`))
	f.Add([]byte(`{"hook_event_name":"PostToolUse","tool_input":{"command":"a\"b"}}`))
	f.Add([]byte(`{"hook_event_name":"Before\u0054ool"}`))
	f.Fuzz(func(t *testing.T, payload []byte) {
		if event, ok := ranEventOf(payload); ok && !mayNameRanEvent(payload) {
			t.Fatalf("%q names %s, and the fast path passes over it", payload, event)
		}
	})
}
