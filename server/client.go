package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"

	"github.com/wardenhq/warden/api"
)

// Client talks to a running daemon, so several agents share its rules,
// grants, approval queue and audit log. Any error it returns means there is
// no decision: the caller must deny (or fall back to deciding locally), never
// allow.
type Client struct {
	base  string // scheme://host, no trailing slash
	token string
	http  *http.Client
}

// APIError is an error answer of the daemon: the HTTP status and the
// envelope's code and message.
type APIError struct {
	Status  int
	Code    string
	Message string
}

// Error returns the code and message.
func (e *APIError) Error() string {
	return fmt.Sprintf("warden daemon: %s (%d): %s", e.Code, e.Status, e.Message)
}

// NewClient returns a client for the daemon at rawURL with the given token.
// rawURL is the printed http://HOST:PORT/ address (a ?token= in it is used
// when token is empty), or unix:PATH[?token=TOKEN] for a daemon on a Unix
// socket. A nil
// httpClient means a default one; for unix: addresses its transport is
// replaced by one dialling the socket.
func NewClient(rawURL, token string, httpClient *http.Client) (*Client, error) {
	if httpClient == nil {
		httpClient = &http.Client{}
	}
	if path, ok := strings.CutPrefix(rawURL, "unix:"); ok {
		path = strings.TrimPrefix(path, "//")
		if p, query, ok := strings.Cut(path, "?"); ok {
			path = p
			if q, err := url.ParseQuery(query); err == nil && token == "" {
				token = q.Get("token")
			}
		}
		if path == "" {
			return nil, errors.New("server: unix: address without a socket path")
		}
		hc := *httpClient
		hc.Transport = &http.Transport{
			DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
				var d net.Dialer
				return d.DialContext(ctx, "unix", path)
			},
		}
		return &Client{base: "http://localhost", token: token, http: &hc}, nil
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("server: daemon address: %w", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("server: daemon address %q: want http://HOST:PORT/ or unix:PATH", rawURL)
	}
	if token == "" {
		token = u.Query().Get("token")
	}
	return &Client{base: u.Scheme + "://" + u.Host, token: token, http: httpClient}, nil
}

// Check asks the daemon's pipeline (POST /v1/check); an ask stays ask.
func (c *Client) Check(ctx context.Context, req api.Request) (api.Decision, error) {
	var d api.Decision
	err := c.do(ctx, http.MethodPost, "/v1/check", req, &d)
	return d, err
}

// Decide asks for a final decision (POST /v1/decide): it blocks while the
// ask waits for a person, bounded by the daemon's timeout, and by ctx.
func (c *Client) Decide(ctx context.Context, req api.Request) (api.Decision, error) {
	var d api.Decision
	err := c.do(ctx, http.MethodPost, "/v1/decide", req, &d)
	return d, err
}

// Pending lists the asks waiting for a person and the recent decisions.
func (c *Client) Pending(ctx context.Context) (PendingList, error) {
	var l PendingList
	err := c.do(ctx, http.MethodGet, "/v1/pending", nil, &l)
	return l, err
}

// Answer answers the pending ask id.
func (c *Client) Answer(ctx context.Context, id string, a AnswerRequest) error {
	return c.do(ctx, http.MethodPost, "/v1/pending/"+url.PathEscape(id), a, nil)
}

// Health reports whether the daemon answers GET /healthz.
func (c *Client) Health(ctx context.Context) error {
	return c.do(ctx, http.MethodGet, "/healthz", nil, nil)
}

func (c *Client) do(ctx context.Context, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("server: encoding the request: %w", err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return fmt.Errorf("server: %w", err)
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		if down := unreachable(err); down != "" && ctx.Err() == nil {
			return fmt.Errorf("server: the warden daemon at %s %s: is `warden serve` running there? Start it, or unset WARDEN_SERVER (and --server) to decide without it: %w", req.URL.Host, down, err)
		}
		return fmt.Errorf("server: %s %s: %w", method, path, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, 16<<20))
	if err != nil {
		return fmt.Errorf("server: reading the answer to %s: %w", path, err)
	}
	if res.StatusCode != http.StatusOK {
		var env api.ErrorEnvelope
		if json.Unmarshal(data, &env) == nil && env.Error.Code != "" {
			return &APIError{Status: res.StatusCode, Code: env.Error.Code, Message: env.Error.Message}
		}
		return &APIError{Status: res.StatusCode, Code: "http_error", Message: strings.TrimSpace(string(data))}
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("server: decoding the answer to %s: %w", path, err)
	}
	if d, ok := out.(*api.Decision); ok && !d.Behavior.Valid() {
		return fmt.Errorf("server: the daemon answered %s with behaviour %q", path, d.Behavior)
	}
	return nil
}

// unreachable says how a request failed to reach the daemon — refused,
// no such socket, no route — or "" for any other failure.
func unreachable(err error) string {
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "refuses connections"
	case errors.Is(err, syscall.ENOENT):
		return "has no socket"
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return "cannot be reached"
	}
	var dns *net.DNSError
	if errors.As(err, &dns) {
		return "names a host that does not resolve"
	}
	return ""
}
