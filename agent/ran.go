package agent

import (
	"bytes"
	"encoding/json"
	"strings"
)

// PostToolUse is the event that reports a call ran (Gemini CLI's
// AfterTool, Claude Code's PostToolUseFailure for one that failed). Warden
// does not answer it: it records the outcome.
const PostToolUse Event = "PostToolUse"

// ranEvents maps each agent event that reports a call ran to the event
// that asked about the same call, whose payload has the same tool name and
// input: the adapter's Parse of that event reads the call exactly as the
// decision read it, so the two records match.
var ranEvents = map[string]string{
	"PostToolUse":        "PreToolUse",
	"PostToolUseFailure": "PreToolUse", // Claude Code, a call that failed
	"AfterTool":          "BeforeTool", // Gemini CLI
}

// Ran is a report that a call ran.
type Ran struct {
	// Call is the call as the adapter reads the event that asked about it,
	// with Event PostToolUse and the agent's event name in
	// Request.HookEventName.
	Call Call
	// ToolError is the error the payload says the tool ended with, or "".
	ToolError string
}

// ParseRan reads a payload of an event that reports a call ran (ok true),
// with ad's reading of the call. A payload of any other event gives ok
// false and leaves it to ad.Parse; one of such an event that cannot be
// read gives ok true and the error.
func ParseRan(ad Adapter, payload []byte) (r Ran, ok bool, err error) {
	if !mayNameRanEvent(payload) {
		return Ran{}, false, nil
	}
	var m map[string]json.RawMessage
	if DecodeObject(payload, &m) != nil {
		return Ran{}, false, nil // ad.Parse says what is wrong
	}
	var event string
	if json.Unmarshal(m["hook_event_name"], &event) != nil {
		return Ran{}, false, nil
	}
	pre, ok := ranEvents[event]
	if !ok {
		return Ran{}, false, nil
	}
	m["hook_event_name"], _ = json.Marshal(pre)
	asked, err := json.Marshal(m)
	if err != nil {
		return Ran{}, true, err
	}
	c, err := ad.Parse(asked)
	if err != nil {
		return Ran{}, true, err
	}
	c.Event = PostToolUse
	c.Request.HookEventName = event
	return Ran{Call: c, ToolError: toolError(m)}, true, nil
}

// mayNameRanEvent reports whether a payload may hold a string that decodes
// to one of ranEvents' names. The names are ASCII letters, and the only
// escape that gives a letter is \uXXXX: a payload without "\u" holds such
// a string only where it holds the name as written. Most payloads are
// asks, and this spares them a decoding of the whole payload on every
// hook call.
func mayNameRanEvent(payload []byte) bool {
	if bytes.Contains(payload, []byte(`\u`)) {
		return true
	}
	for name := range ranEvents {
		if bytes.Contains(payload, []byte(name)) {
			return true
		}
	}
	return false
}

// toolError finds the error a payload reports: Claude Code's
// PostToolUseFailure "error", or a tool_response that is an object with
// an "error" (a string, or an object with a "message"), or with
// "is_error"/"isError" true.
func toolError(m map[string]json.RawMessage) string {
	var s string
	if json.Unmarshal(m["error"], &s) == nil && strings.TrimSpace(s) != "" {
		return OneLine(s)
	}
	var resp map[string]json.RawMessage
	if json.Unmarshal(m["tool_response"], &resp) != nil {
		return ""
	}
	if raw, has := resp["error"]; has {
		if json.Unmarshal(raw, &s) == nil && strings.TrimSpace(s) != "" {
			return OneLine(s)
		}
		var e struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(raw, &e) == nil && strings.TrimSpace(e.Message) != "" {
			return OneLine(e.Message)
		}
	}
	for _, k := range []string{"is_error", "isError"} {
		var b bool
		if json.Unmarshal(resp[k], &b) == nil && b {
			return "the tool reported an error"
		}
	}
	return ""
}
