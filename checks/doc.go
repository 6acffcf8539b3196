// Package checks holds Warden's judgements that need logic: the dangers a
// program's entry cannot declare as a field (programs.Spec.Raises), each
// written once as a function over one finished call.
//
// A check sees a call only through a narrow view (call.go): what the
// part is (Part: the program and its text, the call's command line as
// the program's entry reads it, Parse, Operands, Sub, Values: every
// spelling of an option is one name), the calls around it (Neighbours,
// each only a Part), the answers about paths the analysis has (Paths:
// Credential, InTree, …) and what it knows of programs by name
// (Catalogue). It parses no options of its own: an option a check reads
// is declared in the program's entry, so every legal spelling of it
// reaches the same verdict.
//
// The shell package walks a command first: while walking, the Finds of
// the checks a call's program names hand it the code the call runs (an
// interpreter's string, what ssh or docker exec runs), which it walks
// where it runs; their view, Finder, has the verbs that hand code over
// and none that report. Then it judges: it hands each finished call to
// the Run of those checks, in the order of the catalogue table; their
// view, Call, has the verbs that report and none that add code. Each
// runs once.
package checks
