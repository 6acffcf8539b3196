package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestHookProjectRoot checks that settings and ./ rules come from the
// project root, not from the call's cwd: Claude Code sends
// cwd=<project>/src after the agent ran cd src, and cwd=$HOME after cd ~,
// with the project in CLAUDE_PROJECT_DIR. Without that variable the root
// is the nearest .warden/, else the git work tree.
func TestHookProjectRoot(t *testing.T) {
	type call struct {
		cwd, command, projectEnv string // cwd and CLAUDE_PROJECT_DIR relative to the world's root; "-" for none
		want                     string
	}
	tests := []struct {
		name  string
		files map[string]string // relative to the world's root
		calls []call
	}{
		{
			name:  "a subdirectory keeps ./ rules",
			files: map[string]string{"home/proj/.warden/settings.json": `{"permissions":{"deny":["Read(./.env)","Read(./secrets/**)"]}}`, "home/proj/.env": "T=1", "home/proj/secrets/k": "k"},
			calls: []call{
				{"home/proj/src", "cat ../.env", "home/proj", "deny"},
				{"home/proj/src", "cat ../secrets/k", "home/proj", "deny"},
				{"home/proj/src", "cat ../.env", "-", "deny"},
				{"home/proj/src", "ls ..", "home/proj", "allow"}, // the project root is a working directory
			},
		},
		{
			name:  "cwd outside the project keeps every project rule",
			files: map[string]string{"home/proj/.warden/settings.json": `{"permissions":{"deny":["Bash(curl:*)","Read(./.env)"]}}`, "home/proj/.env": "T=1"},
			calls: []call{
				{"home", "curl https://example.com", "home/proj", "deny"},
				{"home", "cat proj/.env", "home/proj", "deny"},
				{"home", "rm -rf proj/src", "home/proj", "ask"},
			},
		},
		{
			name: "no variable: the git work tree root",
			files: map[string]string{
				"home/proj/.git/HEAD":               "ref: refs/heads/main\n",
				"home/proj/.claude/settings.json":   `{"permissions":{"deny":["Bash(curl:*)"]}}`,
				"home/.config/warden/settings.json": `{"importClaudeCodeSettings": true}`,
				"home/proj/src/pkg/.keep":           "",
			},
			calls: []call{
				{"home/proj/src/pkg", "curl https://example.com", "-", "deny"},
				{"home/proj", "curl https://example.com", "-", "deny"},
			},
		},
		{
			name: "nested .warden: the nearest, unless the agent names the project",
			files: map[string]string{
				"home/proj/.warden/settings.json":     `{"permissions":{"deny":["Bash(curl:*)"]}}`,
				"home/proj/sub/.warden/settings.json": `{"permissions":{"deny":["Bash(wget:*)"]}}`,
				"home/proj/sub/deeper/.keep":          "",
			},
			calls: []call{
				{"home/proj/sub/deeper", "wget https://example.com", "-", "deny"},
				{"home/proj/sub/deeper", "curl https://example.com", "home/proj", "deny"},
				{"home/proj/sub/deeper", "wget https://example.com", "home/proj/sub", "deny"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newHookWorld(t, `{}`)
			for name, content := range tt.files {
				p := filepath.Join(w.root, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if _, ok := tt.files["home/proj/.warden/settings.json"]; !ok {
				os.RemoveAll(filepath.Join(w.project, ".warden"))
			}
			for _, c := range tt.calls {
				p := realPayload(t, "pretooluse-bash-default", w.root)
				p["cwd"] = filepath.Join(w.root, c.cwd)
				p["tool_input"].(map[string]any)["command"] = c.command
				delete(w.vars, "CLAUDE_PROJECT_DIR")
				if c.projectEnv != "-" {
					w.vars["CLAUDE_PROJECT_DIR"] = filepath.Join(w.root, c.projectEnv)
				}
				if got := w.hook(t, p, "--no-audit"); got.behavior != c.want {
					t.Errorf("%s in %s (CLAUDE_PROJECT_DIR %s): %s (%s), want %s", c.command, c.cwd, c.projectEnv, got.behavior, got.reason, c.want)
				}
			}
		})
	}
}
