package warden_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/policytest"
)

// TestWrapperRulesMatchAsWritten checks that deny and ask rules on a
// wrapper match the part as written (timeout 5 ls is a timeout call) as
// well as unwrapped, through nesting, absolute paths and carriers, for
// Warden's rules and for Claude Code's imported ones.
func TestWrapperRulesMatchAsWritten(t *testing.T) {
	wrappers := []string{"timeout", "sudo", "env", "nice", "xargs", "watch", "nohup", "ionice", "stdbuf", "setsid", "time", "command", "bash"}
	var deny []string
	for _, w := range wrappers {
		deny = append(deny, `"Bash(`+w+`:*)"`)
	}
	tests := []struct{ command, rule string }{
		{"timeout 5 ls", "timeout"},
		{"/usr/bin/timeout 5 ls", "timeout"},
		{"sudo ls", "sudo"},
		{"sudo -u bob timeout 3 ls", "sudo"},
		{"env FOO=1 ls", "env"},
		{"nice -n 5 ls", "nice"},
		{"echo a | xargs ls", "xargs"},
		{"watch -n 1 ls", "watch"},
		{"nohup ls", "nohup"},
		{"ionice -c 3 ls", "ionice"},
		{"stdbuf -oL ls", "stdbuf"},
		{"setsid ls", "setsid"},
		{"time ls", "time"},
		{"command ls", "command"},
		{"bash -c 'ls'", "bash"},
		{"sh -c 'timeout 5 ls'", "timeout"},
	}
	denies := projectWith(t, `{"permissions":{"deny":[`+strings.Join(deny, ",")+`]}}`)
	asks := projectWith(t, `{"permissions":{"ask":[`+strings.Join(deny, ",")+`]}}`)
	f := &policytest.File{
		Settings: []byte(`{"importClaudeCodeSettings": true}`),
		Files:    map[string]string{".claude/settings.json": `{"permissions":{"deny":[` + strings.Join(deny, ",") + `]}}`},
	}
	imported, _ := scratchProject(t, f)
	for _, tt := range tests {
		for name, c := range map[string]struct {
			e    *warden.Engine
			want api.Behavior
		}{"deny": {denies, api.Deny}, "ask": {asks, api.Ask}, "imported": {imported, api.Deny}} {
			d, err := c.e.Check(context.Background(), bash(tt.command))
			if err != nil {
				t.Fatal(err)
			}
			if d.Behavior != c.want || d.Reason.Type != api.ReasonRule {
				t.Errorf("%s rules, %q: %s by %s (%s), want %s by a rule", name, tt.command, d.Behavior, d.Reason.Type, d.Reason.Message, c.want)
			}
		}
	}
	// The unwrapped command still matches too, and an allow rule on the
	// wrapped program still covers the wrapped call.
	e := projectWith(t, `{"permissions":{"deny":["Bash(rm:*)"],"allow":["Bash(ls:*)"]}}`)
	for cmd, want := range map[string]api.Behavior{"timeout 5 rm x": api.Deny, "nice ls": api.Allow, "nohup ls -la": api.Allow} {
		if d, _ := e.Check(context.Background(), bash(cmd)); d.Behavior != want {
			t.Errorf("%q: %s (%s), want %s", cmd, d.Behavior, d.Reason.Message, want)
		}
	}
}

// TestAllowRuleCoversOwnWrites checks that an allow rule matching a Bash
// part covers the files that part writes inside the working directories,
// never a protected path, an agent control file or a path outside, and
// that the reason then names what is missing.
func TestAllowRuleCoversOwnWrites(t *testing.T) {
	e := projectWith(t, `{"permissions":{"allow":["Bash(touch:*)","Bash(rm -rf node_modules)","Bash(npm run build:*)"]}}`)
	root := e.Settings().ProjectRoot
	if err := os.MkdirAll(filepath.Join(root, "node_modules"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		command string
		want    api.Behavior
		reason  string
	}{
		{"touch made.txt", api.Allow, "Bash(touch:*)"},
		{"touch src/a.go src/b.go", api.Allow, "Bash(touch:*)"},
		{"rm -rf node_modules", api.Allow, "Bash(rm -rf node_modules)"},
		{"npm run build > build.log", api.Allow, "Bash(npm run build:*)"},
		{"touch ../outside.txt", api.Ask, "Bash(touch:*) allows touch ../outside.txt but not its write to"},
		{"touch ~/.bashrc", api.Ask, "Bash(touch:*) allows touch ~/.bashrc but not its write to"},
		{"touch .git/hooks/pre-commit", api.Ask, "but not its write to"},
		{"touch .warden/settings.local.json", api.Ask, "but not its write to"},
		{"touch .claude/settings.json", api.Ask, "but not its write to"},
		{"touch made.txt && echo x > notes.txt", api.Ask, "no rule allows echo x > notes.txt"},
	}
	for _, tt := range tests {
		d, err := e.Check(context.Background(), bash(tt.command))
		if err != nil {
			t.Fatal(err)
		}
		if d.Behavior != tt.want || !strings.Contains(d.Reason.Message, tt.reason) {
			t.Errorf("%q: %s (%s), want %s with %q", tt.command, d.Behavior, d.Reason.Message, tt.want, tt.reason)
		}
		if strings.Contains(d.Reason.Message, "no rule allows touch") {
			t.Errorf("%q: the reason says no rule allows a command a rule allows: %s", tt.command, d.Reason.Message)
		}
	}
}

// TestSuggestionsCoverTheCall checks what "always" is offered: one rule per
// part that needs one (no separate Edit rule for a file the part writes
// inside the project), never broader than the call for programs that run
// given code, and nothing when some part no rule can allow.
func TestSuggestionsCoverTheCall(t *testing.T) {
	e := projectWith(t, `{}`)
	for _, tt := range []struct {
		command string
		want    []string
	}{
		{"touch made.txt", []string{"Bash(touch:*)"}},
		{"mkdir build && npm test", []string{"Bash(mkdir:*)", "Bash(npm test:*)"}},
		{`psql -c "select 1"`, []string{"Bash(psql -c 'select 1')"}},
		{"npm test && rm -rf ~/x", nil},
		{"touch ../out.txt", nil},
	} {
		d, err := e.Check(context.Background(), bash(tt.command))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(d.Suggestions, " ") != strings.Join(tt.want, " ") {
			t.Errorf("%q: suggestions %q, want %q", tt.command, d.Suggestions, tt.want)
		}
	}
}

// TestAlwaysWritesOnlyWhatTakesEffect answers "always" and checks what
// lands in the local settings file: the offered rules when they cover the
// call; nothing, with the reason, when an ask rule would override them,
// when the person's rule was not offered, or when it covers only half of a
// compound command.
func TestAlwaysWritesOnlyWhatTakesEffect(t *testing.T) {
	approve := func(rule string) handler.Handler {
		return handler.HandlerFunc(func(ctx context.Context, ask *handler.Ask) (handler.Resolution, error) {
			return handler.Resolution{Scope: api.ScopeAlways, Rule: rule, Decision: api.Decision{Behavior: api.Allow,
				Reason: api.Reason{Type: api.ReasonUser, Person: "p"}}}, nil
		})
	}
	for _, tt := range []struct {
		name, command, picked string
		written               []string
		warning               string
	}{
		{"offered rules", "mkdir build && npm test", "", []string{"Bash(mkdir:*)", "Bash(npm test:*)"}, ""},
		{"an ask rule overrides", "git push origin main", "", nil, "would still ask"},
		{"not offered", "npm test", "Bash", nil, "not one of the rules offered"},
		{"half a compound", "mkdir build && npm test", "Bash(npm test:*)", nil, "would not cover the whole call"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := projectWith(t, `{"permissions":{"ask":["Bash(git push:*)"]}}`, warden.WithHandler(approve(tt.picked)))
			d, err := e.Decide(context.Background(), bash(tt.command))
			if err != nil {
				t.Fatal(err)
			}
			if d.Behavior != api.Allow {
				t.Fatalf("%s (%s), want allowed once", d.Behavior, d.Reason.Message)
			}
			data, _ := os.ReadFile(e.Settings().LocalFile)
			for _, r := range tt.written {
				if !strings.Contains(string(data), r) {
					t.Errorf("%s was not written: %s", r, data)
				}
			}
			if tt.written == nil && strings.Contains(string(data), "Bash") {
				t.Errorf("a rule was written: %s", data)
			}
			if tt.warning != "" && !strings.Contains(strings.Join(d.Warnings, "\n"), tt.warning) {
				t.Errorf("warnings %q, want one saying %q", d.Warnings, tt.warning)
			}
		})
	}
}
