package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// daemonProc is one `warden serve` process, handed over to warden-daemon.
type daemonProc struct {
	cmd                  *exec.Cmd
	url, approver, agent string
	natsURL, creds       string
	stderr               *bytes.Buffer
}

var (
	approverLine = regexp.MustCompile(`^listening on (http://[0-9.:]+)/\?token=([0-9a-f]+)$`)
	agentLine    = regexp.MustCompile(`^agents: WARDEN_SERVER=\S+ WARDEN_TOKEN=([0-9a-f]+)$`)
	joinLine     = regexp.MustCompile(`--nats (nats://[0-9.:]+) --nats-creds (\S+)`)
)

// buildBoth builds warden and warden-daemon side by side, as go install
// ./cmd/... puts them.
func buildBoth(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "../warden", ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return dir
}

func startDaemon(t *testing.T, bin, home string, args ...string) *daemonProc {
	t.Helper()
	d := &daemonProc{stderr: &bytes.Buffer{}}
	d.cmd = exec.Command(filepath.Join(bin, "warden"), append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	d.cmd.Env = append(os.Environ(), "HOME="+home, "XDG_STATE_HOME="+filepath.Join(home, "state"), "XDG_CONFIG_HOME="+filepath.Join(home, "config"),
		"WARDEN_MANAGED_SETTINGS="+filepath.Join(home, "managed.json"), "WARDEN_SERVER=", "WARDEN_TOKEN=")
	d.cmd.Dir = home
	out, err := d.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	errPipe, err := d.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := d.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.cmd.Process.Kill(); _ = d.cmd.Wait() })
	joined := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(errPipe)
		for sc.Scan() {
			line := sc.Text()
			if m := joinLine.FindStringSubmatch(line); m != nil {
				d.natsURL, d.creds = m[1], m[2]
			}
			d.stderr.WriteString(line + "\n")
			if strings.Contains(line, "join with") {
				close(joined)
			}
		}
	}()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	timeout := time.After(60 * time.Second)
	for d.agent == "" {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatalf("warden serve ended before its start-up lines\n%s", d.stderr)
			}
			if m := approverLine.FindStringSubmatch(line); m != nil {
				d.url, d.approver = m[1], m[2]
			}
			if m := agentLine.FindStringSubmatch(line); m != nil {
				d.agent = m[1]
			}
		case <-timeout:
			t.Fatalf("warden serve printed no start-up lines in 60s\n%s", d.stderr)
		}
	}
	go func() {
		for range lines {
		}
	}()
	if strings.Contains(strings.Join(args, " "), "--nats-listen") {
		select {
		case <-joined:
		case <-time.After(10 * time.Second):
			t.Fatalf("no join line\n%s", d.stderr)
		}
	}
	return d
}

func (d *daemonProc) call(t *testing.T, method, path, token, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, d.url+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := (&http.Client{Timeout: 10 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

// pendingOn waits until d lists an ask for command, and returns its id.
func (d *daemonProc) pendingOn(t *testing.T, command string) string {
	t.Helper()
	for range 300 {
		_, body := d.call(t, "GET", "/v1/pending", d.approver, "")
		var list struct {
			Pending []struct{ ID, Summary string } `json:"pending"`
		}
		if err := json.Unmarshal([]byte(body), &list); err == nil {
			for _, p := range list.Pending {
				if p.Summary == command {
					return p.ID
				}
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s never listed an ask for %q", d.url, command)
	return ""
}

// hook starts `warden hook` with a PermissionRequest for command, talking
// to d with the agents' token; it returns the hook's output when it ends.
func hook(t *testing.T, bin, home string, d *daemonProc, command string) <-chan string {
	t.Helper()
	payload := fmt.Sprintf(`{"session_id":"s-e2e","cwd":%q,"permission_mode":"default","hook_event_name":"PermissionRequest","tool_name":"Bash","tool_input":{"command":%q}}`, home, command)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	cmd := exec.CommandContext(ctx, filepath.Join(bin, "warden"), "hook")
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_STATE_HOME="+filepath.Join(home, "hookstate"), "XDG_CONFIG_HOME="+filepath.Join(home, "config"),
		"WARDEN_MANAGED_SETTINGS="+filepath.Join(home, "managed.json"), "WARDEN_SERVER="+d.url, "WARDEN_TOKEN="+d.agent)
	cmd.Dir = home
	cmd.Stdin = strings.NewReader(payload)
	ch := make(chan string, 1)
	go func() {
		defer cancel()
		out, _ := cmd.Output()
		ch <- string(out)
	}()
	return ch
}

func behaviorOf(t *testing.T, out string) string {
	t.Helper()
	var v struct {
		HookSpecificOutput struct {
			Decision struct{ Behavior string } `json:"decision"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("hook output %q: %v", out, err)
	}
	return v.HookSpecificOutput.Decision.Behavior
}

// TestThreeDaemons runs three warden serve processes joined on one NATS
// server (the first one's, through --nats-listen and --nats), real hooks
// waiting on one daemon while the asks are answered on another, and a
// daemon killed mid-ask.
func TestThreeDaemons(t *testing.T) {
	if testing.Short() {
		t.Skip("builds both binaries")
	}
	bin := buildBoth(t)
	root := t.TempDir()
	homes := make([]string, 3)
	for i := range homes {
		homes[i] = filepath.Join(root, fmt.Sprintf("h%d", i))
		if err := os.MkdirAll(homes[i], 0o755); err != nil {
			t.Fatal(err)
		}
	}
	a := startDaemon(t, bin, homes[0], "--nats-listen", "127.0.0.1:0")
	if a.natsURL == "" || a.creds == "" {
		t.Fatalf("the first daemon said nothing of how to join\n%s", a.stderr)
	}
	b := startDaemon(t, bin, homes[1], "--nats", a.natsURL, "--nats-creds", a.creds)
	c := startDaemon(t, bin, homes[2], "--nats", a.natsURL, "--nats-creds", a.creds)

	t.Run("AnsweredOnAnotherDaemon", func(t *testing.T) {
		out := hook(t, bin, homes[1], b, "rm -rf build")
		id := c.pendingOn(t, "rm -rf build")
		a.pendingOn(t, "rm -rf build") // every page lists it
		if code, body := b.call(t, "POST", "/v1/pending/"+id, b.agent, `{"behavior":"allow"}`); code != http.StatusForbidden {
			t.Errorf("the agents' token answered: %d %s", code, body)
		}
		if code, body := c.call(t, "POST", "/v1/pending/"+id, c.approver, `{"behavior":"allow"}`); code != http.StatusOK {
			t.Fatalf("answer on c: %d %s", code, body)
		}
		code, body := a.call(t, "POST", "/v1/pending/"+id, a.approver, `{"behavior":"deny"}`)
		if code != http.StatusNotFound || !strings.Contains(body, "already answered") {
			t.Errorf("second answer on a: %d %s, want 404 already answered", code, body)
		}
		select {
		case got := <-out:
			if behaviorOf(t, got) != "allow" {
				t.Errorf("the hook waiting on b got %s, want the allow given on c", got)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("the hook never ended")
		}
	})

	t.Run("SessionGrantHonouredOnAnotherDaemon", func(t *testing.T) {
		// Allowed for the session on c, for the hook waiting on b: the
		// grant is the team's, so the session's next call through a is
		// allowed without asking anyone.
		out := hook(t, bin, homes[1], b, "make release")
		id := c.pendingOn(t, "make release")
		if code, body := c.call(t, "POST", "/v1/pending/"+id, c.approver, `{"behavior":"allow","scope":"session"}`); code != http.StatusOK {
			t.Fatalf("answer on c: %d %s", code, body)
		}
		select {
		case got := <-out:
			if behaviorOf(t, got) != "allow" {
				t.Fatalf("the hook waiting on b got %s, want allow", got)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("the hook never ended")
		}
		select {
		case got := <-hook(t, bin, homes[0], a, "make release"):
			if behaviorOf(t, got) != "allow" {
				t.Errorf("the session's next call through a got %s, want allow by the grant made on b", got)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("the session's next call through a was not allowed by its grant: it waits")
		}
	})

	t.Run("AuditThroughAnyDaemon", func(t *testing.T) {
		// The decisions made on b are in the team's audit stream, read
		// through a with the approver's link, each naming b; the agents'
		// token is refused.
		audit := func(args ...string) (string, error) {
			cmd := exec.Command(filepath.Join(bin, "warden"), append([]string{"audit", "--json"}, args...)...)
			cmd.Env = append(os.Environ(), "HOME="+homes[0], "WARDEN_SERVER=", "WARDEN_TOKEN=")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				return stderr.String(), err
			}
			return string(out), nil
		}
		out, err := audit("--server", a.url+"/?token="+a.approver, "--tool", "Bash")
		if err != nil {
			t.Fatalf("warden audit --server: %v\n%s", err, out)
		}
		bName := "/" + strings.TrimPrefix(b.url, "http://")
		found := false
		for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
			var r struct {
				Input  map[string]any `json:"input"`
				Daemon string         `json:"daemon"`
			}
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("record %q: %v", line, err)
			}
			if r.Daemon == "" {
				t.Errorf("a record names no daemon: %s", line)
			}
			if r.Input["command"] == "make release" && strings.HasSuffix(r.Daemon, bName) {
				found = true
			}
		}
		if !found {
			t.Errorf("the audit read through a holds no record of b's decision on make release (b is %s):\n%s", bName, out)
		}
		agentFile := filepath.Join(t.TempDir(), "agent.token")
		if err := os.WriteFile(agentFile, []byte(a.agent+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if out, err := audit("--server", a.url, "--token-file", agentFile); err == nil || !strings.Contains(out, "403") {
			t.Errorf("the agents' token read the audit: %v %s", err, out)
		}
	})

	t.Run("SubAgentAskReachesItsLeaderThroughAnyDaemon", func(t *testing.T) {
		// A sub-agent forwards its ask through b; its leader's session
		// receives it through c and answers through a; the sub-agent's
		// wait on b gets that answer, and a second answer is refused.
		body := fmt.Sprintf(`{"id":"fwd-1","leader":"lead-7","worker":"w-1","request":{"tool_name":"Bash","tool_input":{"command":"make lint"},"cwd":%q,"session_id":"s-e2e"}}`, homes[1])
		if code, out := b.call(t, "POST", "/v1/mailbox/requests", b.agent, body); code != http.StatusOK {
			t.Fatalf("send through b: %d %s", code, out)
		}
		if code, out := c.call(t, "GET", "/v1/mailbox/next?leader=lead-7", c.agent, ""); code != http.StatusForbidden {
			t.Errorf("the agents' token received the leader's ask: %d %s", code, out)
		}
		code, out := c.call(t, "GET", "/v1/mailbox/next?leader=lead-7", c.approver, "")
		if code != http.StatusOK || !strings.Contains(out, `"fwd-1"`) || !strings.Contains(out, "make lint") {
			t.Fatalf("the leader's receive through c: %d %s", code, out)
		}
		if code, out := a.call(t, "PUT", "/v1/mailbox/requests/fwd-1/response", a.approver, `{"id":"fwd-1","behavior":"deny","message":"not in CI","leader":"lead-7"}`); code != http.StatusOK {
			t.Fatalf("the leader's answer through a: %d %s", code, out)
		}
		if code, out := c.call(t, "PUT", "/v1/mailbox/requests/fwd-1/response", c.approver, `{"id":"fwd-1","behavior":"allow"}`); code != http.StatusConflict {
			t.Errorf("a second answer through c: %d %s, want 409 already answered", code, out)
		}
		code, out = b.call(t, "GET", "/v1/mailbox/requests/fwd-1/response", b.agent, "")
		if code != http.StatusOK || !strings.Contains(out, `"deny"`) || !strings.Contains(out, "not in CI") {
			t.Errorf("the sub-agent's wait on b: %d %s, want the leader's deny", code, out)
		}
	})

	t.Run("KilledDaemonMidAsk", func(t *testing.T) {
		out := hook(t, bin, homes[1], b, "git push --force")
		id := c.pendingOn(t, "git push --force")
		if err := b.cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		_ = b.cmd.Wait()
		c.call(t, "POST", "/v1/pending/"+id, c.approver, `{"behavior":"allow"}`)
		select {
		case got := <-out:
			if strings.Contains(got, `"behavior":"allow"`) {
				t.Errorf("the hook of the killed daemon got %s: an allow nobody gave it", got)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("the hook of the killed daemon never ended")
		}
	})
	t.Run("RestartedDaemonListsAndAnswers", func(t *testing.T) {
		out := hook(t, bin, homes[2], c, "make deploy")
		c.pendingOn(t, "make deploy")
		b2 := startDaemon(t, bin, homes[1], "--nats", a.natsURL, "--nats-creds", a.creds)
		id := b2.pendingOn(t, "make deploy")
		if code, body := b2.call(t, "POST", "/v1/pending/"+id, b2.approver, `{"behavior":"deny","message":"not now"}`); code != http.StatusOK {
			t.Fatalf("answer on the restarted daemon: %d %s", code, body)
		}
		select {
		case got := <-out:
			if behaviorOf(t, got) != "deny" || !strings.Contains(got, "not now") {
				t.Errorf("the hook waiting on c got %s, want the deny given on the restarted b", got)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("the hook never ended")
		}
		// The session's grant, made before b was killed, holds on the
		// restarted b.
		select {
		case got := <-hook(t, bin, homes[1], b2, "make release"):
			if behaviorOf(t, got) != "allow" {
				t.Errorf("the session's call through the restarted b got %s, want allow by its grant", got)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("the session's grant did not hold on the restarted b: the call waits")
		}
	})
}
