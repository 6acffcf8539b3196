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
// Where the dialect of a client is not known, every dialect is read
// (Dialects) and the worst reading counts. What is dangerous is the
// checks package's to say.
package sql
