package sql

import (
	"strings"
	"testing"
)

// largeInputs are texts that made a reader quadratic (each DELETE, UPDATE
// or call read to the end of the text). unscoped says whether a statement
// of the text must still be read as changing every row: a bound on how far
// a reader looks must not cost the verdict.
var largeInputs = []struct {
	text     string
	unscoped bool
}{
	{strings.Repeat("DELETE FROM ", 10000), true},
	{strings.Repeat("UPDATE x ", 10000) + " SET", false},
	{strings.Repeat("\\set q 'x'\n", 3000) + strings.Repeat(":q ", 3000), false},
	{strings.Repeat("(", 30000) + "1", false},
	{"DELETE FROM t WHERE " + strings.Repeat("(", 30000) + "1", false},
	{strings.Repeat("SELECT f(", 10000), false},
	{strings.Repeat("WITH a AS (DELETE FROM t WHERE id = 1) ", 1500), false},
	{strings.Repeat("EXECUTE f(", 10000), false},
}

// readAll asks every question the checks ask of every statement.
func readAll(s string, d Dialect) (texts []string, unscoped bool) {
	for _, st := range Split(s, d) {
		texts = append(texts, st.Text)
		st.Destroys()
		if len(st.Unscoped()) > 0 {
			unscoped = true
		}
		st.Files()
		st.Inner()
		st.Calls()
		st.Backticks()
	}
	return texts, unscoped
}

// TestLargeInput reads the large texts in every dialect: each splits into
// statements that join to the text again, and a text of bare DELETEs is
// still read as deleting every row. How long the reading takes is
// BenchmarkLargeInput's to say, not a clock's in a test: a reader that
// turned quadratic again would take hours here, which the test binary's
// timeout reports.
func TestLargeInput(t *testing.T) {
	for i, in := range largeInputs {
		for _, d := range Dialects {
			texts, unscoped := readAll(in.text, d)
			if got := strings.Join(texts, ""); got != in.text {
				t.Errorf("input %d, dialect %v: the statements join to %d bytes, not the %d of the text", i, d, len(got), len(in.text))
			}
			if in.unscoped && !unscoped {
				t.Errorf("input %d, dialect %v: no statement is read as changing every row", i, d)
			}
		}
	}
}

func BenchmarkLargeInput(b *testing.B) {
	for b.Loop() {
		for _, in := range largeInputs {
			for _, d := range Dialects {
				readAll(in.text, d)
			}
		}
	}
}
