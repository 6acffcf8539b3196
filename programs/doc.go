// Package programs is Warden's knowledge of what programs do, as data.
//
// Each program has one declarative entry (a Spec): its names, its option
// grammar — short and long options, which take a value, attached forms
// (-ofile, --opt=value), whether long options may be abbreviated to a
// unique prefix, where options stop — its subcommands, and for each option
// and operand its effect: reads a path, writes a path, deletes a path, runs
// a command or code, loads a library, talks to a host, changes lasting
// configuration, or nothing. Entries live in one file per family
// (coreutils.go, git.go, interpreters.go, …) and carry examples that must
// be flagged or unknown and examples that must pass as read-only; one test
// runs them all.
//
// One getopt-style parser (Parse) serves every entry. What it cannot place —
// an option the entry does not declare, a word that is not a literal where an
// option could be, a subcommand it does not know — is reported as unknown,
// and unknown is never read-only. The shell package resolves the targets
// against the working directory and judges them (DESIGN §2, "Effects, and
// unknown"); this package does no I/O.
//
// Each family file declares its entries in one call,
//
//	var _ = family("coreutils", func(add func(...*Spec)) {
//		add(&Spec{Names: n("cat"), …}, …)
//	})
//
// and the family is built on the first lookup of one of its names, so a
// short-lived process (warden hook) pays only for the families its command
// meets. The generated index.go says which family declares each name; a
// test fails, and says how to regenerate it, when it is out of date.
//
// Adding a program is one entry in the family's file, then regenerating
// the index (see docs/effects.md).
package programs
