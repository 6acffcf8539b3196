package sql

import "strings"

// Runs reports whether the server runs the statement: EXPLAIN plans a
// statement and runs it only with ANALYZE (EXPLAIN ANALYZE, EXPLAIN
// (ANALYZE) …); EXPLAIN QUERY PLAN never runs it.
func (s Statement) Runs() bool {
	c := s.Code()
	if len(c) == 0 || !c[0].Is("EXPLAIN") {
		return true
	}
	for _, t := range c[1:] {
		switch {
		case t.Is("ANALYZE", "ANALYSE"):
			return true
		case t.Is("SELECT", "INSERT", "UPDATE", "DELETE", "MERGE", "VALUES", "EXECUTE", "CREATE", "WITH", "TABLE", "DECLARE", "REPLACE", "QUERY"):
			return false
		}
	}
	return false
}

// Destroy is what a statement drops or empties.
type Destroy struct {
	// What is DROP, TRUNCATE, or ALTER for ALTER TABLE … DROP of what is
	// not a column or an index.
	What string
	// Object is what DROP drops, in lower case ("table", "materialized
	// view", "column"); "table" for TRUNCATE; "" for ALTER.
	Object string
}

// dropObjects are the things DROP names, of one word or two.
var dropObjects = map[string]bool{
	"table": true, "database": true, "schema": true, "owned": true, "view": true, "index": true, "user": true,
	"role": true, "function": true, "procedure": true, "trigger": true, "sequence": true, "type": true,
	"extension": true, "collection": true, "keyspace": true, "column": true, "tablespace": true, "domain": true,
	"policy": true, "rule": true, "event": true, "server": true, "aggregate": true, "publication": true,
	"subscription": true, "partition": true, "materialized view": true, "foreign table": true,
	"event trigger": true, "text search": true, "user mapping": true, "access method": true,
}

// Destroys are what the statement drops or empties, in the order
// written: DROP of a table, database or any other thing named after it
// (anywhere: ALTER TABLE … DROP COLUMN too; at the statement's start,
// DROP of anything but a temporary table or a prepared statement),
// TRUNCATE (not the function truncate()), and ALTER TABLE … DROP.
func (s Statement) Destroys() []Destroy {
	if !s.Runs() {
		return nil
	}
	c := s.Code()
	var out []Destroy
	alter := len(c) > 1 && c[0].Is("ALTER") && (c[1].Is("TABLE") || len(c) > 2 && c[2].Is("TABLE"))
	for i, t := range c {
		switch {
		case t.Is("DROP"):
			if obj := objectAt(c, i+1); obj != "" {
				out = append(out, Destroy{What: "DROP", Object: obj})
			} else if alter {
				out = append(out, Destroy{What: "ALTER"})
			} else if i == 0 && len(c) > 1 && c[1].Kind == Word && !c[1].Is("TEMPORARY", "TEMP", "PREPARE") {
				out = append(out, Destroy{What: "DROP", Object: strings.ToLower(c[1].Text)})
			}
		case t.Is("TRUNCATE") && !(i+1 < len(c) && c[i+1].IsPunct("(")):
			out = append(out, Destroy{What: "TRUNCATE", Object: "table"})
		}
	}
	return out
}

// objectAt is the thing DROP names at c[i], or "".
func objectAt(c []Token, i int) string {
	if i >= len(c) || c[i].Kind != Word {
		return ""
	}
	one := strings.ToLower(c[i].Text)
	if i+1 < len(c) && c[i+1].Kind == Word {
		if two := one + " " + strings.ToLower(c[i+1].Text); dropObjects[two] {
			return two
		}
	}
	if dropObjects[one] {
		return one
	}
	return ""
}

// Unscoped is a DELETE, UPDATE or MERGE that reaches every row.
type Unscoped struct {
	// Verb is DELETE, UPDATE or MERGE.
	Verb string
	// Always says there is a condition, and it is always true (WHERE 1=1,
	// WHERE x = x, … OR true); otherwise there is none.
	Always bool
}

// Unscoped are the statement's DELETEs and UPDATEs that reach every row:
// no WHERE (nor a join's ON) at their level, or one that is always true;
// and a MERGE whose ON is always true and that deletes or updates. A
// DELETE is one at the statement's start or before FROM (not ON DELETE,
// GRANT DELETE); an UPDATE is one with a SET after it that does not
// follow ON, DO, KEY, FOR, OF, THEN or a trigger's BEFORE/AFTER.
func (s Statement) Unscoped() []Unscoped {
	if !s.Runs() {
		return nil
	}
	c := s.Code()
	var out []Unscoped
	scans := 0
	for i, t := range c {
		var verb string
		if t.Is("DELETE", "UPDATE") {
			// Each is read to the end of its level: past maxScans of them
			// in one statement, the rest are taken to reach every row.
			if scans++; scans > maxScans {
				return append(out, Unscoped{Verb: strings.ToUpper(t.Text)})
			}
		}
		switch {
		case t.Is("DELETE") && (i == 0 || nextWord(c, i+1, "LOW_PRIORITY", "QUICK", "IGNORE").Is("FROM")):
			verb = "DELETE"
		case t.Is("UPDATE") && (i == 0 || !c[i-1].Is("ON", "DO", "KEY", "FOR", "OF", "THEN", "BEFORE", "AFTER", "INSTEAD", "GRANT", "REVOKE") && !c[i-1].IsPunct(",")) && levelHas(c, i+1, "SET"):
			verb = "UPDATE"
		case t.Is("MERGE") && i == 0:
			on := clause(c, 1, "ON")
			if on != nil && Always(on) && levelHasThen(c) {
				out = append(out, Unscoped{Verb: "MERGE", Always: true})
			}
			continue
		default:
			continue
		}
		cond := clause(c, i+1, "WHERE")
		if cond == nil {
			cond = clause(c, i+1, "ON")
		}
		switch {
		case cond == nil:
			out = append(out, Unscoped{Verb: verb})
		case Always(cond):
			out = append(out, Unscoped{Verb: verb, Always: true})
		}
	}
	return out
}

// maxScans is how many DELETEs and UPDATEs of one statement are read.
const maxScans = 32

// nextWord is c[i], or the word after the skipped words at c[i]; a zero
// Token past the end.
func nextWord(c []Token, i int, skip ...string) Token {
	for i < len(c) && c[i].Is(skip...) {
		i++
	}
	if i >= len(c) {
		return Token{}
	}
	return c[i]
}

// levelHas reports the keyword at the level of c[i] (not in parentheses
// opened after it), before that level closes.
func levelHas(c []Token, i int, kw string) bool {
	depth := 0
	for ; i < len(c); i++ {
		switch {
		case c[i].IsPunct("("):
			depth++
		case c[i].IsPunct(")"):
			if depth--; depth < 0 {
				return false
			}
		case depth == 0 && c[i].Is(kw):
			return true
		}
	}
	return false
}

// levelHasThen reports a MERGE's WHEN MATCHED THEN DELETE or UPDATE.
func levelHasThen(c []Token) bool {
	for i := 0; i+1 < len(c); i++ {
		if c[i].Is("THEN") && c[i+1].Is("DELETE", "UPDATE") {
			return true
		}
	}
	return false
}

// clauseEnds are the keywords that end a WHERE or ON condition.
var clauseEnds = []string{"RETURNING", "ORDER", "LIMIT", "GROUP", "HAVING", "OFFSET", "FETCH", "OUTPUT", "UNION", "EXCEPT", "INTERSECT", "WINDOW", "SET", "WHEN", "WHERE", "JOIN", "INNER", "LEFT", "RIGHT", "FULL", "CROSS"}

// clause is the condition after the keyword kw at the level of c[i]:
// the tokens up to the end of the level or a keyword that ends it; nil
// when kw is not there, an empty non-nil slice when it ends at once.
func clause(c []Token, i int, kw string) []Token {
	depth := 0
	for ; i < len(c); i++ {
		switch {
		case c[i].IsPunct("("):
			depth++
		case c[i].IsPunct(")"):
			if depth--; depth < 0 {
				return nil
			}
		case depth == 0 && c[i].Is(kw):
			start := i + 1
			d := 0
			j := start
			for ; j < len(c); j++ {
				if c[j].IsPunct("(") {
					d++
				} else if c[j].IsPunct(")") {
					if d--; d < 0 {
						break
					}
				} else if d == 0 && c[j].Is(clauseEnds...) {
					break
				}
			}
			return append([]Token{}, c[start:j]...)
		}
	}
	return nil
}

// Privilege reports a statement that changes users or privileges: ALTER
// or CREATE USER or ROLE with a password or a role attribute, GRANT ALL,
// REVOKE ALL, SET PASSWORD.
func (s Statement) Privilege() bool {
	c := s.Code()
	if len(c) < 2 {
		return false
	}
	switch {
	case c[0].Is("ALTER", "CREATE") && c[1].Is("USER", "ROLE"):
		for _, t := range c[2:] {
			if t.Is("PASSWORD", "SUPERUSER", "CREATEROLE") {
				return true
			}
		}
	case c[0].Is("SET") && c[1].Is("PASSWORD"):
		return true
	}
	for i := 0; i+1 < len(c); i++ {
		if c[i].Is("GRANT", "REVOKE") && c[i+1].Is("ALL") {
			return true
		}
	}
	return false
}

// writeWords are the keywords of statements that change a database.
var writeWords = []string{"INSERT", "UPDATE", "DELETE", "ALTER", "CREATE", "DROP", "TRUNCATE", "GRANT", "REVOKE", "MERGE", "REPLACE", "RENAME", "UPSERT"}

// Writes reports a statement that changes the database: one with a
// writing keyword (INSERT, UPDATE, CREATE, …) that runs; replace() the
// function does not count.
func (s Statement) Writes() bool {
	if !s.Runs() {
		return false
	}
	c := s.Code()
	for i, t := range c {
		if t.Is(writeWords...) && !(t.Is("REPLACE") && i+1 < len(c) && c[i+1].IsPunct("(")) {
			return true
		}
	}
	return false
}

// Creates reports CREATE [OR REPLACE] … DATABASE, SCHEMA or TABLE.
func (s Statement) Creates() bool {
	c := s.Code()
	if len(c) == 0 || !c[0].Is("CREATE") {
		return false
	}
	for _, t := range c[1:min(len(c), 6)] {
		if t.Is("DATABASE", "SCHEMA", "TABLE") {
			return true
		}
	}
	return false
}

// RolledBack reports statements that are one transaction rolled back:
// BEGIN or START TRANSACTION first, ROLLBACK last, and nothing between
// them that ends the transaction (COMMIT, END, another BEGIN, a client
// command) or, in MySQL, commits it implicitly (DDL, GRANT, LOCK).
func RolledBack(stmts []Statement) bool {
	var code []Statement
	for _, s := range stmts {
		if !s.Empty() {
			code = append(code, s)
		}
	}
	if len(code) < 2 {
		return false
	}
	first, last := code[0].Verb(2), code[len(code)-1].Code()
	if first != "BEGIN" && !strings.HasPrefix(first, "BEGIN ") && first != "START TRANSACTION" {
		return false
	}
	if !last[0].Is("ROLLBACK") || len(last) > 1 && !last[1].Is("WORK", "TRANSACTION") || len(last) > 2 {
		return false
	}
	for _, s := range code[1 : len(code)-1] {
		c := s.Code()
		if s.Command() != "" || c[0].Is("COMMIT", "END", "BEGIN", "START", "ROLLBACK", "SAVEPOINT", "RELEASE") {
			return false
		}
		if s.Dialect == MySQL && c[0].Is("CREATE", "ALTER", "DROP", "TRUNCATE", "RENAME", "GRANT", "REVOKE", "LOCK", "UNLOCK", "SET", "LOAD", "ANALYZE", "OPTIMIZE", "REPAIR", "FLUSH", "INSTALL", "UNINSTALL", "CALL") {
			return false
		}
	}
	return true
}

// Call is a function a statement calls: a name before a parenthesis.
type Call struct {
	// Name is the function's name in lower case, with its schema as
	// written (pg_catalog.count).
	Name string
	// Args are the tokens of each argument.
	Args [][]Token
	at   int // the index of its name in the statement's code
	end  int // the index of its closing parenthesis, or the code's length
}

// Calls are the names the statement puts before a parenthesis, in the
// order written: functions, and keywords that take one (IN (…), AS
// (…), VALUES (…)). One pass reads them all, nested ones too.
func (s Statement) Calls() []Call { return calls(s.Code()) }

func calls(c []Token) []Call {
	type frame struct{ call, start int } // call: an index in out, or -1
	var out []Call
	var stack []frame
	for i, t := range c {
		switch {
		case t.IsPunct("(") || t.IsPunct("["):
			f := frame{-1, i + 1}
			if t.IsPunct("(") && i > 0 && (c[i-1].Kind == Word || c[i-1].Kind == Name) {
				name := strings.ToLower(c[i-1].Value)
				for j := i - 2; j >= 1 && c[j].IsPunct(".") && (c[j-1].Kind == Word || c[j-1].Kind == Name); j -= 2 {
					name = strings.ToLower(c[j-1].Value) + "." + name
				}
				out = append(out, Call{Name: name, at: i - 1})
				f.call = len(out) - 1
			}
			stack = append(stack, f)
		case t.IsPunct(")") || t.IsPunct("]"):
			if len(stack) == 0 {
				continue
			}
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if f.call >= 0 && (i > f.start || len(out[f.call].Args) > 0) {
				out[f.call].Args = append(out[f.call].Args, c[f.start:i])
			}
			if f.call >= 0 {
				out[f.call].end = i
			}
		case t.IsPunct(",") && len(stack) > 0:
			if f := &stack[len(stack)-1]; f.call >= 0 {
				out[f.call].Args = append(out[f.call].Args, c[f.start:i])
				f.start = i + 1
			}
		}
	}
	for _, f := range stack { // calls the text leaves open
		if f.call >= 0 {
			out[f.call].Args = append(out[f.call].Args, c[f.start:])
			out[f.call].end = len(c)
		}
	}
	return out
}

// File is a file a statement reads or writes through a function or a
// clause, or a command it runs (COPY … PROGRAM, sqlite3's edit()).
type File struct {
	// Via is what names it, in lower case: "pg_read_file", "into
	// outfile", "copy", "copy … program", "edit()".
	Via string
	// Path is the file, or the command, when a string literal names it;
	// else "".
	Path string
	// Write and Run say what is done with it; neither is a read.
	Write, Run bool
}

// fileFuncs are the functions that read or write a file named by their
// argument (arg, from 0): the server's (pg_read_file, load_file,
// lo_export) and sqlite3's (readfile, writefile).
var fileFuncs = map[string]struct {
	arg   int
	write bool
}{
	"pg_read_file": {0, false}, "pg_read_binary_file": {0, false}, "lo_import": {0, false}, "load_file": {0, false},
	"readfile": {0, false}, "writefile": {0, true}, "lo_export": {1, true}, "pg_file_write": {0, true},
}

// runFuncs are the functions that run their argument as a command on the
// server: SQL Server's xp_cmdshell, and the sys_exec and sys_eval of
// MySQL's lib_mysqludf_sys.
var runFuncs = map[string]bool{"xp_cmdshell": true, "sys_exec": true, "sys_eval": true}

// Files are the files the statement reads and writes, and the commands
// it runs, in the order written: the file functions, INTO OUTFILE and
// INTO DUMPFILE, VACUUM INTO, ATTACH, LOAD DATA INFILE, COPY … TO or FROM a file
// or a PROGRAM, the commands xp_cmdshell, sys_exec and sys_eval run, and
// sqlite3's edit(text, editor).
func (s Statement) Files() []File {
	c := s.Code()
	var out []File
	for _, call := range s.Calls() {
		name := call.Name[strings.LastIndexByte(call.Name, '.')+1:]
		if f, ok := fileFuncs[name]; ok && f.arg < len(call.Args) {
			out = append(out, File{Via: name, Path: literal(call.Args[f.arg]), Write: f.write})
		}
		if runFuncs[name] {
			p := ""
			if len(call.Args) > 0 {
				p = literal(call.Args[0])
			}
			out = append(out, File{Via: name, Path: p, Run: true})
		}
		if name == "edit" && len(call.Args) >= 2 {
			p := literal(call.Args[1])
			if p == "" {
				p = join(call.Args[1])
			}
			out = append(out, File{Via: "edit()", Path: p, Run: true})
		}
	}
	for i, t := range c {
		next := func(k int) Token {
			if i+k < len(c) {
				return c[i+k]
			}
			return Token{}
		}
		switch {
		case t.Is("INTO") && next(1).Is("OUTFILE", "DUMPFILE"):
			out = append(out, File{Via: "into " + strings.ToLower(next(1).Text), Path: str(next(2)), Write: true})
		case t.Is("VACUUM"):
			if j := indexWord(c, i+1, "INTO"); j > 0 && j <= i+2 {
				out = append(out, File{Via: "vacuum into", Path: str(next(j - i + 1)), Write: true})
			}
		case t.Is("XP_CMDSHELL") && !next(1).IsPunct("("):
			// EXEC xp_cmdshell 'cmd', EXEC master..xp_cmdshell N'cmd'.
			p := next(1)
			if p.Is("N") {
				p = next(2)
			}
			out = append(out, File{Via: "xp_cmdshell", Path: str(p), Run: true})
		case t.Is("ATTACH") && i == 0:
			// SQLite's ATTACH [DATABASE] 'file' AS name opens the file, and
			// creates it when it is not there; a URI's mode=ro only reads.
			p := next(1)
			if p.Is("DATABASE") {
				p = next(2)
			}
			if f := str(p); f != "" && f != ":memory:" {
				out = append(out, File{Via: "attach", Path: strings.TrimPrefix(strings.SplitN(f, "?", 2)[0], "file:"), Write: !strings.Contains(f, "mode=ro")})
			}
		case t.Is("INFILE") && i > 0:
			out = append(out, File{Via: "load data infile", Path: str(next(1))})
		case t.Is("COPY") && i == 0:
			if j := indexWord(c, 1, "TO", "FROM"); j > 0 {
				to := c[j].Is("TO")
				k := j + 1
				if k < len(c) && c[k].Is("PROGRAM") {
					out = append(out, File{Via: "copy … program", Path: str(nextAt(c, k+1)), Run: true})
				} else if k < len(c) && c[k].Kind == String {
					out = append(out, File{Via: "copy", Path: c[k].Value, Write: to})
				}
			}
		}
	}
	return out
}

func nextAt(c []Token, i int) Token {
	if i < len(c) {
		return c[i]
	}
	return Token{}
}

// indexWord is the index of the first of the keywords at depth 0 from
// c[i], or -1.
func indexWord(c []Token, i int, kws ...string) int {
	depth := 0
	for ; i < len(c); i++ {
		switch {
		case c[i].IsPunct("("):
			depth++
		case c[i].IsPunct(")"):
			depth--
		case depth == 0 && c[i].Is(kws...):
			return i
		}
	}
	return -1
}

// str is a String token's value, or "".
func str(t Token) string {
	if t.Kind == String {
		return t.Value
	}
	return ""
}

// literal is the value of an argument that is one string literal (an
// E-string or an N-string too), or "".
func literal(a []Token) string {
	if len(a) == 2 && a[0].Is("N", "E", "_utf8", "_utf8mb4", "_binary") {
		a = a[1:]
	}
	if len(a) == 1 {
		return str(a[0])
	}
	return ""
}

func join(a []Token) string {
	var ws []string
	for _, t := range a {
		ws = append(ws, t.Text)
	}
	return strings.Join(ws, " ")
}

// Inner are the SQL texts a statement runs from its strings: a DO
// block's body, EXECUTE 'sql' and EXECUTE IMMEDIATE 'sql', PREPARE …
// FROM 'sql', EXEC('sql'), sp_executesql's, dblink's and dblink_exec's
// query, and a function's body ($$ … $$, or AS 'body' in CREATE). A
// string joined to more (EXECUTE 'DROP TABLE ' || name) gives what it
// holds, and so do the strings of a call EXECUTE runs the value of
// (EXECUTE format('DELETE FROM %I', t)).
func (s Statement) Inner() []string {
	c := s.Code()
	if len(c) == 0 {
		return nil
	}
	var out []string
	create := c[0].Is("CREATE")
	for i, t := range c {
		if t.Kind != String {
			continue
		}
		p := Token{}
		if i > 0 {
			p = c[i-1]
		}
		if p.Is("N") && i > 1 { // T-SQL's N'…'
			p = c[i-2]
		}
		pp := Token{}
		if i > 1 {
			pp = c[i-2]
		}
		switch {
		case t.Dollar,
			c[0].Is("DO"),
			p.Is("EXECUTE", "EXEC", "IMMEDIATE", "SP_EXECUTESQL"),
			p.IsPunct("(") && pp.Is("EXEC", "EXECUTE"),
			p.Is("FROM") && c[0].Is("PREPARE"),
			p.Is("AS") && create:
			out = append(out, t.Value)
		}
	}
	cs := calls(c)
	covered := -1 // the strings up to here are taken
	for _, call := range cs {
		// EXECUTE format('DELETE FROM %I', t), EXECUTE concat(…): the
		// strings the SQL is built from.
		if call.at <= covered || call.at == 0 || !c[call.at-1].Is("EXECUTE", "EXEC", "IMMEDIATE") || c[call.at].Kind != Word {
			continue
		}
		for _, t := range c[call.at+2 : call.end] {
			if t.Kind == String && !t.Dollar {
				out = append(out, t.Value)
			}
		}
		covered = call.end
	}
	for _, call := range cs {
		if name := call.Name[strings.LastIndexByte(call.Name, '.')+1:]; name == "dblink" || name == "dblink_exec" {
			for _, a := range call.Args[min(1, len(call.Args)):] {
				if v := literal(a); v != "" {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// Pure reports a name before a parenthesis that only computes: an
// aggregate or a function of its arguments (count, lower, coalesce, now,
// json_extract), or SQL's own syntax (IN (…), EXISTS (…), OVER (…), AS
// (…)). Any other call (pg_read_file, lo_export, load_extension,
// writefile, dblink, sleep, a function of the database's own) may do
// anything.
func Pure(name string) bool {
	switch name {
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

// Body is code of another language a statement has the server run: a DO
// block or a function in an untrusted procedural language.
type Body struct {
	// Lang is the interpreter the language is, by its program's name:
	// "python" (plpython3u), "perl" (plperl, plperlu), "sh" (plsh).
	Lang string
	// Text is the code.
	Text string
}

// procLangs are the procedural languages whose code Warden reads, and
// the interpreter each is.
var procLangs = map[string]string{
	"plpython3u": "python", "plpythonu": "python", "plpython2u": "python",
	"plperl": "perl", "plperlu": "perl", "plsh": "sh",
}

// Bodies are the code of another language the statement runs or defines:
// DO LANGUAGE plpython3u $$…$$, CREATE FUNCTION … LANGUAGE plperlu AS
// '…' (the language before or after the body).
func (s Statement) Bodies() []Body {
	c := s.Code()
	if len(c) == 0 || !c[0].Is("DO", "CREATE") {
		return nil
	}
	lang := ""
	for i := 0; i+1 < len(c); i++ {
		if c[i].Is("LANGUAGE") && (c[i+1].Kind == Word || c[i+1].Kind == String || c[i+1].Kind == Name) {
			lang = procLangs[strings.ToLower(c[i+1].Value)]
		}
	}
	if lang == "" {
		return nil
	}
	var out []Body
	for i, t := range c {
		if t.Kind == String && (t.Dollar || i > 0 && c[i-1].Is("AS", "DO")) {
			out = append(out, Body{Lang: lang, Text: t.Value})
		}
	}
	return out
}
