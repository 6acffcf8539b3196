package shell

import (
	"testing"

	"github.com/wardenhq/warden/programs"
)

// TestFlowExamples runs every entry's declared Flow examples: each shell
// command must be flagged, since what the program reads — the
// environment, a credential tree — reaches the transcript or a copy the
// agent can read. Their look-alikes, where the flow stops, must pass.
func TestFlowExamples(t *testing.T) {
	n := 0
	for _, s := range programs.All() {
		for _, cmd := range s.Flow.Examples {
			n++
			if an := Analyze(cmd, corpusOptions); !an.Dangerous() {
				t.Errorf("%s: %q is not flagged; its entry says what it reads is exposed", s.Names[0], cmd)
			}
		}
	}
	if n < 15 {
		t.Errorf("only %d examples ran", n)
	}
	for _, cmd := range []string{"env | wc -l", "env | sha256sum", "env | grep PATH", "env > /dev/null", "cp ~/.aws/config.sample /tmp/x"} {
		if an := Analyze(cmd, corpusOptions); an.Dangerous() {
			t.Errorf("%q is flagged: %v", cmd, an.Findings)
		}
	}
}
