package shell

import (
	"math/rand"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestLazyRegexpLiterals checks that skipping text with none of a pattern's
// literals never changes what the pattern finds: every pattern, over the
// corpus commands, the probes, and text built around each literal in mixed
// case.
func TestLazyRegexpLiterals(t *testing.T) {
	var inputs []string
	for _, f := range []string{"../testdata/corpus/commands-dev.tsv", "../cmd/warden/testdata/scan/probes.txt"} {
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
	filtered := 0
	for _, l := range lazyRegexps {
		l.get()
		cases := append([]string(nil), inputs...)
		for _, lit := range l.needs {
			cases = append(cases, lit, mixCase(lit), "x = "+mixCase(lit)+"('/tmp/a', \"w\")", mixCase(lit)+" ſystem K", lit[:len(lit)-1])
		}
		for _, s := range cases {
			if !l.mayMatch(s) {
				filtered++
			}
			if got, want := l.MatchString(s), l.re.MatchString(s); got != want {
				t.Fatalf("%s on %q: MatchString %v, the regexp says %v (literals %q)", l.expr, s, got, want, l.needs)
			}
			if got, want := l.FindAllStringSubmatch(s, -1), l.re.FindAllStringSubmatch(s, -1); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s on %q: FindAllStringSubmatch differs", l.expr, s)
			}
		}
	}
	if filtered == 0 {
		t.Error("no text was ever skipped: the literals do nothing")
	}
	for _, l := range []*lazyRegexp{codeSend, codeWriteVerb, codeDecode, codeSpawnShell} {
		if l.needs == nil {
			t.Errorf("%s has no literals", l.expr)
		}
	}
}
