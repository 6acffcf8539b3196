// Package claudecode speaks Claude Code's hook protocol: PreToolUse and
// PermissionRequest payloads in, `hookSpecificOutput` answers out. Claude
// Code's tool names and fields are Warden's canonical ones, so the request
// is the payload as it stands.
//
// Claude Code puts an ask to a person, except in bypassPermissions mode
// (where its own pipeline allows what a hook asks about when its
// sensitive-file check also objects), dontAsk, and a mode Warden does not
// know (warden.NobodyToAsk): there the call cannot ask (Call.CanAsk is
// false) and the front end resolves the ask itself.
//
// Auto mode is Claude Code's default, and there a hook's ask shows Claude
// Code's own dialog with the hook's reason (its classifier is not
// consulted; in -p the ask is a denial whose reason the model sees). So in
// auto mode Warden's own classifier settles what it safely can and the
// rest is asked (Call.HandOn) — except where Claude Code's own check
// objects to the call (ReachesPerson), whose ask Claude Code hands to its
// classifier or to its own dialog without Warden's reason.
//
// A PermissionRequest is only sent when Claude Code is about to show its
// dialog, so an ask there means "no decision": the dialog shows.
package claudecode

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/hook"
	"github.com/wardenhq/warden/toolspec"
)

// Name is the agent's name.
const Name = toolspec.AgentClaudeCode

// Adapter is Claude Code's agent.Adapter.
type Adapter struct{}

var _ agent.Adapter = Adapter{}

// Name returns "claude-code".
func (Adapter) Name() string { return Name }

// Parse reads a PreToolUse or PermissionRequest payload (parsePayload).
func (Adapter) Parse(payload []byte) (agent.Call, error) {
	p, err := parsePayload(payload)
	if err != nil {
		return agent.Call{}, err
	}
	req := request(p)
	req.ToolName = toolspec.Canonical(req.ToolName)
	c := agent.Call{
		Agent:       Name,
		Event:       agent.Event(p.HookEventName),
		Request:     req,
		CanAsk:      true,
		NativeTool:  p.ToolName,
		NativeInput: p.ToolInput,
	}
	copilotFields(&c)
	// bypassPermissions, dontAsk and a mode Warden does not know put no
	// ask to a person, for a PermissionRequest as for a PreToolUse; auto
	// puts what Warden's classifier leaves to the person.
	c.CanAsk = !warden.NobodyToAsk(req.PermissionMode, false) || req.PermissionMode == api.ModeAuto
	if req.PermissionMode == api.ModeAuto && c.Event == agent.PreToolUse {
		c.HandOn = ReachesPerson
	}
	return c, nil
}

// ReachesPerson reports whether Claude Code in auto mode puts a hook's ask
// of the call decided as d to its person with the hook's reason. It does
// not where its own check objects to the call — a write to its settings,
// a shell start-up file, .git/ (Warden's agent-config-tamper finding
// covers each of them, by every route): there Claude Code hands the ask to
// "the full permission pipeline", whose classifier blocks a flagged call
// without asking and shows Claude Code's own file dialog, without Warden's
// reason, for one it does not flag (observed with 2.1.328 and 2.1.332).
func ReachesPerson(d api.Decision) bool {
	for _, f := range d.Findings {
		if f.Category == danger.AgentConfigTamper.Slug() {
			return false
		}
	}
	return true
}

// copilotFields reads the payload of GitHub Copilot CLI, which runs Claude
// Code's hooks with Claude Code's tool names but its own argument names
// (Write {path, file_text}, Edit {path, old_str, new_str}, Read {path}):
// when the tool's subject field is missing and Copilot's names give it, the
// input is read with those names (and a rewrite is answered in them).
func copilotFields(c *agent.Call) {
	t, ok := toolspec.Lookup(c.Request.ToolName)
	if !ok || t.Subject == "" {
		return
	}
	if _, has := c.Request.ToolInput[t.Subject]; has {
		return
	}
	_, a, ok := toolspec.ForAgent(toolspec.AgentCopilot, c.NativeTool)
	if !ok || a == nil || len(a.Fields) == 0 {
		return
	}
	if in := a.Normalize(c.Request.ToolInput); in[t.Subject] != nil {
		c.Request.ToolInput, c.Alias = in, a
	}
}

// Answer writes the decision as Claude Code reads it: for PreToolUse,
// permissionDecision allow, deny or ask with the reason; for
// PermissionRequest, decision.behavior allow or deny, or no decision for an
// ask so that Claude Code shows its dialog. Warnings become systemMessage.
func (Adapter) Answer(c agent.Call, d api.Decision) agent.Answer {
	if d.UpdatedInput != nil {
		d.UpdatedInput = c.Native(d.UpdatedInput)
	}
	if d.Behavior == api.Ask && !c.CanAsk {
		// The front end settles such an ask before answering; should one
		// come through, Claude Code must not get it (in bypassPermissions
		// its own pipeline would allow the call).
		d = agent.Unasked(d, "Claude Code does not ask a person in "+string(c.Request.PermissionMode)+" mode")
	}
	var out hook.Output
	if c.Event == agent.PermissionRequest {
		out = permissionRequestAnswer(d)
	} else {
		out = preToolUseAnswer(d)
	}
	if len(d.Warnings) > 0 {
		out.SystemMessage = "Warden: " + strings.Join(d.Warnings, "; ")
	}
	return agent.Answer{Stdout: agent.EncodeJSON(out)}
}

// exitBlock is Claude Code's "block" exit code: a PreToolUse hook that
// exits 2 denies the call with its stderr as the reason.
const exitBlock = 2

// Fail blocks the call: exit 2 with the error on stderr. (For
// PermissionRequest Claude Code ignores exit 2 and shows its own dialog.)
func (Adapter) Fail(err error) agent.Answer {
	return agent.Answer{Stderr: "warden: " + agent.OneLine(err.Error()) + "\n", Exit: exitBlock}
}

// Unsupported reports an event Warden does not answer with exit 1, a
// non-blocking error Claude Code shows: blocking a Stop or a PostToolUse
// would mean something else to it.
func (Adapter) Unsupported(err error) agent.Answer {
	return agent.Answer{Stderr: "warden: hook: " + agent.OneLine(err.Error()) +
		" (warden hook answers PreToolUse and PermissionRequest)\n", Exit: 1}
}

// Undecided answers {} : no decision.
func (Adapter) Undecided(agent.Call) agent.Answer {
	return agent.Answer{Stdout: []byte("{}\n")}
}

// Probe returns a PreToolUse payload reading dir (broken: with a tool
// input that is not an object).
func (Adapter) Probe(dir string, broken bool) []byte {
	var input any = map[string]any{"file_path": dir}
	if broken {
		input = "not an object"
	}
	return agent.EncodeJSON(map[string]any{"session_id": "warden-probe", "cwd": dir, "permission_mode": "default",
		"hook_event_name": "PreToolUse", "tool_name": "Read", "tool_input": input,
		"tool_use_id": "toolu_warden_probe"})
}

// Verify accepts exit 0 with a PreToolUse permissionDecision, and for a
// broken probe exit 2 with a reason (Claude Code's block).
func (Adapter) Verify(a agent.Answer, broken bool) error {
	if broken {
		if a.Exit != exitBlock || strings.TrimSpace(a.Stderr) == "" {
			return fmt.Errorf("a payload Warden cannot read does not block (exit %d, stderr %q)", a.Exit, agent.OneLine(a.Stderr))
		}
		return nil
	}
	if a.Exit != 0 {
		return fmt.Errorf("exit %d: %s", a.Exit, agent.OneLine(a.Stderr))
	}
	var out hook.Output
	if err := json.Unmarshal(a.Stdout, &out); err != nil {
		return fmt.Errorf("answer is not JSON: %q", agent.OneLine(string(a.Stdout)))
	}
	if out.HookSpecificOutput == nil || out.HookSpecificOutput.HookEventName != "PreToolUse" {
		return fmt.Errorf("answer has no PreToolUse decision: %q", agent.OneLine(string(a.Stdout)))
	}
	switch out.HookSpecificOutput.PermissionDecision {
	case "allow", "deny", "ask":
		return nil
	}
	return fmt.Errorf("answer has no permissionDecision: %q", agent.OneLine(string(a.Stdout)))
}
