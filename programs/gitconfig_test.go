package programs

import "testing"

// TestGitConfigEffect holds what a git configuration key does, in any case
// of its section and name: a program key's running value runs, its plain
// value does not, an inert key never does, and any other key, or a
// program key's value that names operands or other options, is unknown.
func TestGitConfigEffect(t *testing.T) {
	for _, c := range []struct {
		key, value string
		want       Effect
	}{
		{"color.ui", "always", None},
		{"Color.UI", "never", None},
		{"color.diff.meta", "blue", None},
		{"core.quotePath", "off", None},
		{"log.date", "iso", None},
		{"user.email", "a@b", None},
		{"core.pager", "less -R", None},
		{"core.pager", "cat", None},
		{"alias.l", "log --oneline", None},
		{"core.pager", "sh -c id", Exec},
		{"CORE.PAGER", "sh", Exec},
		{"alias.x", "!id", Exec},
		{"core.hooksPath", ".githooks", Exec},
		{"diff.x.textconv", "./conv.sh", Exec},
		{"core.pager", "cat ~/.ssh/id_rsa", Unknown},
		{"core.pager", "less -o out", Unknown},
		{"core.editor", "vim -c '!id'", Unknown},
		{"log.showSignature", "true", Unknown},
		{"commit.template", "~/.ssh/id_rsa", Unknown},
		{"include.path", "x.cfg", Unknown},
		{"remote.origin.url", "https://example.com/r.git", Unknown},
		{"foo.bar", "1", Unknown},
		{"color", "x", Unknown},
	} {
		if got := GitConfigEffect(c.key, c.value); got != c.want {
			t.Errorf("GitConfigEffect(%q, %q) = %v, want %v", c.key, c.value, got, c.want)
		}
	}
	for _, k := range []string{"core.editor", "Core.HooksPath", "alias.st", "include.path", "diff.tool", "protocol.file.allow"} {
		if !GitConfigKeyRuns(k) {
			t.Errorf("GitConfigKeyRuns(%q) = false, want true", k)
		}
	}
	for _, k := range []string{"color.ui", "user.name", "remote.origin.url", "foo.bar"} {
		if GitConfigKeyRuns(k) {
			t.Errorf("GitConfigKeyRuns(%q) = true, want false", k)
		}
	}
}
