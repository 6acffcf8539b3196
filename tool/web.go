package tool

import (
	"errors"
	"net/url"
	"strings"

	"golang.org/x/net/idna"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/netclass"
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
	if ip, ok := netclass.ParseIP(strings.Trim(h, "[]")); ok {
		// Every spelling of an address as the one it reaches:
		// 0xa9fea9fe, 2852039166 and [::ffff:a9fe:a9fe] are 169.254.169.254.
		return ip.String(), nil
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

// checkWebFetch judges a fetch of url, or of every URL in urls (an agent
// whose fetch tool takes URLs inside free text, such as Gemini CLI's
// web_fetch, lists them there): one subject per host.
func checkWebFetch(req api.Request, env Env) *Analysis {
	raws, err := fetchURLs(&req)
	if err != nil {
		return problem(&req, err.Error())
	}
	an := &Analysis{}
	seen := map[string]bool{}
	for _, raw := range raws {
		host, err := NormalizeHost(raw)
		if err != nil {
			return problem(&req, "WebFetch: "+raw+": "+err.Error())
		}
		if seen[host] {
			continue
		}
		seen[host] = true
		an.Findings = append(an.Findings, hostFindings(raw)...)
		an.Subjects = append(an.Subjects, Subject{
			Subject: rule.Subject{Tool: "WebFetch", Domain: host, Input: req.ToolInput},
			Display: host,
		})
	}
	return an
}

// hostFindings judges a fetched URL's host by value (netclass), and the
// URLs in its query string, where a redirect may send the fetch.
func hostFindings(raw string) []api.Finding {
	var out []api.Finding
	for _, u := range append([]string{raw}, netclass.Redirects(raw)...) {
		if cls, h := netclass.ClassifyURL(u); cls != nil {
			out = append(out, cls.Finding(raw, h.Name))
			break
		}
	}
	return out
}

// fetchURLs returns the URLs a fetch call fetches: the urls list when
// present (it must be a non-empty list of strings), else url.
func fetchURLs(req *api.Request) ([]string, error) {
	v, ok := req.ToolInput["urls"]
	if !ok {
		raw, err := requiredString(req, "url")
		if err != nil {
			return nil, err
		}
		return []string{raw}, nil
	}
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		return nil, errors.New(req.ToolName + ": tool_input.urls must be a non-empty list of URLs")
	}
	out := make([]string, 0, len(list))
	for _, e := range list {
		s, ok := e.(string)
		if !ok || s == "" {
			return nil, errors.New(req.ToolName + ": tool_input.urls must hold URL strings")
		}
		out = append(out, s)
	}
	return out, nil
}

func isMCP(name string) bool { return strings.HasPrefix(name, "mcp__") }
