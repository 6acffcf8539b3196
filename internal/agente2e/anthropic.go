package agente2e

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// Anthropic is Claude Code's model API: POST /v1/messages, streamed as
// server-sent events (message_start, content_block_start/delta/stop,
// message_delta, message_stop).
type anthropicAPI struct{}

// NewAnthropic starts a fake Anthropic Messages API on loopback that plays
// s; point Claude Code at it with ANTHROPIC_BASE_URL.
func NewAnthropic(s Script) *Model { return newModel(anthropicAPI{}, s) }

func (anthropicAPI) route(r *http.Request) bool {
	return r.Method == http.MethodPost && r.URL.Path == "/v1/messages"
}

func (anthropicAPI) read(body []byte, tool string) (bool, []string, bool, error) {
	var req struct {
		Stream bool `json:"stream"`
		Tools  []struct {
			Name string `json:"name"`
		} `json:"tools"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return false, nil, false, fmt.Errorf("messages request: %v", err)
	}
	declares := false
	for _, t := range req.Tools {
		declares = declares || (tool != "" && t.Name == tool)
	}
	if tool == "" {
		declares = len(req.Tools) > 0
	}
	var results []string
	for _, msg := range req.Messages {
		var blocks []map[string]any
		if json.Unmarshal(msg.Content, &blocks) != nil {
			continue // a plain string
		}
		for _, b := range blocks {
			if b["type"] == "tool_result" {
				results = append(results, resultText(b["content"]))
			}
		}
	}
	return declares, results, req.Stream, nil
}

func (anthropicAPI) answer(w http.ResponseWriter, stream bool, turn int, c *Call, text string) {
	id := fmt.Sprintf("msg_e2e_%d", turn)
	stop := "end_turn"
	var block map[string]any
	if c != nil {
		stop = "tool_use"
		input := c.Input
		if input == nil {
			input = map[string]any{}
		}
		block = map[string]any{"type": "tool_use", "id": fmt.Sprintf("toolu_e2e_%d", turn), "name": c.Name, "input": input}
	} else {
		block = map[string]any{"type": "text", "text": text}
	}
	usage := map[string]any{"input_tokens": 10, "output_tokens": 5, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
	if !stream {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{
			"id": id, "type": "message", "role": "assistant", "model": "claude-e2e",
			"content": []any{block}, "stop_reason": stop, "stop_sequence": nil, "usage": usage,
		})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	sse(w, "message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": id, "type": "message", "role": "assistant", "model": "claude-e2e",
		"content": []any{}, "stop_reason": nil, "stop_sequence": nil, "usage": usage,
	}})
	if c != nil {
		start := map[string]any{"type": "tool_use", "id": block["id"], "name": c.Name, "input": map[string]any{}}
		sse(w, "content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": start})
		args, _ := json.Marshal(block["input"])
		// Two deltas, as a real stream splits the arguments.
		half := len(args) / 2
		for _, part := range []string{string(args[:half]), string(args[half:])} {
			sse(w, "content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
				"delta": map[string]any{"type": "input_json_delta", "partial_json": part}})
		}
	} else {
		sse(w, "content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "text", "text": ""}})
		sse(w, "content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "text_delta", "text": text}})
	}
	sse(w, "content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	sse(w, "message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]any{"output_tokens": 5}})
	sse(w, "message_stop", map[string]any{"type": "message_stop"})
}
