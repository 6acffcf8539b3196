package programs

import (
	"strings"

	"github.com/wardenhq/warden/danger"
)

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
	//
	// The database tasks that wipe the database, or revert migrations
	// (which can drop data: medium), are dangers by their names, for
	// rails and rake alike. A command word is also taken with arguments
	// (rake's task[ARG,…]), and a rails command is followed by more
	// tasks, passed to rake (rails db:drop db:create).
	railsRunner := &Spec{Effect: Exec, Permute: true, Operands: "x -*", Options: "-e|--environment= --skip-executor -h|--help:h"}
	const wipeTasks = "db:drop db:reset db:purge db:schema:load db:structure:load db:drop:all db:migrate:reset db:truncate_all db:seed:replant"
	const revertTasks = "db:rollback db:migrate:down db:migrate:redo"
	withArgs := func(tasks string) string {
		var out []string
		for _, t := range strings.Fields(tasks) {
			out = append(out, t, t+"[*]")
		}
		return strings.Join(out, " ")
	}
	taskRaises := func(prog string, first string) []Raise {
		var r []Raise
		if first != "" {
			r = append(r, Raise{Kind: danger.DBDestructive, Why: "{prog} " + first + " wipes the database",
				Flagged: []string{prog + " " + first, "bin/" + prog + " " + first, "./bin/" + prog + " " + first, "sudo " + prog + " " + first + " --trace"}, Passes: []string{prog + " db:migrate", prog + " " + first + " --help"}})
		}
		return append(r, Raise{Kind: danger.DBDestructive, Operand: withArgs(wipeTasks), Why: "{prog} {value} wipes the database",
			Flagged: []string{prog + " db:create db:drop", prog + " db:migrate db:reset RAILS_ENV=test", prog + " db:environment:set db:schema:load"},
			Passes:  []string{prog + " db:migrate", prog + " db:create db:migrate", prog + " test db/drop_test.rb"}},
			Raise{Kind: danger.DBDestructive, Medium: true, Operand: withArgs(revertTasks), Why: "{prog} {value} reverts migrations, which can drop data",
				Flagged: []string{prog + " db:migrate db:rollback", prog + " db:migrate db:migrate:down VERSION=1"}, Passes: []string{prog + " db:migrate", prog + " db:migrate:status"}})
	}
	railsTask := func(prog, first string) *Spec {
		return &Spec{Effect: RunsProject, Permute: true, Loose: true, Operands: "-*", Options: "-h|--help:h", Raises: taskRaises(prog, first)}
	}
	rails := func(names ...string) *Spec {
		s := &Spec{Names: names, Grant: Grant{Depth: 1, Deeper: "db generate", Offers: []string{names[0] + " test => Bash(" + names[0] + " test:*)", names[0] + " db migrate => Bash(" + names[0] + " db migrate:*)"}},
			Options: "-h|--help:h -v|--version:h", OtherSpec: railsTask(names[0], ""),
			Subcommands: subs("runner", railsRunner, "r", railsRunner),
			ReadOnly:    []string{names[0] + " --version"},
			Flagged:     []string{names[0] + " runner 'User.delete_all'", names[0] + " r -e production 'User.count'", names[0] + " runner --environment=production script.rb", names[0] + " db:migrate"}}
		for _, t := range strings.Fields(wipeTasks) {
			s.Subcommands[t] = railsTask(names[0], t)
		}
		for _, t := range strings.Fields(revertTasks) {
			r := railsTask(names[0], "")
			r.Raises = append([]Raise{{Kind: danger.DBDestructive, Medium: true, Why: "{prog} " + t + " reverts migrations, which can drop data",
				Flagged: []string{names[0] + " " + t, "bin/" + names[0] + " " + t + " STEP=3"}, Passes: []string{names[0] + " db:migrate", names[0] + " " + t + " --help"}}}, r.Raises...)
			s.Subcommands[t] = r
		}
		return s
	}
	// rake 13 (Ruby's OptionParser: short flags bundle, values attach
	// or follow, unique prefixes of long options): the operands are
	// tasks and VAR=value settings; -e, -E and -p run Ruby code, -f names
	// the Rakefile, -r loads a library. gitlab-rake is GitLab's wrapper.
	rake := func(names ...string) *Spec {
		return &Spec{Names: names, Grant: Grant{Depth: 1, Offers: []string{names[0] + " test => Bash(" + names[0] + " test:*)"}}, Effect: RunsProject, Abbrev: true, Permute: true, Lang: LangRuby, Operands: "-*",
			Options: "-A|--all -B|--build-all --backtrace? --comments --job-stats? -C|--directory= -D|--describe? -e|--execute=k -E|--execute-continue=k -p|--execute-print=k " +
				"-f|--rakefile=r -G|--no-system --nosystem -g|--system -I|--libdir= -j|--jobs? -m|--multitask -n|--dry-run -N|--no-search --nosearch -P|--prereqs -q|--quiet " +
				"-r|--require=l -R|--rakelib|--rakelibdir= -s|--silent --suppress-backtrace= -t|--trace? -T|--tasks? -v|--verbose -V|--version:h -W|--where? " +
				"-X|--no-deprecation-warnings -h|-H|--help:h",
			Raises:  taskRaises(names[0], ""),
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
	// prisma (its CLI reads options with the arg package: --name=value or
	// --name value, no prefixes, no bundles). migrate reset drops the
	// database; db push --force-reset or --accept-data-loss drop data,
	// judged by the dbtools check.
	prismaOpts := "--schema=r -h|--help:h"
	add(&Spec{Names: n("prisma"), Grant: exact("prisma migrate status"), Options: prismaOpts + " -v|--version:h", OtherSubcommand: RunsProject,
		Subcommands: subs(
			"migrate", &Spec{Options: prismaOpts, OtherSubcommand: Network, Subcommands: subs(
				"reset", cmd(prismaOpts+" -f|--force --skip-generate --skip-seed", wipes("prisma migrate reset drops the database",
					[]string{"prisma migrate reset", "prisma migrate reset --force", "prisma migrate reset --schema=db/schema.prisma -f", "npx prisma migrate reset --skip-seed"},
					[]string{"prisma migrate status", "prisma migrate dev --name reset", "prisma migrate reset --help"})...),
				"status", &Spec{Effect: Network, Operands: "-*", Options: prismaOpts})},
			"db", &Spec{Options: prismaOpts, OtherSubcommand: Network, Subcommands: subs(
				"push", cmd(prismaOpts+" --force-reset --accept-data-loss --skip-generate"))}),
		Flagged: []string{"prisma migrate dev", "prisma db push --force-reset", "prisma migrate reset"}})
	// sequelize-cli (yargs) and typeorm (yargs): commands are words with
	// colons, options before or after them.
	seqOpts := "--env= --config=r --options-path=r --migrations-path= --seeders-path= --models-path= --url=n --debug -h|--help:h -v|--version:h"
	seqDrop := func(sub string) *Spec {
		return cmd(seqOpts, wipes("sequelize "+sub+" drops data", []string{"sequelize " + sub, "sequelize-cli " + sub + " --env development", "npx sequelize-cli --env=test " + sub},
			[]string{"sequelize db:migrate", "sequelize db:seed:all"})...)
	}
	add(&Spec{Names: n("sequelize", "sequelize-cli"), Grant: exact("sequelize db:migrate"), Options: seqOpts, OtherSubcommand: Network,
		Subcommands: subs("db:drop", seqDrop("db:drop"), "db:migrate:undo:all", seqDrop("db:migrate:undo:all"), "db:seed:undo:all", seqDrop("db:seed:undo:all")),
		Flagged:     []string{"sequelize db:migrate", "sequelize db:drop"}})
	ormOpts := "-d|--dataSource=r -h|--help:h -v|--version:h"
	ormDrop := func(sub string) *Spec {
		return cmd(ormOpts, wipes("typeorm "+sub+" drops or rewrites the schema", []string{"typeorm " + sub, "typeorm " + sub + " -d src/data-source.ts", "typeorm-ts-node-commonjs " + sub + " --dataSource=src/ds.ts"},
			[]string{"typeorm migration:run", "typeorm migration:show -d src/ds.ts"})...)
	}
	add(&Spec{Names: n("typeorm", "typeorm-ts-node-commonjs", "typeorm-ts-node-esm"), Grant: exact("typeorm migration:run"), Options: ormOpts, OtherSubcommand: Network,
		Subcommands: subs("schema:drop", ormDrop("schema:drop"), "schema:sync", ormDrop("schema:sync")),
		Flagged:     []string{"typeorm migration:run", "typeorm schema:drop"}})
	// knex (commander: options before or after the command, --opt=v or
	// --opt v); migrate:rollback and migrate:down revert migrations, --all
	// every one: judged by the dbtools check.
	knexOpts := "--knexfile=r --knexpath= --cwd= --client= --connection=n --migrations-directory= --migrations-table-name= --env= --esm --specific= --debug --all " +
		"--timestamp-filename-prefix -x= --stub= -h|--help:h -V|--version:h"
	add(&Spec{Names: n("knex"), Grant: exact("knex migrate:latest"), Permute: true, Options: knexOpts, OtherSubcommand: Network,
		Subcommands: subs("migrate:rollback", cmd(knexOpts), "migrate:down", cmd(knexOpts)),
		Flagged:     []string{"knex migrate:latest", "knex migrate:rollback --all", "knex --env production migrate:down"}})
	// alembic (argparse: unique prefixes of long options, the common
	// options before the command): downgrade reverts migrations, to base
	// every one, unless --sql prints the SQL instead (the dbtools check).
	alembicOpts := "-c|--config=r -n|--name= -x= --raiseerr -q|--quiet -h|--help:h --version:h"
	alembicRev := func() *Spec {
		return &Spec{Effect: Network, Abbrev: true, Permute: true, Operands: "- -*", Options: alembicOpts + " --sql --tag="}
	}
	add(&Spec{Names: n("alembic"), Grant: exact("alembic upgrade head"), Abbrev: true, Options: alembicOpts, OtherSubcommand: Network,
		Subcommands: subs("downgrade", alembicRev(), "upgrade", alembicRev(),
			"current", &Spec{Effect: Network, Abbrev: true, Options: alembicOpts + " -v|--verbose"}, "history", &Spec{Abbrev: true, Options: alembicOpts + " -r|--rev-range= -v|--verbose -i|--indicate-current"}),
		Flagged: []string{"alembic upgrade head", "alembic downgrade base", "alembic -c db/alembic.ini downgrade -1"}})
	// drizzle-kit: push applies the schema (--force without asking,
	// --strict=false without the check); drop removes migrations.
	dkOpts := "--config=r --dialect= --schema= --url=n --strict? --verbose --force -h|--help:h --version:h"
	add(&Spec{Names: n("drizzle-kit"), Grant: exact("drizzle-kit generate"), Options: dkOpts, OtherSubcommand: Network,
		Subcommands: subs("push", cmd(dkOpts), "drop", cmd(dkOpts, wipes("drizzle-kit push --force applies destructive schema changes without asking",
			[]string{"drizzle-kit drop", "drizzle-kit drop --config=drizzle.config.ts"}, []string{"drizzle-kit generate", "drizzle-kit push"})...)),
		Flagged: []string{"drizzle-kit generate", "drizzle-kit push --force"}})
	// goose (Go's flag package: -name and --name, no bundles): goose
	// [OPTIONS] DRIVER DBSTRING COMMAND, driver and string also from
	// GOOSE_DRIVER and GOOSE_DBSTRING; reset, drop and down-to 0 are
	// judged by the dbtools check from the operands.
	add(&Spec{Names: n("goose"), Grant: exact("goose status"), Effect: Network, LongDash: true, Permute: true, Operands: "-*",
		Options: "-dir= --dir= -table= --table= -v --v -s --s -allow-missing --allow-missing -no-versioning --no-versioning -certfile=r --certfile=r " +
			"-ssl-cert=r --ssl-cert=r -ssl-key=r --ssl-key=r -timeout= --timeout= -no-color --no-color -env= --env= -h:h -help:h --help:h -version:h --version:h",
		Flagged: []string{"goose postgres postgres://db/shop up", "goose -dir db postgres postgres://db/shop reset"}})
	// dropdb (PostgreSQL 15.18, getopt_long, tried here: prefixes,
	// options after the name) drops the database it names; the dbtools
	// check spares a disposable one.
	add(&Spec{Names: n("dropdb"), Grant: exact("dropdb x"), Effect: Network, Abbrev: true, Permute: true, Operands: "- -?",
		Options: "-e|--echo -f|--force -i|--interactive -V|--version:h --if-exists --help:h -h|--host=n -p|--port= -U|--username= -w|--no-password -W|--password --maintenance-db=",
		Flagged: []string{"dropdb app", "dropdb -h db --if-exists app"}})
	// mysqladmin (MariaDB 10.11.19, my_getopt, tried here: bundles,
	// -uroot, unique prefixes with a warning, options after the
	// commands). The operands are commands and their arguments: drop DB
	// drops it (the dbtools check), shutdown stops the server.
	add(&Spec{Names: n("mysqladmin", "mariadb-admin"), Grant: exact("mysqladmin status"), Effect: Network, Abbrev: true, Permute: true, Operands: "-*",
		Options: "-c|--count= --debug-check --debug-info -f|--force -C|--compress --character-sets-dir= --default-character-set= --help:h -h|--host=n -l|--local -b|--no-beep " +
			"-p|--password? -P|--port= --protocol= -r|--relative -s|--silent -S|--socket= -i|--sleep= --ssl --ssl-ca=r --ssl-capath=r --ssl-cert=r --ssl-cipher= --ssl-key=r " +
			"--ssl-crl=r --ssl-crlpath=r --tls-version= --ssl-verify-server-cert -u|--user= -v|--verbose -V|--version:h -E|--vertical -w|--wait? --connect-timeout= " +
			"--shutdown-timeout= --wait-for-all-slaves --plugin-dir=l --default-auth=l --defaults-file=u --defaults-extra-file=u --no-defaults --print-defaults",
		Flagged: []string{"mysqladmin drop shop", "mysqladmin -uroot -f drop shop", "mysqladmin status"}})
	// influx (InfluxDB 2 CLI, urfave/cli: options after the command
	// words, --name=v or --name v): bucket delete, org delete and delete
	// remove a bucket, an organisation or the points they hold.
	influxOpts := "--host=n --token= -t= --org= -o= --org-id= --configs-path=r -c|--active-config= --http-debug --skip-verify --json --hide-headers -h|--help:h"
	influxDel := func(ex ...string) *Spec {
		return cmd(influxOpts+" -n|--name= -i|--id= --bucket= -b= --bucket-id= --start= --stop= -p|--predicate=", wipes("influx deletes a bucket or its data", ex, []string{"influx bucket list", "influx org list"})...)
	}
	add(&Spec{Names: n("influx"), Grant: exact("influx bucket list"), Options: influxOpts, OtherSubcommand: Unknown,
		Subcommands: subs(
			"bucket", &Spec{Options: influxOpts, OtherSubcommand: Network, Subcommands: subs("delete", influxDel("influx bucket delete --name metrics", "influx bucket delete -n metrics", "influx bucket delete --id=0a1b"))},
			"org", &Spec{Options: influxOpts, OtherSubcommand: Network, Subcommands: subs("delete", influxDel("influx org delete --id 0a1b"))},
			"delete", influxDel("influx delete --bucket metrics --start 1970-01-01T00:00:00Z --stop 2030-01-01T00:00:00Z", "influx delete -b metrics --predicate '_measurement=\"cpu\"'")),
		Flagged: []string{"influx bucket delete --name metrics", "influx query 'from(bucket:\"x\")'"}})
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
