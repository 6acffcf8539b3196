package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/mcp/pins"
	"github.com/wardenhq/warden/rule"
	"github.com/wardenhq/warden/settings"
	"github.com/wardenhq/warden/toolspec"
)

// toolTable is what the proxy knows of the server's tools: the latest
// definitions, the arguments their schemas declare, and the pins' verdicts.
type toolTable struct {
	mu       sync.Mutex
	complete bool // a full listing was taken since the last list_changed
	defs     map[string]pins.Definition
	args     map[string]settings.MCPArgs
	verdicts map[string]pins.Verdict
}

func (t *toolTable) init() {
	t.defs = map[string]pins.Definition{}
	t.args = map[string]settings.MCPArgs{}
	t.verdicts = map[string]pins.Verdict{}
}

// stale forgets that the listing is complete: the server said its tools
// changed, so the next call lists them again.
func (t *toolTable) stale() {
	t.mu.Lock()
	t.complete = false
	t.mu.Unlock()
}

// schemaArgs are the arguments one tool's input schema declares as files
// or URLs (WithMCPArgs).
func (p *Proxy) schemaArgs(server, tool string) settings.MCPArgs {
	if server != p.name {
		return settings.MCPArgs{}
	}
	p.tools.mu.Lock()
	defer p.tools.mu.Unlock()
	return p.tools.args[tool]
}

// observe records definitions the server listed, pins them and returns
// the verdicts. replace drops definitions not in defs (a full listing).
func (p *Proxy) observe(ctx context.Context, defs []pins.Definition, replace bool) (map[string]pins.Verdict, error) {
	verdicts, err := p.pins.Observe(ctx, p.name, defs)
	t := &p.tools
	t.mu.Lock()
	defer t.mu.Unlock()
	if replace {
		t.init()
		t.complete = true
	}
	for _, d := range defs {
		t.defs[d.Name] = d
		t.args[d.Name] = SchemaArgs(d.InputSchema)
		v, ok := verdicts[d.Name]
		if err != nil || !ok {
			// Pins that cannot be read or written judge nothing: hold.
			v = pins.Verdict{Reason: fmt.Sprintf("tool %s of MCP server %s cannot be checked against its pin: %v", d.Name, p.name, err)}
		}
		t.verdicts[d.Name] = v
	}
	return verdicts, err
}

// verdict returns whether a tool may be called, listing the tools first
// when no full listing was seen, and reading the pins again when they
// changed (an approval).
func (p *Proxy) verdict(ctx context.Context, tool string) pins.Verdict {
	t := &p.tools
	t.mu.Lock()
	complete := t.complete
	_, known := t.defs[tool]
	t.mu.Unlock()
	if !complete || !known {
		if err := p.listAll(ctx); err != nil {
			return pins.Verdict{Reason: fmt.Sprintf("the tools of MCP server %s cannot be listed to check tool %s against its pin: %v", p.name, tool, err)}
		}
	} else if !p.pins.Current() {
		t.mu.Lock()
		defs := make([]pins.Definition, 0, len(t.defs))
		for _, d := range t.defs {
			defs = append(defs, d)
		}
		t.mu.Unlock()
		p.observe(ctx, defs, false)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	v, ok := t.verdicts[tool]
	if !ok {
		return pins.Verdict{Reason: fmt.Sprintf("MCP server %s does not list a tool %s", p.name, tool)}
	}
	return v
}

// listAll takes a full listing of the server's tools, page by page.
func (p *Proxy) listAll(ctx context.Context) error {
	var all []pins.Definition
	cursor := ""
	for page := 0; page < 1000; page++ {
		params := map[string]any{}
		if cursor != "" {
			params["cursor"] = cursor
		}
		r, _, err := p.call(ctx, p.upstream, "tools/list", params)
		if err != nil {
			return err
		}
		var res struct {
			Tools      []json.RawMessage `json:"tools"`
			NextCursor string            `json:"nextCursor"`
		}
		if err := json.Unmarshal(r.Result, &res); err != nil {
			return fmt.Errorf("tools/list result: %w", err)
		}
		for _, raw := range res.Tools {
			d, err := decodeDefinition(raw)
			if err != nil {
				return err
			}
			all = append(all, d)
		}
		if res.NextCursor == "" {
			_, err := p.observe(ctx, all, true)
			return err
		}
		cursor = res.NextCursor
	}
	return fmt.Errorf("tools/list: more than 1000 pages")
}

func decodeDefinition(raw json.RawMessage) (pins.Definition, error) {
	var d pins.Definition
	if err := json.Unmarshal(raw, &d); err != nil {
		return d, fmt.Errorf("a tool definition: %w", err)
	}
	if d.Name == "" {
		return d, fmt.Errorf("a tool definition has no name")
	}
	return d, nil
}

// filterList passes on the page of a client's tools/list with the tools
// that may be shown: pinned, unflagged, and not denied outright. The
// others are left out, as if the server did not have them.
func (p *Proxy) filterList(ctx context.Context, m *jsonrpc.Response) *jsonrpc.Response {
	var res map[string]json.RawMessage
	if err := json.Unmarshal(m.Result, &res); err != nil {
		return errorResponse(m.ID, jsonrpc.CodeInternalError, "warden: the tools/list result of MCP server "+p.name+" does not decode: "+err.Error())
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(res["tools"], &raws); err != nil {
		return errorResponse(m.ID, jsonrpc.CodeInternalError, "warden: the tools of MCP server "+p.name+" do not decode: "+err.Error())
	}
	defs := make([]pins.Definition, 0, len(raws))
	for _, raw := range raws {
		d, err := decodeDefinition(raw)
		if err != nil {
			return errorResponse(m.ID, jsonrpc.CodeInternalError, "warden: MCP server "+p.name+": "+err.Error())
		}
		defs = append(defs, d)
	}
	var cursor struct {
		NextCursor string `json:"nextCursor"`
	}
	json.Unmarshal(m.Result, &cursor)
	// The first page without a cursor in the request is not known to be
	// complete unless it has no next page.
	verdicts, err := p.observe(ctx, defs, false)
	if err != nil {
		fmt.Fprintf(p.log, "warden mcp: %s: pins: %v\n", p.name, err)
	}
	keep := raws[:0:0]
	for i, d := range defs {
		v := verdicts[d.Name]
		if !v.OK {
			fmt.Fprintf(p.log, "warden mcp: %s\n", v.Reason)
			continue
		}
		if p.deniedOutright(d.Name) {
			continue
		}
		keep = append(keep, raws[i])
	}
	if len(keep) == len(raws) {
		return m // unchanged, byte for byte
	}
	tools, _ := json.Marshal(keep)
	res["tools"] = tools
	out, err := json.Marshal(res)
	if err != nil {
		return errorResponse(m.ID, jsonrpc.CodeInternalError, "warden: "+err.Error())
	}
	return &jsonrpc.Response{ID: m.ID, Result: out}
}

// deniedOutright reports whether a deny rule covers every call of the tool
// (mcp__NAME, mcp__NAME__*, mcp__NAME__TOOL, with no specifier).
func (p *Proxy) deniedOutright(tool string) bool {
	s := p.engine.Settings()
	sub := []rule.Subject{{Tool: toolspec.MCPName(p.name, tool), Input: map[string]any{}}}
	// A field rule (mcp__x__t(path:*)) covers only the calls its glob
	// matches: only a rule without a specifier covers every call.
	m, ok := p.engine.Rules().Find(api.Deny, sub, rule.Env{Cwd: p.opts.Cwd, Root: s.ProjectRoot, Home: s.Home})
	return ok && m.Rule != nil && m.Rule.Specifier == ""
}
