package tool

import (
	"errors"
	"net/url"
	"strings"

	"golang.org/x/net/idna"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/rule"
)

// NormalizeHost returns the host of a URL as rules compare it: userinfo and
// port dropped, lower case, trailing dots removed, international names in
// their ASCII (punycode) form. It refuses URLs whose host a browser and Go
// could read differently (backslashes, control characters) and schemes other
// than http and https.
func NormalizeHost(raw string) (string, error) {
	if strings.ContainsAny(raw, "\\\x00\t\r\n ") {
		return "", errors.New("URL contains a backslash, a space or a control character")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", errors.New("URL does not parse: " + err.Error())
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
	default:
		return "", errors.New("URL scheme must be http or https")
	}
	return normalizeHostname(u.Hostname())
}

func normalizeHostname(h string) (string, error) {
	h = strings.TrimRight(strings.ToLower(h), ".")
	if h == "" {
		return "", errors.New("URL has no host")
	}
	if strings.HasPrefix(h, "[") || strings.Contains(h, ":") {
		return h, nil // an IPv6 literal
	}
	ascii, err := idna.Lookup.ToASCII(h)
	if err != nil {
		return "", errors.New("URL host is not a valid domain name: " + err.Error())
	}
	return ascii, nil
}

func checkWebFetch(req api.Request, env Env) *Analysis {
	raw, err := requiredString(&req, "url")
	if err != nil {
		return problem(&req, err.Error())
	}
	host, err := NormalizeHost(raw)
	if err != nil {
		return problem(&req, "WebFetch: "+err.Error())
	}
	return &Analysis{Subjects: []Subject{{
		Subject: rule.Subject{Tool: "WebFetch", Domain: host, Input: req.ToolInput},
		Display: host,
	}}}
}

func isMCP(name string) bool { return strings.HasPrefix(name, "mcp__") }

// checkMCP judges a call of an MCP tool, named mcp__SERVER__TOOL.
func checkMCP(req api.Request, env Env) *Analysis {
	rest := strings.TrimPrefix(req.ToolName, "mcp__")
	server, tool, ok := strings.Cut(rest, "__")
	if !ok || server == "" || tool == "" {
		return problem(&req, "MCP tool name must be mcp__SERVER__TOOL")
	}
	return &Analysis{Subjects: []Subject{{
		Subject: rule.Subject{Tool: req.ToolName, Input: req.ToolInput},
		Display: req.ToolName,
	}}}
}
