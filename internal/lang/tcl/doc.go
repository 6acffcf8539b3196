// Package tcl reads Tcl code (tclsh, wish, expect) the way Tcl's parser
// reads it: commands split on newlines and semicolons, each a list of
// words, braced ({…}, no substitution), quoted ("…") or bare, with
// backslash escapes, $variable and [command] substitutions, and #
// comments where a command starts. A word that a substitution builds is
// not Literal; the scripts of its [command] substitutions are kept, to be
// read as scripts too.
//
// Runs says which shell commands a command runs: exec's pipeline (its
// | < > 2> & forms as the shell's), expect's spawn and system, open's
// "|pipeline"; and which of its words are scripts Tcl runs (the bodies
// of if, while, for, foreach, proc, catch, eval, after, …). Tcl runs an
// exec'd program without a shell: its words are passed as written (Tcl
// 8.6 expands no ~ in exec's arguments, only in its redirections' file
// names), so each is quoted for the shell.
package tcl
