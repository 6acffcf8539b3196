package prompt

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/charmbracelet/x/term"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
	tea "github.com/wardenhq/warden/internal/tui"
)

// The defaults of a zero Terminal.
const (
	DefaultTTYPath        = "/dev/tty"
	DefaultTimeout        = 60 * time.Second
	DefaultClarifyTimeout = 120 * time.Second
	DefaultGrace          = 200 * time.Millisecond
)

// ErrTimeout is returned, together with a deny answer, when nobody answered
// a prompt before its deadline. It wraps context.DeadlineExceeded, so a
// handler that checks for that records the decision as a timeout.
var ErrTimeout error = timeoutError{}

// timeoutError is ErrTimeout: a value, not fmt.Errorf's, so that no
// warden process formats it at start-up.
type timeoutError struct{}

func (timeoutError) Error() string {
	return "prompt: no answer before the deadline: " + context.DeadlineExceeded.Error()
}

func (timeoutError) Unwrap() error { return context.DeadlineExceeded }

// ErrInterrupted is returned, with a deny answer, when a signal ended the
// prompt.
var ErrInterrupted = errors.New("prompt: interrupted by a signal")

// Terminal is the Prompter for a person at the terminal Warden runs in. Its
// zero value is ready to use; every field is an optional override.
type Terminal struct {
	// TTYPath is the terminal to open; empty means /dev/tty, the process's
	// controlling terminal.
	TTYPath string
	// Timeout bounds a prompt that carries no deadline; zero means 60 s.
	Timeout time.Duration
	// ClarifyTimeout bounds a clarifying question; zero means 120 s.
	ClarifyTimeout time.Duration
	// Grace is how long after a prompt appears keys are ignored; zero means
	// 200 ms, a negative value turns it off.
	Grace time.Duration
	// LockDir holds the queues that serialise prompts across processes, one
	// subdirectory per terminal. Empty means $XDG_RUNTIME_DIR/warden/prompts,
	// or warden-UID/prompts in the system temporary directory.
	LockDir string
	// Getenv reads NO_COLOR, USER and XDG_RUNTIME_DIR; nil means os.Getenv.
	Getenv func(string) string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Person names whoever answers; empty means $USER, or "terminal".
	Person string
	// OnSignal is called, once the terminal is restored, when an interrupt,
	// SIGTERM or SIGHUP ends a prompt (the agent killed warden, the terminal
	// hung up). Nil means the signal is delivered again with its default
	// action, so the process ends as it was told to; Prompt returns
	// ErrInterrupted when OnSignal returns.
	OnSignal func(os.Signal)
	// OnShown, when set, is called each time a prompt is drawn (after it
	// waited its turn), so a caller knows the person saw it.
	OnShown func()
	// HoldTurn keeps the terminal after an allowing answer until
	// ReleaseTurn, so that the command run on the answer prints its output
	// before the next queued prompt draws below it.
	HoldTurn bool
	// Stderr is where a queued prompt says whom it waits for; nil means
	// os.Stderr. Nothing is written there when it is the prompt's own
	// terminal: the line would draw over the prompt or program in front.
	Stderr *os.File

	mu   sync.Mutex
	held func()

	// shown and ignored, when set (by tests), are called once the prompt is
	// drawn and for each key dropped in the grace period.
	shown   func()
	ignored func()
	// waitingFor, when set (by tests), is told what a queued prompt waits
	// for, and "" when the wait is over.
	waitingFor func(string)
}

// ReleaseTurn gives up the terminal kept by HoldTurn; without one it does
// nothing.
func (t *Terminal) ReleaseTurn() {
	t.mu.Lock()
	release := t.held
	t.held = nil
	t.mu.Unlock()
	if release != nil {
		release()
	}
}

var _ handler.Prompter = (*Terminal)(nil)

func (t *Terminal) ttyPath() string {
	if t.TTYPath != "" {
		return t.TTYPath
	}
	return DefaultTTYPath
}

func (t *Terminal) getenv(k string) string {
	if t.Getenv != nil {
		return t.Getenv(k)
	}
	return os.Getenv(k)
}

func (t *Terminal) now() time.Time {
	if t.Now != nil {
		return t.Now()
	}
	return time.Now()
}

func (t *Terminal) grace() time.Duration {
	switch {
	case t.Grace < 0:
		return 0
	case t.Grace == 0:
		return DefaultGrace
	}
	return t.Grace
}

func (t *Terminal) person() string {
	if t.Person != "" {
		return t.Person
	}
	if u := t.getenv("USER"); u != "" {
		return u
	}
	return "terminal"
}

func (t *Terminal) lockDir() string {
	if t.LockDir != "" {
		return t.LockDir
	}
	if d := t.getenv("XDG_RUNTIME_DIR"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "warden", "prompts")
	}
	return filepath.Join(os.TempDir(), "warden-"+strconv.Itoa(os.Getuid()), "prompts")
}

// Available reports whether the terminal can be opened for a prompt; the
// error says why not.
func (t *Terminal) Available() error {
	f, err := t.open()
	if err != nil {
		return err
	}
	return f.Close()
}

func (t *Terminal) open() (*os.File, error) {
	f, err := os.OpenFile(t.ttyPath(), os.O_RDWR, 0)
	if err != nil {
		return nil, fmt.Errorf("prompt: opening the terminal: %w", err)
	}
	if !term.IsTerminal(f.Fd()) {
		f.Close()
		return nil, fmt.Errorf("prompt: %s is not a terminal", t.ttyPath())
	}
	return f, nil
}

// turn waits for this terminal to be free, first come, first served,
// within the process and across processes, and for its foreground process
// group to be this process's. The returned function frees it.
func (t *Terminal) turn(ctx context.Context, tty *os.File) (release func(), err error) {
	t.mu.Lock()
	held := t.held
	t.held = nil
	t.mu.Unlock()
	if held != nil {
		return held, nil
	}
	key := terminalKey(t.ttyPath())
	q := terminalFIFO(key)
	if err := q.acquire(ctx); err != nil {
		return nil, err
	}
	done, err := takeTicket(ctx, filepath.Join(t.lockDir(), key), tty, t.waitLine(tty))
	if err != nil {
		q.release()
		return nil, err
	}
	return func() { done(); q.release() }, nil
}

// waitLine returns what tells the person whom a queued prompt waits for:
// one line on stderr, unless stderr is the prompt's terminal, where it
// would draw over the output of whoever holds it. On another terminal the
// line is cleared when the wait ends.
func (t *Terminal) waitLine(tty *os.File) func(string) {
	w := t.Stderr
	if w == nil {
		w = os.Stderr
	}
	quiet := sameTerminal(w, tty)
	onTTY := term.IsTerminal(w.Fd())
	return func(why string) {
		if t.waitingFor != nil {
			t.waitingFor(why)
		}
		if quiet {
			return
		}
		switch {
		case why == "" && onTTY:
			fmt.Fprint(w, "\r\x1b[K")
		case why == "":
		case onTTY:
			fmt.Fprintf(w, "\r\x1b[Kwarden: waiting for %s", why)
		default:
			fmt.Fprintf(w, "warden: waiting for %s\n", why)
		}
	}
}

// Prompt shows p on the terminal and waits for the person's answer, the
// deadline (a deny answer with ErrTimeout) or the end of ctx (ctx.Err(),
// with the terminal restored). It waits its turn behind earlier prompts on
// the same terminal.
func (t *Terminal) Prompt(ctx context.Context, p *handler.Prompt) (handler.Answer, error) {
	deny := handler.Answer{Behavior: api.Deny, Scope: api.ScopeOnce}
	if p == nil || p.Ask == nil {
		return deny, errors.New("prompt: no ask to show")
	}
	deadline := p.Deadline
	if deadline.IsZero() {
		timeout := t.Timeout
		if timeout <= 0 {
			timeout = DefaultTimeout
		}
		deadline = t.now().Add(timeout)
	}
	m := newApprovalModel(t, p, deadline)
	res, err := t.run(ctx, deadline, m)
	if err != nil {
		if errors.Is(err, ErrTimeout) {
			deny.Message = "no answer before the deadline"
		}
		return deny, err
	}
	a := res.(*approvalModel).answer
	a.Person = t.person()
	return a, nil
}

// outcome is how a model ended.
type outcome int

const (
	pending outcome = iota
	answered
	timedOut
	cancelled
)

// finisher is a model that ends with an outcome.
type finisher interface {
	tea.Model
	outcome() outcome
	setRenderer(th theme)
}

// cancelMsg tells a model that ctx ended, or that sig ended the prompt.
type cancelMsg struct {
	sig os.Signal
	// noAnswer is set when the handler withdrew the prompt because its
	// time ran out (handler.ErrNoAnswer).
	noAnswer bool
}

// run waits for the terminal's turn and runs the model on it.
func (t *Terminal) run(ctx context.Context, deadline time.Time, m finisher) (tea.Model, error) {
	tty, err := t.open()
	if err != nil {
		return nil, err
	}
	defer tty.Close()

	wctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	release, err := t.turn(wctx, tty)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if wctx.Err() != nil {
			return nil, ErrTimeout
		}
		return nil, err
	}
	kept := false
	defer func() {
		if !kept {
			release()
		}
	}()
	if ctx.Err() != nil {
		// Another decider won while this prompt waited its turn: draw nothing.
		return nil, ctx.Err()
	}

	prog := tea.NewProgram(m,
		tea.WithInput(tty),
		tea.WithOutput(tty),
		tea.WithoutSignalHandler(),
	)
	m.setRenderer(t.renderer(tty))
	// A signal while the prompt is up ends it like a cancellation, so the
	// program restores the terminal; only then is the signal acted on.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, promptSignals...)
	stop := make(chan struct{})
	var got os.Signal
	var gotMu sync.Mutex
	go func() {
		select {
		case <-ctx.Done():
			prog.Send(cancelMsg{noAnswer: errors.Is(context.Cause(ctx), handler.ErrNoAnswer)})
		case sig := <-sigs:
			gotMu.Lock()
			got = sig
			gotMu.Unlock()
			prog.Send(cancelMsg{sig: sig})
		case <-stop:
		}
	}()
	final, err := prog.Run()
	close(stop)
	signal.Stop(sigs)
	gotMu.Lock()
	sig := got
	gotMu.Unlock()
	if sig != nil {
		if t.OnSignal != nil {
			t.OnSignal(sig)
		} else {
			reraise(sig)
		}
		return nil, ErrInterrupted
	}
	if err != nil {
		return nil, fmt.Errorf("prompt: terminal: %w", err)
	}
	fm, ok := final.(finisher)
	if !ok {
		return nil, errors.New("prompt: terminal: unexpected model")
	}
	switch fm.outcome() {
	case answered:
		if a, ok := fm.(*approvalModel); ok && t.HoldTurn && a.answer.Behavior == api.Allow {
			t.ReleaseTurn()
			t.mu.Lock()
			t.held, kept = release, true
			t.mu.Unlock()
		}
		return fm, nil
	case timedOut:
		return nil, ErrTimeout
	case cancelled:
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, context.Canceled
	}
	return nil, errors.New("prompt: terminal closed without an answer")
}
