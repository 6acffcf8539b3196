package claudecode

import (
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/wardenhq/warden/hook"
	"github.com/wardenhq/warden/internal/jsonvalid"
)

// decodePayload decodes a JSON object into p as json.Unmarshal does —
// fields matched by their JSON name, exactly or else ignoring case
// (strings.EqualFold), in the payload's order, the last of a repeated one
// winning (tool_input objects merging), null leaving a string as it was, a
// value of the wrong type the first error while the rest is still decoded,
// unknown fields skipped — and returns the same error. The standard
// decoder builds its reflection tables of hook.Payload on every hook call
// (about a third of decoding a payload's cost in a process that decodes
// one); here each field's value is decoded on its own, into a string, a
// map or a slice, which need none (FuzzDecodePayload compares the two).
func decodePayload(data []byte, p *hook.Payload) error {
	if !jsonvalid.Valid(data) {
		return json.Unmarshal(data, p) // the standard decoder's syntax error
	}
	var first error
	i := skipSpace(data, 0)
	if data[i] != '{' {
		return json.Unmarshal(data, p)
	}
	i = skipSpace(data, i+1)
	for data[i] != '}' {
		keyEnd := skipString(data, i)
		key := unquote(data[i:keyEnd])
		i = skipSpace(data, keyEnd)
		i = skipSpace(data, i+1) // the ':'
		valEnd := skipValue(data, i)
		if err := decodeField(p, key, data[i:valEnd]); err != nil && first == nil {
			first = err
		}
		i = skipSpace(data, valEnd)
		if data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return first
}

// payloadFields are hook.Payload's fields by JSON name.
var payloadFields = [...]string{
	"session_id", "transcript_path", "cwd", "permission_mode", "hook_event_name", "tool_name",
	"tool_input", "tool_use_id", "agent_id", "agent_type", "permission_suggestions",
}

func decodeField(p *hook.Payload, key string, raw []byte) error {
	name := ""
	for _, f := range payloadFields {
		if f == key {
			name = f
			break
		}
	}
	if name == "" {
		for _, f := range payloadFields {
			if strings.EqualFold(f, key) {
				name = f
				break
			}
		}
	}
	var target any
	switch name {
	case "":
		return nil
	case "session_id":
		target = &p.SessionID
	case "transcript_path":
		target = &p.TranscriptPath
	case "cwd":
		target = &p.Cwd
	case "permission_mode":
		target = &p.PermissionMode
	case "hook_event_name":
		target = &p.HookEventName
	case "tool_name":
		target = &p.ToolName
	case "tool_use_id":
		target = &p.ToolUseID
	case "agent_id":
		target = &p.AgentID
	case "agent_type":
		target = &p.AgentType
	case "tool_input":
		target = &p.ToolInput
	case "permission_suggestions":
		target = &p.PermissionSuggestions
	}
	if s, ok := target.(*string); ok && plainString(raw) {
		*s = string(raw[1 : len(raw)-1])
		return nil
	}
	err := json.Unmarshal(raw, target)
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		// Named as the standard decoder names a field of the struct.
		te.Struct = "Payload"
		if te.Field != "" {
			te.Field = name + "." + te.Field
		} else {
			te.Field = name
		}
	}
	return err
}

// plainString reports a string literal without escapes whose bytes are
// valid UTF-8: its value is its text.
func plainString(raw []byte) bool {
	if len(raw) < 2 || raw[0] != '"' {
		return false
	}
	body := raw[1 : len(raw)-1]
	ascii := true
	for _, c := range body {
		if c == '\\' {
			return false
		}
		if c >= utf8.RuneSelf {
			ascii = false
		}
	}
	return ascii || utf8.Valid(body)
}

func unquote(raw []byte) string {
	if plainString(raw) {
		return string(raw[1 : len(raw)-1])
	}
	var s string
	json.Unmarshal(raw, &s) // valid: jsonvalid.Valid accepted the payload
	return s
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the offset just past the string literal at i.
func skipString(data []byte, i int) int {
	for i++; data[i] != '"'; i++ {
		if data[i] == '\\' {
			i++
		}
	}
	return i + 1
}

// skipValue returns the offset just past the (valid) value at i.
func skipValue(data []byte, i int) int {
	switch data[i] {
	case '"':
		return skipString(data, i)
	case '{', '[':
		depth := 0
		for {
			switch data[i] {
			case '"':
				i = skipString(data, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
	}
	for i < len(data) && !strings.ContainsRune(",}] \t\r\n", rune(data[i])) {
		i++
	}
	return i
}
