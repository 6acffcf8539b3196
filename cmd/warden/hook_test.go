package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var updateHook = flag.Bool("update-hook", false, "rewrite the golden answers in testdata/hook/claude")

// TestHookGolden runs Claude Code's documented payloads through warden hook
// and compares the answers with the golden files beside them. The expected
// behaviour of each case is also stated here, so a golden file regenerated
// from a wrong engine still fails.
func TestHookGolden(t *testing.T) {
	want := map[string]string{
		"pre-bash-documented":    "allow",
		"pre-bash-deny-rule":     "deny",
		"pre-bash-ask-rule":      "ask",
		"pre-bash-readonly":      "allow",
		"pre-bash-dangerous":     "ask",
		"pre-bash-compound-deny": "deny",
		"pre-read-env":           "deny",
		"pre-read-source":        "allow",
		"pre-write-default":      "ask",
		"pre-edit-acceptedits":   "allow",
		"pre-write-plan":         "deny",
		"pre-webfetch-allowed":   "allow",
		"pre-mcp-deny":           "deny",
		"pre-subagent":           "allow",
		"pr-bash-deny":           "deny",
		"pr-bash-ask":            "none",
		"pr-bash-allow":          "allow",
	}
	dir := filepath.Join("..", "..", "testdata", "hook", "claude")
	payloads, err := filepath.Glob(filepath.Join(dir, "*.payload.json"))
	if err != nil || len(payloads) == 0 {
		t.Fatalf("no payloads in %s: %v", dir, err)
	}
	settings, err := os.ReadFile(filepath.Join(dir, "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	decisionID := regexp.MustCompile(`decision d-[0-9a-z-]+`)
	for _, p := range payloads {
		name := strings.TrimSuffix(filepath.Base(p), ".payload.json")
		t.Run(name, func(t *testing.T) {
			wantBehavior, ok := want[name]
			if !ok {
				t.Fatalf("no expected behaviour for %s", name)
			}
			root := t.TempDir()
			project := filepath.Join(root, "project")
			for _, d := range []string{".warden", "secrets"} {
				if err := os.MkdirAll(filepath.Join(project, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for file, content := range map[string]string{
				".warden/settings.json": string(settings),
				".env":                  "TOKEN=1\n",
				"main.go":               "package main\n",
			} {
				if err := os.WriteFile(filepath.Join(project, file), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			raw, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			payload := strings.ReplaceAll(string(raw), "$PROJECT", project)
			vars := map[string]string{
				"HOME":                    filepath.Join(root, "home"),
				"XDG_CONFIG_HOME":         filepath.Join(root, "home", ".config"),
				"XDG_STATE_HOME":          filepath.Join(root, "home", ".local", "state"),
				"WARDEN_MANAGED_SETTINGS": filepath.Join(root, "managed-settings.json"),
			}
			var stdout, stderr bytes.Buffer
			env := &cliEnv{stdin: strings.NewReader(payload), stdout: &stdout, stderr: &stderr, getenv: func(k string) string { return vars[k] }}
			if code := run(t.Context(), env, []string{"hook", "--no-audit"}); code != exitOK {
				t.Fatalf("warden hook exited %d; stderr: %s", code, stderr.String())
			}
			got := strings.ReplaceAll(stdout.String(), project, "$PROJECT")
			got = strings.ReplaceAll(got, vars["HOME"], "$HOME")
			got = decisionID.ReplaceAllString(got, "decision ID")

			var ans struct {
				HookSpecificOutput struct {
					PermissionDecision string
					Decision           *struct{ Behavior string }
				}
			}
			if err := json.Unmarshal([]byte(got), &ans); err != nil {
				t.Fatalf("answer is not JSON: %v\n%s", err, got)
			}
			gotBehavior := ans.HookSpecificOutput.PermissionDecision
			if strings.HasPrefix(name, "pr-") {
				gotBehavior = "none"
				if ans.HookSpecificOutput.Decision != nil {
					gotBehavior = ans.HookSpecificOutput.Decision.Behavior
				}
			}
			if gotBehavior != wantBehavior {
				t.Errorf("behaviour = %q, want %q\n%s", gotBehavior, wantBehavior, got)
			}

			golden := filepath.Join(dir, name+".answer.json")
			if *updateHook {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			wantAnswer, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -run TestHookGolden -update-hook)", err)
			}
			if diff := cmp.Diff(string(wantAnswer), got); diff != "" {
				t.Errorf("answer (-want +got):\n%s", diff)
			}
		})
	}
}
