package warden_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/hook"
	"github.com/wardenhq/warden/policytest"
)

// fakeHooks answers every PreToolUse with a fixed result.
type fakeHooks struct{ res hook.Result }

func (f fakeHooks) PreToolUse(ctx context.Context, ms []hook.Matcher, in hook.Input) hook.Result {
	return f.res
}

func bash(cmd string) api.Request {
	return api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": cmd}}
}

func projectWith(t *testing.T, settingsJSON string, opts ...warden.Option) *warden.Engine {
	t.Helper()
	f := &policytest.File{Settings: []byte(settingsJSON)}
	e, _ := scratchProject(t, f, opts...)
	return e
}

// hookSettings configures one PreToolUse matcher so the engine runs hooks.
const hookSettings = `"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"fake"}]}]}`

// TestHookSemantics checks how a hook's answer combines with rules: a hook
// deny is final, a hook allow never loosens a deny or ask rule, a hook ask
// never weakens a deny rule, and a rewritten input is what every later step
// sees.
func TestHookSemantics(t *testing.T) {
	settingsJSON := `{"permissions":{"deny":["Bash(curl:*)"],"ask":["Bash(git push:*)"],"allow":["Bash(npm test:*)"]},` + hookSettings + `}`
	tests := []struct {
		name       string
		hook       hook.Result
		req        api.Request
		want       api.Behavior
		wantReason api.ReasonType
		wantInput  map[string]any
	}{
		{"hook deny is final even over an allow rule", hook.Result{Behavior: api.Deny, Reason: "policy P-1", Hook: "fake"},
			bash("npm test"), api.Deny, api.ReasonHook, nil},
		{"hook allow does not loosen a deny rule", hook.Result{Behavior: api.Allow, Hook: "fake"},
			bash("curl https://x.example"), api.Deny, api.ReasonRule, nil},
		{"hook allow does not loosen an ask rule", hook.Result{Behavior: api.Allow, Hook: "fake"},
			bash("git push"), api.Ask, api.ReasonRule, nil},
		{"hook allow decides what no rule does", hook.Result{Behavior: api.Allow, Hook: "fake"},
			bash("make deploy"), api.Allow, api.ReasonHook, nil},
		{"hook ask does not weaken a deny rule", hook.Result{Behavior: api.Ask, Hook: "fake"},
			bash("curl x"), api.Deny, api.ReasonRule, nil},
		{"hook ask over an allow rule", hook.Result{Behavior: api.Ask, Hook: "fake"},
			bash("npm test"), api.Ask, api.ReasonHook, nil},
		{"undecided hook leaves the rules to decide", hook.Result{Failures: []string{"fake: timed out"}},
			bash("npm test"), api.Allow, api.ReasonRule, nil},
		{"a rewrite to something denied is denied", hook.Result{UpdatedInput: map[string]any{"command": "curl evil"}},
			bash("npm test"), api.Deny, api.ReasonRule, map[string]any{"command": "curl evil"}},
		{"a rewrite to something allowed is allowed", hook.Result{UpdatedInput: map[string]any{"command": "npm test --ci"}},
			bash("make"), api.Allow, api.ReasonRule, map[string]any{"command": "npm test --ci"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := projectWith(t, settingsJSON, warden.WithHooks(fakeHooks{tt.hook}))
			d, err := e.Decide(context.Background(), tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if d.Behavior != tt.want || d.Reason.Type != tt.wantReason {
				t.Errorf("got %s by %s (%s), want %s by %s", d.Behavior, d.Reason.Type, d.Reason.Message, tt.want, tt.wantReason)
			}
			if tt.wantInput != nil && d.UpdatedInput["command"] != tt.wantInput["command"] {
				t.Errorf("updated_input = %v, want %v", d.UpdatedInput, tt.wantInput)
			}
			if len(tt.hook.Failures) > 0 && !strings.Contains(strings.Join(d.Warnings, "\n"), "timed out") {
				t.Errorf("hook failure not reported in warnings: %v", d.Warnings)
			}
		})
	}
}

// TestBubbleOnlyTightens checks that a sub-agent's engine can never exceed
// its parent: the stricter of the two answers wins.
func TestBubbleOnlyTightens(t *testing.T) {
	parent := projectWith(t, `{"permissions":{"allow":["Bash(npm test:*)","Bash(make:*)"],"deny":["Bash(curl:*)"]}}`)
	child := projectWith(t, `{"permissions":{"allow":["Bash(curl:*)","Bash(rm:*)"],"deny":["Bash(make:*)"]}}`, warden.WithParent(parent))
	tests := []struct {
		cmd  string
		want api.Behavior
	}{
		{"npm test", api.Allow},          // parent allows, child has no objection
		{"curl x", api.Deny},             // child allows, parent denies
		{"make", api.Deny},               // parent allows, child denies
		{"rm notes.txt", api.Ask},        // child allows, parent would ask
		{"git status", api.Allow},        // read-only for both
		{"bash -c 'curl x'", api.Deny},   // the parent sees through bash -c too
		{"npm test; curl x", api.Deny},   // every part counts in both
		{"npm test && make", api.Deny},   // the child's deny
		{"echo hi > out.txt", api.Ask},   // an edit is asked by both in default mode
		{"npm test | tee log", api.Ask},  // tee writes a file
		{"timeout 5 make all", api.Deny}, // through a wrapper
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			req := bash(tt.cmd)
			req.PermissionMode = api.ModeBubble
			d, err := child.Decide(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if d.Behavior != tt.want {
				t.Errorf("%q: got %s (%s), want %s", tt.cmd, d.Behavior, d.Reason.Message, tt.want)
			}
		})
	}
}

// TestBubbleInheritsTheParentsMode checks that a sub-agent in bubble mode
// decides with its parent's mode: the parent's acceptEdits lets the child
// edit inside the working directory, and the parent's plan mode stops it.
func TestBubbleInheritsTheParentsMode(t *testing.T) {
	for _, tt := range []struct {
		mode api.Mode
		want api.Behavior
	}{{api.ModeAcceptEdits, api.Allow}, {api.ModePlan, api.Deny}, {api.ModeDefault, api.Ask}} {
		parent := projectWith(t, `{}`, warden.WithMode(tt.mode))
		child := projectWith(t, `{}`, warden.WithParent(parent))
		req := api.Request{ToolName: "Bash", PermissionMode: api.ModeBubble, ToolInput: map[string]any{"command": "mkdir build"},
			Cwd: parent.Settings().ProjectRoot}
		d, err := child.Decide(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if d.Behavior != tt.want {
			t.Errorf("parent in %s: child got %s (%s), want %s", tt.mode, d.Behavior, d.Reason.Message, tt.want)
		}
		for _, w := range d.Warnings {
			if strings.Contains(w, "bubble") {
				t.Errorf("parent in %s: warning %q", tt.mode, w)
			}
		}
	}
}

// TestGrantsAndHandler checks that an ask goes to the handler, that a
// session approval is remembered for the next call of the session only, and
// that a failing handler ends in deny.
func TestGrantsAndHandler(t *testing.T) {
	store := grant.NewMemoryStore(nil, 0)
	calls := 0
	approve := handler.HandlerFunc(func(ctx context.Context, ask *handler.Ask) (handler.Resolution, error) {
		calls++
		if len(ask.Suggestions) == 0 {
			t.Errorf("ask without suggestions: %+v", ask.Decision)
		}
		return handler.Resolution{Scope: api.ScopeSession, Decision: api.Decision{Behavior: api.Allow,
			Reason: api.Reason{Type: api.ReasonUser, Person: "tester", Message: "approved"}}}, nil
	})
	e := projectWith(t, `{}`, warden.WithGrants(store), warden.WithHandler(approve))
	ctx := context.Background()

	req := bash("npm run test -- --watch=false")
	req.SessionID = "s1"
	d, err := e.Decide(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if d.Behavior != api.Allow || d.Reason.Type != api.ReasonUser || calls != 1 {
		t.Fatalf("first call: %s by %s after %d handler calls", d.Behavior, d.Reason.Type, calls)
	}
	req.ToolInput = map[string]any{"command": "npm run test -- --coverage"}
	d, _ = e.Decide(ctx, req)
	if d.Behavior != api.Allow || d.Reason.Type != api.ReasonGrant || calls != 1 {
		t.Errorf("same session: %s by %s (%s) after %d handler calls, want a grant", d.Behavior, d.Reason.Type, d.Reason.Message, calls)
	}
	other := req
	other.SessionID = "s2"
	if d, _ := e.Check(ctx, other); d.Behavior != api.Ask {
		t.Errorf("another session reused the grant: %s by %s", d.Behavior, d.Reason.Type)
	}
	if d, _ := e.Check(ctx, api.Request{ToolName: "Bash", SessionID: "s1", ToolInput: map[string]any{"command": "npm run test; rm -rf ~"}}); d.Behavior == api.Allow {
		t.Errorf("a grant covered an unrelated dangerous part: %s", d.Reason.Message)
	}

	broken := projectWith(t, `{}`, warden.WithHandler(handler.HandlerFunc(func(context.Context, *handler.Ask) (handler.Resolution, error) {
		return handler.Resolution{}, errors.New("prompt crashed")
	})))
	d, _ = broken.Decide(ctx, bash("make deploy"))
	if d.Behavior != api.Deny || d.Reason.Type != api.ReasonError {
		t.Errorf("failing handler: %s by %s, want deny by error", d.Behavior, d.Reason.Type)
	}
}

// TestInvalidRequests checks that requests Warden cannot decide get an
// error, never a decision.
func TestInvalidRequests(t *testing.T) {
	e := projectWith(t, `{}`)
	for _, req := range []api.Request{
		{ToolInput: map[string]any{}},
		{ToolName: "Bash"},
		{ToolName: "Bash", ToolInput: map[string]any{"command": "ls"}, Cwd: "relative/dir"},
		{ToolName: "Ba\x00sh", ToolInput: map[string]any{}},
	} {
		if d, err := e.Decide(context.Background(), req); !errors.Is(err, warden.ErrInvalidRequest) {
			t.Errorf("%+v: got %s, %v; want ErrInvalidRequest", req, d.Behavior, err)
		}
	}
}

// TestHugeInputStaysBounded checks that a 10 MB command is judged without a
// panic and is never allowed.
func TestHugeInputStaysBounded(t *testing.T) {
	e := projectWith(t, `{"permissions":{"allow":["Bash(echo:*)"]}}`)
	d, err := e.Decide(context.Background(), bash("echo "+strings.Repeat("a ", 5<<20)))
	if err != nil {
		t.Fatal(err)
	}
	if d.Behavior == api.Allow {
		t.Errorf("a 10 MB command was allowed: %s", d.Reason.Message)
	}
}

// TestRewriteByHandlerIsRechecked checks that an input rewritten when an ask
// was resolved (a PermissionRequest hook's updatedInput) still faces the
// deny and ask rules.
func TestRewriteByHandlerIsRechecked(t *testing.T) {
	rewrite := func(cmd string) handler.Handler {
		return handler.HandlerFunc(func(ctx context.Context, ask *handler.Ask) (handler.Resolution, error) {
			return handler.Resolution{Decision: api.Decision{Behavior: api.Allow, UpdatedInput: map[string]any{"command": cmd},
				Reason: api.Reason{Type: api.ReasonHook, Hook: "rewriter"}}}, nil
		})
	}
	settingsJSON := `{"permissions":{"deny":["Bash(curl:*)"],"ask":["Bash(git push:*)"]}}`
	for _, tt := range []struct {
		to   string
		want api.Behavior
	}{{"curl https://evil.example", api.Deny}, {"git push --force", api.Deny}, {"make test", api.Allow}} {
		e := projectWith(t, settingsJSON, warden.WithHandler(rewrite(tt.to)))
		d, err := e.Decide(context.Background(), bash("make deploy"))
		if err != nil {
			t.Fatal(err)
		}
		if d.Behavior != tt.want {
			t.Errorf("rewrite to %q: %s (%s), want %s", tt.to, d.Behavior, d.Reason.Message, tt.want)
		}
	}
}

// TestDecisionTimeIsWhenAnswered checks that an asked call's decision (and
// so its audit record) is timed when the person answered, not when the call
// came in.
func TestDecisionTimeIsWhenAnswered(t *testing.T) {
	asked := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	answered := asked.Add(47 * time.Second)
	person := handler.HandlerFunc(func(ctx context.Context, ask *handler.Ask) (handler.Resolution, error) {
		return handler.Resolution{Scope: api.ScopeOnce, Decision: api.Decision{Behavior: api.Deny, Time: answered,
			Reason: api.Reason{Type: api.ReasonUser, Person: "tester"}}}, nil
	})
	e := projectWith(t, `{}`, warden.WithHandler(person), warden.WithClock(func() time.Time { return asked }))
	d, err := e.Decide(context.Background(), bash("touch x"))
	if err != nil {
		t.Fatal(err)
	}
	if d.Reason.Type != api.ReasonUser || !d.Time.Equal(answered) {
		t.Errorf("decision by %s at %v, want the person's answer at %v", d.Reason.Type, d.Time, answered)
	}
}
