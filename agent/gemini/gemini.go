// Package gemini speaks Google Gemini CLI's hook protocol (observed with
// Gemini CLI 0.61.0; see docs/gemini.md).
//
// Gemini sends BeforeTool (read as PreToolUse) with its own tool names
// (run_shell_command, write_file, replace, read_file, list_directory, glob,
// grep_search, web_fetch, google_web_search, mcp_SERVER_TOOL), which the
// tool table maps to the canonical ones; an MCP tool's server and tool come
// from mcp_context. web_fetch takes its URLs inside a free-text prompt:
// each URL found there is judged as a WebFetch of its host.
//
// Gemini reads only the top-level decision (allow, deny, ask, in lower
// case). An ask shows its confirmation prompt in an interactive session,
// but a headless run (`gemini -p`) hangs on it for ever, so a call from a
// headless run has CanAsk false and the front end resolves the ask.
package gemini

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/toolspec"
)

// Name is the agent's name.
const Name = toolspec.AgentGemini

// Adapter is Gemini CLI's agent.Adapter.
type Adapter struct {
	// Interactive reports whether the Gemini CLI that runs the hook is an
	// interactive session, where an ask reaches a person. Nil means
	// DetectInteractive. Anything it cannot tell counts as headless.
	Interactive func() bool
}

var _ agent.Adapter = Adapter{}

// Name returns "gemini".
func (Adapter) Name() string { return Name }

type payload struct {
	SessionID      string          `json:"session_id"`
	TranscriptPath string          `json:"transcript_path"`
	Cwd            string          `json:"cwd"`
	HookEventName  string          `json:"hook_event_name"`
	Timestamp      string          `json:"timestamp"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	MCPContext     *struct {
		ServerName string `json:"server_name"`
		ToolName   string `json:"tool_name"`
	} `json:"mcp_context"`
}

// Parse reads a BeforeTool payload.
func (a Adapter) Parse(data []byte) (agent.Call, error) {
	var p payload
	if err := agent.DecodeObject(data, &p); err != nil {
		return agent.Call{}, err
	}
	if p.HookEventName != "BeforeTool" {
		return agent.Call{}, fmt.Errorf("hook payload: event %q: %w", p.HookEventName, agent.ErrUnsupportedEvent)
	}
	if p.ToolName == "" {
		return agent.Call{}, fmt.Errorf("hook payload: tool_name is missing")
	}
	input, err := agent.ToolInput(p.ToolInput)
	if err != nil {
		return agent.Call{}, err
	}
	req := api.Request{
		Cwd:            p.Cwd,
		SessionID:      p.SessionID,
		TranscriptPath: p.TranscriptPath,
		HookEventName:  string(agent.PreToolUse),
	}
	c := agent.Call{Agent: Name, Event: agent.PreToolUse, NativeTool: p.ToolName, NativeInput: input}
	if m := p.MCPContext; m != nil && m.ServerName != "" && m.ToolName != "" {
		req.ToolName, req.ToolInput = toolspec.MCPName(m.ServerName, m.ToolName), input
	} else {
		req.ToolName, req.ToolInput, c.Alias = agent.Canonical(Name, p.ToolName, input)
	}
	switch p.ToolName {
	case "run_shell_command":
		// The command runs in dir_path, relative to the project.
		if dir, ok := input["dir_path"].(string); ok && dir != "" && req.Cwd != "" {
			if !filepath.IsAbs(dir) {
				dir = filepath.Join(req.Cwd, dir)
			}
			req.Cwd = filepath.Clean(dir)
		}
	case "web_fetch":
		prompt, _ := input["prompt"].(string)
		urls := URLs(prompt)
		// A url or urls field is fetched too, whatever the prompt says.
		if u, ok := input["url"].(string); ok && u != "" && !slices.Contains(urls, u) {
			urls = append(urls, u)
		}
		if l, ok := input["urls"].([]any); ok {
			for _, e := range l {
				if u, ok := e.(string); ok && u != "" && !slices.Contains(urls, u) {
					urls = append(urls, u)
				}
			}
		}
		if len(urls) > 0 {
			canon := make(map[string]any, len(input)+2)
			for k, v := range input {
				canon[k] = v
			}
			list := make([]any, len(urls))
			for i, u := range urls {
				list[i] = u
			}
			canon["url"], canon["urls"] = urls[0], list
			req.ToolInput = canon
		}
	}
	c.Request = req
	interactive := a.Interactive
	if interactive == nil {
		interactive = DetectInteractive
	}
	c.CanAsk = interactive()
	return c, nil
}

// URLs returns the URLs inside a web_fetch prompt, as written and, when
// punctuation around one could be read as part of it, also without it.
// Every one is judged, so a reading that differs from Gemini's can only
// add hosts.
func URLs(prompt string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(u string) {
		if u != "" && !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	for _, word := range strings.FieldsFunc(prompt, jsSpace) {
		// Every "://" starts a URL: one glued to another by a character
		// that is not a space here is still found.
		for rest, off := word, 0; ; {
			i := strings.Index(rest, "://")
			if i < 0 {
				break
			}
			// The scheme is the letters right before "://".
			start := off + i
			for start > 0 && isSchemeChar(word[start-1]) {
				start--
			}
			u := word[start:]
			add(u)
			add(strings.TrimRight(u, `.,;:!?)]}>"'`+"`"))
			after := off + i + 3
			if j := strings.Index(word[after:], "://"); j >= 0 {
				// The part before the next URL, alone.
				next := after + j
				for next > after && isSchemeChar(word[next-1]) {
					next--
				}
				add(word[start:next])
			}
			off += i + 3
			rest = word[off:]
		}
	}
	return out
}

// jsSpace reports what JavaScript's \s matches, as Gemini CLI splits its
// prompt: Unicode white space and U+FEFF, which Go's unicode.IsSpace
// leaves out; and the invisible format characters, which a model's text
// may carry and a reader does not see.
func jsSpace(r rune) bool {
	switch r {
	case '\ufeff', '\u200b', '\u200c', '\u200d', '\u2060', '\u180e':
		return true
	}
	return unicode.IsSpace(r)
}

func isSchemeChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'
}

// answer is Gemini's hook output: the top-level decision and reason, a
// message for the person, and a rewritten tool input.
type answer struct {
	Decision           string          `json:"decision"`
	Reason             string          `json:"reason,omitempty"`
	SystemMessage      string          `json:"systemMessage,omitempty"`
	HookSpecificOutput *specificOutput `json:"hookSpecificOutput,omitempty"`
}

type specificOutput struct {
	ToolInput map[string]any `json:"tool_input"`
}

// Answer writes the decision as Gemini reads it: decision allow (with the
// complete rewritten input in Gemini's field names), deny with the reason
// (also on stderr, with exit 2, which Gemini reads as a deny should stdout
// be lost), or ask with the reason as the prompt's message where a person
// will see it. An ask a headless run would hang on is denied.
func (Adapter) Answer(c agent.Call, d api.Decision) agent.Answer {
	warn := ""
	if len(d.Warnings) > 0 {
		warn = "Warden: " + strings.Join(d.Warnings, "; ")
	}
	switch {
	case d.Behavior == api.Allow:
		a := answer{Decision: "allow", SystemMessage: warn}
		if d.UpdatedInput != nil {
			a.HookSpecificOutput = &specificOutput{ToolInput: native(c, d.UpdatedInput)}
		}
		return agent.Answer{Stdout: agent.EncodeJSON(a)}
	case d.Behavior == api.Ask && c.CanAsk:
		why := agent.Describe(d)
		return agent.Answer{Stdout: agent.EncodeJSON(answer{Decision: "ask", Reason: why, SystemMessage: why})}
	case d.Behavior == api.Ask:
		d = agent.Unasked(d, "Gemini CLI runs headless here and cannot ask")
	}
	why := agent.Describe(d)
	return agent.Answer{Stdout: agent.EncodeJSON(answer{Decision: "deny", Reason: why, SystemMessage: warn}),
		Stderr: why + "\n", Exit: 2}
}

// native returns a rewritten canonical input in Gemini's field names,
// without the URL fields Warden added for web_fetch.
func native(c agent.Call, in map[string]any) map[string]any {
	out := c.Native(in)
	if c.NativeTool == "web_fetch" {
		_, hadURL := c.NativeInput["url"]
		_, hadURLs := c.NativeInput["urls"]
		if !hadURL || !hadURLs {
			cp := make(map[string]any, len(out))
			for k, v := range out {
				if (k == "url" && !hadURL) || (k == "urls" && !hadURLs) {
					continue
				}
				cp[k] = v
			}
			out = cp
		}
	}
	return out
}

// Fail denies the call: a deny on stdout, the reason on stderr, exit 2.
func (Adapter) Fail(err error) agent.Answer {
	why := "warden: " + agent.OneLine(err.Error())
	return agent.Answer{Stdout: agent.EncodeJSON(answer{Decision: "deny", Reason: why}), Stderr: why + "\n", Exit: 2}
}

// Unsupported answers an AfterTool or any other event with no objection.
func (Adapter) Unsupported(error) agent.Answer { return agent.Answer{} }

// Undecided answers nothing: no objection.
func (Adapter) Undecided(agent.Call) agent.Answer { return agent.Answer{} }

// Probe returns a BeforeTool payload reading dir (broken: with a tool
// input that is not an object).
func (Adapter) Probe(dir string, broken bool) []byte {
	var input any = map[string]any{"file_path": dir}
	if broken {
		input = "not an object"
	}
	return agent.EncodeJSON(map[string]any{"session_id": "warden-probe", "transcript_path": "", "cwd": dir,
		"hook_event_name": "BeforeTool", "timestamp": "2026-01-01T00:00:00.000Z", "tool_name": "read_file",
		"tool_input": input})
}

// Verify accepts a JSON answer with a top-level decision Gemini knows; a
// broken probe must get a deny.
func (Adapter) Verify(a agent.Answer, broken bool) error {
	body := bytes.TrimSpace(a.Stdout)
	if len(body) == 0 {
		body = bytes.TrimSpace([]byte(a.Stderr))
	}
	var out answer
	if err := json.Unmarshal(body, &out); err != nil {
		return fmt.Errorf("exit %d and an answer that is not JSON: %q", a.Exit, agent.OneLine(string(body)))
	}
	switch out.Decision {
	case "deny", "block":
		return nil
	case "allow", "ask":
		if !broken {
			return nil
		}
		return fmt.Errorf("a payload Warden cannot read gets %q, not a deny", out.Decision)
	}
	return fmt.Errorf("answer has no decision Gemini reads: %q", agent.OneLine(string(body)))
}
