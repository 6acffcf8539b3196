package shell

import "testing"

// TestSubstitutionsAsData checks that a read-only command given the output
// of read-only substitutions as data is read-only, and that the look-alikes
// stay not read-only: output that could split into options or paths, a
// path read or written from a substitution, a substitution that names the
// program, and substitutions whose own commands do more than read.
func TestSubstitutionsAsData(t *testing.T) {
	for _, tt := range []struct {
		cmd      string
		readOnly bool
	}{
		{`echo "Branch: $(git rev-parse --abbrev-ref HEAD)"`, true},
		{`echo "Files: $(git ls-files | wc -l)"`, true},
		{`printf 'Lines: %s\n' "$(wc -l < main.go)"`, true},
		{`diff <(jq . a.json) <(jq . b.json)`, true},
		{`comm -13 <(sort a.txt) <(sort b.txt)`, true},
		{`diff <(git show HEAD:go.mod) go.mod`, true},
		{`echo $(date)`, true},
		{"echo `date`", true},
		{`grep -c "$(git branch --show-current)" notes.txt`, true},

		// Unquoted, the output splits: a shifted word could be a path.
		{`grep $(cat pattern.txt) notes.txt`, false},
		{`wc -l x$(cat f)`, false},
		{`echo x$(cat f)`, false},
		// A path from a substitution is not known.
		{`cat $(git ls-files)`, false},
		{`cat "$(cat filelist.txt)"`, false},
		{`sort -o "$(cat f)" a.txt`, false},
		{`tee "$(git rev-parse --show-toplevel)/x"`, false},
		{`rm "$(git ls-files --others)"`, false},
		// The program named by a substitution.
		{`$(git rev-parse --show-toplevel)/script.sh`, false},
		{`"$(echo ls)" -la`, false},
		// The substitution's own command does more than read.
		{`echo "$(touch made.txt)"`, false},
		{`diff <(curl -s https://example.com/a) a.txt`, false},
		{`echo "${x:-$(touch y)}"`, false},
		{`echo "$(rm -rf build)"`, false},
		// A program whose options do more than read, given a word that
		// starts unquoted with a substitution: its options are not known.
		{`git log $(cat notes.txt)`, false},
		{`sort $(cat f) a.txt`, false},
	} {
		an := Analyze(tt.cmd, testOpts)
		got := len(an.Parts) > 0 && len(an.Findings) == 0
		for _, p := range an.Parts {
			got = got && p.ReadOnly
		}
		if got != tt.readOnly {
			var why []string
			for _, p := range an.Parts {
				why = append(why, p.Text+": "+p.Cause)
				why = append(why, p.Unknown...)
			}
			t.Errorf("%s: read-only = %v, want %v %q", tt.cmd, got, tt.readOnly, why)
		}
	}
}

func FuzzSubstSafe(f *testing.F) {
	for _, s := range []string{`echo "a $(b)"`, `diff <(a) <(b)`, `echo x$(y)`, "echo `a`b", `echo "${x:-$(y)}"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		an := Analyze(cmd, testOpts)
		for _, p := range an.Parts {
			if p.ReadOnly && (p.Dynamic || len(p.Unknown) > 0 || len(p.Writes) > 0) {
				t.Fatalf("%q: part %q is read-only with %v %v", cmd, p.Text, p.Unknown, p.Writes)
			}
		}
	})
}
