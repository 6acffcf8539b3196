package checks

import (
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/pathclass"
	"github.com/wardenhq/warden/programs"
)

// gitExecKey says whether setting key to value makes git run a command
// (programs.GitConfigKeys).
func gitExecKey(k, value string) bool { return programs.GitConfigRunsProgram(k, value) }

func Git(c Call) {
	// Global -c key=value: configuration that runs commands. The global
	// options are those before the subcommand, in any spelling the entry
	// reads (-ckey=value, -c key=value).
	res := c.Parse()
	first := len(c.Args())
	if subs := res.SubIndexes(); len(subs) > 0 {
		first = subs[0]
	}
	var globals []programs.Use
	for _, o := range res.Options {
		if o.Index < first {
			globals = append(globals, o)
		}
	}
	for _, o := range globals {
		kv := ""
		switch o.Option {
		case "-c":
			kv = o.Target
		case "--config-env":
			c.FlagAt(danger.RemoteExec, "git reads configuration from an environment variable, which can make it run commands", medium)
		case "--exec-path":
			if o.Target != "" {
				c.Flag(danger.RemoteExec, "git runs its subcommands from "+o.Target)
			}
		}
		if kv != "" {
			k, v, _ := strings.Cut(kv, "=")
			if gitExecKey(k, v) {
				c.Flag(danger.RemoteExec, "git -c "+k+" makes git run a command ("+v+")")
			}
			if lv := strings.ToLower(v); strings.EqualFold(k, "http.sslVerify") && (lv == "false" || lv == "0" || lv == "no" || lv == "off") {
				c.Flag(danger.SecurityDisable, "git -c http.sslVerify=false turns off TLS certificate verification")
			}
		}
	}
	sub, rest := c.Sub()
	for _, x := range rest {
		if strings.HasPrefix(x.Value, "ext::") {
			c.Flag(danger.RemoteExec, "the ext:: transport runs a command")
		}
	}
	// Options that name a program git runs, in any spelling the
	// subcommand's entry reads (--upload-pack=x, --upload-pack x, --upl x).
	res = c.Parse()
	for _, o := range res.Options {
		if o.Index < first {
			continue
		}
		switch {
		case o.Option == "--upload-pack" || o.Option == "--receive-pack" || o.Option == "--exec":
			c.Flag(danger.RemoteExec, "git "+sub+" "+o.Option+" runs a command")
		case o.Option == "--open-files-in-pager" || o.Option == "-O" && sub == "grep":
			c.FlagAt(danger.RemoteExec, "git grep -O runs a pager command", medium)
		}
	}
	gitPrintsSecrets(c, sub, rest)
	// The options of the subcommand, as its entry (programs/git.go)
	// reads them: bundled, attached, with =, or abbreviated as git
	// allows.
	res = c.Parse()
	switch sub {
	case "reset":
		if res.Has("--hard") || res.Has("--merge") {
			c.Flag(danger.GitDestructive, "git reset --hard discards uncommitted work")
		}
	case "checkout":
		if res.Has("-B") {
			c.FlagAt(danger.GitDestructive, "git checkout -B resets a branch that exists, dropping its commits", medium)
		}
		if res.Has("--force") {
			c.Flag(danger.GitDestructive, "git checkout --force discards uncommitted work")
			return
		}
		paths := pathspecs(c, rest)
		if paths != nil {
			judgeDiscard(c, paths, "git checkout")
		}
	case "restore":
		worktree := res.Has("--worktree") || !res.Has("--staged")
		if worktree {
			judgeDiscard(c, c.Operands(), "git restore")
		}
	case "switch":
		if res.Has("--discard-changes") || res.Has("--force") {
			c.Flag(danger.GitDestructive, "git switch --discard-changes discards uncommitted work")
		}
		if res.Has("--force-create") {
			c.FlagAt(danger.GitDestructive, "git switch -C resets a branch that exists, dropping its commits", medium)
		}
	case "clean":
		if res.Has("--force") && !res.Has("--dry-run") {
			c.Flag(danger.GitDestructive, "git clean -f deletes untracked files for good")
		}
	case "stash":
		if verb := res.Sub(); verb == "stash clear" || verb == "stash drop" {
			c.Flag(danger.GitDestructive, "git "+verb+" discards stashed work")
		}
	case "branch":
		if res.Has("-D") || res.Has("--delete") && res.Has("--force") {
			c.Flag(danger.GitDestructive, "git branch -D deletes a branch even if it is not merged")
		} else if res.Has("--force") && len(c.Operands()) > 0 && !res.Has("--move") && !res.Has("--copy") {
			c.FlagAt(danger.GitDestructive, "git branch --force moves a branch that exists, dropping its commits", medium)
		}
	case "push":
		if res.Has("--dry-run") {
			return
		}
		if res.Tried("--force", "--force-with-lease", "--force-if-includes") {
			c.Flag(danger.GitDestructive, "a forced push overwrites published history")
		}
		pos := c.Operands()
		if len(pos) > 0 && (strings.Contains(pos[0].Value, "://") || scpLikeRemote(pos[0].Value)) {
			c.FlagAt(danger.Exfiltration, "pushes the repository to "+pos[0].Value+", which no configured remote names", medium)
		}
		for i, x := range pos {
			if i == 0 && len(pos) > 1 {
				continue // the remote
			}
			if strings.HasPrefix(x.Value, "+") {
				c.Flag(danger.GitDestructive, "the refspec "+x.Value+" force-pushes")
			}
			if strings.HasPrefix(x.Value, ":") && len(x.Value) > 1 {
				c.Flag(danger.GitDestructive, "the refspec "+x.Value+" deletes a remote branch")
			}
		}
		if res.Has("--delete") || res.Has("--mirror") || res.Has("--prune") {
			c.Flag(danger.GitDestructive, "git push deletes remote branches")
		}
	case "filter-branch", "filter-repo":
		c.Flag(danger.GitHistoryRewrite, "git "+sub+" rewrites the whole history")
	case "reflog":
		if res.Sub() == "reflog expire" && (nowOrAll(res.Values("--expire")) || nowOrAll(res.Values("--expire-unreachable"))) || res.Sub() == "reflog delete" {
			c.Flag(danger.GitHistoryRewrite, "expiring the reflog makes discarded commits unrecoverable")
		}
	case "gc", "prune":
		if sub == "gc" && nowOrAll(res.Values("--prune")) || sub == "prune" && slices.Contains(res.Values("--expire"), "now") {
			c.FlagAt(danger.GitHistoryRewrite, "pruning now deletes unreachable commits for good", medium)
		}
	case "update-ref":
		if res.Has("-d") || res.Has("--stdin") {
			c.Flag(danger.GitDestructive, "git update-ref -d deletes a ref")
		}
	case "rm":
		if res.Has("-r") && res.Has("--force") && !res.Has("--cached") {
			for _, x := range c.Operands() {
				if x.Value == "." || x.Value == "*" || x.Value == ":/" {
					c.Flag(danger.GitDestructive, "git rm -rf . removes every file and its changes")
				}
			}
		}
	case "config":
		checkGitConfig(c, rest)
	case "credential", "credential-store", "credential-cache":
		if len(rest) > 0 && (rest[0].Value == "fill" || rest[0].Value == "get") {
			c.Flag(danger.CredentialAccess, "git credential fill prints stored credentials")
		}
	case "remote":
		if pos := c.Operands(); res.Sub() == "remote add" && len(pos) >= 2 {
			// A remote added and pushed to in the same command sends the
			// code somewhere new.
			name := pos[0].Value
			for _, o := range c.Others() {
				if o.Program() != "git" {
					continue
				}
				if push := o.Parse(); push.Sub() == "push" && slices.Contains(push.Operands(), name) {
					c.Flag(danger.Exfiltration, "adds the remote "+pos[1].Value+" and pushes the code to it")
				}
			}
		}
	case "worktree":
		if res.Sub() == "worktree remove" && res.Has("--force") {
			c.FlagAt(danger.GitDestructive, "git worktree remove --force discards that worktree's changes", medium)
		}
	case "submodule":
		if res.Sub() == "submodule deinit" && res.Has("--force") {
			c.FlagAt(danger.GitDestructive, "git submodule deinit --force discards submodule changes", medium)
		}
	}
}

// pathspecs returns the paths after "--", or the operands when one of them
// is ".", or nil for a plain branch checkout.
func pathspecs(c Call, rest []Word) []Word {
	for i, x := range rest {
		if x.Value == "--" {
			return rest[i+1:]
		}
	}
	if vs := values(c, "--pathspec-from-file"); len(vs) > 0 {
		x := vs[0]
		x.Value = "--pathspec-from-file=" + x.Value
		return []Word{x}
	}
	pos := c.Operands()
	for _, x := range pos {
		if x.Value == "." || x.Value == ":/" || x.Value == "*" {
			return pos
		}
	}
	if res := c.Parse(); len(pos) >= 2 && checkoutOptionsKnown(rest) && !res.Has("-b", "-B", "-t", "--track", "--orphan", "--detach") {
		// checkout TREE-ISH PATH...: the words after the commit are paths
		// (or, when the first is no commit, every word is). Creating,
		// tracking or detaching a branch takes no paths: git refuses.
		return pos[1:]
	}
	return nil
}

// checkoutFlags are git checkout's options that take no value; git
// refuses any other option but the value-taking ones its entry declares.
// The set is built on first use, not by every warden process at start-up.
var checkoutFlags = sync.OnceValue(func() wordSet {
	return newWordSet("-q --quiet -l --guess --no-guess --overlay --no-overlay --recurse-submodules --no-recurse-submodules --progress --no-progress " +
		"-m --merge --overwrite-ignore --no-overwrite-ignore --ignore-other-worktrees -2 --ours -3 --theirs -p --patch --ignore-skip-worktree-bits --pathspec-file-nul --no-quiet --no-track")
})

// checkoutOptionsKnown reports that every option of a git checkout is one
// git accepts, so that its operands are read as git reads them.
func checkoutOptionsKnown(rest []Word) bool {
	for _, x := range rest {
		if x.Value == "--" {
			break
		}
		if !strings.HasPrefix(x.Value, "-") || x.Value == "-" {
			continue
		}
		name, _, _ := strings.Cut(x.Value, "=")
		if !checkoutFlags()[name] && name != "--recurse-submodules" && name != "--conflict" && name != "--pathspec-from-file" {
			return false
		}
	}
	return true
}

// judgeDiscard flags discarding working-tree changes, except to a single
// lock or generated file.
func judgeDiscard(c Call, paths []Word, how string) {
	if len(paths) == 0 {
		return
	}
	if len(paths) == 1 && GeneratedFile(paths[0].Value) {
		return
	}
	c.Flag(danger.GitDestructive, how+" discards uncommitted changes to "+joinArgs(paths))
}

// GeneratedFile reports a lock file or generated output, whose changes a
// tool makes again.
func GeneratedFile(s string) bool {
	b := path.Base(s)
	switch b {
	case "package-lock.json", "yarn.lock", "pnpm-lock.yaml", "Cargo.lock", "Gemfile.lock", "poetry.lock", "composer.lock", "go.sum", "uv.lock", "Pipfile.lock", "bun.lockb", "flake.lock", "mix.lock", "pubspec.lock", "Podfile.lock":
		return true
	}
	return strings.HasSuffix(b, ".lock") || strings.Contains(s, "generated") || strings.HasSuffix(b, ".min.js") || strings.HasSuffix(b, ".snap")
}

func joinArgs(xs []Word) string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = x.Value
	}
	return strings.Join(out, " ")
}

func checkGitConfig(c Call, rest []Word) {
	res := c.Parse()
	pos := c.Operands()
	verb := ""
	if len(pos) > 0 {
		verb = pos[0].Value
	}
	if (res.Has("--get", "--get-all", "--list", "-l", "--get-regexp", "--show-origin") || verb == "get" || verb == "list") && verb != "set" {
		return
	}
	global := res.Has("--global", "--system")
	if len(pos) > 0 && (pos[0].Value == "set" || pos[0].Value == "unset") {
		pos = pos[1:]
	}
	if len(pos) == 0 && !res.Has("--unset", "--unset-all", "--remove-section", "--rename-section") {
		return
	}
	k, v := "", ""
	if len(pos) > 0 {
		k = pos[0].Value
	}
	if len(pos) > 1 {
		v = pos[1].Value
	}
	lk := strings.ToLower(k)
	switch {
	case lk == "core.hookspath" || lk == "core.fsmonitor" || strings.HasPrefix(lk, "alias.") && strings.HasPrefix(v, "!"):
		c.Flag(danger.Persistence, "git config "+k+" makes git run a command on later git commands")
	case gitExecKey(k, v):
		c.Flag(danger.RemoteExec, "git config "+k+" makes git run a command ("+v+")")
	case lk == "http.sslverify" && (v == "false" || v == "0" || v == "no" || v == "off"):
		c.Flag(danger.SecurityDisable, "turns off TLS certificate verification for git")
	case global:
		c.FlagAt(danger.SystemConfig, "changes the user-global git configuration ("+k+")", medium)
	}
}

// nowOrAll reports an expiry of now or all among vs: nothing unreachable
// is kept.
func nowOrAll(vs []string) bool {
	return slices.Contains(vs, "now") || slices.Contains(vs, "all")
}

// scpLikeRemote reports a git remote written as user@host:path.
func scpLikeRemote(s string) bool {
	at := strings.IndexByte(s, '@')
	colon := strings.IndexByte(s, ':')
	return at > 0 && colon > at+1 && !strings.Contains(s, "/") || at > 0 && colon > at+1 && strings.Index(s, "/") > colon
}

// gitPrintsSecrets flags printing a secrets or credential file as git has
// it in history: git log -p -- .env, git show HEAD -- .env, git grep .
// HEAD -- .env. The paths are the pathspecs after --, or operands that
// name such a file.
func gitPrintsSecrets(c Call, sub string, rest []Word) {
	switch sub {
	case "log", "whatchanged", "show":
		res := c.Parse()
		if sub != "show" && !res.Has("-p", "-u", "--patch", "-U", "--unified", "--word-diff", "--color-words") {
			return
		}
		if sub == "show" && res.Has("--stat", "--name-only", "--name-status", "--no-patch", "--shortstat", "--numstat") || res.Has("-s") {
			return
		}
	case "grep":
		if c.Parse().Has("-l", "-L", "-c", "-q", "--files-with-matches", "--name-only", "--files-without-match", "--count", "--quiet") {
			return
		}
	default:
		return
	}
	paths := pathspecs(c, rest)
	if paths == nil {
		paths = c.Operands()
	}
	for _, x := range paths {
		p := c.Resolve(x)
		switch {
		case p == "":
		case c.Credential(p):
			c.Flag(danger.CredentialAccess, "git "+sub+" prints "+p+" as the repository holds it")
			return
		case pathclass.SecretEnv.Is(p, ""):
			c.FlagAt(danger.CredentialAccess, "git "+sub+" prints the secrets in "+p+" as the repository holds them", medium)
			return
		}
	}
}
