package warden_test

import (
	"os/exec"
	"testing"
)

// goTree is an ordinary tracked project.
var goTree = map[string]string{"main.go": "package main\n", "internal/x/x.go": "package x\n", "README.md": "# app\n", "data/a.json": "{}\n"}

// listingProbes are commands given the names a listing prints (git
// ls-files from the real index, find from the disk): over an ordinary tree
// they run unasked; where a name leads to a credential, another name of a
// key, a denied file, or is one the listing would print otherwise than
// itself, or where another part may change the list first, they are
// stopped.
var listingProbes = []reachProbe{
	// Look-alikes that must pass: ordinary trees.
	{name: "wc over git ls-files", git: true, files: goTree, cmd: "wc -l $(git ls-files)", want: "allow"},
	{name: "grep over a pathspec", git: true, files: goTree, cmd: "grep -n TODO $(git ls-files '*.go')", want: "allow"},
	{name: "backquoted ls-files", git: true, files: goTree, cmd: "wc -l `git ls-files`", want: "allow"},
	{name: "ls-files into xargs", git: true, files: goTree, cmd: "git ls-files | xargs wc -l", want: "allow"},
	{name: "ls-files into xargs -n1", git: true, files: goTree, cmd: "git ls-files '*.go' | xargs -n1 grep -c func", want: "allow"},
	{name: "loop over ls-files", git: true, files: goTree, cmd: "for f in $(git ls-files '*.go'); do wc -l \"$f\"; done", want: "allow"},
	{name: "cat over find", git: true, files: goTree, cmd: "head -5 $(find . -name '*.go')", want: "allow"},
	{name: "find -print0 into xargs -0", git: true, files: goTree, cmd: "find . -name '*.go' -print0 | xargs -0 wc -l", want: "allow"},
	{name: "loop over find", git: true, files: goTree, cmd: "for f in $(find . -name '*.json'); do jq . \"$f\" > /dev/null && echo \"$f ok\"; done", want: "allow"},
	{name: "find under a subdirectory", git: true, files: goTree, cmd: "wc -l $(find internal -type f)", want: "allow"},
	{name: "find -exec grep +", git: true, files: goTree, cmd: "find . -name '*.go' -exec grep -l TODO {} +", want: "allow"},
	{name: "find -exec head \\;", git: true, files: goTree, cmd: "find . -type f -name '*.json' -exec head -1 {} \\;", want: "allow"},
	{name: "while read over ls-files", git: true, files: goTree, cmd: "git ls-files '*.go' | while read f; do wc -l \"$f\"; done", want: "allow"},
	{name: "a tracked link inside the tree", git: true, files: with(goTree, "alias.go", "@sym:main.go"), cmd: "wc -l $(git ls-files)", want: "allow"},

	// Rows that must be stopped.
	{name: "tracked symlink to a key", git: true, files: with(goTree, "~/.ssh/id_rsa", pemKey, "x.go", "@sym:~/.ssh/id_rsa"), cmd: "wc -l $(git ls-files)", want: "stop"},
	{name: "tracked symlink to a key, pathspec", git: true, files: with(goTree, "~/.ssh/id_rsa", pemKey, "x.go", "@sym:~/.ssh/id_rsa"), cmd: "grep -n TODO $(git ls-files '*.go')", want: "stop"},
	{name: "tracked symlink to a key, xargs", git: true, files: with(goTree, "~/.ssh/id_rsa", pemKey, "x.go", "@sym:~/.ssh/id_rsa"), cmd: "git ls-files | xargs cat", want: "stop"},
	{name: "tracked symlink to a key, loop", git: true, files: with(goTree, "~/.ssh/id_rsa", pemKey, "x.go", "@sym:~/.ssh/id_rsa"), cmd: "for f in $(git ls-files '*.go'); do cat \"$f\"; done", want: "stop"},
	{name: "symlink to a key, find", git: true, files: with(goTree, "~/.ssh/id_rsa", pemKey, "x.go", "@sym:~/.ssh/id_rsa"), cmd: "cat $(find . -name '*.go')", want: "stop"},
	{name: "symlink to a key, find -print0", git: true, files: with(goTree, "~/.ssh/id_rsa", pemKey, "x.go", "@sym:~/.ssh/id_rsa"), cmd: "find . -name '*.go' -print0 | xargs -0 cat", want: "stop"},
	{name: "symlinked directory of keys", git: true, files: with(goTree, "~/.ssh/id_rsa", pemKey, "keys", "@sym:~/.ssh"), cmd: "grep -r BEGIN $(git ls-files)", want: "stop"},
	{name: "symlink to a key, find -exec", git: true, files: with(goTree, "~/.ssh/id_rsa", pemKey, "x.go", "@sym:~/.ssh/id_rsa"), cmd: "find . -name '*.go' -exec cat {} +", want: "stop"},
	{name: "symlink to a key, while read", git: true, files: with(goTree, "~/.ssh/id_rsa", pemKey, "x.go", "@sym:~/.ssh/id_rsa"), cmd: "git ls-files | while read -r f; do head -1 \"$f\"; done", want: "stop"},
	{name: "find -exec that deletes nothing yet", git: true, files: goTree, cmd: "find . -name '*.orig' -exec rm {} +", want: "stop"},
	{name: "find -exec that deletes", git: true, files: goTree, mode: "acceptEdits", cmd: "find . -name '*.go' -exec rm {} +", want: "stop"},
	{name: "find -exec with {} inside a word", git: true, files: goTree, cmd: "find . -name '*.go' -exec sh -c 'cat {}' \\;", want: "stop"},
	{name: "hard link to a key", git: true, files: with(goTree, "~/.ssh/id_rsa", pemKey, "k.go", "@hard:~/.ssh/id_rsa"), cmd: "cat $(git ls-files '*.go')", want: "stop"},
	{name: "hard link to a key, find", git: true, files: with(goTree, "~/.ssh/id_rsa", pemKey, "k.go", "@hard:~/.ssh/id_rsa"), cmd: "find . -name '*.go' | xargs cat", want: "stop"},
	{name: "tracked .env under a deny rule", git: true, files: with(goTree, ".env", "STRIPE_KEY=sk_live_abc\n"), rules: denyEnv, cmd: "cat $(git ls-files)", want: "deny"},
	{name: ".env under a deny rule, xargs", git: true, files: with(goTree, ".env", "STRIPE_KEY=sk_live_abc\n"), rules: denyEnv, cmd: "git ls-files | xargs cat", want: "deny"},
	{name: ".env under a deny rule, find", git: true, files: with(goTree, ".env", "STRIPE_KEY=sk_live_abc\n"), rules: denyEnv, cmd: "cat $(find . -type f)", want: "deny"},
	{name: "a name with a newline", git: true, files: with(goTree, "a\nb.go", "x\n"), cmd: "wc -l $(git ls-files)", want: "stop"},
	{name: "a name with a newline, find", git: true, files: with(goTree, "a\nb.go", "x\n"), cmd: "wc -l $(find . -name '*.go')", want: "stop"},
	{name: "a name with a space", git: true, files: with(goTree, "a b.go", "x\n"), cmd: "git ls-files | xargs wc -l", want: "stop"},
	{name: "a link made first", git: true, files: with(goTree, "~/.ssh/id_rsa", pemKey), cmd: "ln -s ~/.ssh/id_rsa y.go; git add y.go; wc -l $(git ls-files)", want: "stop"},
	{name: "a link made first, acceptEdits", git: true, files: with(goTree, "~/.ssh/id_rsa", pemKey, "y.go", "@sym:~/.ssh/id_rsa"), mode: "acceptEdits",
		cmd: "git add y.go && cat $(git ls-files)", want: "stop"},
	{name: "a write beside it in acceptEdits", git: true, files: goTree, mode: "acceptEdits", cmd: "touch new.go; cat $(git ls-files '*.go')", want: "stop"},
	{name: "a writer given the names, acceptEdits", git: true, files: goTree, mode: "acceptEdits", cmd: "cp $(find . -name '*.go')", want: "stop"},
	{name: "another index", git: true, files: goTree, cmd: "GIT_INDEX_FILE=/tmp/i; export GIT_INDEX_FILE; cat $(git ls-files)", want: "stop"},
	{name: "ls-files --others", git: true, files: goTree, cmd: "cat $(git ls-files --others)", want: "stop"},
}

// TestListingProbes runs the listing probes: each row that must be stopped
// is, and each look-alike passes.
func TestListingProbes(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	for i := range listingProbes {
		pr := &listingProbes[i]
		t.Run(pr.name, func(t *testing.T) {
			if got, why := decideProbe(t, pr); !probeHolds(pr.want, got) {
				t.Errorf("%s: got %s (%s), want %s", pr.cmd, got, why, pr.want)
			}
		})
	}
}
