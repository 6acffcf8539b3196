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

// FuzzParse runs the adapter over arbitrary payloads, seeded with the real
// ones (agenttest.Fuzz says what must hold).
func FuzzParse(f *testing.F) {
	agenttest.Seed(f, "testdata/payloads")
	f.Fuzz(func(t *testing.T, data []byte) {
		agenttest.Fuzz(t, codex.Adapter{}, data)
	})
}
