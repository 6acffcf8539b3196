package sql

import (
	"strings"
	"testing"
	"time"
)

// TestLargeInput reads texts that made a reader quadratic (each DELETE,
// UPDATE or call read to the end of the text): they are read in linear
// time, well inside the bound.
func TestLargeInput(t *testing.T) {
	start := time.Now()
	for _, s := range []string{
		strings.Repeat("DELETE FROM ", 10000),
		strings.Repeat("UPDATE x ", 10000) + " SET",
		strings.Repeat("\\set q 'x'\n", 3000) + strings.Repeat(":q ", 3000),
		strings.Repeat("(", 30000) + "1",
		"DELETE FROM t WHERE " + strings.Repeat("(", 30000) + "1",
		strings.Repeat("SELECT f(", 10000),
		strings.Repeat("WITH a AS (DELETE FROM t WHERE id = 1) ", 1500),
		strings.Repeat("EXECUTE f(", 10000),
	} {
		for _, d := range Dialects {
			for _, st := range Split(s, d) {
				st.Destroys()
				st.Unscoped()
				st.Files()
				st.Inner()
				st.Calls()
				st.Backticks()
			}
		}
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("large texts took %v", d)
	}
}
