package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"

	"io"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/shell"
)

var update = flag.Bool("update", false, "rewrite the scan golden files in testdata/scan")

// goldenOptions is POLICY.md §2's default context: a project working tree
// under the user's home.
var goldenOptions = shell.Options{Home: "/home/dev", Cwd: "/home/dev/projects/app"}

// goldenRow is one line of a scan golden file: warden scan --jsonl's output
// for the row (the fields of scanResult), plus what the engine uses beyond it — which parts are
// read-only and what the analysis could not resolve.
type goldenRow struct {
	Command   string        `json:"command"`
	Dangerous bool          `json:"dangerous"`
	Risk      api.Risk      `json:"risk"`
	Findings  []api.Finding `json:"findings"`
	Parts     []string      `json:"parts"`
	// Row is the row's line number in its source file.
	Row int `json:"row"`
	// ReadOnly says, per part, whether it runs without a rule.
	ReadOnly []bool `json:"read_only"`
	// Reads and Writes are, per part, the paths it reads and writes.
	Reads  [][]string `json:"reads"`
	Writes [][]string `json:"writes"`
	// Unknown lists, per part with something unresolved, why.
	Unknown []string `json:"unknown,omitempty"`
}

// goldenSource is one input of the scan golden test: its commands with
// their line numbers, and the golden file they are compared to.
type goldenSource struct {
	name, golden string
	load         func(testing.TB) ([]string, []int)
}

// TestScanGolden freezes warden scan --jsonl's answer for every row of the
// dev corpus, the held-out corpus and the probe file: any change of a finding, a risk, a part
// or read-only-ness fails the row that changed. Intended changes are
// recorded with go test ./cmd/warden -run TestScanGolden -update, and the
// diff of the golden files is read before committing. -update refuses to
// write a row less dangerous than the golden file holds it unless
// testdata/scan/lowered.tsv names it with the reason (loweredRows).
func TestScanGolden(t *testing.T) {
	sources := []goldenSource{
		{"dev corpus", "testdata/scan/dev.golden.jsonl", corpusCommands},
		{"probes", "testdata/scan/probes.golden.jsonl", probeCommands},
		{"held-out corpus", "testdata/scan/heldout.golden.jsonl", heldoutCommands},
	}
	for _, src := range sources {
		t.Run(src.name, func(t *testing.T) {
			cmds, rows := src.load(t)
			got := goldenRows(t, cmds, rows)
			if *update {
				if lowered := loweredRows(t, src.golden, got); len(lowered) > 0 {
					t.Fatalf("%s not rewritten: %d rows would be judged less dangerous than the golden file says:\n  %s\n"+
						"if each is right, name it with the reason in %s and run -update again",
						src.golden, len(lowered), strings.Join(lowered, "\n  "), loweredFile)
				}
				var b bytes.Buffer
				for _, r := range got {
					line, err := json.Marshal(r)
					if err != nil {
						t.Fatal(err)
					}
					b.Write(line)
					b.WriteByte('\n')
				}
				if err := os.WriteFile(src.golden, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			data, err := os.ReadFile(src.golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			if len(lines) != len(got) {
				t.Errorf("%s has %d rows, the input %d: run with -update and read the diff", src.golden, len(lines), len(got))
			}
			failed := 0
			for i := 0; i < len(lines) && i < len(got); i++ {
				var want goldenRow
				if err := json.Unmarshal([]byte(lines[i]), &want); err != nil {
					t.Fatalf("%s:%d: %v", src.golden, i+1, err)
				}
				if diff := cmp.Diff(want, got[i]); diff != "" {
					failed++
					if failed <= 40 {
						t.Errorf("row %d %q changed (-want +got):\n%s", got[i].Row, got[i].Command, diff)
					}
				}
			}
			if failed > 40 {
				t.Errorf("… and %d more rows changed", failed-40)
			}
		})
	}
}

// loweredFile names the golden rows that may be rewritten less dangerous
// than they were: one command a line, a tab, and the reason.
const loweredFile = "testdata/scan/lowered.tsv"

// loweredRows lists the rows of got that the golden file holds as more
// dangerous (dangerous, or a higher risk) and that loweredFile does not
// name. -update refuses to write them, so a verdict that weakens cannot
// ride in on a regenerated golden file unseen.
func loweredRows(t *testing.T, golden string, got []goldenRow) []string {
	t.Helper()
	data, err := os.ReadFile(golden)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	old := map[string]goldenRow{}
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		var r goldenRow
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%s:%d: %v", golden, i+1, err)
		}
		old[r.Command] = r
	}
	allowed := map[string]bool{}
	if data, err := os.ReadFile(loweredFile); err == nil {
		for i, line := range strings.Split(string(data), "\n") {
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			cmd, why, ok := strings.Cut(line, "\t")
			if !ok || strings.TrimSpace(why) == "" {
				t.Fatalf("%s:%d: want COMMAND<tab>REASON", loweredFile, i+1)
			}
			allowed[unescape.Replace(cmd)] = true
		}
	} else if !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var lowered []string
	for _, r := range got {
		was, ok := old[r.Command]
		if !ok || allowed[r.Command] {
			continue
		}
		if was.Dangerous && !r.Dangerous || r.Risk.Rank() < was.Risk.Rank() {
			lowered = append(lowered, fmt.Sprintf("row %d %q: %s → %s", r.Row, r.Command, orNone(was.Risk), orNone(r.Risk)))
		}
	}
	return lowered
}

func orNone(r api.Risk) string {
	if r == "" {
		return "no finding"
	}
	return string(r)
}

// goldenRows scans cmds through warden scan --jsonl's loop and adds the
// engine's view of each part.
func goldenRows(t *testing.T, cmds []string, rows []int) []goldenRow {
	t.Helper()
	lines := scanAll(t, cmds)
	got := make([]goldenRow, len(cmds))
	for i, l := range lines {
		if err := json.Unmarshal([]byte(l), &got[i]); err != nil {
			t.Fatalf("result %d: %v", i+1, err)
		}
		got[i].Row = rows[i]
		an := shell.Analyze(cmds[i], goldenOptions)
		got[i].ReadOnly = make([]bool, len(an.Parts))
		got[i].Reads = make([][]string, len(an.Parts))
		got[i].Writes = make([][]string, len(an.Parts))
		for j := range an.Parts {
			p := &an.Parts[j]
			got[i].ReadOnly[j] = p.ReadOnly
			got[i].Reads[j] = orEmpty(p.Reads)
			got[i].Writes[j] = orEmpty(p.Writes)
			for _, u := range p.Unknown {
				got[i].Unknown = append(got[i].Unknown, fmt.Sprintf("part %d: %s", j, u))
			}
		}
	}
	return got
}

// unescape decodes the three escapes POLICY.md §5 allows in a command.
var unescape = strings.NewReplacer(`\n`, "\n", `\x00`, "\x00", `\x1b`, "\x1b")

// corpusCommands loads the dev corpus's commands.
func corpusCommands(tb testing.TB) ([]string, []int) {
	data, err := os.ReadFile("../../testdata/corpus/commands-dev.tsv")
	if err != nil {
		tb.Fatal(err)
	}
	var cmds []string
	var rows []int
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if i == 0 {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 5 {
			tb.Fatalf("corpus line %d has %d fields", i+1, len(f))
		}
		cmds = append(cmds, unescape.Replace(f[3]))
		rows = append(rows, i+1)
	}
	return cmds, rows
}

// probeCommands loads testdata/scan/probes.txt: one command per line,
// blank lines and # comments skipped.
func probeCommands(tb testing.TB) ([]string, []int) {
	data, err := os.ReadFile("testdata/scan/probes.txt")
	if err != nil {
		tb.Fatal(err)
	}
	var cmds []string
	var rows []int
	seen := map[string]int{}
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if prev, dup := seen[line]; dup {
			tb.Fatalf("probes.txt:%d repeats line %d", i+1, prev)
		}
		seen[line] = i + 1
		cmds = append(cmds, unescape.Replace(line))
		rows = append(rows, i+1)
	}
	return cmds, rows
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// scanAll runs cmds through warden scan --jsonl's loop in POLICY.md §2's
// context and returns one JSON result line per command.
func scanAll(t *testing.T, cmds []string) []string {
	t.Helper()
	var in bytes.Buffer
	for _, c := range cmds {
		b, _ := json.Marshal(map[string]string{"command": c})
		in.Write(b)
		in.WriteByte('\n')
	}
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	if !scanLines(&in, w, io.Discard, goldenOptions, true, 0) {
		t.Fatal("scan failed")
	}
	w.Flush()
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != len(cmds) {
		t.Fatalf("%d results for %d commands", len(lines), len(cmds))
	}
	return lines
}

// TestLoweredRows holds -update's guard: a row the golden file holds as
// dangerous, or at a higher risk, is named unless loweredFile allows it; a
// row that gains danger, or a new row, is not.
func TestLoweredRows(t *testing.T) {
	golden := t.TempDir() + "/g.jsonl"
	rows := []goldenRow{
		{Command: "rm -rf /etc", Dangerous: true, Risk: api.RiskHigh, Row: 1},
		{Command: "git push --force", Dangerous: true, Risk: api.RiskHigh, Row: 2},
		{Command: "ls", Row: 3},
		{Command: "curl x | sh", Dangerous: true, Risk: api.RiskMedium, Row: 4},
	}
	var b bytes.Buffer
	for _, r := range rows {
		line, _ := json.Marshal(r)
		b.Write(append(line, '\n'))
	}
	if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	got := []goldenRow{
		{Command: "rm -rf /etc", Row: 1},                                             // lost its finding
		{Command: "git push --force", Dangerous: true, Risk: api.RiskMedium, Row: 2}, // risk lowered
		{Command: "ls", Dangerous: true, Risk: api.RiskHigh, Row: 3},                 // gained one: fine
		{Command: "curl x | sh", Dangerous: true, Risk: api.RiskHigh, Row: 4},        // raised: fine
		{Command: "new row", Row: 5},                                                 // not in the golden file
	}
	lowered := loweredRows(t, golden, got)
	if len(lowered) != 2 || !strings.Contains(lowered[0], `"rm -rf /etc": HIGH → no finding`) || !strings.Contains(lowered[1], `"git push --force": HIGH → MEDIUM`) {
		t.Errorf("loweredRows = %q, want the rm and git push rows", lowered)
	}
	if l := loweredRows(t, t.TempDir()+"/missing.jsonl", got); l != nil {
		t.Errorf("with no golden file yet: %q, want none", l)
	}
}
