package claudecode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/hook"
	"github.com/wardenhq/warden/internal/jsonerr"
)

// Claude Code's payloads and answers. The payload is the one Warden gives
// its own hooks (hook.Payload), and the answer the one it reads back from
// them (hook.Output): Warden's hook settings are Claude Code's.

// parsePayload reads a hook payload as Claude Code sends it. The payload
// must be one JSON object with a tool_name, a tool_input object (an absent
// one counts as empty) and a hook_event_name of PreToolUse or PermissionRequest; an absent event name
// counts as PreToolUse. Unknown fields are ignored, as Claude Code adds
// fields over time. A payload of another event gives an error wrapping
// ErrUnsupportedEvent.
func parsePayload(data []byte) (hook.Payload, error) {
	var p hook.Payload
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return p, errors.New("hook payload is empty")
	}
	if trimmed[0] != '{' {
		return p, errors.New("hook payload is not a JSON object")
	}
	if err := decodePayload(trimmed, &p); err != nil {
		return hook.Payload{}, fmt.Errorf("hook payload: %w", jsonError(trimmed, err))
	}
	switch p.HookEventName {
	case "":
		p.HookEventName = hook.EventPreToolUse
	case hook.EventPreToolUse, hook.EventPermissionRequest:
	default:
		return hook.Payload{}, fmt.Errorf("hook payload: event %q: %w", p.HookEventName, agent.ErrUnsupportedEvent)
	}
	if p.ToolName == "" {
		return hook.Payload{}, errors.New("hook payload: tool_name is missing")
	}
	if p.ToolInput == nil {
		if raw := rawField(trimmed, "tool_input"); raw != "" && raw != "null" {
			return hook.Payload{}, errors.New("hook payload: tool_input is not an object")
		}
		p.ToolInput = map[string]any{}
	}
	// An unknown permission_mode (a mode newer than this Warden) is kept:
	// the engine decides such a call in default mode with a warning, and
	// treats the agent as one that may not ask anyone. Refusing the
	// payload would block every call.
	return p, nil
}

// rawField returns the raw JSON of a top-level field of an object that is
// known to decode, or "" when it is absent.
func rawField(obj []byte, name string) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(obj, &m) != nil {
		return ""
	}
	return string(bytes.TrimSpace(m[name]))
}

// jsonError adds a line and column to a JSON syntax error.
func jsonError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col, _ := jsonerr.Position(data, err)
		return fmt.Errorf("line %d column %d: %w", line, col, err)
	}
	return err
}

// Request returns the tool call the payload describes.
func request(p hook.Payload) api.Request {
	return api.Request{
		ToolName:       p.ToolName,
		ToolInput:      p.ToolInput,
		Cwd:            p.Cwd,
		SessionID:      p.SessionID,
		AgentID:        p.AgentID,
		AgentType:      p.AgentType,
		PermissionMode: api.Mode(p.PermissionMode),
		TranscriptPath: p.TranscriptPath,
		ToolUseID:      p.ToolUseID,
		HookEventName:  p.HookEventName,
	}
}

// preToolUseAnswer returns Warden's decision as a PreToolUse hook answer:
// permissionDecision allow, deny or ask, the reason saying who decided, and
// the rewritten input when a hook changed it.
func preToolUseAnswer(d api.Decision) hook.Output {
	behavior := d.Behavior
	if !behavior.Valid() {
		behavior = api.Deny
	}
	spec := &hook.SpecificOutput{
		HookEventName:            hook.EventPreToolUse,
		PermissionDecision:       string(behavior),
		PermissionDecisionReason: agent.Describe(d),
	}
	if behavior != api.Deny {
		spec.UpdatedInput = d.UpdatedInput
	}
	return hook.Output{HookSpecificOutput: spec}
}

// permissionRequestAnswer returns Warden's decision as a PermissionRequest
// hook answer: decision.behavior allow or deny when Warden decided, and no
// decision when Warden would ask, so Claude Code shows its own dialog.
func permissionRequestAnswer(d api.Decision) hook.Output {
	switch d.Behavior {
	case api.Allow:
		return hook.Output{HookSpecificOutput: &hook.SpecificOutput{
			HookEventName: hook.EventPermissionRequest,
			Decision:      &hook.PermissionDecision{Behavior: "allow", UpdatedInput: d.UpdatedInput},
		}}
	case api.Ask:
		return hook.Output{}
	default:
		return hook.Output{HookSpecificOutput: &hook.SpecificOutput{
			HookEventName: hook.EventPermissionRequest,
			Decision:      &hook.PermissionDecision{Behavior: "deny", Message: agent.Describe(d)},
		}}
	}
}
