package handler_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func bashAsk(cmd string, findings ...api.Finding) *handler.Ask {
	return &handler.Ask{
		Request: api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": cmd}, Cwd: "/repo", SessionID: "s1"},
		Decision: api.Decision{
			ID: "d1", Behavior: api.Ask, Findings: findings, Risk: api.MaxRisk(findings),
			Reason: api.Reason{Type: api.ReasonDefault, Message: "no rule allows it"},
		},
		Suggestions: []string{"Bash(" + cmd + ")"},
	}
}

func editAsk() *handler.Ask {
	a := bashAsk("x")
	a.Request.ToolName = "Edit"
	a.Request.ToolInput = map[string]any{"file_path": "/repo/a.go"}
	return a
}

var highFinding = api.Finding{Category: "recursive-delete", Description: "deletes the home directory", Part: "rm -rf ~", Risk: api.RiskHigh}

// verdicts.
func allowBy(name string) handler.Verdict {
	return handler.Verdict{Behavior: api.Allow, Reason: api.Reason{Type: api.ReasonClassifier, Classifier: name, Message: "safe"}}
}

func denyByHook(name string) handler.Verdict {
	return handler.Verdict{Behavior: api.Deny, Reason: api.Reason{Type: api.ReasonHook, Hook: name, Message: "blocked by policy"}}
}

func fixed(v handler.Verdict) handler.Decider {
	return handler.DeciderFunc(func(context.Context, *handler.Ask) (handler.Verdict, error) { return v, nil })
}

func failing(err error) handler.Decider {
	return handler.DeciderFunc(func(context.Context, *handler.Ask) (handler.Verdict, error) {
		return handler.Verdict{Reason: api.Reason{Type: api.ReasonClassifier, Classifier: "broken"}}, err
	})
}

var undecided = fixed(handler.Verdict{Reason: api.Reason{Type: api.ReasonClassifier, Classifier: "unsure", Message: "cannot tell"}})

// gate is a decider that blocks until released or cancelled, and reports
// both.
type gate struct {
	started   chan struct{}
	release   chan handler.Verdict
	cancelled chan struct{}
	once      sync.Once
	calls     int
	mu        sync.Mutex
}

func newGate() *gate {
	return &gate{started: make(chan struct{}), release: make(chan handler.Verdict, 1), cancelled: make(chan struct{})}
}

func (g *gate) Decide(ctx context.Context, _ *handler.Ask) (handler.Verdict, error) {
	g.mu.Lock()
	g.calls++
	g.mu.Unlock()
	g.once.Do(func() { close(g.started) })
	select {
	case v := <-g.release:
		return v, nil
	case <-ctx.Done():
		close(g.cancelled)
		return handler.Verdict{}, ctx.Err()
	}
}

func (g *gate) Calls() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.calls
}

// counting wraps a decider and counts its calls.
type counting struct {
	mu sync.Mutex
	n  int
	d  handler.Decider
}

func (c *counting) Decide(ctx context.Context, a *handler.Ask) (handler.Verdict, error) {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
	return c.d.Decide(ctx, a)
}

func (c *counting) Calls() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// waitingPrompter holds until cancelled and reports the cancellation.
func waitingPrompter(shown, cancelled chan struct{}) handler.Prompter {
	return handler.PrompterFunc(func(ctx context.Context, p *handler.Prompt) (handler.Answer, error) {
		if shown != nil {
			close(shown)
		}
		<-ctx.Done()
		close(cancelled)
		return handler.Answer{}, ctx.Err()
	})
}

// who summarises who decided a resolution.
type who struct {
	Behavior api.Behavior
	Type     api.ReasonType
	Name     string // person, hook, classifier or leader
	Scope    api.Scope
}

func whoDecided(res handler.Resolution) who {
	r := res.Decision.Reason
	name := r.Person + r.Hook + r.Classifier + r.Leader
	return who{res.Decision.Behavior, r.Type, name, res.Scope}
}

var errBoom = errors.New("boom")

func mustNoErr(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
