// Package checks holds Warden's judgements that need logic: the dangers a
// program's entry cannot declare as a field (programs.Spec.Raises), each
// written once as a function over one finished call.
//
// A check sees a call only through the narrow interface Call: the program
// and its text, the call's command line as the program's entry reads it
// (Parse, Operands, Sub, Values: every spelling of an option is one name),
// the answers about paths the analysis has (Resolve, Credential, InTree,
// …), and Flag to report a finding. It parses no options of its own: an
// option a check reads is declared in the program's entry, so every legal
// spelling of it reaches the same verdict.
//
// The shell package walks a command to a fixed point and hands each
// finished call to the checks its program names, in the order of the
// catalogue table.
package checks
