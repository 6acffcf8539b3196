// Package codex speaks OpenAI Codex CLI's hook protocol (observed with
// Codex CLI 0.169.0; see docs/codex.md).
//
// Codex sends PreToolUse for its shell tool (`Bash`, input {command}), for
// apply_patch (input {command: the whole patch}, canonical ApplyPatch with
// the patch in `patch`), for MCP tools (mcp__SERVER__TOOL, as in Claude
// Code) and for view_image (a Read of `path`); and PermissionRequest when
// its interactive client is about to show its own approval prompt.
//
// Codex has no ask answer for PreToolUse (an "ask" is a failed hook, and a
// failed hook runs the call), so every PreToolUse call has CanAsk false and
// the front end resolves Warden's ask itself. `codex exec` sends
// permission_mode bypassPermissions on every call whatever the person
// chose; it is read as no mode at all (the settings' default) with nobody to
// ask. Answers use only the fields Codex accepts: one unknown field makes
// the hook a failure, and a failed hook runs the call.
package codex

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/toolspec"
)

// Name is the agent's name.
const Name = toolspec.AgentCodex

// Adapter is Codex CLI's agent.Adapter.
type Adapter struct{}

var _ agent.Adapter = Adapter{}

// Name returns "codex".
func (Adapter) Name() string { return Name }

// payload is Codex's hook input.
type payload struct {
	SessionID      string          `json:"session_id"`
	TurnID         string          `json:"turn_id"`
	TranscriptPath *string         `json:"transcript_path"`
	Cwd            string          `json:"cwd"`
	HookEventName  string          `json:"hook_event_name"`
	Model          string          `json:"model"`
	PermissionMode string          `json:"permission_mode"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	ToolUseID      string          `json:"tool_use_id"`
	AgentID        string          `json:"agent_id"`
	AgentType      string          `json:"agent_type"`
}

// Parse reads a PreToolUse or PermissionRequest payload.
func (Adapter) Parse(data []byte) (agent.Call, error) {
	var p payload
	if err := agent.DecodeObject(data, &p); err != nil {
		return agent.Call{}, err
	}
	var ev agent.Event
	switch p.HookEventName {
	case "PreToolUse":
		ev = agent.PreToolUse
	case "PermissionRequest":
		ev = agent.PermissionRequest
	default:
		return agent.Call{}, fmt.Errorf("hook payload: event %q: %w", p.HookEventName, agent.ErrUnsupportedEvent)
	}
	if p.ToolName == "" {
		return agent.Call{}, fmt.Errorf("hook payload: tool_name is missing")
	}
	input, err := agent.ToolInput(p.ToolInput)
	if err != nil {
		return agent.Call{}, err
	}
	name, canon, alias := agent.Canonical(Name, p.ToolName, input)
	req := api.Request{
		ToolName:      name,
		ToolInput:     canon,
		Cwd:           p.Cwd,
		SessionID:     p.SessionID,
		AgentID:       p.AgentID,
		AgentType:     p.AgentType,
		ToolUseID:     p.ToolUseID,
		HookEventName: string(ev),
	}
	if p.TranscriptPath != nil {
		req.TranscriptPath = *p.TranscriptPath
	}
	c := agent.Call{Agent: Name, Event: ev, NativeTool: p.ToolName, NativeInput: input, Alias: alias}
	switch api.Mode(p.PermissionMode) {
	case api.ModeBypass:
		// Every `codex exec` call says bypassPermissions, read-only sandbox
		// included: not a person's choice, and nobody to ask.
	default:
		req.PermissionMode = api.Mode(p.PermissionMode)
		// A PermissionRequest comes from the interactive client about to
		// show its prompt: no decision shows it to the person.
		c.CanAsk = ev == agent.PermissionRequest
	}
	c.Request = req
	return c, nil
}

// specific is hookSpecificOutput, with exactly the fields Codex accepts.
type specific struct {
	HookEventName            string         `json:"hookEventName"`
	PermissionDecision       string         `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string         `json:"permissionDecisionReason,omitempty"`
	UpdatedInput             map[string]any `json:"updatedInput,omitempty"`
	Decision                 *prDecision    `json:"decision,omitempty"`
}

// prDecision is a PermissionRequest decision: behavior allow, or deny
// with a message. Codex refuses updatedInput, updatedPermissions and
// interrupt here.
type prDecision struct {
	Behavior string `json:"behavior"`
	Message  string `json:"message,omitempty"`
}

type output struct {
	HookSpecificOutput specific `json:"hookSpecificOutput"`
}

// Answer writes the decision as Codex reads it.
//
// PreToolUse: allow is no objection (exit 0, nothing on stdout: Codex
// reports "allow" without a rewrite as a failed hook), or allow with
// updatedInput for a rewrite (in Codex's field names: apply_patch's patch
// goes back in command); deny carries a non-empty reason. An ask cannot be
// answered, so one that reaches here is denied.
//
// PermissionRequest: decision allow or deny; an ask, or an allow that
// rewrote the input (Codex refuses a rewrite there), is no decision, so
// Codex shows its own prompt to the person.
func (Adapter) Answer(c agent.Call, d api.Decision) agent.Answer {
	if c.Event == agent.PermissionRequest {
		switch {
		case d.Behavior == api.Allow && d.UpdatedInput == nil:
			return agent.Answer{Stdout: agent.EncodeJSON(output{specific{HookEventName: "PermissionRequest",
				Decision: &prDecision{Behavior: "allow"}}})}
		case d.Behavior == api.Allow || d.Behavior == api.Ask:
			return agent.Answer{}
		}
		return agent.Answer{Stdout: agent.EncodeJSON(output{specific{HookEventName: "PermissionRequest",
			Decision: &prDecision{Behavior: "deny", Message: agent.Describe(d)}}})}
	}
	if d.Behavior == api.Allow {
		if d.UpdatedInput == nil {
			return agent.Answer{}
		}
		return agent.Answer{Stdout: agent.EncodeJSON(output{specific{HookEventName: "PreToolUse",
			PermissionDecision: "allow", UpdatedInput: c.Native(d.UpdatedInput)}})}
	}
	if d.Behavior == api.Ask {
		d = agent.Unasked(d, "Codex cannot ask from a hook")
	}
	return agent.Answer{Stdout: agent.EncodeJSON(output{specific{HookEventName: "PreToolUse",
		PermissionDecision: "deny", PermissionDecisionReason: agent.Describe(d)}})}
}

// Fail blocks the call: exit 2 with the reason on stderr (Codex blocks on
// exit 2 only when stderr is not empty).
func (Adapter) Fail(err error) agent.Answer {
	return agent.Answer{Stderr: "warden: " + agent.OneLine(err.Error()) + "\n", Exit: 2}
}

// Unsupported answers a PostToolUse or any other event with no objection.
func (Adapter) Unsupported(error) agent.Answer { return agent.Answer{} }

// Undecided answers nothing: no objection.
func (Adapter) Undecided(agent.Call) agent.Answer { return agent.Answer{} }

// Probe returns a PreToolUse payload running pwd in dir, as `codex exec`
// sends it.
// (broken: with a tool input that is not an object).
func (Adapter) Probe(dir string, broken bool) []byte {
	var input any = map[string]any{"command": "pwd"}
	if broken {
		input = "not an object"
	}
	return agent.EncodeJSON(map[string]any{"session_id": "warden-probe", "turn_id": "warden-probe", "transcript_path": nil,
		"cwd": dir, "hook_event_name": "PreToolUse", "model": "warden-probe", "permission_mode": "bypassPermissions",
		"tool_name": "Bash", "tool_input": input, "tool_use_id": "call_warden_probe"})
}

// Verify accepts exit 0 with nothing on stdout (no objection) or a
// PreToolUse answer with exactly the fields Codex accepts, and exit 2 with
// a reason (a block), which a broken probe must get.
func (Adapter) Verify(a agent.Answer, broken bool) error {
	if broken {
		if a.Exit != 2 || strings.TrimSpace(a.Stderr) == "" {
			return fmt.Errorf("a payload Warden cannot read does not block (exit %d, stderr %q): Codex would run the call", a.Exit, agent.OneLine(a.Stderr))
		}
		return nil
	}
	switch a.Exit {
	case 0:
	case 2:
		if a.Stderr == "" {
			return errors.New("exit 2 with nothing on stderr: Codex counts it as a failed hook and runs the call")
		}
		return fmt.Errorf("it blocks every call: %s", agent.OneLine(a.Stderr))
	default:
		return fmt.Errorf("exit %d, a failed hook to Codex, which then runs the call: %s", a.Exit, agent.OneLine(a.Stderr))
	}
	if len(bytes.TrimSpace(a.Stdout)) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(a.Stdout))
	dec.DisallowUnknownFields()
	var out output
	if err := dec.Decode(&out); err != nil {
		return fmt.Errorf("answer is not one Codex accepts (%v): %q", err, agent.OneLine(string(a.Stdout)))
	}
	if out.HookSpecificOutput.HookEventName != "PreToolUse" {
		return fmt.Errorf("answer is not for PreToolUse: %q", agent.OneLine(string(a.Stdout)))
	}
	return nil
}
