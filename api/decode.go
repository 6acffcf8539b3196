package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/wardenhq/warden/internal/jsonerr"
	"unicode/utf8"
)

// MaxRequestSize bounds one encoded request. Larger input is refused with an
// error rather than decided.
const MaxRequestSize = 16 << 20

// DecodeRequest decodes one request in Claude Code's hook-input shape. It
// requires tool_name (a non-empty string) and tool_input (an object), refuses
// invalid UTF-8 and oversized input, and ignores other fields of the hook
// payload. Errors are one line, fit to show a person.
func DecodeRequest(data []byte) (Request, error) {
	var req Request
	if len(data) > MaxRequestSize {
		return req, fmt.Errorf("request is %d bytes, more than the %d allowed", len(data), MaxRequestSize)
	}
	if !utf8.Valid(data) {
		return req, errors.New("request is not valid UTF-8")
	}
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return req, errors.New("request is empty (want a JSON object with tool_name and tool_input)")
	}
	var raw struct {
		ToolName       *string         `json:"tool_name"`
		ToolInput      json.RawMessage `json:"tool_input"`
		Cwd            string          `json:"cwd"`
		SessionID      string          `json:"session_id"`
		AgentID        string          `json:"agent_id"`
		AgentType      string          `json:"agent_type"`
		PermissionMode string          `json:"permission_mode"`
		TranscriptPath string          `json:"transcript_path"`
		ToolUseID      string          `json:"tool_use_id"`
		HookEventName  string          `json:"hook_event_name"`
		ProjectDir     string          `json:"project_dir"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&raw); err != nil {
		return req, fmt.Errorf("request is not a JSON object of the expected shape: %s", oneLine(jsonerr.Describe(err)))
	}
	if dec.More() {
		return req, errors.New("request has data after the JSON object")
	}
	if raw.ToolName == nil || *raw.ToolName == "" {
		return req, errors.New("request has no tool_name")
	}
	in := bytes.TrimSpace(raw.ToolInput)
	if len(in) == 0 || bytes.Equal(in, []byte("null")) {
		return req, errors.New("request has no tool_input (want an object)")
	}
	if in[0] != '{' {
		return req, errors.New("tool_input must be a JSON object")
	}
	var input map[string]any
	if err := json.Unmarshal(in, &input); err != nil {
		return req, fmt.Errorf("tool_input: %s", oneLine(err.Error()))
	}
	mode := Mode(raw.PermissionMode)
	if raw.PermissionMode != "" {
		m, err := ParseMode(raw.PermissionMode)
		if err != nil {
			return req, err
		}
		mode = m
	}
	return Request{
		ToolName:       *raw.ToolName,
		ToolInput:      input,
		Cwd:            raw.Cwd,
		SessionID:      raw.SessionID,
		AgentID:        raw.AgentID,
		AgentType:      raw.AgentType,
		PermissionMode: mode,
		TranscriptPath: raw.TranscriptPath,
		ToolUseID:      raw.ToolUseID,
		HookEventName:  raw.HookEventName,
		ProjectDir:     raw.ProjectDir,
	}, nil
}

func oneLine(s string) string {
	return string(bytes.ReplaceAll([]byte(s), []byte("\n"), []byte(" ")))
}
