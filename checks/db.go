package checks

import (
	"path"
	"slices"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/lang/sql"
	"github.com/wardenhq/warden/internal/lazyre"
	"github.com/wardenhq/warden/programs"
)

// sqlDepth is how deep SQL run from a string (a DO block's body,
// EXECUTE 'sql', a function's body) is read.
const sqlDepth = 3

// sqlStatements are the statements of SQL text in the dialect, and of the
// SQL they run from strings (sql.Statement.Inner).
func sqlStatements(text string, d sql.Dialect, depth int) []sql.Statement {
	sts := sql.Split(text, d)
	if depth < sqlDepth {
		used := interpolated(sts)
		for i, st := range sts {
			for _, in := range st.Inner() {
				sts = append(sts, sqlStatements(in, d, depth+1)...)
			}
			if name, value, ok := st.Set(); ok && used[name] {
				// psql's \set q '…' and a later :q: the value is SQL.
				sts = append(sts, sqlStatements(value, d, depth+1)...)
			}
			gexec := strings.HasPrefix(st.Command(), "\\gexec")
			gset := strings.HasPrefix(st.Command(), "\\gset") && len(used) > 0
			if i > 0 && d == sql.Postgres && (gexec || gset) {
				// psql's \gexec runs each value of the query before it as
				// SQL, and \gset sets variables to them that a later :name
				// puts into the SQL: the SQL its strings begin.
				for _, t := range sts[i-1].Code() {
					if t.Kind == sql.String {
						sts = append(sts, sqlStatements(t.Value, d, depth+1)...)
					}
				}
			}
		}
	}
	return sts
}

// interpolated are the names of psql's :name in the statements: the
// variables whose values are put into the SQL as they are (:'name' and
// :"name" quote them).
func interpolated(sts []sql.Statement) map[string]bool {
	names := map[string]bool{}
	for _, st := range sts {
		c := st.Code()
		for i := 0; i+1 < len(c); i++ {
			if c[i].IsPunct(":") && c[i+1].Kind == sql.Word {
				names[c[i+1].Value] = true
			}
		}
	}
	return names
}

// sqlFinding judges SQL text, read in each of the dialects: DDL that
// destroys data, DELETE or UPDATE without a real WHERE, and any write to
// a production database. The worst reading counts.
func sqlFinding(text string, ds []sql.Dialect, prod bool) (string, bool) {
	for _, d := range ds {
		if what, bad := statementsFinding(sqlStatements(text, d, 0), prod); bad {
			return what, true
		}
	}
	return "", false
}

// statementsFinding judges statements: a DROP first, then ALTER TABLE …
// DROP, TRUNCATE, the DELETEs and UPDATEs that reach every row, changes
// to users and privileges, and a write when the database is production.
func statementsFinding(sts []sql.Statement, prod bool) (string, bool) {
	for _, what := range []string{"DROP", "ALTER", "TRUNCATE"} {
		for _, st := range sts {
			for _, x := range st.Destroys() {
				if x.What != what {
					continue
				}
				switch what {
				case "DROP":
					return "drops " + plural(x.Object), true
				case "ALTER":
					return "drops columns or constraints", true
				}
				return "truncates tables", true
			}
		}
	}
	for _, st := range sts {
		for _, u := range st.Unscoped() {
			switch {
			case u.Verb == "MERGE":
				return "changes or deletes every row (the MERGE's ON is always true)", true
			case u.Always:
				return "changes or deletes every row (the WHERE is always true)", true
			}
			return "changes or deletes every row (no WHERE)", true
		}
	}
	for _, st := range sts {
		if st.Privilege() {
			return "changes database users or privileges", true
		}
	}
	if prod {
		for _, st := range sts {
			if st.Writes() {
				return "writes to a production database", true
			}
		}
	}
	return "", false
}

// plural is the plural of what DROP drops, as a finding says it.
func plural(obj string) string {
	switch {
	case strings.HasSuffix(obj, "x"):
		return obj + "es"
	case strings.HasSuffix(obj, "cy"):
		return strings.TrimSuffix(obj, "y") + "ies"
	}
	return obj + "s"
}

// sqlLang is the language (the entry's Lang) of the SQL a client reads on
// standard input.
func sqlLang(c View) programs.Lang {
	if spec := programs.Lookup(path.Base(c.Program())); spec != nil {
		return spec.Lang
	}
	return ""
}

func SQLClient(c Call) {
	ops := c.Args()
	texts := clientTexts(c)
	var sqls []string
	for _, t := range texts {
		clientCommands(judging{c}, t.text, sql.ForLang(string(t.lang)))
		sqls = append(sqls, t.text)
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
	for i, s := range sqls {
		ds := sql.ForLang(string(texts[i].lang))
		if disposable && recreates(s, ds) || rolledBack(s, ds) {
			continue
		}
		if what, bad := sqlFinding(s, ds, prod && (!sqlOnly(ops, s) || anyValue(c, ProdName))); bad {
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
// disposable test database recreated), in every dialect it is read in:
// POLICY R4 counts DROP, TRUNCATE and unscoped DELETE as dangerous on any
// database, and recreating the disposable one as benign.
func recreates(text string, ds []sql.Dialect) bool {
	for _, d := range ds {
		if !slices.ContainsFunc(sql.Split(text, d), sql.Statement.Creates) {
			return false
		}
	}
	return true
}

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

// rolledBack reports SQL that is one transaction rolled back, in every
// dialect it is read in (in MySQL, DDL commits the transaction it is in).
func rolledBack(text string, ds []sql.Dialect) bool {
	for _, d := range ds {
		if !sql.RolledBack(sql.Split(text, d)) {
			return false
		}
	}
	return true
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

// clientText is a text a database client runs, and its language (an
// entry's Lang), which says its dialect.
type clientText struct {
	text string
	lang programs.Lang
}

// clientTexts are the texts a database client runs: what it reads on
// standard input (in the language of the client's entry), and the code
// its entry places (psql -c, mysql --init-command, an abbreviated
// --exec=).
func clientTexts(c View) []clientText {
	var out []clientText
	seen := map[string]bool{}
	if text, ok := c.StdinText(); ok {
		out = append(out, clientText{text, sqlLang(c)})
		seen[text] = true
	}
	for _, e := range c.Effects() {
		if e.Lang != "" && e.Target != "" && !seen[e.Target] {
			out = append(out, clientText{e.Target, e.Lang})
			seen[e.Target] = true
		}
	}
	return out
}

// SQLClientCommands hands the walk the commands a database client's own
// commands run (clientCommands): its reader is read by both passes, this
// one with its findings dropped (finding), the judging one with its code
// dropped (judging).
func SQLClientCommands(c Finder) {
	for _, t := range clientTexts(c) {
		clientCommands(finding{c}, t.text, sql.ForLang(string(t.lang)))
	}
}

// clientCall is a database client's call as its commands are read in
// either pass, by the one reader of them (clientCommands): SQLClient
// judges them through judging, whose Command and Code drop what was
// handed to the walk while walking; SQLClientCommands finds the code
// they run through finding, which reports nothing. Each pass's view has
// only its own verbs; these wrappers give the reader the other's, as
// nothing.
type clientCall interface {
	View
	Code(prog, code string)
	Command(text string)
	Flag(kind danger.Kind, why string)
	FlagAt(kind danger.Kind, why string, risk api.Risk)
	JudgeWrite(p string)
}

// finding is a call in the pass that finds code: what the reader it is
// handed reports is left to the judging pass.
type finding struct{ Finder }

func (finding) Flag(danger.Kind, string)             {}
func (finding) FlagAt(danger.Kind, string, api.Risk) {}
func (finding) JudgeWrite(string)                    {}

// judging is a call in the pass that judges: the code the reader it is
// handed finds was walked while walking.
type judging struct{ Call }

func (judging) Command(string) {}

func (judging) Code(string, string) {}

// clientCommands judges a database client's own commands in the text it
// runs: psql's and mysql's backslash commands, mysql's named commands and
// sqlite3's dot-commands. A shell escape (\! CMD, system CMD, .shell CMD,
// output piped to |CMD, a pager) runs a command: the command is judged as
// a part of its own and the client is flagged, as any program running a
// command through its own means is (R14). Output sent to a file (\o, \w,
// tee, .output, .once, .save) is judged as a write, a file imported or
// sourced as a read, and a library loaded (.load, load_extension) as a
// command.
func clientCommands(c clientCall, text string, ds []sql.Dialect) {
	c = onceCall{c, map[string]bool{}}
	seen := map[string]bool{}
	one := func(t string) {
		if t = strings.TrimSpace(t); t != "" && !seen[t] {
			seen[t] = true
			clientCommand(c, t)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		for _, stmt := range strings.Split(line, ";") {
			one(stmt)
		}
	}
	// The client's commands as the SQL lexer finds them too: psql's \!
	// after SQL or another command on the same line, a command after a ;
	// in a string, and the shell commands psql runs for backquotes.
	for _, d := range ds {
		for _, st := range sql.Split(text, d) {
			one(st.Command())
			for _, b := range st.Backticks() {
				// psql runs `cmd` in a backslash command's argument.
				name, _, _ := strings.Cut(st.Command(), " ")
				clientRuns(c, name+" `…`", b)
			}
			for _, b := range st.Bodies() {
				// DO LANGUAGE plpython3u $$…$$: the server runs the code.
				if b.Lang == "sh" {
					clientRuns(c, "LANGUAGE plsh", b.Text)
				} else {
					c.Code(b.Lang, b.Text)
				}
			}
		}
	}
	sqlFileFunctions(c, text, ds)
}

// onceCall is a call whose commands and writes each count once: a
// client's command read twice (on its line, and as the lexer finds it) is
// judged once (a finding made twice is one already).
type onceCall struct {
	clientCall
	seen map[string]bool
}

func (o onceCall) once(key string) bool {
	if o.seen[key] {
		return false
	}
	o.seen[key] = true
	return true
}

func (o onceCall) Command(text string) {
	if o.once("run " + text) {
		o.clientCall.Command(text)
	}
}

func (o onceCall) JudgeWrite(p string) {
	if o.once("write " + p) {
		o.clientCall.JudgeWrite(p)
	}
}

// pagerVars are the variables psql's \setenv may set to a command that
// psql runs as its pager or editor.
var pagerVars = []string{"PAGER", "PSQL_PAGER", "PSQL_WATCH_PAGER", "EDITOR", "PSQL_EDITOR", "VISUAL"}

// clientCommand judges one of a database client's commands, t.
func clientCommand(c clientCall, t string) {
	lt := strings.ToLower(t)
	name, rest, _ := strings.Cut(lt, " ")
	_, restRaw, _ := strings.Cut(t, " ")
	switch {
	case name == ".shell" || name == ".system" || name == "system" || name == "\\!" || name == "!!" || name == ":!!" || (name == "pager" || name == "\\p") && rest != "":
		clientRuns(c, name, restRaw)
		return
	case strings.HasPrefix(t, "\\!"):
		clientRuns(c, "\\!", t[2:])
		return
	case name == "\\setenv":
		// psql's \setenv PAGER cmd: psql runs cmd as its pager.
		if v, val, _ := strings.Cut(strings.TrimSpace(restRaw), " "); slices.Contains(pagerVars, v) && strings.TrimSpace(val) != "" {
			clientRuns(c, "\\setenv "+v, strings.Trim(strings.TrimSpace(val), "'"))
		}
		return
	case name == ".output" || name == ".once" || name == ".save" || name == ".backup" || name == ".log" || name == "tee" || name == "\\t" || name == ":out":
		clientFile(c, name, restRaw, true)
		return
	case name == ".import" || name == ".read" || name == "source" || name == "\\." || name == ":r":
		clientFile(c, name, restRaw, false)
		return
	case name == ".load" || strings.Contains(lt, "load_extension("):
		c.Flag(danger.RemoteExec, c.Program()+" loads a library ("+t+")")
		return
	}
	// psql: \o, \g, \w take a file or |command, \i a file, anywhere on
	// the line.
	for _, m := range []string{"\\o ", "\\out ", "\\g ", "\\gx ", "\\w ", "\\write ", "\\i ", "\\ir ", "\\include "} {
		if i := strings.Index(t, m); i >= 0 {
			clientFile(c, strings.TrimSpace(m), t[i+len(m):], !strings.HasPrefix(m, "\\i"))
		}
	}
}

// clientRuns flags a database client's command that runs cmd, and judges
// cmd as a part of its own.
func clientRuns(c clientCall, what, cmd string) {
	cmd = strings.TrimSpace(cmd)
	c.Flag(danger.RemoteExec, c.Program()+" "+what+" runs a command ("+cmd+")")
	if cmd != "" {
		c.Command(cmd)
	}
}

// clientFile judges the file a database client's command writes or reads
// (rest is the command's text after its name: options, then the file); a
// file that is |CMD runs CMD.
func clientFile(c clientCall, what, rest string, write bool) {
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
	if len(words) == 0 {
		return
	}
	prod := false
	// The tool is the program (alembic downgrade base), or run by it as
	// its entry reads the call: a module (python -m alembic, the entry's
	// Grant.Module), an interpreter's script (python manage.py flush, php
	// artisan migrate:fresh), or a subcommand word or first operand that
	// names a migration tool (dotnet ef, yarn knex, npm run migrate).
	// A launcher's command (npx prisma, uv run alembic) is a part of its
	// own, judged there.
	tool, at := path.Base(words[0]), 0
	if res := c.Parse(); res.Spec != nil && !dbTool(tool) {
		if mod := res.Spec.Grant.Module; mod != "" {
			if m := res.Option(mod); len(m) > 0 && m[0].Index >= 0 {
				tool, at = m[0].Target, m[0].Index+1
			}
		}
		if at == 0 && res.Spec.Code.Interpreter && len(res.OperandIndexes) > 0 && res.OperandIndexes[0]+1 < len(words) {
			tool, at = path.Base(words[res.OperandIndexes[0]+1]), res.OperandIndexes[0]+1
		}
		if at == 0 {
			// A subcommand's first operand too (npm run migrate): the
			// operands of a program with none are its own (dropdb NAME).
			cands := res.SubIndexes()
			if len(cands) > 0 && len(res.OperandIndexes) > 0 {
				cands = append(cands[:len(cands):len(cands)], res.OperandIndexes[0])
			}
			for _, i := range cands {
				if i+1 < len(words) && dbTool(path.Base(words[i+1])) {
					tool, at = path.Base(words[i+1]), i+1
					break
				}
			}
		}
	}
	if at >= len(words) {
		return
	}
	rest, args := words[at+1:], c.Words()[at+1:]
	if !dbTool(tool) {
		// What is not a migration tool is judged only when it drops a
		// database: no other tool's words need reading.
		dropsDatabase(c, tool, args)
		return
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

// dropsDatabase flags dropdb NAME and mysqladmin drop NAME, for a
// database that is not a disposable one.
func dropsDatabase(c Call, tool string, args []Word) {
	switch tool {
	case "dropdb", "mysqladmin":
		res, _ := toolParse(tool, args)
		ops := res.Operands()
		for j, r := range ops {
			if tool == "mysqladmin" && (r != "drop" || j+1 >= len(ops)) {
				continue
			}
			db := r
			if tool == "mysqladmin" {
				db = ops[j+1]
			}
			if !disposableDB(db) {
				c.Flag(danger.DBDestructive, tool+" drops the database "+db)
			}
			return
		}
	}
}

// PlainQuery reports SQL text in the language lang (an entry's Lang)
// that only reads, in every dialect it is read in: one or more statements
// that are queries (SELECT, SHOW, EXPLAIN without ANALYZE, DESCRIBE, WITH
// … SELECT), with no INTO, no writing keyword, no SQL run from a string
// and no call that is not pure (sql.Pure); or a client's catalogue
// commands (psql's \d family and \l, sqlite3's .tables, .schema,
// .indexes, .databases). Anything else — other backslash and
// dot-commands, text that ends inside a string or comment — is code whose
// effect is not known.
func PlainQuery(lang programs.Lang, text string) bool {
	for _, d := range sql.ForLang(string(lang)) {
		if !plainQuery(sql.Split(text, d)) {
			return false
		}
	}
	return true
}

// queryVerbs start a statement that only reads.
var queryVerbs = []string{"SELECT", "SHOW", "EXPLAIN", "DESCRIBE", "DESC", "WITH", "VALUES", "TABLE"}

// sideEffects are the keywords of a query that writes, locks, or runs
// more than it reads (SELECT … INTO, FOR UPDATE, EXPLAIN ANALYZE).
var sideEffects = []string{"INTO", "ANALYZE", "ANALYSE", "INSERT", "UPDATE", "DELETE", "MERGE", "REPLACE", "CREATE", "ALTER",
	"DROP", "TRUNCATE", "GRANT", "REVOKE", "COPY", "CALL", "DO", "SET", "LOCK", "SHARE", "NEXTVAL", "SETVAL", "OUTFILE", "DUMPFILE", "EXECUTE", "EXEC", "PREPARE"}

func plainQuery(sts []sql.Statement) bool {
	n := 0
	for _, st := range sts {
		if st.Empty() {
			continue
		}
		n++
		if catalogueCommand(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(st.Text), ";"))) {
			continue // \d, .tables: a client's command in any dialect's reading
		}
		if st.Open() {
			return false
		}
		if cmd := st.Command(); cmd != "" {
			if !catalogueCommand(strings.TrimSpace(cmd)) {
				return false
			}
			continue
		}
		code := st.Code()
		if !code[0].Is(queryVerbs...) || len(st.Inner()) > 0 {
			return false
		}
		for _, t := range code {
			if t.Is(sideEffects...) || t.Kind == sql.String && t.Dollar {
				return false
			}
		}
		for _, call := range st.Calls() {
			if !sql.Pure(call.Name) {
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

// sqlFileFunctions judges the files SQL text reads and writes through
// functions and clauses (pg_read_file, lo_export, INTO OUTFILE, COPY …
// TO 'file', VACUUM INTO, sqlite3's readfile and writefile), the commands
// COPY … PROGRAM runs (psql's \copy too), and sqlite3's edit(), whose
// second argument is the editor it runs; each in every dialect the text
// is read in, a file once.
func sqlFileFunctions(c clientCall, text string, ds []sql.Dialect) {
	seen := map[sql.File]bool{}
	for _, d := range ds {
		sts := sqlStatements(text, d, 0)
		for _, st := range sts {
			if cmd := st.Command(); d == sql.Postgres && strings.HasPrefix(strings.ToLower(cmd), "\\copy ") {
				sts = append(sts, sql.Split(cmd[1:], d)...) // \copy … is COPY … run by psql
			}
		}
		for _, st := range sts {
			for _, f := range st.Files() {
				if seen[f] {
					continue
				}
				seen[f] = true
				switch {
				case f.Run && f.Via == "copy … program":
					clientRuns(c, "COPY ... PROGRAM", f.Path)
				case f.Run:
					clientRuns(c, f.Via, f.Path)
				case f.Path != "":
					clientFile(c, f.Via, "'"+f.Path+"'", f.Write)
				}
			}
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
