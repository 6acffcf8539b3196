// Package awk reads an awk program the way awk reads it and says what it
// does beyond reading its input: the commands it runs (system(), print |
// cmd, cmd | getline, |&), the files it writes and reads through
// redirections, the libraries it loads and the code it includes, each
// with its possible values where the program names them with literals.
//
// A lexer tells a regular expression from a division by where the parser
// stands, and a parser follows the POSIX grammar with gawk's extensions.
// It keeps every place the program runs a command, writes or reads a
// file, or loads code, wherever it stands (a function never called
// included), and the assignments of every variable, so that a command or
// file held in a variable assigned only literals is known (Resolve).
//
// Where awks disagree on a program, every reading counts: "a" "b" |
// getline runs "a b" (gawk, BWK awk) or "b" (mawk), so both are kept;
// /[/]/ is one regular expression to gawk and mawk and not to BWK awk, so
// a program with a slash inside brackets is also read BWK's way. Anything
// the parser cannot follow is an error (ErrParse): the call that runs it
// is then unknown. The shell package turns the operations into a call's
// effects and findings.
package awk
