package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/mcp/pins"
	"github.com/wardenhq/warden/settings"
)

// Remote is the approval daemon, which puts an ask to a person on its page
// when the client cannot (POST /v1/decide; *server.Client is one).
type Remote interface {
	Decide(ctx context.Context, req warden.Request) (warden.Decision, error)
}

// Options configure a Proxy.
type Options struct {
	// Name is the server's name: its tools are mcp__NAME__TOOL. Required.
	Name string
	// NewEngine builds the engine that decides the calls. It must pass
	// asks to warden.WithHandler and args to warden.WithMCPArgs, so that
	// asks reach a person through the proxy and the arguments the input
	// schemas declare are judged. Required.
	NewEngine func(asks handler.Handler, args func(server, tool string) settings.MCPArgs) (*warden.Engine, error)
	// Remote, when set, is the approval daemon: it puts asks to a person
	// when the client has no elicitation.
	Remote Remote
	// Pins keeps the pinned definitions (default: the project's
	// .warden/mcp-pins.json).
	Pins *pins.Pins
	// Cwd, SessionID and ProjectDir are those of every request.
	Cwd, SessionID, ProjectDir string
	// Log receives problems the proxy survives (default: discarded).
	Log io.Writer
}

// Proxy relays one MCP session between a client and a server, judging
// what the package documentation says. Build it with New and run Serve
// once.
type Proxy struct {
	name     string
	opts     Options
	engine   *warden.Engine
	pins     *pins.Pins
	log      io.Writer
	deadline func() int // the ask timeout in seconds

	client, upstream sdk.Connection
	httpUpstream     *HTTPTransport

	seq atomic.Uint64
	wg  sync.WaitGroup

	mu sync.Mutex
	// own are the calls the proxy made itself, to either side, by ID.
	own map[jsonrpc.ID]chan *jsonrpc.Response
	// lists are the client's tools/list calls in flight; inits its
	// initialize calls.
	lists map[jsonrpc.ID]bool
	inits map[jsonrpc.ID]bool
	// judging are the client's calls being decided, with what cancels the
	// decision when the client cancels the call.
	judging map[jsonrpc.ID]*judged
	tools   toolTable
	elicit  bool // the client declared form elicitation
}

type judged struct {
	cancel    context.CancelFunc
	cancelled bool
}

// New builds a proxy.
func New(opts Options) (*Proxy, error) {
	if opts.Name == "" {
		return nil, errors.New("mcp proxy: a server name is required")
	}
	if opts.NewEngine == nil {
		return nil, errors.New("mcp proxy: NewEngine is required")
	}
	p := &Proxy{
		name:    opts.Name,
		opts:    opts,
		log:     opts.Log,
		own:     map[jsonrpc.ID]chan *jsonrpc.Response{},
		lists:   map[jsonrpc.ID]bool{},
		inits:   map[jsonrpc.ID]bool{},
		judging: map[jsonrpc.ID]*judged{},
	}
	if p.log == nil {
		p.log = io.Discard
	}
	p.tools.init()
	e, err := opts.NewEngine(handler.HandlerFunc(p.resolve), p.schemaArgs)
	if err != nil {
		return nil, err
	}
	p.engine = e
	p.deadline = func() int { return e.Settings().Approvals.TimeoutSeconds }
	p.pins = opts.Pins
	if p.pins == nil {
		p.pins = pins.New(pins.DefaultFile(e.Settings()), nil)
	}
	return p, nil
}

// Engine returns the engine deciding the calls.
func (p *Proxy) Engine() *warden.Engine { return p.engine }

// Serve connects to the client and the server and relays between them
// until either side ends the session (nil) or fails.
func (p *Proxy) Serve(ctx context.Context, client, upstream sdk.Transport) error {
	if h, ok := upstream.(*HTTPTransport); ok {
		p.httpUpstream = h
	}
	up, err := upstream.Connect(ctx)
	if err != nil {
		return fmt.Errorf("connecting to MCP server %s: %w", p.name, err)
	}
	cl, err := client.Connect(ctx)
	if err != nil {
		up.Close()
		return fmt.Errorf("connecting to the MCP client: %w", err)
	}
	p.client, p.upstream = cl, up
	ctx, cancel := context.WithCancel(ctx)
	errc := make(chan error, 2)
	go func() { errc <- fmt.Errorf("client: %w", p.fromClient(ctx)) }()
	go func() { errc <- fmt.Errorf("server %s: %w", p.name, p.fromUpstream(ctx)) }()
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		p.watchPins(ctx)
	}()
	first := <-errc
	cancel()
	cerr := cl.Close()
	uerr := up.Close()
	<-errc
	p.wg.Wait()
	if errors.Is(first, io.EOF) || errors.Is(first, context.Canceled) {
		first = nil
	}
	if first == nil && uerr != nil {
		// The server exited badly after the client left: say so.
		fmt.Fprintf(p.log, "warden mcp: closing server %s: %v\n", p.name, uerr)
	}
	_ = cerr
	return first
}

func (p *Proxy) fromClient(ctx context.Context) error {
	for {
		msg, err := p.client.Read(ctx)
		if err != nil {
			return err
		}
		switch m := msg.(type) {
		case *jsonrpc.Response:
			if p.deliver(m) {
				continue
			}
			p.write(ctx, p.upstream, m) // an answer to the server's request
		case *jsonrpc.Request:
			p.clientRequest(ctx, m)
		}
	}
}

func (p *Proxy) fromUpstream(ctx context.Context) error {
	for {
		msg, err := p.upstream.Read(ctx)
		if err != nil {
			return err
		}
		switch m := msg.(type) {
		case *jsonrpc.Response:
			if p.deliver(m) {
				continue
			}
			p.mu.Lock()
			list, init := p.lists[m.ID], p.inits[m.ID]
			delete(p.lists, m.ID)
			delete(p.inits, m.ID)
			p.mu.Unlock()
			switch {
			case list && m.Error == nil:
				m = p.filterList(ctx, m)
			case init && m.Error == nil:
				p.initialized(m)
			}
			p.write(ctx, p.client, m)
		case *jsonrpc.Request:
			if m.Method == "notifications/tools/list_changed" {
				p.tools.stale()
			}
			p.write(ctx, p.client, m)
		}
	}
}

// clientRequest routes one request or notification from the client.
func (p *Proxy) clientRequest(ctx context.Context, m *jsonrpc.Request) {
	if !m.IsCall() {
		if m.Method == "notifications/cancelled" && p.cancelJudging(m) {
			return // the call never reached the server
		}
		p.write(ctx, p.upstream, m)
		return
	}
	switch m.Method {
	case "initialize":
		p.noteClient(m)
		p.mu.Lock()
		p.inits[m.ID] = true
		p.mu.Unlock()
	case "tools/list":
		p.mu.Lock()
		p.lists[m.ID] = true
		p.mu.Unlock()
	case "tools/call", "resources/read":
		jctx, cancel := context.WithCancel(ctx)
		j := &judged{cancel: cancel}
		p.mu.Lock()
		p.judging[m.ID] = j
		p.mu.Unlock()
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			defer cancel()
			var out jsonrpc.Message
			if m.Method == "tools/call" {
				out = p.judgeCall(jctx, m)
			} else {
				out = p.judgeRead(jctx, m)
			}
			p.mu.Lock()
			delete(p.judging, m.ID)
			gone := j.cancelled
			p.mu.Unlock()
			if gone {
				return // cancelled by the client: no answer, no call
			}
			if req, ok := out.(*jsonrpc.Request); ok {
				if err := p.upstream.Write(ctx, req); err != nil {
					p.write(ctx, p.client, errorResponse(m.ID, jsonrpc.CodeInternalError, "warden: relaying to MCP server "+p.name+": "+err.Error()))
				}
				return
			}
			p.write(ctx, p.client, out)
		}()
		return
	}
	if err := p.upstream.Write(ctx, m); err != nil {
		p.write(ctx, p.client, errorResponse(m.ID, jsonrpc.CodeInternalError, "warden: relaying to MCP server "+p.name+": "+err.Error()))
	}
}

// cancelJudging stops the decision of a call the client cancelled,
// reporting whether the call was still being decided.
func (p *Proxy) cancelJudging(m *jsonrpc.Request) bool {
	var params struct {
		RequestID any `json:"requestId"`
	}
	if json.Unmarshal(m.Params, &params) != nil {
		return false
	}
	id, err := jsonrpc.MakeID(params.RequestID)
	if err != nil {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	j, ok := p.judging[id]
	if ok {
		j.cancelled = true
		j.cancel()
	}
	return ok
}

// noteClient records what the client can do: form elicitation.
func (p *Proxy) noteClient(m *jsonrpc.Request) {
	var params struct {
		Capabilities struct {
			Elicitation *struct {
				Form *json.RawMessage `json:"form"`
				URL  *json.RawMessage `json:"url"`
			} `json:"elicitation"`
		} `json:"capabilities"`
	}
	if json.Unmarshal(m.Params, &params) != nil {
		return
	}
	el := params.Capabilities.Elicitation
	p.mu.Lock()
	// An empty elicitation capability means form mode; one that names
	// only url mode cannot show a form.
	p.elicit = el != nil && (el.Form != nil || el.URL == nil)
	p.mu.Unlock()
}

// initialized notes the protocol version the server chose, which HTTP
// requests must carry.
func (p *Proxy) initialized(m *jsonrpc.Response) {
	var res struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if json.Unmarshal(m.Result, &res) == nil && p.httpUpstream != nil {
		p.httpUpstream.setProtocolVersion(res.ProtocolVersion)
	}
}

// deliver hands a response to the proxy's own call waiting for it.
func (p *Proxy) deliver(m *jsonrpc.Response) bool {
	p.mu.Lock()
	ch, ok := p.own[m.ID]
	delete(p.own, m.ID)
	p.mu.Unlock()
	if ok {
		ch <- m
	}
	return ok
}

// call sends a request of the proxy's own to one side and waits for the
// answer.
func (p *Proxy) call(ctx context.Context, conn sdk.Connection, method string, params any) (*jsonrpc.Response, jsonrpc.ID, error) {
	id, _ := jsonrpc.MakeID("warden-" + strconv.FormatUint(p.seq.Add(1), 10))
	raw, err := json.Marshal(params)
	if err != nil {
		return nil, id, err
	}
	ch := make(chan *jsonrpc.Response, 1)
	p.mu.Lock()
	p.own[id] = ch
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		delete(p.own, id)
		p.mu.Unlock()
	}()
	if err := conn.Write(ctx, &jsonrpc.Request{ID: id, Method: method, Params: raw}); err != nil {
		return nil, id, err
	}
	select {
	case r := <-ch:
		if r.Error != nil {
			return r, id, r.Error
		}
		return r, id, nil
	case <-ctx.Done():
		return nil, id, ctx.Err()
	}
}

// write sends a message, logging a failure: the session goes on (a
// broken side ends it through its read loop).
func (p *Proxy) write(ctx context.Context, conn sdk.Connection, m jsonrpc.Message) {
	if err := conn.Write(ctx, m); err != nil && ctx.Err() == nil {
		fmt.Fprintf(p.log, "warden mcp: %s: %v\n", p.name, err)
	}
}

func errorResponse(id jsonrpc.ID, code int64, msg string) *jsonrpc.Response {
	return &jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: code, Message: msg}}
}

// pinPoll is how often the proxy looks for approvals of held definitions.
const pinPoll = 2 * time.Second

// watchPins tells the client that the tool list changed when a person
// approves a held definition, so that it lists the tools again and sees
// the approved one.
func (p *Proxy) watchPins(ctx context.Context) {
	t := time.NewTicker(pinPoll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if p.pins.Current() {
			continue
		}
		p.tools.mu.Lock()
		var defs []pins.Definition
		held := map[string]bool{}
		for name, d := range p.tools.defs {
			defs = append(defs, d)
			held[name] = !p.tools.verdicts[name].OK
		}
		p.tools.mu.Unlock()
		if len(defs) == 0 {
			continue
		}
		verdicts, err := p.observe(ctx, defs, false)
		if err != nil {
			continue
		}
		for name, v := range verdicts {
			if v.OK && held[name] {
				p.write(ctx, p.client, notification("notifications/tools/list_changed", map[string]any{}))
				break
			}
		}
	}
}
