// Package code reads the inline code an interpreter is given (python -c,
// node -e, perl -e, ruby -e, php -r, lua -e, Rscript -e, tclsh) the way
// the interpreter's own tokenizer reads it, so that what the code does is
// read from its calls and strings, not matched in its raw text.
//
// Lex cuts code of one Family into tokens: strings in every quote form
// the family has (Python's prefixes and triple quotes, f-strings;
// JavaScript's template literals; Perl's q{} and qq{}; Ruby's %q() and
// %Q(); Lua's long brackets; heredocs of Perl, Ruby and PHP), comments,
// backquoted commands, names, numbers and punctuation. The tokens' texts,
// joined, are the input again. A string that interpolates run-time values
// is not Known.
//
// Strings folds literal strings joined by the family's concatenation ("o"
// + "s.system", 'a' . 'b', "a" .. "b", Python's adjacent literals) into
// one Value; Calls returns each call (a dotted name followed by its
// arguments) with its first argument folded the same way, a list of
// strings joined by spaces, and Unknown when it is built at run time:
// unknown is never empty. What a call means is the caller's to say.
package code
