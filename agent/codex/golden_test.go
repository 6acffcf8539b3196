package codex_test

import (
	"testing"

	"github.com/wardenhq/warden/agent/agenttest"
	"github.com/wardenhq/warden/agent/codex"
)

// TestGolden runs every payload captured from the real agent through the
// adapter: the request Warden decides and the answer bytes for each
// decision (golden files in testdata/payloads/golden; -update rewrites).
func TestGolden(t *testing.T) {
	agenttest.Golden(t, codex.Adapter{}, "testdata/payloads")
}
