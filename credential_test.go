package warden_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/policytest"
)

// TestCredentialReadsEveryRoute checks that credentials, and the approval
// daemon's approver token above all, are read by no route a mode,
// read-only or a broad allow rule approves: the Read and Grep tools, a
// pattern, a recursive search or a copy of their directory, find -exec.
// Only an allow rule naming the file, or a person, settles them; listing
// names and reading other files are unchanged.
func TestCredentialReadsEveryRoute(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "warden")
	token := filepath.Join(dir, "approver.token")
	secrets := warden.WithSecrets(token)
	read := func(tool, key, p string) api.Request {
		return api.Request{ToolName: tool, ToolInput: map[string]any{key: p, "pattern": "x"}}
	}
	broad := `{"permissions":{"allow":["Read","Grep","Bash(cat:*)","Bash(grep:*)","Bash(cp:*)","Bash(find:*)"]}}`
	naming := `{"permissions":{"allow":["Read(~/.aws/credentials)"]}}`
	tests := []struct {
		name     string
		settings string
		secret   bool
		req      api.Request
		mode     api.Mode
		want     api.Behavior
		category string // the finding an ask must carry
	}{
		{"Read of the approver token, bypass", `{}`, true, read("Read", "file_path", token), api.ModeBypass, api.Ask, "credential-access"},
		{"Read of the approver token, broad rules", broad, true, read("Read", "file_path", token), api.ModeDefault, api.Ask, "credential-access"},
		{"Grep over the token's directory", broad, true, read("Grep", "path", dir), api.ModeBypass, api.Ask, "credential-access"},
		{"cat the token", broad, true, bash("cat " + token), api.ModeBypass, api.Ask, "credential-access"},
		{"cat a pattern matching the token", broad, true, bash("cat " + dir + "/*"), api.ModeBypass, api.Ask, "credential-access"},
		{"grep -r over the token's directory", broad, true, bash("grep -r . " + dir), api.ModeBypass, api.Ask, "credential-access"},
		{"copy the token into the project", broad, true, bash("cp " + dir + "/*.token ."), api.ModeBypass, api.Ask, "credential-access"},
		{"find -exec cat below the token", broad, true, bash("find " + dir + " -type f -exec cat {} +"), api.ModeBypass, api.Ask, "credential-access"},
		{"Write the token", `{}`, true, api.Request{ToolName: "Write", ToolInput: map[string]any{"file_path": token, "content": "mine"}},
			api.ModeBypass, api.Ask, "agent-config-tamper"},
		{"Read of a cloud credential, bypass", `{}`, false, read("Read", "file_path", "~/.aws/credentials"), api.ModeBypass, api.Ask, "credential-access"},
		{"Read of a private key, broad rules", broad, false, read("Read", "file_path", "~/.ssh/id_ed25519"), api.ModeDefault, api.Ask, "credential-access"},
		{"Grep over ~/.ssh, bypass", `{}`, false, read("Grep", "path", "~/.ssh"), api.ModeBypass, api.Ask, "credential-access"},
		{"cat ~/.ssh/*, bypass", `{}`, false, bash("cat ~/.ssh/*"), api.ModeBypass, api.Ask, "credential-access"},
		{"grep -r over ~/.aws, bypass", `{}`, false, bash("grep -r . ~/.aws"), api.ModeBypass, api.Ask, "credential-access"},
		{"rg over ~/.config, bypass", `{}`, false, bash("rg token ~/.config"), api.ModeBypass, api.Ask, "credential-access"},
		{"cp -r ~/.aws into the project, bypass", `{}`, false, bash("cp -r ~/.aws ./aws"), api.ModeBypass, api.Ask, "credential-access"},
		{"zip -r ~/.ssh, bypass", `{}`, false, bash("zip -r keys.zip ~/.ssh"), api.ModeBypass, api.Ask, "credential-access"},
		// What a rule naming the file, and look-alikes, still do.
		{"a rule naming the credential approves", naming, false, read("Read", "file_path", "~/.aws/credentials"), api.ModeDefault, api.Allow, ""},
		{"Read of the token's neighbour", broad, true, read("Read", "file_path", filepath.Join(dir, "notes.txt")), api.ModeDefault, api.Allow, ""},
		{"Glob lists names only", `{}`, false, api.Request{ToolName: "Glob", ToolInput: map[string]any{"pattern": "~/.ssh/*.pub"}}, api.ModeBypass, api.Allow, ""},
		{"public keys are not secrets", `{}`, false, bash("cat ~/.ssh/*.pub"), api.ModeBypass, api.Allow, ""},
		{"grep -r in the project", `{}`, false, bash("grep -rn TODO src/"), api.ModeDefault, api.Allow, ""},
		{"listing ~/.ssh", `{}`, false, bash("ls -la ~/.ssh"), api.ModeBypass, api.Allow, ""},
		{"Read in the project", `{}`, false, read("Read", "file_path", "src/main.go"), api.ModeDefault, api.Allow, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var opts []warden.Option
			if tt.secret {
				opts = append(opts, secrets)
			}
			// The files the patterns match are on disk: a pattern is judged
			// by what it matches there.
			if err := os.MkdirAll(dir, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(token, []byte("approver-token"), 0o600); err != nil {
				t.Fatal(err)
			}
			f := &policytest.File{Settings: []byte(tt.settings), Files: map[string]string{"../../.ssh/id_ed25519": "key", "../../.ssh/id_ed25519.pub": "ssh-ed25519 AAAA"}}
			e, _ := scratchProject(t, f, opts...)
			tt.req.PermissionMode = tt.mode
			d, err := e.Check(context.Background(), tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if d.Behavior != tt.want {
				t.Fatalf("got %s by %s (%s), want %s", d.Behavior, d.Reason.Type, d.Reason.Message, tt.want)
			}
			if tt.category == "" {
				return
			}
			found := false
			for _, f := range d.Findings {
				found = found || f.Category == tt.category
			}
			if !found {
				t.Errorf("no %s finding: %+v", tt.category, d.Findings)
			}
		})
	}
}
