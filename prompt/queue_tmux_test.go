//go:build unix

package prompt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wardenhq/warden/api"
)

// waitTickets waits until n tickets are queued on the test's terminal.
func waitTickets(t *testing.T, s *tmuxServer, n int) {
	t.Helper()
	locks := filepath.Join(s.dir, "locks")
	deadline := time.Now().Add(30 * time.Second)
	for {
		got := 0
		filepath.WalkDir(locks, func(path string, d os.DirEntry, err error) error {
			if err == nil && strings.HasSuffix(path, ".ticket") {
				got++
			}
			return nil
		})
		if got >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d tickets never queued (%d)", n, got)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// lineIs is the index of the first screen line that is s, or -1.
func lineIs(scr, s string) int {
	for i, l := range strings.Split(scr, "\n") {
		if strings.TrimSpace(l) == s {
			return i
		}
	}
	return -1
}

// lineOf is the index of the first screen line containing s, or -1.
func lineOf(scr, s string) int {
	for i, l := range strings.Split(scr, "\n") {
		if strings.Contains(l, s) {
			return i
		}
	}
	return -1
}

// TestTerminalQueueAfterOutput queues a second prompt behind one whose
// approved command takes a moment and then prints: the second prompt draws
// only once that output is on the screen, below it, leaving it intact and
// leaving no header of itself above it.
func TestTerminalQueueAfterOutput(t *testing.T) {
	s := newTmux(t)
	ready := filepath.Join(s.dir, "first-ready")
	first, firstResult := s.script("first", helper{command: "sleep 0.4; printf 'out-one\\nout-two\\nout-three'", ready: ready, run: true})
	second, secondResult := s.script("second", helper{command: "echo second-call"})
	p := s.start("queue", "("+first+") & while [ ! -e "+shellQuote(ready)+" ]; do sleep 0.05; done; "+second+"; wait")
	p.waitFor("1. Yes")
	waitTickets(t, s, 2)
	p.keys("1")
	if got := readResult(t, firstResult); got.Answer.Behavior != api.Allow {
		t.Fatalf("first answer = %+v, want allow", got.Answer)
	}
	scr := p.waitFor("echo second-call")
	// Let a countdown tick redraw the prompt: a frame drawn before the
	// output would now move up over it.
	time.Sleep(1200 * time.Millisecond)
	scr = p.screen(false)
	one, two, three := lineIs(scr, "out-one"), lineIs(scr, "out-two"), lineIs(scr, "out-three")
	if one < 0 || two != one+1 || three != two+1 {
		t.Fatalf("the approved command's output is not intact:\n%s", scr)
	}
	if at := lineOf(scr, "echo second-call"); at <= three {
		t.Errorf("the second prompt is not below the output (line %d, output ends on %d):\n%s", at, three, scr)
	}
	if n := strings.Count(scr, "echo second-call"); n != 1 {
		t.Errorf("the second prompt's command shows %d times, want once:\n%s", n, scr)
	}
	p.keys("4")
	got := readResult(t, secondResult)
	if got.Answer.Behavior != api.Deny || got.Error != "" {
		t.Errorf("second answer = %+v (%s), want deny", got.Answer, got.Error)
	}
	if len(got.Waited) == 0 || !strings.HasPrefix(got.Waited[0], "the prompt of PID ") {
		t.Errorf("the second prompt said it waited for %q, want the prompt of the first's PID", got.Waited)
	}
	scr = p.screen(false)
	if lineIs(scr, "out-one") < 0 || lineIs(scr, "out-three") < 0 {
		t.Errorf("the output was drawn over after the second answer:\n%s", scr)
	}
}

// TestTerminalQueueBehindStoppedJob puts a prompt in a background job that
// is then stopped, holding the first ticket, and prompts in the foreground:
// the foreground prompt draws at once and takes the keys (they do not echo
// as text), and the stopped job's prompt draws once it is brought back to
// the foreground.
func TestTerminalQueueBehindStoppedJob(t *testing.T) {
	s := newTmux(t)
	bg, bgResult := s.script("bg", helper{command: "echo background-call"})
	fg, fgResult := s.script("fg", helper{command: "echo foreground-call"})
	locks := shellQuote(filepath.Join(s.dir, "locks"))
	script := "set -m; " + bg + " & " +
		"while ! ls " + locks + "/*/*.ticket >/dev/null 2>&1; do sleep 0.05; done; sleep 0.2; kill -STOP $!; " +
		fg + "; echo FOREGROUND-DONE; fg %1 >/dev/null; echo BACKGROUND-DONE"
	p := s.start("stopped", "bash -c "+shellQuote(script))
	p.waitFor("echo foreground-call")
	if scr := p.screen(false); strings.Contains(scr, "background-call") {
		t.Fatalf("the background job's prompt is drawn:\n%s", scr)
	}
	p.keys("1")
	got := readResult(t, fgResult)
	if got.Answer.Behavior != api.Allow || got.Error != "" {
		t.Fatalf("foreground answer = %+v (%s), want allow", got.Answer, got.Error)
	}
	if len(got.Waited) != 0 {
		t.Errorf("the foreground prompt waited for %q", got.Waited)
	}
	p.waitFor("FOREGROUND-DONE")
	scr := p.waitFor("echo background-call")
	if lineIs(scr, "1") >= 0 {
		t.Errorf("the key echoed as text:\n%s", scr)
	}
	p.keys("4")
	got = readResult(t, bgResult)
	if got.Answer.Behavior != api.Deny || got.Error != "" {
		t.Errorf("background answer = %+v (%s), want deny", got.Answer, got.Error)
	}
	if len(got.Waited) == 0 || !strings.HasPrefix(got.Waited[0], "job ") || !strings.HasSuffix(got.Waited[0], " to leave the terminal") {
		t.Errorf("the background prompt said it waited for %q, want a job to leave the terminal", got.Waited)
	}
	p.waitFor("BACKGROUND-DONE")
}
