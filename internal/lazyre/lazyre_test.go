package lazyre_test

import (
	"math/rand"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/wardenhq/warden/internal/lazyre"
	_ "github.com/wardenhq/warden/shell" // its patterns
)

// TestLazyRegexpLiterals checks that skipping text with none of a pattern's
// literals, and leaving out the alternatives whose literals the text does
// not hold, never changes what the pattern finds: every pattern, over the
// corpus commands, the probes, text built around each literal in mixed
// case, and text holding a few of a pattern's literals at once.
func TestLazyRegexpLiterals(t *testing.T) {
	var inputs []string
	for _, f := range []string{"../../testdata/corpus/commands-dev.tsv", "../../cmd/warden/testdata/scan/probes.txt"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, strings.Split(string(data), "\n")...)
	}
	rng := rand.New(rand.NewSource(3))
	mixCase := func(s string) string {
		b := []byte(s)
		for i := range b {
			if rng.Intn(2) == 0 && 'a' <= b[i] && b[i] <= 'z' {
				b[i] -= 'a' - 'A'
			}
		}
		return string(b)
	}
	glue := []string{"", " ", "(", "('", "(\"", "(\"/tmp/a\", 'w')", " = ", "; ", ".", "\n", "(~)", "('~')", " 1 ", "()", "[", " sh", "'/bin/sh'"}
	filtered, pruned := 0, 0
	for _, l := range lazyre.All() {
		l.Parse()
		cases := append([]string(nil), inputs...)
		for _, lit := range l.Needs() {
			cases = append(cases, lit, mixCase(lit), "x = "+mixCase(lit)+"('/tmp/a', \"w\")", mixCase(lit)+" ſystem K", lit[:len(lit)-1])
		}
		for range 60 {
			if len(l.Lits()) == 0 {
				break
			}
			var b strings.Builder
			for range 1 + rng.Intn(3) {
				b.WriteString(glue[rng.Intn(len(glue))])
				lit := l.Lits()[rng.Intn(len(l.Lits()))]
				if rng.Intn(2) == 0 {
					lit = mixCase(lit)
				}
				b.WriteString(lit)
				b.WriteString(glue[rng.Intn(len(glue))])
			}
			cases = append(cases, b.String())
		}
		printed := regexp.MustCompile(lazyre.PatternText(l.Tree()))
		for _, s := range cases {
			if got, want := printed.FindAllStringSubmatchIndex(s, -1), l.Full().FindAllStringSubmatchIndex(s, -1); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s on %q: the pattern written back (%s) finds %v, the pattern %v", l.Expr(), s, lazyre.PatternText(l.Tree()), got, want)
			}
			if !l.MayMatch(s) {
				filtered++
			} else if re := l.Get(s); re != nil && re != l.Full() {
				pruned++
			}
			full := l.Full()
			if got, want := l.MatchString(s), full.MatchString(s); got != want {
				t.Fatalf("%s on %q: MatchString %v, the regexp says %v (literals %q)", l.Expr(), s, got, want, l.Needs())
			}
			if got, want := l.FindAllStringSubmatch(s, -1), full.FindAllStringSubmatch(s, -1); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s on %q: FindAllStringSubmatch %q, the regexp finds %q", l.Expr(), s, got, want)
			}
			if got, want := l.FindString(s), full.FindString(s); got != want {
				t.Fatalf("%s on %q: FindString %q, the regexp finds %q", l.Expr(), s, got, want)
			}
		}
	}
	if filtered == 0 {
		t.Error("no text was ever skipped: the literals do nothing")
	}
	if pruned == 0 {
		t.Error("no pattern was ever run without some of its alternatives")
	}
}
