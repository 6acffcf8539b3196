package hook

import (
	"bytes"
	"encoding/json"
	"testing"
)

// plainOutput is Output without its MarshalJSON: what encoding/json writes
// from the field tags by reflection.
type plainOutput Output

// encodings are the two ways an Output is written: by Marshal (HTML
// escaped) and by an Encoder without HTML escaping, as agents are answered.
func encodings(t *testing.T, v any) (marshal, noHTML []byte) {
	t.Helper()
	m, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return m, b.Bytes()
}

// TestOutputJSON holds the hand-written encoding to the reflection's bytes,
// both ways, for every field and for strings JSON escapes.
func TestOutputJSON(t *testing.T) {
	odd := "a<b>&c \"q\" \\ \n\t\x00 é \u2028\u2029 \xff end"
	yes, no := true, false
	for _, o := range []Output{
		{},
		{Continue: &no, StopReason: odd, SuppressOutput: true, SystemMessage: odd, Decision: "block", Reason: odd},
		{Continue: &yes},
		{HookSpecificOutput: &SpecificOutput{HookEventName: EventPreToolUse}},
		{HookSpecificOutput: &SpecificOutput{HookEventName: EventPreToolUse, PermissionDecision: "ask", PermissionDecisionReason: odd,
			UpdatedInput:      map[string]any{"command": odd, "timeout": 120000.0, "z": []any{1.5, nil, true, map[string]any{"<": ">"}}, "s": []string{"<x>"}},
			AdditionalContext: odd}},
		{HookSpecificOutput: &SpecificOutput{HookEventName: EventPermissionRequest, UpdatedInput: map[string]any{}}},
		{HookSpecificOutput: &SpecificOutput{HookEventName: EventPermissionRequest, Decision: &PermissionDecision{Behavior: "allow"}}},
		{SystemMessage: "m", HookSpecificOutput: &SpecificOutput{HookEventName: EventPermissionRequest, Decision: &PermissionDecision{Behavior: "deny",
			UpdatedInput: map[string]any{"a": "&"}, UpdatedPermissions: []any{map[string]any{"type": "addRules", "rules": []any{"Bash(ls:*)"}}}, Message: odd, Interrupt: true}}},
	} {
		wm, wn := encodings(t, plainOutput(o))
		gm, gn := encodings(t, o)
		if string(gm) != string(wm) {
			t.Errorf("Marshal:\ngot  %s\nwant %s", gm, wm)
		}
		if string(gn) != string(wn) {
			t.Errorf("Encoder without HTML escaping:\ngot  %s\nwant %s", gn, wn)
		}
	}
}

func FuzzOutputJSON(f *testing.F) {
	f.Add("ask", "<reason> & more", "cmd")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		o := Output{SystemMessage: c, HookSpecificOutput: &SpecificOutput{HookEventName: a, PermissionDecision: a, PermissionDecisionReason: b,
			UpdatedInput: map[string]any{c: b, b: []any{a}}, Decision: &PermissionDecision{Behavior: b, Message: c}}}
		wm, wn := encodings(t, plainOutput(o))
		gm, gn := encodings(t, o)
		if string(gm) != string(wm) || string(gn) != string(wn) {
			t.Fatalf("got %s / %s\nwant %s / %s", gm, gn, wm, wn)
		}
	})
}
