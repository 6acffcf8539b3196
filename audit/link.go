package audit

import (
	"bytes"
	"encoding/json"
	"io"
	"os"

	"github.com/wardenhq/warden/api"
)

// linkWindow is how much of the end of the audit file is searched for the
// record a later one follows: the agent sends the PermissionRequest right
// after the PreToolUse hook answered ask, and the PostToolUse once the
// call has run.
const linkWindow = 256 << 10

// linked is the part of an earlier record a later one is tied to.
type linked struct {
	ID        string       `json:"id"`
	Session   string       `json:"session"`
	Tool      string       `json:"tool"`
	Digest    string       `json:"input_digest"`
	ToolUseID string       `json:"tool_use_id"`
	Event     string       `json:"event"`
	Behavior  api.Behavior `json:"behavior"`
	Reason    api.Reason   `json:"reason"`
	Risk      api.Risk     `json:"risk"`
	Outcome   string       `json:"outcome"`
}

// findLinked returns the latest record at the end of the audit file that
// mentions key (a cheap filter before decoding) and satisfies match.
func findLinked(path, key string, match func(*linked) bool) (linked, bool) {
	if key == "" {
		return linked{}, false
	}
	f, err := os.Open(path)
	if err != nil {
		return linked{}, false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return linked{}, false
	}
	start := max(fi.Size()-linkWindow, 0)
	data, err := io.ReadAll(io.NewSectionReader(f, start, fi.Size()-start))
	if err != nil {
		return linked{}, false
	}
	if start > 0 {
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			data = data[i+1:]
		}
	}
	lines := bytes.Split(data, []byte{'\n'})
	for i := len(lines) - 1; i >= 0; i-- {
		line := lines[i]
		if !bytes.Contains(line, []byte(key)) {
			continue
		}
		var prev linked
		if json.Unmarshal(line, &prev) != nil {
			continue
		}
		if match(&prev) {
			return prev, true
		}
	}
	return linked{}, false
}

// findToolUse returns the tool_use_id of the latest PreToolUse record at
// the end of the audit file with r's session, tool and input digest, or ""
// when there is none. Claude Code's PermissionRequest carries no
// tool_use_id; the keyed digest of the same input ties the two.
func findToolUse(path string, r Record) string {
	if r.Session == "" {
		return ""
	}
	prev, ok := findLinked(path, r.InputDigest, func(p *linked) bool {
		return p.Session == r.Session && p.Tool == r.Tool && p.Digest == r.InputDigest &&
			p.ToolUseID != "" && p.Event != EventPermissionRequest && p.Event != EventPostToolUse
	})
	if !ok {
		return ""
	}
	return prev.ToolUseID
}

// linkRan ties a record that tells a call ran to the decision it follows:
// the latest decision record with r's tool_use_id, or, when the agent
// gives none (Gemini CLI), with r's session, tool and input digest. The
// record takes that decision's ID, behaviour, reason and risk, so the log
// reads "decision, who decided, outcome" on one line. A call whose
// decision is not found (decided elsewhere, or before the window) keeps
// its own ID and says so in a warning.
func linkRan(path string, r *Record) {
	var prev linked
	var ok bool
	notRan := func(p *linked) bool { return p.Outcome != OutcomeRan && p.Event != EventPostToolUse }
	if r.ToolUseID != "" {
		prev, ok = findLinked(path, r.ToolUseID, func(p *linked) bool {
			return p.ToolUseID == r.ToolUseID && p.Tool == r.Tool && notRan(p)
		})
	}
	if !ok && r.Session != "" {
		prev, ok = findLinked(path, r.InputDigest, func(p *linked) bool {
			return p.Session == r.Session && p.Tool == r.Tool && p.Digest == r.InputDigest && notRan(p)
		})
	}
	if !ok {
		r.Warnings = append(r.Warnings, "the decision this call followed is not in this audit log")
		return
	}
	r.ID, r.Behavior, r.Reason, r.Risk = prev.ID, prev.Behavior, prev.Reason, prev.Risk
	if r.ToolUseID == "" {
		r.ToolUseID = prev.ToolUseID
	}
}
