package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestCheckKeepsProjectRulesElsewhere checks that a call whose cwd belongs
// to no project of its own (the agent cd'd to its home directory or /tmp)
// keeps every rule of the project Warden runs for: the one --cwd names, or
// the one the agent's environment names. A cwd inside another project
// takes that project's rules.
func TestCheckKeepsProjectRulesElsewhere(t *testing.T) {
	w := newHookWorld(t, `{"permissions":{"deny":["Read(./.env)","Bash(curl:*)"]}}`)
	other := filepath.Join(w.home, "other")
	for p, content := range map[string]string{
		filepath.Join(w.project, ".env"):                     "T=1",
		filepath.Join(other, ".warden", "settings.json"):     `{}`,
		filepath.Join(other, ".env"):                         "T=2",
		filepath.Join(w.home, "scratch", "notes.txt"):        "x",
		filepath.Join(w.root, "elsewhere", "tmp", "x", ".k"): "",
	} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name, cwd, command, projectEnv, flagCwd string
		want                                    string
	}{
		{"cwd home, --cwd the project", w.home, "cat proj/.env", "", w.project, "deny"},
		{"cwd home, absolute path", w.home, "cat " + filepath.Join(w.project, ".env"), "", w.project, "deny"},
		{"cwd home, a Bash rule", w.home, "curl https://example.com", "", w.project, "deny"},
		{"cwd elsewhere", filepath.Join(w.root, "elsewhere", "tmp"), "cat " + filepath.Join(w.project, ".env"), "", w.project, "deny"},
		{"cwd home, the agent's project", w.home, "cat proj/.env", w.project, w.home, "deny"},
		{"cwd in another project: its rules", other, "curl https://example.com", "", w.project, "ask"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vars := map[string]string{}
			for k, v := range w.vars {
				vars[k] = v
			}
			if tt.projectEnv != "" {
				vars["CLAUDE_PROJECT_DIR"] = tt.projectEnv
			}
			req, _ := json.Marshal(map[string]any{"tool_name": "Bash", "tool_input": map[string]any{"command": tt.command}, "cwd": tt.cwd})
			var stdout, stderr bytes.Buffer
			env := &cliEnv{stdin: bytes.NewReader(nil), stdout: &stdout, stderr: &stderr, getenv: func(k string) string { return vars[k] }}
			if code := run(t.Context(), env, []string{"check", "--no-audit", "--cwd", tt.flagCwd, string(req)}); code != exitOK {
				t.Fatalf("warden check exited %d: %s", code, stderr.String())
			}
			var d struct {
				Behavior string
				Reason   struct{ Message string }
			}
			if err := json.Unmarshal(stdout.Bytes(), &d); err != nil {
				t.Fatal(err)
			}
			if d.Behavior != tt.want {
				t.Errorf("%s in %s: %s (%s), want %s", tt.command, tt.cwd, d.Behavior, d.Reason.Message, tt.want)
			}
		})
	}
}
