package prompt

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTerminalRestored checks, with stty on a real terminal, that however a
// prompt ends — answered, timed out, Ctrl-C, or warden killed with SIGTERM,
// SIGHUP or SIGINT while it shows — the terminal is exactly as it was
// (echo, canonical mode, output newline translation …), and that the prompt
// leaves one summary line, not a staircase of text.
func TestTerminalRestored(t *testing.T) {
	s := newTmux(t)
	tests := []struct {
		name     string
		timeout  string
		keys     []string
		signal   syscall.Signal
		summary  string
		behavior string
	}{
		{name: "answered", keys: []string{"1"}, summary: "warden: allowed once: ls -la", behavior: "allow"},
		{name: "timed out", timeout: "2s", summary: "warden: no answer in 2 s, denied: ls -la", behavior: "deny"},
		{name: "ctrl-c", keys: []string{"C-c"}, summary: "warden: denied: ls -la", behavior: "deny"},
		{name: "sigterm", signal: syscall.SIGTERM, summary: "warden: interrupted (terminated), denied: ls -la"},
		{name: "sighup", signal: syscall.SIGHUP, summary: "warden: interrupted (hangup), denied: ls -la"},
		{name: "sigint", signal: syscall.SIGINT, summary: "warden: interrupted (interrupt), denied: ls -la"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := s.with(t)
			name := "restore" + strconv.Itoa(i)
			before := filepath.Join(s.dir, name+".before")
			after := filepath.Join(s.dir, name+".after")
			ready := filepath.Join(s.dir, name+".ready")
			timeout := tt.timeout
			if timeout == "" {
				timeout = "60s"
			}
			sh, _ := s.script(name, helper{mode: "interactive", command: "ls -la", timeout: timeout, ready: ready})
			script := "stty -a > " + shellQuote(before) + "; " + sh + "; echo \"helper exited\"; stty -a > " + shellQuote(after+".tmp") + "; mv " + shellQuote(after+".tmp") + " " + shellQuote(after)
			p := s.start(name, script)
			p.waitFor("1. Yes")
			waitFile(t, ready)
			switch {
			case tt.signal != 0:
				b, err := os.ReadFile(ready)
				if err != nil {
					t.Fatal(err)
				}
				pid, err := strconv.Atoi(string(b))
				if err != nil {
					t.Fatalf("ready file %q: %v", b, err)
				}
				if err := syscall.Kill(pid, tt.signal); err != nil {
					t.Fatal(err)
				}
			case len(tt.keys) > 0:
				p.keys(tt.keys...)
			}
			waitFile(t, after)
			b1, err := os.ReadFile(before)
			if err != nil {
				t.Fatal(err)
			}
			b2, err := os.ReadFile(after)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(b1), string(b2)); diff != "" {
				t.Errorf("stty -a after the prompt differs from before (-before +after):\n%s", diff)
			}
			scr := p.waitFor("helper exited")
			var lines []string
			for _, l := range strings.Split(scr, "\n") {
				switch strings.TrimSpace(l) {
				case "", "Terminated", "Hangup", "Interrupt":
					// blank, or the shell's own notice of how the helper died
					continue
				}
				{
					lines = append(lines, l)
				}
			}
			want := []string{tt.summary, "resolved: " + tt.behavior, "helper exited"}
			if tt.signal != 0 {
				want = []string{tt.summary, "helper exited"}
			}
			if diff := cmp.Diff(want, lines); diff != "" {
				t.Errorf("screen after the prompt (-want +got):\n%s", diff)
			}
		})
	}
}
