package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/internal/jsonerr"
	"github.com/wardenhq/warden/toolspec"
)

// Event is the hook event a payload is for, in Warden's words.
type Event string

// The events Warden answers.
const (
	// PreToolUse is asked before every tool call (Gemini CLI's BeforeTool).
	PreToolUse Event = "PreToolUse"
	// PermissionRequest is asked when the agent is about to show its own
	// approval prompt.
	PermissionRequest Event = "PermissionRequest"
)

// ErrUnsupportedEvent is returned by Parse for a payload of an event Warden
// does not answer (a PostToolUse, an AfterTool, a Stop).
var ErrUnsupportedEvent = errors.New("unsupported hook event")

// Call is one hook invocation, read from an agent's payload.
type Call struct {
	// Agent is the adapter's name.
	Agent string
	// Event is the event the agent asks about.
	Event Event
	// Request is the tool call with canonical names and fields.
	Request api.Request
	// CanAsk reports whether an ask answer reaches a person. It is false
	// where the agent has no ask answer (Codex's PreToolUse), or where it
	// would not put the ask to anyone (Claude Code in bypassPermissions or
	// dontAsk, `codex exec`, Gemini CLI run headless): the front end then
	// resolves the ask itself.
	CanAsk bool
	// HandOn, when set, means the agent runs in auto mode and puts an ask
	// to its person after Warden's own classifier has had its say: Warden
	// settles what its unattended deciders can and hands on the rest as
	// ask (warden.Engine.DecideAuto). It reports whether the ask of one
	// decision reaches the person with Warden's reason; where it does not,
	// the front end settles that ask as for CanAsk false.
	HandOn func(api.Decision) bool
	// NativeTool is the tool name the agent used.
	NativeTool string
	// NativeInput is the tool input the agent sent.
	NativeInput map[string]any
	// Alias maps the input's field names between the agent's and the
	// canonical ones (nil when they are the same).
	Alias *toolspec.Alias
}

// Native returns a canonical tool input (a rewrite by a hook or a
// person) with the agent's field names, for the agent's answer.
func (c *Call) Native(input map[string]any) map[string]any {
	return c.Alias.Denormalize(input)
}

// Answer is what the hook process writes and how it exits (or, over HTTP,
// the body and whether the call failed).
type Answer struct {
	Stdout []byte
	Stderr string
	Exit   int
}

// Adapter speaks one agent's hook protocol.
type Adapter interface {
	// Name is the agent's name, as `--agent NAME` and `warden init NAME`
	// take it.
	Name() string
	// Parse reads one payload. A payload of an event Warden does not answer
	// gives an error wrapping ErrUnsupportedEvent.
	Parse(payload []byte) (Call, error)
	// Answer writes Warden's final decision for c.
	Answer(c Call, d api.Decision) Answer
	// Fail answers when Warden could not decide (a payload it cannot read,
	// settings it cannot load): the call must not run.
	Fail(err error) Answer
	// Unsupported answers a payload of an event Warden does not answer.
	Unsupported(err error) Answer
	// Undecided answers with no decision at all (Warden run as a hook of
	// Warden itself: the outer Warden decides).
	Undecided(c Call) Answer
	// Probe returns a PreToolUse payload as the agent sends it, to prove
	// that an installed hook answers: a harmless read-only call in dir, or
	// when broken one whose tool input is not an object, which Warden
	// cannot decide and must block.
	Probe(dir string, broken bool) []byte
	// Verify reports whether a hook's output for Probe is an answer the
	// agent acts on as a decision (nil), and for a broken probe whether it
	// blocks the call; if not, what is wrong.
	Verify(a Answer, broken bool) error
}

// Unasked turns an ask nobody will answer into a deny that says why it
// was asked and names the narrowest rules that would allow the call. A
// decision that is not an ask is returned unchanged.
func Unasked(d api.Decision, why string) api.Decision {
	if d.Behavior != api.Ask {
		return d
	}
	msg := strings.TrimSpace(d.Reason.Message)
	var b strings.Builder
	b.WriteString(why)
	b.WriteString(", so Warden denies what it would ask")
	if msg != "" {
		b.WriteString(": ")
		b.WriteString(msg)
	}
	if len(d.Suggestions) > 0 {
		b.WriteString("; to allow it, add the rule ")
		b.WriteString(strings.Join(d.Suggestions, " or "))
		b.WriteString(" (or run `warden serve` and set WARDEN_SERVER to approve on its page)")
	} else {
		b.WriteString(" (run `warden serve` and set WARDEN_SERVER to approve it on the page)")
	}
	d.Behavior = api.Deny
	reason := d.Reason
	reason.Message = b.String()
	if reason.Type == api.ReasonDefault || reason.Type == "" {
		reason.Type = api.ReasonMode
	}
	d.Reason = reason
	return d
}

// Describe returns a one-line account of a decision for a person or a
// model: the behaviour, the reason's message, and in brackets who decided,
// where it was configured and the decision's id, as in
//
//	Warden deny: denied by rule Bash(curl *) (curl https://x) [/p/.warden/settings.json:5 (project); decision d-1f…]
func Describe(d api.Decision) string {
	behavior := d.Behavior
	if !behavior.Valid() {
		behavior = api.Deny
	}
	r := d.Reason
	name := r.Who()
	if r.Type == "" {
		name = "warden" // Warden itself, with no more to say
	}
	msg := strings.TrimSpace(r.Message)
	if msg == "" && len(d.Findings) > 0 {
		descs := make([]string, len(d.Findings))
		for i, f := range d.Findings {
			descs[i] = f.Description
		}
		msg = strings.Join(descs, "; ")
	}
	var b strings.Builder
	b.WriteString("Warden ")
	b.WriteString(string(behavior))
	var details []string
	who := name
	if msg == "" {
		b.WriteString(" by ")
		b.WriteString(name)
		who = ""
	} else {
		b.WriteString(": ")
		b.WriteString(msg)
		if specific := strings.TrimPrefix(name, string(r.Type)+" "); (r.Type == api.ReasonRule || r.Type == api.ReasonHook) &&
			specific != name && strings.Contains(msg, specific) {
			// The message already names the rule or hook.
			who = ""
		}
	}
	if loc := reasonLocation(r); loc != "" && (r.File == "" || !strings.Contains(msg, r.File)) {
		if who != "" {
			who += " at " + loc
		} else {
			who = loc
		}
	}
	if who != "" {
		details = append(details, who)
	}
	if d.ID != "" {
		details = append(details, "decision "+d.ID)
	}
	if len(details) > 0 {
		b.WriteString(" [")
		b.WriteString(strings.Join(details, "; "))
		b.WriteString("]")
	}
	return OneLine(b.String())
}

// reasonLocation says where the deciding rule or hook was configured:
// "/p/.warden/settings.json:5 (project)".
func reasonLocation(r api.Reason) string {
	loc := r.File
	if loc != "" && r.Line > 0 {
		loc = fmt.Sprintf("%s:%d", r.File, r.Line)
	}
	switch {
	case loc != "" && r.Source != "":
		return loc + " (" + r.Source + ")"
	case r.Source != "":
		return r.Source
	}
	return loc
}

// OneLine replaces line breaks so a reason stays on one line.
func OneLine(s string) string {
	return lineBreaks.Replace(strings.TrimSpace(s))
}

var lineBreaks = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")

// DecodeObject decodes a payload that must be one JSON object into v; a
// syntax error says its line and column.
func DecodeObject(data []byte, v any) error {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return errors.New("hook payload is empty")
	}
	if trimmed[0] != '{' {
		return errors.New("hook payload is not a JSON object")
	}
	if err := json.Unmarshal(data, v); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line, col, _ := jsonerr.Position(data, err)
			return fmt.Errorf("hook payload: line %d column %d: %w", line, col, err)
		}
		return fmt.Errorf("hook payload: %w", err)
	}
	return nil
}

// ToolInput reads a payload's tool_input: an object, or absent or null
// (an empty object). Anything else is an error.
func ToolInput(raw json.RawMessage) (map[string]any, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return map[string]any{}, nil
	}
	if raw[0] != '{' {
		return nil, errors.New("hook payload: tool_input is not an object")
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("hook payload: tool_input: %w", err)
	}
	return m, nil
}

// Canonical maps an agent's tool name and input to the canonical ones: the
// tool table's name and fields, the name unchanged for tools it does not
// know (MCP tools among them).
func Canonical(agentName, tool string, input map[string]any) (string, map[string]any, *toolspec.Alias) {
	t, a, ok := toolspec.ForAgent(agentName, tool)
	if !ok {
		return tool, input, nil
	}
	return t.Name, a.Normalize(input), a
}

// EncodeJSON writes v as one line of JSON without HTML escaping.
func EncodeJSON(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Every answer is built from strings and maps of decoded JSON.
		panic("agent: encoding an answer: " + err.Error())
	}
	return b.Bytes()
}
