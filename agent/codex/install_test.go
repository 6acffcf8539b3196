package codex

import (
	"context"
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
