package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/wardenhq/warden/internal/loadgen"
)

// daemon is a `warden serve` child: its address, its two tokens, and how
// other daemons join its NATS server when it opened one.
type daemon struct {
	cmd                   *exec.Cmd
	base, approver, agent string
	natsURL, creds        string
}

var (
	approverLineRE = regexp.MustCompile(`^listening on (http://[0-9.:\[\]a-f]+)/\?token=([0-9a-f]+)$`)
	agentLineRE    = regexp.MustCompile(`^agents: WARDEN_SERVER=\S+ WARDEN_TOKEN=([0-9a-f]+)$`)
	joinLineRE     = regexp.MustCompile(`--nats (nats://\S+) --nats-creds (\S+)`)
)

// startDaemon starts `wardenBin serve` in a home of its own under dir and
// waits for its start-up lines (and, with --nats-listen, its join line).
func startDaemon(ctx context.Context, stderr io.Writer, wardenBin, home string, args ...string) (*daemon, error) {
	if err := os.MkdirAll(home, 0o755); err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, wardenBin, append([]string{"serve", "--addr", "127.0.0.1:0", "--no-audit", "--cwd", home}, args...)...)
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, "config"), "XDG_STATE_HOME="+filepath.Join(home, "state"),
		"WARDEN_MANAGED_SETTINGS="+filepath.Join(home, "none.json"), "WARDEN_SERVER=", "WARDEN_TOKEN=")
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 10 * time.Second
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	d := &daemon{cmd: cmd}
	joined := make(chan [2]string, 1)
	go func() {
		sc := bufio.NewScanner(errPipe)
		for sc.Scan() {
			if m := joinLineRE.FindStringSubmatch(sc.Text()); m != nil {
				joined <- [2]string{m[1], m[2]}
			}
			fmt.Fprintln(stderr, sc.Text())
		}
	}()
	sc := bufio.NewScanner(out)
	for d.agent == "" && sc.Scan() {
		if m := approverLineRE.FindStringSubmatch(sc.Text()); m != nil {
			d.base, d.approver = m[1], m[2]
		}
		if m := agentLineRE.FindStringSubmatch(sc.Text()); m != nil {
			d.agent = m[1]
		}
	}
	if d.agent == "" || d.base == "" {
		d.stop()
		return nil, fmt.Errorf("%s serve printed no start-up lines", wardenBin)
	}
	go func() { _, _ = io.Copy(io.Discard, out) }()
	if slices.Contains(args, "--nats-listen") {
		select {
		case j := <-joined:
			d.natsURL, d.creds = j[0], j[1]
		case <-time.After(30 * time.Second):
			d.stop()
			return nil, errors.New("the daemon with --nats-listen said nothing of how to join it")
		}
	}
	return d, nil
}

func (d *daemon) stop() {
	_ = d.cmd.Process.Signal(syscall.SIGTERM)
	_ = d.cmd.Wait()
}

func (d *daemon) do(ctx context.Context, method, path, token, body string, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, d.base+path, strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, strings.TrimSpace(string(data)))
	}
	if out != nil {
		return json.Unmarshal(data, out)
	}
	return nil
}

// runRelay measures asks answered through another daemon: two warden
// serve processes on one NATS server (the first's, opened with
// --nats-listen; the second joins with --nats), a decide call on the
// first that asks, answered on the second's page — the round trip the
// caller waits, from its request to its allow.
func runRelay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("relay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	wardenBin := fs.String("warden", "warden", "the warden binary (warden-daemon beside it)")
	n := fs.Int("n", 200, "asks to relay")
	limit := fs.Duration("d", 60*time.Second, "time at most")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *n <= 0 {
		return errors.New("-n must be positive")
	}
	dir, err := os.MkdirTemp("", "warden-relay-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(ctx, *limit+time.Minute)
	defer cancel()
	a, err := startDaemon(ctx, io.Discard, *wardenBin, filepath.Join(dir, "a"), "--nats-listen", "127.0.0.1:0")
	if err != nil {
		return err
	}
	defer a.stop()
	b, err := startDaemon(ctx, io.Discard, *wardenBin, filepath.Join(dir, "b"), "--nats", a.natsURL, "--nats-creds", a.creds)
	if err != nil {
		return err
	}
	defer b.stop()
	if err := loadgen.CheckLoopback(a.base); err != nil {
		return err
	}
	project := filepath.Join(dir, "a")
	var rtts []time.Duration
	start := time.Now()
	for i := 0; i < *n && time.Since(start) < *limit; i++ {
		cmd := fmt.Sprintf("cmd4242 --relay=%d", i)
		body := fmt.Sprintf(`{"tool_name":"Bash","tool_input":{"command":%q},"cwd":%q,"session_id":"relay"}`, cmd, project)
		t0 := time.Now()
		type result struct {
			d   struct{ Behavior string }
			err error
		}
		done := make(chan result, 1)
		go func() {
			var r result
			r.err = a.do(ctx, "POST", "/v1/decide", a.agent, body, &r.d)
			done <- r
		}()
		id, err := b.awaitPending(ctx, cmd)
		if err != nil {
			return err
		}
		if err := b.do(ctx, "POST", "/v1/pending/"+url.PathEscape(id), b.approver, `{"behavior":"allow"}`, nil); err != nil {
			return err
		}
		r := <-done
		if r.err != nil {
			return r.err
		}
		if r.d.Behavior != "allow" {
			return fmt.Errorf("ask %d: the caller on a got %q, want the allow given on b", i, r.d.Behavior)
		}
		rtts = append(rtts, time.Since(t0))
	}
	slices.Sort(rtts)
	fmt.Fprintf(stdout, "%d asks made on daemon a, answered on daemon b (one NATS server, every write synced): round trip p50 %v, p99 %v, max %v\n",
		len(rtts), pct(rtts, 50), pct(rtts, 99), rtts[len(rtts)-1])
	return nil
}

func pct(sorted []time.Duration, p int) time.Duration {
	i := (len(sorted)*p+99)/100 - 1
	return sorted[min(max(i, 0), len(sorted)-1)].Round(10 * time.Microsecond)
}

// awaitPending polls the daemon's pending list until an ask for command
// shows, and returns its id.
func (d *daemon) awaitPending(ctx context.Context, command string) (string, error) {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		var list struct {
			Pending []struct{ ID, Summary string } `json:"pending"`
		}
		if err := d.do(ctx, "GET", "/v1/pending", d.approver, "", &list); err != nil {
			return "", err
		}
		for _, p := range list.Pending {
			if p.Summary == command {
				return p.ID, nil
			}
		}
		time.Sleep(time.Millisecond)
	}
	return "", fmt.Errorf("the ask for %q never showed on the other daemon", command)
}
