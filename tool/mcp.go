package tool

import (
	"net/url"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/internal/argpath"
	"github.com/wardenhq/warden/rule"
	"github.com/wardenhq/warden/settings"
)

// MCPChecker judges a call of an MCP tool, named mcp__SERVER__TOOL: the tool
// itself is one subject, and the arguments declared as files, URLs or
// commands (settings' mcp.servers, or what the MCP gateway learns from a
// tool's input schema) are judged as what they are — a Read and an Edit of
// each file, a WebFetch of each URL, the simple commands of each command —
// so that Read(./.env) also stops a filesystem server's read of .env.
type MCPChecker struct {
	// Args returns the declared arguments of one tool of one server (the
	// server's name as in the tool name); nil means none are declared.
	Args func(server, tool string) settings.MCPArgs
	// Bash judges command arguments (the zero value: default limits).
	Bash BashChecker
}

var _ Checker = MCPChecker{}

// SplitMCPName splits mcp__SERVER__TOOL into its server and tool; ok is
// false for a name of another shape.
func SplitMCPName(name string) (server, tool string, ok bool) {
	rest, found := strings.CutPrefix(name, "mcp__")
	if !found {
		return "", "", false
	}
	server, tool, ok = strings.Cut(rest, "__")
	return server, tool, ok && server != "" && tool != ""
}

// Check judges one call.
func (c MCPChecker) Check(req api.Request, env Env) *Analysis {
	server, tool, ok := SplitMCPName(req.ToolName)
	if !ok {
		return problem(&req, "MCP tool name must be mcp__SERVER__TOOL")
	}
	an := &Analysis{Subjects: []Subject{{
		Subject: rule.Subject{Tool: req.ToolName, Input: req.ToolInput},
		Display: req.ToolName,
	}}}
	if c.Args == nil {
		return an
	}
	args := c.Args(server, tool)
	if args.Empty() {
		return an
	}
	values := func(paths []argpath.Path) []string {
		var out []string
		for _, p := range paths {
			vs, err := p.Strings(req.ToolInput)
			if err != nil && an.Problem == "" {
				an.Problem = req.ToolName + ": " + err.Error()
			}
			out = append(out, vs...)
		}
		return out
	}
	reads, edits := values(args.Reads), values(args.Paths)
	for _, raw := range values(args.URLs) {
		if p, ok := fileURLPath(raw); ok {
			reads = append(reads, p)
			continue
		}
		host, err := NormalizeHost(raw)
		if err != nil {
			if an.Problem == "" {
				an.Problem = req.ToolName + ": " + raw + ": " + err.Error()
			}
			continue
		}
		an.Subjects = append(an.Subjects, Subject{
			Subject: rule.Subject{Tool: "WebFetch", Domain: host, Input: req.ToolInput, Incidental: true},
			Display: host,
		})
	}
	for _, raw := range append(reads, edits...) {
		c.pathSubjects(an, &req, &env, raw, false)
	}
	for _, raw := range edits {
		c.pathSubjects(an, &req, &env, raw, true)
	}
	for _, cmd := range values(args.Commands) {
		sub := c.Bash.Check(api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": cmd}, Cwd: req.Cwd}, env)
		an.Subjects = append(an.Subjects, sub.Subjects...)
		an.Findings = append(an.Findings, sub.Findings...)
		if sub.Problem != "" && an.Problem == "" {
			an.Problem = req.ToolName + ": command " + sub.Problem
		}
	}
	return an
}

// pathSubjects adds the subjects of one file argument: a Read of it (which
// needs no allow rule of its own, as the files cat reads) or an Edit of it
// (covered by an allow rule of the tool inside the working directories,
// as the files a command writes), through symlinks.
func (c MCPChecker) pathSubjects(an *Analysis, req *api.Request, env *Env, raw string, edit bool) {
	if raw == "" {
		return
	}
	abs, err := ExpandPath(raw, env.Cwd, env.Home)
	if err != nil {
		if an.Problem == "" {
			an.Problem = req.ToolName + ": " + raw + ": " + err.Error()
		}
		return
	}
	paths := []string{abs}
	if real := env.Paths.Real(abs); real != abs {
		paths = append(paths, real)
	}
	for _, p := range paths {
		if edit {
			s := fileSubject("Edit", env, p, true)
			s.WrittenBy = 1 // the tool's own subject
			an.Subjects = append(an.Subjects, s)
			continue
		}
		s := fileSubject("Read", env, p, false)
		credentialRead("Read", env, &s)
		s.Incidental = true
		an.Subjects = append(an.Subjects, s)
	}
}

// fileURLPath returns the path of a file: URL.
func fileURLPath(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || !strings.EqualFold(u.Scheme, "file") {
		return "", false
	}
	if u.Host != "" && u.Host != "localhost" {
		return "", false
	}
	return u.Path, u.Path != ""
}
