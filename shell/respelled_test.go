package shell

import (
	"fmt"
	"strings"
	"testing"
)

// TestDeclarationSpellings: a declaration builtin whose name is quoted or
// escaped (\export, 'typeset', e\xport), or run through command or
// builtin, is still the builtin in bash (seen with bash 5.2: \export
// FOO=1 exports FOO to a child), so its assignments are judged as the
// clause's are. env, nice and sudo run a program of that name instead,
// which does not exist: nothing is exported.
func TestDeclarationSpellings(t *testing.T) {
	plain := []string{
		"export BASH_ENV=/tmp/.p.sh && bash scripts/test.sh",
		"typeset -x PAGER='sh -c id' && git log",
		"declare -x GIT_SSH_COMMAND='sh -c id' && git fetch",
		"export FOO=1",
		"readonly X=1",
	}
	for _, cmd := range plain {
		name, rest, _ := strings.Cut(cmd, " ")
		want := verdictOf(cmd)
		for _, v := range []string{`\` + name, "'" + name + "'", `"` + name + `"`, name[:1] + `\` + name[1:], "'" + name[:1] + "'" + name[1:],
			"command " + name, "command -p " + name, "builtin " + name, "command -- " + name} {
			got := verdictOf(v + " " + rest)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s %s:\n  got  %+v\n  want %+v (as %s)", v, rest, got, want, cmd)
			}
		}
	}
}
