package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"
)

// TestServeTokenFileIsASecret: the approver's token kept in --token-file is
// read by no agent call the daemon decides — not even in bypassPermissions
// or under a rule allowing every Read — and editing it is tampering. An
// agent that read it could approve its own asks.
func TestServeTokenFileIsASecret(t *testing.T) {
	dir := t.TempDir()
	vars := hookEnv(dir)
	project := filepath.Join(dir, "project")
	if err := os.MkdirAll(filepath.Join(project, ".warden"), 0o755); err != nil {
		t.Fatal(err)
	}
	settings := `{"permissions":{"allow":["Read","Grep","Bash(cat:*)"]}}`
	if err := os.WriteFile(filepath.Join(project, ".warden", "settings.json"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	tokens := filepath.Join(vars["HOME"], ".config", "warden-serve")
	if err := os.MkdirAll(tokens, 0o700); err != nil {
		t.Fatal(err)
	}
	tokenFile := filepath.Join(tokens, "approver.token")
	d := startDaemon(t, vars, "--cwd", project, "--token-file", tokenFile, "--agent-token-file", filepath.Join(tokens, "agent.token"))

	tests := []struct {
		name     string
		tool     string
		input    map[string]any
		mode     string
		want     string
		category string
	}{
		{"Read the token, bypass", "Read", map[string]any{"file_path": tokenFile}, "bypassPermissions", "ask", "credential-access"},
		{"Read the token, allow rule Read", "Read", map[string]any{"file_path": tokenFile}, "default", "ask", "credential-access"},
		{"Grep its directory", "Grep", map[string]any{"pattern": ".", "path": tokens}, "bypassPermissions", "ask", "credential-access"},
		{"cat it through Bash", "Bash", map[string]any{"command": "cat " + tokenFile}, "default", "ask", "credential-access"},
		{"cat a pattern", "Bash", map[string]any{"command": "cat " + tokens + "/*"}, "bypassPermissions", "ask", "credential-access"},
		{"Write it", "Write", map[string]any{"file_path": tokenFile, "content": "chosen-by-the-agent-0123456789"}, "bypassPermissions", "ask", "agent-config-tamper"},
		{"the agent's own token file is not the approver's", "Read", map[string]any{"file_path": filepath.Join(tokens, "agent.token")}, "default", "allow", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, _ := json.Marshal(map[string]any{"tool_name": tt.tool, "tool_input": tt.input, "cwd": project, "permission_mode": tt.mode, "session_id": "s1"})
			req, err := http.NewRequest(http.MethodPost, d.url+"/v1/check", bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Authorization", "Bearer "+d.agentToken)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			data, _ := io.ReadAll(resp.Body)
			var got struct {
				Behavior string `json:"behavior"`
				Reason   struct {
					Message string `json:"message"`
				} `json:"reason"`
				Findings []struct {
					Category string `json:"category"`
				} `json:"findings"`
			}
			if err := json.Unmarshal(data, &got); err != nil {
				t.Fatalf("%d %s: %v", resp.StatusCode, data, err)
			}
			if got.Behavior != tt.want {
				t.Fatalf("behavior %s (%s), want %s", got.Behavior, got.Reason.Message, tt.want)
			}
			if tt.category == "" {
				return
			}
			found := false
			for _, f := range got.Findings {
				found = found || f.Category == tt.category
			}
			if !found {
				t.Errorf("no %s finding: %s", tt.category, data)
			}
		})
	}
}
