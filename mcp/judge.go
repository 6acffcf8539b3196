package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/toolspec"
)

// CodeDenied is the JSON-RPC error code of a request Warden refused that
// has no error result of its own (resources/read).
const CodeDenied = -32001

// unattended is why a call is denied rather than asked when the client
// cannot ask and no daemon is set.
const unattended = "the MCP client cannot ask a person (it declares no elicitation) and no approval daemon is set (WARDEN_SERVER)"

// judgeCall decides one tools/call: it returns the request to pass to the
// server (its arguments rewritten when a hook or person rewrote them), or
// the response that refuses it.
func (p *Proxy) judgeCall(ctx context.Context, m *jsonrpc.Request) jsonrpc.Message {
	var params map[string]json.RawMessage
	if err := json.Unmarshal(m.Params, &params); err != nil {
		return errorResponse(m.ID, jsonrpc.CodeInvalidParams, "tools/call: params must be an object: "+err.Error())
	}
	var name string
	if err := json.Unmarshal(params["name"], &name); err != nil || name == "" {
		return errorResponse(m.ID, jsonrpc.CodeInvalidParams, "tools/call: params.name must be a tool name")
	}
	args := map[string]any{}
	if raw, ok := params["arguments"]; ok && string(raw) != "null" {
		if err := json.Unmarshal(raw, &args); err != nil {
			return errorResponse(m.ID, jsonrpc.CodeInvalidParams, "tools/call: params.arguments must be an object: "+err.Error())
		}
	}
	full := toolspec.MCPName(p.name, name)
	req := api.Request{ToolName: full, ToolInput: args}
	if v := p.verdict(ctx, name); !v.OK {
		// Held (or not checkable against its pin): refused, and audited.
		req.Cwd, req.SessionID, req.ProjectDir = p.opts.Cwd, p.opts.SessionID, p.opts.ProjectDir
		reason := api.Reason{Type: api.ReasonSafety, Message: v.Reason}
		if len(v.Findings) == 0 {
			reason.Type = api.ReasonError
		}
		d, err := p.engine.Refuse(ctx, req, reason, v.Findings)
		if err != nil {
			d = api.Decision{Behavior: api.Deny, Reason: reason}
		}
		return toolRefusal(m.ID, refusalText(full, d))
	}
	d := p.decide(ctx, req)
	if d.Behavior != api.Allow {
		return toolRefusal(m.ID, refusalText(full, d))
	}
	if d.UpdatedInput != nil {
		raw, err := json.Marshal(d.UpdatedInput)
		if err != nil {
			return toolRefusal(m.ID, "Warden refused "+full+": the rewritten arguments do not encode: "+err.Error())
		}
		params["arguments"] = raw
		b, err := json.Marshal(params)
		if err != nil {
			return toolRefusal(m.ID, "Warden refused "+full+": "+err.Error())
		}
		return &jsonrpc.Request{ID: m.ID, Method: m.Method, Params: b}
	}
	return m
}

// judgeRead decides a resources/read of a file: URI as a Read of its
// path; other URIs pass.
func (p *Proxy) judgeRead(ctx context.Context, m *jsonrpc.Request) jsonrpc.Message {
	var params struct {
		URI string `json:"uri"`
	}
	if err := json.Unmarshal(m.Params, &params); err != nil || params.URI == "" {
		return errorResponse(m.ID, jsonrpc.CodeInvalidParams, "resources/read: params.uri must be a URI")
	}
	u, err := url.Parse(params.URI)
	if err != nil {
		return errorResponse(m.ID, CodeDenied, "Warden refused resources/read: the URI does not parse: "+err.Error())
	}
	if !strings.EqualFold(u.Scheme, "file") {
		return m
	}
	if u.Host != "" && u.Host != "localhost" {
		return errorResponse(m.ID, CodeDenied, "Warden refused resources/read of "+params.URI+": a file URI on another host")
	}
	if u.Path == "" {
		return errorResponse(m.ID, CodeDenied, "Warden refused resources/read of "+params.URI+": no path")
	}
	d := p.decide(ctx, api.Request{ToolName: "Read", ToolInput: map[string]any{"file_path": u.Path}})
	if d.Behavior != api.Allow {
		return errorResponse(m.ID, CodeDenied, refusalText("resources/read of "+params.URI+" (Read)", d))
	}
	return m
}

// decide runs the engine: where a person can be asked (the client's
// elicitation, the daemon's page) an ask goes to them; else it is denied
// with its reason and the rules that would allow the call. Any failure is
// a deny.
func (p *Proxy) decide(ctx context.Context, req api.Request) api.Decision {
	req.Cwd, req.SessionID, req.ProjectDir = p.opts.Cwd, p.opts.SessionID, p.opts.ProjectDir
	p.mu.Lock()
	asks := p.elicit || p.opts.Remote != nil
	p.mu.Unlock()
	var d api.Decision
	var err error
	if asks {
		d, err = p.engine.Decide(ctx, req)
	} else {
		d, err = p.engine.DecideUnattended(ctx, req, unattended, nil)
	}
	if err != nil {
		return api.Decision{Behavior: api.Deny, Reason: api.Reason{Type: api.ReasonError, Message: err.Error()}}
	}
	if d.Behavior == api.Ask {
		// Nothing settled it: nobody answered.
		d.Behavior = api.Deny
		d.Reason.Message = "nobody answered the ask: " + d.Reason.Message
	}
	return d
}

// refusalText is what the client (and its model) reads of a refusal:
// who decided and why.
func refusalText(what string, d api.Decision) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Warden denied %s: %s", what, d.Reason.Message)
	if r := d.Reason; r.Rule != "" && !strings.Contains(r.Message, r.Rule) {
		fmt.Fprintf(&b, " (rule %s", r.Rule)
		if r.File != "" {
			fmt.Fprintf(&b, " in %s", r.File)
			if r.Line > 0 {
				fmt.Fprintf(&b, ":%d", r.Line)
			}
		}
		b.WriteString(")")
	} else if r.Type != "" {
		fmt.Fprintf(&b, " (decided by %s)", r.Type)
	}
	if d.ID != "" {
		fmt.Fprintf(&b, " [decision %s]", d.ID)
	}
	return b.String()
}

// toolRefusal is the MCP error result of a refused tools/call: the model
// reads it as the tool's answer.
func toolRefusal(id jsonrpc.ID, text string) *jsonrpc.Response {
	res, _ := json.Marshal(map[string]any{
		"content": []any{map[string]any{"type": "text", "text": text}},
		"isError": true,
	})
	return &jsonrpc.Response{ID: id, Result: res}
}

// resolve is the engine's handler: it puts an ask to a person through the
// client's elicitation, else through the daemon.
func (p *Proxy) resolve(ctx context.Context, ask *handler.Ask) (handler.Resolution, error) {
	p.mu.Lock()
	elicit := p.elicit
	p.mu.Unlock()
	switch {
	case elicit:
		return p.elicitAnswer(ctx, ask), nil
	case p.opts.Remote != nil:
		d, err := p.opts.Remote.Decide(ctx, ask.Request)
		if err != nil {
			return deny(api.ReasonError, "the approval daemon failed: "+err.Error()), nil
		}
		return handler.Resolution{Decision: d}, nil
	}
	return deny(api.ReasonDefault, unattended+": "+ask.Decision.Reason.Message), nil
}

func deny(t api.ReasonType, msg string) handler.Resolution {
	return handler.Resolution{Decision: api.Decision{Behavior: api.Deny, Reason: api.Reason{Type: t, Message: msg}}}
}

// The choices of an elicited ask.
const (
	choiceOnce    = "allow_once"
	choiceSession = "allow_session"
	choiceDeny    = "deny"
)

// elicitAnswer asks the person through the client's form elicitation,
// waiting at most the approval timeout (a timeout is a deny).
func (p *Proxy) elicitAnswer(ctx context.Context, ask *handler.Ask) handler.Resolution {
	secs := p.deadline()
	if secs <= 0 {
		secs = 60
	}
	ctx, cancel := context.WithTimeout(ctx, time.Duration(secs)*time.Second)
	defer cancel()
	params := map[string]any{
		"message": askMessage(ask),
		"requestedSchema": map[string]any{
			"type": "object",
			"properties": map[string]any{
				"decision": map[string]any{
					"type":        "string",
					"title":       "Decision",
					"description": "Allow this call once, for the rest of this session, or deny it",
					"enum":        []string{choiceOnce, choiceSession, choiceDeny},
					"enumNames":   []string{"Allow once", "Allow for this session", "Deny"},
				},
			},
			"required": []string{"decision"},
		},
	}
	r, id, err := p.call(ctx, p.client, "elicitation/create", params)
	if err != nil {
		if ctx.Err() == context.DeadlineExceeded {
			p.write(context.WithoutCancel(ctx), p.client, notification("notifications/cancelled", map[string]any{"requestId": id.Raw(), "reason": "timed out"}))
			return deny(api.ReasonTimeout, fmt.Sprintf("nobody answered within %ds: %s", secs, ask.Decision.Reason.Message))
		}
		return deny(api.ReasonError, "asking through the MCP client failed: "+err.Error())
	}
	var res struct {
		Action  string         `json:"action"`
		Content map[string]any `json:"content"`
	}
	if err := json.Unmarshal(r.Result, &res); err != nil {
		return deny(api.ReasonError, "the MCP client's answer does not decode: "+err.Error())
	}
	choice, _ := res.Content["decision"].(string)
	switch res.Action {
	case "accept":
	case "decline":
		return deny(api.ReasonUser, "the person declined the ask")
	case "cancel":
		return deny(api.ReasonUser, "the ask was cancelled (dismissed, or the client cannot show it)")
	default:
		return deny(api.ReasonError, fmt.Sprintf("the MCP client answered the ask with %q", res.Action))
	}
	person := api.Reason{Type: api.ReasonUser, Person: "mcp-client"}
	switch choice {
	case choiceOnce:
		person.Scope, person.Message = api.ScopeOnce, "approved once through the MCP client"
		return handler.Resolution{Decision: api.Decision{Behavior: api.Allow, Reason: person}, Scope: api.ScopeOnce}
	case choiceSession:
		person.Scope, person.Message = api.ScopeSession, "approved for the session through the MCP client"
		return handler.Resolution{Decision: api.Decision{Behavior: api.Allow, Reason: person}, Scope: api.ScopeSession}
	case choiceDeny:
		person.Message = "denied through the MCP client"
		return handler.Resolution{Decision: api.Decision{Behavior: api.Deny, Reason: person}}
	}
	return deny(api.ReasonError, fmt.Sprintf("the MCP client answered %q, not one of the choices", choice))
}

// askMessage is the form's text: the tool, its arguments, why it is asked
// and the findings.
func askMessage(ask *handler.Ask) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Warden: allow %s?\n", ask.Request.ToolName)
	if args, err := json.MarshalIndent(ask.Request.ToolInput, "", "  "); err == nil {
		fmt.Fprintf(&b, "Arguments: %s\n", clip(string(args), 2000))
	}
	fmt.Fprintf(&b, "Why asked: %s\n", ask.Decision.Reason.Message)
	for _, f := range ask.Decision.Findings {
		fmt.Fprintf(&b, "Finding [%s %s]: %s\n", f.Risk, f.Category, f.Description)
	}
	if len(ask.Suggestions) > 0 {
		fmt.Fprintf(&b, "Allowing for the session grants: %s\n", strings.Join(ask.Suggestions, ", "))
	}
	return b.String()
}

func notification(method string, params any) *jsonrpc.Request {
	raw, _ := json.Marshal(params)
	return &jsonrpc.Request{Method: method, Params: raw}
}

// clip shortens s to n bytes for a message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
