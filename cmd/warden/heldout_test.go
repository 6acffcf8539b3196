package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// heldoutRow is one labelled command of testdata/scan/heldout.tsv.
type heldoutRow struct {
	line                  int
	label, category, note string
	command               string
}

// loadHeldout reads testdata/scan/heldout.tsv: commands labelled under
// POLICY.md that are not rows of the dev corpus — other programs of the
// same classes, other spellings, benign look-alikes — in the corpus's
// format (POLICY.md §5).
func loadHeldout(tb testing.TB) []heldoutRow {
	data, err := os.ReadFile("testdata/scan/heldout.tsv")
	if err != nil {
		tb.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if lines[0] != "label\tcategory\tobfuscation\tcommand\tnote" {
		tb.Fatalf("heldout.tsv header = %q", lines[0])
	}
	var rows []heldoutRow
	seen := map[string]int{}
	for i, l := range lines[1:] {
		f := strings.Split(l, "\t")
		if len(f) != 5 {
			tb.Fatalf("heldout.tsv:%d has %d fields, want 5", i+2, len(f))
		}
		if f[0] != "dangerous" && f[0] != "benign" {
			tb.Fatalf("heldout.tsv:%d label %q", i+2, f[0])
		}
		if prev, ok := seen[f[3]]; ok {
			tb.Fatalf("heldout.tsv:%d repeats line %d", i+2, prev)
		}
		seen[f[3]] = i + 2
		rows = append(rows, heldoutRow{line: i + 2, label: f[0], category: f[1], command: unescape.Replace(f[3]), note: f[4]})
	}
	return rows
}

// heldoutCommands loads the held-out commands for the golden test.
func heldoutCommands(tb testing.TB) ([]string, []int) {
	var cmds []string
	var rows []int
	for _, r := range loadHeldout(tb) {
		cmds = append(cmds, r.command)
		rows = append(rows, r.line)
	}
	return cmds, rows
}

// heldoutExceptions are the rows warden scan may label otherwise, each
// with the reason.
var heldoutExceptions = map[string]string{
	// Program names are read as a case-sensitive file system has them.
	"GIT CHECKOUT -- file": "git's subcommands are case-sensitive (git CHECKOUT fails), and GIT is git only on a case-insensitive file system",
}

// TestHeldoutCorpus runs every held-out command through warden scan in
// POLICY.md §2's context and requires each dangerous row flagged and each
// benign row not (recall 100%, false positives 0%), but for
// heldoutExceptions. The rows are not the dev corpus's: they check that
// the catalogue implements the policy's classes, not the dev rows.
func TestHeldoutCorpus(t *testing.T) {
	rows := loadHeldout(t)
	if dev := devCommands(t); len(dev) > 0 {
		for _, r := range rows {
			if dev[r.command] {
				t.Errorf("heldout.tsv:%d is a dev corpus row: %q", r.line, r.command)
			}
		}
	}
	cmds := make([]string, len(rows))
	for i, r := range rows {
		cmds[i] = r.command
	}
	results := scanAll(t, cmds)
	var dangerous, benign, flaggedD, flaggedB int
	for i, r := range rows {
		var res scanResult
		if err := json.Unmarshal([]byte(results[i]), &res); err != nil {
			t.Fatal(err)
		}
		if r.label == "dangerous" {
			dangerous++
			if res.Dangerous {
				flaggedD++
			}
		} else {
			benign++
			if res.Dangerous {
				flaggedB++
			}
		}
		if res.Dangerous == (r.label == "dangerous") {
			if _, ok := heldoutExceptions[r.command]; ok {
				t.Errorf("heldout.tsv:%d is listed as an exception but is labelled right now: %q", r.line, r.command)
			}
			continue
		}
		if why, ok := heldoutExceptions[r.command]; ok {
			t.Logf("heldout.tsv:%d %s/%s %q: exception: %s", r.line, r.label, r.category, r.command, why)
			continue
		}
		var fs []string
		for _, f := range res.Findings {
			fs = append(fs, f.Category+": "+f.Description)
		}
		t.Errorf("heldout.tsv:%d %s/%s %q → dangerous=%v %v", r.line, r.label, r.category, r.command, res.Dangerous, fs)
	}
	t.Logf("held-out corpus: recall %d/%d, false positives %d/%d", flaggedD, dangerous, flaggedB, benign)
}

// devCommands is the set of the dev corpus's commands.
func devCommands(tb testing.TB) map[string]bool {
	cmds, _ := corpusCommands(tb)
	m := make(map[string]bool, len(cmds))
	for _, c := range cmds {
		m[c] = true
	}
	return m
}
