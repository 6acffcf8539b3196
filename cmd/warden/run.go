package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/audit"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/prompt"
	"github.com/wardenhq/warden/settings"
	"github.com/wardenhq/warden/shell"
)

func init() {
	addCommand(&command{
		name:    "run",
		summary: "check a shell command, ask on the terminal if needed, then run it",
		run:     runRun,
	})
}

const runUsage = "run [--cwd DIR] [--mode MODE] [--settings FILE]... [--json | --gateway] [--force] [--container] [--no-audit] (-c STRING | -- ARGV...)"

// exitBlocked is warden run's exit code when the command did not run
// because it was denied or needs an approval nobody could give (as a shell
// uses 126 for a command it cannot execute).
const exitBlocked = 126

// runResult is the one JSON object warden run prints, instead of prompting,
// when the command does not run and there is no terminal or --json or
// --gateway was given.
type runResult struct {
	// Status is "blocked", or "approval_required" with --gateway when a
	// person could approve the command.
	Status   string `json:"status"`
	ExitCode int    `json:"exit_code"`
	// Error says why the command did not run, in a sentence.
	Error   string `json:"error"`
	Command string `json:"command"`
	// Description is what is dangerous about the command, or the reason.
	Description string        `json:"description"`
	DecisionID  string        `json:"decision_id,omitempty"`
	Reason      api.Reason    `json:"reason"`
	Risk        api.Risk      `json:"risk,omitempty"`
	Findings    []api.Finding `json:"findings"`
	Suggestions []string      `json:"suggestions,omitempty"`
}

func runRun(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "run", runUsage)
	var ef engineFlags
	ef.Register(fs)
	script := fs.String("c", "", "the shell `STRING` to check and run with bash -c")
	asJSON := fs.Bool("json", false, "never prompt: print one JSON object when the command does not run")
	gateway := fs.Bool("gateway", false, "never prompt: report a command a person could approve as approval_required, for a chat gateway to ask and retry")
	force := fs.Bool("force", false, "skip the checks and run the command (recorded in the audit log as forced)")
	container := fs.Bool("container", false, "the container is the isolation: dangerous-command findings do not ask (deny and ask rules still apply)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	cFlag := false
	fs.Visit(func(f *flag.Flag) { cFlag = cFlag || f.Name == "c" })
	argv := fs.Args()
	if cFlag == (len(argv) > 0) || (cFlag && *script == "") {
		fs.Usage()
		return exitUsage
	}
	command := *script
	if !cFlag {
		var err error
		if command, err = shellJoin(argv); err != nil {
			return fail(env, "%v", err)
		}
	}
	cwd, err := ef.DefaultCwd()
	if err != nil {
		return fail(env, "%v", err)
	}
	st, err := ef.Load(env.getenv, cwd, "")
	if err != nil {
		return fail(env, "%s", oneLine(err))
	}
	req := api.Request{
		ToolName:  "Bash",
		ToolInput: map[string]any{"command": command},
		Cwd:       cwd,
		SessionID: runSession(env),
	}

	if *force {
		if err := recordForced(ctx, env, &ef, st, req); err != nil {
			return fail(env, "--force: %s (the command did not run)", oneLine(err))
		}
		fmt.Fprintln(env.stderr, "warden: --force: checks skipped; recorded in the audit log")
		return execute(env, cwd, runArgv(command, argv, cFlag))
	}

	term := &prompt.Terminal{
		TTYPath: env.getenv("WARDEN_TTY"),
		Timeout: time.Duration(st.Approvals.TimeoutSeconds) * time.Second,
		Getenv:  env.getenv,
		// The approved command prints its output before the next prompt
		// queued on this terminal draws.
		HoldTurn: true,
	}
	defer term.ReleaseTurn()
	var promptShown atomic.Bool
	term.OnShown = func() { promptShown.Store(true) }
	noTTY := term.Available() != nil
	machine := *asJSON || *gateway || noTTY

	// An ask goes to the PermissionRequest hooks, the classifier and the
	// person at the terminal, racing. Without a terminal (or with --json or
	// --gateway) nobody is asked: the PermissionRequest hooks may still
	// decide, and what they leave undecided is blocked and reported as JSON
	// (approval_required with --gateway). No classifier stands in for the
	// person there: only auto mode hands asks to the classifier (the
	// engine's headless handler).
	dec, err := newDeciders(env, st, nil)
	if err != nil {
		return fail(env, "%s", oneLine(err))
	}
	var unasked *handler.Ask
	var h handler.Handler
	if machine {
		why := "no terminal to ask a person"
		if !noTTY {
			why = "not asking a person (--json or --gateway)"
		}
		h = handler.NewCoordinator(handler.CoordinatorConfig{
			Prompter: handler.PrompterFunc(func(_ context.Context, p *handler.Prompt) (handler.Answer, error) {
				unasked = p.Ask
				return handler.Answer{Behavior: api.Deny, Scope: api.ScopeOnce}, fmt.Errorf("%s (%w)", why, handler.ErrNobodyToAsk)
			}),
			Hooks:   dec.Hooks,
			Timeout: dec.Timeout,
		})
	} else {
		ih, err := handler.NewInteractive(handler.InteractiveConfig{
			Prompter:   term,
			Hooks:      dec.Hooks,
			Classifier: dec.Classifier,
			Explain:    dec.Explain,
			Timeout:    dec.Timeout,
		})
		if err != nil {
			return fail(env, "%v", err)
		}
		h = ih
	}
	idle := time.Duration(st.Grants.SessionIdleMinutes) * time.Minute
	var store grant.Store = grant.NewFileStore(grant.DefaultDir(env.getenv), idle, nil)
	if *container || st.Environment == "container" {
		store = containerGrants{Store: store, categories: findingCategories(command, cwd, env.getenv("HOME"))}
	}
	engines, err := newEngineSet(env, &ef, warden.WithHandler(h), warden.WithGrants(store), warden.WithFrontEnd("run"))
	if err != nil {
		return fail(env, "%v", err)
	}
	e, err := engines.forCwd(cwd)
	if err != nil {
		return fail(env, "%s", oneLine(err))
	}
	d, err := e.Decide(ctx, req)
	if err != nil {
		return fail(env, "%s", oneLine(err))
	}
	if d.Behavior == api.Allow {
		if updated, ok := d.UpdatedInput["command"].(string); ok && updated != command {
			fmt.Fprintf(env.stderr, "warden: running the command as rewritten by %s\n", who(d.Reason))
			return execute(env, cwd, []string{"bash", "-c", updated})
		}
		return execute(env, cwd, runArgv(command, argv, cFlag))
	}

	if !machine {
		if promptShown.Load() && (d.Reason.Type == api.ReasonUser || d.Reason.Type == api.ReasonTimeout) {
			// The prompt has already left its one summary line.
			return exitBlocked
		}
		fmt.Fprintf(env.stderr, "warden: denied: %s\n", oneLineText(d.Reason.Message))
		fmt.Fprintf(env.stderr, "warden: decided by %s\n", who(d.Reason))
		for _, f := range d.Findings {
			fmt.Fprintf(env.stderr, "warden:   %s %s: %s\n", f.Risk, f.Category, oneLineText(f.Description))
		}
		return exitBlocked
	}
	res := runResult{
		Status: "blocked", ExitCode: -1, Command: command, DecisionID: d.ID,
		Reason: d.Reason, Risk: d.Risk, Findings: d.Findings, Suggestions: d.Suggestions,
	}
	if res.Findings == nil {
		res.Findings = []api.Finding{}
	}
	if unasked != nil {
		res.Reason = unasked.Decision.Reason
		res.Suggestions = unasked.Suggestions
		res.Error = "command needs approval: " + unasked.Decision.Reason.Message
		if *gateway {
			res.Status = "approval_required"
			res.Error += "; ask the person, then run it again with --force if they approve"
		} else if noTTY && !*asJSON {
			res.Error += " (no terminal to ask a person)"
		}
	} else {
		res.Error = "command denied by " + who(d.Reason) + ": " + d.Reason.Message
	}
	res.Description = describe(res.Findings, res.Reason)
	out := json.NewEncoder(env.stdout)
	out.SetEscapeHTML(false)
	if err := out.Encode(res); err != nil {
		return fail(env, "%v", err)
	}
	return exitBlocked
}

// runArgv is what runs: bash -c STRING, or the given argv itself.
func runArgv(command string, argv []string, cFlag bool) []string {
	if cFlag {
		return []string{"bash", "-c", command}
	}
	return argv
}

// shellJoin quotes argv into the one command line that is analysed, so
// "warden run -- rm -rf /" is judged as the shell would see it.
func shellJoin(argv []string) (string, error) {
	parts := make([]string, len(argv))
	for i, a := range argv {
		q, err := syntax.Quote(a, syntax.LangBash)
		if err != nil {
			return "", fmt.Errorf("argument %d cannot be quoted for the shell: %w", i+1, err)
		}
		parts[i] = q
	}
	return strings.Join(parts, " "), nil
}

// runSession names the session approvals with scope "session" belong to:
// $WARDEN_SESSION_ID, or else the shell warden run was started from.
func runSession(env *cliEnv) string {
	if s := env.getenv("WARDEN_SESSION_ID"); s != "" {
		return s
	}
	return "run-" + strconv.Itoa(os.Getppid())
}

// who names the decider of a reason for a person.
func who(r api.Reason) string {
	switch {
	case r.Rule != "":
		s := "rule " + r.Rule
		if r.Source != "" {
			s += " (" + r.Source
			if r.File != "" {
				s += ", " + r.File
				if r.Line > 0 {
					s += ":" + strconv.Itoa(r.Line)
				}
			}
			s += ")"
		}
		return s
	case r.Hook != "":
		return "hook " + r.Hook
	case r.Person != "":
		return "person " + r.Person
	case r.Classifier != "":
		return "classifier " + r.Classifier
	case r.Leader != "":
		return "leader " + r.Leader
	case r.Mode != "":
		return "mode " + string(r.Mode)
	}
	return string(r.Type)
}

// describe says what is dangerous about a command, or else why it stopped.
func describe(fs []api.Finding, r api.Reason) string {
	if len(fs) == 0 {
		return r.Message
	}
	ds := make([]string, 0, len(fs))
	for _, f := range fs {
		ds = append(ds, f.Description)
	}
	return strings.Join(ds, "; ")
}

// oneLineText flattens text for one line of a terminal.
func oneLineText(s string) string {
	return strings.Join(strings.Fields(strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)), " ")
}

// recordForced writes the audit record of a run that skipped the checks.
func recordForced(ctx context.Context, env *cliEnv, ef *engineFlags, st *settings.Settings, req api.Request) error {
	if ef.NoAudit || st.Audit.Disabled {
		return nil
	}
	sink, err := openAudit(env, st)
	if err != nil {
		return err
	}
	person := env.getenv("USER")
	d := api.Decision{
		Behavior: api.Allow,
		Reason:   api.Reason{Type: api.ReasonUser, Person: person, Message: "forced with warden run --force: the checks were skipped"},
		Warnings: []string{"forced: checks skipped"},
		Time:     time.Now(),
	}
	rec := audit.NewRecord(req, d)
	rec.Via = "run --force"
	return sink.Write(ctx, rec)
}

// containerGrants lets the findings of this command through, as session
// grants of their categories: in a container the container is the
// isolation, so dangers no longer ask, while deny and ask rules, and every
// other step of the pipeline, still apply.
type containerGrants struct {
	grant.Store
	categories []string
}

var _ grant.Store = containerGrants{}

// List returns the session's grants plus one category grant per finding.
func (c containerGrants) List(ctx context.Context, session string) ([]grant.Grant, error) {
	gs, err := c.Store.List(ctx, session)
	if err != nil {
		return nil, err
	}
	for _, cat := range c.categories {
		gs = append(gs, grant.Grant{ID: "container-" + cat, Scope: api.ScopeSession, Session: session,
			Category: cat, Person: "container environment"})
	}
	return gs, nil
}

// findingCategories lists the danger categories the analyzer finds in
// command.
func findingCategories(command, cwd, home string) []string {
	an := shell.Analyze(command, shell.Options{Cwd: cwd, Home: home})
	seen := map[string]bool{}
	var out []string
	for _, f := range an.Findings {
		if !seen[f.Category] {
			seen[f.Category] = true
			out = append(out, f.Category)
		}
	}
	return out
}

// execute runs argv in dir with the process's standard streams, forwards
// the signals warden receives to it, and returns its exit code (128+N when
// a signal N ended it, 127 when it could not be started).
func execute(env *cliEnv, dir string, argv []string) int {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Stdin, cmd.Stdout, cmd.Stderr = env.stdin, env.stdout, env.stderr
	sigs := make(chan os.Signal, 8)
	signal.Notify(sigs, forwardedSignals...)
	defer signal.Stop(sigs)
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(env.stderr, "warden: %s\n", oneLine(err))
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
			return 127
		}
		return exitBlocked
	}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case s := <-sigs:
				if !deliveredByTerminal(s) {
					cmd.Process.Signal(s)
				}
			case <-done:
				return
			}
		}
	}()
	err := cmd.Wait()
	close(done)
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ee.ExitCode()
	}
	fmt.Fprintf(env.stderr, "warden: %s\n", oneLine(err))
	return exitError
}
