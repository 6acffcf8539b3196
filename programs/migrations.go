package programs

import "github.com/wardenhq/warden/danger"

// Application frameworks' command runners and schema migration tools: each
// runs the project's code against the database it is pointed at. What
// wipes or reverts that database is judged by the shell package's dbtools
// and app-runner checks.

var _ = family("migrations", func(add func(...*Spec)) {
	// rails (Rails 7 and 8, Thor commands): the first word is the command
	// (db:migrate, test, server, generate …), each running the
	// application; runner (r) runs the Ruby code (or file) it is given,
	// -e|--environment naming the environment, before or after it.
	// gitlab-rails is GitLab's wrapper of the same command.
	railsRunner := &Spec{Effect: Exec, Permute: true, Operands: "x -*", Options: "-e|--environment= --skip-executor -h|--help:h"}
	rails := func(names ...string) *Spec {
		return &Spec{Names: names, Grant: Grant{Depth: 1, Deeper: "db generate", Offers: []string{names[0] + " test => Bash(" + names[0] + " test:*)", names[0] + " db migrate => Bash(" + names[0] + " db migrate:*)"}},
			Options: "-h|--help:h -v|--version:h", OtherSubcommand: RunsProject,
			Subcommands: subs("runner", railsRunner, "r", railsRunner),
			ReadOnly:    []string{names[0] + " --version"},
			Flagged:     []string{names[0] + " runner 'User.delete_all'", names[0] + " r -e production 'User.count'", names[0] + " runner --environment=production script.rb", names[0] + " db:migrate"}}
	}
	// rake 13 (Ruby's OptionParser: short flags bundle, values attach
	// or follow, unique prefixes of long options): the operands are
	// tasks and VAR=value settings; -e, -E and -p run Ruby code, -f names
	// the Rakefile, -r loads a library. gitlab-rake is GitLab's wrapper.
	rake := func(names ...string) *Spec {
		return &Spec{Names: names, Grant: Grant{Depth: 1, Offers: []string{names[0] + " test => Bash(" + names[0] + " test:*)"}}, Effect: RunsProject, Abbrev: true, Permute: true, Lang: "ruby", Operands: "-*",
			Options: "-A|--all -B|--build-all --backtrace? --comments --job-stats? -C|--directory= -D|--describe? -e|--execute=k -E|--execute-continue=k -p|--execute-print=k " +
				"-f|--rakefile=r -G|--no-system --nosystem -g|--system -I|--libdir= -j|--jobs? -m|--multitask -n|--dry-run -N|--no-search --nosearch -P|--prereqs -q|--quiet " +
				"-r|--require=l -R|--rakelib|--rakelibdir= -s|--silent --suppress-backtrace= -t|--trace? -T|--tasks? -v|--verbose -V|--version:h -W|--where? " +
				"-X|--no-deprecation-warnings -h|-H|--help:h",
			Flagged: []string{names[0] + " db:migrate", names[0] + " -e 'system(\"id\")'", names[0] + " -f /tmp/Rakefile test", names[0] + " gitlab:backup:restore BACKUP=1"}}
	}
	add(rails("rails"), rails("gitlab-rails"), rake("rake"), rake("gitlab-rake"))
	wipes := func(why string, flagged, passes []string) []Raise {
		return []Raise{{Kind: danger.DBDestructive, Why: why, Flagged: flagged, Passes: passes}}
	}
	exact := func(ex string) Grant { return Grant{Exact: true, Offers: []string{ex + " => Bash(" + ex + ")"}} }
	// A migration command: it talks to the database and changes it; the
	// options the entry does not declare change no more than that.
	cmd := func(opts string, r ...Raise) *Spec {
		return &Spec{Effect: Network, Loose: true, Permute: true, Operands: "-*", Options: opts, Raises: r}
	}
	// flyway (Flyway 9 and 10): settings are single-dash -name=value words
	// (-url=jdbc:…, -cleanDisabled=false), before or after the command.
	// clean drops every object in the configured schemas.
	flywayOpts := "-X -q -n -v:h -version:h -h:h -help:h --help:h"
	// liquibase 4 (picocli: --name=value or --name value, no prefixes);
	// drop-all (dropAll before 4.4) drops every object.
	lbOpts := "--url=n --username= --password= --changelog-file=r --changeLogFile=r --defaults-file=u --defaultsFile=u --classpath= --driver= --log-level= --logLevel= " +
		"--search-path= --hub-mode= --contexts= --labels= --schemas= --default-schema-name= --output-file=w --show-banner= -h|--help:h -v|--version:h"
	// golang-migrate (Go's flag package: -name and --name alike, no
	// bundles): migrate -source S -database D COMMAND; drop deletes
	// everything in the database.
	migrateOpts := "-source= --source= -database=n --database=n -path= --path= -lock-timeout= --lock-timeout= -prefetch= --prefetch= -verbose --verbose -version:h --version:h -help:h --help:h"
	// dbmate (urfave/cli v2: global options before the command, -u URL,
	// --url=URL); drop drops the database.
	dbmateOpts := "-u|--url=n -e|--env= --env-file=r -d|--migrations-dir= --migrations-table= -s|--schema-file=w --no-dump-schema --strict --wait --wait-timeout= -h|--help:h -v|--version:h"
	// atlas (cobra: bundles, no prefixes); schema clean drops every
	// object in the schema.
	atlasOpts := "-u|--url=n --env= --config= --var= --auto-approve --dry-run -h|--help:h"
	// diesel and sqlx (clap): database reset and database drop drop the
	// database.
	dbURL := "-D|--database-url=n --config-file=r --locked-schema -y -h|--help:h -V|--version:h"
	add(
		&Spec{Names: n("flyway"), Grant: exact("flyway migrate"), Loose: true, LongDash: true, Options: flywayOpts, OtherSubcommand: Network,
			Subcommands: subs("clean", &Spec{Effect: Network, Loose: true, LongDash: true, Permute: true, Operands: "-*", Options: flywayOpts,
				Raises: wipes("flyway clean drops every object in the schema",
					[]string{"flyway clean", "flyway -url=jdbc:postgresql://db/shop clean", "flyway clean -cleanDisabled=false", "/opt/flyway/flyway -X clean"},
					[]string{"flyway migrate", "flyway info", "flyway -url=jdbc:postgresql://db/clean migrate"})}),
			Flagged: []string{"flyway migrate", "flyway clean"}},
		&Spec{Names: n("liquibase"), Grant: exact("liquibase update"), Loose: true, Options: lbOpts, OtherSubcommand: Network,
			Subcommands: subs("drop-all", cmd(lbOpts, wipes("liquibase drop-all drops every object",
				[]string{"liquibase drop-all", "liquibase --url jdbc:postgresql://db/shop drop-all", "liquibase drop-all --url=jdbc:postgresql://db/shop"},
				[]string{"liquibase update", "liquibase status --url jdbc:postgresql://db/drop-all"})...),
				"dropAll", cmd(lbOpts, wipes("liquibase drop-all drops every object", []string{"liquibase dropAll"}, []string{"liquibase update"})...)),
			Flagged: []string{"liquibase update", "liquibase drop-all"}},
		&Spec{Names: n("migrate"), Grant: exact("migrate up"), LongDash: true, Options: migrateOpts, OtherSubcommand: Network,
			Subcommands: subs("drop", &Spec{Effect: Network, LongDash: true, Permute: true, Operands: "-*", Options: migrateOpts + " -f",
				Raises: wipes("migrate drops or resets the database",
					[]string{"migrate -database postgres://db/shop drop", "migrate -path db/migrations -database=postgres://db/shop drop -f", "migrate --source file://m --database postgres://db/shop drop"},
					[]string{"migrate -database postgres://db/shop up", "migrate -database postgres://db/drop up"})}),
			Flagged: []string{"migrate -database postgres://db/shop up", "migrate -database postgres://db/shop drop"}},
		&Spec{Names: n("dbmate"), Grant: exact("dbmate up"), Options: dbmateOpts, OtherSubcommand: Network,
			Subcommands: subs("drop", cmd(dbmateOpts, wipes("dbmate drops or resets the database",
				[]string{"dbmate drop", "dbmate -u postgres://db/shop drop", "dbmate --url=postgres://db/shop drop", "dbmate --env DB_URL drop"},
				[]string{"dbmate up", "dbmate -u postgres://db/drop up", "dbmate status"})...)),
			Flagged: []string{"dbmate up", "dbmate drop"}},
		&Spec{Names: n("atlas"), Grant: exact("atlas schema inspect"), Options: atlasOpts, OtherSubcommand: Network,
			Subcommands: subs("schema", &Spec{Options: atlasOpts, OtherSubcommand: Network, Subcommands: subs(
				"clean", cmd(atlasOpts, Raise{Kind: danger.DBDestructive, Why: "atlas schema clean drops every object", Unless: "--dry-run",
					Flagged: []string{"atlas schema clean -u postgres://db/shop", "atlas schema clean --url=postgres://db/shop --auto-approve"},
					Passes:  []string{"atlas schema clean --dry-run -u postgres://db/shop", "atlas schema inspect -u postgres://db/shop", "atlas migrate apply -u postgres://db/clean"}}))}),
			Flagged: []string{"atlas migrate apply", "atlas schema clean -u postgres://db/shop"}},
	)
	for _, tool := range []string{"diesel", "sqlx"} {
		why := tool + " database reset/drop drops the database"
		db := func() *Spec {
			return cmd(dbURL, wipes(why, []string{tool + " database reset", tool + " database drop -y", tool + " database reset --database-url postgres://db/shop"},
				[]string{tool + " database setup", tool + " migration run"})...)
		}
		add(&Spec{Names: n(tool), Grant: exact(tool + " migration run"), Options: dbURL, OtherSubcommand: Network,
			Subcommands: subs("database", &Spec{Options: dbURL, OtherSubcommand: Network, Subcommands: subs("reset", db(), "drop", db())}),
			Flagged:     []string{tool + " migration run", tool + " database reset"}})
	}
})
