package checks

import "mvdan.cc/sh/v3/syntax"

// Word is one word of a command after the analysis's best reading of it.
type Word struct {
	// Value is the value: exact when Lit, otherwise the most likely value
	// (unknown variables read as written, "$NAME").
	Value string
	// Raw is the source text of the word.
	Raw string
	// Lit is true when the word has no expansion at all: quotes and
	// backslashes only.
	Lit bool
	// Unbound is true when part of the value is unknown: a variable not
	// assigned in this command, a command substitution, arithmetic.
	Unbound bool
	// Glob is true when the value has unquoted pattern characters.
	Glob bool
	// Subst is true when the word contains a command or process
	// substitution.
	Subst bool
	// Mktemp is true when the value is a directory made by mktemp in this
	// command.
	Mktemp bool
	// Listed is true when the value holds names a listing printed
	// (listing.go): known, where the whole command only reads.
	Listed bool
	// Home is true when the value starts with the home directory, from ~
	// or $HOME.
	Home bool
	// Node is the word this Word came from (nil for synthetic args).
	Node *syntax.Word
}
