package audit

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/internal/jsonw"
)

// Record is one final decision as the audit log keeps it.
type Record struct {
	// ID is the decision's ID, so a record can be found from a decision.
	ID   string    `json:"id"`
	Time time.Time `json:"time"`
	// Session, Agent and AgentType say who asked.
	Session   string `json:"session,omitempty"`
	Agent     string `json:"agent,omitempty"`
	AgentType string `json:"agent_type,omitempty"`
	Tool      string `json:"tool"`
	// Input is the tool input, redacted before it is written.
	Input map[string]any `json:"input"`
	// InputDigest is the keyed digest of the unredacted input
	// (DigestKey.Digest), set by the sink as it writes the record, so a
	// record can be matched to a call without keeping its secrets and a
	// redacted secret cannot be confirmed offline.
	InputDigest string `json:"input_digest"`
	// UpdatedInput is the input a hook or a person rewrote the call to.
	UpdatedInput map[string]any `json:"updated_input,omitempty"`
	Behavior     api.Behavior   `json:"behavior"`
	// Reason says who decided: rule text with file and line, hook, mode,
	// classifier, person, leader, timeout or grant.
	Reason   api.Reason    `json:"reason"`
	Findings []api.Finding `json:"findings,omitempty"`
	Risk     api.Risk      `json:"risk,omitempty"`
	Mode     api.Mode      `json:"mode,omitempty"`
	Cwd      string        `json:"cwd,omitempty"`
	// ToolUseID is the agent's ID of the call, when it came through a
	// hook. A PermissionRequest carries none; the FileSink then takes it
	// from the PreToolUse record of the same session, tool and input.
	ToolUseID string `json:"tool_use_id,omitempty"`
	// Event is the hook event that was answered (PreToolUse,
	// PermissionRequest), when the call came through a hook.
	Event string `json:"event,omitempty"`
	// Via names the front end that decided: check, hook, run, serve.
	Via string `json:"via,omitempty"`
	// Daemon names the daemon that decided, in a team of daemons (its
	// --name).
	Daemon string `json:"daemon,omitempty"`
	// Outcome is what became of the call, when known: OutcomeWithdrawn for
	// an ask abandoned before anyone answered it (the hook killed, the
	// client gone), OutcomeRan for a call the agent reports it ran
	// (PostToolUse, recorded as a record of its own with the call's
	// ToolUseID).
	Outcome string `json:"outcome,omitempty"`
	// ToolError is the error the agent reports the tool ended with, on a
	// record of Outcome OutcomeRan ("" when it reports success or nothing).
	ToolError string   `json:"tool_error,omitempty"`
	Warnings  []string `json:"warnings,omitempty"`
}

// The outcomes a record can tell.
const (
	OutcomeWithdrawn = "withdrawn"
	OutcomeRan       = "ran"
)

// NewRecord builds the record of decision d on request req. The input is
// copied (the sink digests and redacts the copy).
// The record's time is the decision's; a sink fills it in when zero. A
// decision without an ID gets a random one.
func NewRecord(req api.Request, d api.Decision) Record {
	id := d.ID
	if id == "" {
		var b [8]byte
		rand.Read(b[:]) // never fails (crypto/rand)
		id = "d-" + hex.EncodeToString(b[:])
	}
	return Record{
		ID:           id,
		Time:         d.Time,
		Session:      req.SessionID,
		Agent:        req.AgentID,
		AgentType:    req.AgentType,
		Tool:         req.ToolName,
		Input:        copyMap(req.ToolInput),
		UpdatedInput: copyMap(d.UpdatedInput),
		Behavior:     d.Behavior,
		Reason:       d.Reason,
		Findings:     append([]api.Finding(nil), d.Findings...),
		Risk:         d.Risk,
		Mode:         req.PermissionMode,
		Cwd:          req.Cwd,
		ToolUseID:    req.ToolUseID,
		Event:        req.HookEventName,
		Warnings:     append([]string(nil), d.Warnings...),
	}
}

func copyMap(m map[string]any) map[string]any {
	if m == nil {
		return nil
	}
	out, _ := copyValue(m).(map[string]any)
	return out
}

// copyValue deep-copies the maps and slices of a decoded JSON value.
func copyValue(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = copyValue(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = copyValue(x)
		}
		return out
	}
	return v
}

// Decider names who decided, for tables and counts: "rule Bash(rm:*)",
// "hook ./check.sh", "user alice", … (api.Reason.Who).
func Decider(r api.Reason) string { return r.Who() }

// Where returns the file and line a rule came from ("settings.json:4"), or
// "".
func Where(r api.Reason) string {
	switch {
	case r.File != "" && r.Line > 0:
		return fmt.Sprintf("%s:%d", r.File, r.Line)
	case r.File != "":
		return r.File
	}
	return r.Source
}

// The hook events an audit record can answer.
const (
	EventPreToolUse        = "PreToolUse"
	EventPermissionRequest = "PermissionRequest"
	// EventPostToolUse marks a record that tells a call ran (Outcome
	// OutcomeRan), whichever agent event reported it.
	EventPostToolUse = "PostToolUse"
)

// appendJSON appends r as encoding/json's Marshal writes it, without the
// reflection Marshal spends, once per process, learning Record's fields:
// every warden hook process writes one record. TestRecordJSON holds it to
// Marshal's bytes.
func (r *Record) appendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"id":`...)
	b = jsonw.String(b, r.ID)
	t, err := r.Time.MarshalJSON()
	if err != nil {
		return b, err
	}
	b = append(b, `,"time":`...)
	b = append(b, t...)
	b = optString(b, `,"session":`, r.Session)
	b = optString(b, `,"agent":`, r.Agent)
	b = optString(b, `,"agent_type":`, r.AgentType)
	b = append(b, `,"tool":`...)
	b = jsonw.String(b, r.Tool)
	b = append(b, `,"input":`...)
	if b, err = jsonw.Object(b, r.Input); err != nil {
		return b, err
	}
	b = append(b, `,"input_digest":`...)
	b = jsonw.String(b, r.InputDigest)
	if len(r.UpdatedInput) > 0 {
		b = append(b, `,"updated_input":`...)
		if b, err = jsonw.Object(b, r.UpdatedInput); err != nil {
			return b, err
		}
	}
	b = append(b, `,"behavior":`...)
	b = jsonw.String(b, string(r.Behavior))
	b = append(b, `,"reason":`...)
	b = appendReason(b, &r.Reason)
	if len(r.Findings) > 0 {
		b = append(b, `,"findings":[`...)
		for i := range r.Findings {
			if i > 0 {
				b = append(b, ',')
			}
			f := &r.Findings[i]
			b = append(b, `{"category":`...)
			b = jsonw.String(b, f.Category)
			b = append(b, `,"description":`...)
			b = jsonw.String(b, f.Description)
			b = optString(b, `,"part":`, f.Part)
			b = append(b, `,"risk":`...)
			b = jsonw.String(b, string(f.Risk))
			b = optString(b, `,"path":`, f.Path)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = optString(b, `,"risk":`, string(r.Risk))
	b = optString(b, `,"mode":`, string(r.Mode))
	b = optString(b, `,"cwd":`, r.Cwd)
	b = optString(b, `,"tool_use_id":`, r.ToolUseID)
	b = optString(b, `,"event":`, r.Event)
	b = optString(b, `,"via":`, r.Via)
	b = optString(b, `,"daemon":`, r.Daemon)
	b = optString(b, `,"outcome":`, r.Outcome)
	b = optString(b, `,"tool_error":`, r.ToolError)
	if len(r.Warnings) > 0 {
		b = append(b, `,"warnings":[`...)
		for i, w := range r.Warnings {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.String(b, w)
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

func appendReason(b []byte, r *api.Reason) []byte {
	b = append(b, `{"type":`...)
	b = jsonw.String(b, string(r.Type))
	b = optString(b, `,"rule":`, r.Rule)
	b = optString(b, `,"source":`, r.Source)
	b = optString(b, `,"file":`, r.File)
	if r.Line != 0 {
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(r.Line), 10)
	}
	b = optString(b, `,"hook":`, r.Hook)
	b = optString(b, `,"mode":`, string(r.Mode))
	b = optString(b, `,"classifier":`, r.Classifier)
	b = optString(b, `,"person":`, r.Person)
	b = optString(b, `,"leader":`, r.Leader)
	b = optString(b, `,"grant":`, r.Grant)
	b = optString(b, `,"scope":`, string(r.Scope))
	b = append(b, `,"message":`...)
	b = jsonw.String(b, r.Message)
	return append(b, '}')
}

// optString appends a member whose value is a string and which is left
// out when empty (omitempty).
func optString(b []byte, key, s string) []byte {
	if s == "" {
		return b
	}
	b = append(b, key...)
	return jsonw.String(b, s)
}
