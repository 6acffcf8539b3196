package shell

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// routes returns a command run by other routes the shell offers, each
// with the name of the route: given to a shell whole, as -c, a
// here-string or a here-document; or its words given to a shell or to
// eval as code, in a subshell, a group, a function, an alias, after && or
// inside if, with the command's redirections outside the route, where
// they still apply to what it runs. Only a command that is one simple command is routed.
func routes(cmd string) [][2]string {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil
	}
	st := f.Stmts[0]
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 || st.Background || st.Negated || st.Coprocess {
		return nil
	}
	var rds []string
	for _, r := range st.Redirs {
		if r.Hdoc != nil || r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc {
			return nil // a here-document's body follows the line
		}
		rds = append(rds, cmd[r.Pos().Offset():r.End().Offset()])
	}
	words := cmd[ce.Pos().Offset():ce.End().Offset()]
	if strings.Contains(words, "\n") {
		return nil
	}
	rd := ""
	if len(rds) > 0 {
		rd = " " + strings.Join(rds, " ")
	}
	q, err := syntax.Quote(words, syntax.LangBash)
	if err != nil {
		return nil
	}
	whole, err := syntax.Quote(cmd, syntax.LangBash)
	if err != nil {
		return nil
	}
	return [][2]string{
		{"bash -c whole", "bash -c " + whole},
		{"here-string", "bash <<< " + whole},
		{"here-document", "sh <<'EOF'\n" + cmd + "\nEOF"},
		{"bash -c", "bash -c " + q + rd},
		{"sh -c", "sh -c " + q + rd},
		{"eval", "eval " + q + rd},
		{"subshell", "( " + words + " )" + rd},
		{"group", "{ " + words + "; }" + rd},
		{"function", "f() { " + words + "; }; f" + rd},
		{"alias", "alias f=" + q + "; f" + rd},
		{"and", "true && " + words + rd},
		{"if", "if true; then " + words + rd + "; fi"},
	}
}

// TestRouteEquivalence: every example of every entry and check, and every
// command of the scan corpus that is one simple command, keeps each of
// its findings when it runs by another route (routes). A route may add
// findings of its own (code a shell is given, a function the command
// defines), never lose one.
func TestRouteEquivalence(t *testing.T) {
	if testing.Short() {
		t.Skip("routes thousands of commands")
	}
	examples, variants := 0, 0
	for _, cmd := range distinctExamples(t) {
		vs := routes(cmd)
		if len(vs) == 0 {
			continue
		}
		examples++
		want := verdictOf(cmd)
		for _, v := range vs {
			variants++
			if got := verdictOf(v[1]); !got.covers(want) {
				t.Errorf("%q by %s %q:\n  was %v\n  now %v", cmd, v[0], v[1], want.Findings, got.Findings)
			}
		}
	}
	t.Logf("%d commands, %d routes", examples, variants)
	if examples < 1000 {
		t.Fatalf("only %d commands routed", examples)
	}
}

// TestCoprocRunsItsCommand: a coprocess runs the simple command it is
// given, whatever the parser read as its name or its assignments, and
// keeps the command's findings.
func TestCoprocRunsItsCommand(t *testing.T) {
	for _, cmd := range []string{
		"dd if=/dev/zero of=/dev/sda",
		"dd of=/dev/sda bs=1M",
		"bw export --format json",
		"rm -rf ~",
		"cat ~/.ssh/id_rsa",
	} {
		want := verdictOf(cmd)
		if len(want.Findings) == 0 {
			t.Fatalf("%q has no finding", cmd)
		}
		for _, v := range []string{"coproc " + cmd, "coproc " + cmd + "; ls", "true; coproc " + cmd, "coproc x { " + cmd + "; }"} {
			if got := verdictOf(v); !got.covers(want) {
				t.Errorf("%q: was %v, now %v", v, want.Findings, got.Findings)
			}
		}
	}
}
