package shell

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/danger"
)

// phaseCommands are the commands of the scan goldens (dev corpus, held-out
// corpus, probes) and of the everyday corpus: every construct the analysis
// is frozen on.
func phaseCommands(t *testing.T) []string {
	t.Helper()
	var cmds []string
	files, err := filepath.Glob("../cmd/warden/testdata/scan/*.golden.jsonl")
	if err != nil || len(files) < 3 {
		t.Fatalf("scan goldens: %v %v", files, err)
	}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<22), 1<<22)
		for sc.Scan() {
			var row struct{ Command string }
			if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			cmds = append(cmds, row.Command)
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile("../testdata/everyday.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if f := strings.Split(line, "\t"); len(f) >= 3 {
			cmds = append(cmds, f[2])
		}
	}
	return cmds
}

// TestJudgingAddsNothing proves the walk finds all the code a command runs
// before judging: over every frozen command, judging never tries to add a
// call or a part (nested, remote, unknownEval, addCall) for a call whose
// code was not looked for while walking. A row here is code that a check
// finds only when judging, and that judging would therefore not walk.
func TestJudgingAddsNothing(t *testing.T) {
	cmds := phaseCommands(t)
	var tried []string
	judgeAddHook = func(what string) { tried = append(tried, what) }
	defer func() { judgeAddHook = nil }()
	for _, o := range []Options{corpusOptions, {Home: "/root", Cwd: "/"}} {
		for _, cmd := range cmds {
			tried = tried[:0]
			Analyze(cmd, o)
			for _, w := range tried {
				t.Errorf("%q: judging tried to add %s", cmd, w)
			}
		}
	}
	if len(cmds) < 4000 {
		t.Fatalf("only %d commands", len(cmds))
	}
}

// TestJudgingRefusesToAdd: while judging, the entry points that add code
// refuse, and a call whose code was never looked for makes the analysis
// incomplete rather than silently short.
func TestJudgingRefusesToAdd(t *testing.T) {
	var tried []string
	judgeAddHook = func(what string) { tried = append(tried, what) }
	defer func() { judgeAddHook = nil }()
	an := &Analysis{}
	a := newAnalyzer(testOpts, an)
	sc := newScope("/w")
	c := &ctx{src: "true", sc: sc}
	a.phase = judging
	if a.nested("rm -rf /", c, nil) {
		t.Error("nested walked while judging")
	}
	a.unknownEval(c, "x", "why")
	a.addCall(&call{ctx: c, text: "ls", args: []arg{{Value: "ls", Raw: "ls", Lit: true}}}, nil)
	if len(a.calls) != 0 || len(an.Parts) != 0 {
		t.Errorf("judging added %d calls, %d parts", len(a.calls), len(an.Parts))
	}
	if len(tried) != 3 || an.Limit != LimitParts {
		t.Errorf("tried %q, limit %q: want 3 refusals and the parts limit", tried, an.Limit)
	}
	// Judging finds no code at all: a check's Run that hands code over
	// would be code missed while walking.
	tried, an.Limit = nil, ""
	a.nested("rm -rf /", c, nil)
	if len(tried) != 1 || an.Limit != LimitParts {
		t.Errorf("a searched call's code: tried %q, limit %q", tried, an.Limit)
	}
}

// TestViewsHoldThePassesApart: a check's Finds is handed a view with the
// verbs that find code and none that report, its Run one with the verbs
// that report and the calls around it and none that find code, and a
// neighbour neither. The
// compiler holds each function to its view's methods; this holds the
// views' dynamic types to them too, so that no type assertion reaches the
// other pass's verbs.
func TestViewsHoldThePassesApart(t *testing.T) {
	type reports interface {
		Flag(danger.Kind, string)
		FlagAt(danger.Kind, string, api.Risk)
		JudgeWrite(string)
		JudgeOverwrite(string, string)
	}
	type neighbours interface {
		Others() []checks.Part
		Upstream() []checks.Part
		Downstream() []checks.Part
		Pipeline() []checks.Part
	}
	type finds interface {
		Code(string, string)
		Command(string)
		Remote(string)
		Here(string)
	}
	var j judge
	for _, v := range []struct {
		name            string
		view            any
		report, findsTo bool
	}{
		{"Run's view", &j, true, false},
		{"Finds' view", (*finder)(&j), false, true},
		{"a neighbour", &j.judged, false, false},
	} {
		if _, ok := v.view.(reports); ok != v.report {
			t.Errorf("%s reports: %v, want %v", v.name, ok, v.report)
		}
		if _, ok := v.view.(finds); ok != v.findsTo {
			t.Errorf("%s finds code: %v, want %v", v.name, ok, v.findsTo)
		}
		if _, ok := v.view.(neighbours); ok != v.report {
			t.Errorf("%s sees the calls around it: %v, want %v", v.name, ok, v.report)
		}
		if _, ok := v.view.(checks.Call); ok != v.report {
			t.Errorf("%s is a checks.Call: %v, want %v", v.name, ok, v.report)
		}
		if _, ok := v.view.(checks.Finder); ok != v.findsTo {
			t.Errorf("%s is a checks.Finder: %v, want %v", v.name, ok, v.findsTo)
		}
	}
}

// TestFindsFlagNothing: over every frozen command, nothing is flagged
// while a check's Finds runs. Its own view cannot report
// (TestViewsHoldThePassesApart); what the compiler cannot prove is that
// walking the code it hands over (Code, Command, Remote, Here), which
// happens right then, flags nothing either: that code's findings are its
// parts', made when judging, and each check judges once, in its Run.
func TestFindsFlagNothing(t *testing.T) {
	cmds := phaseCommands(t)
	for _, ch := range catalogue {
		cmds = append(cmds, ch.Flagged...)
		cmds = append(cmds, ch.Passes...)
	}
	var flagged []string
	findsFlagHook = func(check int, kind string) {
		flagged = append(flagged, catalogue[check].Name+": "+kind)
	}
	defer func() { findsFlagHook = nil }()
	finds := 0
	for _, ch := range catalogue {
		if ch.Finds != nil {
			finds++
		}
	}
	for _, cmd := range cmds {
		flagged = flagged[:0]
		Analyze(cmd, corpusOptions)
		for _, f := range flagged {
			t.Errorf("%q: a Finds flagged %s while walking", cmd, f)
		}
	}
	if finds < 9 {
		t.Errorf("only %d checks find code", finds)
	}
}

// TestFoundCodeIsWalkedWhereItRuns: code a check finds in a call (a
// command an option runs, an interpreter's string, ssh localhost's command,
// a database client's shell escape) is walked right after the call, before
// the statements after it, and what it changes in the shell's state stays
// in its own process: a later relative path is still the project's.
func TestFoundCodeIsWalkedWhereItRuns(t *testing.T) {
	for _, tc := range []struct {
		cmd   string
		parts []string
		// writes are the last part's writes.
		writes []string
	}{
		{"git rebase --root --exec true && git push --force origin main",
			[]string{"git rebase --root --exec true", "true", "git push --force origin main"}, nil},
		{`python3 -c "import os; os.system('rm -rf build')"; ls`,
			[]string{`python3 -c "import os; os.system('rm -rf build')"`, "rm -rf build", "ls"}, nil},
		{"ssh localhost 'rm -rf x'; ls", []string{"ssh localhost 'rm -rf x'", "rm -rf x", "ls"}, nil},
		{"psql -c '\\! rm -rf y'; ls", []string{"psql -c '\\! rm -rf y'", "rm -rf y", "ls"}, nil},
		{`python3 -c "import os; os.system('cd /')"; rm -rf x`,
			[]string{`python3 -c "import os; os.system('cd /')"`, "cd /", "rm -rf x"}, []string{"/home/dev/projects/app/x"}},
		{"git grep -O'cd /' foo; rm -rf x", []string{"git grep -O'cd /' foo", "cd /", "rm -rf x"}, []string{"/home/dev/projects/app/x"}},
		// Look-alike: the same words as data run nothing.
		{"echo 'rm -rf build'; ls", []string{"echo 'rm -rf build'", "ls"}, nil},
	} {
		an := Analyze(tc.cmd, testOpts)
		var got []string
		for _, p := range an.Parts {
			got = append(got, p.Text)
		}
		if !slices.Equal(got, tc.parts) {
			t.Errorf("%q: parts %q, want %q", tc.cmd, got, tc.parts)
			continue
		}
		if w := an.Parts[len(an.Parts)-1].Writes; !slices.Equal(w, tc.writes) && (len(w) > 0 || len(tc.writes) > 0) {
			t.Errorf("%q: last part writes %q, want %q", tc.cmd, w, tc.writes)
		}
	}
}
