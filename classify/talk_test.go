package classify_test

import (
	"strings"
	"testing"

	"github.com/wardenhq/warden/classify"
	"github.com/wardenhq/warden/programs"
)

// TestTalkExamples runs every entry's declared Talk examples ("COMMAND =>
// allow|undecided"), and those of the programs with no entry, through the
// pattern classifier in /repo. An entry that declares how it talks with a
// host must show it with at least one example.
func TestTalkExamples(t *testing.T) {
	type row struct {
		name string
		talk programs.Talk
	}
	var rows []row
	for _, s := range programs.All() {
		rows = append(rows, row{s.Names[0], s.Talk})
	}
	for _, u := range programs.UnlistedPrograms() {
		rows = append(rows, row{u.Names[0], u.Talk})
	}
	n := 0
	for _, r := range rows {
		tk := r.talk
		declared := tk.Beyond || tk.RemoteOperand || tk.Sends != "" || tk.Method != "" || tk.API
		if declared && len(tk.Examples) == 0 {
			t.Errorf("%s declares a Talk with no example", r.name)
		}
		for _, ex := range tk.Examples {
			cmd, want, ok := strings.Cut(ex, " => ")
			if !ok || (want != string(classify.Allow) && want != string(classify.Undecided)) {
				t.Errorf("%s: example %q is not COMMAND => allow|undecided", r.name, ex)
				continue
			}
			n++
			got := classify.PatternClassify(&classify.Input{Request: bash(cmd)})
			if string(got.Decision) != want {
				t.Errorf("%s: %s is %s (%s), its entry says %s", r.name, cmd, got.Decision, got.Reason, want)
			}
		}
	}
	if n < 30 {
		t.Errorf("only %d examples ran", n)
	}
}

// TestTalkSpelling shows the classifier reading each program's own
// options: wget's -X excludes directories (it names no method), curl's
// -X is the method.
func TestTalkSpelling(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want classify.Decision
	}{
		{"wget -X POST https://example.com", classify.Allow},
		{"curl -X POST https://example.com", classify.Undecided},
		{"curl --request=DELETE https://example.com", classify.Undecided},
		{"curl --request GET https://example.com", classify.Allow},
		{"wget --method=POST https://example.com", classify.Undecided},
		{"nc.traditional host 80", classify.Undecided},
	} {
		if got := classify.PatternClassify(&classify.Input{Request: bash(tt.cmd)}); got.Decision != tt.want {
			t.Errorf("%s: %s (%s), want %s", tt.cmd, got.Decision, got.Reason, tt.want)
		}
	}
}

// TestLastingExamples runs every entry's declared Lasting examples
// ("COMMAND => WHAT"), and those of the programs with no entry: the
// explanation of the command must say WHAT it does.
func TestLastingExamples(t *testing.T) {
	type row struct {
		name string
		l    programs.Lasting
	}
	var rows []row
	for _, s := range programs.All() {
		rows = append(rows, row{s.Names[0], s.Lasting})
	}
	for _, u := range programs.UnlistedPrograms() {
		rows = append(rows, row{u.Names[0], u.Lasting})
	}
	n := 0
	for _, r := range rows {
		if r.l.Does != programs.NoLasting && len(r.l.Examples) == 0 {
			t.Errorf("%s declares a Lasting with no example", r.name)
		}
		for _, ex := range r.l.Examples {
			cmd, want, ok := strings.Cut(ex, " => ")
			if !ok {
				t.Errorf("%s: example %q is not COMMAND => WHAT", r.name, ex)
				continue
			}
			n++
			got := classify.ExplainFindings(&classify.Input{Request: bash(cmd)})
			if !strings.Contains(got.Explanation, want) || !strings.Contains(got.Risk, "Cannot be undone") {
				t.Errorf("%s: %s is explained %q / %q, its entry says it %s", r.name, cmd, got.Explanation, got.Risk, want)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d examples ran", n)
	}
	// Look-alikes that do nothing beyond undo.
	for _, cmd := range []string{"git status", "npm test", "terraform plan", "docker build .", "aws s3 ls", "gh pr list"} {
		if got := classify.ExplainFindings(&classify.Input{Request: bash(cmd)}); strings.Contains(got.Risk, "Cannot be undone") {
			t.Errorf("%s is explained as beyond undo: %q", cmd, got.Risk)
		}
	}
}
