package shell

import (
	"slices"
	"testing"
)

// TestParallelEntry checks GNU parallel read through its entry: its
// options in every spelling Getopt::Long takes (bundles, attached values,
// --name=VALUE, unique prefixes, --), on every route, the jobs its input
// groups make walked as commands, and what its own options do kept with
// it.
func TestParallelEntry(t *testing.T) {
	for _, cmd := range []string{
		"parallel rm -rf {} ::: ~",
		"/usr/bin/parallel rm -rf {} ::: ~",
		"command parallel -j2 rm -rf ::: ~",
		"env parallel --jobs=2 rm -rf {} ::: ~",
		"sudo parallel -kj2 rm -rf {} ::: ~",
		"parallel --keep rm -rf {} ::: ~",
		"parallel -j 2 -- rm -rf {} ::: ~",
		"parallel -I@ rm -rf @ ::: ~",
		"parallel ::: 'rm -rf ~'",
		"parallel rm -rf ::: a :::+ ~",
		"sem -j2 rm -rf ~",
	} {
		if an := Analyze(cmd, corpusOptions); !slices.Contains(categories(an), "recursive-delete") {
			t.Errorf("%q: categories %v, want recursive-delete", cmd, categories(an))
		}
	}
	// Inputs that are not literal values: read as xargs reads, never
	// read-only (::::: is no separator: parallel reads its input).
	for _, cmd := range []string{
		"parallel --arg-sep ,, ls ,, a",
		"parallel echo ::::: a",
		"parallel -a list.txt ls",
		"parallel ls :::: list.txt",
	} {
		an := Analyze(cmd, corpusOptions)
		for _, p := range an.Parts {
			if p.ReadOnly {
				t.Errorf("%q: part %q is read-only", cmd, p.Text)
			}
		}
	}
	// What parallel's own options do is a part of its own: a file
	// written, hosts talked to, a program run, an option not known.
	for _, cmd := range []string{"parallel --joblog ~/.bashrc true ::: a", "parallel --jl=$HOME/.bashrc true ::: a", "/usr/bin/parallel --joblo ~/.bashrc true ::: a"} {
		if an := Analyze(cmd, corpusOptions); !an.Dangerous() {
			t.Errorf("%q: not flagged", cmd)
		}
	}
	for _, cmd := range []string{"parallel -S host ls ::: a", "parallel --sshlog=host ls ::: a", "command parallel --sshlogin=host ls ::: a", "parallel --ssh 'sh -c id' -S h ls ::: a",
		"parallel --jo 2 ls ::: a", "parallel --bogus ls ::: a", "parallel --results out ls ::: a"} {
		an := Analyze(cmd, corpusOptions)
		ro := len(an.Parts) > 0
		for _, p := range an.Parts {
			ro = ro && p.ReadOnly
		}
		if ro {
			t.Errorf("%q: read-only (%v)", cmd, an.Parts)
		}
	}
	for _, cmd := range []string{"parallel ls ::: a", "parallel -k --jobs 4 wc -l {} ::: a b"} {
		an := Analyze(cmd, corpusOptions)
		if an.Dangerous() {
			t.Errorf("%q: flagged %v", cmd, an.Findings)
		}
		for _, p := range an.Parts {
			if !p.ReadOnly {
				t.Errorf("%q: part %q is not read-only (%v)", cmd, p.Text, p.Unknown)
			}
		}
	}
}
