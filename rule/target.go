package rule

import (
	"strconv"
	"strings"
)

// domainPattern is the specifier of a WebFetch rule: `domain:example.com`
// matches that host only, `domain:*.example.com` its subdomains at any depth
// (not example.com itself), and `domain:*` any host.
type domainPattern struct {
	host string // lower case, without a trailing dot
	wild bool   // *.host
	any  bool   // *
}

func parseDomainPattern(spec string) (domainPattern, error) {
	const prefix = "domain:"
	if !strings.HasPrefix(spec, prefix) {
		return domainPattern{}, specErrorf(0, "WebFetch rules take domain:HOST or domain:*.HOST, not %q", spec)
	}
	h := strings.ToLower(strings.TrimSuffix(spec[len(prefix):], "."))
	off := len(prefix)
	switch {
	case h == "":
		return domainPattern{}, specErrorf(off, "missing host after domain:")
	case h == "*":
		return domainPattern{any: true}, nil
	}
	var d domainPattern
	if strings.HasPrefix(h, "*.") {
		d.wild, h, off = true, h[2:], off+2
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" {
			return domainPattern{}, specErrorf(off, "empty label in host %q", h)
		}
		for j := 0; j < len(label); j++ {
			c := label[j]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
				if c == '*' {
					return domainPattern{}, specErrorf(off+j, "a wildcard may only open the host, as in domain:*.example.com")
				}
				return domainPattern{}, specErrorf(off+j, "invalid character %q in host %q", c, h)
			}
		}
		off += len(label) + 1
	}
	d.host = h
	return d, nil
}

// match reports whether host (lower case, without a trailing dot) is covered.
func (d *domainPattern) match(host string) bool {
	switch {
	case host == "":
		return false
	case d.any:
		return true
	case d.wild:
		n := len(host) - len(d.host)
		return n > 1 && host[n-1] == '.' && host[n:] == d.host
	}
	return host == d.host
}

// normalHost reduces what a checker passes as a host to the bare host name:
// any user information and port are dropped (in case a caller passes an
// authority), then the trailing dot, and the rest is lower-cased. It
// allocates only to lower-case.
func normalHost(host string) string {
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		host = host[i+1:]
	}
	if strings.HasPrefix(host, "[") {
		if i := strings.IndexByte(host, ']'); i >= 0 {
			host = host[1:i]
		}
	} else if i := strings.IndexByte(host, ':'); i >= 0 && strings.Count(host, ":") == 1 {
		host = host[:i]
	}
	host = strings.TrimSuffix(host, ".")
	for i := 0; i < len(host); i++ {
		if c := host[i]; c >= 'A' && c <= 'Z' {
			return strings.ToLower(host)
		}
	}
	return host
}

// fieldPattern is the specifier `field:glob` of a rule on any other tool:
// the named top-level input field, read as text, must match the glob.
type fieldPattern struct {
	field string
	glob  textGlob
}

func parseFieldPattern(spec string) (fieldPattern, error) {
	field, glob, ok := strings.Cut(spec, ":")
	if !ok {
		return fieldPattern{}, specErrorf(0, "this tool's rules take field:glob, naming an input field (got %q)", spec)
	}
	field = strings.TrimSpace(field)
	if field == "" {
		return fieldPattern{}, specErrorf(0, "missing field name before ':'")
	}
	for i := 0; i < len(field); i++ {
		c := field[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || i > 0 && (c >= '0' && c <= '9' || c == '-')) {
			return fieldPattern{}, specErrorf(i, "invalid character %q in field name %q", c, field)
		}
	}
	return parseGlobField(field, glob, len(field)+1)
}

func parseGlobField(field, glob string, off int) (fieldPattern, error) {
	if glob == "" {
		return fieldPattern{}, specErrorf(off, "empty pattern for field %q", field)
	}
	return fieldPattern{field: field, glob: parseTextGlob(glob)}, nil
}

// match reports whether the field of input is a scalar whose text matches.
// Objects, arrays and absent fields never match.
func (f *fieldPattern) match(input map[string]any) bool {
	v, ok := input[f.field]
	if !ok {
		return false
	}
	switch v := v.(type) {
	case string:
		return f.glob.match(v)
	case bool:
		return f.glob.match(strconv.FormatBool(v))
	case float64:
		return f.glob.match(strconv.FormatFloat(v, 'f', -1, 64))
	case int:
		return f.glob.match(strconv.Itoa(v))
	case int64:
		return f.glob.match(strconv.FormatInt(v, 10))
	case interface{ String() string }: // json.Number and the like
		return f.glob.match(v.String())
	}
	return false
}

// mcpName is the tool name of an MCP rule: `mcp__server` and
// `mcp__server__*` cover every tool of that server (and never a server whose
// name merely starts the same), `mcp__server__tool` one tool, and a tool part
// with stars (`mcp__server__get_*`) the tools it matches.
type mcpName struct {
	server string   // "mcp__server"
	tool   textGlob // nil for the whole server
}

func parseMCPName(name string) (mcpName, error) {
	rest := name[len("mcp__"):]
	server, tool, hasTool := strings.Cut(rest, "__")
	switch {
	case server == "":
		return mcpName{}, specErrorf(len("mcp__"), "missing MCP server name in %q", name)
	case strings.Contains(server, "*"):
		return mcpName{}, specErrorf(len("mcp__")+strings.IndexByte(server, '*'), "MCP server name %q must be literal", server)
	case hasTool && tool == "":
		return mcpName{}, specErrorf(len(name), "missing MCP tool name after %q", name)
	}
	m := mcpName{server: "mcp__" + server}
	if hasTool && tool != "*" {
		m.tool = parseTextGlob(tool)
	}
	return m, nil
}

// covers reports whether the MCP tool name is one this name covers.
func (m *mcpName) covers(tool string) bool {
	if !strings.HasPrefix(tool, m.server) {
		return false
	}
	rest := tool[len(m.server):]
	if m.tool == nil {
		return rest == "" || strings.HasPrefix(rest, "__")
	}
	return strings.HasPrefix(rest, "__") && m.tool.match(rest[2:])
}

// mcpServer returns "mcp__server" for an MCP tool name, or "".
func mcpServer(tool string) string {
	if !strings.HasPrefix(tool, "mcp__") {
		return ""
	}
	if i := strings.Index(tool[len("mcp__"):], "__"); i >= 0 {
		return tool[:len("mcp__")+i]
	}
	return tool
}
