package shell

import (
	"testing"

	"github.com/wardenhq/warden/programs"
)

// TestProgramExamples runs every program entry's examples through the
// analysis: each ReadOnly example is known, read-only and unflagged in
// every part; each Flagged example is flagged, unknown or not read-only in
// some part. Subcommand entries' examples run too.
func TestProgramExamples(t *testing.T) {
	n := 0
	var walk func(s *programs.Spec)
	walk = func(s *programs.Spec) {
		for _, cmd := range s.ReadOnly {
			n++
			an := Analyze(cmd, corpusOptions)
			if an.Dangerous() || an.ParseError != nil {
				t.Errorf("%s: %q is flagged: %v", s.Name(), cmd, an.Findings)
			}
			for _, p := range an.Parts {
				if !p.ReadOnly || len(p.Unknown) > 0 {
					t.Errorf("%s: %q part %q is not known read-only (unknown: %v, effects: %v)", s.Name(), cmd, p.Text, p.Unknown, p.Effects)
				}
			}
		}
		for _, cmd := range s.Flagged {
			n++
			an := Analyze(cmd, corpusOptions)
			caught := an.Dangerous() || an.ParseError != nil
			for _, p := range an.Parts {
				caught = caught || !p.ReadOnly || len(p.Unknown) > 0
			}
			if !caught {
				t.Errorf("%s: %q passes as known and read-only", s.Name(), cmd)
			}
		}
		for _, sub := range s.Subcommands {
			walk(sub)
		}
	}
	for _, s := range programs.All() {
		walk(s)
	}
	if n < 150 {
		t.Errorf("only %d examples ran", n)
	}
}

// TestUnknownIsNeverReadOnly checks the positive read-only rule on the
// shapes of unknown: no entry, an undeclared option, a non-literal word
// where an option may stand, a non-literal program, inline code.
func TestUnknownIsNeverReadOnly(t *testing.T) {
	for _, cmd := range []string{
		"frobnicate --all", "cat --bogus x", "sort $OPT in.txt", "$PAGER README.md", "git $SUB", "awk \"$PROG\" f",
		"python3 -c 'print(1)'", "node -e 1", "less -k keys f", "man -C x ls", "git -c a.b=c status", "ls -j", "grep -Y x f",
	} {
		an := Analyze(cmd, corpusOptions)
		for _, p := range an.Parts {
			if p.ReadOnly {
				t.Errorf("%q: part %q is read-only (unknown: %v)", cmd, p.Text, p.Unknown)
			}
		}
	}
}
