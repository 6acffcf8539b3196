package agente2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// openaiAPI is Codex CLI's model API, OpenAI Responses: POST
// /v1/responses, streamed as server-sent events (response.created,
// response.output_item.done with a function_call or custom_tool_call,
// response.completed).
type openaiAPI struct{}

// NewOpenAI starts a fake OpenAI Responses API on loopback that plays s;
// point Codex at it with a model provider whose base_url is URL()+"/v1"
// and whose wire_api is "responses".
func NewOpenAI(s Script) *Model { return newModel(openaiAPI{}, s) }

func (openaiAPI) route(r *http.Request) bool {
	return r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/responses")
}

func (openaiAPI) read(body []byte, tool string) (bool, []string, bool, error) {
	var req struct {
		Stream bool `json:"stream"`
		Tools  []struct {
			Type string `json:"type"`
			Name string `json:"name"`
		} `json:"tools"`
		Input []map[string]any `json:"input"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return false, nil, false, fmt.Errorf("responses request: %v", err)
	}
	declares := false
	for _, t := range req.Tools {
		declares = declares || (tool == "" || t.Name == tool)
	}
	var results []string
	for _, item := range req.Input {
		switch item["type"] {
		case "function_call_output", "custom_tool_call_output", "tool_search_output":
			results = append(results, resultText(item["output"]))
		}
	}
	return declares, results, req.Stream, nil
}

func (openaiAPI) answer(w http.ResponseWriter, stream bool, turn int, c *Call, text string) {
	respID := fmt.Sprintf("resp_e2e_%d", turn)
	var item map[string]any
	switch {
	case c != nil && c.Name == "tool_search":
		// Codex's client-side search over deferred tools (MCP tools).
		item = map[string]any{"type": "tool_search_call", "id": fmt.Sprintf("ts_e2e_%d", turn), "status": "completed",
			"call_id": fmt.Sprintf("call_e2e_%d", turn), "execution": "client", "arguments": c.Input}
	case c != nil && c.Raw != "":
		item = map[string]any{"type": "custom_tool_call", "id": fmt.Sprintf("ctc_e2e_%d", turn), "status": "completed",
			"call_id": fmt.Sprintf("call_e2e_%d", turn), "name": c.Name, "input": c.Raw}
	case c != nil:
		args, _ := json.Marshal(c.Input)
		item = map[string]any{"type": "function_call", "id": fmt.Sprintf("fc_e2e_%d", turn), "status": "completed",
			"call_id": fmt.Sprintf("call_e2e_%d", turn), "name": c.Name, "arguments": string(args)}
		if c.Namespace != "" {
			item["namespace"] = c.Namespace
		}
	default:
		item = map[string]any{"type": "message", "id": fmt.Sprintf("msg_e2e_%d", turn), "status": "completed", "role": "assistant",
			"content": []any{map[string]any{"type": "output_text", "text": text, "annotations": []any{}}}}
	}
	usage := map[string]any{"input_tokens": 10, "input_tokens_details": map[string]any{"cached_tokens": 0},
		"output_tokens": 5, "output_tokens_details": map[string]any{"reasoning_tokens": 0}, "total_tokens": 15}
	resp := map[string]any{"id": respID, "object": "response", "status": "completed", "model": "gpt-e2e",
		"output": []any{item}, "usage": usage}
	if !stream {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(resp)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	created := map[string]any{"id": respID, "object": "response", "status": "in_progress", "model": "gpt-e2e", "output": []any{}}
	sse(w, "response.created", map[string]any{"type": "response.created", "sequence_number": 0, "response": created})
	sse(w, "response.output_item.added", map[string]any{"type": "response.output_item.added", "sequence_number": 1, "output_index": 0, "item": item})
	if c == nil {
		sse(w, "response.output_text.delta", map[string]any{"type": "response.output_text.delta", "sequence_number": 2,
			"item_id": item["id"], "output_index": 0, "content_index": 0, "delta": text})
	}
	sse(w, "response.output_item.done", map[string]any{"type": "response.output_item.done", "sequence_number": 3, "output_index": 0, "item": item})
	sse(w, "response.completed", map[string]any{"type": "response.completed", "sequence_number": 4, "response": resp})
}
