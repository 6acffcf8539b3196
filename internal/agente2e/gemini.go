package agente2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// geminiAPI is Gemini CLI's model API: POST
// /v1beta/models/MODEL:streamGenerateContent?alt=sse (or
// :generateContent), answered with functionCall parts.
type geminiAPI struct{}

// NewGemini starts a fake Gemini API on loopback that plays s; point
// Gemini CLI at it with GOOGLE_GEMINI_BASE_URL.
func NewGemini(s Script) *Model { return newModel(geminiAPI{}, s) }

func (geminiAPI) route(r *http.Request) bool {
	return r.Method == http.MethodPost &&
		(strings.HasSuffix(r.URL.Path, ":streamGenerateContent") || strings.HasSuffix(r.URL.Path, ":generateContent"))
}

func (geminiAPI) read(body []byte, tool string) (bool, []string, bool, error) {
	var req struct {
		Tools []struct {
			FunctionDeclarations []struct {
				Name string `json:"name"`
			} `json:"functionDeclarations"`
		} `json:"tools"`
		Contents []struct {
			Role  string           `json:"role"`
			Parts []map[string]any `json:"parts"`
		} `json:"contents"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return false, nil, false, fmt.Errorf("generateContent request: %v", err)
	}
	declares := false
	for _, t := range req.Tools {
		for _, f := range t.FunctionDeclarations {
			declares = declares || tool == "" || f.Name == tool
		}
	}
	var results []string
	for _, c := range req.Contents {
		for _, p := range c.Parts {
			if fr, ok := p["functionResponse"].(map[string]any); ok {
				results = append(results, resultText(fr["response"]))
			}
		}
	}
	return declares, results, false, nil
}

func (geminiAPI) answer(w http.ResponseWriter, stream bool, turn int, c *Call, text string) {
	var part map[string]any
	if c != nil {
		args := c.Input
		if args == nil {
			args = map[string]any{}
		}
		part = map[string]any{"functionCall": map[string]any{"name": c.Name, "args": args}}
	} else {
		part = map[string]any{"text": text}
	}
	resp := map[string]any{
		"candidates": []any{map[string]any{
			"content":      map[string]any{"role": "model", "parts": []any{part}},
			"finishReason": "STOP",
			"index":        0,
		}},
		"usageMetadata": map[string]any{"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
		"modelVersion":  "gemini-e2e",
		"responseId":    fmt.Sprintf("resp_e2e_%d", turn),
	}
	if !stream {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(resp)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	sse(w, "", resp)
}
