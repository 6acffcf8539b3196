package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// stdioServer is an MCP server in bash: it answers initialize and
// tools/list, creates $MARK on a call of touch, and answers any other call.
const stdioServer = `while IFS= read -r line; do
  [[ $line =~ \"id\":(\"[^\"]*\"|-?[0-9]+) ]] || continue
  id=${BASH_REMATCH[1]}
  case $line in
  *'"method":"initialize"'*) r='{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"sh","version":"1"}}';;
  *'"method":"tools/list"'*) r='{"tools":[{"name":"echo","description":"Answer with a greeting.","inputSchema":{"type":"object"}},{"name":"touch","description":"Create the marker file.","inputSchema":{"type":"object"}}]}';;
  *'"name":"touch"'*) : > "$MARK"; r='{"content":[{"type":"text","text":"touched"}]}';;
  *'"method":"tools/call"'*) r='{"content":[{"type":"text","text":"hello from sh"}]}';;
  *) printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"unknown method"}}\n' "$id"; continue;;
  esac
  printf '{"jsonrpc":"2.0","id":%s,"result":%s}\n' "$id" "$r"
done
`

// TestMCPProxyHandsOver runs warden mcp proxy as a client starts it: warden
// hands over to warden-daemon mcp-proxy, the client's streams reach the
// proxy, an allowed call reaches the server, a denied one does not, and the
// exit code comes back; without warden-daemon, warden says how to install
// it.
func TestMCPProxyHandsOver(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash for the test's MCP server")
	}
	bin := buildBoth(t)
	home := t.TempDir()
	proj := filepath.Join(home, "proj")
	if err := os.MkdirAll(filepath.Join(proj, ".warden"), 0o755); err != nil {
		t.Fatal(err)
	}
	server := filepath.Join(home, "server.sh")
	rules := filepath.Join(home, "rules.json")
	mark := filepath.Join(home, "touched")
	for f, body := range map[string]string{
		server: stdioServer,
		rules:  `{"permissions": {"allow": ["mcp__sh__echo"], "deny": ["mcp__sh__touch"]}}`,
	} {
		if err := os.WriteFile(f, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := append(os.Environ(), "HOME="+home, "XDG_STATE_HOME="+filepath.Join(home, "state"), "XDG_CONFIG_HOME="+filepath.Join(home, "config"),
		"WARDEN_MANAGED_SETTINGS="+filepath.Join(home, "managed.json"), "WARDEN_SERVER=", "WARDEN_TOKEN=", "CLAUDE_PROJECT_DIR=", "MARK="+mark)
	proxy := func(warden string, args ...string) *exec.Cmd {
		cmd := exec.Command(warden, append([]string{"mcp", "proxy"}, args...)...)
		cmd.Env, cmd.Dir = env, proj
		return cmd
	}

	t.Run("usage", func(t *testing.T) {
		var stderr bytes.Buffer
		cmd := proxy(filepath.Join(bin, "warden"), "--name", "sh")
		cmd.Stderr = &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(stderr.String(), "usage: warden mcp proxy --name NAME") {
			t.Errorf("warden mcp proxy --name sh with no server: %v, stderr %q; want exit 2 with the proxy's usage", err, stderr.String())
		}
	})

	t.Run("no daemon binary", func(t *testing.T) {
		alone := t.TempDir()
		b, err := os.ReadFile(filepath.Join(bin, "warden"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(alone, "warden"), b, 0o755); err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		cmd := proxy(filepath.Join(alone, "warden"), "--name", "sh", "--", bash, server)
		cmd.Env = append(cmd.Env, "PATH="+t.TempDir())
		cmd.Stderr = &stderr
		err = cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			t.Errorf("without warden-daemon: %v; want exit 1", err)
		}
		for _, want := range []string{"warden mcp proxy", "warden-daemon", "go install github.com/wardenhq/warden/cmd/warden-daemon@latest", "go install ./cmd/..."} {
			if !strings.Contains(stderr.String(), want) {
				t.Errorf("without warden-daemon, stderr %q does not name %q", stderr.String(), want)
			}
		}
	})

	t.Run("calls", func(t *testing.T) {
		var stderr bytes.Buffer
		cmd := proxy(filepath.Join(bin, "warden"), "--name", "sh", "--settings", rules, "--no-audit", "--", bash, server)
		cmd.Stderr = &stderr
		in, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		timer := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
		defer timer.Stop()
		io.WriteString(in, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{}}}
{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"touch","arguments":{}}}
`)
		got := map[float64]string{}
		sc := bufio.NewScanner(out)
		for len(got) < 3 && sc.Scan() {
			var m struct {
				ID any `json:"id"`
			}
			if json.Unmarshal(sc.Bytes(), &m) != nil {
				t.Fatalf("the proxy wrote %q, not JSON-RPC", sc.Text())
			}
			if id, ok := m.ID.(float64); ok {
				got[id] = sc.Text()
			}
		}
		in.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("the proxy exited with %v when the client closed; stderr:\n%s", err, stderr.String())
		}
		if !strings.Contains(got[1], `"serverInfo"`) {
			t.Errorf("initialize answered %q", got[1])
		}
		if !strings.Contains(got[2], "hello from sh") {
			t.Errorf("the allowed call answered %q, not the server's answer; stderr:\n%s", got[2], stderr.String())
		}
		if !strings.Contains(got[3], `"isError":true`) || !strings.Contains(got[3], "mcp__sh__touch") {
			t.Errorf("the denied call answered %q, not a refusal naming the rule", got[3])
		}
		if _, err := os.Stat(mark); err == nil {
			t.Error("the denied call reached the server")
		}
	})
}
