package agente2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestMain runs the test binary as a small MCP server over stdio when
// the agents start it so (WARDEN_E2E_MCP=1), and as the tests otherwise.
func TestMain(m *testing.M) {
	if os.Getenv(mcpEnv) == "1" {
		serveMCP(os.Stdin, os.Stdout)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// mcpEnv makes the test binary an MCP server.
const mcpEnv = "WARDEN_E2E_MCP"

// mcpServer and mcpTool name the scenarios' MCP server and its one tool,
// touch_marker {"path"}, which creates the file at path.
const (
	mcpServer = "e2e"
	mcpTool   = "touch_marker"
)

// mcpCommand is the command line an agent starts the MCP server with.
func mcpCommand() (string, error) { return os.Executable() }

// serveMCP answers MCP's JSON-RPC over newline-delimited stdio: initialize,
// tools/list and tools/call of touch_marker.
func serveMCP(in io.Reader, out io.Writer) {
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 1<<20)
	enc := json.NewEncoder(out)
	for sc.Scan() {
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		if json.Unmarshal(sc.Bytes(), &req) != nil || len(req.ID) == 0 {
			continue // a notification, or not JSON
		}
		var result any
		switch req.Method {
		case "initialize":
			var p struct {
				ProtocolVersion string `json:"protocolVersion"`
			}
			json.Unmarshal(req.Params, &p)
			result = map[string]any{
				"protocolVersion": p.ProtocolVersion,
				"capabilities":    map[string]any{"tools": map[string]any{}},
				"serverInfo":      map[string]any{"name": mcpServer, "version": "1.0.0"},
			}
		case "tools/list":
			result = map[string]any{"tools": []any{map[string]any{
				"name":        mcpTool,
				"description": "Create an empty marker file at path.",
				"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}, "required": []string{"path"}},
			}}}
		case "tools/call":
			var p struct {
				Name      string `json:"name"`
				Arguments struct {
					Path string `json:"path"`
				} `json:"arguments"`
			}
			json.Unmarshal(req.Params, &p)
			text := "created " + p.Arguments.Path
			if err := os.WriteFile(p.Arguments.Path, nil, 0o644); err != nil {
				text = err.Error()
			}
			result = map[string]any{"content": []any{map[string]any{"type": "text", "text": text}}}
		case "ping":
			result = map[string]any{}
		default:
			enc.Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "error": map[string]any{"code": -32601, "message": "no method " + req.Method}})
			continue
		}
		enc.Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
	}
}

// mcpScenario is the denied MCP call, with the tool named as the agent
// names it to the model.
func mcpScenario(tool string) scenario {
	return scenario{
		name: "deny-mcp",
		mcp:  true,
		calls: func(w *world) []Call {
			return []Call{{Name: tool, Input: map[string]any{"path": w.abs(mcpMade)}}}
		},
		want:   check{gone: []string{mcpMade}},
		reason: "mcp__e2e__touch_marker",
	}
}

// mcpMade is the file the MCP tool would create.
const mcpMade = "mcp-made.txt"

// mcpServersJSON declares the MCP server in Claude Code's and Gemini's
// shape (the value of "mcpServers").
func mcpServersJSON() (map[string]any, error) {
	exe, err := mcpCommand()
	if err != nil {
		return nil, err
	}
	return map[string]any{mcpServer: map[string]any{"command": exe, "args": []string{}, "env": map[string]string{mcpEnv: "1"}}}, nil
}

// writeMCPConfig writes Claude Code's --mcp-config file and returns its
// path.
func (w *world) writeMCPConfig() string {
	path := filepath.Join(w.root, "mcp.json")
	if _, err := os.Stat(path); err == nil {
		return path // written already (and wrapped by the gateway's tests)
	}
	servers, err := mcpServersJSON()
	if err != nil {
		w.t.Fatal(err)
	}
	b, _ := json.Marshal(map[string]any{"mcpServers": servers})
	w.write(path, string(b))
	return path
}

// codexMCPConfig is the TOML that declares the MCP server to Codex.
func codexMCPConfig(t *testing.T) string {
	exe, err := mcpCommand()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("\n[mcp_servers.%s]\ncommand = %q\nenv = { %s = \"1\" }\n", mcpServer, exe, mcpEnv)
}
