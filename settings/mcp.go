package settings

import (
	"github.com/wardenhq/warden/internal/argpath"
)

// MCPArgs declares which arguments of an MCP tool are files, URLs or shell
// commands, so that the call is also judged as a read or edit of those
// files, a fetch of those URLs, a run of those commands.
type MCPArgs struct {
	// Paths are files the tool may read or write: judged as a Read and as
	// an Edit of each.
	Paths []argpath.Path
	// Reads are files the tool only reads: judged as a Read of each.
	Reads []argpath.Path
	// URLs are fetched: judged as a WebFetch of each (a file: URL as a
	// Read of its path).
	URLs []argpath.Path
	// Commands are run by a shell: judged as Bash commands.
	Commands []argpath.Path
}

// Empty reports whether nothing is declared.
func (a *MCPArgs) Empty() bool {
	return a == nil || len(a.Paths)+len(a.Reads)+len(a.URLs)+len(a.Commands) == 0
}

// Add appends b's declarations to a's.
func (a *MCPArgs) Add(b *MCPArgs) {
	if b == nil {
		return
	}
	a.Paths = append(a.Paths, b.Paths...)
	a.Reads = append(a.Reads, b.Reads...)
	a.URLs = append(a.URLs, b.URLs...)
	a.Commands = append(a.Commands, b.Commands...)
}

// MCPServer is what settings declare about one MCP server (the value of
// mcp.servers.NAME): arguments of all its tools, and of single tools.
type MCPServer struct {
	MCPArgs
	// Tools declare the arguments of one tool each, by the tool's name as
	// the server lists it.
	Tools map[string]*MCPArgs
}

// Args returns what is declared for one tool of the server: the server's
// declarations and the tool's own.
func (s *MCPServer) Args(tool string) MCPArgs {
	var a MCPArgs
	if s == nil {
		return a
	}
	a.Add(&s.MCPArgs)
	a.Add(s.Tools[tool])
	return a
}

var (
	mcpKeys       = keySet("servers")
	mcpServerKeys = keySet("paths", "reads", "urls", "commands", "tools")
	mcpToolKeys   = keySet("paths", "reads", "urls", "commands")
)

// mcp decodes the "mcp" key. Declarations add up from every source: each
// only adds judging, so a weaker file can tighten but never loosen.
func (d *fileDecoder) mcp(n *node) error {
	ms, err := d.members(n, "mcp", mcpKeys)
	if err != nil {
		return err
	}
	v := ms["servers"]
	if v == nil {
		return nil
	}
	if v.kind != kindObject {
		return d.errAt(v, "mcp.servers must be an object from server name to its declarations, not %s", v.kind)
	}
	for _, mb := range v.members {
		what := "mcp.servers." + mb.key
		if mb.key == "" {
			return d.errAt(mb.val, "mcp.servers: empty server name")
		}
		sm, err := d.members(mb.val, what, mcpServerKeys)
		if err != nil {
			return err
		}
		if d.m.s.MCP == nil {
			d.m.s.MCP = map[string]*MCPServer{}
		}
		srv := d.m.s.MCP[mb.key]
		if srv == nil {
			srv = &MCPServer{}
			d.m.s.MCP[mb.key] = srv
		}
		if err := d.mcpArgs(sm, what, &srv.MCPArgs); err != nil {
			return err
		}
		t := sm["tools"]
		if t == nil {
			continue
		}
		if t.kind != kindObject {
			return d.errAt(t, "%s.tools must be an object from tool name to its declarations, not %s", what, t.kind)
		}
		for _, tm := range t.members {
			twhat := what + ".tools." + tm.key
			if tm.key == "" {
				return d.errAt(tm.val, "%s.tools: empty tool name", what)
			}
			am, err := d.members(tm.val, twhat, mcpToolKeys)
			if err != nil {
				return err
			}
			if srv.Tools == nil {
				srv.Tools = map[string]*MCPArgs{}
			}
			a := srv.Tools[tm.key]
			if a == nil {
				a = &MCPArgs{}
				srv.Tools[tm.key] = a
			}
			if err := d.mcpArgs(am, twhat, a); err != nil {
				return err
			}
		}
	}
	return nil
}

func (d *fileDecoder) mcpArgs(ms map[string]*node, what string, a *MCPArgs) error {
	for _, f := range []struct {
		key string
		to  *[]argpath.Path
	}{{"paths", &a.Paths}, {"reads", &a.Reads}, {"urls", &a.URLs}, {"commands", &a.Commands}} {
		v := ms[f.key]
		if v == nil {
			continue
		}
		if v.kind != kindArray {
			return d.errAt(v, "%s.%s must be an array of argument paths, not %s", what, f.key, v.kind)
		}
		for _, e := range v.elems {
			s, err := d.str(e, what+"."+f.key+"[]")
			if err != nil {
				return err
			}
			p, err := argpath.Parse(s)
			if err != nil {
				return d.errAt(e, "%s.%s: %v", what, f.key, err)
			}
			*f.to = append(*f.to, p)
		}
	}
	return nil
}
