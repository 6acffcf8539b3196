package hook

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/wardenhq/warden/api"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// Fake hooks, written as shell commands run by /bin/sh -c, as configured
// hooks without args are.
const (
	hookAllow   = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"team policy P-12"}}'`
	hookAllowNR = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`
	hookDeny    = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"secrets in command"}}'`
	hookAsk     = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"needs a look"}}'`
	hookDefer   = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"defer"}}'`
	hookExit2   = `cat >/dev/null; echo 'blocked: rm is not allowed' >&2; exit 2`
	hookExit2JS = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'; echo nope >&2; exit 2`
	hookExit1   = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'; echo broken >&2; exit 1`
	hookCrash   = `kill -SEGV $$`
	hookGarbage = `echo '{"hookSpecificOutput": allow'`
	hookText    = `echo 'checked, looks fine'`
	hookSilent  = `cat >/dev/null`
	hookUnknown = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"maybe"}}'`
	hookOtherEv = `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"allow"}}'`
	hookRewrite = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"npm test --dry-run"}}}'`
	hookAskRW   = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","updatedInput":{"command":"npm test --ask"}}}'`
	hookApprove = `echo '{"decision":"approve","reason":"old style ok"}'`
	hookBlock   = `echo '{"decision":"block","reason":"old style no"}'`
	hookStop    = `echo '{"continue":false,"stopReason":"budget exhausted"}'`
	hookSysMsg  = `echo '{"systemMessage":"heads up"}'`
	hookSleep   = `sleep 30`
	hookHuge    = `head -c 2000000 /dev/zero | tr '\0' '{'`

	prAllow     = `echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}'`
	prAllowRW   = `echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedInput":{"command":"npm run lint"}}}}'`
	prDeny      = `echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"Blocked by policy"}}}'`
	prInterrupt = `echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"stop now","interrupt":true}}}'`
	prNone      = `echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest"}}'`
	prAsk       = `echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"ask"}}}'`
	prExit2     = `echo 'no' >&2; exit 2`
)

func bashRequest(command string) api.Request {
	return api.Request{
		ToolName:  "Bash",
		ToolInput: map[string]any{"command": command},
		SessionID: "s1",
	}
}

func matcher(m string, cmds ...string) Matcher {
	mt := Matcher{Matcher: m, Source: "project", File: ".warden/settings.json"}
	for _, c := range cmds {
		mt.Hooks = append(mt.Hooks, Command{Type: "command", Command: c})
	}
	return mt
}

// summary is the part of a Result a table case states; failures are
// compared by count and a fragment, since they carry process details.
type summary struct {
	Behavior       api.Behavior
	Reason         string
	Hook           string
	UpdatedInput   map[string]any
	SystemMessages []string
	Stop           bool
	StopReason     string
	Failures       int
	Ran            int
}

func summarize(r Result) summary {
	return summary{r.Behavior, r.Reason, r.Hook, r.UpdatedInput, r.SystemMessages, r.Stop, r.StopReason, len(r.Failures), r.Ran}
}

func TestRunnerPreToolUse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		matchers []Matcher
		tool     string
		want     summary
		failure  string // fragment of the first failure
	}{
		{name: "no hooks", want: summary{}},
		{name: "matcher selects another tool", matchers: []Matcher{matcher("Edit|Write", hookDeny)}, want: summary{}},
		{name: "allow", matchers: []Matcher{matcher("Bash", hookAllow)},
			want: summary{Behavior: api.Allow, Reason: "team policy P-12", Hook: hookAllow, Ran: 1}},
		{name: "allow without reason", matchers: []Matcher{matcher("*", hookAllowNR)},
			want: summary{Behavior: api.Allow, Reason: "allowed by PreToolUse hook", Hook: hookAllowNR, Ran: 1}},
		{name: "deny", matchers: []Matcher{matcher("", hookDeny)},
			want: summary{Behavior: api.Deny, Reason: "secrets in command", Hook: hookDeny, Ran: 1}},
		{name: "ask", matchers: []Matcher{matcher("Bash", hookAsk)},
			want: summary{Behavior: api.Ask, Reason: "needs a look", Hook: hookAsk, Ran: 1}},
		{name: "exit 2 denies with stderr", matchers: []Matcher{matcher("Bash", hookExit2)},
			want: summary{Behavior: api.Deny, Reason: "blocked: rm is not allowed", Hook: hookExit2, Ran: 1}},
		{name: "exit 2 beats its own allow JSON", matchers: []Matcher{matcher("Bash", hookExit2JS)},
			want: summary{Behavior: api.Deny, Reason: "nope", Hook: hookExit2JS, Ran: 1}},
		{name: "exit 1 is undecided even with allow JSON", matchers: []Matcher{matcher("Bash", hookExit1)},
			want: summary{Failures: 1, Ran: 1}, failure: "exited with status 1: broken"},
		{name: "crash is undecided", matchers: []Matcher{matcher("Bash", hookCrash)},
			want: summary{Failures: 1, Ran: 1}, failure: "killed by signal"},
		{name: "garbage is undecided", matchers: []Matcher{matcher("Bash", hookGarbage)},
			want: summary{Failures: 1, Ran: 1}, failure: "not valid JSON: line 1 column"},
		{name: "plain text is no decision", matchers: []Matcher{matcher("Bash", hookText)},
			want: summary{Ran: 1}},
		{name: "silent is no decision", matchers: []Matcher{matcher("Bash", hookSilent)},
			want: summary{Ran: 1}},
		{name: "unknown decision is undecided", matchers: []Matcher{matcher("Bash", hookUnknown)},
			want: summary{Failures: 1, Ran: 1}, failure: `unknown permissionDecision "maybe"`},
		{name: "answer for another event is undecided", matchers: []Matcher{matcher("Bash", hookOtherEv)},
			want: summary{Failures: 1, Ran: 1}, failure: `for event "PostToolUse"`},
		{name: "deny beats allow", matchers: []Matcher{matcher("Bash", hookAllow, hookDeny)},
			want: summary{Behavior: api.Deny, Reason: "secrets in command", Hook: hookDeny, Ran: 2}},
		{name: "ask beats allow", matchers: []Matcher{matcher("Bash", hookAllow), matcher("*", hookAsk)},
			want: summary{Behavior: api.Ask, Reason: "needs a look", Hook: hookAsk, Ran: 2}},
		{name: "deny beats ask", matchers: []Matcher{matcher("Bash", hookAsk, hookExit2)},
			want: summary{Behavior: api.Deny, Reason: "blocked: rm is not allowed", Hook: hookExit2, Ran: 2}},
		{name: "defer outranks allow", matchers: []Matcher{matcher("Bash", hookAllow, hookDefer)},
			want: summary{Ran: 2}},
		{name: "ask outranks defer", matchers: []Matcher{matcher("Bash", hookDefer, hookAsk)},
			want: summary{Behavior: api.Ask, Reason: "needs a look", Hook: hookAsk, Ran: 2}},
		{name: "failed hook does not hide a deny", matchers: []Matcher{matcher("Bash", hookCrash, hookDeny, hookGarbage)},
			want: summary{Behavior: api.Deny, Reason: "secrets in command", Hook: hookDeny, Failures: 2, Ran: 3}, failure: "killed by signal"},
		{name: "rewrite with allow", matchers: []Matcher{matcher("Bash", hookRewrite)},
			want: summary{Behavior: api.Allow, Reason: "allowed by PreToolUse hook", Hook: hookRewrite,
				UpdatedInput: map[string]any{"command": "npm test --dry-run"}, Ran: 1}},
		{name: "rewrite dropped when another hook denies", matchers: []Matcher{matcher("Bash", hookRewrite, hookDeny)},
			want: summary{Behavior: api.Deny, Reason: "secrets in command", Hook: hookDeny, Ran: 2}},
		{name: "allow's rewrite dropped when the answer is ask", matchers: []Matcher{matcher("Bash", hookRewrite, hookAsk)},
			want: summary{Behavior: api.Ask, Reason: "needs a look", Hook: hookAsk, Ran: 2}},
		{name: "ask's rewrite kept", matchers: []Matcher{matcher("Bash", hookRewrite, hookAskRW)},
			want: summary{Behavior: api.Ask, Reason: "PreToolUse hook asks for approval", Hook: hookAskRW,
				UpdatedInput: map[string]any{"command": "npm test --ask"}, Ran: 2}},
		{name: "old approve", matchers: []Matcher{matcher("Bash", hookApprove)},
			want: summary{Behavior: api.Allow, Reason: "old style ok", Hook: hookApprove, Ran: 1}},
		{name: "old block", matchers: []Matcher{matcher("Bash", hookBlock)},
			want: summary{Behavior: api.Deny, Reason: "old style no", Hook: hookBlock, Ran: 1}},
		{name: "continue false stops and denies", matchers: []Matcher{matcher("Bash", hookAllow, hookStop)},
			want: summary{Behavior: api.Deny, Reason: "budget exhausted", Hook: hookStop, Stop: true, StopReason: "budget exhausted", Ran: 2}},
		{name: "system messages collected", matchers: []Matcher{matcher("Bash", hookSysMsg, hookAllow)},
			want: summary{Behavior: api.Allow, Reason: "team policy P-12", Hook: hookAllow, SystemMessages: []string{"heads up"}, Ran: 2}},
		{name: "identical handlers run once", matchers: []Matcher{matcher("Bash", hookAllow), matcher("*", hookAllow), matcher("B.*", hookAllow)},
			want: summary{Behavior: api.Allow, Reason: "team policy P-12", Hook: hookAllow, Ran: 1}},
		{name: "oversized output is undecided", matchers: []Matcher{matcher("Bash", hookHuge)},
			want: summary{Failures: 1, Ran: 1}, failure: "output exceeds 1048576 bytes"},
		{name: "empty command is undecided", matchers: []Matcher{matcher("Bash", " ")},
			want: summary{Failures: 1, Ran: 1}, failure: "hook command is empty"},
		{name: "regexp matcher", matchers: []Matcher{matcher("mcp__github__.*", hookDeny)}, tool: "mcp__github__create_issue",
			want: summary{Behavior: api.Deny, Reason: "secrets in command", Hook: hookDeny, Ran: 1}},
	}
	r := NewRunner(RunnerOptions{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			req := bashRequest("npm test")
			if tt.tool != "" {
				req.ToolName = tt.tool
			}
			res := r.PreToolUse(t.Context(), tt.matchers, Input{Request: req})
			if diff := cmp.Diff(tt.want, summarize(res)); diff != "" {
				t.Errorf("PreToolUse (-want +got):\n%s\nfailures: %q", diff, res.Failures)
			}
			if tt.failure != "" && (len(res.Failures) == 0 || !strings.Contains(res.Failures[0], tt.failure)) {
				t.Errorf("failures = %q, want the first to contain %q", res.Failures, tt.failure)
			}
		})
	}
}

func TestRunnerPermissionRequest(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		matchers []Matcher
		want     summary
		failure  string
	}{
		{name: "allow", matchers: []Matcher{matcher("Bash", prAllow)},
			want: summary{Behavior: api.Allow, Reason: "allowed by PermissionRequest hook", Hook: prAllow, Ran: 1}},
		{name: "allow with rewrite", matchers: []Matcher{matcher("Bash", prAllowRW)},
			want: summary{Behavior: api.Allow, Reason: "allowed by PermissionRequest hook", Hook: prAllowRW,
				UpdatedInput: map[string]any{"command": "npm run lint"}, Ran: 1}},
		{name: "deny", matchers: []Matcher{matcher("Bash", prDeny)},
			want: summary{Behavior: api.Deny, Reason: "Blocked by policy", Hook: prDeny, Ran: 1}},
		{name: "deny beats allow", matchers: []Matcher{matcher("Bash", prAllowRW, prDeny)},
			want: summary{Behavior: api.Deny, Reason: "Blocked by policy", Hook: prDeny, Ran: 2}},
		{name: "interrupt stops", matchers: []Matcher{matcher("Bash", prInterrupt)},
			want: summary{Behavior: api.Deny, Reason: "stop now", Hook: prInterrupt, Stop: true, StopReason: "stop now", Ran: 1}},
		{name: "no decision", matchers: []Matcher{matcher("Bash", prNone, hookText)},
			want: summary{Ran: 2}},
		{name: "ask is not an answer", matchers: []Matcher{matcher("Bash", prAsk)},
			want: summary{Failures: 1, Ran: 1}, failure: `unknown decision.behavior "ask"`},
		{name: "exit 2 is ignored", matchers: []Matcher{matcher("Bash", prExit2)},
			want: summary{Failures: 1, Ran: 1}, failure: "exit status 2 is ignored for PermissionRequest: no"},
		{name: "PreToolUse answer is for another event", matchers: []Matcher{matcher("Bash", hookAllow)},
			want: summary{Failures: 1, Ran: 1}, failure: `for event "PreToolUse"`},
	}
	r := NewRunner(RunnerOptions{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := r.PermissionRequest(t.Context(), tt.matchers, Input{Request: bashRequest("npm run lint")})
			if diff := cmp.Diff(tt.want, summarize(res)); diff != "" {
				t.Errorf("PermissionRequest (-want +got):\n%s\nfailures: %q", diff, res.Failures)
			}
			if tt.failure != "" && (len(res.Failures) == 0 || !strings.Contains(res.Failures[0], tt.failure)) {
				t.Errorf("failures = %q, want the first to contain %q", res.Failures, tt.failure)
			}
		})
	}
}

// TestRunnerStdin checks what hooks receive on stdin against the golden
// payloads in testdata/hook.
func TestRunnerStdin(t *testing.T) {
	t.Parallel()
	req := api.Request{
		ToolName:       "Bash",
		ToolInput:      map[string]any{"command": "npm test", "description": "Run tests"},
		Cwd:            "/home/u/my-project",
		SessionID:      "abc123",
		AgentID:        "agent-7",
		AgentType:      "reviewer",
		PermissionMode: api.ModeDefault,
		TranscriptPath: "/home/u/.claude/projects/x/t.jsonl",
		ToolUseID:      "toolu_01ABC",
	}
	suggestions := []any{map[string]any{"type": "addRules", "behavior": "allow", "rules": []any{map[string]any{"toolName": "Bash", "ruleContent": "npm test"}}}}
	for _, event := range []string{EventPreToolUse, EventPermissionRequest} {
		t.Run(event, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			out := filepath.Join(dir, "stdin.json")
			m := []Matcher{{Hooks: []Command{{Command: "/bin/sh", Args: []string{"-c", `cat > "$1"`, "hook", out}}}}}
			in := Input{Request: req, PermissionSuggestions: suggestions}
			r := NewRunner(RunnerOptions{})
			var res Result
			if event == EventPreToolUse {
				res = r.PreToolUse(t.Context(), m, in)
			} else {
				res = r.PermissionRequest(t.Context(), m, in)
			}
			if len(res.Failures) > 0 {
				t.Fatalf("failures: %q", res.Failures)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			var indented bytes.Buffer
			if err := json.Indent(&indented, got, "", "  "); err != nil {
				t.Fatalf("hook stdin is not JSON: %v\n%s", err, got)
			}
			indented.WriteByte('\n')
			compareGolden(t, filepath.Join("..", "testdata", "hook", "runner-"+event+".stdin.json"), indented.Bytes())
		})
	}
}

func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}

func TestRunnerEnvironment(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m := []Matcher{matcher("Bash",
		`test "$PWD" = "$CLAUDE_PROJECT_DIR" && test "$EXTRA" = yes && test "$WARDEN_RUNNING_HOOK" = PreToolUse && echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`)}
	req := bashRequest("ls")
	req.Cwd = dir
	res := NewRunner(RunnerOptions{Env: []string{"EXTRA=yes"}}).PreToolUse(t.Context(), m, Input{Request: req})
	if res.Behavior != api.Allow {
		t.Errorf("Behavior = %q, want allow (the hook checks its directory and environment); failures %q", res.Behavior, res.Failures)
	}
}

func TestRunnerArgsRunWithoutShell(t *testing.T) {
	t.Parallel()
	// With args, the command is run directly: the shell metacharacters in
	// the argument reach the program as they are.
	m := []Matcher{{Hooks: []Command{{Command: "/bin/echo", Args: []string{`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"$HOME; ls"}}`}}}}}
	res := NewRunner(RunnerOptions{}).PreToolUse(t.Context(), m, Input{Request: bashRequest("ls")})
	if diff := cmp.Diff(summary{Behavior: api.Deny, Reason: "$HOME; ls", Hook: m[0].Hooks[0].String(), Ran: 1}, summarize(res)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	m = []Matcher{{Hooks: []Command{{Command: "/nonexistent/hook", Args: []string{"x"}}}}}
	res = NewRunner(RunnerOptions{}).PreToolUse(t.Context(), m, Input{Request: bashRequest("ls")})
	if res.Behavior != "" || len(res.Failures) != 1 || !strings.Contains(res.Failures[0], "cannot start") {
		t.Errorf("missing program: Behavior %q, failures %q; want undecided with a start failure", res.Behavior, res.Failures)
	}
}

// TestRunnerKillsProcessGroup checks that nothing a hook started outlives
// it: after a timeout, after cancellation, and after a normal exit that
// left a background process behind.
func TestRunnerKillsProcessGroup(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		script  string // writes the background process id to $1
		timeout float64
		cancel  bool
		want    summary
	}{
		{name: "timeout", script: `sleep 1000 & echo $! > "$1"; sleep 1000`, timeout: 0.2,
			want: summary{Failures: 1, Ran: 1}},
		{name: "cancel", script: `sleep 1000 & echo $! > "$1"; sleep 1000`, cancel: true,
			want: summary{Failures: 1, Ran: 1}},
		{name: "left behind after answering", timeout: 30,
			script: `sleep 1000 & echo $! > "$1"; echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}'`,
			want:   summary{Behavior: api.Deny, Reason: "no", Ran: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			pidFile := filepath.Join(t.TempDir(), "pid")
			c := Command{Command: "/bin/sh", Args: []string{"-c", tt.script, "hook", pidFile}, Timeout: tt.timeout}
			ctx := t.Context()
			if tt.cancel {
				var cancel context.CancelFunc
				ctx, cancel = context.WithCancel(ctx)
				defer cancel()
				go func() {
					// Cancel once the hook has started its background process.
					for {
						if b, err := os.ReadFile(pidFile); err == nil && strings.HasSuffix(string(b), "\n") {
							cancel()
							return
						}
						select {
						case <-ctx.Done():
							return
						case <-time.After(5 * time.Millisecond):
						}
					}
				}()
			}
			res := NewRunner(RunnerOptions{}).PreToolUse(ctx, []Matcher{{Hooks: []Command{c}}}, Input{Request: bashRequest("ls")})
			want := tt.want
			if want.Behavior != "" {
				want.Hook = c.String()
			}
			if diff := cmp.Diff(want, summarize(res)); diff != "" {
				t.Errorf("(-want +got):\n%s\nfailures: %q", diff, res.Failures)
			}
			b, err := os.ReadFile(pidFile)
			if err != nil {
				t.Fatal(err)
			}
			pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
			if err != nil {
				t.Fatal(err)
			}
			if !eventuallyDead(pid) {
				syscall.Kill(pid, syscall.SIGKILL)
				t.Errorf("background process %d outlived its hook", pid)
			}
		})
	}
}

// eventuallyDead reports whether pid is dead or dies within a few seconds:
// SIGKILL is delivered asynchronously, so a process killed a moment ago may
// still be on its way out.
func eventuallyDead(pid int) bool {
	for range 500 {
		if !alive(pid) {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}

// alive reports whether pid is a running (not zombie) process.
func alive(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	// The state follows the command name in parentheses.
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || (s[i+2] != 'Z' && s[i+2] != 'X')
}

func TestRunnerTimeoutMessage(t *testing.T) {
	t.Parallel()
	m := []Matcher{matcher("Bash", hookSleep, hookDeny)}
	m[0].Hooks[0].Timeout = 0.1
	var logged []string
	logs := make(chan string, 10)
	r := NewRunner(RunnerOptions{Logf: func(format string, args ...any) {
		logs <- strings.TrimSpace(fmt.Sprintf(format, args...))
	}})
	res := r.PreToolUse(t.Context(), m, Input{Request: bashRequest("ls")})
	close(logs)
	for l := range logs {
		logged = append(logged, l)
	}
	want := summary{Behavior: api.Deny, Reason: "secrets in command", Hook: hookDeny, Failures: 1, Ran: 2}
	if diff := cmp.Diff(want, summarize(res)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	wantLog := []string{`hook "sleep 30": timed out after 100ms; process group killed`}
	if diff := cmp.Diff(wantLog, logged); diff != "" {
		t.Errorf("log (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(wantLog, res.Failures); diff != "" {
		t.Errorf("failures (-want +got):\n%s", diff)
	}
}

func TestRunnerCancelledBeforeStart(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	res := NewRunner(RunnerOptions{}).PreToolUse(ctx, []Matcher{matcher("", hookAllow)}, Input{Request: bashRequest("ls")})
	if res.Behavior != "" || len(res.Failures) != 1 {
		t.Errorf("got %+v, want undecided with one failure", res)
	}
}

// BenchmarkRunnerPreToolUse measures running one small hook program, from
// starting its process group to reading its answer.
func BenchmarkRunnerPreToolUse(b *testing.B) {
	m := []Matcher{{Matcher: "Bash", Hooks: []Command{{Command: "/bin/echo", Args: []string{`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`}}}}}
	r := NewRunner(RunnerOptions{})
	in := Input{Request: bashRequest("npm test")}
	b.ReportAllocs()
	for b.Loop() {
		if res := r.PreToolUse(b.Context(), m, in); res.Behavior != api.Allow {
			b.Fatalf("got %+v", res)
		}
	}
}
