package hookconf

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/wardenhq/warden/agent"
)

// TimeoutMargin is how much longer, in seconds, than Warden's approval
// timeout an agent waits for the hook: time to start, decide and answer.
const TimeoutMargin = 30

// RanTimeout is the timeout in seconds of a hook that records that a call
// ran: it appends one line to the audit log, and never blocks.
const RanTimeout = 10

// Setup is what `warden init AGENT` gives the agent's install: where to
// say what it did, the environment, and the front end's own checks of the
// hook command.
type Setup struct {
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	// Command returns the command line of the hook, checked: the
	// command the person gave, or this program's lasting absolute path
	// followed by hookArgs ("hook --agent codex").
	Command func(hookArgs string) (string, error)
	// ApprovalTimeout is the approval timeout in seconds of the Warden
	// settings of the project in dir.
	ApprovalTimeout func(dir string) int
	// SkipCheck skips proving that the hook answers (a binary that is not
	// there yet).
	SkipCheck bool
}

// HookTimeout is the timeout in seconds of a deciding hook in the project
// dir: flag when it is set, else the approval timeout plus TimeoutMargin.
func (s *Setup) HookTimeout(flag int, dir string) int {
	if flag > 0 {
		return flag
	}
	return s.ApprovalTimeout(dir) + TimeoutMargin
}

// Prove runs the hook command once with ad's harmless and broken payloads
// in dir and fails unless it answers as the agent needs.
func (s *Setup) Prove(ctx context.Context, ad agent.Adapter, cmd, dir string) error {
	if s.SkipCheck {
		return nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	took, err := Probe(ctx, ad, cmd, abs)
	if err != nil {
		return fmt.Errorf("%w (nothing written)", err)
	}
	fmt.Fprintf(s.Stdout, "checked: %s answers a %s call in %s\n", cmd, ad.Name(), took.Round(time.Millisecond))
	return nil
}

// ProveHTTP POSTs ad's harmless payload to the daemon at u with the agent
// token of $WARDEN_TOKEN and fails unless it answers as the agent needs.
func (s *Setup) ProveHTTP(ctx context.Context, ad agent.Adapter, u, dir string) error {
	if s.SkipCheck {
		return nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	tok := s.Getenv("WARDEN_TOKEN")
	if tok == "" {
		return fmt.Errorf("WARDEN_TOKEN is not set: the agent sends it to the daemon (set it to the agent token warden serve printed, here and where the agent runs)")
	}
	took, err := ProbeHTTP(ctx, ad, u, tok, abs)
	if err != nil {
		return fmt.Errorf("%w (nothing written)", err)
	}
	fmt.Fprintf(s.Stdout, "checked: %s answers a %s call in %s\n", u, ad.Name(), took.Round(time.Millisecond))
	return nil
}

// Checkup is what `warden doctor` gives each agent's checks: the project,
// the home directory and the environment, and the report they write to.
// A check that finds a hook that will not run, or a switch that turns it
// off, reports a problem: the agent then runs every call unguarded.
type Checkup struct {
	W      io.Writer
	Getenv func(string) string
	// Home is the home directory; Dir the directory examined; Root its
	// project's root (the work tree's, in a git repository).
	Home, Dir, Root string
	// Approval is Warden's approval timeout in seconds: a deciding hook's
	// timeout must be above it.
	Approval int

	problems int
	guarded  []string
}

// Section starts a section of the report.
func (c *Checkup) Section(title string) { fmt.Fprintf(c.W, "\n%s\n", title) }

// OK reports what is as it should be.
func (c *Checkup) OK(format string, a ...any) { fmt.Fprintf(c.W, "  ok       "+format+"\n", a...) }

// Info reports a fact.
func (c *Checkup) Info(format string, a ...any) { fmt.Fprintf(c.W, "  -        "+format+"\n", a...) }

// Problem reports what lets an agent's calls run without Warden.
func (c *Checkup) Problem(format string, a ...any) {
	c.problems++
	fmt.Fprintf(c.W, "  PROBLEM  "+format+"\n", a...)
}

// Guarded records that Warden guards the agent named title here.
func (c *Checkup) Guarded(title string) { c.guarded = append(c.guarded, title) }

// Problems is the number of problems reported.
func (c *Checkup) Problems() int { return c.problems }

// Guards lists the agents Warden guards here, in the order checked.
func (c *Checkup) Guards() []string { return c.guarded }

// Runs reports whether a hook command answers as ad's agent needs, and
// says so.
func (c *Checkup) Runs(ctx context.Context, ad agent.Adapter, cmd string) bool {
	took, err := Probe(ctx, ad, cmd, c.Dir)
	if err != nil {
		c.Problem("%s", err)
		return false
	}
	c.OK("it runs: answered in %s", took.Round(time.Millisecond))
	return true
}

// Answers reports whether a daemon's hook URL answers as ad's agent
// needs, with the agent token of $WARDEN_TOKEN, and says so.
func (c *Checkup) Answers(ctx context.Context, ad agent.Adapter, u string) bool {
	tok := c.Getenv("WARDEN_TOKEN")
	if tok == "" {
		c.Problem("WARDEN_TOKEN is not set here: the agent sends an empty token and the daemon refuses the call")
		return false
	}
	took, err := ProbeHTTP(ctx, ad, u, tok, c.Dir)
	if err != nil {
		c.Problem("%s", err)
		return false
	}
	c.OK("it answers: in %s", took.Round(time.Millisecond))
	return true
}
