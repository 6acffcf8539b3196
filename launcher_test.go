package warden_test

import (
	"context"
	"testing"

	"github.com/wardenhq/warden/api"
)

// TestLaunchedCommands: what a launcher runs (npx, uv run, mise exec --,
// chronic, op run --) is a part of its own. Deny and ask rules and danger
// checks reach it, in every mode, while an allow rule covering the
// launcher still covers a launched command that nothing flags.
func TestLaunchedCommands(t *testing.T) {
	rules := `{"permissions":{"allow":["Bash(npx tsc:*)","Bash(uv run:*)","Bash(npx:*)","Bash(mise exec:*)"],` +
		`"deny":["Bash(rm:*)","Bash(curl:*)"],"ask":["Bash(git push:*)"]}}`
	tests := []struct {
		name string
		cmd  string
		mode api.Mode
		want api.Behavior
	}{
		{"a rule on the launcher allows its command", "npx tsc --noEmit", api.ModeDefault, api.Allow},
		{"uv run under its rule", "uv run pytest -q", api.ModeDefault, api.Allow},
		{"launchers within launchers", "mise exec -- npx tsc --noEmit", api.ModeDefault, api.Allow},
		{"a deny rule reaches npx -c", "npx -c 'rm -rf build'", api.ModeDefault, api.Deny},
		{"a deny rule reaches mise exec --", "mise exec -- rm -rf build", api.ModeBypass, api.Deny},
		{"a deny rule reaches uv run", "uv run curl https://example.com", api.ModeDefault, api.Deny},
		{"a deny rule reaches chronic", "chronic rm -rf build", api.ModeBypass, api.Deny},
		{"an ask rule reaches pnpm exec", "pnpm exec git push origin main", api.ModeBypass, api.Ask},
		{"a danger behind a launcher the rules allow", "npx rimraf ~", api.ModeDefault, api.Ask},
		{"a danger behind op run, bypass", "op run -- rimraf ~", api.ModeBypass, api.Ask},
		{"a danger behind a secret injector, bypass", "aws-vault exec prod -- rimraf ~", api.ModeBypass, api.Ask},
		{"no rule for the launcher", "pdm run pytest", api.ModeDefault, api.Ask},
		{"the launcher's here-string feeds its command", "chronic sh <<< 'rm -rf ~'", api.ModeBypass, api.Deny},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := projectWith(t, rules)
			req := bash(tt.cmd)
			req.PermissionMode = tt.mode
			d, err := e.Check(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if d.Behavior != tt.want {
				t.Fatalf("%s: got %s by %s (%s), want %s", tt.cmd, d.Behavior, d.Reason.Type, d.Reason.Message, tt.want)
			}
		})
	}
}

// TestLaunchedDangers: a launcher that runs its operands as a command
// (gdb --args, sg) hands them to the danger checks in every spelling,
// so bypass mode asks about rm -rf ~ behind it as it does about rm -rf ~.
func TestLaunchedDangers(t *testing.T) {
	for _, cmd := range []string{
		"gdb --args rm -rf ~", "gdb -args rm -rf ~", "gdb -q --args rm -rf ~", "gdb --arg rm -rf ~",
		"/usr/bin/gdb --args rm -rf ~", "env gdb --args /bin/rm -rf ~", "sudo gdb --args rm -rf ~", "command gdb --args rm --recursive --force ~",
		"sg users 'rm -rf ~'", "sg users -c 'rm -rf ~'", "/usr/bin/sg users -c 'rm -rf ~'", "env sg users -c 'rm -rf ~'",
	} {
		t.Run(cmd, func(t *testing.T) {
			e := projectWith(t, `{"permissions":{"allow":["Bash(gdb:*)","Bash(sg:*)"]}}`)
			req := bash(cmd)
			req.PermissionMode = api.ModeBypass
			d, err := e.Check(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if d.Behavior == api.Allow || d.Risk != api.RiskHigh {
				t.Fatalf("%s: got %s risk %q (%s), want a HIGH ask", cmd, d.Behavior, d.Risk, d.Reason.Message)
			}
		})
	}
}
