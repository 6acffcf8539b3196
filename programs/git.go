package programs

// Git: the global options, then a subcommand. Read-only subcommands declare
// every option they accept; the others declare their own effect and the
// options that do more than it (Loose).

// gitDiffOpts are the options of git's diff and log family that only shape
// the output.
const gitDiffOpts = "-p -u -s -U= -z -w -b -W -R -a -M? -C? -B? -D -l= -S= -G= -O=r -X? -1 -2 -3 -0 -c " +
	"--patch --no-patch --unified= --output=w --output-indicator-new= --output-indicator-old= --output-indicator-context= --raw --patch-with-raw " +
	"--indent-heuristic --no-indent-heuristic --minimal --patience --histogram --anchored= --diff-algorithm= --stat? --compact-summary --numstat --shortstat " +
	"--dirstat? --cumulative --dirstat-by-file? --summary --patch-with-stat --name-only --name-status --submodule? --color? --no-color --color-moved? --no-color-moved " +
	"--color-moved-ws= --no-color-moved-ws --word-diff? --word-diff-regex= --color-words? --no-renames --rename-empty --no-rename-empty --check --ws-error-highlight= " +
	"--full-index --binary --abbrev? --break-rewrites? --find-renames? --find-copies? --find-copies-harder --irreversible-delete --diff-filter= --find-object= " +
	"--pickaxe-all --pickaxe-regex --skip-to= --rotate-to= --relative? --no-relative --text --ignore-cr-at-eol --ignore-space-at-eol --ignore-space-change " +
	"--ignore-all-space --ignore-blank-lines --ignore-matching-lines= --inter-hunk-context= --function-context --exit-code --quiet --ext-diff:u --no-ext-diff " +
	"--textconv:u --no-textconv --ignore-submodules? --src-prefix= --dst-prefix= --no-prefix --default-prefix --line-prefix= --ita-invisible-in-index " +
	"--ita-visible-in-index --cached --staged --merge-base --no-index:R --base --ours --theirs --dd --cc --combined-all-paths -m --remerge-diff? --diff-merges= --no-diff-merges"

// gitLogOpts are the options of git log, show and their kin.
const gitLogOpts = gitDiffOpts + " --follow --no-decorate --decorate? --decorate-refs= --decorate-refs-exclude= --clear-decorations --source --mailmap --no-mailmap --use-mailmap " +
	"--full-diff --log-size -L= -n= --max-count= --skip= --since= --after= --since-as-filter= --until= --before= --author= --committer= --grep-reflog= --grep= " +
	"--all-match --invert-grep -i --regexp-ignore-case --basic-regexp -E --extended-regexp -F --fixed-strings -P --perl-regexp --remove-empty --merges --no-merges " +
	"--min-parents= --max-parents= --no-min-parents --no-max-parents --first-parent --exclude-first-parent-only --not --all --branches? --tags? --remotes? --glob= " +
	"--exclude= --exclude-hidden= --reflog --alternate-refs --single-worktree --ignore-missing --bisect --stdin --cherry-mark --cherry-pick --left-only --right-only " +
	"--cherry --walk-reflogs -g --merge --boundary --simplify-by-decoration --show-pulls --full-history --dense --sparse --simplify-merges --ancestry-path? " +
	"--date-order --author-date-order --topo-order --reverse --no-walk? --do-walk --pretty? --format= --abbrev-commit --no-abbrev-commit --oneline --encoding= " +
	"--expand-tabs? --no-expand-tabs --notes? --no-notes --show-notes? --show-signature --relative-date --date= --parents --children --left-right --graph " +
	"--show-linear-break? -t -r --root --no-commit-id --show-root --stdin -q --no-standard-notes --standard-notes -h:h --help:h -v --verbose"

func git(opts, operands string, examples ...[]string) *Spec {
	s := &Spec{Options: opts + " -h:h --help:h", Operands: operands, Permute: true, Abbrev: true}
	if len(examples) > 0 {
		s.ReadOnly = examples[0]
	}
	if len(examples) > 1 {
		s.Flagged = examples[1]
	}
	return s
}

// lists gives a subcommand the Lister that reads what it prints.
func lists(l Lister, s *Spec) *Spec {
	s.Flow.Lists = l
	return s
}

// numeric lets a log-like subcommand take -NUM, a limit on the number of
// commits (git log -5).
func numeric(s *Spec) *Spec {
	s.Numeric = true
	return s
}

// gitDoes is a subcommand that is not read-only: its own effect, and the
// options that do more than it.
// gitDumps marks a subcommand whose output is the repository's content
// (git archive).
func gitDumps(s *Spec) *Spec {
	s.Flow.Dumps = "an archive of the repository"
	return s
}

func gitDoes(e Effect, opts string) *Spec {
	return &Spec{Effect: e, Options: opts + " -h:h --help:h", Operands: "-*", Permute: true, Loose: true, Abbrev: true}
}

var _ = family("git", func(add func(...*Spec)) {
	readRefs := "-*"
	// git-credential ACTION (git 2.39: fill, approve, reject, capability)
	// reads a credential description on standard input and asks the
	// configured helpers, which are programs: fill prints the stored
	// username and password, approve and reject store or erase them.
	add(&Spec{Names: n("git-credential"), Effect: Unknown, Operands: "-",
		Flagged: []string{"git-credential fill", "git-credential approve", "git-credential reject"}})
	add(&Spec{
		// What git prints for a later xargs names paths in the repository
		// (ls-files, diff --name-only, grep -l).
		Names: n("git"), PrintsReads: true, Flow: Flow{Names: NamesRepo}, Lasting: Lasting{Does: Pushes, Subs: "push", Forced: "-f --force* --mirror --delete -d +* :*", Examples: []string{"git push => pushes commits to a remote repository", "git push -f origin main => force-pushes", "git push origin +main => force-pushes", "git push --force-with-lease => force-pushes"}},
		// git's subcommand is kept in the offer (git commit:*), one word
		// more for those with their own subcommands (git stash pop:*);
		// configuration set on the command line, programs it runs and
		// git config itself get the exact command.
		Grant: Grant{ExactWith: "-c --config* --exec* --upload-pack* --receive-pack* -x --extcmd* --ext-diff* --tool*", Depth: 1,
			Deeper: "config lfs notes remote stash submodule worktree", ExactSubs: "config filter-branch filter-repo",
			Offers: []string{"git commit -m fix => Bash(git commit:*)", "git stash pop => Bash(git stash pop:*)", "git status => Bash(git status:*)",
				"git config --global user.email x@y => Bash(git config --global user.email x@y)", "git -c core.pager=sh log => Bash(git -c core.pager=sh log)",
				"git log --ext-diff => Bash(git log --ext-diff)", "git -C /tmp status => Bash(git -C /tmp status)", "git => Bash(git)"}},
		// -c and --config-env set any configuration for this run,
		// including the pager, ssh command, aliases and hooks: -c
		// KEY=VALUE is what its key does (GitConfigEffect: color.ui is
		// inert, core.pager=sh runs sh, a key in neither table is not
		// known); --config-env's value is not seen: unknown.
		// -C, --git-dir and --work-tree read another repository. git's own
		// options (git.c, 2.39.5: tried) are each a word of their own:
		// -C and -c take the next word only (-Cdir and -cx=y are unknown
		// options: read as -C dir all the same, POLICY R15, but not
		// offered as respellings), no prefix is taken (--no-pa); the long
		// ones take --name=VALUE too.
		Detached: true,
		Options: "-C=r -c=K --config-env=u --exec-path?u --git-dir=r --work-tree=r --namespace= --super-prefix= -p --paginate -P --no-pager --bare " +
			"--no-replace-objects --no-lazy-fetch --no-optional-locks --no-advice --literal-pathspecs --glob-pathspecs --noglob-pathspecs --icase-pathspecs " +
			"--list-cmds= --attr-source= --html-path --man-path --info-path -h:h --help:h -v:h --version:h",
		OtherSubcommand: Unknown, // aliases (which may be !shell) and git-* programs on PATH
		ReadOnly:        []string{"git status", "git log --oneline -10", "git -C sub log", "git --no-pager diff"},
		Flagged: []string{"git -c core.pager='sh -c id' log", "git -c alias.x='!sh -c id' x", "git -calias.x=!id x", "git --exec-path=. x",
			"git --config-env=core.pager=EVIL log", "git frobnicate"},
		Subcommands: subs(
			"status", git("-s|--short -b|--branch --show-stash --porcelain? --long -v|--verbose -u|--untracked-files? --ignore-submodules? --ignored? -z --column? --no-column "+
				"--ahead-behind --no-ahead-behind --renames --no-renames --find-renames? -uno -unormal -uall", "-*", []string{"git status -sb", "git status --porcelain=v1"}),
			"log", numeric(git(gitLogOpts, readRefs, []string{"git log --format='%H %s' -n 5", "git log -p -- src", "git log -5", "git log -p -3 -- src"}, []string{"git log --output=/tmp/out", "git log --ext-diff"})),
			"whatchanged", numeric(git(gitLogOpts, readRefs)),
			"show", numeric(git(gitLogOpts, "g*", []string{"git show HEAD --stat"})),
			// Outside a repository, or with paths outside the work tree, git
			// diff compares files as --no-index does: operands are read.
			"diff", git(gitDiffOpts, "r*", []string{"git diff HEAD~1", "git diff --stat main...HEAD", "git diff --cached"},
				[]string{"git diff --output=.claude/settings.json HEAD", "git diff --ext-diff"}),
			"diff-tree", git(gitDiffOpts+" -r -t --root --stdin -v --no-commit-id --pretty? --format= --always -m -s", readRefs),
			"diff-files", git(gitDiffOpts+" -q -0 -1 -2 -3", readRefs),
			"diff-index", git(gitDiffOpts+" -m", readRefs),
			"rev-parse", git("--parseopt --sq-quote --keep-dashdash --stop-at-non-option --stuck-long --revs-only --no-revs --flags --no-flags --default= --prefix= --verify -q --quiet --sq "+
				"--short? --not --abbrev-ref? --symbolic --symbolic-full-name --all --branches? --tags? --remotes? --glob= --exclude= --exclude-hidden= --disambiguate= --local-env-vars "+
				"--path-format= --git-dir --git-common-dir --resolve-git-dir= --git-path= --show-toplevel --show-superproject-working-tree --shared-index-path --absolute-git-dir "+
				"--is-inside-git-dir --is-inside-work-tree --is-bare-repository --is-shallow-repository --show-cdup --show-prefix --show-object-format? --show-ref-format --since= --after= --until= --before=", "-*"),
			"ls-files", lists(ListsIndex, git("-c|--cached -d|--deleted -m|--modified -o|--others -i|--ignored -s|--stage -k|--killed -u|--unmerged -z -t -v -f --full-name --recurse-submodules --abbrev? --resolve-undo "+
				"--directory --no-empty-directory --eol --deduplicate -x|--exclude= -X|--exclude-from=r --exclude-per-directory= --exclude-standard --error-unmatch --with-tree= --debug --sparse --format=", "-*")),
			"ls-tree", git("-d -r -t -l --long -z --name-only --name-status --object-only --full-name --full-tree --abbrev? --format=", "-*"),
			"blame", git("-b --root --show-stats -L= -l -t -S=r --reverse= --first-parent -p --porcelain --line-porcelain --incremental --encoding= --contents=r --date= --progress --no-progress "+
				"-M? -C? --ignore-rev= --ignore-revs-file=r --color-lines --color-by-age --minimal -c -f --show-name -n --show-number -s -e --show-email -w --abbrev?", "-*", []string{"git blame README.md"}),
			"annotate", git("-b --root -L= -l -t -S=r --reverse= -p --porcelain --incremental --encoding= --contents=r --date= -M? -C? -w --abbrev?", "-*"),
			"shortlog", git(gitLogOpts+" -n --numbered -s --summary -e --email --group= -c --committer -w?", "-*"),
			"describe", git("--dirty? --broken? --all --tags --contains --abbrev= --candidates= --exact-match --debug --long --match= --exclude= --always --first-parent", "-*"),
			// It searches the working tree (--no-index, --untracked) or what
			// the index and the revisions hold of it: every file there,
			// whatever pathspecs narrow it to.
			"grep", &Spec{Permute: true, Abbrev: true, Operands: "- -*", Flow: Flow{Trees: "*", Here: true},
				// -O runs the pager (or the given command) on the matching files.
				Options: "--cached --untracked --no-index --no-exclude-standard --exclude-standard --recurse-submodules -a --text --textconv:u --no-textconv -i --ignore-case -I --max-depth= " +
					"-r --recursive --no-recursive -w --word-regexp -v --invert-match -h -H --full-name -E --extended-regexp -G --basic-regexp -P --perl-regexp -F --fixed-strings " +
					"-n --line-number --column -l --files-with-matches --name-only -L --files-without-match -O?x --open-files-in-pager?x -z --null -o --only-matching -c --count " +
					"--color? --no-color --break --heading -p --show-function -A= -B= -C= --after-context= --before-context= --context= --threads= -W --function-context " +
					"-m= --max-count= -f=r -e=:P --and --or --not --all-match -q --quiet --help:h",
				ReadOnly: []string{"git grep -n TODO", "git grep -e foo -- src"},
				Flagged:  []string{"git grep -O'sh -c id;' x", "git grep --open-files-in-pager='sh -c id' x", "git grep -O x", "git grep --open=x y"}},
			"cat-file", git("-t -s -e -p --textconv:u --filters:u --path= --batch? --batch-check? --batch-command? --batch-all-objects --buffer --follow-symlinks --unordered --allow-unknown-type -Z --mailmap --no-mailmap --use-mailmap", "g*"),
			"count-objects", git("-v --verbose -H --human-readable", ""),
			"for-each-ref", git("--count= --shell --perl --python --tcl --sort= --format= --color? --points-at= --merged? --no-merged? --contains? --no-contains? --ignore-case --omit-empty --exclude= --stdin", "-*"),
			"show-ref", git("--head --branches --heads --tags -d --dereference -s --hash? --verify --abbrev? -q --quiet --exclude-existing? --exists", "-*"),
			"merge-base", git("-a --all --octopus --independent --is-ancestor --fork-point", "-*"),
			"name-rev", git("--tags --refs= --exclude= --all --annotate-stdin --name-only --no-undefined --always", "-*"),
			"rev-list", git(gitLogOpts+" --count --objects --objects-edge --objects-edge-aggressive --unpacked --object-names --no-object-names --filter= --no-filter --filter-print-omitted --missing= --exclude-promisor-objects --timestamp --header --bisect-vars --bisect-all --in-commit-order --indexed-objects --disk-usage?", "-*"),
			"version", git("--build-options", ""),
			"check-ignore", git("-q --quiet -v --verbose --stdin -z -n --non-matching --no-index", "-*"),
			"check-attr", git("-a --all --cached --stdin -z --source=", "-*"),
			"var", git("-l", "-?"),
			"show-branch", git("-r --remotes -a --all --current --topo-order --date-order --sparse --more= --list --merge-base --independent --no-name --sha1-name --topics -g? --reflog? --color? --no-color", "-*"),
			"cherry", git("-v --abbrev?", "-*"),
			"verify-commit", git("-v --verbose --raw", "-*"),
			"verify-tag", git("-v --verbose --raw --format=", "-*"),
			"help", git("-a --all -c --config -g --guides -i --info -m --man -w:u --web:u --user-interfaces --developer-interfaces --no-external-commands --no-aliases", "-*"),
			// branch and tag (git 2.39 parse-options, tried): a unique prefix
			// is the option (git branch --dele x, --forc -D y, git tag
			// --dele t: seen).
			"branch", &Spec{Permute: true, Abbrev: true, Operands: "-*", Effect: Write, EffectWithOperands: true,
				ReadWith: "-a --all -r --remotes -l --list --show-current --contains --no-contains --merged --no-merged --points-at",
				Options: "-a|--all -r|--remotes -v|--verbose -vv -l|--list --show-current --sort= --format= --color? --no-color --contains? --no-contains? --merged? --no-merged? --points-at= " +
					"--column? --no-column -q|--quiet -i|--ignore-case --abbrev? --no-abbrev --omit-empty -h:h --help:h " +
					"-d|--delete -D -f|--force -m|--move -M -c|--copy -C -u|--set-upstream-to= --unset-upstream -t|--track? --no-track --edit-description --create-reflog",
				// Without a listing option, operands create branches.
				ReadOnly: []string{"git branch -a", "git branch --show-current", "git branch --list 'feat*'"},
				Flagged:  []string{"git branch -D main", "git branch new", "git branch --dele --forc main"}},
			"remote", &Spec{Options: "-v --verbose -h:h --help:h", Subcommands: subs(
				// show asks the remote for its branches; -n does not.
				"show", &Spec{Effect: Network, ReadWith: "-n", EffectWithOperands: true, Options: "-n -h:h --help:h", Operands: "-*", Permute: true,
					ReadOnly: []string{"git remote show -n origin", "git remote show"}, Flagged: []string{"git remote show origin"}}, "get-url", git("--push --all", "-?"),
				"add", gitDoes(Config, "-t|--track= -m|--master= --mirror? -f|--fetch --tags --no-tags"), "remove", gitDoes(Config, ""), "rm", gitDoes(Config, ""), "rename", gitDoes(Config, ""),
				"set-url", gitDoes(Config, ""), "set-head", gitDoes(Config, ""), "set-branches", gitDoes(Config, ""),
				"prune", gitDoes(Write, ""), "update", gitDoes(Network, "")),
				ReadOnly: []string{"git remote -v", "git remote", "git remote show -n origin"}},
			"tag", &Spec{Permute: true, Abbrev: true, Operands: "-*", Effect: Write, EffectWithOperands: true, ReadWith: "-l --list --contains --no-contains --merged --no-merged --points-at",
				Options: "-l|--list -n? --sort= --format= --color? --column? --no-column --contains? --no-contains? --merged? --no-merged? --points-at= -i|--ignore-case --omit-empty -h:h --help:h " +
					"-d|--delete -f|--force -a|--annotate -s|--sign -u|--local-user= -m|--message= -F|--file=r -e|--edit -v|--verify --cleanup= --create-reflog",
				ReadOnly: []string{"git tag", "git tag -l 'v*'", "git tag --li 'v*'"}, Flagged: []string{"git tag v1", "git tag -d v1", "git tag --dele v1"}},
			"stash", &Spec{Effect: Write, Options: "-h:h --help:h", Operands: "-*", Permute: true, Loose: true, Subcommands: subs(
				"list", git(gitLogOpts, "-*"), "show", git(gitDiffOpts+" --include-untracked --only-untracked", "-*"),
				"push", gitDoes(Write, ""), "save", gitDoes(Write, ""), "pop", gitDoes(Write, ""), "apply", gitDoes(Write, ""),
				"drop", gitDoes(Delete, ""), "clear", gitDoes(Delete, ""), "branch", gitDoes(Write, ""), "create", gitDoes(Write, ""), "store", gitDoes(Write, "")),
				ReadOnly: []string{"git stash list", "git stash show -p"}},
			"config", &Spec{Permute: true, Abbrev: true, Operands: "-*", Effect: Config, ReadWith: "--get --get-all --get-regexp --get-urlmatch --list -l --get-color --get-colorbool get list",
				ReadBelow: 2, WritesWith: "set unset edit rename-section remove-section",
				Options: "--get --get-all --get-regexp --get-urlmatch --list -l --get-color --get-colorbool --show-origin --show-scope --name-only -z --null --type= -t= --comment= --bool --int --path --expiry-date " +
					"--global --system --local --worktree --file=r -f=r --blob=g --includes --no-includes --default= --all --regexp --value= --fixed-value --url= --replace-all --add --unset --unset-all --remove-section --rename-section -e --edit:x -h:h --help:h",
				ReadOnly: []string{"git config --get user.email", "git config --list", "git config get user.name", "git config user.email", "git config core.pager"},
				Flagged: []string{"git config core.pager 'sh -c id'", "git config user.email a@b", "git config --unset user.email", "git config --unset-all x.y", "git config edit",
					"git config unset user.email", "git config -e", "git config --global alias.x '!sh'", "git config --blob HEAD:.env --list", "git config --file ~/.aws/credentials --list"}},
			"reflog", &Spec{Permute: true, Abbrev: true, Operands: "-*", Options: gitLogOpts, Subcommands: subs("show", git(gitLogOpts, "-*"), "exists", git("", "-"),
				"expire", gitDoes(Delete, "--expire= --expire-unreachable= --all --single-worktree -n|--dry-run --rewrite --updateref --stale-fix --verbose"), "delete", gitDoes(Delete, "")),
				ReadOnly: []string{"git reflog", "git reflog show main"}},
			"worktree", &Spec{Options: "-h:h --help:h", Subcommands: subs("list", git("--porcelain -v --verbose --expire= -z", ""),
				"add", &Spec{Effect: Unpack, Unpacks: Unpacks{What: "checks out a worktree"}, Permute: true, Loose: true, Operands: "e -?", Options: "-b= -B= --reason= -h:h --help:h"},
				"remove", gitDoes(Delete, "-f|--force"), "prune", gitDoes(Delete, ""), "move", gitDoes(Write, ""), "lock", gitDoes(Write, ""), "unlock", gitDoes(Write, ""), "repair", gitDoes(Write, ""))},

			// Subcommands that change the work tree or the repository.
			"add", gitDoes(Write, ""), "mv", &Spec{Effect: Write, Operands: "m* i", Permute: true, Loose: true, Options: "-h:h --help:h"}, "restore", gitDoes(Write, "-s|--source= --pathspec-from-file=r --conflict= -W|--worktree -S|--staged"), "rm", gitDoes(Delete, "-r -f|--force --cached -n|--dry-run -q|--quiet"),
			"commit", gitDoes(Write, ""), "merge", gitDoes(Write, "-s= --strategy= -X= --strategy-option="), "cherry-pick", gitDoes(Write, ""), "revert", gitDoes(Write, ""),
			"rebase", gitDoes(Write, "-x|--exec=x -s= --strategy= -X= --strategy-option="),
			"checkout", gitDoes(Write, "-b= -B= --orphan= --conflict= --pathspec-from-file=r -f|--force -t --track? -d|--detach"),
			"switch", gitDoes(Write, "-c|--create= -C|--force-create= -d|--detach --discard-changes -f|--force --orphan= -t --track?"),
			"reset", gitDoes(Write, "--hard --merge --soft --mixed --keep -q|--quiet -p|--patch"),
			// -n and --dry-run list what clean would delete, whatever else
			// is given.
			"clean", &Spec{Effect: Delete, ReadWith: "--dry-run", Permute: true, Abbrev: true, Operands: "-*",
				Options:  "-n|--dry-run -f|--force -d -x -X -q|--quiet -i|--interactive -e|--exclude= -h:h --help:h",
				ReadOnly: []string{"git clean -n", "git clean -nd", "git clean --dry-run -d", "git clean -n -fdx"}, Flagged: []string{"git clean -fd", "git clean -f", "git clean -i"}},
			"init", gitDoes(Write, "--template=l"), "apply", gitDoes(Write, "--unsafe-paths:u"), "am", gitDoes(Write, ""), "notes", gitDoes(Write, ""),
			"gc", gitDoes(Write, "--prune? --no-prune --aggressive --auto --quiet --force --keep-largest-pack"), "prune", gitDoes(Delete, "-n|--dry-run -v|--verbose --progress --expire="), "repack", gitDoes(Write, ""), "fsck", git("--unreachable --dangling --no-dangling --root --tags --cache --no-reflogs --full --no-full --connectivity-only --strict --verbose -v --lost-found:w --name-objects --no-name-objects --progress --no-progress", "-*"), "update-index", gitDoes(Write, ""), "update-ref", gitDoes(Write, "-d --stdin -m= --no-deref -z --create-reflog"),
			"fetch", gitDoes(Network, "--upload-pack=x"), "pull", gitDoes(Network, "--upload-pack=x -s= --strategy= -X= --strategy-option="),
			"push", gitDoes(Network, "--receive-pack=x --exec=x -o|--push-option= --repo= -f|--force --force-with-lease? --force-if-includes -d|--delete --mirror --prune -n|--dry-run -u|--set-upstream --all --tags"), "clone", &Spec{Effect: Unpack, Unpacks: Unpacks{What: "clones a repository", Named: true, Fetched: true}, Operands: "n e?", Permute: true, Loose: true,
				Options: "-u=x --upload-pack=x --template=l -c=u --config=u -o= --origin= -b= --branch= -j= --jobs= --depth= --shallow-since= --shallow-exclude= " +
					"--reference=r --reference-if-able=r --separate-git-dir=w --filter= --server-option= --bundle-uri=n --ref-format= -h:h --help:h",
				Flagged: []string{"git clone https://example.com/x .claude", "git clone --depth 1 https://example.com/x ~/.config/x", "git clone -b main https://example.com/claude.git"}},
			"ls-remote", gitDoes(Network, "-u|--upload-pack=x"), "archive", gitDumps(gitDoes(Write, "--exec=x --remote=n -o=w --output=w")),
			// git bundle (2.39): create writes the repository's history to
			// a file or standard output ("-"), taking rev-list's arguments;
			// verify and list-heads read one; unbundle stores its objects.
			"bundle", &Spec{Options: "-h:h --help:h", Subcommands: subs(
				"create", gitDumps(&Spec{Effect: Write, Operands: "w -*", Permute: true, Loose: true, Options: "-q|--quiet --progress --version= -h:h"}),
				"verify", &Spec{Operands: "r", Options: "-q|--quiet -h:h"},
				"list-heads", &Spec{Operands: "r -*", Options: "-h:h"},
				"unbundle", &Spec{Effect: Write, Operands: "r -*", Options: "--progress -h:h"}),
				Flagged:  []string{"git bundle create repo.bundle --all", "git bundle unbundle repo.bundle"},
				ReadOnly: []string{"git bundle verify repo.bundle", "git bundle list-heads repo.bundle"}},
			"bisect", gitDoes(Write, ""), "submodule", &Spec{Effect: Network, Permute: true, Loose: true, Operands: "-*", OtherSubcommand: Network, Options: "-q --quiet -h:h --help:h",
				// status lists the submodules' commits, asking no remote.
				// foreach runs its words as a command in each submodule.
				Subcommands: subs("foreach", &Spec{Effect: Exec, Command: true, NotCovered: true, Options: "-q --quiet --recursive -h:h --help:h",
					Flagged: []string{"git submodule foreach 'rm -rf ~'", "git submodule foreach --recursive git clean -fdx"}}, "status", &Spec{Permute: true, Operands: "-*", Options: "--cached --recursive -q --quiet -h:h --help:h",
					ReadOnly: []string{"git submodule status", "git submodule status --recursive"}, Flagged: []string{"git submodule update --init"}}, "deinit", gitDoes(Write, "-f|--force --all"), "add", &Spec{Effect: Unpack, Unpacks: Unpacks{What: "adds a submodule", Named: true, Fetched: true}, Operands: "n e?", Permute: true, Loose: true, Options: "-b= --branch= --name= --reference=r --depth= -h:h --help:h"})}, "format-patch", gitDoes(Write, "-o=w --output-directory=w"),
			"difftool", gitDoes(Exec, ""), "mergetool", gitDoes(Exec, ""),
			// instaweb starts a web server and a browser: --httpd and
			// --browser name the programs.
			"instaweb", gitDoes(Exec, "-d|--httpd=x -b|--browser=x -m|--module-path= -p|--port= -l|--local --start --stop --restart"), "filter-branch", gitDoes(Exec, ""), "send-email", gitDoes(Network, ""),
		),
	})
})
