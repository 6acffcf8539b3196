package sql

import (
	"strings"
	"testing"
)

// code is the statements' code, one line each: the tokens' texts joined
// by a space, strings as <value>.
func code(s string, d Dialect) []string {
	var out []string
	for _, st := range Split(s, d) {
		if st.Empty() {
			continue
		}
		var ws []string
		for _, t := range st.Code() {
			switch t.Kind {
			case String:
				ws = append(ws, "<"+t.Value+">")
			default:
				ws = append(ws, t.Text)
			}
		}
		out = append(out, strings.Join(ws, " "))
	}
	return out
}

func TestSplit(t *testing.T) {
	for _, c := range []struct {
		d    Dialect
		in   string
		want []string
	}{
		{SQLite, "SELECT 1; SELECT 2", []string{"SELECT 1", "SELECT 2"}},
		{SQLite, "SELECT 'a;b'; DROP TABLE x", []string{"SELECT <a;b>", "DROP TABLE x"}},
		{SQLite, "SELECT 'it''s'", []string{"SELECT <it's>"}},
		{SQLite, "SELECT \"a;b\" FROM [c;d]", []string{"SELECT \"a;b\" FROM [c;d]"}},
		{SQLite, "DROP/**/TABLE x", []string{"DROP TABLE x"}},
		{SQLite, "SELECT 1 -- ; DROP TABLE x\n", []string{"SELECT 1"}},
		{SQLite, "SELECT 1 --; DROP TABLE x\n", []string{"SELECT 1"}},
		{SQLite, "/* ; */ SELECT 1", []string{"SELECT 1"}},
		{SQLite, "SELECT '/*'; DROP TABLE x; SELECT '*/'", []string{"SELECT </*>", "DROP TABLE x", "SELECT <*/>"}},
		{SQLite, "SELECT 1\nGO\nDROP TABLE x\ngo 2\n", []string{"SELECT 1", "DROP TABLE x"}},
		{SQLite, "SELECT 'a\\'; DROP TABLE x; --'", []string{"SELECT <a\\>", "DROP TABLE x"}},
		{SQLite, ".tables\nSELECT 1;\n.shell id", []string{".tables", "SELECT 1", ".shell id"}},
		{SQLite, "SELECT 1 # 2; DROP TABLE x", []string{"SELECT 1 # 2", "DROP TABLE x"}},
		// PostgreSQL: $$ quotes, E'' escapes, nested comments, psql's
		// backslash commands.
		{Postgres, "DO $$ BEGIN DROP TABLE x; END $$; SELECT 1", []string{"DO < BEGIN DROP TABLE x; END >", "SELECT 1"}},
		{Postgres, "SELECT $f$a;b$f$, $1", []string{"SELECT <a;b> , $1"}},
		{Postgres, "SELECT E'a\\'; DROP TABLE x'", []string{"SELECT <a'; DROP TABLE x>"}},
		{Postgres, "SELECT 'a\\'; DROP TABLE x; --'", []string{"SELECT <a\\>", "DROP TABLE x"}},
		{Postgres, "/* /* */ DROP TABLE x */ SELECT 1", []string{"SELECT 1"}},
		{Postgres, "SELECT 1 \\gexec\nDROP TABLE x;", []string{"SELECT 1", "\\gexec", "DROP TABLE x"}},
		{Postgres, "SELECT `a`", []string{"SELECT ` a `"}},
		{Postgres, "\\echo a \\! id\nSELECT 1", []string{"\\echo a ", "\\! id", "SELECT 1"}},
		{Postgres, "\\echo 'a \\! id' \\\\ SELECT 1", []string{"\\echo 'a \\! id' \\\\", "SELECT 1"}},
		{Postgres, "\\! echo \\x", []string{"\\! echo \\x"}},
		{Postgres, "\\o | tr a b \\x", []string{"\\o | tr a b \\x"}},
		{Postgres, "\\echo\\! id", []string{"\\echo", "\\! id"}},
		// MySQL: # comments, -- only before a space, /*! */ is code,
		// backslash escapes, DELIMITER.
		{MySQL, "SELECT 1 # ; DROP TABLE x\nSELECT 2", []string{"SELECT 1 SELECT 2"}},
		{MySQL, "SELECT 1 --1; DROP TABLE x", []string{"SELECT 1 - - 1", "DROP TABLE x"}},
		{MySQL, "SELECT 1 -- ; DROP TABLE x", []string{"SELECT 1"}},
		{MySQL, "SELECT 1 /*!50000 ; DROP TABLE x */", []string{"SELECT 1", "DROP TABLE x"}},
		{MySQL, "/* /* */ DROP TABLE x */", []string{"DROP TABLE x * /"}},
		{MySQL, "SELECT 'a\\'; DROP TABLE x; --'", []string{"SELECT <a'; DROP TABLE x; -->"}},
		{MySQL, "SELECT \"a;b\"", []string{"SELECT <a;b>"}},
		{MySQL, "DELIMITER $$\nCREATE PROCEDURE p() BEGIN DROP TABLE x; END$$\nDELIMITER ;\nCALL p();", []string{"DELIMITER $$", "CREATE PROCEDURE p ( ) BEGIN DROP TABLE x ; END", "DELIMITER ;", "CALL p ( )"}},
		{MySQL, "SELECT 1\\G SELECT 2", []string{"SELECT 1", "SELECT 2"}},
		{MySQL, "SELECT 1;\n\\! id\n", []string{"SELECT 1", "\\! id"}},
	} {
		got := code(c.in, c.d)
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%v %q:\n got %q\nwant %q", c.d, c.in, got, c.want)
		}
	}
}

func TestSet(t *testing.T) {
	for _, c := range []struct{ in, name, value string }{
		{"\\set q 'DROP TABLE users'", "q", "DROP TABLE users"},
		{"\\set q DROP TABLE users", "q", "DROPTABLEusers"},
		{"\\set q 'it''s' x", "q", "it'sx"},
		{"\\set q", "q", ""},
	} {
		sts := Split(c.in, Postgres)
		name, value, ok := sts[0].Set()
		if !ok || name != c.name || value != c.value {
			t.Errorf("%q: Set = %q, %q, %v; want %q, %q", c.in, name, value, ok, c.name, c.value)
		}
	}
	if _, _, ok := Split("\\setenv X 1", Postgres)[0].Set(); ok {
		t.Error("\\setenv is not \\set")
	}
}

func TestBackticks(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"\\echo `id`", []string{"id"}},
		{"\\set x `rm -rf ~` y", []string{"rm -rf ~"}},
		{"\\echo '`id`' \"`id`\"", nil},
		{"\\echo 'it''s' `a` `b`", []string{"a", "b"}},
		{"\\! echo `id`", nil}, // the shell runs it: \! is judged as a command of its own
		{"\\copy t to '`id`'", nil},
		{"SELECT `id`", nil},
		{"\\echo `id", []string{"id"}},
	} {
		var got []string
		for _, st := range Split(c.in, Postgres) {
			got = append(got, st.Backticks()...)
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%q: Backticks = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestOpen(t *testing.T) {
	for _, c := range []struct {
		d  Dialect
		in string
	}{{SQLite, "SELECT 'a"}, {SQLite, "SELECT 1 /* x"}, {Postgres, "SELECT $$ x"}, {Postgres, "/* /* */"}, {MySQL, "SELECT 'a\\'"}, {SQLite, "SELECT [x"}} {
		st := Split(c.in, c.d)
		if len(st) == 0 || !st[len(st)-1].Open() {
			t.Errorf("%v %q: not open", c.d, c.in)
		}
	}
}

func FuzzSplit(f *testing.F) {
	for _, s := range []string{"SELECT 1; DROP TABLE x", "DO $$ BEGIN END $$", "E'\\''", "/* /* */ */", "DELIMITER //\nx//", "\\d ;;\n", "SELECT 1 --1", "/*!500 x */", "[a", "$a$ $b$ $a$", "SELECT 1\nGO 3\n", ".shell x", "DELETE FROM t WHERE (1 IN (1, (2)) OR x BETWEEN", "UPDATE t SET a=1 WHERE CASE WHEN 1 THEN 2 END", "MERGE INTO t USING s ON (1=1) WHEN MATCHED THEN DELETE", "SELECT f((1), g(2", "BEGIN; ROLLBACK", "\\echo `id` \\\\ \\! x", "\\o |a\\b", "\\"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, d := range Dialects {
			var b strings.Builder
			for _, tok := range Lex(s, d) {
				if tok.Text == "" {
					t.Fatalf("%v %q: empty token", d, s)
				}
				b.WriteString(tok.Text)
			}
			if b.String() != s {
				t.Fatalf("%v %q: tokens rejoin to %q", d, s, b.String())
			}
			b.Reset()
			for _, st := range Split(s, d) {
				b.WriteString(st.Text)
				st.Verb(3)
				st.Destroys()
				st.Unscoped()
				st.Files()
				st.Inner()
				st.Privilege()
				st.Writes()
				st.Creates()

			}
			RolledBack(Split(s, d))
			if b.String() != s {
				t.Fatalf("%v %q: statements rejoin to %q", d, s, b.String())
			}
		}
	})
}
