package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wardenhq/warden/approvers"
)

// approversHome is a home whose user settings are settingsJSON, with an
// approvers file holding alice and bob.
func approversHome(t *testing.T, settingsJSON string) (env map[string]string, file string, tokens map[string]string) {
	t.Helper()
	home := t.TempDir()
	env = map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config"), "XDG_STATE_HOME": filepath.Join(home, ".state")}
	cfg := filepath.Join(home, ".config", "warden", "settings.json")
	if err := os.MkdirAll(filepath.Dir(cfg), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg, []byte(settingsJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	file = filepath.Join(home, "approvers.json")
	tokens = map[string]string{}
	for _, n := range []string{"alice", "bob"} {
		tok, err := approvers.Add(file, n, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		tokens[n] = tok
	}
	return env, file, tokens
}

func TestServeRoutesNameKnownApprovers(t *testing.T) {
	for _, c := range []struct {
		name, settings string
		approvers      bool
		want           string
	}{
		{"unknown approver", `{"approvals":{"route":[{"risk":"HIGH","approvers":["alice","mallory"]}]}}`, true, `names approver "mallory", who is not in the approvers file (the approvers are alice, bob`},
		{"routes without an approvers file", `{"approvals":{"route":[{"approvers":["alice"]}]}}`, false, "this daemon has no approvers: start it with --approvers FILE"},
		{"unknown notifier approver", `{"approvals":{"notify":[{"type":"webhook","url":"http://127.0.0.1:9/","approver":"eve"}]}}`, true, `names approver "eve"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			env, file, _ := approversHome(t, c.settings)
			var stderr strings.Builder
			args := []string{"--addr", "127.0.0.1:0", "--no-audit", "--cwd", env["HOME"]}
			if c.approvers {
				args = append(args, "--approvers", file)
			}
			code := Run(context.Background(), Env{Stdout: io.Discard, Stderr: &stderr, Getenv: func(k string) string { return env[k] }}, args, nil)
			if code == 0 || !strings.Contains(stderr.String(), c.want) {
				t.Fatalf("exit %d, stderr %q, want an error with %q", code, stderr.String(), c.want)
			}
		})
	}
}

// TestServeRoutedAsk runs the daemon with a route for HIGH asks: the
// agents' and the daemon's own tokens are refused, alice's answer counts.
func TestServeRoutedAsk(t *testing.T) {
	env, file, tokens := approversHome(t, `{"approvals":{"timeoutSeconds":30,"route":[{"risk":"HIGH","approvers":["alice"]}]}}`)
	base, owner, agent := startDaemon(t, env, "--approvers", file)
	do := func(method, path, tok, body string) (int, string) { return call(t, method, base+path, tok, body) }
	decided := make(chan string, 1)
	go func() {
		_, body := do("POST", "/v1/decide", agent, `{"tool_name":"Bash","tool_input":{"command":"rm -rf ~/"},"cwd":"`+env["HOME"]+`","session_id":"s1"}`)
		decided <- body
	}()
	var id string
	for range 400 {
		_, body := do("GET", "/v1/pending", owner, "")
		var list struct {
			Pending []struct {
				ID        string   `json:"id"`
				Approvers []string `json:"approvers"`
			} `json:"pending"`
		}
		_ = json.Unmarshal([]byte(body), &list)
		if len(list.Pending) == 1 {
			id = list.Pending[0].ID
			if strings.Join(list.Pending[0].Approvers, ",") != "alice" {
				t.Fatalf("the ask is listed for %v, want alice", list.Pending[0].Approvers)
			}
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if id == "" {
		t.Fatal("the HIGH ask was never queued")
	}
	for who, tok := range map[string]string{"the daemon's token": owner, "bob": tokens["bob"], "the agents' token": agent} {
		if code, body := do("POST", "/v1/pending/"+id, tok, `{"behavior":"allow"}`); code != http.StatusForbidden {
			t.Errorf("%s answered a ask routed to alice: %d %s", who, code, body)
		}
	}
	if code, body := do("POST", "/v1/pending/"+id, tokens["alice"], `{"behavior":"deny","message":"no"}`); code != http.StatusOK {
		t.Fatalf("alice: %d %s", code, body)
	}
	body := <-decided
	if !strings.Contains(body, `"behavior":"deny"`) || !strings.Contains(body, `"person":"alice"`) {
		t.Errorf("decision %s, want a deny by alice", body)
	}
}

// startDaemon runs the daemon in this process with env and the extra
// args, until the test ends, and returns its address and two tokens.
func startDaemon(t *testing.T, env map[string]string, args ...string) (base, owner, agent string) {
	t.Helper()
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- Run(ctx, Env{Stdout: pw, Stderr: io.Discard, Getenv: func(k string) string { return env[k] }},
			append([]string{"--addr", "127.0.0.1:0", "--no-audit", "--cwd", env["HOME"]}, args...), nil)
		pw.Close()
	}()
	t.Cleanup(func() { cancel(); <-done })
	lines := bufio.NewScanner(pr)
	for lines.Scan() {
		l := lines.Text()
		if rest, ok := strings.CutPrefix(l, "listening on "); ok {
			base, owner, _ = strings.Cut(rest, "/?token=")
		}
		if rest, ok := strings.CutPrefix(l, "agents: "); ok {
			_, agent, _ = strings.Cut(rest, "WARDEN_TOKEN=")
			break
		}
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	if agent == "" {
		t.Fatal("the daemon did not start")
	}
	return base, owner, agent
}

// call makes one request with the bearer token tok (none when empty).
func call(t *testing.T, method, url, tok, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(data)
}
