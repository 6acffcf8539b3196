package hook

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/wardenhq/warden/api"
)

// Defaults of RunnerOptions.
const (
	DefaultMaxOutput = 1 << 20
	DefaultTimeout   = 60 * time.Second
	DefaultShell     = "/bin/sh"
)

// EnvRunningHook is set in the environment of every hook Warden runs, so
// that `warden hook` configured as one of Warden's own hooks can tell, and
// declines to decide rather than run the hooks again without end.
const EnvRunningHook = "WARDEN_RUNNING_HOOK"

// RunnerOptions configures a Runner. The zero value means every default.
type RunnerOptions struct {
	// MaxOutput caps the bytes kept of each hook's stdout and of its
	// stderr; a hook whose stdout goes past it is undecided. 0 means
	// DefaultMaxOutput.
	MaxOutput int
	// DefaultTimeout applies to hooks configured without a timeout. 0 means
	// DefaultTimeout (60 s).
	DefaultTimeout time.Duration
	// Logf, when set, receives one line per noteworthy event: a hook that
	// failed, timed out, answered garbage or stopped the agent.
	Logf func(format string, args ...any)
	// Env is added to the hooks' environment (after Warden's own, so it can
	// override CLAUDE_PROJECT_DIR).
	Env []string
	// Shell runs hooks configured without args, as Claude Code runs them:
	// Shell -c COMMAND. "" means DefaultShell. Hooks with args run their
	// command directly, with no shell.
	Shell string
}

// Runner runs the hooks of one event for one call and combines their
// answers. It is safe for concurrent use.
type Runner struct {
	maxOutput      int
	defaultTimeout time.Duration
	logf           func(format string, args ...any)
	env            []string
	shell          string
	// drainGrace bounds how long output is still read after a hook's
	// process group was killed, for a process that escaped the group.
	drainGrace time.Duration
}

// NewRunner returns a Runner with opts, defaults filled in.
func NewRunner(opts RunnerOptions) *Runner {
	r := &Runner{
		maxOutput:      opts.MaxOutput,
		defaultTimeout: opts.DefaultTimeout,
		logf:           opts.Logf,
		env:            opts.Env,
		shell:          opts.Shell,
		drainGrace:     time.Second,
	}
	if r.maxOutput <= 0 {
		r.maxOutput = DefaultMaxOutput
	}
	if r.defaultTimeout <= 0 {
		r.defaultTimeout = DefaultTimeout
	}
	if r.logf == nil {
		r.logf = func(string, ...any) {}
	}
	if r.shell == "" {
		r.shell = DefaultShell
	}
	return r
}

// Input is one call as the hooks see it.
type Input struct {
	Request api.Request
	// Event is set by the Runner method called; callers may leave it empty.
	Event string
	// PermissionSuggestions are passed to PermissionRequest hooks as
	// permission_suggestions.
	PermissionSuggestions []any
}

// Result is the combined answer of the hooks run for one call.
type Result struct {
	// Behavior is "" when no hook decided (none matched, all failed,
	// deferred or gave no decision); otherwise the strictest answer, deny >
	// ask > allow. A hook that stops the agent makes it deny.
	Behavior api.Behavior
	// Reason is the deciding hook's reason (its stderr for exit code 2).
	Reason string
	// Hook is the deciding hook's command line, for api.Reason.Hook; Source
	// and File say where it was configured.
	Hook   string
	Source string
	File   string
	// UpdatedInput replaces the tool input; nil means unchanged. It is taken
	// from the first hook (in configuration order) that answered the final
	// behaviour with an updatedInput, and is never set with deny.
	UpdatedInput map[string]any
	// SystemMessages are the hooks' messages for the user, in configuration
	// order.
	SystemMessages []string
	// Stop is set when a hook asked to stop the agent (continue: false, or
	// interrupt with a PermissionRequest deny); StopReason says why.
	Stop       bool
	StopReason string
	// Failures lists the hooks that failed, timed out or answered garbage,
	// one line each, for the decision's warnings and the audit log.
	Failures []string
	// Ran is the number of hooks run.
	Ran int
}

// PreToolUse runs the PreToolUse hooks of matchers that select the call's
// tool, in parallel, and combines their answers: deny > ask > allow; a
// "defer" outranks allow and leaves the call undecided; exit code 2 is deny
// with stderr as the reason.
func (r *Runner) PreToolUse(ctx context.Context, matchers []Matcher, in Input) Result {
	in.Event = EventPreToolUse
	return r.run(ctx, matchers, in)
}

// PermissionRequest runs the PermissionRequest hooks of matchers that
// select the call's tool, in parallel, and combines their answers: deny >
// allow; a hook without decision is undecided, and exit code 2 is ignored
// for this event, as in Claude Code.
func (r *Runner) PermissionRequest(ctx context.Context, matchers []Matcher, in Input) Result {
	in.Event = EventPermissionRequest
	return r.run(ctx, matchers, in)
}

// selected is one handler chosen for a call.
type selected struct {
	cmd    Command
	source string
	file   string
}

// outcome is what running one handler gave.
type outcome struct {
	verdict verdict
	failure string
}

// Select returns the handlers that run for a call of toolName, in
// configuration order, each identical handler once.
func Select(matchers []Matcher, toolName string) []Command {
	sel := selectHooks(matchers, toolName)
	out := make([]Command, len(sel))
	for i, s := range sel {
		out[i] = s.cmd
	}
	return out
}

func selectHooks(matchers []Matcher, toolName string) []selected {
	var out []selected
	var seen map[string]bool
	for _, m := range matchers {
		if len(m.Hooks) == 0 || !Matches(m.Matcher, toolName) {
			continue
		}
		for _, h := range m.Hooks {
			k := h.key()
			if seen[k] {
				continue
			}
			if seen == nil {
				seen = map[string]bool{}
			}
			seen[k] = true
			out = append(out, selected{cmd: h, source: m.Source, file: m.File})
		}
	}
	return out
}

func (r *Runner) run(ctx context.Context, matchers []Matcher, in Input) Result {
	sel := selectHooks(matchers, in.Request.ToolName)
	if len(sel) == 0 {
		return Result{}
	}
	payload, err := json.Marshal(NewPayload(in.Event, in.Request, in.PermissionSuggestions))
	if err != nil {
		// The input came from JSON, so this cannot happen; if it does, every
		// hook is undecided.
		res := Result{}
		for _, s := range sel {
			res.Failures = append(res.Failures, r.failure(s.cmd, "input cannot be encoded: "+err.Error()))
		}
		return res
	}
	outs := make([]outcome, len(sel))
	var wg sync.WaitGroup
	for i, s := range sel {
		wg.Go(func() {
			outs[i] = r.runOne(ctx, in.Event, s.cmd, payload, in.Request.Cwd)
		})
	}
	wg.Wait()
	return r.combine(in.Event, sel, outs)
}

// failure formats one failure line and logs it.
func (r *Runner) failure(c Command, what string) string {
	line := fmt.Sprintf("hook %q: %s", c.String(), what)
	r.logf("%s", line)
	return line
}

// runOne runs one handler and reads its answer.
func (r *Runner) runOne(ctx context.Context, event string, c Command, payload []byte, cwd string) outcome {
	if err := c.Validate(); err != nil {
		return outcome{failure: r.failure(c, err.Error())}
	}
	if err := ctx.Err(); err != nil {
		return outcome{failure: r.failure(c, "not run: "+err.Error())}
	}
	timeout := r.defaultTimeout
	if c.Timeout > 0 {
		timeout = time.Duration(c.Timeout * float64(time.Second))
	}
	var name string
	var args []string
	if len(c.Args) == 0 {
		name, args = r.shell, []string{"-c", c.Command}
	} else {
		name, args = c.Command, c.Args
	}
	env := append(os.Environ(), "CLAUDE_PROJECT_DIR="+cwd, EnvRunningHook+"="+event)
	env = append(env, r.env...)
	x := r.execute(ctx, process{name: name, args: args, dir: usableDir(cwd), env: env, stdin: payload, timeout: timeout})
	switch {
	case x.startErr != nil:
		return outcome{failure: r.failure(c, "cannot start: "+x.startErr.Error())}
	case x.timedOut:
		return outcome{failure: r.failure(c, fmt.Sprintf("timed out after %s; process group killed", timeout))}
	case x.cancelled:
		return outcome{failure: r.failure(c, "cancelled; process group killed")}
	case x.signal != "":
		return outcome{failure: r.failure(c, "killed by signal "+x.signal+firstLine(x.stderr))}
	case x.exitCode == 2:
		if event == EventPermissionRequest {
			return outcome{failure: r.failure(c, "exit status 2 is ignored for PermissionRequest"+firstLine(x.stderr))}
		}
		reason := strings.TrimSpace(string(x.stderr))
		if reason == "" {
			reason = "hook exited with status 2"
		}
		return outcome{verdict: verdict{behavior: api.Deny, reason: reason}}
	case x.exitCode != 0:
		return outcome{failure: r.failure(c, fmt.Sprintf("exited with status %d%s", x.exitCode, firstLine(x.stderr)))}
	case x.stdoutTruncated:
		return outcome{failure: r.failure(c, fmt.Sprintf("output exceeds %d bytes", r.maxOutput))}
	}
	v, err := parseOutput(event, x.stdout)
	if err != nil {
		return outcome{failure: r.failure(c, err.Error())}
	}
	return outcome{verdict: v}
}

// usableDir returns dir when it is an existing directory, else "" (the
// hook then runs in Warden's own working directory).
func usableDir(dir string) string {
	if dir == "" {
		return ""
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return ""
	}
	return dir
}

// firstLine returns ": " and the first line of stderr, or "".
func firstLine(stderr []byte) string {
	s := strings.TrimSpace(string(stderr))
	if s == "" {
		return ""
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	const max = 200
	if len(s) > max {
		s = s[:max] + "…"
	}
	return ": " + s
}

// combine folds the outcomes, in configuration order, into one Result.
func (r *Runner) combine(event string, sel []selected, outs []outcome) Result {
	res := Result{Ran: len(sel)}
	best := -1
	deferred := -1
	stopper := -1
	for i, o := range outs {
		if o.failure != "" {
			res.Failures = append(res.Failures, o.failure)
			continue
		}
		v := o.verdict
		if v.systemMessage != "" {
			res.SystemMessages = append(res.SystemMessages, v.systemMessage)
		}
		if v.stop && stopper < 0 {
			stopper = i
		}
		if v.deferred && deferred < 0 {
			deferred = i
		}
		if v.behavior == "" {
			continue
		}
		if best < 0 || v.behavior.Strictness() > outs[best].verdict.behavior.Strictness() {
			best = i
		}
	}
	decider := best
	if best >= 0 && outs[best].verdict.behavior == api.Allow && deferred >= 0 {
		// Claude Code ranks defer above allow: the call goes on undecided.
		decider = -1
	}
	if decider >= 0 {
		v := outs[decider].verdict
		res.Behavior = v.behavior
		res.Reason = v.reason
		res.Hook, res.Source, res.File = sel[decider].cmd.String(), sel[decider].source, sel[decider].file
		if res.Reason == "" {
			res.Reason = defaultReason(event, v.behavior)
		}
	}
	if stopper >= 0 {
		v := outs[stopper].verdict
		res.Stop = true
		res.StopReason = v.stopReason
		r.logf("hook %q stopped the agent: %s", sel[stopper].cmd.String(), v.stopReason)
		if res.Behavior != api.Deny {
			res.Behavior = api.Deny
			res.Reason = v.stopReason
			if res.Reason == "" {
				res.Reason = "hook stopped the agent"
			}
			if v.reason != "" && v.stopReason == "" {
				res.Reason = v.reason
			}
			res.Hook, res.Source, res.File = sel[stopper].cmd.String(), sel[stopper].source, sel[stopper].file
		}
	}
	if res.Behavior == api.Allow || res.Behavior == api.Ask {
		for _, o := range outs {
			if o.failure == "" && o.verdict.behavior == res.Behavior && o.verdict.updatedInput != nil {
				res.UpdatedInput = o.verdict.updatedInput
				break
			}
		}
	}
	return res
}

func defaultReason(event string, b api.Behavior) string {
	switch b {
	case api.Allow:
		return "allowed by " + event + " hook"
	case api.Ask:
		return event + " hook asks for approval"
	default:
		return "denied by " + event + " hook"
	}
}
