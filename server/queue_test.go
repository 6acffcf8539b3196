package server

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
)

func newRecorder() *httptest.ResponseRecorder { return httptest.NewRecorder() }

func promptFor(req api.Request) *handler.Prompt {
	return &handler.Prompt{Ask: &handler.Ask{Request: req, Decision: api.Decision{Behavior: api.Ask}}}
}

type promptResult struct {
	a   handler.Answer
	err error
}

func startPrompt(q *Queue, ctx context.Context, p *handler.Prompt) <-chan promptResult {
	ch := make(chan promptResult, 1)
	go func() {
		a, err := q.Prompt(ctx, p)
		ch <- promptResult{a, err}
	}()
	return ch
}

func TestQueueAnswer(t *testing.T) {
	clock := newFakeClock()
	q := NewQueue(QueueOptions{Clock: clock})
	sub := q.subscribe()
	prompt := promptFor(bashRequest)
	prompt.Ask.Suggestions = []string{"Bash(rm -rf build)"}
	prompt.Ask.Scopes = []api.Scope{api.ScopeOnce, api.ScopeAlways}
	res := startPrompt(q, context.Background(), prompt)
	e := <-sub.ch
	p := decode[PendingAsk](t, e.Data)
	want := handler.Answer{Behavior: api.Allow, Scope: api.ScopeAlways, Person: "ana", Rule: "Bash(rm -rf build)"}
	if err := q.Answer(p.ID, want); err != nil {
		t.Fatal(err)
	}
	got := <-res
	if got.err != nil {
		t.Fatal(got.err)
	}
	if diff := cmp.Diff(want, got.a); diff != "" {
		t.Errorf("answer (-want +got):\n%s", diff)
	}
}

func TestQueueRefusesBadAnswers(t *testing.T) {
	q := NewQueue(QueueOptions{Clock: newFakeClock()})
	sub := q.subscribe()
	res := startPrompt(q, context.Background(), promptFor(bashRequest))
	p := decode[PendingAsk](t, (<-sub.ch).Data)
	for _, a := range []handler.Answer{{Behavior: api.Ask}, {Behavior: ""}, {Behavior: "yes"}, {Behavior: api.Allow, Scope: "forever"}} {
		if err := q.Answer(p.ID, a); err == nil {
			t.Errorf("Answer(%+v) succeeded", a)
		}
	}
	if err := q.Answer("ask-nope", handler.Answer{Behavior: api.Deny}); !errors.Is(err, ErrNotPending) {
		t.Errorf("unknown id: %v, want ErrNotPending", err)
	}
	// Empty scope means once.
	if err := q.Answer(p.ID, handler.Answer{Behavior: api.Deny, Person: "ana"}); err != nil {
		t.Fatal(err)
	}
	if got := <-res; got.a.Scope != api.ScopeOnce {
		t.Errorf("scope %q, want once", got.a.Scope)
	}
}

// TestQueueAnswerPolicy checks that an answer approves no more than the
// call asked about: a rule must be one the ask suggested, and a HIGH-risk
// ask is never approved for always.
func TestQueueAnswerPolicy(t *testing.T) {
	low := api.Decision{Behavior: api.Ask, Reason: api.Reason{Type: api.ReasonDefault}}
	high := api.Decision{Behavior: api.Ask, Risk: api.RiskHigh,
		Findings: []api.Finding{{Category: "recursive-delete", Risk: api.RiskHigh}}}
	highCategory := api.Decision{Behavior: api.Ask,
		Findings: []api.Finding{{Category: "recursive-delete"}}}
	tests := []struct {
		name        string
		decision    api.Decision
		suggestions []string
		answer      handler.Answer
		want        error
	}{
		{"suggested rule", low, []string{"Bash(npm test)"}, handler.Answer{Behavior: api.Allow, Scope: api.ScopeAlways, Rule: "Bash(npm test)"}, nil},
		{"first suggestion by default", low, []string{"Bash(npm test)"}, handler.Answer{Behavior: api.Allow, Scope: api.ScopeAlways}, nil},
		{"a wider rule", low, []string{"Bash(npm test)"}, handler.Answer{Behavior: api.Allow, Scope: api.ScopeAlways, Rule: "Bash"}, ErrRuleNotOffered},
		{"a wider rule for the session", low, []string{"Bash(npm test)"}, handler.Answer{Behavior: api.Allow, Scope: api.ScopeSession, Rule: "Bash(npm:*)"}, ErrRuleNotOffered},
		{"a wider rule once", low, []string{"Bash(npm test)"}, handler.Answer{Behavior: api.Allow, Rule: "Bash"}, ErrRuleNotOffered},
		{"a rule where none is offered", high, nil, handler.Answer{Behavior: api.Allow, Scope: api.ScopeSession, Rule: "Bash(rm:*)"}, ErrRuleNotOffered},
		{"high risk always", high, []string{"Bash(rm -rf build)"}, handler.Answer{Behavior: api.Allow, Scope: api.ScopeAlways}, ErrAlwaysRefused},
		{"high category always", highCategory, []string{"Bash(rm -rf build)"}, handler.Answer{Behavior: api.Allow, Scope: api.ScopeAlways}, ErrAlwaysRefused},
		{"high risk for the session", high, []string{"Bash(rm -rf build)"}, handler.Answer{Behavior: api.Allow, Scope: api.ScopeSession}, nil},
		{"high risk once", high, nil, handler.Answer{Behavior: api.Allow}, nil},
		{"deny with any rule", low, nil, handler.Answer{Behavior: api.Deny, Rule: "Bash"}, nil},
		{"a scope not offered", low, nil, handler.Answer{Behavior: api.Allow, Scope: api.ScopeSession}, ErrScopeNotOffered},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := NewQueue(QueueOptions{Clock: newFakeClock()})
			sub := q.subscribe()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			d := tt.decision
			d.Suggestions = tt.suggestions
			res := startPrompt(q, ctx, &handler.Prompt{Ask: &handler.Ask{Request: bashRequest, Decision: tt.decision, Suggestions: tt.suggestions, Scopes: testScopes(d)}})
			p := decode[PendingAsk](t, (<-sub.ch).Data)
			err := q.Answer(p.ID, tt.answer)
			if !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
				t.Fatalf("Answer: %v, want %v", err, tt.want)
			}
			if err != nil {
				if q.Len() != 1 {
					t.Error("a refused answer took the ask off the queue")
				}
				cancel()
			}
			<-res
		})
	}
}

func TestQueueWithdrawsWhenTheCallerGivesUp(t *testing.T) {
	q := NewQueue(QueueOptions{Clock: newFakeClock()})
	sub := q.subscribe()
	ctx, cancel := context.WithCancel(context.Background())
	res := startPrompt(q, ctx, promptFor(bashRequest))
	p := decode[PendingAsk](t, (<-sub.ch).Data)
	cancel()
	if got := <-res; !errors.Is(got.err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", got.err)
	}
	e := <-sub.ch
	r := decode[ResolvedAsk](t, e.Data)
	if diff := cmp.Diff([]any{EventResolved, p.ID, "withdrawn", api.Behavior("")}, []any{e.Name, r.ID, r.By, r.Behavior}); diff != "" {
		t.Errorf("resolved (-want +got):\n%s", diff)
	}
	if q.Len() != 0 {
		t.Errorf("still pending")
	}
}

func TestQueueDeadline(t *testing.T) {
	clock := newFakeClock()
	q := NewQueue(QueueOptions{Clock: clock, Timeout: time.Hour})
	sub := q.subscribe()
	p := promptFor(bashRequest)
	p.Deadline = clock.Now().Add(30 * time.Second) // the prompt's own deadline wins over the default
	res := startPrompt(q, context.Background(), p)
	pa := decode[PendingAsk](t, (<-sub.ch).Data)
	if diff := cmp.Diff([]any{p.Deadline, int64(30000)}, []any{pa.Deadline, pa.ExpiresInMS}); diff != "" {
		t.Errorf("deadline (-want +got):\n%s", diff)
	}
	clock.waitTimers(1)
	clock.advance(29 * time.Second)
	select {
	case got := <-res:
		t.Fatalf("prompt ended before its deadline: %+v", got)
	default:
	}
	clock.advance(time.Second)
	got := <-res
	if !errors.Is(got.err, ErrTimeout) || !errors.Is(got.err, context.DeadlineExceeded) {
		t.Errorf("error %v, want ErrTimeout wrapping DeadlineExceeded", got.err)
	}
	if got.a.Behavior == api.Allow {
		t.Error("a timeout allowed")
	}
}

func TestQueueFollowsTheExplanation(t *testing.T) {
	q := NewQueue(QueueOptions{Clock: newFakeClock()})
	sub := q.subscribe()
	explain := make(chan api.Explanation, 1)
	p := promptFor(bashRequest)
	p.Ask.Explanation = explain
	res := startPrompt(q, context.Background(), p)
	first := decode[PendingAsk](t, (<-sub.ch).Data)
	if first.Explanation != nil || first.Risk != api.RiskNone {
		t.Fatalf("explanation before it arrived: %+v", first)
	}
	x := api.Explanation{Explanation: "deletes build/", Reasoning: "clean rebuild", Risk: "loses artefacts", RiskLevel: api.RiskMedium, Source: "model:test"}
	explain <- x
	close(explain)
	e := <-sub.ch
	updated := decode[PendingAsk](t, e.Data)
	if diff := cmp.Diff([]any{EventPending, first.ID, &x, api.RiskMedium}, []any{e.Name, updated.ID, updated.Explanation, updated.Risk}); diff != "" {
		t.Errorf("update (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(&x, q.Pending()[0].Explanation); diff != "" {
		t.Errorf("Pending() explanation (-want +got):\n%s", diff)
	}
	if err := q.Answer(first.ID, handler.Answer{Behavior: api.Deny}); err != nil {
		t.Fatal(err)
	}
	<-res
}

func TestQueueRecentIsBounded(t *testing.T) {
	q := NewQueue(QueueOptions{Clock: newFakeClock()})
	for i := range recentLimit + 5 {
		q.Record("", api.Request{ToolName: "Read", ToolInput: map[string]any{"file_path": string(rune('a' + i%26))}}, api.Decision{ID: newID("d"), Behavior: api.Allow})
	}
	if got := len(q.Recent()); got != recentLimit {
		t.Errorf("%d recent, want %d", got, recentLimit)
	}
}

func TestQueuePromptWithoutAsk(t *testing.T) {
	q := NewQueue(QueueOptions{})
	if _, err := q.Prompt(context.Background(), &handler.Prompt{}); err == nil {
		t.Error("a prompt without an ask was accepted")
	}
}
