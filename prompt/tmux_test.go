package prompt

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
)

// The tests in this file drive the real prompt on a real terminal: tmux runs
// this test binary in helper mode (WARDEN_PROMPT_HELPER) in a detached 80×24
// session, the test types with send-keys and reads the screen with
// capture-pane, and the helper writes what Prompt returned to a file.

func TestMain(m *testing.M) {
	if mode := os.Getenv("WARDEN_PROMPT_HELPER"); mode != "" {
		os.Exit(helperMain(mode))
	}
	os.Exit(m.Run())
}

// helperResult is what a helper process reports.
type helperResult struct {
	Answer   handler.Answer     `json:"answer"`
	Clarify  ClarifyAnswer      `json:"clarify"`
	Resolved handler.Resolution `json:"resolved"`
	Error    string             `json:"error,omitempty"`
	Touched  int                `json:"touched"`
	Ignored  int                `json:"ignored"`
	Finished time.Time          `json:"finished"`
	// Waited is what the prompt said it waited for, in order.
	Waited []string `json:"waited,omitempty"`
}

func helperMain(mode string) int {
	env := os.Getenv
	dur := func(k string) time.Duration {
		d, _ := time.ParseDuration(env(k))
		return d
	}
	var mu sync.Mutex
	res := helperResult{}
	term := &Terminal{
		Timeout:        dur("WARDEN_PROMPT_TIMEOUT"),
		ClarifyTimeout: dur("WARDEN_PROMPT_TIMEOUT"),
		Grace:          dur("WARDEN_PROMPT_GRACE"),
		LockDir:        env("WARDEN_PROMPT_LOCKDIR"),
		Person:         "tester",
		HoldTurn:       env("WARDEN_PROMPT_RUN") != "",
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	trigger := env("WARDEN_PROMPT_TRIGGER")
	explain := make(chan api.Explanation, 1)
	term.shown = func() {
		if f := env("WARDEN_PROMPT_READY"); f != "" {
			os.WriteFile(f+".tmp", []byte(strconv.Itoa(os.Getpid())), 0o600)
			os.Rename(f+".tmp", f)
		}
		if trigger == "" {
			return
		}
		go func() {
			for {
				if _, err := os.Stat(trigger); err == nil {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			switch env("WARDEN_PROMPT_ON_TRIGGER") {
			case "cancel":
				cancel()
			case "explain":
				explain <- api.Explanation{Explanation: "Prints the files.", Reasoning: "To see the project.", Risk: "None.", RiskLevel: api.RiskLow, Source: "model:fake"}
				close(explain)
			}
		}()
	}
	term.ignored = func() { mu.Lock(); res.Ignored++; mu.Unlock() }
	term.waitingFor = func(why string) { mu.Lock(); res.Waited = append(res.Waited, why); mu.Unlock() }
	var err error
	switch mode {
	case "approval":
		ask := &handler.Ask{
			Request:     api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": env("WARDEN_PROMPT_COMMAND")}},
			Decision:    api.Decision{Behavior: api.Ask, Reason: api.Reason{Type: api.ReasonDefault, Message: "no rule allows this command"}},
			Suggestions: []string{"Bash(ls *)"},
		}
		ask.Scopes = []api.Scope{api.ScopeOnce, api.ScopeSession, api.ScopeAlways}
		if env("WARDEN_PROMPT_RISK") == "HIGH" {
			ask.Decision.Findings = []api.Finding{{Category: "recursive-delete", Description: "deletes a directory tree", Part: "rm -rf /", Risk: api.RiskHigh}}
			ask.Decision.Risk = api.RiskHigh
			ask.Scopes = []api.Scope{api.ScopeOnce, api.ScopeSession}
		}
		if env("WARDEN_PROMPT_ON_TRIGGER") == "explain" {
			ask.Explanation = explain
		}
		// A whole ask and its explanation, for the documentation's capture.
		if a := env("WARDEN_PROMPT_ASK"); a != "" {
			ask = &handler.Ask{}
			if err := json.Unmarshal([]byte(a), ask); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 2
			}
			var e api.Explanation
			if err := json.Unmarshal([]byte(env("WARDEN_PROMPT_EXPLANATION")), &e); err == nil {
				explain <- e
				ask.Explanation = explain
			}
		}
		p := &handler.Prompt{Ask: ask, OnInteract: func() { mu.Lock(); res.Touched++; mu.Unlock() }}
		res.Answer, err = term.Prompt(ctx, p)
		// Like warden run, run the approved command while holding the
		// terminal.
		if env("WARDEN_PROMPT_RUN") != "" && err == nil && res.Answer.Behavior == api.Allow {
			cmd := exec.Command("sh", "-c", env("WARDEN_PROMPT_COMMAND"))
			cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
			cmd.Run()
		}
		term.ReleaseTurn()
	case "interactive":
		ask := &handler.Ask{
			Request:     api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": env("WARDEN_PROMPT_COMMAND")}},
			Decision:    api.Decision{Behavior: api.Ask, Reason: api.Reason{Type: api.ReasonDefault, Message: "no rule allows this command"}},
			Suggestions: []string{"Bash(ls *)"},
			Scopes:      []api.Scope{api.ScopeOnce, api.ScopeSession, api.ScopeAlways},
		}
		var h *handler.Interactive
		h, err = handler.NewInteractive(handler.InteractiveConfig{Prompter: term, Timeout: term.Timeout, Grace: -1})
		if err == nil {
			res.Resolved, err = h.Resolve(ctx, ask)
			// Like warden run, say what happened on the terminal at once.
			fmt.Fprintf(os.Stderr, "resolved: %s\n", res.Resolved.Decision.Behavior)
		}
	case "clarify":
		var q Question
		if err := json.Unmarshal([]byte(env("WARDEN_PROMPT_QUESTION")), &q); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		res.Clarify, err = term.Clarify(ctx, q)
	}
	if err != nil {
		res.Error = err.Error()
	}
	res.Finished = time.Now()
	b, _ := json.Marshal(res)
	if err := os.WriteFile(env("WARDEN_PROMPT_RESULT")+".tmp", b, 0o600); err != nil {
		return 1
	}
	if err := os.Rename(env("WARDEN_PROMPT_RESULT")+".tmp", env("WARDEN_PROMPT_RESULT")); err != nil {
		return 1
	}
	return 0
}

// tmuxServer is a private tmux server for one test.
type tmuxServer struct {
	t    *testing.T
	sock string
	dir  string
}

func newTmux(t *testing.T) *tmuxServer {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is required in CI: ", err)
		}
		t.Skip("tmux not installed")
	}
	// Unix socket paths are short; t.TempDir can be too long.
	sockDir, err := os.MkdirTemp("", "wtmux")
	if err != nil {
		t.Fatal(err)
	}
	s := &tmuxServer{t: t, sock: filepath.Join(sockDir, "s"), dir: t.TempDir()}
	t.Cleanup(func() {
		exec.Command("tmux", "-S", s.sock, "kill-server").Run()
		os.RemoveAll(sockDir)
	})
	return s
}

// with returns s reporting to t, for use in a subtest.
func (s *tmuxServer) with(t *testing.T) *tmuxServer {
	c := *s
	c.t = t
	return &c
}

func (s *tmuxServer) tmux(args ...string) string {
	s.t.Helper()
	cmd := exec.Command("tmux", append([]string{"-S", s.sock}, args...)...)
	cmd.Env = append(os.Environ(), "TERM=xterm-256color")
	out, err := cmd.CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// start runs script with sh in a new detached 80×24 session.
func (s *tmuxServer) start(name, script string, env ...string) *pane {
	s.t.Helper()
	args := []string{"new-session", "-d", "-s", name, "-x", "80", "-y", "24"}
	for _, e := range env {
		args = append(args, "-e", e)
	}
	args = append(args, "sh", "-c", script+"; sleep 600")
	s.tmux(args...)
	return &pane{s: s, name: name}
}

type pane struct {
	s    *tmuxServer
	name string
}

// keys presses keys, each after a pause longer than BurstGap, as a person
// does (keys that come faster never answer).
func (p *pane) keys(keys ...string) {
	p.s.t.Helper()
	for _, k := range keys {
		time.Sleep(BurstGap + 50*time.Millisecond)
		p.s.tmux("send-keys", "-t", p.name, k)
	}
}

// burst sends keys in one go, as a paste or fast typing does.
func (p *pane) burst(keys ...string) {
	p.s.t.Helper()
	p.s.tmux(append([]string{"send-keys", "-t", p.name}, keys...)...)
}

// literal types text as it is.
func (p *pane) literal(text string) {
	p.s.t.Helper()
	p.s.tmux("send-keys", "-t", p.name, "-l", text)
}

func (p *pane) screen(escapes bool) string {
	p.s.t.Helper()
	args := []string{"capture-pane", "-p", "-t", p.name}
	if escapes {
		args = append(args, "-e")
	}
	return p.s.tmux(args...)
}

// waitFor polls the screen until it shows want, and returns it.
func (p *pane) waitFor(want string) string {
	p.s.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		scr := p.screen(false)
		if strings.Contains(scr, want) {
			return scr
		}
		if time.Now().After(deadline) {
			p.s.t.Fatalf("the screen never showed %q; it shows:\n%s", want, scr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitFile polls until path exists.
func waitFile(t *testing.T, path string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := os.Stat(path); err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s never appeared", path)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// helper describes one helper process.
type helper struct {
	mode, command, timeout, grace, risk, trigger, onTrigger, question, ready string
	noColor                                                                  bool
	// run runs the command once approved, holding the terminal meanwhile.
	run bool
}

// script returns the shell command that runs the helper, and its result
// file.
func (s *tmuxServer) script(name string, h helper) (string, string) {
	s.t.Helper()
	exe, err := os.Executable()
	if err != nil {
		s.t.Fatal(err)
	}
	result := filepath.Join(s.dir, name+".json")
	if h.mode == "" {
		h.mode = "approval"
	}
	if h.timeout == "" {
		h.timeout = "60s"
	}
	if h.grace == "" {
		h.grace = "-1ns"
	}
	vars := map[string]string{
		"WARDEN_PROMPT_HELPER":     h.mode,
		"WARDEN_PROMPT_RESULT":     result,
		"WARDEN_PROMPT_COMMAND":    h.command,
		"WARDEN_PROMPT_TIMEOUT":    h.timeout,
		"WARDEN_PROMPT_GRACE":      h.grace,
		"WARDEN_PROMPT_LOCKDIR":    filepath.Join(s.dir, "locks"),
		"WARDEN_PROMPT_RISK":       h.risk,
		"WARDEN_PROMPT_TRIGGER":    h.trigger,
		"WARDEN_PROMPT_ON_TRIGGER": h.onTrigger,
		"WARDEN_PROMPT_QUESTION":   h.question,
		"WARDEN_PROMPT_READY":      h.ready,
	}
	if h.noColor {
		vars["NO_COLOR"] = "1"
	}
	if h.run {
		vars["WARDEN_PROMPT_RUN"] = "1"
	}
	var b strings.Builder
	b.WriteString("env")
	for k, v := range vars {
		fmt.Fprintf(&b, " %s=%s", k, shellQuote(v))
	}
	fmt.Fprintf(&b, " %s", shellQuote(exe))
	return b.String(), result
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func readResult(t *testing.T, path string) helperResult {
	t.Helper()
	waitFile(t, path)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var r helperResult
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return r
}
