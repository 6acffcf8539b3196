package programs

// Database clients. A client talks to a database server (Network), and
// what it does there is the SQL or the commands it is given: inline SQL
// (psql -c, mysql -e, sqlite3's statements, mongosh --eval, a redis-cli
// command) is code in the client's language, judged by the shell package
// and never read-only unless it is plainly a query. The clients' own
// commands run programs (psql and mysql \!, sqlite3 .shell and .system,
// mysql's pager and system), write files (psql \o and \w, mysql tee,
// sqlite3 .output and .once) and load libraries (sqlite3 .load, mysql
// --default-auth, --plugin-dir); shell/check_db.go judges the SQL and
// these commands. With no query on the command line a client runs what
// standard input holds (StdinCode).

var _ = family("databases", func(add func(...*Spec)) {
	add(
		&Spec{Names: n("psql"), Grant: Grant{Exact: true, Offers: []string{"psql x => Bash(psql x)"}}, Effect: Network, StdinCode: true, Abbrev: true, Permute: true, Lang: "psql", Operands: "n? -?",
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
		&Spec{Names: n("mysql", "mariadb"), Grant: Grant{Exact: true, Offers: []string{"mysql x => Bash(mysql x)"}}, Effect: Network, StdinCode: true, Abbrev: true, Permute: true, Lang: "mysql", Operands: "-?",
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
		&Spec{Names: n("sqlite3", "sqlite"), Grant: Grant{Exact: true, Offers: []string{"sqlite3 x => Bash(sqlite3 x)"}}, Prints: true, StdinCode: true, LongDash: true, Permute: true, Lang: "sqlite", Operands: "r? c*",
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
		&Spec{Names: n("duckdb"), Grant: Grant{Exact: true, Offers: []string{"duckdb -c x => Bash(duckdb -c x)"}}, Prints: true, StdinCode: true, LongDash: true, Permute: true, Lang: "sql", Operands: "r? c*",
			Options: "-c=k -s=k -cmd|--cmd=k -init|--init=l -append -ascii -bail -batch -box -column -csv -echo -header -noheader -help:h --help:h -html -interactive -json -line -list " +
				"-markdown -newline= -nofollow -no-stdin -nullvalue= -quote -readonly -separator= -stats -table -unredacted -unsigned -version:h --version:h",
			ReadOnly: []string{"duckdb -version", "duckdb app.db 'SELECT count(*) FROM users'", "duckdb -c 'SELECT 42'"},
			Flagged: []string{"duckdb app.db -c 'DROP TABLE users'", "duckdb app.db -s 'DELETE FROM users'", "duckdb -cmd 'TRUNCATE users' app.db", "duckdb app.db 'DROP TABLE users'",
				"duckdb app.db -c '.shell /bin/sh'", "duckdb app.db"}},
		// mycli and litecli (dbcli, click 8): short flags bundle, values
		// attach (-hhost, -e'SQL') or follow, --opt=v, no prefixes of long
		// options; options may follow the database operand. -e runs SQL
		// and exits; without it they run what standard input holds.
		&Spec{Names: n("mycli"), Grant: Grant{Exact: true, Offers: []string{"mycli x => Bash(mycli x)"}}, Effect: Network, StdinCode: true, Permute: true, Lang: "sql", Operands: "n?",
			Options: "-e|--execute=k --init-command=k -h|--host=n -P|--port= -u|--user= -S|--socket= -p|--password= --pass= -D|--database= -d|--dsn= --list-dsn --list-ssh-config " +
				"--ssh-user= --ssh-host=n --ssh-port= --ssh-password= --ssh-key-filename=r --ssh-config-path=r --ssh-config-host= --ssl-mode= --ssl --no-ssl --ssl-ca=r --ssl-capath=r " +
				"--ssl-cert=r --ssl-key=r --ssl-cipher= --tls-version= --ssl-verify-server-cert -V|--version:h --help:h -v|--verbose -R|--prompt= -l|--logfile=w --defaults-group-suffix= " +
				"--defaults-file=u --myclirc=u --auto-vertical-output --show-warnings --no-show-warnings -t|--table --csv --warn --no-warn --local-infile= -g|--login-path= --charset= --password-file=r",
			ReadOnly: []string{"mycli --version"},
			Flagged:  []string{"mycli -e 'DROP DATABASE shop'", "mycli shop --execute 'DELETE FROM users'", "mycli --init-command 'TRUNCATE users' shop", "mycli -e 'system id'", "mycli"}},
		&Spec{Names: n("litecli"), Grant: Grant{Exact: true, Offers: []string{"litecli x => Bash(litecli x)"}}, StdinCode: true, Permute: true, Lang: "sql", Operands: "r?",
			Options:  "-e|--execute=k -V|--version:h --help:h -D|--database=r -R|--prompt= -l|--logfile=w --liteclirc=u --auto-vertical-output -t|--table --csv --warn --no-warn",
			ReadOnly: []string{"litecli --version", "litecli app.db -e 'SELECT count(*) FROM users'"},
			Flagged:  []string{"litecli app.db -e 'DROP TABLE users'", "litecli --execute 'DELETE FROM users' app.db", "litecli app.db -e '.shell /bin/sh'", "litecli app.db"}},
		// sqlcmd (go-sqlcmd, cobra/pflag: bundles, no prefixes; the ODBC
		// sqlcmd takes the same short options). -Q runs SQL and exits, -q
		// runs it first, -i runs files of it; -c is only the batch
		// terminator. Its scripts' !! and :!! run a command, :out writes
		// a file, :r reads one. It takes no operands (go-sqlcmd
		// cmd/sqlcmd/sqlcmd.go setFlags, "Unknown command" for one).
		&Spec{Names: n("sqlcmd"), Grant: Grant{Exact: true, Offers: []string{"sqlcmd -Q x => Bash(sqlcmd -Q x)"}}, Effect: Network, StdinCode: true, Lang: "sql",
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
		&Spec{Names: n("cqlsh"), Grant: Grant{Exact: true, Offers: []string{"cqlsh -e x => Bash(cqlsh -e x)"}}, Effect: Network, StdinCode: true, Abbrev: true, Permute: true, Lang: "sql", Operands: "n? -?",
			Options: "-e|--execute=k -f|--file=r -C|--color --no-color --browser=x --ssl -u|--username= -p|--password= -k|--keyspace= --debug --coverage --encoding= --cqlshrc=u " +
				"--credentials=r --cqlversion= --protocol-version= --connect-timeout= --request-timeout= -t|--tty --insecure-password-without-warning -v:h --version:h -h|--help:h",
			ReadOnly: []string{"cqlsh --version"},
			Flagged:  []string{"cqlsh -e 'DROP TABLE shop.users'", "cqlsh db.example.com --exec='TRUNCATE shop.users'", "cqlsh -k shop -e 'DELETE FROM users'", "cqlsh -f /tmp/x.cql", "cqlsh"}},
		&Spec{Names: n("redis-cli", "valkey-cli", "keydb-cli"), Grant: Grant{Exact: true, Offers: []string{"redis-cli x => Bash(redis-cli x)"}}, Effect: Network, StdinCode: true, Lang: "redis", Operands: "c? -*",
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
		&Spec{Names: n("mongosh", "mongo"), Grant: Grant{Exact: true, Offers: []string{"mongosh x => Bash(mongosh x)"}}, Effect: Network, StdinCode: true, Lang: "mongo", Operands: "n? p*", Permute: true,
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
