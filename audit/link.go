package audit

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
)

// linkWindow is how much of the end of the audit file is searched for the
// PreToolUse record a PermissionRequest follows: the agent sends the
// PermissionRequest right after the PreToolUse hook answered ask.
const linkWindow = 256 << 10

// findToolUse returns the tool_use_id of the latest PreToolUse record at
// the end of the audit file with r's session, tool and input digest, or ""
// when there is none. Claude Code's PermissionRequest carries no
// tool_use_id; the keyed digest of the same input ties the two.
func findToolUse(path string, r Record) string {
	if r.Session == "" {
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return ""
	}
	start := max(fi.Size()-linkWindow, 0)
	data, err := io.ReadAll(io.NewSectionReader(f, start, fi.Size()-start))
	if err != nil {
		return ""
	}
	if start > 0 {
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			data = data[i+1:]
		}
	}
	lines := bytes.Split(data, []byte{'\n'})
	for i := len(lines) - 1; i >= 0; i-- {
		line := lines[i]
		if !bytes.Contains(line, []byte(r.InputDigest)) {
			continue
		}
		var prev struct {
			Session   string `json:"session"`
			Tool      string `json:"tool"`
			Digest    string `json:"input_digest"`
			ToolUseID string `json:"tool_use_id"`
			Event     string `json:"event"`
		}
		if json.Unmarshal(line, &prev) != nil {
			continue
		}
		if prev.Session == r.Session && prev.Tool == r.Tool && prev.Digest == r.InputDigest &&
			prev.ToolUseID != "" && prev.Event != EventPermissionRequest {
			return prev.ToolUseID
		}
	}
	return ""
}
