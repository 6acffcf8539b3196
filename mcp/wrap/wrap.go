package wrap

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/wardenhq/warden/internal/atomicfile"
)

// ClientFile is a file in which an MCP client declares its servers.
type ClientFile struct {
	// Client names the client: claude-code, codex, gemini, cursor, vscode.
	Client string
	Path   string
	// Key is the JSON member holding the servers (mcpServers; servers for
	// VS Code); Codex's TOML holds [mcp_servers.NAME] tables.
	Key string
	// Projects marks Claude Code's ~/.claude.json, whose per-project
	// entries (projects.DIR.mcpServers) hold servers too.
	Projects bool
}

// TOML reports whether the file is TOML (Codex).
func (f ClientFile) TOML() bool { return strings.HasSuffix(f.Path, ".toml") }

// ClientFiles are the files where the known clients declare MCP servers,
// for a user's home and a project (either may be empty).
func ClientFiles(home, project string) []ClientFile {
	var out []ClientFile
	if project != "" {
		out = append(out,
			ClientFile{Client: "claude-code", Path: filepath.Join(project, ".mcp.json"), Key: "mcpServers"},
			ClientFile{Client: "codex", Path: filepath.Join(project, ".codex", "config.toml")},
			ClientFile{Client: "gemini", Path: filepath.Join(project, ".gemini", "settings.json"), Key: "mcpServers"},
			ClientFile{Client: "cursor", Path: filepath.Join(project, ".cursor", "mcp.json"), Key: "mcpServers"},
			ClientFile{Client: "vscode", Path: filepath.Join(project, ".vscode", "mcp.json"), Key: "servers"},
		)
	}
	if home != "" {
		out = append(out,
			ClientFile{Client: "claude-code", Path: filepath.Join(home, ".claude.json"), Key: "mcpServers", Projects: true},
			ClientFile{Client: "codex", Path: filepath.Join(home, ".codex", "config.toml")},
			ClientFile{Client: "gemini", Path: filepath.Join(home, ".gemini", "settings.json"), Key: "mcpServers"},
			ClientFile{Client: "cursor", Path: filepath.Join(home, ".cursor", "mcp.json"), Key: "mcpServers"},
		)
	}
	return out
}

// Entry is one server a client file declares.
type Entry struct {
	File string
	// Where is the entry's place in the file (mcpServers.NAME,
	// projects./dir.mcpServers.NAME, mcp_servers.NAME).
	Where   string
	Name    string
	Wrapped bool
	// Unwrappable, when set, says why the entry cannot run through the
	// proxy (headers the proxy cannot send, an SSE server).
	Unwrappable string
}

// Inspect lists the servers a client file declares; a missing file
// declares none.
func Inspect(f ClientFile) ([]Entry, error) {
	var out []Entry
	_, err := rewrite(f, "", func(e Entry) { out = append(out, e) })
	return out, err
}

// Wrap rewrites the file's server entries to run through `WARDEN mcp
// proxy`, idempotently: wrapped entries stay as they are. Before the
// first change the original is kept beside the file (FILE.warden-backup,
// never overwritten). It returns the entries it wrapped.
func Wrap(f ClientFile, warden string) ([]Entry, error) {
	var wrapped []Entry
	data, err := rewrite(f, warden, func(e Entry) {
		if !e.Wrapped && e.Unwrappable == "" {
			wrapped = append(wrapped, e)
		}
	})
	if err != nil || len(wrapped) == 0 {
		return nil, err
	}
	old, err := os.ReadFile(f.Path)
	if err != nil {
		return nil, err
	}
	backup := f.Path + ".warden-backup"
	if _, err := os.Stat(backup); errors.Is(err, fs.ErrNotExist) {
		if err := atomicfile.WriteFile(backup, old, 0o600); err != nil {
			return nil, fmt.Errorf("backing up %s: %w", f.Path, err)
		}
	}
	perm := fs.FileMode(0o600)
	if st, err := os.Stat(f.Path); err == nil {
		perm = st.Mode().Perm()
	}
	if err := atomicfile.WriteFile(f.Path, data, perm); err != nil {
		return nil, err
	}
	return wrapped, nil
}

// rewrite reads the file, reports every entry, and (with warden set)
// returns the content with the entries wrapped.
func rewrite(f ClientFile, warden string, report func(Entry)) ([]byte, error) {
	data, err := os.ReadFile(f.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if f.TOML() {
		return rewriteTOML(f.Path, data, warden, report)
	}
	var root map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&root); err != nil {
		return nil, fmt.Errorf("%s: %w", f.Path, err)
	}
	wrapServers := func(servers any, where string) error {
		m, ok := servers.(map[string]any)
		if !ok {
			if servers == nil {
				return nil
			}
			return fmt.Errorf("%s: %s must be an object", f.Path, where)
		}
		names := make([]string, 0, len(m))
		for n := range m {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, name := range names {
			entry, ok := m[name].(map[string]any)
			if !ok {
				return fmt.Errorf("%s: %s.%s must be an object", f.Path, where, name)
			}
			e := Entry{File: f.Path, Where: where + "." + name, Name: name}
			e.Wrapped, e.Unwrappable = wrapEntry(entry, name, warden)
			report(e)
		}
		return nil
	}
	if err := wrapServers(root[f.Key], f.Key); err != nil {
		return nil, err
	}
	if f.Projects {
		if projects, ok := root["projects"].(map[string]any); ok {
			dirs := make([]string, 0, len(projects))
			for d := range projects {
				dirs = append(dirs, d)
			}
			sort.Strings(dirs)
			for _, d := range dirs {
				if p, ok := projects[d].(map[string]any); ok {
					if err := wrapServers(p[f.Key], "projects."+d+"."+f.Key); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	if warden == "" {
		return nil, nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(root); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// proxyArgs are the first arguments of a wrapped entry.
var proxyArgs = []string{"mcp", "proxy"}

// isWrapped reports whether a command line already runs the proxy.
func isWrapped(command string, args []string) bool {
	base := filepath.Base(command)
	return (base == "warden" || strings.HasPrefix(base, "warden")) && len(args) >= 2 && slices.Equal(args[:2], proxyArgs)
}

// wrapEntry wraps one JSON entry in place (when warden is set): a stdio
// entry's command runs after `--`, a URL entry's URL goes to --url.
func wrapEntry(entry map[string]any, name, warden string) (wrapped bool, why string) {
	command, _ := entry["command"].(string)
	args := stringList(entry["args"])
	if command != "" && isWrapped(command, args) {
		return true, ""
	}
	if strings.Contains(name, "__") {
		return false, "the name holds __, which cannot be told apart in mcp__NAME__TOOL"
	}
	var proxy []string
	switch {
	case command != "":
		if _, ok := entry["args"]; ok && args == nil {
			return false, "args is not a list of strings"
		}
		proxy = append([]string{"mcp", "proxy", "--name", name, "--", command}, args...)
	default:
		u, _ := entry["url"].(string)
		if u == "" {
			u, _ = entry["httpUrl"].(string) // Gemini CLI's streamable HTTP
		}
		if u == "" {
			return false, "neither a command nor a URL"
		}
		if t, _ := entry["type"].(string); t == "sse" {
			return false, "an SSE server (only stdio and streamable HTTP are proxied)"
		}
		if h, ok := entry["headers"].(map[string]any); ok && len(h) > 0 {
			return false, "HTTP headers the proxy cannot send"
		}
		proxy = []string{"mcp", "proxy", "--name", name, "--url", u}
		delete(entry, "url")
		delete(entry, "httpUrl")
		delete(entry, "headers")
		if _, ok := entry["type"]; ok {
			entry["type"] = "stdio"
		}
	}
	if warden != "" {
		entry["command"] = warden
		entry["args"] = proxy
	}
	return false, ""
}

func stringList(v any) []string {
	l, ok := v.([]any)
	if !ok {
		return nil
	}
	out := make([]string, 0, len(l))
	for _, e := range l {
		s, ok := e.(string)
		if !ok {
			return nil
		}
		out = append(out, s)
	}
	return out
}

// rewriteTOML wraps the [mcp_servers.NAME] tables of a Codex config.toml,
// line by line: a table's command and args lines (one line each, strings
// in TOML's basic or literal form) or its url line become a command and
// args running the proxy. Other forms are reported, not rewritten.
func rewriteTOML(path string, data []byte, warden string, report func(Entry)) ([]byte, error) {
	lines := strings.SplitAfter(string(data), "\n")
	type table struct {
		name               string
		start, end         int // line range of the table body
		command, args, url int // line indexes, -1 when absent
		commandV, urlV     string
		argsV              []string
		bad                string
	}
	var tables []*table
	var cur *table
	for i, raw := range lines {
		line := strings.TrimSpace(raw)
		if strings.HasPrefix(line, "[") {
			if cur != nil {
				cur.end = i
			}
			cur = nil
			h := strings.Trim(line, "[] \t")
			if name, ok := strings.CutPrefix(h, "mcp_servers."); ok && !strings.HasPrefix(line, "[[") {
				if uq, err := unquoteTOML(name); err == nil {
					name = uq
				}
				if !strings.Contains(name, ".") {
					cur = &table{name: name, start: i + 1, command: -1, args: -1, url: -1}
					tables = append(tables, cur)
				}
			}
			continue
		}
		if cur == nil {
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		switch key {
		case "command":
			s, err := unquoteTOML(val)
			if err != nil {
				cur.bad = "command is not a one-line string"
			}
			cur.command, cur.commandV = i, s
		case "url":
			s, err := unquoteTOML(val)
			if err != nil {
				cur.bad = "url is not a one-line string"
			}
			cur.url, cur.urlV = i, s
		case "args":
			l, err := tomlStrings(val)
			if err != nil {
				cur.bad = "args is not a one-line list of strings"
			}
			cur.args, cur.argsV = i, l
		}
	}
	if cur != nil {
		cur.end = len(lines)
	}
	for _, t := range tables {
		e := Entry{File: path, Where: "mcp_servers." + t.name, Name: t.name}
		switch {
		case t.command >= 0 && isWrapped(t.commandV, t.argsV):
			e.Wrapped = true
		case t.bad != "":
			e.Unwrappable = t.bad
		case strings.Contains(t.name, "__"):
			e.Unwrappable = "the name holds __, which cannot be told apart in mcp__NAME__TOOL"
		case t.command < 0 && t.url < 0:
			e.Unwrappable = "neither a command nor a URL"
		}
		report(e)
		if warden == "" || e.Wrapped || e.Unwrappable != "" {
			continue
		}
		var proxy []string
		if t.command >= 0 {
			proxy = append([]string{"mcp", "proxy", "--name", t.name, "--", t.commandV}, t.argsV...)
		} else {
			proxy = []string{"mcp", "proxy", "--name", t.name, "--url", t.urlV}
		}
		newLines := "command = " + tomlQuote(warden) + "\nargs = " + tomlList(proxy) + "\n"
		first := t.command
		if first < 0 {
			first = t.url
		}
		for _, i := range []int{t.command, t.args, t.url} {
			if i >= 0 {
				lines[i] = ""
			}
		}
		lines[first] = newLines
	}
	if warden == "" {
		return nil, nil
	}
	return []byte(strings.Join(lines, "")), nil
}

// unquoteTOML reads a one-line TOML string: basic ("…", Go's escapes
// being a superset) or literal ('…').
func unquoteTOML(s string) (string, error) {
	s = strings.TrimSpace(stripComment(s))
	if len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' && !strings.Contains(s[1:len(s)-1], "'") {
		return s[1 : len(s)-1], nil
	}
	if len(s) >= 2 && s[0] == '"' && !strings.HasPrefix(s, `"""`) {
		return strconv.Unquote(s)
	}
	return "", fmt.Errorf("not a one-line TOML string: %s", s)
}

// stripComment drops a trailing # comment outside strings.
func stripComment(s string) string {
	var q byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case q != 0 && c == '\\' && q == '"':
			i++
		case q != 0 && c == q:
			q = 0
		case q == 0 && (c == '"' || c == '\''):
			q = c
		case q == 0 && c == '#':
			return s[:i]
		}
	}
	return s
}

// tomlStrings reads a one-line TOML array of strings.
func tomlStrings(s string) ([]string, error) {
	s = strings.TrimSpace(stripComment(s))
	if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") {
		return nil, fmt.Errorf("not a one-line array: %s", s)
	}
	body := strings.TrimSpace(s[1 : len(s)-1])
	out := []string{}
	for body != "" {
		var end int
		switch body[0] {
		case '"':
			end = 1
			for end < len(body) && body[end] != '"' {
				if body[end] == '\\' {
					end++
				}
				end++
			}
		case '\'':
			end = 1 + strings.IndexByte(body[1:], '\'')
		default:
			return nil, fmt.Errorf("not a string in the array: %s", body)
		}
		if end <= 0 || end >= len(body) {
			return nil, fmt.Errorf("unterminated string in the array: %s", body)
		}
		v, err := unquoteTOML(body[:end+1])
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		body = strings.TrimSpace(body[end+1:])
		body = strings.TrimSpace(strings.TrimPrefix(body, ","))
	}
	return out, nil
}

func tomlList(l []string) string {
	q := make([]string, len(l))
	for i, s := range l {
		q[i] = tomlQuote(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// tomlQuote writes s as a TOML basic string: only the escapes TOML knows
// (strconv.Quote's \a, \v and \x are not among them). Invalid UTF-8
// becomes U+FFFD, which TOML can hold.
func tomlQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
