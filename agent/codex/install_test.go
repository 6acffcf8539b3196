package codex

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wardenhq/warden/agent/hookconf"
)

// TestHookBlocksWhenBinaryMissing: the command warden init codex writes
// blocks the call (exit 2 with a reason) when the binary is gone, where
// Codex would run the call on the shell's exit 127.
func TestHookBlocksWhenBinaryMissing(t *testing.T) {
	dir := t.TempDir()
	cmd := BlockOnFailure(hookconf.ShellQuote(filepath.Join(dir, "gone", "warden")) + " hook --agent codex")
	if BlockOnFailure(cmd) != cmd {
		t.Error("the suffix is added twice")
	}
	a, _, err := hookconf.Run(context.Background(), cmd, dir, Adapter{}.Probe(dir, false))
	if err != nil {
		t.Fatal(err)
	}
	if a.Exit != 2 || strings.TrimSpace(a.Stderr) == "" {
		t.Fatalf("missing binary: exit %d, stderr %q; want exit 2 with a reason", a.Exit, a.Stderr)
	}
	if err := (Adapter{}).Verify(a, true); err != nil {
		t.Errorf("Codex would not block it: %v", err)
	}
}

// TestDoctorTimeout: a Codex hook whose timeout is not above Warden's
// approval timeout is a problem that says Codex then runs the call and
// names the fix.
func TestDoctorTimeout(t *testing.T) {
	home := t.TempDir()
	hooks := `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"warden hook --agent codex","timeout":30}]}]}}`
	if err := os.WriteFile(filepath.Join(home, "hooks.json"), []byte(hooks), 0o644); err != nil {
		t.Fatal(err)
	}
	key := TrustKey(filepath.Join(home, "hooks.json"), "PreToolUse", 0, 0)
	config := SetTrust("", key, TrustHash("PreToolUse", Handler{Command: "warden hook --agent codex", Timeout: 30}))
	if err := os.WriteFile(filepath.Join(home, "config.toml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	env := map[string]string{"CODEX_HOME": home}
	c := &hookconf.Checkup{W: &out, Getenv: func(k string) string { return env[k] }, Dir: home, Root: home, Approval: 60}
	Agent{}.Doctor(context.Background(), c)
	for _, w := range []string{"trusted (", "timeout 30s is not above Warden's approval timeout (60s)", "runs the call; re-run `warden init codex` to set it to 90s"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("missing %q in\n%s", w, out.String())
		}
	}
}
