package programs

import (
	"strings"
	"testing"
)

// TestEnvOfProcesses holds ps's Env.Processes to what ps reads: BSD option
// words (no dash) holding e add every process's environment; the value of
// a BSD option that takes one is no option word.
func TestEnvOfProcesses(t *testing.T) {
	env := Lookup("ps").Env
	for _, tc := range []struct {
		args string
		want bool
	}{
		{"eww", true},
		{"auxe", true},
		{"aux", false},
		{"-e", false}, // UNIX -e selects every process, not its environment
		{"o pid,etime", false},
		{"o e", false},
		{"axo pid e", true},
		{"-p 1 e", true},
		{"--pid 1 x", false},
	} {
		if got := env.OfProcesses(strings.Fields(tc.args)); got != tc.want {
			t.Errorf("ps %s: OfProcesses = %v, want %v", tc.args, got, tc.want)
		}
	}
}
