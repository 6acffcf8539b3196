package programs

// Deploy platforms and the command-line clients of hosted services (CI,
// monitoring, feature flags, payments, search, CDNs). Their commands are
// words, often nested (doctl compute droplet delete, heroku apps:destroy,
// fly machine destroy): every word before the operands is one more word of
// the command (wordCLI), read with the CLI's global options wherever they
// stand, so the checks (checks/cloud.go, checks/services.go) see
// the command path and the options in every spelling. Almost every command
// talks to the service (Network); the entries declare the ones that do
// more: a shell or a command run on the service's machines (Exec), a login
// or a local configuration written (Config), the project built or served
// locally (RunsProject).
//
// None of these is installed here; the grammars are their option
// libraries': cobra/pflag (doctl, eksctl, flyctl, velero, supabase, render,
// circleci, algolia, newrelic, ldcli, flipt, stripe, apigeecli: short flags
// bundle, long options whole, --flag=v and --flag v), oclif (heroku, pd:
// long options whole), commander (netlify, firebase), yargs (wrangler),
// arg (vercel), clap (railway), Thor (kamal), clipanion (datadog-ci),
// argparse (eb: prefixes), urfave/cli on Go's flag package (gitlab-runner:
// -x and --x alike).

var _ = family("deploy", func(add func(...*Spec)) {
	// wordCLI builds an entry whose commands are words: cmds declares
	// the commands that do more than talk to the service; any other word
	// is one more word of the command.
	wordCLI := func(names []string, opts string, abbrev bool, cmds map[string]*Spec, flagged, readOnly []string) *Spec {
		group := &Spec{Effect: Network, Loose: true, Abbrev: abbrev, Options: opts}
		group.OtherSpec = group
		for _, s := range cmds {
			if s.Options == "" {
				s.Options = opts
			} else {
				s.Options = opts + " " + s.Options
			}
			s.Abbrev = abbrev
		}
		if cmds == nil {
			cmds = map[string]*Spec{}
		}
		if cmds["version"] == nil {
			// version prints the client's version.
			cmds["version"] = &Spec{Abbrev: abbrev, Options: opts}
		}
		// With no command the CLI prints its help, or does its default
		// (vercel deploys): the service is talked to.
		return &Spec{Names: names, Effect: Network, Abbrev: abbrev, Options: opts + " --version:h", Subcommands: cmds, OtherSpec: group, Flagged: flagged, ReadOnly: readOnly}
	}
	// leaf is a command whose effect is e, its words operands.
	leaf := func(e Effect, opts string) *Spec {
		return &Spec{Effect: e, Loose: true, Permute: true, Operands: "-*", Options: opts}
	}
	cobra := "-h|--help:h"
	// with sets what grant, classify and the danger catalogue say of an
	// entry's calls.
	with := func(s *Spec, f func(*Spec)) *Spec { f(s); return s }
	talks := func(examples ...string) Talk { return Talk{API: true, Examples: examples} }
	help := func(more string) string { return cobra + " " + more }

	add(
		// vercel (arg): vercel alone deploys a preview, --prod (or
		// --target production) to production.
		with(wordCLI(n("vercel"), help("--prod --target= -y|--yes -t|--token= -S|--scope= -A|--local-config=r -Q|--global-config= --cwd= -d|--debug --no-color"), false,
			subs("deploy", leaf(Network, ""), "dev", leaf(RunsProject, ""), "build", leaf(RunsProject, ""), "login", leaf(Config, ""), "logout", leaf(Config, ""),
				"link", leaf(Config, ""), "pull", leaf(Write, ""), "env", leaf(Network, "")),
			[]string{"vercel", "vercel --prod", "vercel deploy --target=production", "vercel remove app --yes", "vercel env pull", "vercel dev"},
			[]string{"vercel --version", "vercel --help"}), func(s *Spec) {
			s.Grant = Grant{Depth: 1, ExactSubs: "deploy remove rm", Offers: []string{"vercel dev => Bash(vercel dev:*)", "vercel deploy x => Bash(vercel deploy x)", "vercel --prod => Bash(vercel --prod)"}}
			s.Talk = talks("vercel deploy => undecided")
		}),
		// netlify (commander): deploy --prod publishes to production.
		with(wordCLI(n("netlify"), help("--prod --prodIfUnlocked -d|--dir= -s|--site= -a|--auth= --filter= --debug"), false,
			subs("deploy", leaf(Network, ""), "dev", leaf(RunsProject, ""), "build", leaf(RunsProject, ""), "serve", leaf(RunsProject, ""),
				"login", leaf(Config, ""), "logout", leaf(Config, ""), "link", leaf(Config, ""), "unlink", leaf(Config, "")),
			[]string{"netlify deploy --prod --dir dist", "netlify deploy", "netlify sites:delete id", "netlify dev", "netlify status"},
			[]string{"netlify --version", "netlify --help"}), func(s *Spec) {
			s.Grant = Grant{Depth: 1, ExactSubs: "deploy", Offers: []string{"netlify deploy => Bash(netlify deploy)"}}
			s.Talk = talks("netlify deploy => undecided")
		}),
		// flyctl (cobra): ssh console and console open a shell on a
		// machine; deploy and machine destroy change the app.
		with(wordCLI(n("fly", "flyctl"), help("-a|--app= -c|--config=r -t|--access-token= --verbose --debug"), false,
			subs("ssh", leaf(Exec, "-C|--command= -s|--select"), "console", leaf(Exec, ""), "auth", leaf(Config, ""), "launch", leaf(Network, "")),
			[]string{"fly deploy", "flyctl deploy -a web", "fly apps destroy web --yes", "fly ssh console -C id", "fly status", "fly secrets list"},
			[]string{"fly --version", "flyctl --help"}), func(s *Spec) { s.Talk = talks("fly deploy => undecided") }),
		// heroku (oclif): colon commands (apps:destroy, config:get); run
		// runs a command on a dyno.
		with(wordCLI(n("heroku"), help("-a|--app= -r|--remote= --json"), false,
			subs("run", leaf(Exec, "-s|--size= -e|--env= -x|--exit-code --no-tty"), "run:detached", leaf(Exec, ""), "ps:exec", leaf(Exec, ""), "login", leaf(Config, ""), "logout", leaf(Config, ""),
				"local", leaf(RunsProject, "")),
			[]string{"heroku apps:destroy web --confirm web", "heroku config -a web", "heroku run bash -a web", "heroku releases", "heroku ps:scale web=0"},
			[]string{"heroku --version", "heroku --help"}), func(s *Spec) {
			s.Talk = talks("heroku apps:destroy x => undecided")
			s.Lasting = Lasting{Does: DeletesCloud, Examples: []string{"heroku apps:destroy x => deletes cloud resources"}}
		}),
		// railway (clap): run and shell run commands with the project's
		// variables (locally); up deploys.
		with(wordCLI(n("railway"), help("-s|--service= -e|--environment= --json"), false,
			subs("run", &Spec{Effect: Exec, Command: true, Options: "-s|--service= -e|--environment="}, "shell", leaf(Exec, ""), "login", leaf(Config, ""), "logout", leaf(Config, ""),
				"link", leaf(Config, ""), "unlink", leaf(Config, "")),
			[]string{"railway up", "railway down -y", "railway run npm start", "railway variables", "railway delete"},
			[]string{"railway --version", "railway --help"}), func(s *Spec) { s.Talk = talks("railway up => undecided") }),
		// firebase (commander): deploy publishes; emulators run the
		// project's functions locally.
		with(wordCLI(n("firebase"), help("-P|--project= --account= --token= --json --non-interactive -i|--interactive --debug -c|--config=r --only= --except= -f|--force"), false,
			subs("emulators:start", leaf(RunsProject, ""), "emulators:exec", leaf(Exec, ""), "serve", leaf(RunsProject, ""), "login", leaf(Config, ""), "logout", leaf(Config, ""),
				"use", leaf(Config, ""), "init", leaf(Write, "")),
			[]string{"firebase deploy", "firebase deploy --only hosting", "firebase firestore:delete --all-collections", "firebase functions:delete f", "firebase projects:list"},
			[]string{"firebase --version", "firebase --help"}), func(s *Spec) {
			s.Grant = Grant{Depth: 1, ExactSubs: "deploy", Offers: []string{"firebase emulators:start => Bash(firebase emulators:start:*)"}}
			s.Talk = talks("firebase deploy => undecided")
		}),
		// doctl (cobra): doctl compute ssh opens a shell on a droplet.
		with(wordCLI(n("doctl"), help("-t|--access-token= -c|--config=r --context= -o|--output= --format= --api-url= --no-header --trace -v|--verbose --interactive"), false,
			subs("auth", leaf(Config, ""), "serverless", leaf(Network, "")),
			[]string{"doctl compute droplet delete web", "doctl compute droplet list", "doctl apps create --spec app.yaml", "doctl kubernetes cluster delete c", "doctl auth init"},
			[]string{"doctl version", "doctl --help"}), func(s *Spec) {
			s.Talk = talks("doctl compute droplet list => allow", "doctl compute droplet delete x => undecided")
			s.Lasting = Lasting{Does: DeletesCloud, Examples: []string{"doctl compute droplet delete x => deletes cloud resources"}}
		}),
		// eksctl (cobra).
		with(wordCLI(n("eksctl"), help("-C|--color= -v|--verbose= --profile= -r|--region= -f|--config-file=r"), false,
			subs("utils", leaf(Config, "")),
			[]string{"eksctl create cluster -f cluster.yaml", "eksctl delete cluster --name prod", "eksctl get clusters", "eksctl scale nodegroup --cluster c --nodes 0"},
			[]string{"eksctl version", "eksctl --help"}), func(s *Spec) { s.Talk = talks("eksctl get clusters => allow", "eksctl delete cluster c => undecided") }),
		// wrangler (yargs): deploy publishes the worker; dev serves it
		// locally.
		with(wordCLI(n("wrangler"), help("-c|--config=r -e|--env= --cwd= --experimental-json-config|-j"), false,
			subs("dev", leaf(RunsProject, ""), "login", leaf(Config, ""), "logout", leaf(Config, ""), "init", leaf(Write, ""), "types", leaf(Write, "")),
			[]string{"wrangler deploy", "wrangler publish --env production", "wrangler delete", "wrangler rollback", "wrangler dev", "wrangler kv key delete k"},
			[]string{"wrangler --version", "wrangler --help"}), func(s *Spec) { s.Talk = talks("wrangler deploy => undecided") }),
		// supabase (cobra): db reset drops the local database (and a
		// linked one with --linked), start runs the local stack.
		with(wordCLI(n("supabase"), help("--debug --workdir= --experimental --profile= --network-id= -o|--output= --yes"), false,
			subs("start", leaf(RunsProject, ""), "stop", leaf(RunsProject, ""), "login", leaf(Config, ""), "logout", leaf(Config, ""), "link", leaf(Config, ""), "init", leaf(Write, "")),
			[]string{"supabase db push", "supabase db reset --linked", "supabase projects delete ref", "supabase functions deploy f", "supabase start"},
			[]string{"supabase --version", "supabase --help"}), func(s *Spec) {
			s.Grant = Grant{Depth: 1, ExactSubs: "db", Offers: []string{"supabase start => Bash(supabase start:*)", "supabase db reset => Bash(supabase db reset)"}}
			s.Talk = talks("supabase db reset => undecided")
		}),
		// amplify (its own parser, yargs-like): push and publish deploy,
		// delete removes the backend.
		wordCLI(n("amplify"), help("-y|--yes --envName= --appId= --profile="), false,
			subs("mock", leaf(RunsProject, ""), "configure", leaf(Config, ""), "init", leaf(Write, "")),
			[]string{"amplify push", "amplify publish -y", "amplify delete --force", "amplify status"},
			[]string{"amplify --version", "amplify --help"}),
		// eb, the Elastic Beanstalk CLI (cement on argparse: prefixes):
		// ssh opens a shell on an instance; terminate deletes the
		// environment.
		wordCLI(n("eb"), help("--debug --quiet -v|--verbose --profile= -r|--region= --endpoint-url= --no-verify-ssl"), true,
			subs("ssh", leaf(Exec, "-c|--command= -n|--number="), "init", leaf(Config, ""), "local", leaf(RunsProject, "")),
			[]string{"eb deploy prod", "eb terminate prod --force", "eb ssh prod", "eb status", "eb setenv KEY=v"},
			[]string{"eb --version", "eb --help"}),
		// render (cobra).
		with(wordCLI(n("render"), help("-o|--output= --confirm"), false,
			subs("ssh", leaf(Exec, ""), "login", leaf(Config, ""), "workspace", leaf(Config, "")),
			[]string{"render deploys create srv", "render services list", "render ssh srv"},
			[]string{"render --version", "render --help"}), func(s *Spec) {
			s.Talk = talks("render services list => allow", "render deploys create srv => undecided")
		}),
		// kamal (Thor): deploy, redeploy and rollback change what runs;
		// remove deletes the app's containers; app exec runs a command in
		// them.
		with(wordCLI(n("kamal"), help("-d|--destination= -c|--config-file=r -v|--verbose -q|--quiet -H|--hosts= -r|--roles= -p|--primary --version:h"), false,
			subs("app", &Spec{OtherSpec: &Spec{Effect: Network, Loose: true, Options: "-d|--destination= -i|--interactive -r|--reuse"}, Subcommands: subs("exec", leaf(Exec, "-i|--interactive --reuse -d|--destination= -r|--roles="))},
				"init", leaf(Write, "")),
			[]string{"kamal deploy", "kamal deploy -d production", "kamal remove -y", "kamal app exec -i bash", "kamal rollback v1"},
			[]string{"kamal --help"}), func(s *Spec) { s.Talk = talks("kamal deploy => undecided") }),
		// velero (cobra): backup, restore and schedule delete, and
		// uninstall, remove backups or the means to take them.
		wordCLI(n("velero"), help("-n|--namespace= --kubeconfig=r --kubecontext= --features= --colorized="), false,
			subs("install", leaf(Config, ""), "uninstall", leaf(Config, ""),
				// version asks the server too, unless --client-only.
				"version", &Spec{Effect: Network, ReadWith: "--client-only", Options: "--client-only --timeout="}),
			[]string{"velero backup delete nightly --confirm", "velero backup get", "velero restore create --from-backup b", "velero uninstall --force"},
			[]string{"velero version --client-only", "velero --help"}),

		// The service CLIs of checks/services.go.
		// deck, Kong's decK (cobra: short flags bundle, no prefixes of
		// long ones; docs/commands.md and the gateway reference): gateway
		// sync, and the older top-level sync, make Kong match the file and
		// delete every entity it does not hold; gateway reset deletes them
		// all; diff is the dry run. file commands transform state files
		// locally.
		wordCLI(n("deck"), help("--kong-addr= --headers= --config=r --ca-cert= --ca-cert-file=r --tls-server-name= --tls-skip-verify --skip-workspace-crud --konnect-token= --konnect-token-file=r --konnect-control-plane-name= --konnect-addr= --konnect-email= --konnect-password= --konnect-password-file=r --no-color --analytics --verbose= --timeout= -w|--workspace= -s|--state=r --select-tag= --parallelism= --silence-events --json-output -o|--output-file=w"), false,
			subs("file", leaf(Write, "")),
			[]string{"deck gateway sync kong.yaml", "deck sync -s kong.yaml", "deck gateway reset --force", "deck gateway diff kong.yaml", "deck file openapi2kong -s spec.yaml -o kong.yaml"}, []string{"deck version", "deck --help"}),
		wordCLI(n("apigeecli"), help("-t|--token= -a|--account=r -r|--region= --api= --disable-check --no-output --no-warnings --print-output"), false, nil,
			[]string{"apigeecli apis list -o org", "apigeecli apis delete -o org -n api", "apigeecli envs undeploy -o org"}, []string{"apigeecli --help"}),
		wordCLI(n("circleci"), help("--host= --token= --debug --skip-update-check"), false,
			subs("local", leaf(RunsProject, ""), "setup", leaf(Config, ""), "config", leaf(RunsProject, "")),
			[]string{"circleci context delete github org ctx", "circleci orb list", "circleci local execute build"}, []string{"circleci version", "circleci --help"}),
		wordCLI(n("datadog-ci"), "-h|--help:h", false, nil,
			[]string{"datadog-ci synthetics run-tests", "datadog-ci sourcemaps upload dist"}, []string{"datadog-ci --help"}),
		wordCLI(n("fastly"), help("-t|--token= -p|--profile= -v|--verbose --accept-defaults|-d --auto-yes|-y --non-interactive|-i -q|--quiet"), false,
			subs("profile", leaf(Config, ""), "compute", &Spec{OtherSpec: &Spec{Effect: Network, Loose: true, Options: "-h|--help:h"}, Subcommands: subs("serve", leaf(RunsProject, ""), "build", leaf(RunsProject, ""))}),
			[]string{"fastly service delete --service-id x", "fastly service-version activate --version 3", "fastly purge --all", "fastly service list"}, []string{"fastly version", "fastly --help"}),
		wordCLI(n("algolia"), help("-p|--profile= --application-id= --api-key= -o|--output="), false, subs("profile", leaf(Config, "")),
			[]string{"algolia indices delete products --confirm", "algolia indices list", "algolia objects import products -F data.ndjson"}, []string{"algolia --help"}),
		wordCLI(n("newrelic"), help("-a|--accountId= --debug --format= --plain --trace"), false, subs("profile", leaf(Config, ""), "install", leaf(Exec, "")),
			[]string{"newrelic entity search --name x", "newrelic workload delete --guid g", "newrelic install"}, []string{"newrelic --help"}),
		wordCLI(n("pd"), help("-p|--profile= -b|--useauth= -j|--json"), false, subs("login", leaf(Config, ""), "auth", leaf(Config, "")),
			[]string{"pd incident list", "pd service disable -i P1", "pd schedule delete -i P1"}, []string{"pd --help"}),
		// splunk: Splunk's own command line (splunk start, stop, clean
		// eventdata, search); -auth and the like take one dash.
		&Spec{Names: n("splunk"), LongDash: true, Loose: true, Options: "-auth= -uri= -app= -owner= -h|-help:h --help:h -version:h",
			OtherSpec:   &Spec{Effect: Network, LongDash: true, Loose: true, Permute: true, Operands: "-*", Options: "-auth= -uri= -app= -owner= -index= -f= -y -answer-yes"},
			Subcommands: subs("start", leaf(Config, ""), "stop", leaf(Config, ""), "restart", leaf(Config, ""), "status", leaf(Network, ""), "version", &Spec{}),
			Flagged:     []string{"splunk stop", "splunk clean eventdata -index main -f", "splunk search 'index=main error'", "splunk remove index main"}, ReadOnly: []string{"splunk version"}},
		wordCLI(n("ldcli"), help("--access-token= --base-uri= --analytics-opt-out -o|--output= --project= --environment="), false, subs("login", leaf(Config, ""), "config", leaf(Config, "")),
			[]string{"ldcli flags list --project p", "ldcli flags delete --project p --flag f", "ldcli flags toggle-off --flag f"}, []string{"ldcli --help"}),
		wordCLI(n("flipt"), help("--config=r --log-level="), false, subs("server", leaf(RunsProject, ""), "migrate", leaf(Config, ""), "import", leaf(Network, "--drop")),
			[]string{"flipt import --drop flags.yaml", "flipt export", "flipt server"}, []string{"flipt --help"}),
		wordCLI(n("unleash"), help("--url= --token= --project="), false, nil,
			[]string{"unleash features list", "unleash features archive f"}, []string{"unleash --help"}),
		// stripe (cobra): listen forwards events to a local endpoint,
		// login writes the key to the local configuration.
		with(wordCLI(n("stripe"), help("--api-key= --color= --config=r --device-name= --log-level= -p|--project-name= --live"), false,
			subs("login", leaf(Config, ""), "logout", leaf(Config, ""), "config", leaf(Config, ""), "listen", leaf(Network, "-f|--forward-to= --events= --skip-verify")),
			[]string{"stripe customers list", "stripe customers delete cus_1", "stripe listen --forward-to localhost:3000/webhook", "stripe login"}, []string{"stripe version", "stripe --help"}), func(s *Spec) { // Creating, capturing or confirming a payment moves money.
			s.Talk = talks("stripe customers list => allow", "stripe customers delete cus_1 => undecided")
			s.Lasting = Lasting{Does: Pays, Words: "create capture confirm pay *payment*", Examples: []string{"stripe payments create => makes a payment", "stripe charges capture x => makes a payment", "stripe payment_intents confirm pi_1 => makes a payment"}}
		}),
		wordCLI(n("square"), help("--profile= --environment="), false, nil,
			[]string{"square catalog list", "square customers delete c1"}, []string{"square --help"}),
		// gitlab-runner (urfave/cli on Go's flag package): run and exec
		// run jobs on this machine; register and unregister change the
		// runner's configuration.
		&Spec{Names: n("gitlab-runner"), LongDash: true, Options: "-debug|--debug -log-level|--log-level|-l= -log-format|--log-format= -config|--config|-c=r -help|--help|-h:h -version|--version|-v:h",
			Subcommands: subs("run", leaf(Exec, ""), "exec", leaf(Exec, ""), "run-single", leaf(Exec, ""), "start", leaf(Exec, ""), "stop", leaf(Config, ""), "restart", leaf(Exec, ""),
				"register", leaf(Config, ""), "unregister", leaf(Config, ""), "verify", leaf(Config, ""), "install", leaf(Config, ""), "uninstall", leaf(Config, ""),
				"list", leaf(Network, ""), "status", leaf(Network, "")),
			Flagged: []string{"gitlab-runner register --url https://gitlab.com", "gitlab-runner unregister --all-runners", "gitlab-runner exec shell build", "gitlab-runner list"}, ReadOnly: []string{"gitlab-runner --version"}},

		// kubectx 0.9 (the Go one; the bash script alike): with no
		// operand it lists the contexts, -c prints the current one; a
		// name switches to it (the kubeconfig is written), -d deletes,
		// -u unsets, NEW=OLD renames.
		&Spec{Names: n("kubectx"), Effect: Config, ReadBelow: 1, ReadWith: "-c --current", Operands: "-*",
			Options: "-c|--current -u|--unset -d= -h|--help:h -V|--version:h",
			Flagged: []string{"kubectx prod", "kubectx -", "kubectx -d old", "kubectx -u", "kubectx new=old"}, ReadOnly: []string{"kubectx", "kubectx -c", "kubectx --current", "kubectx --help"}},
		// kubeseal (pflag: short flags bundle, long options whole): seals
		// standard input with the cluster's certificate (fetched unless
		// --cert names it); --recovery-unseal decrypts with the
		// controller's private keys.
		&Spec{Names: n("kubeseal"), Effect: Network, Permute: true,
			Options: "--cert=r --controller-name= --controller-namespace= --fetch-cert --format|-o= --merge-into=w -w|--sealed-secret-file=w --secret-file=r --raw --name= -n|--namespace= " +
				"--scope= --allow-empty-data --recovery-unseal --recovery-private-key=r --re-encrypt --validate --kubeconfig=r --context= -h|--help:h --version:h",
			Flagged: []string{"kubeseal < s.yaml > sealed.yaml", "kubeseal --fetch-cert", "kubeseal --recovery-unseal --recovery-private-key key.pem < sealed.yaml"}, ReadOnly: []string{"kubeseal --version"}},
	)
})
