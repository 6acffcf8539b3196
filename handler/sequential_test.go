package handler_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/classify"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/mailbox"
)

// trail records the order in which deciders ran.
type trail struct {
	mu    sync.Mutex
	steps []string
}

func (tr *trail) add(s string) {
	tr.mu.Lock()
	tr.steps = append(tr.steps, s)
	tr.mu.Unlock()
}

func (tr *trail) get() []string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return slices.Clone(tr.steps)
}

func (tr *trail) decider(name string, v handler.Verdict) handler.Decider {
	return handler.DeciderFunc(func(context.Context, *handler.Ask) (handler.Verdict, error) {
		tr.add(name)
		return v, nil
	})
}

func (tr *trail) prompter(a handler.Answer) handler.Prompter {
	return handler.PrompterFunc(func(context.Context, *handler.Prompt) (handler.Answer, error) {
		tr.add("prompt")
		return a, nil
	})
}

func TestCoordinatorOrder(t *testing.T) {
	person := handler.Answer{Behavior: api.Allow, Person: "carol", Scope: api.ScopeSession}
	none := handler.Verdict{}
	tests := []struct {
		name       string
		hooks      handler.Verdict
		classifier handler.Verdict
		wantTrail  []string
		want       who
	}{
		{"all undecided reaches the person", none, none, []string{"hooks", "classifier", "prompt"}, who{api.Allow, api.ReasonUser, "carol", api.ScopeSession}},
		{"hook decides first", denyByHook("h"), allowBy("c"), []string{"hooks"}, who{api.Deny, api.ReasonHook, "h", ""}},
		{"classifier before the person", none, allowBy("c"), []string{"hooks", "classifier"}, who{api.Allow, api.ReasonClassifier, "c", api.ScopeOnce}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := &trail{}
			h := handler.NewCoordinator(handler.CoordinatorConfig{
				Prompter: tr.prompter(person), Hooks: tr.decider("hooks", tt.hooks),
				Classifier: tr.decider("classifier", tt.classifier), Clock: handler.NewFakeClock(t0),
			})
			res, err := h.Resolve(context.Background(), editAsk())
			mustNoErr(t, err)
			if diff := cmp.Diff(tt.wantTrail, tr.get()); diff != "" {
				t.Errorf("order (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.want, whoDecided(res)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestCoordinatorBashClassifierIsSpeculative(t *testing.T) {
	cls := newGate()
	hooks := handler.DeciderFunc(func(ctx context.Context, _ *handler.Ask) (handler.Verdict, error) {
		<-cls.started // the classifier already runs while the hooks do
		return handler.Verdict{}, nil
	})
	p := handler.NewScriptedPrompter()
	h := handler.NewCoordinator(handler.CoordinatorConfig{Prompter: p, Hooks: hooks, Classifier: cls, Clock: handler.NewFakeClock(t0)})
	cls.release <- allowBy("model")
	res, err := h.Resolve(context.Background(), bashAsk("npm test"))
	mustNoErr(t, err)
	if diff := cmp.Diff(who{api.Allow, api.ReasonClassifier, "model", api.ScopeOnce}, whoDecided(res)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if n := len(p.Prompts()); n != 0 {
		t.Errorf("%d prompts shown", n)
	}
}

func TestCoordinatorHookDenyCancelsSpeculativeClassifier(t *testing.T) {
	cls := newGate()
	hooks := handler.DeciderFunc(func(ctx context.Context, _ *handler.Ask) (handler.Verdict, error) {
		<-cls.started
		return denyByHook("policy"), nil
	})
	h := handler.NewCoordinator(handler.CoordinatorConfig{Prompter: handler.NewScriptedPrompter(), Hooks: hooks, Classifier: cls})
	res, err := h.Resolve(context.Background(), bashAsk("git push --force"))
	mustNoErr(t, err)
	if diff := cmp.Diff(who{api.Deny, api.ReasonHook, "policy", ""}, whoDecided(res)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	<-cls.cancelled
}

func TestCoordinatorTimeoutAndNoPerson(t *testing.T) {
	clock := handler.NewFakeClock(t0)
	h := handler.NewCoordinator(handler.CoordinatorConfig{Prompter: handler.NewScriptedPrompter(), Classifier: undecided, Clock: clock, Timeout: time.Second})
	done := make(chan handler.Resolution, 1)
	go func() {
		res, err := h.Resolve(context.Background(), editAsk())
		mustNoErr(t, err)
		done <- res
	}()
	clock.WaitForTimers(1)
	clock.Advance(time.Second)
	if got := whoDecided(<-done); got.Behavior != api.Deny || got.Type != api.ReasonTimeout {
		t.Errorf("got %+v, want a timeout deny", got)
	}

	h = handler.NewCoordinator(handler.CoordinatorConfig{Classifier: failing(errBoom)})
	res, err := h.Resolve(context.Background(), editAsk())
	mustNoErr(t, err)
	if got := whoDecided(res); got.Behavior != api.Deny || got.Type != api.ReasonError {
		t.Errorf("without a person got %+v, want an error deny", got)
	}
}

// leader answers the requests addressed to name in a loop, using answer.
func leader(t *testing.T, box mailbox.Inbox, name string, answer func(mailbox.Request) mailbox.Response) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	t.Cleanup(func() { cancel(); <-done })
	go func() {
		defer close(done)
		for {
			req, err := box.Receive(ctx, name)
			if err != nil {
				return
			}
			if err := box.Answer(ctx, answer(req)); err != nil && ctx.Err() == nil {
				t.Errorf("Answer: %v", err)
			}
		}
	}()
}

func newWorker(t *testing.T, cfg handler.SwarmWorkerConfig) *handler.SwarmWorker {
	t.Helper()
	if cfg.Leader == "" {
		cfg.Leader = "lead"
	}
	h, err := handler.NewSwarmWorker(cfg)
	mustNoErr(t, err)
	return h
}

func TestSwarmWorkerLeaderAnswers(t *testing.T) {
	tests := []struct {
		name string
		resp mailbox.Response
		want who
		msg  string
	}{
		{"allow", mailbox.Response{Behavior: api.Allow, Scope: api.ScopeSession, Message: "fine", Leader: "lead"},
			who{api.Allow, api.ReasonLeader, "lead", api.ScopeSession}, "fine"},
		{"reject with message", mailbox.Response{Behavior: api.Deny, Message: "use the staging bucket"},
			who{api.Deny, api.ReasonLeader, "lead", ""}, "use the staging bucket"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			box := mailbox.NewMemory()
			var got mailbox.Request
			leader(t, box, "lead", func(r mailbox.Request) mailbox.Response {
				got = r
				resp := tt.resp
				resp.ID = r.ID
				return resp
			})
			h := newWorker(t, handler.SwarmWorkerConfig{Mailbox: box, Worker: "w1", Classifier: undecided, NewID: func() string { return "req-1" }})
			res, err := h.Resolve(context.Background(), bashAsk("aws s3 cp x s3://b"))
			mustNoErr(t, err)
			if diff := cmp.Diff(tt.want, whoDecided(res)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if res.Decision.Reason.Message != tt.msg {
				t.Errorf("message %q, want %q", res.Decision.Reason.Message, tt.msg)
			}
			if got.ID != "req-1" || got.Worker != "w1" || got.Request.ToolName != "Bash" || len(got.Suggestions) != 1 {
				t.Errorf("leader saw %+v", got)
			}
		})
	}
}

func TestSwarmWorkerClassifierFirst(t *testing.T) {
	box := mailbox.NewMemory()
	h := newWorker(t, handler.SwarmWorkerConfig{Mailbox: box, Classifier: handler.FromClassifier(classify.Pattern{})})
	res, err := h.Resolve(context.Background(), bashAsk("go vet ./..."))
	mustNoErr(t, err)
	if diff := cmp.Diff(who{api.Allow, api.ReasonClassifier, "pattern", api.ScopeOnce}, whoDecided(res)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if p, _ := box.Pending(context.Background(), "lead"); len(p) != 0 {
		t.Errorf("leader was asked: %v", p)
	}
}

func TestSwarmWorkerLeaderNeverAnswers(t *testing.T) {
	box := mailbox.NewMemory()
	clock := handler.NewFakeClock(t0)
	h := newWorker(t, handler.SwarmWorkerConfig{Mailbox: box, Clock: clock, Timeout: 30 * time.Second})
	done := make(chan handler.Resolution, 1)
	go func() {
		res, err := h.Resolve(context.Background(), bashAsk("terraform apply"))
		mustNoErr(t, err)
		done <- res
	}()
	if _, err := box.Receive(context.Background(), "lead"); err != nil { // the leader sees it, and says nothing
		t.Fatal(err)
	}
	clock.WaitForTimers(1)
	clock.Advance(30 * time.Second)
	res := <-done
	if diff := cmp.Diff(who{api.Deny, api.ReasonTimeout, "", ""}, whoDecided(res)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if p, _ := box.Pending(context.Background(), "lead"); len(p) != 0 {
		t.Errorf("timed-out request still pending: %v", p)
	}
}

// brokenBox is a mailbox whose sending fails.
type brokenBox struct{ mailbox.Mailbox }

func (brokenBox) Send(context.Context, mailbox.Request) error {
	return errors.New("leader unreachable")
}

func TestSwarmWorkerForwardingFails(t *testing.T) {
	p := handler.NewScriptedPrompter(handler.Step{Answer: handler.Answer{Behavior: api.Allow, Person: "local"}})
	h := newWorker(t, handler.SwarmWorkerConfig{Mailbox: brokenBox{mailbox.NewMemory()}, Prompter: p})
	res, err := h.Resolve(context.Background(), bashAsk("make deploy"))
	mustNoErr(t, err)
	if diff := cmp.Diff(who{api.Allow, api.ReasonUser, "local", api.ScopeOnce}, whoDecided(res)); diff != "" {
		t.Errorf("local fallback (-want +got):\n%s", diff)
	}
	if len(res.Decision.Warnings) == 0 {
		t.Error("the forwarding failure was not recorded")
	}

	h = newWorker(t, handler.SwarmWorkerConfig{Mailbox: brokenBox{mailbox.NewMemory()}})
	res, err = h.Resolve(context.Background(), bashAsk("make deploy"))
	mustNoErr(t, err)
	if diff := cmp.Diff(who{api.Deny, api.ReasonError, "lead", ""}, whoDecided(res)); diff != "" {
		t.Errorf("no fallback (-want +got):\n%s", diff)
	}
}

func TestSwarmWorkerToolsGranted(t *testing.T) {
	box := mailbox.NewMemory()
	leader(t, box, "lead", func(r mailbox.Request) mailbox.Response {
		return mailbox.Response{ID: r.ID, Behavior: api.Allow}
	})
	h := newWorker(t, handler.SwarmWorkerConfig{Mailbox: box, Tools: []string{"Read", "Edit", "mcp__github"}})
	tests := []struct {
		tool string
		want api.Behavior
	}{
		{"Edit", api.Allow},
		{"mcp__github__create_issue", api.Allow},
		{"Bash", api.Deny},
		{"mcp__githubx__t", api.Deny},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			ask := editAsk()
			ask.Request.ToolName = tt.tool
			res, err := h.Resolve(context.Background(), ask)
			mustNoErr(t, err)
			if got := res.Decision.Behavior; got != tt.want || res.Decision.Reason.Type != api.ReasonLeader {
				t.Errorf("%s: %s by %s, want %s by the leader", tt.tool, got, res.Decision.Reason.Type, tt.want)
			}
		})
	}
}

func TestSwarmWorkersGetOnlyTheirOwnAnswers(t *testing.T) {
	box := mailbox.NewMemory()
	leader(t, box, "lead", func(r mailbox.Request) mailbox.Response {
		cmd, _ := r.Request.StringInput("command")
		b := api.Deny
		if cmd == "ok" {
			b = api.Allow
		}
		return mailbox.Response{ID: r.ID, Behavior: b, Message: "for " + cmd}
	})
	var wg sync.WaitGroup
	for i := range 10 {
		wg.Go(func() {
			h := newWorker(t, handler.SwarmWorkerConfig{Mailbox: box, Worker: fmt.Sprint("w", i)})
			cmd := "ok"
			if i%2 == 1 {
				cmd = "no"
			}
			res, err := h.Resolve(context.Background(), bashAsk(cmd))
			if err != nil {
				t.Error(err)
				return
			}
			want := map[string]api.Behavior{"ok": api.Allow, "no": api.Deny}[cmd]
			if res.Decision.Behavior != want || res.Decision.Reason.Message != "for "+cmd {
				t.Errorf("worker %d (%s) got %s %q", i, cmd, res.Decision.Behavior, res.Decision.Reason.Message)
			}
		})
	}
	wg.Wait()
}

func TestHeadless(t *testing.T) {
	ruleAsk := bashAsk("git push")
	ruleAsk.RuleMatched = true
	ruleAsk.Decision.Reason = api.Reason{Type: api.ReasonRule, Rule: "Bash(git push *)", Source: "project", File: ".warden/settings.json", Line: 3}
	tests := []struct {
		name       string
		cfg        handler.HeadlessConfig
		ask        *handler.Ask
		want       who
		wantCalled int
	}{
		{"classifier allows", handler.HeadlessConfig{Classifier: fixed(allowBy("m"))}, bashAsk("ls"), who{api.Allow, api.ReasonClassifier, "m", api.ScopeOnce}, 1},
		{"classifier denies", handler.HeadlessConfig{Classifier: fixed(handler.Verdict{Behavior: api.Deny, Reason: api.Reason{Classifier: "m"}})}, bashAsk("ls"), who{api.Deny, api.ReasonClassifier, "m", ""}, 1},
		{"undecided is deny", handler.HeadlessConfig{Classifier: undecided}, bashAsk("ls"), who{api.Deny, api.ReasonClassifier, "unsure", ""}, 1},
		{"failure is deny", handler.HeadlessConfig{Classifier: failing(errBoom)}, bashAsk("ls"), who{api.Deny, api.ReasonError, "broken", ""}, 1},
		{"HIGH risk is deny without asking", handler.HeadlessConfig{Classifier: fixed(allowBy("m"))}, bashAsk("rm -rf ~", highFinding), who{api.Deny, api.ReasonClassifier, "guard", ""}, 0},
		{"ask rule is deny without asking", handler.HeadlessConfig{Classifier: fixed(allowBy("m"))}, ruleAsk, who{api.Deny, api.ReasonClassifier, "guard", ""}, 0},
		{"no classifier", handler.HeadlessConfig{Mode: api.ModeAuto}, bashAsk("ls"), who{api.Deny, api.ReasonMode, "", ""}, 0},
		{"dontAsk", handler.HeadlessConfig{Mode: api.ModeDontAsk, Classifier: fixed(allowBy("m"))}, bashAsk("ls"), who{api.Deny, api.ReasonMode, "", ""}, 0},
		{"hook allows", handler.HeadlessConfig{Hooks: fixed(handler.Verdict{Behavior: api.Allow, Reason: api.Reason{Hook: "h"}}), Classifier: undecided}, bashAsk("ls"), who{api.Allow, api.ReasonHook, "h", api.ScopeOnce}, 0},
		{"pattern allows plain bash", handler.HeadlessConfig{Classifier: handler.FromClassifier(classify.Pattern{})}, bashAsk("npm run build"), who{api.Allow, api.ReasonClassifier, "pattern", api.ScopeOnce}, 1},
		{"pattern leaves web fetch undecided", handler.HeadlessConfig{Classifier: handler.FromClassifier(classify.Pattern{})}, func() *handler.Ask { a := editAsk(); a.Request.ToolName = "WebFetch"; return a }(), who{api.Deny, api.ReasonClassifier, "pattern", ""}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c *counting
			if tt.cfg.Classifier != nil {
				c = &counting{d: tt.cfg.Classifier}
				tt.cfg.Classifier = c
			}
			res, err := handler.NewHeadless(tt.cfg).Resolve(context.Background(), tt.ask)
			mustNoErr(t, err)
			if diff := cmp.Diff(tt.want, whoDecided(res)); diff != "" {
				t.Errorf("(-want +got):\n%s\nmessage: %s", diff, res.Decision.Reason.Message)
			}
			if c != nil && c.Calls() != tt.wantCalled {
				t.Errorf("classifier called %d times, want %d", c.Calls(), tt.wantCalled)
			}
			if tt.ask.RuleMatched && res.Decision.Reason.Rule != "Bash(git push *)" {
				t.Errorf("the deny does not name the rule: %+v", res.Decision.Reason)
			}
		})
	}
}

func TestHeadlessTimeout(t *testing.T) {
	clock := handler.NewFakeClock(t0)
	cls := newGate()
	h := handler.NewHeadless(handler.HeadlessConfig{Classifier: cls, Clock: clock, Timeout: 5 * time.Second})
	done := make(chan handler.Resolution, 1)
	go func() {
		res, err := h.Resolve(context.Background(), bashAsk("make"))
		mustNoErr(t, err)
		done <- res
	}()
	<-cls.started
	clock.WaitForTimers(1)
	clock.Advance(5 * time.Second)
	if diff := cmp.Diff(who{api.Deny, api.ReasonTimeout, "", ""}, whoDecided(<-done)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	<-cls.cancelled
}

// TestGuardInEveryHandler checks that no handler lets a classifier approve
// a call with a HIGH-risk finding or a matched ask rule.
func TestGuardInEveryHandler(t *testing.T) {
	approve := fixed(allowBy("eager"))
	personDenies := func() handler.Prompter {
		return handler.NewScriptedPrompter(handler.Step{Answer: handler.Answer{Behavior: api.Deny, Person: "p"}})
	}
	// Each handler is built with a prompter: one that denies at once for
	// the guarded asks, one that never answers for the control.
	handlers := map[string]func(handler.Prompter) handler.Handler{
		"interactive": func(p handler.Prompter) handler.Handler {
			h, _ := handler.NewInteractive(handler.InteractiveConfig{Prompter: p, Classifier: approve})
			return h
		},
		"coordinator": func(p handler.Prompter) handler.Handler {
			return handler.NewCoordinator(handler.CoordinatorConfig{Prompter: p, Classifier: approve})
		},
		"swarm": func(p handler.Prompter) handler.Handler {
			h, _ := handler.NewSwarmWorker(handler.SwarmWorkerConfig{Mailbox: brokenBox{mailbox.NewMemory()}, Leader: "l", Prompter: p, Classifier: approve})
			return h
		},
		"headless": func(handler.Prompter) handler.Handler {
			return handler.NewHeadless(handler.HeadlessConfig{Classifier: approve})
		},
	}
	ruleAsk := bashAsk("git push")
	ruleAsk.RuleMatched = true
	asks := map[string]*handler.Ask{"high risk": bashAsk("rm -rf ~", highFinding), "rule matched": ruleAsk}
	for hn, newH := range handlers {
		for an, ask := range asks {
			t.Run(hn+"/"+an, func(t *testing.T) {
				res, err := newH(personDenies()).Resolve(context.Background(), ask)
				mustNoErr(t, err)
				if res.Decision.Behavior != api.Deny {
					t.Errorf("%s approved: %+v", hn, res.Decision.Reason)
				}
			})
		}
		t.Run(hn+"/control", func(t *testing.T) {
			res, err := newH(handler.NewScriptedPrompter()).Resolve(context.Background(), bashAsk("make"))
			mustNoErr(t, err)
			if got := whoDecided(res); got.Behavior != api.Allow || got.Name != "eager" {
				t.Errorf("without the guard's conditions the classifier should approve; got %+v", got)
			}
		})
	}
}

func TestDenialTracking(t *testing.T) {
	denyAll := handler.NewHeadless(handler.HeadlessConfig{Classifier: undecided, Denials: handler.NewDenialCounter(handler.DenialLimits{})})
	var got []bool
	for range 4 {
		res, err := denyAll.Resolve(context.Background(), bashAsk("x"))
		mustNoErr(t, err)
		got = append(got, res.Decision.Handback)
	}
	if diff := cmp.Diff([]bool{false, false, true, true}, got); diff != "" {
		t.Errorf("handback after consecutive denials (-want +got):\n%s", diff)
	}

	c := handler.NewDenialCounter(handler.DenialLimits{MaxConsecutive: 2, MaxTotal: 3})
	seq := []struct {
		session string
		denied  bool
		want    bool
	}{
		{"a", true, false}, {"b", true, false}, {"a", false, false}, {"a", true, false},
		{"a", false, false}, {"a", true, true}, // third denial in all
		{"b", true, true}, // second in a row
	}
	for i, s := range seq {
		if got := c.Record(s.session, s.denied); got != s.want {
			t.Errorf("step %d (%s denied=%v): handback %v, want %v", i, s.session, s.denied, got, s.want)
		}
	}
	c.Reset("a")
	if c.Record("a", true) {
		t.Error("handback right after Reset")
	}
}

func TestChoose(t *testing.T) {
	tests := []struct {
		c    handler.ExecContext
		want handler.Kind
	}{
		{handler.ExecContext{Person: true}, handler.KindInteractive},
		{handler.ExecContext{Person: true, Mode: api.ModeAuto}, handler.KindHeadless},
		{handler.ExecContext{Person: true, Mode: api.ModeDontAsk}, handler.KindHeadless},
		{handler.ExecContext{Person: true, Leader: "lead"}, handler.KindSwarmWorker},
		{handler.ExecContext{Person: true, Coordinator: true}, handler.KindCoordinator},
		{handler.ExecContext{}, handler.KindHeadless},
		{handler.ExecContext{Mode: api.ModeAuto, Explicit: handler.KindInteractive}, handler.KindInteractive},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%+v", tt.c), func(t *testing.T) {
			if got := handler.Choose(tt.c); got != tt.want {
				t.Errorf("Choose = %s, want %s", got, tt.want)
			}
		})
	}
	if _, err := handler.ParseKind("popup"); err == nil {
		t.Error("ParseKind accepted popup")
	}
	if k, err := handler.ParseKind("swarm"); err != nil || k != handler.KindSwarmWorker {
		t.Errorf("ParseKind(swarm) = %s, %v", k, err)
	}
}

func BenchmarkHeadlessPattern(b *testing.B) {
	h := handler.NewHeadless(handler.HeadlessConfig{Classifier: handler.FromClassifier(classify.Pattern{})})
	ask := bashAsk("npm run build")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := h.Resolve(context.Background(), ask); err != nil {
			b.Fatal(err)
		}
	}
}

// TestHookNeverApprovesControlFileWrite checks that a PermissionRequest
// hook's allow does not approve a write to an agent control file: with no
// person to ask, the call is denied.
func TestHookNeverApprovesControlFileWrite(t *testing.T) {
	tamper := api.Finding{Category: "agent-config-tamper", Description: "writes .claude/settings.json", Part: "echo {} > .claude/settings.json", Risk: api.RiskHigh}
	allowHook := fixed(handler.Verdict{Behavior: api.Allow, Reason: api.Reason{Type: api.ReasonHook, Hook: "approve-all"}})
	h := handler.NewHeadless(handler.HeadlessConfig{Hooks: allowHook, Mode: api.ModeAuto})
	res, err := h.Resolve(context.Background(), bashAsk("echo {} > .claude/settings.json", tamper))
	if err != nil {
		t.Fatal(err)
	}
	if res.Decision.Behavior != api.Deny {
		t.Fatalf("got %s (%s), want deny", res.Decision.Behavior, res.Decision.Reason.Message)
	}
	res, err = h.Resolve(context.Background(), bashAsk("make"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Decision.Behavior != api.Allow {
		t.Fatalf("an ordinary call: got %s, want the hook's allow", res.Decision.Behavior)
	}
}
