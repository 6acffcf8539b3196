package agente2e

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestModelSteps checks each fake model API without any agent: a request
// that declares the scripted tool and holds N tool results gets the N-th
// call, then text; a request that does not declare it gets text; the
// results are recorded. Streams are read as an agent reads them.
func TestModelSteps(t *testing.T) {
	call := Call{Name: "Bash", Input: map[string]any{"command": "touch made.txt"}}
	tests := []struct {
		name  string
		start func(Script) *Model
		path  string
		// body builds a request declaring tool, holding results.
		body func(tool string, results []string) string
		// wantCall and wantText are how the answer shows a call of Bash
		// with its command, and the text "ok".
		wantCall, wantText []string
	}{
		{
			name:  "anthropic",
			start: NewAnthropic,
			path:  "/v1/messages",
			body: func(tool string, results []string) string {
				msgs := []any{map[string]any{"role": "user", "content": "go"}}
				for i, r := range results {
					msgs = append(msgs,
						map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "tool_use", "id": "t" + itoa(i), "name": tool, "input": map[string]any{}}}},
						map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": "t" + itoa(i), "content": r}}})
				}
				b, _ := json.Marshal(map[string]any{"stream": true, "tools": []any{map[string]any{"name": tool}}, "messages": msgs})
				return string(b)
			},
			wantCall: []string{`"type":"tool_use"`, `"name":"Bash"`, `input_json_delta`, `"stop_reason":"tool_use"`, "message_stop"},
			wantText: []string{`"text_delta"`, `"text":"ok"`, `"stop_reason":"end_turn"`},
		},
		{
			name:  "openai",
			start: NewOpenAI,
			path:  "/v1/responses",
			body: func(tool string, results []string) string {
				input := []any{map[string]any{"type": "message", "role": "user", "content": "go"}}
				for i, r := range results {
					input = append(input,
						map[string]any{"type": "function_call", "call_id": "c" + itoa(i), "name": tool, "arguments": "{}"},
						map[string]any{"type": "function_call_output", "call_id": "c" + itoa(i), "output": r})
				}
				b, _ := json.Marshal(map[string]any{"stream": true, "tools": []any{map[string]any{"type": "function", "name": tool}}, "input": input})
				return string(b)
			},
			wantCall: []string{`"type":"function_call"`, `"name":"Bash"`, `touch made.txt`, "response.completed"},
			wantText: []string{`"output_text"`, `"ok"`, "response.completed"},
		},
		{
			name:  "gemini",
			start: NewGemini,
			path:  "/v1beta/models/gemini-e2e:streamGenerateContent",
			body: func(tool string, results []string) string {
				contents := []any{map[string]any{"role": "user", "parts": []any{map[string]any{"text": "go"}}}}
				for _, r := range results {
					contents = append(contents,
						map[string]any{"role": "model", "parts": []any{map[string]any{"functionCall": map[string]any{"name": tool, "args": map[string]any{}}}}},
						map[string]any{"role": "user", "parts": []any{map[string]any{"functionResponse": map[string]any{"name": tool, "response": map[string]any{"output": r}}}}})
				}
				b, _ := json.Marshal(map[string]any{"tools": []any{map[string]any{"functionDeclarations": []any{map[string]any{"name": tool}}}}, "contents": contents})
				return string(b)
			},
			wantCall: []string{`"functionCall"`, `"name":"Bash"`, `touch made.txt`},
			wantText: []string{`"text":"ok"`, `"finishReason":"STOP"`},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.start(Script{Calls: []Call{call, call}, Final: "ok"})
			defer m.Close()
			post := func(body string) string {
				t.Helper()
				resp, err := http.Post(m.URL()+tc.path, "application/json", strings.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					b, _ := io.ReadAll(resp.Body)
					t.Fatalf("status %s: %s", resp.Status, b)
				}
				// Read the stream event by event, as a client would.
				var events []string
				sc := bufio.NewScanner(resp.Body)
				sc.Buffer(nil, 1<<20)
				for sc.Scan() {
					if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
						if !json.Valid([]byte(data)) {
							t.Fatalf("event data is not JSON: %s", data)
						}
						events = append(events, data)
					}
				}
				if len(events) == 0 {
					t.Fatal("no server-sent events")
				}
				return strings.Join(events, "\n")
			}
			expect := func(got string, want []string) {
				t.Helper()
				for _, w := range want {
					if !strings.Contains(got, w) {
						t.Errorf("answer lacks %s:\n%s", w, got)
					}
				}
			}
			expect(post(tc.body("Bash", nil)), tc.wantCall)
			expect(post(tc.body("Bash", []string{"first"})), tc.wantCall)
			expect(post(tc.body("Bash", []string{"first", "second"})), tc.wantText)
			expect(post(tc.body("Other", nil)), tc.wantText) // a side request
			if got := m.Results(); len(got) != 2 || !strings.Contains(got[0], "first") || !strings.Contains(got[1], "second") {
				t.Errorf("Results() = %q, want the two tool results", got)
			}
			steps := []int{}
			for _, e := range m.Log() {
				steps = append(steps, e.Step)
			}
			if want := []int{0, 1, 2, -1}; !equalInts(steps, want) {
				t.Errorf("steps = %v, want %v", steps, want)
			}
		})
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
