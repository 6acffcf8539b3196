package prompt

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
)

// ttyState lists the terminal flags a shell needs back after a prompt.
const ttyState = `stty -a | tr ' ' '\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\n' ' '; echo TTY-CHECKED`

func TestTerminalChoices(t *testing.T) {
	s := newTmux(t)
	tests := []struct {
		name string
		keys [][]string // each entry: tmux send-keys arguments; "-l" first means literal text
		want handler.Answer
	}{
		{"once", [][]string{{"1"}}, handler.Answer{Behavior: api.Allow, Scope: api.ScopeOnce, Person: "tester"}},
		{"session", [][]string{{"2"}}, handler.Answer{Behavior: api.Allow, Scope: api.ScopeSession, Person: "tester"}},
		{"always", [][]string{{"3"}}, handler.Answer{Behavior: api.Allow, Scope: api.ScopeAlways, Person: "tester"}},
		{"deny", [][]string{{"4"}}, handler.Answer{Behavior: api.Deny, Scope: api.ScopeOnce, Person: "tester"}},
		{"arrows", [][]string{{"Down"}, {"Enter"}}, handler.Answer{Behavior: api.Allow, Scope: api.ScopeSession, Person: "tester"}},
		{"escape", [][]string{{"Escape"}}, handler.Answer{Behavior: api.Deny, Scope: api.ScopeOnce, Person: "tester"}},
		{"message", [][]string{{"m"}, {"-l", "use make test"}, {"Enter"}}, handler.Answer{Behavior: api.Deny, Scope: api.ScopeOnce, Message: "use make test", Person: "tester"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := s.with(t)
			sh, result := s.script(tt.name, helper{command: "ls -la src"})
			p := s.start(tt.name, sh+"; "+ttyState)
			p.waitFor("1. Yes")
			for _, k := range tt.keys {
				if k[0] == "-l" {
					p.waitFor("No, because:")
					p.literal(k[1])
					p.waitFor(k[1])
					continue
				}
				p.keys(k...)
			}
			got := readResult(t, result)
			if got.Error != "" {
				t.Fatalf("Prompt: %s", got.Error)
			}
			if diff := cmp.Diff(tt.want, got.Answer); diff != "" {
				t.Errorf("answer (-want +got):\n%s", diff)
			}
			scr := p.waitFor("TTY-CHECKED")
			if !strings.Contains(scr, "icanon echo TTY-CHECKED") {
				t.Errorf("terminal not restored after the prompt:\n%s", scr)
			}
			if strings.Contains(scr, "1. Yes") {
				t.Errorf("the prompt is still drawn after the answer:\n%s", scr)
			}
		})
	}
}

func TestTerminalView(t *testing.T) {
	s := newTmux(t)
	long := "find . -name '*.tmp' -newer marker -exec rm -f {} + && echo cleaned && git status --porcelain --untracked-files=all"
	sh, result := s.script("view", helper{command: long})
	p := s.start("view", sh)
	scr := p.waitFor("press v to view it whole")
	if strings.Contains(scr, "--untracked-files=all") {
		t.Errorf("the main screen shows the whole long command:\n%s", scr)
	}
	p.keys("v")
	scr = p.waitFor("--untracked-files=all")
	if !strings.Contains(strings.ReplaceAll(scr, "\n", ""), "-exec rm -f {} +") {
		t.Errorf("the view does not show the command whole:\n%s", scr)
	}
	p.keys("v")
	p.waitFor("press v to view it whole")
	p.keys("1")
	got := readResult(t, result)
	if got.Answer.Behavior != api.Allow || got.Answer.Scope != api.ScopeOnce {
		t.Errorf("answer = %+v, want allow once", got.Answer)
	}
}

func TestTerminalTimeout(t *testing.T) {
	s := newTmux(t)
	sh, result := s.script("timeout", helper{command: "make deploy", timeout: "2s"})
	p := s.start("timeout", sh)
	p.waitFor("denies in ")
	got := readResult(t, result)
	want := handler.Answer{Behavior: api.Deny, Scope: api.ScopeOnce, Message: "no answer before the deadline"}
	if diff := cmp.Diff(want, got.Answer); diff != "" {
		t.Errorf("answer (-want +got):\n%s", diff)
	}
	if got.Error != ErrTimeout.Error() {
		t.Errorf("error = %q, want %q", got.Error, ErrTimeout)
	}
	p.waitFor("warden: no answer in 2 s, denied: make deploy")
}

// TestTerminalQueue runs two prompting processes on one terminal: the
// second waits, drawing nothing, until the first is answered.
func TestTerminalQueue(t *testing.T) {
	s := newTmux(t)
	ready := filepath.Join(s.dir, "first-ready")
	first, firstResult := s.script("first", helper{command: "echo first-call", ready: ready})
	second, secondResult := s.script("second", helper{command: "echo second-call"})
	p := s.start("queue", "("+first+") & while [ ! -e "+shellQuote(ready)+" ]; do sleep 0.05; done; "+second+"; wait")
	p.waitFor("echo first-call")
	// Wait until the second process holds a ticket behind the first.
	locks := filepath.Join(s.dir, "locks")
	deadline := time.Now().Add(30 * time.Second)
	for {
		n := 0
		filepath.WalkDir(locks, func(path string, d os.DirEntry, err error) error {
			if err == nil && strings.HasSuffix(path, ".ticket") {
				n++
			}
			return nil
		})
		if n >= 2 {
			break
		}
		if _, err := os.Stat(firstResult); err == nil {
			t.Fatal("the first prompt ended on its own")
		}
		if time.Now().After(deadline) {
			t.Fatal("the second process never queued")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if scr := p.screen(false); strings.Contains(scr, "second-call") {
		t.Fatalf("the second prompt is drawn while the first is up:\n%s", scr)
	}
	p.keys("1")
	if got := readResult(t, firstResult); got.Answer.Behavior != api.Allow {
		t.Errorf("first answer = %+v, want allow", got.Answer)
	}
	p.waitFor("echo second-call")
	p.keys("4")
	if got := readResult(t, secondResult); got.Answer.Behavior != api.Deny || got.Error != "" {
		t.Errorf("second answer = %+v (%s), want deny", got.Answer, got.Error)
	}
}

// TestTerminalGrace types a key before the prompt appears: it reaches the
// prompt inside the grace period and must be ignored.
func TestTerminalGrace(t *testing.T) {
	s := newTmux(t)
	sh, result := s.script("grace", helper{command: "rm -rf build", grace: "1500ms", timeout: "30s"})
	p := s.start("grace", "echo WAITING; sleep 1; "+sh)
	p.waitFor("WAITING")
	p.keys("1")
	p.waitFor("1. Yes")
	// The countdown has moved more than the grace period on.
	p.waitFor("denies in 27s")
	p.keys("4")
	got := readResult(t, result)
	if got.Answer.Behavior != api.Deny {
		t.Errorf("answer = %+v, want deny (the early 1 must not count)", got.Answer)
	}
	if got.Ignored != 1 || got.Touched != 1 {
		t.Errorf("ignored %d keys and counted %d, want 1 and 1", got.Ignored, got.Touched)
	}
}

// TestTerminalBursts types into the pane as a person at the terminal
// might while a prompt is up: a word and Enter typed in one go, and a
// bracketed paste holding a digit and a newline. Neither answers; the
// person's own digit, a moment later, does. On a HIGH ask a digit that
// allows asks for Enter.
func TestTerminalBursts(t *testing.T) {
	s := newTmux(t)
	t.Run("typing and pasting", func(t *testing.T) {
		s := s.with(t)
		sh, result := s.script("burst", helper{command: "rm -rf build", timeout: "30s"})
		p := s.start("burst", sh)
		p.waitFor("1. Yes")
		p.burst("c", "l", "e", "a", "r", "Enter")
		s.tmux("set-buffer", "1\r")
		s.tmux("paste-buffer", "-p", "-t", p.name)
		time.Sleep(500 * time.Millisecond)
		if _, err := os.Stat(result); err == nil {
			t.Fatalf("a burst answered the prompt: %+v", readResult(t, result))
		}
		p.keys("4")
		got := readResult(t, result)
		if got.Answer.Behavior != api.Deny {
			t.Errorf("answer = %+v, want the deliberate deny", got.Answer)
		}
	})
	t.Run("HIGH needs Enter", func(t *testing.T) {
		s := s.with(t)
		sh, result := s.script("high", helper{command: "rm -rf /", risk: "HIGH", timeout: "30s"})
		p := s.start("high", sh)
		p.waitFor("3. No")
		p.keys("1")
		p.waitFor("press Enter to confirm")
		if _, err := os.Stat(result); err == nil {
			t.Fatalf("a digit answered a HIGH ask without Enter: %+v", readResult(t, result))
		}
		p.keys("Enter")
		got := readResult(t, result)
		if got.Answer.Behavior != api.Allow || got.Answer.Scope != api.ScopeOnce {
			t.Errorf("answer = %+v, want allow once after Enter", got.Answer)
		}
	})
}

func TestTerminalCancel(t *testing.T) {
	s := newTmux(t)
	trigger := filepath.Join(s.dir, "cancel")
	sh, result := s.script("cancel", helper{command: "make", trigger: trigger, onTrigger: "cancel"})
	p := s.start("cancel", sh+"; "+ttyState)
	p.waitFor("1. Yes")
	os.WriteFile(trigger, nil, 0o600)
	got := readResult(t, result)
	if got.Error != "context canceled" {
		t.Errorf("error = %q, want context canceled", got.Error)
	}
	scr := p.waitFor("TTY-CHECKED")
	if !strings.Contains(scr, "answered elsewhere") || !strings.Contains(scr, "icanon echo TTY-CHECKED") {
		t.Errorf("screen after cancel:\n%s", scr)
	}
}

func TestTerminalExplanationArrives(t *testing.T) {
	s := newTmux(t)
	trigger := filepath.Join(s.dir, "explain")
	sh, result := s.script("explain", helper{command: "ls", trigger: trigger, onTrigger: "explain"})
	p := s.start("explain", sh)
	p.waitFor("Explaining… (you can answer now)")
	os.WriteFile(trigger, nil, 0o600)
	p.waitFor("What:  Prints the files.")
	p.waitFor("LOW RISK")
	p.keys("2")
	if got := readResult(t, result); got.Answer.Scope != api.ScopeSession {
		t.Errorf("answer = %+v, want allow session", got.Answer)
	}
}

var sgrColour = regexp.MustCompile(`\x1b\[[0-9;]*(3[0-7]|9[0-7]|38;[0-9;]+)m`)

func TestTerminalColour(t *testing.T) {
	s := newTmux(t)
	for _, noColor := range []bool{false, true} {
		name := "colour"
		if noColor {
			name = "nocolour"
		}
		sh, result := s.script(name, helper{command: "rm -rf /", risk: "HIGH", noColor: noColor})
		p := s.start(name, sh)
		p.waitFor("HIGH RISK")
		scr := p.screen(true)
		if got := sgrColour.MatchString(scr); got == noColor {
			t.Errorf("NO_COLOR=%v: colour codes present = %v:\n%q", noColor, got, scr)
		}
		if !strings.Contains(scr, "> 3. No") {
			t.Errorf("a high-risk prompt does not start on No:\n%s", scr)
		}
		p.keys("Enter")
		if got := readResult(t, result); got.Answer.Behavior != api.Deny {
			t.Errorf("Enter on a high-risk prompt = %+v, want deny", got.Answer)
		}
	}
}

func TestTerminalClarify(t *testing.T) {
	s := newTmux(t)
	tests := []struct {
		name     string
		question string
		keys     [][]string
		timeout  string
		want     ClarifyAnswer
	}{
		{"number", `{"question":"Which database?","choices":["postgres","sqlite"]}`, [][]string{{"2"}}, "", ClarifyAnswer{Answered: true, Choice: "sqlite", Index: 1, Person: "tester"}},
		{"arrows", `{"question":"Which database?","choices":["postgres","sqlite"]}`, [][]string{{"Down"}, {"Up"}, {"Enter"}}, "", ClarifyAnswer{Answered: true, Choice: "postgres", Index: 0, Person: "tester"}},
		{"free text", `{"question":"Name the branch","free_text":true}`, [][]string{{"-l", "fix-login"}, {"Enter"}}, "", ClarifyAnswer{Answered: true, Index: -1, Text: "fix-login", Person: "tester"}},
		{"other", `{"question":"Which database?","choices":["postgres"],"free_text":true}`, [][]string{{"2"}, {"-l", "mysql"}, {"Enter"}}, "", ClarifyAnswer{Answered: true, Index: -1, Text: "mysql", Person: "tester"}},
		{"declined", `{"question":"Which database?","choices":["postgres"]}`, [][]string{{"Escape"}}, "", ClarifyAnswer{Index: -1, NoAnswer: "declined"}},
		{"timeout", `{"question":"Which database?","choices":["postgres"]}`, nil, "2s", ClarifyAnswer{Index: -1, NoAnswer: "timeout"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := s.with(t)
			name := strings.ReplaceAll(tt.name, " ", "-")
			sh, result := s.script(name, helper{mode: "clarify", question: tt.question, timeout: tt.timeout})
			p := s.start(name, sh)
			p.waitFor("the agent asks")
			for _, k := range tt.keys {
				if k[0] == "-l" {
					p.waitFor("Answer: _")
					p.literal(k[1])
					p.waitFor(k[1])
					continue
				}
				p.keys(k...)
			}
			got := readResult(t, result)
			if got.Error != "" {
				t.Fatalf("Clarify: %s", got.Error)
			}
			if diff := cmp.Diff(tt.want, got.Clarify); diff != "" {
				t.Errorf("answer (-want +got):\n%s", diff)
			}
		})
	}
}

// TestTerminalWithInteractiveHandler runs the prompt under the interactive
// handler it is built for: an answer is the person's, and at the deadline
// the handler's timeout wins, recorded as such.
func TestTerminalWithInteractiveHandler(t *testing.T) {
	s := newTmux(t)
	tests := []struct {
		name, timeout string
		keys          []string
		want          api.Behavior
		wantScope     api.Scope
		wantReason    api.ReasonType
	}{
		{"answered", "60s", []string{"3"}, api.Allow, api.ScopeAlways, api.ReasonUser},
		{"timeout", "2s", nil, api.Deny, "", api.ReasonTimeout},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := s.with(t)
			sh, result := s.script("ih-"+tt.name, helper{mode: "interactive", command: "ls -la", timeout: tt.timeout})
			p := s.start("ih-"+tt.name, sh)
			p.waitFor("1. Yes")
			if len(tt.keys) > 0 {
				p.keys(tt.keys...)
			}
			got := readResult(t, result)
			if got.Error != "" {
				t.Fatalf("Resolve: %s", got.Error)
			}
			d := got.Resolved.Decision
			if d.Behavior != tt.want || got.Resolved.Scope != tt.wantScope || d.Reason.Type != tt.wantReason {
				t.Errorf("resolution = %s %q by %s (%+v), want %s %q by %s", d.Behavior, got.Resolved.Scope, d.Reason.Type, d.Reason, tt.want, tt.wantScope, tt.wantReason)
			}
			if tt.want == api.Allow && d.Reason.Person != "tester" {
				t.Errorf("person = %q, want tester", d.Reason.Person)
			}
		})
	}
}

func TestTerminalAvailable(t *testing.T) {
	tests := []struct {
		path string
		ok   bool
	}{
		{filepath.Join(t.TempDir(), "missing"), false},
		{os.DevNull, false},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			err := (&Terminal{TTYPath: tt.path}).Available()
			if (err == nil) != tt.ok {
				t.Errorf("Available() = %v, want ok %v", err, tt.ok)
			}
			if err != nil {
				_, perr := (&Terminal{TTYPath: tt.path}).Prompt(t.Context(), &handler.Prompt{Ask: bashAsk("ls")})
				if perr == nil {
					t.Error("Prompt without a terminal did not fail")
				}
			}
		})
	}
}
