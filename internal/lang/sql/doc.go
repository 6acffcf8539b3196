// Package sql reads SQL text the way a database client and its server
// read it, and says what each statement does.
//
// Lex cuts text into tokens: strings (in single quotes, a doubled quote
// standing for one; E-strings and backslash escapes where the dialect
// has them), quoted names ("x", `x`, [x]), PostgreSQL's $tag$ quotes,
// comments (-- and # to the end of the line, /* */, nested in
// PostgreSQL), and the client's own commands (psql's and mysql's
// backslash commands, mysql's DELIMITER, sqlite3's dot-commands, a GO
// line). The tokens' texts, joined, are the input again. Split groups
// them into statements: each ends at a ; outside quotes and comments (or
// the delimiter mysql was given), and a client command is a statement of
// its own. A MySQL /*! */ comment is code, and is read as code.
//
// A Statement then answers what a check needs: its leading keywords
// (Verb), whether it runs at all (Runs: EXPLAIN without ANALYZE does
// not), what it drops or empties (Destroys), which of its DELETEs,
// UPDATEs and MERGEs reach every row (Unscoped: no WHERE, or one that is
// Always true), whether it writes (Writes), creates a table (Creates) or
// changes users and privileges (Privilege), the functions it calls
// (Calls), the files its functions and clauses read and write and the
// commands they run (Files), and the SQL it runs from strings (Inner: DO,
// EXECUTE, PREPARE … FROM, a $$ body), the code of another language it
// has the server run (Bodies: plpython3u, plperlu, plsh), and for psql's
// commands the variable \set sets (Set) and the shell commands backquotes
// run (Backticks). RolledBack says a list of statements is one
// transaction rolled back.
//
// Where the dialect of a client is not known, every dialect is read
// (Dialects) and the worst reading counts. What is dangerous is the
// checks package's to say.
package sql
