package agente2e

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

var (
	listeningLine = regexp.MustCompile(`^listening on (https?://[^/?\s]+)/?\?token=(\S+)`)
	agentsLine    = regexp.MustCompile(`^agents: WARDEN_SERVER=(\S+) WARDEN_TOKEN=(\S+)`)
)

// daemon is a `warden serve` running in the world.
type daemon struct {
	proc                 *Proc
	url                  string
	approver, agentToken string
}

// startServe starts `warden serve` on a free loopback port in the world
// and reads its start-up lines: the approver's link, then the agents'
// server and token (a daemon with one token gives the approver's).
func startServe(t *testing.T, w *world) *daemon {
	t.Helper()
	p, err := Start(w.proj, w.agentEnv(), w.warden, "serve", "--addr", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Stop)
	d := &daemon{proc: p}
	deadline := time.After(30 * time.Second)
	var grace <-chan time.Time
	for {
		select {
		case line, ok := <-p.Lines:
			if !ok {
				t.Fatalf("warden serve ended before it said where it listens\nstderr: %s", p.Stderr())
			}
			if m := listeningLine.FindStringSubmatch(line); m != nil {
				d.url, d.approver, d.agentToken = m[1], m[2], m[2]
				grace = time.After(2 * time.Second)
			}
			if m := agentsLine.FindStringSubmatch(line); m != nil {
				d.url, d.agentToken = m[1], m[2]
				return d
			}
		case <-grace:
			return d
		case <-deadline:
			t.Fatalf("warden serve said nothing for 30s\nstderr: %s", p.Stderr())
		}
	}
}

// TestClaudeCodeHTTPHook installs Warden as Claude Code's HTTP hook, at a
// running `warden serve`, and plays every scenario through it.
func TestClaudeCodeHTTPHook(t *testing.T) {
	bin := requireClient(t, claude.pkg, claude.bin)
	warden := wardenBinary(t)
	for _, mode := range claudeModes {
		for _, sc := range claudeScenarios() {
			t.Run(mode+"/"+sc.name, func(t *testing.T) {
				t.Parallel()
				w := newWorld(t)
				w.warden = warden
				d := startServe(t, w)
				w.env = append(w.env, "WARDEN_TOKEN="+d.agentToken)
				runScenario(t, claudeHTTP, w, bin, mode, sc, "--server", d.url)
				if t.Failed() {
					t.Logf("warden serve stderr:\n%s", d.proc.Stderr())
				}
			})
		}
	}
}

// claudeHTTP is the claude driver whose `warden init --server` must
// write an HTTP hook.
var claudeHTTP = func() driver {
	c := claude
	c.installed = func(t *testing.T, w *world) {
		if s, _ := w.read(".claude/settings.json"); !strings.Contains(s, `"http"`) {
			t.Fatalf("warden init claude-code --server wrote no HTTP hook:\n%s", s)
		}
	}
	return c
}()

// TestClaudeCodeHTTPHookServerDown stops the daemon after `warden init
// --server`: the HTTP hook then fails, and Claude Code must block the call.
func TestClaudeCodeHTTPHookServerDown(t *testing.T) {
	bin := requireClient(t, claude.pkg, claude.bin)
	w := newWorld(t)
	w.warden = wardenBinary(t)
	d := startServe(t, w)
	w.env = append(w.env, "WARDEN_TOKEN="+d.agentToken)
	sc := scenario{
		name:  "server-down",
		calls: func(*world) []Call { return []Call{claudeBash("touch " + madeFile)} },
		want:  check{gone: []string{madeFile}},
	}
	res, failures, m := play(t, claudeHTTP, w, bin, "bypassPermissions", sc, func() {
		initWarden(t, claudeHTTP, w, "--server", d.url)
		d.proc.Stop()
	})
	outcome(t, "", failures, func() string {
		return "claude exit " + itoa(res.ExitCode) + "\nstdout: " + res.Stdout + "\nstderr: " + res.Stderr + "\n" + m.Transcript()
	})
}
