package handler_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
)

func newInteractive(t *testing.T, cfg handler.InteractiveConfig) *handler.Interactive {
	t.Helper()
	if cfg.Clock == nil {
		cfg.Clock = handler.NewFakeClock(t0)
	}
	h, err := handler.NewInteractive(cfg)
	mustNoErr(t, err)
	return h
}

func TestInteractivePersonBeforeClassifier(t *testing.T) {
	cls := newGate()
	p := handler.NewScriptedPrompter(handler.Step{Answer: handler.Answer{Behavior: api.Allow, Scope: api.ScopeSession, Person: "alice", Rule: "Bash(npm test *)"}})
	h := newInteractive(t, handler.InteractiveConfig{Prompter: p, Classifier: cls})
	res, err := h.Resolve(context.Background(), bashAsk("npm test"))
	mustNoErr(t, err)
	if diff := cmp.Diff(who{api.Allow, api.ReasonUser, "alice", api.ScopeSession}, whoDecided(res)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if res.Rule != "Bash(npm test *)" || res.Decision.Reason.Scope != api.ScopeSession {
		t.Errorf("rule %q, reason scope %q", res.Rule, res.Decision.Reason.Scope)
	}
	<-cls.cancelled // the losing classifier is cancelled
}

func TestInteractiveClassifierBeforePerson(t *testing.T) {
	shown, cancelled := make(chan struct{}), make(chan struct{})
	h := newInteractive(t, handler.InteractiveConfig{
		Prompter:   waitingPrompter(shown, cancelled),
		Classifier: fixed(allowBy("pattern")),
	})
	res, err := h.Resolve(context.Background(), bashAsk("go test ./..."))
	mustNoErr(t, err)
	if diff := cmp.Diff(who{api.Allow, api.ReasonClassifier, "pattern", api.ScopeOnce}, whoDecided(res)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	<-cancelled // the prompt is taken down
}

// keypress plays a person who presses a key `after` the prompt appeared and
// then waits, until released, before answering `answer` (or holds if
// answer is empty).
func keypress(clock *handler.FakeClock, after time.Duration, pressed chan struct{}, release chan struct{}, answer api.Behavior) handler.Prompter {
	return handler.PrompterFunc(func(ctx context.Context, p *handler.Prompt) (handler.Answer, error) {
		clock.Advance(after)
		p.OnInteract()
		close(pressed)
		if answer == "" {
			<-ctx.Done()
			return handler.Answer{}, ctx.Err()
		}
		select {
		case <-release:
		case <-ctx.Done():
			return handler.Answer{}, ctx.Err()
		}
		return handler.Answer{Behavior: answer, Person: "bob"}, nil
	})
}

func TestInteractiveKeypressInsideGrace(t *testing.T) {
	for _, grace := range []time.Duration{0, 500 * time.Millisecond} { // 0: the default 200 ms
		clock := handler.NewFakeClock(t0)
		pressed := make(chan struct{})
		cls := handler.DeciderFunc(func(ctx context.Context, _ *handler.Ask) (handler.Verdict, error) {
			<-pressed
			return allowBy("model"), nil
		})
		h := newInteractive(t, handler.InteractiveConfig{
			Prompter: keypress(clock, 150*time.Millisecond, pressed, nil, ""), Classifier: cls, Clock: clock, Grace: grace,
		})
		res, err := h.Resolve(context.Background(), bashAsk("make"))
		mustNoErr(t, err)
		if diff := cmp.Diff(who{api.Allow, api.ReasonClassifier, "model", api.ScopeOnce}, whoDecided(res)); diff != "" {
			t.Errorf("grace %v: a stray keypress cancelled the classifier's approval (-want +got):\n%s", grace, diff)
		}
	}
}

func TestInteractiveKeypressAfterGraceDiscardsAutomated(t *testing.T) {
	// Repeated: the handler sees the classifier's late allow and the
	// person's deny in either order; a handler that did not discard the
	// allow would fail some runs.
	for range 20 {
		clock := handler.NewFakeClock(t0)
		pressed, returned, cancelled := make(chan struct{}), make(chan struct{}), make(chan struct{})
		cls := handler.DeciderFunc(func(ctx context.Context, _ *handler.Ask) (handler.Verdict, error) {
			defer close(returned)
			<-pressed
			<-ctx.Done() // interaction cancels the automated racers…
			close(cancelled)
			return allowBy("model"), nil // …and a late allow is discarded
		})
		h := newInteractive(t, handler.InteractiveConfig{
			Prompter: keypress(clock, 250*time.Millisecond, pressed, returned, api.Deny), Classifier: cls, Clock: clock,
		})
		res, err := h.Resolve(context.Background(), bashAsk("make"))
		mustNoErr(t, err)
		<-cancelled
		if diff := cmp.Diff(who{api.Deny, api.ReasonUser, "bob", ""}, whoDecided(res)); diff != "" {
			t.Fatalf("after the person started answering (-want +got):\n%s", diff)
		}
	}
}

func TestInteractiveHookDenyAgainstPersonAllow(t *testing.T) {
	t.Run("hook first", func(t *testing.T) {
		shown, cancelled := make(chan struct{}), make(chan struct{})
		h := newInteractive(t, handler.InteractiveConfig{
			Prompter: waitingPrompter(shown, cancelled),
			Hooks: handler.DeciderFunc(func(ctx context.Context, _ *handler.Ask) (handler.Verdict, error) {
				<-shown
				return denyByHook("policy.sh"), nil
			}),
		})
		res, err := h.Resolve(context.Background(), bashAsk("git push"))
		mustNoErr(t, err)
		if diff := cmp.Diff(who{api.Deny, api.ReasonHook, "policy.sh", ""}, whoDecided(res)); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
		<-cancelled
	})
	t.Run("person answering first", func(t *testing.T) {
		for range 20 {
			clock := handler.NewFakeClock(t0)
			pressed, release := make(chan struct{}), make(chan struct{})
			hooks := handler.DeciderFunc(func(ctx context.Context, _ *handler.Ask) (handler.Verdict, error) {
				<-pressed
				defer close(release) // the person answers once the hook has spoken
				return denyByHook("policy.sh"), nil
			})
			h := newInteractive(t, handler.InteractiveConfig{
				Prompter: keypress(clock, time.Second, pressed, release, api.Allow), Hooks: hooks, Clock: clock,
			})
			res, err := h.Resolve(context.Background(), bashAsk("git push"))
			mustNoErr(t, err)
			if diff := cmp.Diff(who{api.Allow, api.ReasonUser, "bob", api.ScopeOnce}, whoDecided(res)); diff != "" {
				t.Fatalf("a hook's late deny overrode the person (-want +got):\n%s", diff)
			}
		}
	})
}

func TestInteractiveTimeout(t *testing.T) {
	clock := handler.NewFakeClock(t0)
	p := handler.NewScriptedPrompter() // never answers
	h := newInteractive(t, handler.InteractiveConfig{Prompter: p, Classifier: undecided, Clock: clock, Timeout: 90 * time.Second})
	done := make(chan handler.Resolution, 1)
	go func() {
		res, err := h.Resolve(context.Background(), bashAsk("make"))
		mustNoErr(t, err)
		done <- res
	}()
	p.WaitForPrompts(1)
	clock.WaitForTimers(1)
	clock.Advance(90 * time.Second)
	res := <-done
	if diff := cmp.Diff(who{api.Deny, api.ReasonTimeout, "", ""}, whoDecided(res)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if ps := p.Prompts(); len(ps) != 1 || !ps[0].Deadline.Equal(t0.Add(90*time.Second)) {
		t.Errorf("prompts %v; want one with deadline t0+90s", ps)
	}
}

func TestInteractiveFailures(t *testing.T) {
	tests := []struct {
		name       string
		prompter   handler.Prompter
		classifier handler.Decider
		want       who
		wantWarn   string
	}{
		{"prompt fails, classifier allows late", handler.NewScriptedPrompter(handler.Step{Err: errBoom}),
			handler.DeciderFunc(func(context.Context, *handler.Ask) (handler.Verdict, error) { return allowBy("m"), nil }),
			who{api.Allow, api.ReasonClassifier, "m", api.ScopeOnce}, ""},
		{"prompt fails, classifier undecided", handler.NewScriptedPrompter(handler.Step{Err: errBoom}), undecided,
			who{api.Deny, api.ReasonError, "", ""}, "prompt failed: boom"},
		{"prompt fails, classifier fails", handler.NewScriptedPrompter(handler.Step{Err: errBoom}), failing(errBoom),
			who{api.Deny, api.ReasonError, "", ""}, "classifier broken failed: boom"},
		{"answer neither allow nor deny", handler.NewScriptedPrompter(handler.Step{Answer: handler.Answer{Behavior: api.Ask, Person: "eve"}}), nil,
			who{api.Deny, api.ReasonError, "eve", ""}, ""},
		{"person denies with message", handler.NewScriptedPrompter(handler.Step{Answer: handler.Answer{Behavior: api.Deny, Scope: api.ScopeAlways, Message: "use make"}}), nil,
			who{api.Deny, api.ReasonUser, "person", ""}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newInteractive(t, handler.InteractiveConfig{Prompter: tt.prompter, Classifier: tt.classifier})
			res, err := h.Resolve(context.Background(), bashAsk("make"))
			mustNoErr(t, err)
			if diff := cmp.Diff(tt.want, whoDecided(res)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if tt.wantWarn != "" && !strings.Contains(strings.Join(res.Decision.Warnings, "\n")+res.Decision.Reason.Message, tt.wantWarn) {
				t.Errorf("warnings %q / reason %q lack %q", res.Decision.Warnings, res.Decision.Reason.Message, tt.wantWarn)
			}
		})
	}
}

func TestInteractiveCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	shown, cancelled := make(chan struct{}), make(chan struct{})
	h := newInteractive(t, handler.InteractiveConfig{Prompter: waitingPrompter(shown, cancelled)})
	go func() { <-shown; cancel() }()
	res, err := h.Resolve(ctx, bashAsk("make"))
	if err == nil || res.Decision.Behavior != api.Deny || res.Decision.Reason.Type != api.ReasonError {
		t.Errorf("cancelled resolve = %+v, %v; want deny with an error", res.Decision, err)
	}
}

func TestInteractiveExplanation(t *testing.T) {
	want := api.Explanation{Explanation: "Runs make.", Reasoning: "I build.", Risk: "Little.", RiskLevel: api.RiskLow, Source: "findings"}
	t.Run("delivered with the prompt", func(t *testing.T) {
		p := handler.PrompterFunc(func(ctx context.Context, p *handler.Prompt) (handler.Answer, error) {
			got, ok := <-p.Ask.Explanation
			if !ok {
				t.Error("explanation channel closed without a value")
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("explanation (-want +got):\n%s", diff)
			}
			return handler.Answer{Behavior: api.Deny}, nil
		})
		h := newInteractive(t, handler.InteractiveConfig{Prompter: p, Explain: func(context.Context, *handler.Ask) (api.Explanation, error) { return want, nil }})
		_, err := h.Resolve(context.Background(), bashAsk("make"))
		mustNoErr(t, err)
	})
	t.Run("never blocks the prompt", func(t *testing.T) {
		stuck := make(chan struct{})
		explain := func(ctx context.Context, _ *handler.Ask) (api.Explanation, error) {
			<-ctx.Done()
			close(stuck)
			return api.Explanation{}, ctx.Err()
		}
		p := handler.NewScriptedPrompter(handler.Step{Answer: handler.Answer{Behavior: api.Allow}})
		h := newInteractive(t, handler.InteractiveConfig{Prompter: p, Explain: explain})
		res, err := h.Resolve(context.Background(), bashAsk("make"))
		mustNoErr(t, err)
		if res.Decision.Behavior != api.Allow {
			t.Errorf("behavior %s", res.Decision.Behavior)
		}
		<-stuck // the explainer is cancelled when the ask is resolved
		if ch := p.Prompts()[0].Ask.Explanation; ch == nil {
			t.Error("prompt had no explanation channel")
		} else if _, ok := <-ch; ok {
			t.Error("a failed explainer delivered a value")
		}
	})
}

func TestNewInteractiveNeedsPrompter(t *testing.T) {
	if _, err := handler.NewInteractive(handler.InteractiveConfig{}); err == nil {
		t.Error("NewInteractive without a Prompter succeeded")
	}
}
