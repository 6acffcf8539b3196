package warden_test

import (
	"context"
	"strings"
	"testing"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
)

func TestNobodyToAsk(t *testing.T) {
	for _, tt := range []struct {
		mode     api.Mode
		headless bool
		want     bool
	}{
		{api.ModeDefault, false, false},
		{"", false, false},
		{api.ModeAcceptEdits, false, false},
		{api.ModePlan, false, false},
		{api.ModeBubble, false, false},
		{api.ModeBypass, false, true},
		{api.ModeDontAsk, false, true},
		{api.ModeAuto, false, true},
		{"yolo", false, true},
		{api.ModeDefault, true, true},
		{api.ModeAcceptEdits, true, true},
	} {
		if got := warden.NobodyToAsk(tt.mode, tt.headless); got != tt.want {
			t.Errorf("NobodyToAsk(%q, %v) = %v, want %v", tt.mode, tt.headless, got, tt.want)
		}
	}
}

// approverFunc is a daemon's blocking decide call.
type approverFunc func(ctx context.Context, req api.Request) (api.Decision, error)

func (f approverFunc) Decide(ctx context.Context, req api.Request) (api.Decision, error) {
	return f(ctx, req)
}

// TestDecideUnattendedThrough checks that an agent that will not ask has
// its call decided by the daemon's page, and that dontAsk and unknown
// modes are sent as default, so the daemon asks its page rather than
// denying at once.
func TestDecideUnattendedThrough(t *testing.T) {
	for _, tt := range []struct{ sent, want api.Mode }{
		{api.ModeBypass, api.ModeBypass},
		{api.ModeDontAsk, api.ModeDefault},
		{"yolo", api.ModeDefault},
		{api.ModeAuto, api.ModeAuto},
	} {
		var got api.Mode
		a := approverFunc(func(ctx context.Context, req api.Request) (api.Decision, error) {
			got = req.PermissionMode
			return api.Decision{Behavior: api.Allow, Reason: api.Reason{Type: api.ReasonUser, Person: "p"}}, nil
		})
		d, err := warden.DecideUnattendedThrough(context.Background(), a, api.Request{ToolName: "Bash", PermissionMode: tt.sent})
		if err != nil || d.Behavior != api.Allow || got != tt.want {
			t.Errorf("%s: sent as %q (%s, %v), want %q", tt.sent, got, d.Behavior, err, tt.want)
		}
	}
}

// TestDecideUnattended checks the library policy every agent adapter
// uses: what is allowed stays allowed, an ask is never returned, a
// decider (the PermissionRequest hooks) is heard first, and a deny names
// the rule that would allow the call.
func TestDecideUnattended(t *testing.T) {
	e := projectWith(t, `{"permissions":{"ask":["Bash(git push:*)"],"allow":["Bash(npm test:*)"]}}`)
	ctx := context.Background()
	req := func(cmd string, mode api.Mode) api.Request {
		r := bash(cmd)
		r.PermissionMode = mode
		return r
	}
	for _, tt := range []struct {
		cmd    string
		mode   api.Mode
		want   api.Behavior
		reason string
	}{
		{"npm test", api.ModeBypass, api.Allow, ""},
		{"make deploy", api.ModeBypass, api.Allow, "bypassPermissions"},
		{"make deploy", api.ModeDefault, api.Deny, "the rule that would allow it: Bash(make deploy:*)"},
		{"git push", api.ModeBypass, api.Deny, "an ask rule covers it, so only a person can allow it"},
		{"rm -rf ~", api.ModeBypass, api.Deny, "no rule can allow it"},
		{"make deploy", api.ModeAuto, api.Deny, "auto mode"},
	} {
		d, err := e.DecideUnattended(ctx, req(tt.cmd, tt.mode), "", nil)
		if err != nil {
			t.Fatal(err)
		}
		if d.Behavior != tt.want || !strings.Contains(d.Reason.Message, tt.reason) {
			t.Errorf("%s in %s: %s (%s), want %s with %q", tt.cmd, tt.mode, d.Behavior, d.Reason.Message, tt.want, tt.reason)
		}
	}
	allow := handler.DeciderFunc(func(ctx context.Context, ask *handler.Ask) (handler.Verdict, error) {
		return handler.Verdict{Behavior: api.Allow, Reason: api.Reason{Type: api.ReasonHook, Hook: "h", Message: "ok by hook"}}, nil
	})
	if d, _ := e.DecideUnattended(ctx, req("make deploy", api.ModeBypass), "", allow); d.Behavior != api.Allow {
		t.Errorf("bypass, allowed already: %s", d.Behavior)
	}
	if d, _ := e.DecideUnattended(ctx, req("rm -rf ~", api.ModeBypass), "", allow); d.Behavior != api.Allow || d.Reason.Hook != "h" {
		t.Errorf("a PermissionRequest hook's allow was not heard: %s (%s)", d.Behavior, d.Reason.Message)
	}
}
