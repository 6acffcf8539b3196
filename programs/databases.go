package programs

import "github.com/wardenhq/warden/danger"

// Database clients. A client talks to a database server (Network), and
// what it does there is the SQL or the commands it is given: inline SQL
// (psql -c, mysql -e, sqlite3's statements, mongosh --eval, a redis-cli
// command) is code in the client's language, judged by the shell package
// and never read-only unless it is plainly a query. The clients' own
// commands run programs (psql and mysql \!, sqlite3 .shell and .system,
// mysql's pager and system), write files (psql \o and \w, mysql tee,
// sqlite3 .output and .once) and load libraries (sqlite3 .load, mysql
// --default-auth, --plugin-dir); checks/db.go judges the SQL and
// these commands. With no query on the command line a client runs what
// standard input holds (StdinCode).

var _ = family("databases", func(add func(...*Spec)) {
	add(
		&Spec{Names: n("psql"), Grant: Grant{Exact: true, Offers: []string{"psql x => Bash(psql x)"}}, Effect: Network, StdinCode: true, Abbrev: true, Permute: true, Lang: LangPsql, Operands: "n? -?",
			// -c runs SQL or a backslash command; -f runs a file of
			// them; -o and -L write the output (-o '|cmd' pipes it to a
			// command, so its value is unknown); the operands are the
			// database (a name or a connection URI) and the user.
			Options: "-c|--command=k -d|--dbname=n -f|--file=r -l --list -v= --set= --variable= -V:h --version:h -X --no-psqlrc -1 --single-transaction --help?h " +
				"-a --echo-all -b --echo-errors -e --echo-queries -E --echo-hidden -L|--log-file=w -n --no-readline -o|--output=u -q --quiet -s --single-step -S --single-line " +
				"-A --no-align --csv -F= --field-separator= -H --html -P= --pset= -R= --record-separator= -t --tuples-only -T= --table-attr= -x --expanded " +
				"-z --field-separator-zero -0 --record-separator-zero -h|--host=n -p|--port= -U|--username= -w --no-password -W --password",
			ReadOnly: []string{"psql --version", "psql -V"},
			Flagged: []string{"psql -c '\\! /bin/bash'", "psql -h db.example.com -c 'SELECT 1'", "psql -f ~/.pgpass", "psql -c 'DROP TABLE users'",
				"psql -o '|sh' -c 'SELECT 1'", "psql -L /tmp/log -l", "psql -c '\\o /tmp/out' -c 'SELECT 1'", "psql -c '\\copy t TO PROGRAM '\\''sh -c id'\\'''", "psql"}},
		&Spec{Names: n("mysql", "mariadb"), Grant: Grant{Exact: true, Offers: []string{"mysql x => Bash(mysql x)"}}, Effect: Network, StdinCode: true, Abbrev: true, Permute: true, Lang: LangMySQL, Operands: "-?",
			// -e runs SQL and client commands (\! and system run a
			// shell, tee writes a file, source runs a file); --pager runs
			// a command; --default-auth and --plugin-dir load a plugin
			// library; an option file may set any of them.
			Options: "-e=k --execute=k --init-command=k -D= --database= -h=n --host=n -P= --port= -u= --user= -p? --password? -S= --socket= --protocol= " +
				"--pager?x --no-pager --tee=w --no-tee --default-auth=l --plugin-dir=l --defaults-file=u --defaults-extra-file=u --defaults-group-suffix= --no-defaults --login-path= " +
				"-V:h --version:h -I:h --help:h -B --batch -N --skip-column-names --column-names -s --silent -v --verbose -t --table -H --html -X --xml -E --vertical " +
				"-r --raw -f --force -q --quick -n --unbuffered -w --wait -A --no-auto-rehash --auto-rehash -b --no-beep -C --compress -c --comments --skip-comments " +
				"-i --ignore-spaces -j --syslog -L --skip-line-numbers --line-numbers -o --one-database -U --safe-updates --i-am-a-dummy -T --debug-info -#? --debug? --debug-check " +
				"-k --named-commands -G --skip-named-commands --prompt= --delimiter= --default-character-set= --character-sets-dir= --local-infile? --load-data-local-dir=r " +
				"--ssl --skip-ssl --ssl-mode= --ssl-ca=r --ssl-capath=r --ssl-cert=r --ssl-key=r --ssl-cipher= --ssl-crl=r --ssl-crlpath=r --tls-version= --tls-ciphersuites= " +
				"--server-public-key-path=r --get-server-public-key --max-allowed-packet= --net-buffer-length= --connect-timeout= --max-join-size= --select-limit= " +
				"--reconnect --skip-reconnect --show-warnings --sigint-ignore --binary-mode --binary-as-hex --connect-expired-password --enable-cleartext-plugin " +
				"--histignore= --compression-algorithms= --zstd-compression-level= --system-command --skip-system-command",
			ReadOnly: []string{"mysql --version", "mariadb -V"},
			Flagged: []string{"mysql -e '\\! /bin/bash'", "mysql -e 'system id'", "mysql --default-auth ../../../tmp/evil", "mysql --plugin-dir=/tmp/plugins -e 'SELECT 1'",
				"mysql --pager='sh -c id' -e 'SELECT 1'", "mysql --tee=/tmp/log -e 'SELECT 1'", "mysql --defaults-file=/tmp/my.cnf", "mysql -e 'DROP DATABASE shop'", "mysql"}},
		&Spec{Names: n("sqlite3", "sqlite"), Flow: Flow{Dumps: "a database dump", DumpsWhen: ".dump"}, Grant: Grant{Exact: true, Offers: []string{"sqlite3 x => Bash(sqlite3 x)"}}, Prints: true, StdinCode: true, LongDash: true, Permute: true, Lang: LangSQLite, Operands: "r? c*",
			// The first operand is the database file; the others are SQL
			// or dot-commands (.shell and .system run a command, .output
			// and .once write a file, .import and .read read one, .load
			// loads a library). -cmd runs one before them, -init runs a
			// file of them.
			Options: "-cmd=k --cmd=k -init=l --init=l -A=u -append -ascii -bail -batch -box -column -csv -deserialize -echo -escape= -header -noheader -headers -help:h --help:h " +
				"-html -interactive -json -line -list -lookaside=2 -markdown -maxsize= -memtrace -mmap= -newline= -nofollow -nonce= -no-rowid-in-view -nullvalue= " +
				"-pagecache=2 -pcachetrace -quote -readonly -safe -separator= -stats -table -tabs -unsafe-testing -version:h --version:h -vfs= -vfstrace -zip",
			ReadOnly: []string{"sqlite3 -version", "sqlite3 --help"},
			Flagged: []string{"sqlite3 /dev/null '.shell /bin/bash'", "sqlite3 app.db '.system id'", "sqlite3 /dev/null -cmd '.output /tmp/out' 'select 1;'",
				"sqlite3 /dev/null '.import ~/.ssh/id_rsa t'", "sqlite3 app.db '.load /tmp/evil.so'", "sqlite3 app.db \"select load_extension('/tmp/evil.so')\"", "sqlite3 app.db \"select writefile('/tmp/x', 'data')\"",
				"sqlite3 app.db 'DROP TABLE users'", "sqlite3 -init /tmp/evil.sql app.db", "sqlite3 app.db"}},
		// duckdb's shell is the sqlite3 shell's (duckdb --help, 1.x
		// docs): single-dash long options, the first operand the database
		// file, the others SQL or dot-commands (.shell and .system run a
		// command, .output writes a file, .read reads one); -c and -s run
		// SQL and exit, -cmd runs it first, -init runs a file of it.
		&Spec{Names: n("duckdb"), Grant: Grant{Exact: true, Offers: []string{"duckdb -c x => Bash(duckdb -c x)"}}, Prints: true, StdinCode: true, LongDash: true, Permute: true, Lang: LangSQL, Operands: "r? c*",
			Options: "-c=k -s=k -cmd|--cmd=k -init|--init=l -append -ascii -bail -batch -box -column -csv -echo -header -noheader -help:h --help:h -html -interactive -json -line -list " +
				"-markdown -newline= -nofollow -no-stdin -nullvalue= -quote -readonly -separator= -stats -table -unredacted -unsigned -version:h --version:h",
			ReadOnly: []string{"duckdb -version", "duckdb app.db 'SELECT count(*) FROM users'", "duckdb -c 'SELECT 42'"},
			Flagged: []string{"duckdb app.db -c 'DROP TABLE users'", "duckdb app.db -s 'DELETE FROM users'", "duckdb -cmd 'TRUNCATE users' app.db", "duckdb app.db 'DROP TABLE users'",
				"duckdb app.db -c '.shell /bin/sh'", "duckdb app.db"}},
		// mycli and litecli (dbcli, click 8): short flags bundle, values
		// attach (-hhost, -e'SQL') or follow, --opt=v, no prefixes of long
		// options; options may follow the database operand. -e runs SQL
		// and exits; without it they run what standard input holds.
		&Spec{Names: n("mycli"), Grant: Grant{Exact: true, Offers: []string{"mycli x => Bash(mycli x)"}}, Effect: Network, StdinCode: true, Permute: true, Lang: LangSQL, Operands: "n?",
			Options: "-e|--execute=k --init-command=k -h|--host=n -P|--port= -u|--user= -S|--socket= -p|--password= --pass= -D|--database= -d|--dsn= --list-dsn --list-ssh-config " +
				"--ssh-user= --ssh-host=n --ssh-port= --ssh-password= --ssh-key-filename=r --ssh-config-path=r --ssh-config-host= --ssl-mode= --ssl --no-ssl --ssl-ca=r --ssl-capath=r " +
				"--ssl-cert=r --ssl-key=r --ssl-cipher= --tls-version= --ssl-verify-server-cert -V|--version:h --help:h -v|--verbose -R|--prompt= -l|--logfile=w --defaults-group-suffix= " +
				"--defaults-file=u --myclirc=u --auto-vertical-output --show-warnings --no-show-warnings -t|--table --csv --warn --no-warn --local-infile= -g|--login-path= --charset= --password-file=r",
			ReadOnly: []string{"mycli --version"},
			Flagged:  []string{"mycli -e 'DROP DATABASE shop'", "mycli shop --execute 'DELETE FROM users'", "mycli --init-command 'TRUNCATE users' shop", "mycli -e 'system id'", "mycli"}},
		&Spec{Names: n("litecli"), Grant: Grant{Exact: true, Offers: []string{"litecli x => Bash(litecli x)"}}, StdinCode: true, Permute: true, Lang: LangSQL, Operands: "r?",
			Options:  "-e|--execute=k -V|--version:h --help:h -D|--database=r -R|--prompt= -l|--logfile=w --liteclirc=u --auto-vertical-output -t|--table --csv --warn --no-warn",
			ReadOnly: []string{"litecli --version", "litecli app.db -e 'SELECT count(*) FROM users'"},
			Flagged:  []string{"litecli app.db -e 'DROP TABLE users'", "litecli --execute 'DELETE FROM users' app.db", "litecli app.db -e '.shell /bin/sh'", "litecli app.db"}},
		// sqlcmd (go-sqlcmd, cobra/pflag: bundles, no prefixes; the ODBC
		// sqlcmd takes the same short options). -Q runs SQL and exits, -q
		// runs it first, -i runs files of it; -c is only the batch
		// terminator. Its scripts' !! and :!! run a command, :out writes
		// a file, :r reads one. It takes no operands (go-sqlcmd
		// cmd/sqlcmd/sqlcmd.go setFlags, "Unknown command" for one).
		&Spec{Names: n("sqlcmd"), Grant: Grant{Exact: true, Offers: []string{"sqlcmd -Q x => Bash(sqlcmd -Q x)"}}, Effect: Network, StdinCode: true, Lang: LangSQL,
			Options: "-Q|--query=k -q|--initial-query=k -i|--input-file=r -o|--output-file=w --trace-file=w -c|--batch-terminator= -S|--server=n --server-name= -d|--database-name= " +
				"-U|--user-name= -P|--password= -E|--use-trusted-connection -C|--trust-server-certificate -G|--use-aad --authentication-method= -x|--disable-variable-substitution " +
				"-v|--variables= -a|--packet-size= -l|--login-timeOut= -H|--workstation-name= -K|--application-intent= -N|--encrypt-connection= -F|--host-name-in-certificate= " +
				"-J|--server-certificate=r --vertical -r? --errors-to-stderr= --driver-logging-level= -b|--exit-on-error -m|--error-level= -h|--headers= -u|--unicode-output-file " +
				"-s|--column-separator= -W|--trim-spaces -M|--multi-subnet-failover -V|--error-severity-level= -w|--screen-width= -y|--variable-type-width= -Y|--fixed-type-width= " +
				"-L? --list-servers= -A|--dedicated-admin-connection -I|--enable-quoted-identifiers -R|--client-regional-setting -k? --remove-control-characters= -X? --disable-cmd-and-warn= " +
				"-e|--echo-input -t|--query-timeout= -g|--enable-column-encryption -z|--change-password= -Z|--change-password-exit= --help:h --version:h",
			ReadOnly: []string{"sqlcmd --version"},
			Flagged: []string{"sqlcmd -S db -Q 'DROP TABLE users'", "sqlcmd -S db --query='DELETE FROM users'", "sqlcmd -S db -q 'TRUNCATE TABLE users'", "sqlcmd -Q '!! id'",
				"sqlcmd -i /tmp/x.sql -S db", "sqlcmd -o /tmp/out -Q 'SELECT 1'", "sqlcmd"}},
		// cqlsh (Cassandra pylib/cqlshlib/cqlshmain.py, optparse): short
		// flags bundle, unique prefixes of long options are taken, options
		// may follow the operands (host, then port). -e runs CQL and exits,
		// -f runs a file of it; --browser names the program HELP opens.
		&Spec{Names: n("cqlsh"), Grant: Grant{Exact: true, Offers: []string{"cqlsh -e x => Bash(cqlsh -e x)"}}, Effect: Network, StdinCode: true, Abbrev: true, Permute: true, Lang: LangSQL, Operands: "n? -?",
			Options: "-e|--execute=k -f|--file=r -C|--color --no-color --browser=x --ssl -u|--username= -p|--password= -k|--keyspace= --debug --coverage --encoding= --cqlshrc=u " +
				"--credentials=r --cqlversion= --protocol-version= --connect-timeout= --request-timeout= -t|--tty --insecure-password-without-warning -v:h --version:h -h|--help:h",
			ReadOnly: []string{"cqlsh --version"},
			Flagged:  []string{"cqlsh -e 'DROP TABLE shop.users'", "cqlsh db.example.com --exec='TRUNCATE shop.users'", "cqlsh -k shop -e 'DELETE FROM users'", "cqlsh -f /tmp/x.cql", "cqlsh"}},
		// pgcli 4.4 (click, read in pgcli/main.py; 3.5.0 tried here):
		// short flags bundle (-lw), values attach or follow, no prefixes of
		// long options (--hos is refused). It takes no query option: SQL
		// comes from standard input or the terminal, and --init-command
		// runs SQL after connecting. The operands are the database and the
		// user.
		&Spec{Names: n("pgcli"), Grant: Grant{Exact: true, Offers: []string{"pgcli x => Bash(pgcli x)"}}, Effect: Network, StdinCode: true, Permute: true, Lang: LangPsql, Operands: "n? -?",
			Options: "--init-command=k -h|--host=n -p|--port= -U|--username= -u|--user= -W|--password -w|--no-password --single-connection -v|--version:h -d|--dbname= " +
				"--pgclirc=u -D|--dsn= --list-dsn --row-limit= --application-name= --less-chatty --prompt= --prompt-dsn= -l|--list --ping --auto-vertical-output --warn= " +
				"--ssh-tunnel=n --log-file=w --help:h",
			ReadOnly: []string{"pgcli --version"},
			Flagged:  []string{"pgcli --init-command 'DROP TABLE users' shop", "pgcli shop --init-command='TRUNCATE users'", "pgcli --log-file /tmp/log shop", "pgcli shop"}},
		// usql (xo/usql run.go, cobra and pflag): short flags bundle, no
		// prefixes; -c runs a command (SQL or a backslash command) and -f
		// a file of them, in the order given; the one operand is the DSN.
		// -W is --no-password and -w --password, the other way round
		// from psql.
		&Spec{Names: n("usql"), Grant: Grant{Exact: true, Offers: []string{"usql -c x => Bash(usql -c x)"}}, Effect: Network, StdinCode: true, Permute: true, Lang: LangPsql, Operands: "n?",
			Options: "-c|--command=k -f|--file=r -W|--no-password -X|--no-rc --no-psqlrc --no-usqlrc -o|--out=w -w|--password -1|--single-transaction -v|--set= --var= --variable= " +
				"-P|--pset= -F|--field-separator= -R|--record-separator= -T|--table-attr= -A|--no-align -H|--html -t|--tuples-only -x|--expanded -z|--field-separator-zero " +
				"-0|--record-separator-zero -J|--json -C|--csv -G|--vertical -q|--quiet --config=u -V|--version:h --help:h",
			ReadOnly: []string{"usql --version"},
			Flagged: []string{"usql pg://db/shop -c 'DROP TABLE users'", "usql --command='DELETE FROM users' pg://db/shop", "usql -qc 'TRUNCATE users' pg://db/shop",
				"usql -c '\\! sh' pg://db/shop", "usql -f /tmp/x.sql pg://db/shop", "usql -o /tmp/out -c 'SELECT 1' pg://db/shop", "usql pg://db/shop"}},
		// clickhouse-client and clickhouse client|local (ClickHouse
		// ClientBase, boost::program_options with its default style:
		// short flags bundle, values attach or follow, --opt=v, unique
		// prefixes of long options; every server setting is an option too,
		// --max_threads=8, so undeclared options are taken). -q runs SQL
		// (more than once), --queries-file files of it; words that are no
		// option are read as SQL, as newer clients run them.
		&Spec{Names: n("clickhouse-client", "clickhouse-local"), Grant: Grant{Exact: true, Offers: []string{"clickhouse-client -q x => Bash(clickhouse-client -q x)"}}, Effect: Network,
			StdinCode: true, Abbrev: true, Loose: true, Permute: true, Lang: LangSQL, Operands: "c*", Options: clickhouseOpts,
			ReadOnly: []string{"clickhouse-client --version"},
			Flagged: []string{"clickhouse-client --query 'DROP TABLE default.events'", "clickhouse-client -nq 'TRUNCATE TABLE events'", "clickhouse-client --que='DELETE FROM events'",
				"clickhouse-client --queries-file /tmp/x.sql", "clickhouse-client"}},
		&Spec{Names: n("clickhouse"), Grant: Grant{Exact: true, Offers: []string{"clickhouse client -q x => Bash(clickhouse client -q x)"}},
			Subcommands: subs("client", clickhouseClient, "local", clickhouseClient),
			Flagged:     []string{"clickhouse client -q 'DROP TABLE events'", "clickhouse local --query='DROP TABLE t'", "clickhouse server"}},
		// cockroach (cobra and pflag: bundles, no prefixes). cockroach sql
		// and demo run SQL: -e (more than once) and -f a file of it, else
		// what standard input holds.
		&Spec{Names: n("cockroach"), Grant: Grant{Exact: true, Offers: []string{"cockroach sql -e x => Bash(cockroach sql -e x)"}},
			Subcommands: subs("sql", cockroachSQL, "demo", cockroachSQL, "version", &Spec{Options: "--build-tag -h|--help:h"}),
			ReadOnly:    []string{"cockroach version"},
			Flagged:     []string{"cockroach sql -e 'ALTER TABLE orders DROP COLUMN notes'", "cockroach sql --url postgres://db:26257/shop --execute='DROP TABLE t'", "cockroach sql -f /tmp/x.sql", "cockroach sql", "cockroach start"}},
		// snowsql (click: bundles, no prefixes). -q runs SQL, -f a file of
		// it; -o sets client options, among them output_file and
		// log_file, which write.
		&Spec{Names: n("snowsql"), Grant: Grant{Exact: true, Offers: []string{"snowsql -q x => Bash(snowsql -q x)"}}, Effect: Network, StdinCode: true, Lang: LangSQL,
			Options: "-q|--query=k -f|--filename=r -a|--accountname= -u|--username= -d|--dbname= -s|--schemaname= -r|--rolename= -w|--warehouse= -h|--host=n -p|--port= " +
				"--region= -m|--mfa-passcode= --authenticator= -c|--connection= -D|--variable= -o|--option=u --config=u --private-key-path=r --abort-detached-query " +
				"--probe-connection --noup -P|--prompt -M|--mfa-prompt -v|--version:h --versions:h --bootstrap-version= --disable-request-pooling --token= --generate-jwt --help:h",
			ReadOnly: []string{"snowsql --version"},
			Flagged:  []string{"snowsql -c prod -q 'DROP TABLE users'", "snowsql --query='DELETE FROM users'", "snowsql -f /tmp/x.sql", "snowsql -o output_file=/tmp/out -q 'SELECT 1'", "snowsql"}},
		// bq (Google Cloud SDK, absl flags): -flag and --flag alike,
		// --flag=v or --flag v, --noflag for false; the global flags
		// before the command. bq query runs its operands as SQL, or what
		// standard input holds; bq rm deletes a dataset, table or model.
		&Spec{Names: n("bq"), Grant: Grant{Exact: true, Offers: []string{"bq query x => Bash(bq query x)"}}, LongDash: true, Options: bqGlobal,
			Subcommands: subs(
				"query", &Spec{Effect: Network, StdinCode: true, Loose: true, LongDash: true, Permute: true, Lang: LangSQL, Operands: "c*",
					Options: bqGlobal + " -dry_run --dry_run -use_legacy_sql? --use_legacy_sql? -nouse_legacy_sql --nouse_legacy_sql -destination_table= --destination_table= -parameter= --parameter= " +
						"-n= --max_rows= -max_rows= -replace --replace -append_table --append_table -batch --batch -label= --label="},
				"rm", &Spec{Effect: Network, Loose: true, LongDash: true, Permute: true, Operands: "-*", Options: bqGlobal + " -r -recursive --recursive -f -force --force -d -dataset --dataset -t -table --table -m -model --model",
					Raises: []Raise{{Kind: danger.DBDestructive, Why: "bq rm deletes a BigQuery dataset, table or model",
						Flagged: []string{"bq rm -f shop.users", "bq rm -r -f -d shop", "bq --project_id=p rm shop.users", "/usr/bin/bq rm --force shop.users"},
						Passes:  []string{"bq ls shop", "bq show shop.users", "bq rm --help"}}}},
				"ls", bqReads, "show", bqReads, "head", bqReads, "version", &Spec{Options: bqGlobal}),
			ReadOnly: []string{"bq version"},
			Flagged:  []string{"bq query --use_legacy_sql=false 'DROP TABLE shop.users'", "bq query --nouse_legacy_sql 'DELETE FROM shop.users WHERE true'", "bq query", "bq rm shop.users"}},
		// sqlplus (Oracle SQL*Plus: single-dash options, -S and -SILENT
		// alike in either case). SQL comes from the start script (@FILE)
		// or standard input; the first operand is the logon (user/pw@db
		// or /NOLOG).
		&Spec{Names: n("sqlplus"), Grant: Grant{Exact: true, Offers: []string{"sqlplus x => Bash(sqlplus x)"}}, Effect: Network, StdinCode: true, LongDash: true, Fold: true, Lang: LangSQL, Operands: "n? u? -*",
			Options:  "-s|-S|-silent -l|-L|-logon -f|-F|-fast -nologintime -m|-M|-markup= -r|-R|-restrict= -c|-C|-compatibility= -v|-V|-version:h -h|-H|-help:h",
			ReadOnly: []string{"sqlplus -V"},
			Flagged:  []string{"sqlplus -S scott/tiger@db @/tmp/x.sql", "sqlplus /nolog", "sqlplus"}},
		// trino and presto (their CLIs, picocli and airline: long options
		// whole, --opt=v or --opt v). --execute runs SQL, -f a file of
		// it; the server is an option or, in newer trino, the operand;
		// --pager names the program output goes through.
		&Spec{Names: n("trino", "presto"), Grant: Grant{Exact: true, Offers: []string{"trino --execute x => Bash(trino --execute x)"}}, Effect: Network, StdinCode: true, Permute: true, Lang: LangSQL, Operands: "n?",
			Options: "--execute=k -f|--file=r --server=n --catalog= --schema= --user= --password --output-format= --output-format-interactive= --debug --session= --source= " +
				"--client-tags= --client-info= --client-request-timeout= --extra-credential= --access-token= --truststore-path=r --truststore-password= --truststore-type= " +
				"--keystore-path=r --keystore-password= --keystore-type= --insecure --krb5-config-path=r --krb5-keytab-path=r --krb5-principal= --krb5-remote-service-name= " +
				"--krb5-credential-cache-path=r --krb5-disable-remote-service-hostname-canonicalization --external-authentication --ignore-errors --progress --timezone= " +
				"--disable-compression --http-proxy=n --socks-proxy=n --resource-estimate= --editing-mode= --history-file=w --disable-auto-suggestion --network-logging= " +
				"--pager=x --path= --role= --trace-token= --timeout= --decimal-data-size= -h|--help:h -V|--version:h",
			ReadOnly: []string{"trino --version"},
			Flagged:  []string{"trino --execute 'DROP TABLE hive.shop.users'", "presto --server db:8080 --execute='DELETE FROM users'", "trino -f /tmp/x.sql", "trino --pager='sh -c id'", "trino"}},
		// isql and iusql (unixODBC 2.3.11, tried here): each option its own
		// word, values attached (-d, -x0x09, -m20), anywhere on the line;
		// the operands are the DSN, the user and the password. SQL comes
		// only from standard input.
		&Spec{Names: n("isql", "iusql"), Grant: Grant{Exact: true, Offers: []string{"isql x => Bash(isql x)"}}, Effect: Network, StdinCode: true, Permute: true, Lang: LangSQL, Operands: "n? - -",
			Options:  "-b -d? -x? -w -c -m? -v -l? -q -3 -n -e -k -L? --version:h",
			ReadOnly: []string{"isql --version"},
			Flagged:  []string{"echo 'DROP TABLE users' | isql shop", "isql -b shop user pw", "isql shop"}},
		&Spec{Names: n("redis-cli", "valkey-cli", "keydb-cli"), Grant: Grant{Exact: true, Offers: []string{"redis-cli x => Bash(redis-cli x)"}}, Effect: Network, StdinCode: true, Lang: LangRedis, Operands: "c? -*",
			// The first operand is a Redis command (CONFIG SET with SAVE
			// writes files on the server, MODULE LOAD loads a library,
			// EVAL runs Lua); --rdb writes a dump of the server to a
			// local file; --eval runs a Lua file on the server.
			Options: "-h=n -p= -s= -a= --pass= --user= --askpass -u=n -r= -i= -n= -2 -3 --resp2 --resp3 -x -X= -d= -D= -c -e -4 -6 --tls --sni= --cacert=r --cacertdir=r " +
				"--insecure --tls-ciphers= --tls-ciphersuites= --cert=r --key=r --raw --no-raw --quoted-input --csv --json --quoted-json --show-pushes= --stat " +
				"--latency --latency-history --latency-dist --lru-test= --replica --rdb=w --functions-rdb=w --pipe --pipe-timeout= --bigkeys --memkeys --memkeys-samples= " +
				"--keystats --keystats-samples= --hotkeys --scan --pattern= --count= --quoted-pattern= --intrinsic-latency= --eval=r --ldb --ldb-sync-mode --cluster=c " +
				"--verbose --no-auth-warning --help:h -v:h --version:h",
			ReadOnly: []string{"redis-cli --version"},
			Flagged: []string{"redis-cli FLUSHALL", "redis-cli CONFIG SET dir /home/dev/.ssh", "redis-cli MODULE LOAD /tmp/evil.so", "redis-cli EVAL 'return 1' 0",
				"redis-cli --rdb /tmp/dump.rdb", "redis-cli -h cache.example.com GET key", "redis-cli"}},
		// etcdctl (v3, cobra/pflag): bundles, no prefixes, global flags
		// before or after the subcommand. del removes the key, or every
		// key under it with --prefix, or from it on with --from-key.
		&Spec{Names: n("etcdctl"), Grant: Grant{Exact: true, Offers: []string{"etcdctl get x => Bash(etcdctl get x)"}}, OtherSubcommand: Unknown, Options: etcdGlobal,
			Subcommands: subs("del", etcdDel, "delete", etcdDel,
				"get", &Spec{Effect: Network, Permute: true, Operands: "- -?", Options: etcdGlobal + " --prefix --from-key --keys-only --print-value-only --limit= --rev= --order= --sort-by= --consistency= --count-only"},
				"version", &Spec{Effect: Network, Options: etcdGlobal}),
			Flagged: []string{"etcdctl del \"\" --prefix", "etcdctl --endpoints=https://db:2379 del --from-key /", "etcdctl del / --prefix"}},
		&Spec{Names: n("mongosh", "mongo"), Grant: Grant{Exact: true, Offers: []string{"mongosh x => Bash(mongosh x)"}}, Effect: Network, StdinCode: true, Lang: LangMongo, Operands: "n? p*", Permute: true,
			// --eval runs JavaScript (which can start processes); -f and
			// file operands run script files; the first operand is the
			// database or its URI. Options may follow it (yargs-parser:
			// mongosh app --eval CODE).
			Options: "--eval=k -f|--file=p --nodb --norc --quiet --shell --host=n --port= -u= --username= -p? --password? --authenticationDatabase= --authenticationMechanism= " +
				"--tls --tlsCAFile=r --tlsCertificateKeyFile=r --tlsCertificateKeyFilePassword= --tlsAllowInvalidCertificates --tlsAllowInvalidHostnames --tlsCRLFile=r " +
				"--apiVersion= --apiStrict --apiDeprecationErrors --json? --retryWrites? --awsAccessKeyId= --awsSecretAccessKey= --awsSessionToken= --gssapiServiceName= " +
				"--sspiHostnameCanonicalization= --csfleLibraryPath=l --cryptSharedLibPath=l --keyVaultNamespace= --kmsURL=n --verbose -h:h --help:h --version:h --build-info",
			ReadOnly: []string{"mongosh --version"},
			Flagged:  []string{"mongosh --eval 'db.dropDatabase()'", "mongosh --eval 'require(\"child_process\").execSync(\"id\")'", "mongosh --nodb /tmp/x.js", "mongosh"}},
	)
})

// etcdGlobal are etcdctl's global flags, taken by every subcommand.
const etcdGlobal = "--endpoints=n --user= --password= --cacert=r --cert=r --key=r --dial-timeout= --command-timeout= --keepalive-time= --keepalive-timeout= " +
	"--insecure-skip-tls-verify --insecure-transport --insecure-discovery --discovery-srv= --discovery-srv-name= -w|--write-out= --hex --debug -h|--help:h"

// etcdDel is etcdctl del: it deletes keys on the server.
var etcdDel = &Spec{Effect: Delete, Permute: true, Operands: "- -?", Options: etcdGlobal + " --prefix --from-key --prev-kv --range"}

// clickhouseOpts are clickhouse-client's options (and clickhouse local's).
const clickhouseOpts = "-q|--query=k --queries-file=r -n|--multiquery -m|--multiline -d|--database= -h|--host=n --port= -u|--user= --password= --ask-password --ssh-key-file=r " +
	"-s|--secure --no-secure -f|--format= -E|--vertical -t|--time --stacktrace -C|--config-file=u --history_file=w --history-file=w --query_id= --query-id= --param_= " +
	"--progress? --no-warnings -A|--disable_suggestion --log-level= --server_logs_file=w --echo --ignore-error --max_client_network_bandwidth= --compression? " +
	"--file=r --structure= --input-format= --output-format= --interactive --pager=x --connection= -V|--version:h --help:h"

// clickhouseClient is clickhouse client and clickhouse local.
var clickhouseClient = &Spec{Effect: Network, StdinCode: true, Abbrev: true, Loose: true, Permute: true, Lang: LangSQL, Operands: "c*", Options: clickhouseOpts}

// cockroachSQL is cockroach sql and cockroach demo.
var cockroachSQL = &Spec{Effect: Network, StdinCode: true, Lang: LangSQL,
	Options: "-e|--execute=k -f|--file=r --url=n --host=n -p|--port= -u|--user= -d|--database= --insecure --certs-dir=r --cluster-name= --disable-cluster-name-verification " +
		"--format= --set= --echo-sql --safe-updates? --read-only --watch= --no-line-editor --embedded --debug-sql-cli --empty --nodes= --no-example-database -h|--help:h"}

// bqGlobal are bq's global flags, in both spellings.
const bqGlobal = "-project_id= --project_id= -dataset_id= --dataset_id= -location= --location= -format= --format= -apilog=w --apilog=w -api= --api= -headless --headless " +
	"-q -quiet --quiet -sync --sync -synchronous_mode --synchronous_mode -nosync --nosync -job_id= --job_id= -credential_file=r --credential_file=r -service_account= --service_account= " +
	"-bigqueryrc=u --bigqueryrc=u -flagfile=u --flagfile=u -ca_certificates_file=r --ca_certificates_file=r -use_gce_service_account --use_gce_service_account " +
	"-httplib2_debuglevel= --httplib2_debuglevel= -h:h -help:h --help:h"

// bqReads are bq's listing commands.
var bqReads = &Spec{Effect: Network, Loose: true, LongDash: true, Permute: true, Operands: "-*", Options: bqGlobal}
