package shell

import "testing"

// TestFoundFilesHandedOn asserts that a command a walker runs on the
// files it finds is judged against those files, whichever walker (find,
// bfs, fd under both names), option (-exec, -execdir, -ok, -okdir; -x,
// --exec, -X, --exec-batch, attached or not), terminator (; or +),
// placeholder (find's {}, fd's {}, {/}, {//}, {.}, {/.} or none, where fd
// appends the files) and route the files take to the command's words (its
// operands, or sh -c CODE NAME ARGS... as $1 and $@).
func TestFoundFilesHandedOn(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want []string
	}{
		// The positional parameters of sh -c are the words after the code.
		{`sh -c 'cat "$1"' _ ~/.ssh/id_rsa`, w("credential-access")},
		{`bash -c 'cat "$@"' _ ~/.aws/credentials`, w("credential-access")},
		{`sh -c 'cat $2' a b ~/.ssh/id_rsa`, w("credential-access")},
		{`zsh -c 'head -c 100 "$1"' zsh ~/.ssh/id_ed25519`, w("credential-access")},
		{`sh -c 'cat "$1"' _ README.md`, nil},
		{`sh -c 'rm -rf "$1"'`, nil},
		{`sh -c 'echo "$1"' _ ~/.ssh/id_rsa`, nil},
		// find and bfs hand the files to sh -c as $1 and $@.
		{`find ~/.ssh -exec sh -c 'cat "$1"' _ {} \;`, w("credential-access")},
		{`find ~/.ssh -execdir sh -c 'cat "$1"' _ {} \;`, w("credential-access")},
		{`find ~/.ssh -execdir sh -c 'cat "$@"' _ {} +`, w("credential-access")},
		{`find ~/.ssh -okdir bash -c 'cat "$1"' _ {} \;`, w("credential-access")},
		{`find ~/.ssh -name id_rsa -execdir cat {} \;`, w("credential-access")},
		{`bfs ~/.ssh -name id_rsa -execdir cat {} \;`, w("credential-access")},
		{`bfs ~/.ssh -exec sh -c 'cat "$1"' _ {} +`, w("credential-access")},
		{`bfs ~ -exec rm -rf {} +`, w("recursive-delete")},
		{`bfs ~ -delete`, w("recursive-delete")},
		{`bfs . -name '*.go'`, nil},
		// fd: a placeholder or none, the files are the command's.
		{`fd -X rm`, w("recursive-delete")},
		{`fd -x rm`, w("recursive-delete")},
		{`fd . ~ -X rm -rf`, w("recursive-delete")},
		{`fd . ~ --exec rm -rf {}`, w("recursive-delete")},
		{`fd . ~ -x rm -rf {} \;`, w("recursive-delete")},
		{`fd . ~ --exec-batch rm -rf`, w("recursive-delete")},
		{`fd . ~ -X sh -c 'rm -rf "$@"' _`, w("recursive-delete")},
		{`fd --exec-batch=cat . ~/.ssh`, w("credential-access")},
		{`fd . ~/.aws -x cat`, w("credential-access")},
		{`fd . ~/.ssh -x cat {}`, w("credential-access")},
		{`fd . ~/.ssh -x cat {/}`, w("credential-access")},
		{`fd . ~/.ssh -X head -n 5 {.}`, w("credential-access")},
		{`fd . ~/.ssh --exec=cat`, w("credential-access")},
		{`fdfind . ~/.ssh -x cat`, w("credential-access")},
		{`fd -H . ~/.ssh -X sh -c 'cat "$@"' _`, w("credential-access")},
		// -execdir and -okdir run the command in the directory of each
		// file found: its relative paths are there, not in find's.
		{`find ~ -name .bashrc -execdir sh -c 'echo x >> .bashrc' \;`, w("agent-config-tamper")},
		{`find ~ -maxdepth 1 -name .bashrc -okdir sh -c 'echo x >> .bashrc' \;`, w("agent-config-tamper")},
		{`bfs ~ -name .zshrc -execdir sh -c 'echo x >> .zshrc' \;`, w("agent-config-tamper")},
		{`find ~ -name .bashrc -execdir sed -i s/a/b/ .bashrc \;`, w("agent-config-tamper")},
		{`/usr/bin/find ~ -name .bashrc -execdir env sed -i s/a/b/ .bashrc \;`, w("agent-config-tamper")},
		{`find ~/.ssh -execdir cat id_rsa \;`, w("credential-access")},
		{`find ~/.ssh -name id_rsa -execdir cp id_rsa /tmp/k \;`, w("credential-access", "file-overwrite")},
		{`find ~ -name .bashrc -exec sh -c 'echo x >> .bashrc' \;`, nil},
		{`find . -name '*.go' -execdir gofmt -l {} +`, nil},
		{`find . -name '*.bak' -execdir ls -l {} \;`, nil},
		// fd --base-directory DIR walks from DIR and runs its commands
		// there.
		{`fd --base-directory ~ -x rm -rf`, w("recursive-delete")},
		{`fd --base-directory ~/.ssh . -x cat`, w("credential-access")},
		{`fd --base-directory=/home/dev/.aws -X cat`, w("credential-access")},
		{`fd --base-directory src -e go -x wc -l`, nil},
		{`fd -e go -x echo`, nil},
		{`fd -e go`, nil},
	} {
		wantCategories(t, tt.cmd, tt.want)
	}
}
