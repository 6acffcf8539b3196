package claudecode

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wardenhq/warden/agent/hookconf"
)

// TestDoctorTimeout: a deciding hook whose timeout is not above Warden's
// approval timeout is a problem whose text says what Claude Code then does
// — with onFailure block it blocks the call, without it runs it — and names
// the fix; one above it is not.
func TestDoctorTimeout(t *testing.T) {
	tests := []struct {
		name, handler string
		want, not     []string
	}{
		{"short, blocks", `{"type":"command","command":"warden hook","timeout":30,"onFailure":"block"}`,
			[]string{"timeout 30s is not above Warden's approval timeout (60s)", "blocks the call (onFailure: block)", "re-run `warden init claude-code` to set it to 90s"},
			[]string{"runs the call;", "no \"onFailure\""}},
		{"short, no onFailure", `{"type":"command","command":"warden hook","timeout":30}`,
			[]string{"and runs the call; re-run `warden init claude-code`", "has no \"onFailure\": \"block\""}, []string{"blocks the call (onFailure"}},
		{"long enough", `{"type":"command","command":"warden hook","timeout":90,"onFailure":"block"}`,
			nil, []string{"is not above", "onFailure\": \"block\": if"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			file := filepath.Join(root, ".claude", "settings.json")
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(`{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[`+tt.handler+`]}]}}`), 0o644); err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			c := &hookconf.Checkup{W: &out, Getenv: func(string) string { return "" }, Home: filepath.Join(root, "home"), Dir: root, Root: root, Approval: 60}
			Agent{}.Doctor(context.Background(), c)
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("missing %q in\n%s", w, out.String())
				}
			}
			for _, n := range tt.not {
				if strings.Contains(out.String(), n) {
					t.Errorf("unexpected %q in\n%s", n, out.String())
				}
			}
		})
	}
}
