package shell

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/programs"
)

// checkRecorder collects, while Analyze runs, which catalogue checks ran
// and what each raised.
type checkRecorder struct {
	mu     sync.Mutex
	ran    []int
	raised map[int][]danger.Kind
}

// record installs the recorder for the duration of fn.
func (r *checkRecorder) record(fn func()) {
	r.ran, r.raised = nil, map[int][]danger.Kind{}
	runHook = func(i int) {
		r.mu.Lock()
		r.ran = append(r.ran, i)
		r.mu.Unlock()
	}
	checkHook = func(i int, k danger.Kind) {
		r.mu.Lock()
		r.raised[i] = append(r.raised[i], k)
		r.mu.Unlock()
	}
	defer func() { runHook, checkHook = nil, nil }()
	fn()
}

// analyzeRecorded analyzes command and returns what the checks did.
func analyzeRecorded(command string) (*Analysis, *checkRecorder) {
	r := &checkRecorder{}
	var an *Analysis
	r.record(func() { an = Analyze(command, corpusOptions) })
	return an, r
}

// TestCheckTable holds the table's own invariants: unique names, a
// policy rule each, the checks of one rule together, programs and
// categories declared, room in the index type.
func TestCheckTable(t *testing.T) {
	if len(catalogue) > 255 {
		t.Fatalf("%d checks: checksFor's uint8 indexes no longer hold them", len(catalogue))
	}
	names := map[string]bool{}
	rules := map[string]int{}
	for i, ch := range catalogue {
		if ch.Name == "" || names[ch.Name] {
			t.Errorf("check %d: name %q is empty or declared twice", i, ch.Name)
		}
		names[ch.Name] = true
		if len(ch.Rule) < 2 || ch.Rule[0] != 'R' {
			t.Errorf("%s: rule %q is not a POLICY.md rule", ch.Name, ch.Rule)
		}
		if last, seen := rules[ch.Rule]; seen && last != i-1 {
			t.Errorf("%s: the checks of %s are not together in the table", ch.Name, ch.Rule)
		}
		rules[ch.Rule] = i
		if len(ch.Programs) == 0 || len(ch.Raises) == 0 || ch.Run == nil {
			t.Errorf("%s: no programs, no categories or no Run", ch.Name)
		}
		if len(ch.Flagged) == 0 || len(ch.Passes) == 0 {
			t.Errorf("%s: a check needs an example to flag and one to pass", ch.Name)
		}
	}
}

// TestCheckLookup: scanning the table and the map built from it agree, in
// table order, for every program a check names.
func TestCheckLookup(t *testing.T) {
	m := checkMap()
	for i := range catalogue {
		for _, p := range catalogue[i].Programs {
			scan := checkScan(p)
			if !slices.Equal(scan, m[p]) {
				t.Errorf("%s: the scan finds %v, the map %v", p, scan, m[p])
			}
			if !slices.IsSorted(scan) || !slices.Contains(scan, uint8(i)) {
				t.Errorf("%s: checks %v are not in table order or miss %s", p, scan, catalogue[i].Name)
			}
		}
	}
	if checkScan("no-such-program-here") != nil || m["no-such-program-here"] != nil {
		t.Error("a check for a program no check names")
	}
}

// TestCheckOrder: a program several checks name is judged by each, in
// table order, and its findings come out in that order.
func TestCheckOrder(t *testing.T) {
	for _, p := range slices.Sorted(func(yield func(string) bool) {
		for p, idx := range checkMap() {
			if len(idx) > 1 && !yield(p) {
				return
			}
		}
	}) {
		want := checkScan(p)
		var got []uint8
		for _, cmd := range []string{p + " x", p} {
			_, r := analyzeRecorded(cmd)
			got = got[:0]
			for _, i := range r.ran {
				got = append(got, uint8(i))
			}
			if len(got) > 0 {
				break
			}
		}
		if len(got) == 0 && assignBuiltins[p] {
			continue
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: checks ran %s, want %s", p, checkNames(got), checkNames(want))
		}
	}
	// Two checks of crontab flag one command: the finding of the check
	// earlier in the table comes first.
	an := Analyze("crontab /tmp/newcron", corpusOptions)
	var got []string
	for _, f := range an.Findings {
		got = append(got, f.Category)
	}
	want := []string{danger.AgentConfigTamper.Slug(), danger.Persistence.Slug()}
	if !slices.Equal(got, want) {
		t.Errorf("crontab /tmp/newcron: findings %v, want %v (control-program before persistence, as in the table)", got, want)
	}
}

// assignBuiltins are the builtins the analysis judges as assignments
// (checkAssigns) before the catalogue: the checks that name them never see
// a plain call of them.
var assignBuiltins = map[string]bool{"declare": true, "export": true, "typeset": true}

func checkNames(idx []uint8) string {
	var s []string
	for _, i := range idx {
		s = append(s, catalogue[i].Name)
	}
	return "[" + strings.Join(s, " ") + "]"
}

// TestCheckExamples runs every check's examples through Analyze: each
// Flagged command gets a finding from the check, in one of its
// categories; on each Passes command the check runs and finds nothing.
func TestCheckExamples(t *testing.T) {
	for i, ch := range catalogue {
		t.Run(ch.Name, func(t *testing.T) {
			for _, cmd := range ch.Flagged {
				_, r := analyzeRecorded(cmd)
				if len(r.raised[i]) == 0 {
					t.Errorf("%q: the check does not flag it", cmd)
				}
			}
			for _, cmd := range ch.Passes {
				_, r := analyzeRecorded(cmd)
				if !slices.Contains(r.ran, i) {
					t.Errorf("%q: the check does not judge it, so it proves nothing", cmd)
				}
				if ks := r.raised[i]; len(ks) > 0 {
					t.Errorf("%q: the check flags it %v", cmd, ks)
				}
			}
		})
	}
}

// TestCheckRaises: over every check's examples, every category's and
// the dev corpus, each finding a check makes is in one of the categories
// it declares.
func TestCheckRaises(t *testing.T) {
	var cmds []string
	for _, ch := range catalogue {
		cmds = append(cmds, ch.Flagged...)
		cmds = append(cmds, ch.Passes...)
	}
	for _, c := range danger.All() {
		cmds = append(cmds, c.Flagged...)
	}
	for _, r := range loadCorpus(t) {
		cmds = append(cmds, r.command)
	}
	bad := map[string]string{}
	for _, cmd := range cmds {
		_, r := analyzeRecorded(cmd)
		for i, ks := range r.raised {
			for _, k := range ks {
				if !slices.Contains(catalogue[i].Raises, k) {
					bad[fmt.Sprintf("%s raises %s", catalogue[i].Name, k)] = cmd
				}
			}
		}
	}
	for what, cmd := range bad {
		t.Errorf("%s (%q), which its Raises does not declare", what, cmd)
	}
}

// TestEntryRaises runs the examples of every danger an entry declares
// (programs.Spec.Raises), through Analyze: each Flagged command carries a
// finding of the raise's category with its description, no Passes command
// one of that category.
func TestEntryRaises(t *testing.T) {
	n := 0
	var walk func(name string, s *programs.Spec, depth int)
	walk = func(name string, s *programs.Spec, depth int) {
		for _, r := range s.Raises {
			n++
			if len(r.Flagged) == 0 || len(r.Passes) == 0 || r.Why == "" {
				t.Errorf("%s: a raise needs a description, an example to flag and one to pass", name)
			}
			for _, cmd := range r.Flagged {
				if !hasCategory(Analyze(cmd, corpusOptions), r.Kind.Slug()) {
					t.Errorf("%s: %q is not flagged %s", name, cmd, r.Kind)
				}
			}
			for _, cmd := range r.Passes {
				if hasCategory(Analyze(cmd, corpusOptions), r.Kind.Slug()) {
					t.Errorf("%s: %q is flagged %s", name, cmd, r.Kind)
				}
			}
		}
		if depth < 4 {
			for sub, ss := range s.Subcommands {
				walk(name+" "+sub, ss, depth+1)
			}
		}
		if !s.MayRaise() && len(s.Raises) > 0 {
			t.Errorf("%s declares Raises but MayRaise says not", name)
		}
	}
	for _, s := range programs.All() {
		walk(s.Names[0], s, 0)
	}
	if n == 0 {
		t.Fatal("no entry declares a danger: the walk is broken")
	}
}

// TestCheckProgramsHaveEntries: every program a check names has an entry
// in programs/, but for the names listed in
// testdata/checks-without-entry.txt, which may only shrink. A check that
// names a new program without an entry fails, and so does a listed name
// that has gained one (take it off the list).
func TestCheckProgramsHaveEntries(t *testing.T) {
	b, err := os.ReadFile("testdata/checks-without-entry.txt")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			listed[l] = true
		}
	}
	named := map[string]bool{}
	for _, ch := range catalogue {
		for _, p := range ch.Programs {
			named[p] = true
			switch has := programs.Lookup(p) != nil; {
			case !has && !listed[p]:
				t.Errorf("check %s names %s, which has no entry in programs/: add one", ch.Name, p)
			case has && listed[p]:
				t.Errorf("%s has an entry now: take it off testdata/checks-without-entry.txt", p)
			}
		}
	}
	for p := range listed {
		if !named[p] {
			t.Errorf("%s is listed in testdata/checks-without-entry.txt but no check names it", p)
		}
	}
	t.Logf("%d programs named by checks, %d without an entry", len(named), len(listed))
}
