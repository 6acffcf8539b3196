package main

import (
	"bytes"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestCompletionBash sources the bash script in real bash and completes:
// the subcommands after "warden", the agents after "warden init".
func TestCompletionBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	var out, errb bytes.Buffer
	env := &cliEnv{stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	if code := run(t.Context(), env, []string{"completion", "bash"}); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, tt := range []struct {
		words, want string
	}{
		{"warden ch", "check"},
		{"warden co", "completion"},
		{"warden init c", "claude-code codex"},
	} {
		words := strings.Fields(tt.words)
		script := out.String() + "\nCOMP_WORDS=(" + tt.words + "); COMP_CWORD=" + strconv.Itoa(len(words)-1) + "; _warden; echo \"${COMPREPLY[*]}\""
		got, err := exec.Command(bash, "-c", script).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", tt.words, err, got)
		}
		if strings.TrimSpace(string(got)) != tt.want {
			t.Errorf("completing %q: %q, want %q", tt.words, strings.TrimSpace(string(got)), tt.want)
		}
	}
	for _, shell := range []string{"zsh", "fish"} {
		out.Reset()
		if code := run(t.Context(), env, []string{"completion", shell}); code != exitOK || !strings.Contains(out.String(), "check") {
			t.Errorf("completion %s: exit %d, %q", shell, code, out.String())
		}
	}
	if code := run(t.Context(), env, []string{"completion", "tcsh"}); code != exitUsage {
		t.Errorf("completion tcsh: exit %d, want usage", code)
	}
}
