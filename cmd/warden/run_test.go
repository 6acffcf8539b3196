package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// These tests drive "warden run" on a real terminal: tmux runs the warden
// command (this test binary, which testscript.Main puts on $PATH under that
// name) in a detached 80×24 session; the test types with send-keys and
// reads the screen with capture-pane.

type runTmux struct {
	t    *testing.T
	sock string
	dir  string
	home string
}

func newRunTmux(t *testing.T) *runTmux {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is required in CI: ", err)
		}
		t.Skip("tmux not installed")
	}
	if _, err := exec.LookPath("warden"); err != nil {
		t.Fatal("warden is not on $PATH: ", err)
	}
	sockDir, err := os.MkdirTemp("", "wtmux")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	s := &runTmux{t: t, sock: filepath.Join(sockDir, "s"), dir: dir, home: filepath.Join(dir, "home")}
	if err := os.MkdirAll(filepath.Join(dir, ".warden"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		exec.Command("tmux", "-S", s.sock, "kill-server").Run()
		os.RemoveAll(sockDir)
	})
	return s
}

// with returns s reporting to t, for use in a subtest.
func (s *runTmux) with(t *testing.T) *runTmux {
	c := *s
	c.t = t
	return &c
}

var countdown = regexp.MustCompile(`(denies|no answer) in \d+s`)

// pastGrace waits until the prompt's countdown has moved on, so the grace
// period in which keys are ignored is over.
func (s *runTmux) pastGrace(name string) {
	s.t.Helper()
	first := countdown.FindString(s.waitFor(name, " in "))
	deadline := time.Now().Add(30 * time.Second)
	for {
		now := countdown.FindString(s.tmux("capture-pane", "-p", "-t", name))
		if now != "" && now != first {
			return
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("the countdown never moved from %q", first)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (s *runTmux) tmux(args ...string) string {
	s.t.Helper()
	cmd := exec.Command("tmux", append([]string{"-S", s.sock}, args...)...)
	cmd.Env = append(os.Environ(), "TERM=xterm-256color")
	out, err := cmd.CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// start runs script with sh in the project directory, in a new tmux
// session, with HOME and XDG isolated and WARDEN_SESSION_ID set to session;
// the script's exit code is printed as EXIT=N.
func (s *runTmux) start(name, session, script string) string {
	s.t.Helper()
	env := []string{
		"HOME=" + s.home,
		"XDG_CONFIG_HOME=" + filepath.Join(s.home, ".config"),
		"XDG_STATE_HOME=" + filepath.Join(s.home, ".local/state"),
		"XDG_RUNTIME_DIR=" + filepath.Join(s.dir, "run"),
		"WARDEN_MANAGED_SETTINGS=" + filepath.Join(s.dir, "managed-settings.json"),
		"WARDEN_SESSION_ID=" + session,
	}
	args := []string{"new-session", "-d", "-s", name, "-x", "80", "-y", "24", "-c", s.dir}
	for _, e := range env {
		args = append(args, "-e", e)
	}
	args = append(args, "sh", "-c", script+"; echo EXIT=$?; sleep 600")
	s.tmux(args...)
	return name
}

func (s *runTmux) keys(name string, keys ...string) {
	s.t.Helper()
	s.tmux(append([]string{"send-keys", "-t", name}, keys...)...)
}

// waitFor polls the screen of session name until it shows want.
func (s *runTmux) waitFor(name, want string) string {
	s.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		scr := s.tmux("capture-pane", "-p", "-t", name)
		if strings.Contains(scr, want) {
			return scr
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("the screen never showed %q; it shows:\n%s", want, scr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (s *runTmux) settings(json string) {
	s.t.Helper()
	if err := os.WriteFile(filepath.Join(s.dir, ".warden", "settings.json"), []byte(json), 0o644); err != nil {
		s.t.Fatal(err)
	}
}

func (s *runTmux) exists(name string) bool {
	_, err := os.Stat(filepath.Join(s.dir, name))
	return err == nil
}

// TestRunAskOnTerminal answers the prompt of "warden run" each way. An ask
// rule makes the command wait for a person: no classifier may approve it,
// and no answer can be remembered, so only "1. Yes" and "2. No" are
// offered. A command no rule covers is offered "always" too, and that
// answer writes the rule.
func TestRunAskOnTerminal(t *testing.T) {
	s := newRunTmux(t)
	s.settings(`{"permissions": {"ask": ["Bash(touch *)"]}}`)
	tests := []struct {
		name    string
		command string
		keys    []string
		runs    bool
		exit    string
		printed string
	}{
		{"deny", "touch", []string{"2"}, false, "EXIT=126", "warden: denied: "},
		{"deny with a message", "touch", []string{"m", "-l", "not now", "Enter"}, false, "EXIT=126", "warden: denied (not now)"},
		{"once", "touch", []string{"1"}, true, "EXIT=0", "warden: allowed once"},
		{"typing does not answer", "touch", []string{"-l", "clear\r", "2"}, false, "EXIT=126", "warden: denied: "},
		{"always", "mkdir", []string{"3"}, true, "EXIT=0", "warden: allowed always (Bash(mkdir:*))"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := s.with(t)
			file := "created-" + string(rune('a'+i))
			name := strings.ReplaceAll(tt.name, " ", "-")
			s.start(name, name, "warden run --no-audit -c '"+tt.command+" "+file+"'")
			scr := s.waitFor(name, "1. Yes")
			s.waitFor(name, "$ "+tt.command+" "+file)
			if tt.command == "touch" && (strings.Contains(scr, "Yes, always") || strings.Contains(scr, "for this session")) {
				t.Errorf("an ask rule's ask offers a scope that cannot be kept:\n%s", scr)
			}
			s.pastGrace(name)
			switch {
			case tt.keys[0] == "m":
				s.keys(name, "m")
				s.waitFor(name, "No, because:")
				s.keys(name, tt.keys[1:3]...)
				s.waitFor(name, tt.keys[2])
				time.Sleep(300 * time.Millisecond)
				s.keys(name, tt.keys[3:]...)
			case tt.keys[0] == "-l":
				s.keys(name, tt.keys[:2]...) // typed in one go
				time.Sleep(300 * time.Millisecond)
				s.keys(name, tt.keys[2:]...)
			default:
				s.keys(name, tt.keys...)
			}
			scr = s.waitFor(name, "EXIT=")
			if !strings.Contains(scr, tt.exit) || !strings.Contains(scr, tt.printed) {
				t.Errorf("want %s and %q on the screen:\n%s", tt.exit, tt.printed, scr)
			}
			if got := s.exists(file); got != tt.runs {
				t.Errorf("command ran = %v, want %v", got, tt.runs)
			}
		})
	}
	local, err := os.ReadFile(filepath.Join(s.dir, ".warden", "settings.local.json"))
	if strings.Contains(string(local), `"Bash(touch`) {
		t.Errorf("a rule under an ask rule was written (%v):\n%s", err, local)
	}
	if !strings.Contains(string(local), `"Bash(mkdir:*)"`) {
		t.Errorf("the always answer wrote no rule (%v):\n%s", err, local)
	}
}

// TestRunDenyOnTerminal prints why a command was denied, on stderr, for a
// person.
func TestRunDenyOnTerminal(t *testing.T) {
	s := newRunTmux(t)
	s.settings(`{"permissions": {"deny": ["Bash(rm *)"]}}`)
	os.Mkdir(filepath.Join(s.dir, "victim"), 0o755)
	s.start("deny", "deny", "warden run --no-audit -c 'rm -rf victim'")
	scr := s.waitFor("deny", "EXIT=")
	for _, want := range []string{"EXIT=126", "warden: denied:", "rule Bash(rm *) (project, ", "settings.json:1)"} {
		if !strings.Contains(scr, want) {
			t.Errorf("screen lacks %q:\n%s", want, scr)
		}
	}
	if !s.exists("victim") {
		t.Error("the denied command ran")
	}
}

// TestRunJSONOnTerminal: --json and --gateway never prompt, even with a
// terminal.
func TestRunJSONOnTerminal(t *testing.T) {
	s := newRunTmux(t)
	s.settings(`{"permissions": {"ask": ["Bash(touch *)"]}}`)
	for _, flag := range []string{"--json", "--gateway"} {
		name := strings.TrimPrefix(flag, "--")
		s.start(name, name, "warden run "+flag+" --no-audit -c 'touch created'")
		scr := s.waitFor(name, "EXIT=")
		want := `"status":"blocked"`
		if flag == "--gateway" {
			want = `"status":"approval_required"`
		}
		if !strings.Contains(scr, want) || !strings.Contains(scr, "EXIT=126") || strings.Contains(scr, "1. Yes") {
			t.Errorf("%s: screen:\n%s", flag, scr)
		}
		if s.exists("created") {
			t.Errorf("%s: the command ran", flag)
		}
	}
}

// TestRunForwardsSignals sends SIGTERM to warden run and expects the
// command to receive it.
func TestRunForwardsSignals(t *testing.T) {
	dir := t.TempDir()
	ready := filepath.Join(dir, "ready")
	script := filepath.Join(dir, "trap.sh")
	os.WriteFile(script, []byte("#!/bin/sh\ntrap 'echo got TERM; exit 42' TERM\ntouch "+ready+"\nwhile :; do sleep 0.05; done\n"), 0o755)
	cmd := exec.Command("warden", "run", "--force", "--no-audit", "--", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+dir+"/.config", "WARDEN_MANAGED_SETTINGS="+dir+"/none.json", "WARDEN_TTY="+dir+"/no-tty")
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := os.Stat(ready); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("the command never started:\n%s", out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	code := cmd.ProcessState.ExitCode()
	if code != 42 || !strings.Contains(out.String(), "got TERM") {
		t.Errorf("exit %d (%v), output:\n%s\nwant exit 42 after the command got TERM", code, err, out.String())
	}
}

// TestRunAskQuestion answers "warden ask" on the terminal.
func TestRunAskQuestion(t *testing.T) {
	s := newRunTmux(t)
	s.start("q", "q", "warden ask --choice postgres --choice sqlite 'Which database?'")
	s.waitFor("q", "2. sqlite")
	s.pastGrace("q")
	s.keys("q", "2")
	scr := s.waitFor("q", "EXIT=")
	if !strings.Contains(scr, `{"answered":true,"choice":"sqlite","index":1,`) || !strings.Contains(scr, "EXIT=0") {
		t.Errorf("screen:\n%s", scr)
	}
	s.start("t", "t", "warden ask --timeout 1 --free 'Branch name?'")
	scr = s.waitFor("t", "EXIT=")
	if !strings.Contains(scr, `"no_answer":"timeout"`) || !strings.Contains(scr, "EXIT=1") {
		t.Errorf("screen:\n%s", scr)
	}
}

// TestRunNoPromptWhenDecided: what the pipeline allows (here acceptEdits, a
// simple file command inside the working directory) runs on a terminal
// without drawing a prompt.
func TestRunNoPromptWhenDecided(t *testing.T) {
	s := newRunTmux(t)
	s.start("mkdir", "mkdir", "warden run --no-audit --mode acceptEdits -c 'mkdir made'")
	scr := s.waitFor("mkdir", "EXIT=")
	if !strings.Contains(scr, "EXIT=0") || strings.Contains(scr, "1. Yes") || !s.exists("made") {
		t.Errorf("made exists: %v; screen:\n%q", s.exists("made"), scr)
	}
}

// TestRunRestoresTheTerminal runs warden run at a real terminal and ends
// its prompt by timing out and by killing warden (as an agent would): stty
// shows the terminal exactly as before, and the timeout leaves one summary
// line where the prompt was.
func TestRunRestoresTheTerminal(t *testing.T) {
	s := newRunTmux(t)
	s.settings(`{"permissions": {"ask": ["Bash(touch *)"]}, "approvals": {"timeoutSeconds": 2}}`)
	for _, tt := range []struct{ name, kill, summary string }{
		{"timeout", "", "warden: no answer in 2 s, denied: touch x"},
		{"sigterm", "TERM", "warden: interrupted (terminated), denied: touch x"},
		{"sighup", "HUP", "warden: interrupted (hangup), denied: touch x"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := s.with(t)
			before, after := filepath.Join(s.dir, tt.name+".before"), filepath.Join(s.dir, tt.name+".after")
			pidFile := filepath.Join(s.dir, tt.name+".pid")
			script := fmt.Sprintf("stty -a > %s; warden run --no-audit -c 'touch x' & echo $! > %s; wait $!; echo code=$?; stty -a > %s", before, pidFile, after)
			s.start(tt.name, tt.name, script)
			s.waitFor(tt.name, "1. Yes")
			if tt.kill != "" {
				pid, err := os.ReadFile(pidFile)
				if err != nil {
					t.Fatal(err)
				}
				if out, err := exec.Command("kill", "-"+tt.kill, strings.TrimSpace(string(pid))).CombinedOutput(); err != nil {
					t.Fatalf("kill: %v %s", err, out)
				}
			}
			scr := s.waitFor(tt.name, "EXIT=")
			b1, _ := os.ReadFile(before)
			b2, _ := os.ReadFile(after)
			if len(b1) == 0 || string(b1) != string(b2) {
				t.Errorf("stty -a differs after the prompt:\nbefore: %s\nafter:  %s", b1, b2)
			}
			var lines []string
			for _, l := range strings.Split(scr, "\n") {
				if l = strings.TrimRight(l, " "); l != "" && l != "Terminated" && l != "Hangup" {
					lines = append(lines, l) // (those two are the shell's notices)
				}
			}
			if len(lines) < 3 || lines[0] != tt.summary || !strings.HasPrefix(lines[1], "code=") || lines[2] != "EXIT=0" {
				t.Errorf("screen after the prompt, want %q then the exit code only:\n%s", tt.summary, scr)
			}
		})
	}
}

// TestRunQueuedAsks runs two asking "warden run"s on one terminal: the
// second prompt waits while the first approved command runs, and draws below
// its output, which stays intact.
func TestRunQueuedAsks(t *testing.T) {
	s := newRunTmux(t)
	s.settings(`{"permissions": {"ask": ["Bash(touch *)"]}}`)
	tickets := `"$XDG_RUNTIME_DIR"/warden/prompts/*/*.ticket`
	s.start("queued", "queued",
		"warden run --no-audit -c 'touch first; sleep 0.4; echo out-one; echo out-two' & "+
			"while ! ls "+tickets+" >/dev/null 2>&1; do sleep 0.05; done; "+
			"warden run --no-audit -c 'touch second'; wait")
	s.waitFor("queued", "$ touch first")
	s.pastGrace("queued")
	s.keys("queued", "1")
	scr := s.waitFor("queued", "$ touch second")
	lines := strings.Split(scr, "\n")
	at := func(want string) int {
		for i, l := range lines {
			if strings.TrimSpace(l) == want {
				return i
			}
		}
		return -1
	}
	one, two := at("out-one"), at("out-two")
	prompt := -1
	for i, l := range lines {
		if strings.Contains(l, "$ touch second") {
			prompt = i
		}
	}
	if one < 0 || two != one+1 || prompt <= two {
		t.Errorf("the second prompt is not below the first command's intact output:\n%s", scr)
	}
	s.pastGrace("queued")
	s.keys("queued", "2")
	scr = s.waitFor("queued", "EXIT=")
	if !s.exists("first") || s.exists("second") {
		t.Errorf("first ran = %v, second ran = %v; want the first only:\n%s", s.exists("first"), s.exists("second"), scr)
	}
	if !strings.Contains(scr, "out-one") || !strings.Contains(scr, "out-two") {
		t.Errorf("the output was drawn over:\n%s", scr)
	}
}
