package mcp

import (
	"context"
	"net/http"
	"sync/atomic"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// HTTPTransport connects to a streamable-HTTP MCP server. It is the SDK's
// client transport, with the negotiated protocol version added to every
// request once the session is initialized (the proxy relays the
// initialize exchange rather than the SDK's client running it).
type HTTPTransport struct {
	sdk.StreamableClientTransport
	version atomic.Pointer[string]
}

// NewHTTPTransport returns the transport to the server at url; hc may be
// nil for http.DefaultClient's settings.
func NewHTTPTransport(url string, hc *http.Client) *HTTPTransport {
	t := &HTTPTransport{}
	base := http.DefaultTransport
	c := &http.Client{}
	if hc != nil {
		*c = *hc
		if hc.Transport != nil {
			base = hc.Transport
		}
	}
	c.Transport = versionRoundTripper{t: t, base: base}
	t.StreamableClientTransport = sdk.StreamableClientTransport{
		Endpoint:             url,
		HTTPClient:           c,
		DisableStandaloneSSE: true,
	}
	return t
}

// Connect connects to the server.
func (t *HTTPTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	return t.StreamableClientTransport.Connect(ctx)
}

func (t *HTTPTransport) setProtocolVersion(v string) {
	if v != "" {
		t.version.Store(&v)
	}
}

type versionRoundTripper struct {
	t    *HTTPTransport
	base http.RoundTripper
}

func (rt versionRoundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	if v := rt.t.version.Load(); v != nil && req.Header.Get("Mcp-Protocol-Version") == "" {
		req = req.Clone(req.Context())
		req.Header.Set("Mcp-Protocol-Version", *v)
	}
	return rt.base.RoundTrip(req)
}
