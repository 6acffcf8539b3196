package shell

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// stringLitPattern is what stringLits replaces: the tests hold the scanner
// to its answers.
var stringLitPattern = regexp.MustCompile(`"([^"\\\n]{1,300})"|'([^'\\\n]{1,300})'`)

func patternLits(code string, n int) []string {
	var out []string
	for _, m := range stringLitPattern.FindAllStringSubmatch(code, n) {
		if m[1] != "" {
			out = append(out, m[1])
		} else {
			out = append(out, m[2])
		}
	}
	return out
}

// TestStringLits: the scanner finds the literals the pattern finds, in
// order, on the edges that matter: empty literals, escapes and newlines
// inside, the other quote inside, 300 and 301 characters (counted as
// characters, invalid bytes one each), unterminated quotes, the limit.
func TestStringLits(t *testing.T) {
	long := strings.Repeat("é", 300)
	for _, code := range []string{
		`open(">/etc/passwd")`, `x = "a" + 'b' + "c"`, `""`, `''`, `"a\"b"`, "\"a\nb\"", `"it's"`, `'say "hi"'`,
		`"` + long + `"`, `"` + long + `x"`, "\"\xff\xfe\"", `"unterminated`, `'a`, `"a""b"`, `"a"b"`, `'''`, `"""x"""`,
		strings.Repeat(`"x" `, 70), `print('/root/.ssh/id_rsa'); os.remove("~/.bashrc")`,
	} {
		if got, want := stringLits(code, 64), patternLits(code, 64); !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", code, got, want)
		}
	}
}

func FuzzStringLits(f *testing.F) {
	for _, s := range []string{`"a" 'b'`, "\"\xff\"", `"a\"b"`, `''"x"`, strings.Repeat("a", 301)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		if got, want := stringLits(code, 64), patternLits(code, 64); !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", code, got, want)
		}
	})
}
