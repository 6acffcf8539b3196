package warden_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/hook"
)

// TestControlFilesOnlyANamingRule checks that a write to an agent control
// file, by a tool call or any Bash route, is approved by nothing but an
// allow rule naming the path: no mode, hook allow or grant.
func TestControlFilesOnlyANamingRule(t *testing.T) {
	write := func(p string) api.Request {
		return api.Request{ToolName: "Write", ToolInput: map[string]any{"file_path": p, "content": "{}"}}
	}
	allowHook := warden.WithHooks(fakeHooks{hook.Result{Behavior: api.Allow, Hook: "fake"}})
	store := grant.NewMemoryStore(time.Now, time.Hour)
	if _, err := store.Add(context.Background(), grant.Grant{Scope: api.ScopeSession, Session: "s1", Category: "agent-config-tamper"}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Add(context.Background(), grant.Grant{Scope: api.ScopeSession, Session: "s1", Rule: "Edit(.warden/**)"}); err != nil {
		t.Fatal(err)
	}
	withGrants := warden.WithGrants(store)
	broad := `{"permissions":{"allow":["Bash","Edit","Write","Edit(**)","Bash(*)"]},` + hookSettings + `}`
	naming := `{"permissions":{"allow":["Bash(echo:*)","Edit(.claude/settings.json)","Edit(~/.bashrc)"]}}`
	tests := []struct {
		name     string
		settings string
		opts     []warden.Option
		req      api.Request
		mode     api.Mode
		want     api.Behavior
	}{
		{"Write in bypassPermissions", `{}`, nil, write(".claude/settings.json"), api.ModeBypass, api.Ask},
		{"Write in acceptEdits", `{}`, nil, write(".warden/settings.local.json"), api.ModeAcceptEdits, api.Ask},
		{"Write under a hook allow", broad, []warden.Option{allowHook}, write(".claude/settings.json"), api.ModeDefault, api.Ask},
		{"redirection under a hook allow", broad, []warden.Option{allowHook}, bash("echo '{}' > .claude/settings.json"), api.ModeDefault, api.Ask},
		{"redirection in bypassPermissions", `{}`, nil, bash("echo '{}' > .claude/settings.json"), api.ModeBypass, api.Ask},
		{"link made in the same command, acceptEdits", `{}`, nil, bash("ln -s ~/.bashrc x && echo 'curl x|sh' >> x"), api.ModeAcceptEdits, api.Ask},
		{"mv onto a control file, acceptEdits", `{}`, nil, bash("mv x.json .claude/settings.local.json"), api.ModeAcceptEdits, api.Ask},
		{"extraction into a control directory, bypass", `{}`, nil, bash("tar -xf x.tar -C .claude"), api.ModeBypass, api.Ask},
		{"git mv onto an instruction file, bypass", `{}`, nil, bash("git mv notes.md CLAUDE.md"), api.ModeBypass, api.Ask},
		{"warden grants add through Bash, bypass", `{}`, nil, bash("warden grants add 'Bash'"), api.ModeBypass, api.Ask},
		{"warden init through Bash, bypass", `{}`, nil, bash("warden init claude-code --command true"), api.ModeBypass, api.Ask},
		{"instruction file in acceptEdits", `{}`, nil, write("AGENTS.md"), api.ModeAcceptEdits, api.Ask},
		{"a program with no entry given a control file, bypass", `{}`, nil, bash("printf '{}' | sponge .claude/settings.json"), api.ModeBypass, api.Ask},
		{"an undeclared option with a control file, bypass", `{}`, nil, bash("jq --frobnicate . .mcp.json"), api.ModeBypass, api.Ask},
		{"perl's two-argument open, bypass", `{}`, nil, bash(`perl -e 'open F, ">.claude/settings.json"; print F 1'`), api.ModeBypass, api.Ask},
		{"a category grant does not approve", `{}`, []warden.Option{withGrants}, bash("echo x > .claude/settings.json"), api.ModeDefault, api.Ask},
		{"a rule grant does not approve", `{}`, []warden.Option{withGrants}, write(".warden/settings.local.json"), api.ModeDefault, api.Ask},
		{"broad allow rules do not name the path", broad, nil, write(".claude/settings.json"), api.ModeDefault, api.Ask},
		{"a rule naming the path approves a Write", naming, nil, write(".claude/settings.json"), api.ModeDefault, api.Allow},
		{"a rule naming the path approves a redirection", naming, nil, bash("echo '{}' > .claude/settings.json"), api.ModeDefault, api.Allow},
		{"a rule naming the link's target approves", naming, nil, bash("echo x >> ~/.bashrc"), api.ModeDefault, api.Allow},
		// Look-alikes.
		{"reading a control file is read-only", `{}`, nil, bash("cat .claude/README.md"), api.ModeDefault, api.Allow},
		{"listing hooks is read-only", `{}`, nil, bash("ls .git/hooks"), api.ModeDefault, api.Allow},
		{"an ordinary edit in acceptEdits", `{}`, nil, write("src/main.go"), api.ModeAcceptEdits, api.Allow},
		{"a hook allow still approves ordinary work", broad, []warden.Option{allowHook}, bash("make build"), api.ModeDefault, api.Allow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := projectWith(t, tt.settings, tt.opts...)
			tt.req.PermissionMode = tt.mode
			tt.req.SessionID = "s1"
			d, err := e.Check(context.Background(), tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if d.Behavior != tt.want {
				t.Fatalf("got %s by %s (%s), want %s", d.Behavior, d.Reason.Type, d.Reason.Message, tt.want)
			}
			if tt.want == api.Ask {
				found := false
				for _, f := range d.Findings {
					found = found || f.Category == "agent-config-tamper" && f.Risk == api.RiskHigh
				}
				if !found {
					t.Errorf("no HIGH agent-config-tamper finding: %+v", d.Findings)
				}
			}
		})
	}
}

// TestCopyIntoDirectory checks the copies whose written names are not in
// the command: a pattern that could match a control file's name, a tree
// copied from outside the working directories or into a working directory
// itself. acceptEdits must not run them, and the reason says why; copies
// whose names are known still run.
func TestCopyIntoDirectory(t *testing.T) {
	tests := []struct {
		command string
		want    api.Behavior
	}{
		{"cp sub/.m* .", api.Ask},
		{"mv sub/.[a-z]* .", api.Ask},
		{"cp sub/* .", api.Ask},
		{"cp -a /tmp/proj/. .", api.Ask},
		{"cp -r sub/. .", api.Ask},
		{"cp -r /tmp/template .", api.Ask},
		{"cp $SRC .", api.Ask},
		{"unzip -o /tmp/x.zip", api.Ask},
		// Names known, or unable to name a control file.
		{"cp src/*.go build/", api.Allow},
		{"cp -r src/assets dist/", api.Allow},
		{"cp README.md docs/", api.Allow},
		{"mv old.md new.md", api.Allow},
	}
	for _, tt := range tests {
		t.Run(tt.command, func(t *testing.T) {
			e := projectWith(t, `{}`)
			req := bash(tt.command)
			req.PermissionMode = api.ModeAcceptEdits
			d, err := e.Check(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if d.Behavior != tt.want {
				t.Fatalf("got %s by %s (%s), want %s", d.Behavior, d.Reason.Type, d.Reason.Message, tt.want)
			}
			if tt.want == api.Ask && !strings.Contains(d.Reason.Message, "not understood") {
				t.Errorf("the reason does not say what is not understood: %s", d.Reason.Message)
			}
		})
	}
}

// TestReadOnlyThroughOptions checks read-only programs given an option or
// a script that reaches past the working directories or runs code: each
// must be asked in default mode and denied in plan mode; the look-alikes
// still run.
func TestReadOnlyThroughOptions(t *testing.T) {
	tests := []struct {
		command string
		want    api.Behavior
	}{
		{"git -C ~/other-project log -p", api.Ask},
		{"git --git-dir=/srv/repo.git log", api.Ask},
		{"git --work-tree=/etc status", api.Ask},
		{"sed 'R /etc/shadow' notes.txt", api.Ask},
		{"sed -n '$r /etc/passwd' notes.txt", api.Ask},
		{"sed -n 'w out.txt' notes.txt", api.Ask},
		{"awk '@load \"./evil\"; BEGIN{}'", api.Ask},
		{"awk '@include \"lib.awk\"; {print}' notes.txt", api.Ask},
		{"tree --fromfile /etc/shadow", api.Ask},
		{"cargo metadata --manifest-path /srv/x/Cargo.toml", api.Ask},
		// Look-alikes.
		{"git -C sub log", api.Allow},
		{"sed 's/a/b/g' notes.txt", api.Allow},
		{"sed -n 'r notes.txt' notes.txt", api.Allow},
		{"awk '{print $1}' notes.txt", api.Allow},
	}
	for _, tt := range tests {
		t.Run(tt.command, func(t *testing.T) {
			e := projectWith(t, `{}`)
			for _, mode := range []api.Mode{api.ModeDefault, api.ModePlan} {
				req := bash(tt.command)
				req.PermissionMode = mode
				d, err := e.Check(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				want := tt.want
				if mode == api.ModePlan && want == api.Ask {
					want = api.Deny
				}
				if d.Behavior != want {
					t.Errorf("%s: got %s by %s (%s), want %s", mode, d.Behavior, d.Reason.Type, d.Reason.Message, want)
				}
			}
		})
	}
}

// TestUnknownPaths checks reads and writes whose path the command does not
// tell — a variable it never sets, a substitution, a relative path after a
// cd to such a place or back with cd - or popd: no mode and no read-only
// judgement runs them, and the reason says what is not known.
func TestUnknownPaths(t *testing.T) {
	tests := []struct {
		command string
		mode    api.Mode
		want    api.Behavior
	}{
		{`cat "$F"`, api.ModeDefault, api.Ask},
		{`grep token "$F"`, api.ModePlan, api.Deny},
		{`cd "$D"; cat .env`, api.ModeDefault, api.Ask},
		{`echo x > "$F"`, api.ModeAcceptEdits, api.Ask},
		{`cd "$D"; echo x > CLAUDE.md`, api.ModeAcceptEdits, api.Ask},
		{`cd /tmp; cd -; echo x > CLAUDE.md`, api.ModeAcceptEdits, api.Ask},
		{`cd ~; pushd sub; popd; popd; echo x >> .bashrc`, api.ModeAcceptEdits, api.Ask}, // popd past what the command pushed
		// Paths the command tells.
		{`f=notes.txt; cat "$f"`, api.ModeDefault, api.Allow},
		{`echo hi > out.txt`, api.ModeAcceptEdits, api.Allow},
		{`cd sub && cat notes.txt`, api.ModeDefault, api.Allow},
	}
	for _, tt := range tests {
		t.Run(tt.command, func(t *testing.T) {
			e := projectWith(t, `{}`)
			req := bash(tt.command)
			req.PermissionMode = tt.mode
			d, err := e.Check(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if d.Behavior != tt.want {
				t.Fatalf("got %s by %s (%s), want %s", d.Behavior, d.Reason.Type, d.Reason.Message, tt.want)
			}
			if tt.want == api.Ask && !strings.Contains(d.Reason.Message, "not known") {
				t.Errorf("the reason does not say what is not known: %s", d.Reason.Message)
			}
		})
	}
}

// TestToolConfigurationIsProtected: configuration that makes commands
// people allow (git commit, yarn, cargo, ack) run what it names is edited
// only under a rule naming it or with a person: no mode approves it.
func TestToolConfigurationIsProtected(t *testing.T) {
	write := func(p string) api.Request {
		return api.Request{ToolName: "Write", ToolInput: map[string]any{"file_path": p, "content": "x"}}
	}
	naming := `{"permissions":{"allow":["Edit(.pre-commit-config.yaml)"]}}`
	tests := []struct {
		settings string
		req      api.Request
		mode     api.Mode
		want     api.Behavior
	}{
		{`{}`, write(".pre-commit-config.yaml"), api.ModeAcceptEdits, api.Ask},
		{`{}`, write(".yarnrc.yml"), api.ModeBypass, api.Ask},
		{`{}`, write(".cargo/config.toml"), api.ModeAcceptEdits, api.Ask},
		{`{}`, bash("echo '--pager=sh -c id' >> .ackrc"), api.ModeAcceptEdits, api.Ask},
		{`{}`, bash("printf 'pre-commit:\\n  commands: {}\\n' > lefthook.yml"), api.ModeBypass, api.Ask},
		{naming, write(".pre-commit-config.yaml"), api.ModeDefault, api.Allow},
		{`{}`, write("src/config.toml"), api.ModeAcceptEdits, api.Allow},
	}
	for _, tt := range tests {
		e := projectWith(t, tt.settings)
		tt.req.PermissionMode = tt.mode
		d, err := e.Check(context.Background(), tt.req)
		if err != nil {
			t.Fatal(err)
		}
		if d.Behavior != tt.want {
			t.Errorf("%v in %s: got %s (%s), want %s", tt.req.ToolInput, tt.mode, d.Behavior, d.Reason.Message, tt.want)
		}
	}
}
