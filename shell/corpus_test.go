package shell

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

// corpusRow is one labelled command of testdata/corpus/commands-dev.tsv.
type corpusRow struct {
	line                                      int
	label, category, construct, command, note string
}

// loadCorpus decodes the corpus as POLICY.md §5 says: five tab-separated
// fields, and exactly three escapes in the command (\n, \x00, \x1b).
func loadCorpus(t testing.TB) []corpusRow {
	t.Helper()
	f, err := os.Open("../testdata/corpus/commands-dev.tsv")
	if err != nil {
		t.Fatalf("open corpus: %v", err)
	}
	defer f.Close()
	var rows []corpusRow
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		if n == 1 {
			if sc.Text() != "label\tcategory\tobfuscation\tcommand\tnote" {
				t.Fatalf("corpus header = %q", sc.Text())
			}
			continue
		}
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 5 {
			t.Fatalf("corpus line %d has %d fields, want 5", n, len(fields))
		}
		cmd := strings.NewReplacer(`\n`, "\n", `\x00`, "\x00", `\x1b`, "\x1b").Replace(fields[3])
		rows = append(rows, corpusRow{line: n, label: fields[0], category: fields[1], construct: fields[2], command: cmd, note: fields[4]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// corpusOptions is POLICY.md §2's default context: a project working tree
// under the user's home.
var corpusOptions = Options{Home: "/home/dev", Cwd: "/home/dev/projects/app"}

type tally struct{ total, flagged int }

// TestCorpus measures recall (dangerous rows flagged) and the
// false-positive rate (benign rows flagged) per category and per construct,
// and asserts floors. The rows are a sample of a larger held-out corpus; the
// catalogue implements the policy, not these rows.
func TestCorpus(t *testing.T) {
	rows := loadCorpus(t)
	byCat := map[string]*tally{}
	byConstruct := map[string]*tally{}
	var dangerous, benign tally
	var misses []string
	for _, r := range rows {
		an := Analyze(r.command, corpusOptions)
		flagged := an.Dangerous()
		tc := byCat[r.category]
		if tc == nil {
			tc = &tally{}
			byCat[r.category] = tc
		}
		tk := byConstruct[r.label+"/"+r.construct]
		if tk == nil {
			tk = &tally{}
			byConstruct[r.label+"/"+r.construct] = tk
		}
		tc.total++
		tk.total++
		all := &dangerous
		if r.label == "benign" {
			all = &benign
		}
		all.total++
		if flagged {
			tc.flagged++
			tk.flagged++
			all.flagged++
		}
		if flagged != (r.label == "dangerous") {
			var cats []string
			for _, f := range an.Findings {
				cats = append(cats, f.Category+": "+f.Description)
			}
			misses = append(misses, fmt.Sprintf("line %d %s/%s %q → %v", r.line, r.label, r.category, r.command, cats))
		}
	}
	cats := make([]string, 0, len(byCat))
	for c := range byCat {
		cats = append(cats, c)
	}
	sort.Strings(cats)
	var b strings.Builder
	fmt.Fprintf(&b, "%-22s %6s %8s\n", "category", "rows", "flagged")
	for _, c := range cats {
		tc := byCat[c]
		kind := "recall"
		if strings.HasPrefix(c, "benign") {
			kind = "FP"
		}
		fmt.Fprintf(&b, "%-22s %6d %7.1f%% %s\n", c, tc.total, pct(tc.flagged, tc.total), kind)
	}
	recall := pct(dangerous.flagged, dangerous.total)
	fp := pct(benign.flagged, benign.total)
	fmt.Fprintf(&b, "overall: recall %.1f%% (%d/%d), false positives %.1f%% (%d/%d)\n", recall, dangerous.flagged, dangerous.total, fp, benign.flagged, benign.total)
	t.Log("\n" + b.String())
	if testing.Verbose() {
		for _, m := range misses {
			t.Log("mismatch: " + m)
		}
	}
	if recall < 98 {
		t.Errorf("recall %.1f%% is below the 98%% floor", recall)
	}
	if fp > 2 {
		t.Errorf("false-positive rate %.1f%% is above the 2%% ceiling", fp)
	}
}

func pct(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return 100 * float64(n) / float64(d)
}
