package shell

import "testing"

// TestShellDialects asserts that the code of a shell whose syntax is not
// bash's (programs.Dialect: zsh, fish, csh, tcsh) is known only where
// bash reads it as that shell does, whatever the route (-c, a versioned
// name, a path, env, a here-string): a plain list of simple commands. Any
// other code is not known, never read-only, and keeps the findings of
// bash's reading.
func TestShellDialects(t *testing.T) {
	for _, tt := range []struct {
		cmd      string
		readOnly bool
		finding  string
	}{
		// Plain words mean the same in every dialect.
		{`fish -c 'ls'`, true, ""},
		{`fish -c 'git status && git diff'`, true, ""},
		{`fish -c 'ls -la src | head -5'`, true, ""},
		{`csh -c 'ls'`, true, ""},
		{`tcsh -c 'echo hi'`, true, ""},
		{`zsh -c 'git status; git log -1'`, true, ""},
		{`zsh -c 'echo "hi there"'`, true, ""},
		{`zsh-5.9 -c 'ls'`, true, ""},
		{`bash -c 'ls *.go'`, true, ""},
		{`sh -c 'echo $HOME'`, true, ""},
		// fish: set assigns (set -x PATH runs another ls), (cmd) is a
		// command substitution, $x[1] indexes, ; and joins.
		{`fish -c 'set -x PATH /tmp; ls'`, false, ""},
		{`fish -c 'set -U fish_user_paths /tmp'`, false, ""},
		{`fish --command='set -x PATH /tmp; ls'`, false, ""},
		{`fish -c 'echo $HOME'`, false, ""},
		{`fish -c 'echo (whoami)'`, false, ""},
		{`fish -c 'alias ls=rm'`, false, ""},
		{`fish -c "echo 'a\' b'"`, false, ""},
		{`fish <<< 'set -x PATH /tmp; ls'`, false, ""},
		{`env fish -c 'set -x PATH /tmp; ls'`, false, ""},
		{`/usr/bin/fish -c 'set -x PATH /tmp; ls'`, false, ""},
		{`fish -c 'rm -rf ~; and ls'`, false, "recursive-delete"},
		// csh: setenv, set x=, backticks, history.
		{`csh -c 'setenv PATH /tmp; ls'`, false, ""},
		{`tcsh -c 'set path = (/tmp $path); ls'`, false, ""},
		{"csh -c 'echo `whoami`'", false, ""},
		{`csh -c 'cat ~/.ssh/id_rsa'`, true, "credential-access"},
		// zsh: glob qualifiers run code, =(…) is a file, $~ globs, =cmd
		// is a path, setopt changes what globs mean.
		{`zsh -c 'ls *(e:rm -rf ~:)'`, false, ""},
		{`zsh -c 'ls *(+rmall)'`, false, ""},
		{`zsh -c 'cat =(echo hi)'`, false, ""},
		{`zsh -c 'echo $~x'`, false, ""},
		{`zsh -c 'echo =ls'`, false, ""},
		{`zsh -c 'setopt extendedglob; ls'`, false, ""},
		{`zsh-5.9 -c 'ls *(e:rm -rf ~:)'`, false, ""},
		{`/bin/zsh -c 'ls *(e:rm -rf ~:)'`, false, ""},
		{`zsh <<< 'ls *(e:rm -rf ~:)'`, false, ""},
		{`zsh -c 'rm -rf ~'`, false, "recursive-delete"},
	} {
		v := verdictOf(tt.cmd)
		if v.ReadOnly != tt.readOnly {
			t.Errorf("%s: read-only %v, want %v (%+v)", tt.cmd, v.ReadOnly, tt.readOnly, v)
		}
		if !tt.readOnly && !v.Unknown && tt.finding == "" {
			t.Errorf("%s: known, want not known", tt.cmd)
		}
		if tt.finding != "" && !findingsHave(v.Findings, tt.finding) {
			t.Errorf("%s: findings %v, want %s", tt.cmd, v.Findings, tt.finding)
		}
		if tt.finding == "" && len(v.Findings) > 0 && tt.readOnly {
			t.Errorf("%s: findings %v", tt.cmd, v.Findings)
		}
	}
}

func findingsHave(fs []string, cat string) bool {
	for _, f := range fs {
		if len(f) > len(cat) && f[:len(cat)] == cat && f[len(cat)] == ' ' {
			return true
		}
	}
	return false
}
