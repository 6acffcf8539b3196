package checks

import (
	"path"
	"slices"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/lazyre"
	"github.com/wardenhq/warden/programs"
)

var (
	// SQL comments and string literals are removed before the statements
	// are judged, so text inside them never counts.
	sqlLineComment  = lazyre.Compile(`--[^\n]*`)
	sqlBlockComment = lazyre.Compile(`(?s)/\*.*?\*/`)
	sqlString       = lazyre.Compile(`'(?:[^']|'')*'`)
	sqlDrop         = lazyre.Compile(`(?i)\bdrop\s+(table|database|schema|owned|view|materialized\s+view|index|user|role|function|procedure|trigger|sequence|type|extension|collection|keyspace|column)\b`)
	sqlTruncate     = lazyre.Compile(`(?i)\btruncate\b`)
	sqlAlterDrop    = lazyre.Compile(`(?i)\balter\s+table\b[^;]*\bdrop\b`)
	sqlDelete       = lazyre.Compile(`(?i)\bdelete\s+from\s+[^;]*`)
	sqlUpdate       = lazyre.Compile(`(?i)\bupdate\s+[\w."\x60\[\]]+\s+set\b[^;]*`)
	sqlWhere        = lazyre.Compile(`(?i)\bwhere\b(.*)`)
	sqlTautology    = lazyre.Compile(`(?i)^\s*(true|1|not\s+false|1\s*<>\s*0|''\s*=\s*''|)\s*;?\s*$`)
	sqlEquality     = lazyre.Compile(`(?i)^\s*([\w.']+)\s*=\s*([\w.']+)\s*;?\s*$`)
	sqlOrTrue       = lazyre.Compile(`(?i)\bor\s+(true|1|(\d+)\s*=\s*(\d+)|''\s*=\s*'')\s*(;|$|\)|or|and)`)
	sqlWrite        = lazyre.Compile(`(?i)\b(insert|update|delete|alter|create|drop|truncate|grant|revoke|merge|replace|rename)\b`)
	sqlPrivilege    = lazyre.Compile(`(?i)\b(alter|create)\s+(user|role)\b[^;]*\b(password|superuser|createrole)\b|\bgrant\s+all\b|\brevoke\s+all\b`)
)

// sqlFinding judges SQL text: DDL that destroys data, DELETE or UPDATE
// without a real WHERE, and any write to a production database.
func sqlFinding(sql string, prod bool) (string, bool) {
	s := sqlBlockComment.ReplaceAllString(sql, " ")
	s = sqlString.ReplaceAllString(s, "''")
	// A WHERE hidden behind a line comment does not count.
	s = sqlLineComment.ReplaceAllString(s, " ")
	// EXPLAIN without ANALYZE plans a statement and runs none of it.
	s = sqlExplain.ReplaceAllString(s, ";")
	switch {
	case sqlDrop.MatchString(s):
		return "drops " + strings.ToLower(sqlDrop.FindStringSubmatch(s)[1]) + "s", true
	case sqlAlterDrop.MatchString(s):
		return "drops columns or constraints", true
	case sqlTruncate.MatchString(s) && !strings.Contains(strings.ToLower(s), "truncate("):
		return "truncates tables", true
	}
	for _, stmt := range strings.Split(s, ";") {
		for _, re := range []*lazyre.Regexp{sqlDelete, sqlUpdate} {
			m := re.FindString(stmt)
			if m == "" {
				continue
			}
			w := sqlWhere.FindStringSubmatch(m)
			if w == nil {
				return "changes or deletes every row (no WHERE)", true
			}
			if tautology(w[1]) {
				return "changes or deletes every row (the WHERE is always true)", true
			}
		}
	}
	if sqlPrivilege.MatchString(s) {
		return "changes database users or privileges", true
	}
	if prod && sqlWrite.MatchString(s) {
		return "writes to a production database", true
	}
	return "", false
}

// tautology reports a WHERE condition that is always true: WHERE true,
// WHERE 1=1, WHERE x=x, ... OR 1=1.
func tautology(cond string) bool {
	if sqlTautology.MatchString(cond) || sqlOrTrue.MatchString(cond) {
		return true
	}
	if m := sqlEquality.FindStringSubmatch(cond); m != nil {
		return strings.EqualFold(m[1], m[2])
	}
	return false
}

func SQLClient(c Call) {
	ops := c.Args()
	sqls := clientTexts(c)
	for _, s := range sqls {
		clientCommands(judging{c}, s)
	}
	prod := anyValue(c, ProdName)
	for _, x := range ops {
		if ProdName(x.Value) && !strings.HasPrefix(x.Value, "-c") {
			prod = true
		}
	}
	if !prod {
		for _, as := range c.Assigns() {
			if ProdName(as.Value.Value) {
				prod = true
			}
		}
	}
	// The database named in the SQL's own context is what matters; a
	// -d app_dev never counts as production. Destructive SQL on a database
	// named as disposable (app_test, dev.db) is recreating test data.
	disposable := false
	for _, x := range ops {
		if !strings.HasPrefix(x.Value, "-") && disposableDB(x.Value) && !ProdName(x.Value) {
			disposable = true
		}
	}
	if anyValue(c, func(v string) bool { return disposableDB(v) && !ProdName(v) }) && !anyValue(c, ProdName) {
		disposable = true
	}
	for _, s := range sqls {
		if disposable && recreates(s) || rolledBack(s) {
			continue
		}
		if what, bad := sqlFinding(s, prod && (!sqlOnly(ops, s) || anyValue(c, ProdName))); bad {
			c.Flag(danger.SQLDestructive, "the SQL "+what)
			return
		}
	}
	if prod && len(sqls) == 0 {
		if c.Parse().Has("--file", "--queries-file", "--filename") {
			c.Flag(danger.SQLDestructive, "runs an SQL file against a production database")
		}
	}
}

// recreates reports SQL that creates again what it drops or empties (the
// disposable test database recreated): POLICY R4 counts DROP, TRUNCATE and
// unscoped DELETE as dangerous on any database, and recreating the
// disposable one as benign.
func recreates(sql string) bool {
	return sqlCreate.MatchString(sql)
}

var sqlExplain = lazyre.Compile(`(?i)\bexplain\s+(\((?:[^)a]|a[^n])*\)\s*)?(select|insert|update|delete|merge|values|execute|create\s+table)\b[^;]*`)

var sqlCreate = lazyre.Compile(`(?i)\bcreate\s+(or\s+replace\s+)?(database|schema|table)\b`)

// disposableDB reports database names POLICY treats as disposable: names
// ending in _dev or _test, dev.db, test.db, staging, localhost.
func disposableDB(s string) bool {
	ls := strings.ToLower(s)
	if strings.ContainsAny(ls, " ;") {
		return false
	}
	b := path.Base(ls)
	for _, suf := range []string{"_dev", "_test", "-dev", "-test", "_development", "_testing", "dev.db", "test.db", "dev.sqlite3", "test.sqlite3", "dev.sqlite", "test.sqlite"} {
		if strings.HasSuffix(b, suf) {
			return true
		}
	}
	return b == "dev.db" || b == "test.db" || strings.Contains(ls, "localhost") && !strings.Contains(ls, "prod") || strings.HasSuffix(b, "staging") || b == "test" || b == "dev"
}

// rolledBack reports SQL run inside a transaction that is rolled back.
func rolledBack(s string) bool {
	t := strings.ToUpper(strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), ";")))
	return (strings.HasPrefix(t, "BEGIN") || strings.HasPrefix(t, "START TRANSACTION")) && strings.HasSuffix(t, "ROLLBACK")
}

// sqlOnly reports that the only "prod" text is inside the SQL itself.
func sqlOnly(ops []Word, sql string) bool {
	for _, x := range ops {
		if ProdName(x.Value) && x.Value != sql {
			return false
		}
	}
	return true
}

// clientTexts are the texts a database client runs: what it reads on
// standard input, and the code its entry places (psql -c, mysql
// --init-command, an abbreviated --exec=).
func clientTexts(c Call) []string {
	var sqls []string
	if text, ok := c.StdinText(); ok {
		sqls = append(sqls, text)
	}
	for _, e := range c.Effects() {
		if e.Lang != "" && e.Target != "" && !slices.Contains(sqls, e.Target) {
			sqls = append(sqls, e.Target)
		}
	}
	return sqls
}

// SQLClientCommands hands the walk the commands a database client's own
// commands run (clientCommands): its reader is read by both passes, this
// one with its findings dropped (finding), the judging one with its code
// dropped (judging).
func SQLClientCommands(c Call) {
	for _, s := range clientTexts(c) {
		clientCommands(finding{c}, s)
	}
}

// finding is a call in the pass that finds code: what the reader it is
// handed reports is left to the judging pass.
type finding struct{ Call }

func (finding) Flag(danger.Kind, string)             {}
func (finding) FlagAt(danger.Kind, string, api.Risk) {}
func (finding) JudgeWrite(string)                    {}

// judging is a call in the pass that judges: the code the reader it is
// handed finds was walked while walking.
type judging struct{ Call }

func (judging) Command(string) {}

// clientCommands judges a database client's own commands in the text it
// runs: psql's and mysql's backslash commands, mysql's named commands and
// sqlite3's dot-commands. A shell escape (\! CMD, system CMD, .shell CMD,
// output piped to |CMD, a pager) runs a command: the command is judged as
// a part of its own and the client is flagged, as any program running a
// command through its own means is (R14). Output sent to a file (\o, \w,
// tee, .output, .once, .save) is judged as a write, a file imported or
// sourced as a read, and a library loaded (.load, load_extension) as a
// command.
func clientCommands(c Call, text string) {
	for _, line := range strings.Split(text, "\n") {
		for _, stmt := range strings.Split(line, ";") {
			t := strings.TrimSpace(stmt)
			lt := strings.ToLower(t)
			name, rest, _ := strings.Cut(lt, " ")
			_, restRaw, _ := strings.Cut(t, " ")
			switch {
			case name == ".shell" || name == ".system" || name == "system" || name == "\\!" || name == "!!" || name == ":!!" || (name == "pager" || name == "\\p") && rest != "":
				clientRuns(c, name, restRaw)
				continue
			case strings.HasPrefix(t, "\\!"):
				clientRuns(c, "\\!", t[2:])
				continue
			case name == ".output" || name == ".once" || name == ".save" || name == ".backup" || name == ".log" || name == "tee" || name == "\\t" || name == ":out":
				clientFile(c, name, restRaw, true)
				continue
			case name == ".import" || name == ".read" || name == "source" || name == "\\." || name == ":r":
				clientFile(c, name, restRaw, false)
				continue
			case name == ".load" || strings.Contains(lt, "load_extension("):
				c.Flag(danger.RemoteExec, c.Program()+" loads a library ("+t+")")
				continue
			}
			// psql: \o, \g, \w take a file or |command, \i a file, anywhere
			// on the line.
			for _, m := range []string{"\\o ", "\\out ", "\\g ", "\\gx ", "\\w ", "\\write ", "\\i ", "\\ir ", "\\include "} {
				if i := strings.Index(t, m); i >= 0 {
					clientFile(c, strings.TrimSpace(m), t[i+len(m):], !strings.HasPrefix(m, "\\i"))
				}
			}
			if i := strings.Index(lt, " program "); i >= 0 && strings.Contains(lt, "copy") {
				// \copy ... TO PROGRAM 'cmd' runs cmd on the client.
				clientRuns(c, "COPY ... PROGRAM", strings.Trim(strings.TrimSpace(t[i+len(" program "):]), "'"))
			}
			if i := strings.Index(lt, "writefile("); i >= 0 {
				// sqlite3's writefile('path', data).
				if q := strings.IndexAny(t[i:], "'\""); q >= 0 {
					clientFile(c, "writefile", strings.FieldsFunc(t[i+q:], func(r rune) bool { return r == ',' || r == ')' })[0], true)
				}
			}
			sqlFileFunctions(c, t, lt)
		}
	}
}

// clientRuns flags a database client's command that runs cmd, and judges
// cmd as a part of its own.
func clientRuns(c Call, what, cmd string) {
	cmd = strings.TrimSpace(cmd)
	c.Flag(danger.RemoteExec, c.Program()+" "+what+" runs a command ("+cmd+")")
	if cmd != "" {
		c.Command(cmd)
	}
}

// clientFile judges the file a database client's command writes or reads
// (rest is the command's text after its name: options, then the file); a
// file that is |CMD runs CMD.
func clientFile(c Call, what, rest string, write bool) {
	rest = strings.TrimSpace(rest)
	for strings.HasPrefix(rest, "-") { // .output --bom, .import --csv
		_, rest, _ = strings.Cut(rest, " ")
		rest = strings.TrimSpace(rest)
	}
	if t := strings.Trim(rest, "'\""); strings.HasPrefix(t, "|") {
		clientRuns(c, what, t[1:])
		return
	}
	f := strings.Fields(rest)
	if len(f) == 0 {
		return
	}
	w := strings.Trim(f[0], "'\"")
	p := ""
	if w != "" {
		p = c.Resolve(Word{Value: w, Lit: true, Raw: w})
	}
	switch {
	case p == "":
	case write:
		c.JudgeWrite(p)
	case c.Credential(p):
		c.Flag(danger.CredentialAccess, c.Program()+" "+what+" reads the credential file "+p)
	}
}

var mongoDestructive = lazyre.Compile(`(?i)\.(dropDatabase|drop)\s*\(|\.(deleteMany|remove)\s*\(\s*\{\s*\}\s*\)|\.(updateMany)\s*\(\s*\{\s*\}`)

func Mongo(c Call) {
	texts := []string{}
	for _, v := range values(c, "--eval") {
		texts = append(texts, v.Value)
	}
	if t, ok := c.StdinText(); ok {
		texts = append(texts, t)
	}
	for _, t := range texts {
		if mongoDestructive.MatchString(t) {
			c.Flag(danger.DBDestructive, "drops a MongoDB database or collection, or deletes every document")
			return
		}
	}
}

func Redis(c Call) {
	cmds := c.Operands()
	words := make([]string, 0, len(cmds))
	for _, x := range cmds {
		words = append(words, strings.ToUpper(x.Value))
	}
	if t, ok := c.StdinText(); ok {
		words = append(words, strings.Fields(strings.ToUpper(t))...)
	}
	for i, w := range words {
		switch w {
		case "FLUSHALL", "FLUSHDB", "SHUTDOWN", "SWAPDB":
			c.Flag(danger.DBDestructive, "redis "+w+" wipes the database")
			return
		case "CONFIG":
			if i+1 < len(words) && words[i+1] == "SET" {
				c.FlagAt(danger.SystemConfig, "changes the Redis server configuration", medium)
			}
		case "DEBUG":
			c.FlagAt(danger.DBDestructive, "redis DEBUG can crash or alter the server", medium)
		case "DEL", "UNLINK":
			if c.InXargs() {
				c.Flag(danger.DBDestructive, "deletes every Redis key piped in")
				return
			}
		}
	}
}

// dbTool reports schema and migration tools, which write to the database
// they are pointed at.
func dbTool(t string) bool {
	switch t {
	case "rails", "rake", "manage.py", "django-admin", "alembic", "knex", "sequelize", "sequelize-cli", "prisma", "drizzle-kit", "typeorm", "artisan", "flyway", "liquibase", "mix", "diesel", "sqlx", "goose", "migrate", "dbmate", "atlas", "supabase", "ef":
		return true
	}
	return false
}

// checkDBTools covers schema and migration tools that wipe databases.
func DBTools(c Call) {
	if c.Launches() {
		return // npx prisma …, bundle exec rails …: judged as their own part
	}
	words := make([]string, 0, len(c.Words()))
	for _, x := range c.Words() {
		words = append(words, x.Value)
	}
	// npx prisma ..., bundle exec rails ..., python manage.py ...: find
	// the tool inside the words.
	i := 0
	for i < len(words) {
		w := path.Base(words[i])
		switch w {
		case "npx", "bunx", "pnpx", "bundle", "exec", "python", "python3", "pnpm", "yarn", "npm", "run", "dotnet", "-m", "dlx", "php", "uv", "poetry", "pipenv":
			i++
			continue
		}
		if strings.HasPrefix(words[i], "-") && i > 0 {
			i++
			continue
		}
		break
	}
	if i >= len(words) {
		return
	}
	prod := false
	tool := path.Base(words[i])
	rest, args := words[i+1:], c.Words()[i+1:]
	if m := c.Parse().Option("-m"); len(m) > 0 && m[0].Index >= 0 && m[0].Index+2 <= len(words) {
		// python -m TOOL, -mTOOL: the module is the tool.
		tool, rest, args = m[0].Target, words[m[0].Index+2:], c.Words()[m[0].Index+2:]
	}
	// The tool's own words read with its entry, whether it is the program
	// (alembic downgrade base) or run by one (python -m alembic …).
	res, path := toolParse(tool, args)
	ops := res.Operands()
	for _, o := range []string{"--env", "--environment", "--stage", "--url", "--database", "--database-url"} {
		if v, ok := res.Value(o); ok && ProdName(v) {
			prod = true // knex --env production, in every spelling
		}
	}
	has := func(ws ...string) bool {
		for _, r := range rest {
			for _, w := range ws {
				if r == w {
					return true
				}
			}
		}
		return false
	}
	hasPrefix := func(p string) bool {
		for _, r := range rest {
			if strings.HasPrefix(r, p) {
				return true
			}
		}
		return false
	}
	flag := func(what string) { c.Flag(danger.DBDestructive, what) }
	for _, as := range c.Assigns() {
		switch as.Name {
		case "RAILS_ENV", "RACK_ENV", "NODE_ENV", "APP_ENV", "FLASK_ENV", "MIX_ENV", "ENVIRONMENT", "ENV", "STAGE", "DJANGO_SETTINGS_MODULE", "DATABASE_URL":
			if ProdName(as.Value.Value) {
				prod = true
			}
		}
	}
	if v, ok := c.Parse().Value("--environment"); ok && ProdName(v) {
		prod = true // rails runner -e production, in every spelling
	}
	for _, r := range rest {
		if (strings.HasPrefix(r, "--env") || strings.HasPrefix(r, "--stage") || strings.HasPrefix(r, "--url") || strings.HasPrefix(r, "--database") || strings.HasPrefix(r, "RAILS_ENV=")) && ProdName(r) {
			prod = true
		}
	}
	if prod && dbTool(tool) {
		flag(tool + " changes the production database")
		return
	}
	switch tool {
	case "prisma":
		// prisma migrate reset is its entry's danger.
		if path == "db push" && res.Has("--force-reset", "--accept-data-loss") {
			flag("prisma db push --force-reset/--accept-data-loss drops data")
		}
	// rails and rake's database tasks (db:drop, db:rollback, …) are their
	// entries' Raises.
	case "manage.py", "django-admin":
		if has("flush", "reset_db", "sqlflush") {
			flag("manage.py flush deletes every row")
		} else if has("migrate") && has("zero") {
			flag("manage.py migrate zero reverts every migration")
		}
	case "alembic":
		if path != "downgrade" || res.Has("--sql") {
			// Offline mode prints the SQL and runs none of it.
			break
		}
		if len(ops) > 0 && ops[0] == "base" {
			flag("alembic downgrade base drops every migration")
		} else {
			c.FlagAt(danger.DBDestructive, "alembic downgrade reverts migrations, which can drop data", medium)
		}
	case "knex":
		if path == "migrate:rollback" && res.Has("--all") {
			flag("knex migrate:rollback --all rolls back every migration")
		} else if path == "migrate:rollback" || path == "migrate:down" {
			c.FlagAt(danger.DBDestructive, "knex rolls back migrations, which can drop data", medium)
		}
	case "supabase":
		if has("reset") && (has("--linked") || hasPrefix("--db-url")) {
			flag("supabase db reset on a linked database wipes it")
		}
	case "drizzle-kit":
		// drizzle-kit drop is its entry's danger.
		if strict, _ := res.Value("--strict"); path == "push" && (res.Has("--force") || strict == "false") {
			flag("drizzle-kit push --force applies destructive schema changes without asking")
		}
	case "dropdb", "mysqladmin":
		for j, r := range ops {
			if tool == "mysqladmin" && (r != "drop" || j+1 >= len(ops)) {
				continue
			}
			db := r
			if tool == "mysqladmin" {
				db = ops[j+1]
			}
			if !disposableDB(db) {
				flag(tool + " drops the database " + db)
			}
			return
		}
	case "artisan":
		if has("migrate:fresh", "migrate:reset", "db:wipe", "migrate:refresh") {
			flag("artisan " + rest[0] + " drops every table")
		}
	// dotnet ef database drop and mix ecto.drop|ecto.reset are their
	// entries' Raises.
	case "goose":
		// goose DRIVER DBSTRING COMMAND [VERSION]: the command is an operand.
		for j, r := range ops {
			if r == "reset" || r == "drop" || r == "down-to" && j+1 < len(ops) && ops[j+1] == "0" {
				flag(tool + " drops or resets the database")
				return
			}
		}
	}
}

var (
	sqlQueryStart = lazyre.Compile(`(?i)^\s*(select|show|explain|describe|desc|with|values|table)\b`)
	sqlCall       = lazyre.Compile(`([A-Za-z_][\w.$]*)\s*\(`)
	sqlSideEffect = lazyre.Compile(`(?i)\b(into|analy[sz]e|insert|update|delete|merge|replace|create|alter|drop|truncate|grant|revoke|copy|call|do|set|lock|for\s+update|for\s+share|nextval|setval|outfile|dumpfile)\b`)
)

// plainQueryCalls are the functions and keywords a plain query may put
// before a parenthesis: pure functions and SQL syntax. Any other call
// (pg_read_file, lo_export, load_extension, writefile, dblink, sleep) makes
// the text code whose effect is not known.
func plainQueryCalls(s string) bool {
	switch s {
	case "count", "sum", "min", "max", "avg", "coalesce", "nullif", "ifnull",
		"lower", "upper", "length", "char_length", "substr", "substring", "trim", "round",
		"abs", "cast", "date", "datetime", "strftime", "now", "date_trunc", "extract",
		"concat", "group_concat", "string_agg", "array_agg", "json_extract", "typeof", "instr", "version",
		"current_database", "current_user", "in", "exists", "any", "all", "over", "filter",
		"partition", "as", "from", "join", "on", "and", "or", "not",
		"where", "select", "values", "using", "distinct", "having", "by":
		return true
	}
	return false
}

// PlainQuery reports SQL text that only reads: one or more statements
// that are queries (SELECT, SHOW, EXPLAIN without ANALYZE, DESCRIBE, WITH
// … SELECT), with no INTO, no writing keyword and no call outside
// plainQueryCalls; or a client's catalogue commands (psql's \d family and
// \l, sqlite3's .tables, .schema, .indexes, .databases). Anything else —
// other backslash and dot-commands included — is code whose effect is not
// known.
func PlainQuery(text string) bool {
	s := sqlBlockComment.ReplaceAllString(text, " ")
	s = sqlString.ReplaceAllString(s, "''")
	s = sqlLineComment.ReplaceAllString(s, " ")
	if strings.ContainsAny(s, "`\"$") {
		// Quoted identifiers, dollar quoting and backslash commands
		// other than a lone catalogue command are not judged.
		t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), ";"))
		return catalogueCommand(t)
	}
	n := 0
	for _, stmt := range strings.Split(s, ";") {
		t := strings.TrimSpace(stmt)
		if t == "" {
			continue
		}
		n++
		if catalogueCommand(t) {
			continue
		}
		if !sqlQueryStart.MatchString(t) || sqlSideEffect.MatchString(t) {
			return false
		}
		for _, m := range sqlCall.FindAllStringSubmatch(t, -1) {
			if !plainQueryCalls(strings.ToLower(m[1])) {
				return false
			}
		}
	}
	return n > 0
}

// catalogueCommand reports a client command that lists what the database
// holds: psql's \d family and \l (no output redirection), sqlite3's
// schema commands.
func catalogueCommand(t string) bool {
	name, rest, _ := strings.Cut(t, " ")
	if strings.ContainsAny(rest, "|\\") {
		return false
	}
	switch strings.TrimRight(name, "+S") {
	case "\\d", "\\dt", "\\di", "\\dv", "\\dn", "\\df", "\\ds", "\\du", "\\dx", "\\l", "\\conninfo",
		".tables", ".schema", ".indexes", ".indices", ".databases", ".fullschema", ".dbinfo":
		return true
	}
	return false
}

// RedisReads are the Redis commands that only read.
func RedisReads(s string) bool {
	// Deliberately not: MEMORY, OBJECT.
	switch s {
	case "GET", "MGET", "EXISTS", "TTL", "PTTL", "TYPE", "STRLEN", "GETRANGE",
		"KEYS", "SCAN", "HGET", "HMGET", "HGETALL", "HKEYS", "HVALS", "HLEN",
		"HEXISTS", "HSCAN", "LRANGE", "LLEN", "LINDEX", "SMEMBERS", "SCARD", "SISMEMBER",
		"SSCAN", "ZRANGE", "ZRANGEBYSCORE", "ZREVRANGE", "ZCARD", "ZSCORE", "ZRANK", "ZSCAN",
		"ZCOUNT", "XLEN", "XRANGE", "XREVRANGE", "XINFO", "PFCOUNT", "BITCOUNT", "GETBIT",
		"PING", "ECHO", "INFO", "DBSIZE", "TIME", "LASTSAVE", "ROLE":
		return true
	}
	return false
}

// checkEtcd flags etcdctl del of every key: an empty or root key with
// --prefix or --from-key.
func Etcd(c Call) {
	res := c.Parse()
	if sub := res.Sub(); sub != "del" && sub != "delete" || !res.Has("--prefix", "--from-key") {
		return
	}
	pos := res.Operands()
	if len(pos) == 0 || pos[0] == "" || pos[0] == "/" || pos[0] == "\\0" {
		c.Flag(danger.DBDestructive, "etcdctl del deletes every key")
	}
}

// sqlFileCalls are SQL functions and clauses that read or write a file
// named by a string literal: the server's (pg_read_file, load_file, INTO
// OUTFILE) or the client's (sqlite3's readfile, VACUUM INTO).
var sqlFileCalls = []struct {
	key   string
	write bool
}{
	{"pg_read_file(", false}, {"pg_read_binary_file(", false}, {"lo_import(", false}, {"load_file(", false}, {"readfile(", false},
	{"into outfile ", true}, {"into dumpfile ", true}, {"vacuum into ", true},
}

// sqlFileFunctions judges the files SQL reads and writes through
// functions and clauses (lt is t in lower case), and sqlite3's edit(),
// whose second argument is the editor it runs.
func sqlFileFunctions(c Call, t, lt string) {
	for _, f := range sqlFileCalls {
		i := strings.Index(lt, f.key)
		if i < 0 {
			continue
		}
		rest := t[i+len(f.key):]
		q := strings.IndexAny(rest, "'\"")
		if q < 0 || strings.TrimSpace(rest[:q]) != "" && f.key != "lo_import(" {
			continue // not a literal path
		}
		lit := rest[q+1:]
		if e := strings.IndexByte(lit, rest[q]); e >= 0 {
			lit = lit[:e]
		}
		clientFile(c, strings.TrimSpace(strings.TrimSuffix(f.key, "(")), "'"+lit+"'", f.write)
	}
	if i := strings.Index(lt, "edit("); i >= 0 && (i == 0 || !isAlnum(lt[i-1]) && lt[i-1] != '_') {
		args := strings.Split(t[i+len("edit("):], ",")
		if len(args) >= 2 {
			clientRuns(c, "edit()", strings.Trim(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(args[1]), ")")), "'\""))
		}
	}
}

// toolParse reads a schema tool's words (those after its name) with the
// tool's entry, and returns the parse and its subcommand words ("db push");
// a tool with none has no subcommands and no operands.
func toolParse(tool string, args []Word) (*programs.Result, string) {
	spec := programs.Lookup(tool)
	if spec == nil {
		return &programs.Result{}, ""
	}
	words := make([]programs.Word, 0, len(args))
	for _, x := range args {
		words = append(words, programs.Word{Text: x.Value, Literal: !x.Unbound && !x.Subst && !x.Glob})
	}
	r := programs.Parse(spec, words)
	var path []string
	for _, i := range r.SubIndexes() {
		if i < len(words) {
			path = append(path, words[i].Text)
		}
	}
	return &r, strings.Join(path, " ")
}
