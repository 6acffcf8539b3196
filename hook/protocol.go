package hook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/internal/jsonerr"
	"github.com/wardenhq/warden/internal/jsonw"
)

// Payload is the JSON object Claude Code writes to a hook's stdin, and the
// one Warden writes to the stdin of the hooks it runs.
type Payload struct {
	SessionID      string         `json:"session_id"`
	TranscriptPath string         `json:"transcript_path"`
	Cwd            string         `json:"cwd"`
	PermissionMode string         `json:"permission_mode"`
	HookEventName  string         `json:"hook_event_name"`
	ToolName       string         `json:"tool_name"`
	ToolInput      map[string]any `json:"tool_input"`
	// ToolUseID is set for PreToolUse only.
	ToolUseID string `json:"tool_use_id,omitempty"`
	// AgentID and AgentType are set inside sub-agents.
	AgentID   string `json:"agent_id,omitempty"`
	AgentType string `json:"agent_type,omitempty"`
	// PermissionSuggestions are the "always allow" options Claude Code would
	// offer in its dialog (PermissionRequest only); Warden passes them
	// through untouched.
	PermissionSuggestions []any `json:"permission_suggestions,omitempty"`
}

// ErrUnsupportedEvent is returned for a hook's output for an event Warden
// does not run hooks for (anything but PreToolUse and PermissionRequest).
var ErrUnsupportedEvent = errors.New("unsupported hook event")

// NewPayload returns the stdin payload for a hook run for event.
func NewPayload(event string, req api.Request, suggestions []any) Payload {
	p := Payload{
		SessionID:      req.SessionID,
		TranscriptPath: req.TranscriptPath,
		Cwd:            req.Cwd,
		PermissionMode: string(req.PermissionMode),
		HookEventName:  event,
		ToolName:       req.ToolName,
		ToolInput:      req.ToolInput,
		AgentID:        req.AgentID,
		AgentType:      req.AgentType,
	}
	if p.PermissionMode == "" {
		p.PermissionMode = string(api.ModeDefault)
	}
	if p.ToolInput == nil {
		p.ToolInput = map[string]any{}
	}
	switch event {
	case EventPreToolUse:
		p.ToolUseID = req.ToolUseID
	case EventPermissionRequest:
		p.PermissionSuggestions = suggestions
	}
	return p
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

// Output is the JSON object a hook writes to stdout, as Claude Code reads
// it. Warden reads it from the hooks it runs and writes it as `warden hook`.
type Output struct {
	// Continue false stops the agent; StopReason is shown to the user.
	Continue   *bool  `json:"continue,omitempty"`
	StopReason string `json:"stopReason,omitempty"`
	// SuppressOutput hides the hook's stdout from the transcript.
	SuppressOutput bool `json:"suppressOutput,omitempty"`
	// SystemMessage is a warning shown to the user.
	SystemMessage string `json:"systemMessage,omitempty"`
	// Decision ("approve" or "block") and Reason are the older PreToolUse
	// fields; they are read as allow and deny.
	Decision           string          `json:"decision,omitempty"`
	Reason             string          `json:"reason,omitempty"`
	HookSpecificOutput *SpecificOutput `json:"hookSpecificOutput,omitempty"`
}

// SpecificOutput is the event-specific part of a hook's output.
type SpecificOutput struct {
	HookEventName string `json:"hookEventName"`

	// PermissionDecision is allow, deny, ask or defer (PreToolUse).
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	// UpdatedInput replaces the whole tool input (PreToolUse).
	UpdatedInput      map[string]any `json:"updatedInput,omitempty"`
	AdditionalContext string         `json:"additionalContext,omitempty"`

	// Decision is the answer to a PermissionRequest; nil means undecided.
	Decision *PermissionDecision `json:"decision,omitempty"`
}

// PermissionDecision is a PermissionRequest hook's answer.
type PermissionDecision struct {
	// Behavior is allow or deny.
	Behavior string `json:"behavior"`
	// UpdatedInput replaces the tool input (allow only).
	UpdatedInput       map[string]any `json:"updatedInput,omitempty"`
	UpdatedPermissions []any          `json:"updatedPermissions,omitempty"`
	// Message tells the model why (deny only).
	Message string `json:"message,omitempty"`
	// Interrupt with deny stops the agent.
	Interrupt bool `json:"interrupt,omitempty"`
}

// verdict is one hook's answer after reading its output.
type verdict struct {
	behavior      api.Behavior // "" when undecided
	deferred      bool         // PreToolUse "defer"
	reason        string
	updatedInput  map[string]any
	systemMessage string
	stop          bool
	stopReason    string
}

// parseOutput reads a hook's stdout for event. Output that does not start
// with '{' is plain text and leaves the hook undecided, as in Claude Code;
// output that starts with '{' but is not a valid answer is an error.
func parseOutput(event string, stdout []byte) (verdict, error) {
	var v verdict
	trimmed := bytes.TrimSpace(stdout)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return v, nil
	}
	var out Output
	if err := json.Unmarshal(trimmed, &out); err != nil {
		return v, fmt.Errorf("output is not valid JSON: %w", jsonError(trimmed, err))
	}
	v.systemMessage = out.SystemMessage
	if out.Continue != nil && !*out.Continue {
		v.stop = true
		v.stopReason = out.StopReason
	}
	spec := out.HookSpecificOutput
	if spec != nil && spec.HookEventName != "" && spec.HookEventName != event {
		return verdict{}, fmt.Errorf("output is for event %q, not %q", spec.HookEventName, event)
	}
	switch event {
	case EventPreToolUse:
		decision, reason := "", out.Reason
		if spec != nil {
			decision = spec.PermissionDecision
			if spec.PermissionDecisionReason != "" {
				reason = spec.PermissionDecisionReason
			}
			v.updatedInput = spec.UpdatedInput
		}
		if decision == "" {
			switch out.Decision {
			case "":
			case "approve":
				decision = "allow"
			case "block":
				decision = "deny"
			default:
				return verdict{}, fmt.Errorf("unknown decision %q (want approve or block)", out.Decision)
			}
		}
		switch decision {
		case "":
		case "allow", "deny", "ask":
			v.behavior = api.Behavior(decision)
		case "defer":
			v.deferred = true
		default:
			return verdict{}, fmt.Errorf("unknown permissionDecision %q (want allow, deny, ask or defer)", decision)
		}
		v.reason = reason
	case EventPermissionRequest:
		if spec == nil || spec.Decision == nil {
			return v, nil
		}
		d := spec.Decision
		switch d.Behavior {
		case "allow":
			v.behavior = api.Allow
			v.updatedInput = d.UpdatedInput
		case "deny":
			v.behavior = api.Deny
			v.reason = d.Message
			if d.Interrupt {
				v.stop = true
				if v.stopReason == "" {
					v.stopReason = d.Message
				}
			}
		default:
			return verdict{}, fmt.Errorf("unknown decision.behavior %q (want allow or deny)", d.Behavior)
		}
	default:
		return verdict{}, fmt.Errorf("%w %q", ErrUnsupportedEvent, event)
	}
	return v, nil
}

// MarshalJSON writes o as encoding/json would from its field tags, without
// the reflection encoding/json spends, once per process, learning the
// types: every warden hook process writes one answer. TestOutputJSON holds
// it to the reflection's bytes.
func (o Output) MarshalJSON() ([]byte, error) {
	const e = jsonw.NoHTML // Marshal escapes HTML in the result itself
	b := make([]byte, 0, 256)
	b = append(b, '{')
	first := true
	key := func(k string) {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = append(b, k...)
		b = append(b, '"', ':')
	}
	str := func(k, v string) {
		if v != "" {
			key(k)
			b = e.String(b, v)
		}
	}
	if o.Continue != nil {
		key("continue")
		b = strconv.AppendBool(b, *o.Continue)
	}
	str("stopReason", o.StopReason)
	if o.SuppressOutput {
		key("suppressOutput")
		b = append(b, "true"...)
	}
	str("systemMessage", o.SystemMessage)
	str("decision", o.Decision)
	str("reason", o.Reason)
	var err error
	if s := o.HookSpecificOutput; s != nil {
		key("hookSpecificOutput")
		b = append(b, `{"hookEventName":`...)
		b = e.String(b, s.HookEventName)
		first = false
		str("permissionDecision", s.PermissionDecision)
		str("permissionDecisionReason", s.PermissionDecisionReason)
		if len(s.UpdatedInput) > 0 {
			key("updatedInput")
			if b, err = e.Object(b, s.UpdatedInput); err != nil {
				return nil, err
			}
		}
		str("additionalContext", s.AdditionalContext)
		if d := s.Decision; d != nil {
			key("decision")
			b = append(b, `{"behavior":`...)
			b = e.String(b, d.Behavior)
			if len(d.UpdatedInput) > 0 {
				key("updatedInput")
				if b, err = e.Object(b, d.UpdatedInput); err != nil {
					return nil, err
				}
			}
			if len(d.UpdatedPermissions) > 0 {
				key("updatedPermissions")
				if b, err = e.Value(b, d.UpdatedPermissions); err != nil {
					return nil, err
				}
			}
			str("message", d.Message)
			if d.Interrupt {
				key("interrupt")
				b = append(b, "true"...)
			}
			b = append(b, '}')
		}
		b = append(b, '}')
	}
	return append(b, '}'), nil
}
