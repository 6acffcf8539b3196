package checks

import (
	"github.com/wardenhq/warden/programs"
	"mvdan.cc/sh/v3/syntax"
	"slices"
)

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

// UseWord returns the word an option's use stands in, with the use's
// target as its value (an attached value: -oFILE, --output=FILE); a
// synthetic literal word when the use is no word of ops.
func UseWord(ops []Word, u programs.Use) Word {
	if u.Index < 0 || u.Index >= len(ops) {
		return Word{Value: u.Target, Raw: u.Target, Lit: true}
	}
	x := ops[u.Index]
	if x.Value != u.Target {
		x.Value, x.Raw = u.Target, u.Target
	}
	return x
}

// OperandsAt returns the words of ops a parse placed as operands.
func OperandsAt(ops []Word, res *programs.Result) []Word {
	out := make([]Word, 0, len(res.OperandIndexes))
	for _, i := range res.OperandIndexes {
		if i < len(ops) {
			out = append(out, ops[i])
		}
	}
	return out
}

// Redirect is one redirection of a call.
type Redirect struct {
	// Op is the operator: <, >, >>, <<, <<<, …
	Op syntax.RedirOperator
	// FD is the descriptor written before the operator, "" when none.
	FD string
	// Target is the word after the operator: a file, a descriptor, a
	// here-document's delimiter.
	Target Word
	// Body is true for a here-document or here-string, and Text its
	// text.
	Body bool
	Text string
}

// Effect is one thing a part does, from its program's entry, with its
// target resolved.
type Effect struct {
	// Kind is what is done: read, write, delete, exec, load, network,
	// config, runs-project, unknown.
	Kind programs.Effect
	// Target is the absolute, cleaned path for reads, writes and deletes;
	// the word as given for commands, code, libraries and hosts; "" when
	// the effect has none.
	Target string
	// Option is the option that causes the effect ("" for an operand or
	// the program itself).
	Option string
	// Lang is the language of code the part runs (python, awk, make), ""
	// when Target is not code.
	Lang programs.Lang
}

// Assignment is NAME=value: before a command, given to env, or in a
// declaration.
type Assignment struct {
	Name  string
	Value Word
	// Text is the assignment as written.
	Text string
}

// ValuesOf returns the values of the options a parse of ops found under
// any of the names (as the entry declares them: "-o", "--output"), in
// order, as words of ops: attached values too (-oFILE, --output=FILE).
func ValuesOf(res *programs.Result, ops []Word, names ...string) []Word {
	var out []Word
	for _, o := range res.Options {
		if o.Index < 0 || o.Index >= len(ops) || !slices.Contains(names, o.Option) {
			continue
		}
		out = append(out, UseWord(ops, o))
	}
	return out
}

// AnyValueOf reports whether the value of an option a parse found (-nprod,
// -n prod, --namespace=prod alike) is one test accepts. Values that are
// code (psql -c SQL) are not names.
func AnyValueOf(res *programs.Result, test func(string) bool) bool {
	for _, o := range res.Options {
		if o.Target != "" && o.Lang == "" && o.Effect != programs.Exec && test(o.Target) {
			return true
		}
	}
	return false
}

// values is ValuesOf for the call a check judges. It is a function over
// Call, not a method of it, so that the names do not escape through the
// interface to the heap.
func values(c View, names ...string) []Word { return ValuesOf(c.Parse(), c.Args(), names...) }

// anyValue is AnyValueOf for the call a check judges.
func anyValue(c Call, test func(string) bool) bool { return AnyValueOf(c.Parse(), test) }
