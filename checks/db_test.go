package checks

import (
	"testing"

	"github.com/wardenhq/warden/internal/lang/sql"
	"github.com/wardenhq/warden/programs"
)

func TestPlainQuery(t *testing.T) {
	for _, c := range []struct {
		lang programs.Lang
		text string
		want bool
	}{
		{"psql", "SELECT 1", true},
		{"psql", "select count(*) from users where name = 'a;b'", true},
		{"psql", "SELECT \"name\" FROM \"users\" LIMIT 5", true},
		{"psql", "SELECT 1; -- DROP TABLE users", true},
		{"psql", "SELECT 1 --no space\n", true},
		{"psql", "EXPLAIN SELECT * FROM t", true},
		{"psql", "WITH x AS (SELECT 1) SELECT * FROM x", true},
		{"psql", "\\dt", true},
		{"psql", "\\d users", true},
		{"sqlite", ".tables", true},
		{"sql", ".schema users", true},
		{"mysql", "SHOW TABLES", true},
		{"mysql", "SELECT 1 # a comment", true},
		{"psql", "SELECT 'DROP TABLE users'", true},
		{"psql", "SELECT $1", true},
		// Not plain.
		{"psql", "", false},
		{"psql", "DELETE FROM users WHERE id = 1", false},
		{"psql", "SELECT * INTO new FROM users", false},
		{"psql", "SELECT * FROM t FOR UPDATE", false},
		{"psql", "EXPLAIN ANALYZE SELECT 1", false},
		{"psql", "SELECT pg_read_file('/etc/passwd')", false},
		{"psql", "SELECT \"pg_read_file\"('/etc/passwd')", false},
		{"psql", "SELECT pg_catalog.pg_read_file('/etc/passwd')", false},
		{"psql", "SELECT 1; DROP/**/TABLE users", false},
		{"psql", "SELECT '/*'; DROP TABLE users; SELECT '*/'", false},
		{"psql", "SELECT 1 \\gexec", false},
		{"psql", "\\! id", false},
		{"psql", "SELECT 'a", false},
		{"psql", "SELECT $$a$$", false},
		{"psql", "DO $$ BEGIN END $$", false},
		{"mysql", "SELECT 1 --1; DROP TABLE users", false},
		{"mysql", "SELECT 1 /*! ; DROP TABLE users */", false},
		{"sql", "SELECT 1 --1; DROP TABLE users", false},
		{"sqlite", ".shell id", false},
	} {
		if got := PlainQuery(c.lang, c.text); got != c.want {
			t.Errorf("PlainQuery(%q, %q) = %v, want %v", c.lang, c.text, got, c.want)
		}
	}
}

func TestSQLFinding(t *testing.T) {
	for _, c := range []struct {
		lang, text string
		prod       bool
		want       string
	}{
		{"psql", "DROP TABLE users", false, "drops tables"},
		{"psql", "TRUNCATE a; DROP TABLE b", false, "drops tables"},
		{"psql", "DROP INDEX i", false, "drops indexes"},
		{"psql", "DROP POLICY p ON t", false, "drops policies"},
		{"psql", "ALTER TABLE t DROP CONSTRAINT k", false, "drops columns or constraints"},
		{"psql", "DELETE FROM t", false, "changes or deletes every row (no WHERE)"},
		{"psql", "DELETE FROM t WHERE 1=1", false, "changes or deletes every row (the WHERE is always true)"},
		{"psql", "DO $$ BEGIN DELETE FROM t; END $$", false, "changes or deletes every row (no WHERE)"},
		{"psql", "SELECT 'DROP TABLE ' || tablename FROM pg_tables \\gexec", false, "drops tables"},
		{"psql", "SELECT 'DROP TABLE ' || tablename FROM pg_tables", false, ""},
		{"psql", "EXPLAIN DELETE FROM t", false, ""},
		{"psql", "INSERT INTO t VALUES (1)", true, "writes to a production database"},
		{"psql", "INSERT INTO t VALUES (1)", false, ""},
		{"psql", "SELECT replace(a, 'x', 'y') FROM t", true, ""},
		{"psql", "GRANT ALL ON t TO u", false, "changes database users or privileges"},
		{"sql", "SELECT 1 --1; DROP TABLE users", false, "drops tables"},
		{"psql", "SELECT 1 --1; DROP TABLE users", false, ""},
	} {
		got, _ := sqlFinding(c.text, sql.ForLang(c.lang), c.prod)
		if got != c.want {
			t.Errorf("sqlFinding(%q, %q, %v) = %q, want %q", c.lang, c.text, c.prod, got, c.want)
		}
	}
}

func TestRolledBackAndRecreates(t *testing.T) {
	pg, all := sql.ForLang("psql"), sql.ForLang("sql")
	if !rolledBack("BEGIN; DROP TABLE t; ROLLBACK", pg) {
		t.Error("psql: BEGIN; DROP; ROLLBACK is rolled back")
	}
	if rolledBack("BEGIN; DROP TABLE t; ROLLBACK", all) {
		t.Error("a client of any dialect: DROP commits the transaction in MySQL")
	}
	if rolledBack("BEGIN; DELETE FROM t; COMMIT; BEGIN; ROLLBACK", pg) {
		t.Error("a COMMIT between: not rolled back")
	}
	if !recreates("DROP TABLE t; CREATE TABLE t (id int)", pg) || recreates("DROP TABLE t; SELECT 'create table'", pg) {
		t.Error("recreates reads CREATE TABLE statements, not strings")
	}
}

func TestPsqlVariables(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"\\set q 'DROP TABLE users'\n:q;\n", "drops tables"},
		{"\\set q 'DELETE FROM ' users\n:q;\n", "changes or deletes every row (no WHERE)"},
		{"\\set q 'DROP TABLE users'\nSELECT :'q';\n", ""}, // a string
		{"\\set q 'DROP TABLE users'\nSELECT 1;\n", ""},
		{"\\set q DROP TABLE users\n:q;\n", ""}, // psql joins the words: DROPTABLEusers
		{"SELECT 'DROP TABLE users' AS q \\gset\n:q;\n", "drops tables"},
		{"SELECT 'DROP TABLE users' AS q \\gset\nSELECT 1;\n", ""},
	} {
		if got, _ := sqlFinding(c.text, sql.ForLang("psql"), false); got != c.want {
			t.Errorf("sqlFinding(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}
