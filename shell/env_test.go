package shell

import (
	"testing"

	"github.com/wardenhq/warden/programs"
)

// TestEnvExamples runs the environment table's examples (programs.Env):
// each Flagged command gets a finding in the row's category (or, for a row
// that raises none, is not read-only), and each Passes look-alike gets no
// finding in it.
func TestEnvExamples(t *testing.T) {
	for _, e := range programs.Env {
		if e.Value == 0 {
			t.Errorf("%v: no Value", e.Names)
		}
		if e.Raises != 0 && e.Why == "" {
			t.Errorf("%v: raises %s with no Why", e.Names, e.Raises.Slug())
		}
		if e.Raises != 0 && len(e.Flagged) == 0 {
			t.Errorf("%v: raises %s with no Flagged example", e.Names, e.Raises.Slug())
		}
		for _, cmd := range e.Flagged {
			an := Analyze(cmd, spellingOptions)
			if e.Raises == 0 {
				if allReadOnly(an) {
					t.Errorf("%v: %q is read-only", e.Names, cmd)
				}
				continue
			}
			if !hasCategory(an, e.Raises.Slug()) {
				t.Errorf("%v: %q is not flagged %s: %+v", e.Names, cmd, e.Raises.Slug(), an.Findings)
			}
		}
		for _, cmd := range e.Passes {
			an := Analyze(cmd, spellingOptions)
			if e.Raises != 0 && hasCategory(an, e.Raises.Slug()) {
				t.Errorf("%v: %q is flagged %s: %+v", e.Names, cmd, e.Raises.Slug(), an.Findings)
			}
		}
	}
}

// TestEnvLookup: exact names before patterns, patterns in table order.
func TestEnvLookup(t *testing.T) {
	for _, c := range []struct {
		name string
		want programs.EnvValue
	}{
		{"PATH", programs.EnvProgramDirs},
		{"GIT_TRACE_PACKET", programs.EnvWrites},
		{"GIT_SSH_COMMAND", programs.EnvCode},
		{"GIT_AUTHOR_NAME", programs.EnvRead},
		{"claude_yolo", programs.EnvOn},
		{"LANG", programs.EnvSafe},
		{"GOFLAGS", programs.EnvFlags},
		{"GOPATH", programs.EnvRead},
	} {
		e := programs.EnvOf(c.name)
		if e == nil || e.Value != c.want {
			t.Errorf("EnvOf(%q) = %+v, want Value %d", c.name, e, c.want)
		}
	}
	if e := programs.EnvOf("MY_APP_SETTING"); e != nil {
		t.Errorf("EnvOf(MY_APP_SETTING) = %+v, want nil", e)
	}
	if !modelledState("IFS") || !unsafeEnvNames("IFS") || modelledState("LD_PRELOAD") {
		t.Error("IFS is unsafe and modelled; LD_PRELOAD is not modelled")
	}
}

func allReadOnly(an *Analysis) bool {
	if len(an.Parts) == 0 {
		return false
	}
	for _, p := range an.Parts {
		if !p.ReadOnly {
			return false
		}
	}
	return true
}
