package agente2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
)

// Call is one tool call the fake model makes.
type Call struct {
	// Name is the tool's name as the agent declares it to the model
	// (Claude Code "Bash", Codex "exec_command", Gemini "run_shell_command").
	Name string
	// Input is the call's JSON arguments.
	Input map[string]any
	// Raw is the input of a freeform tool (Codex's apply_patch); when set
	// it is sent instead of Input.
	Raw string
	// Namespace is the tool's namespace in the OpenAI Responses API
	// (Codex puts an MCP server's tools in "mcp__SERVER").
	Namespace string
}

// Script is what the fake model does in one scenario: the calls in order,
// one per model turn, then Final as a text turn.
type Script struct {
	Calls []Call
	Final string
	// File is served at FilePath, for scenarios that download something.
	File string
	// Marker is a tool whose declaration marks the agent's main requests
	// (default: the first call's tool), for a call of a tool the agent
	// does not declare up front.
	Marker string
}

// Exchange is one request the fake model server received and what it
// answered.
type Exchange struct {
	Method, Path string
	// Body is the request body as received.
	Body []byte
	// Step is the number of tool results the conversation held, or -1 for
	// a side request (one that does not declare the scripted tools).
	Step int
	// Answer says what was sent back: "call NAME", "text" or an error.
	Answer string
}

// api is one model API: how to read a request and how to answer it.
type api interface {
	// route reports whether path is a model request of this API.
	route(r *http.Request) bool
	// read parses a model request: whether it declares tool, the tool
	// results the conversation holds (in order), and whether the client
	// wants a stream.
	read(body []byte, tool string) (declares bool, results []string, stream bool, err error)
	// answer writes one model turn: a call when c is non-nil, else text.
	answer(w http.ResponseWriter, stream bool, turn int, c *Call, text string)
}

// Model is a fake model server on loopback that plays a Script.
type Model struct {
	script Script
	api    api
	srv    *httptest.Server
	files  map[string]string

	mu      sync.Mutex
	log     []Exchange
	results []string
	turns   int
}

// FilePath is where a Model serves the Script's File: a scenario's
// `curl URL/e2e/file | sh` fetches it.
const FilePath = "/e2e/file"

// newModel starts a fake model server for a on 127.0.0.1.
func newModel(a api, s Script) *Model {
	m := &Model{script: s, api: a}
	m.srv = httptest.NewServer(http.HandlerFunc(m.serve))
	return m
}

// URL is the server's base URL, http://127.0.0.1:PORT.
func (m *Model) URL() string { return m.srv.URL }

// SetCalls replaces the script's calls; scenarios whose calls name the
// server's own URL set them once it runs.
func (m *Model) SetCalls(calls []Call) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.script.Calls = calls
}

// Close stops the server.
func (m *Model) Close() { m.srv.Close() }

// Log returns the requests received so far.
func (m *Model) Log() []Exchange {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]Exchange(nil), m.log...)
}

// Results returns the tool results the agent sent back, one per scripted
// call that completed (what the model was told: output, or the reason a
// call was blocked).
func (m *Model) Results() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.results...)
}

// Transcript describes every exchange, for a failing test's log.
func (m *Model) Transcript() string {
	var b strings.Builder
	for _, e := range m.Log() {
		body := e.Body
		if len(body) > 600 {
			body = append(append([]byte(nil), body[:300]...), append([]byte(" … "), body[len(body)-300:]...)...)
		}
		fmt.Fprintf(&b, "%s %s step=%d → %s\n    %s\n", e.Method, e.Path, e.Step, e.Answer, bytes.ReplaceAll(body, []byte("\n"), []byte(" ")))
	}
	for i, r := range m.Results() {
		fmt.Fprintf(&b, "tool result %d: %s\n", i, r)
	}
	return b.String()
}

func (m *Model) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	ex := Exchange{Method: r.Method, Path: r.URL.Path, Body: body, Step: -1}
	defer func() {
		m.mu.Lock()
		m.log = append(m.log, ex)
		m.mu.Unlock()
	}()
	m.mu.Lock()
	script := m.script
	m.mu.Unlock()
	if r.URL.Path == FilePath {
		ex.Answer = "file"
		io.WriteString(w, script.File)
		return
	}
	if !m.api.route(r) {
		ex.Answer = "404"
		http.NotFound(w, r)
		return
	}
	tool := script.Marker
	if tool == "" && len(script.Calls) > 0 {
		tool = script.Calls[0].Name
	}
	declares, results, stream, err := m.api.read(body, tool)
	if strings.HasSuffix(r.URL.Path, ":streamGenerateContent") || r.URL.Query().Get("alt") == "sse" {
		stream = true // Gemini chooses streaming by the method in the path
	}
	if err != nil {
		ex.Answer = "400 " + err.Error()
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	m.mu.Lock()
	m.turns++
	turn := m.turns
	if declares && len(results) > len(m.results) {
		m.results = append(m.results[:0], results...)
	}
	m.mu.Unlock()
	if !declares {
		ex.Answer = "text (side request)"
		m.api.answer(w, stream, turn, nil, "ok")
		return
	}
	ex.Step = len(results)
	if ex.Step < len(script.Calls) {
		c := script.Calls[ex.Step]
		ex.Answer = "call " + c.Name
		m.api.answer(w, stream, turn, &c, "")
		return
	}
	ex.Answer = "text"
	final := script.Final
	if final == "" {
		final = "done"
	}
	m.api.answer(w, stream, turn, nil, final)
}

// resultText flattens a tool result's content (a string, or a list of
// blocks with "text") to text.
func resultText(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case []any:
		var parts []string
		for _, e := range t {
			parts = append(parts, resultText(e))
		}
		return strings.Join(parts, "\n")
	case map[string]any:
		if s, ok := t["text"].(string); ok {
			return s
		}
		b, _ := json.Marshal(t)
		return string(b)
	case nil:
		return ""
	default:
		b, _ := json.Marshal(t)
		return string(b)
	}
}

// sse writes one server-sent event; event may be empty.
func sse(w io.Writer, event string, data any) {
	b, _ := json.Marshal(data)
	if event != "" {
		fmt.Fprintf(w, "event: %s\n", event)
	}
	fmt.Fprintf(w, "data: %s\n\n", b)
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}
