package shell

import (
	"github.com/wardenhq/warden/checks"
	"strings"

	"github.com/wardenhq/warden/programs"
)

// The checks ask a call's program entry which words are operands and what
// value an option has, rather than keeping option lists of their own: the
// entry (programs/<family>.go) is the one statement of a program's option
// grammar.

// entryParse returns the call's words read with its program's entry. A
// program with no entry has no options and no operands (the call is
// unknown anyway). The result is kept for the last call asked about and
// is overwritten by the next: use it before asking about another call.
func (a *analyzer) entryParse(ca *call) *programs.Result {
	if a.entryFor == ca {
		return a.entryRes
	}
	a.entryFor, a.entryRes = ca, &a.entry
	spec := ca.entryOrBase()
	if spec == nil {
		a.entry = programs.Result{Uses: a.entry.Uses[:0], OperandIndexes: a.entry.OperandIndexes[:0], Options: a.entry.Options[:0]}
		return &a.entry
	}
	ops := ca.operands()
	if ca.kept.holds(spec, ops) {
		// effects parsed these words with this entry already; the
		// checks only read the result.
		a.entryRes = &ca.kept.res
		return a.entryRes
	}
	if a.parsedFor == ca && a.parsedSpec == spec {
		a.parsed.CopyTo(&a.entry)
		return &a.entry
	}
	words := a.entryWords[:0]
	for _, x := range ops {
		words = append(words, programs.Word{Text: x.Value, Literal: !x.Unbound && !x.Subst && !x.Glob})
	}
	a.entryWords = words
	programs.ParseInto(spec, words, &a.entry)
	return &a.entry
}

// entryOf is entryParse for code with no analyzer at hand: the result is
// the caller's own, or shares the call's kept parse (read it, never
// change it).
func entryOf(ca *call) programs.Result {
	spec := ca.entryOrBase()
	if spec == nil {
		return programs.Result{}
	}
	if ca.kept.holds(spec, ca.operands()) {
		return ca.kept.res
	}
	return parseAs(spec, ca)
}

// specOf returns the entry of a call's program, by its key or its base
// name; nil when it has none.
func specOf(prog string) *programs.Spec {
	if spec := programs.Lookup(prog); spec != nil {
		return spec
	}
	return programs.Lookup(baseName(prog))
}

// parseAs reads the call's words with an entry other than its program's
// own (an alias the call's language gives the name: PowerShell's rm is
// Remove-Item); the result is the caller's own.
func parseAs(spec *programs.Spec, ca *call) programs.Result {
	ops := ca.operands()
	words := make([]programs.Word, 0, len(ops))
	for _, x := range ops {
		words = append(words, programs.Word{Text: x.Value, Literal: !x.Unbound && !x.Subst && !x.Glob})
	}
	return programs.Parse(spec, words)
}

// entryOperands returns the call's operands, as its entry reads them.
func (a *analyzer) entryOperands(ca *call) []arg {
	return checks.OperandsAt(ca.operands(), a.entryParse(ca))
}

// entryValues returns the values of the options given under any of the
// names (as the entry declares them: "-o", "--output"), in order.
func (a *analyzer) entryValues(ca *call, names ...string) []arg {
	return checks.ValuesOf(a.entryParse(ca), ca.operands(), names...)
}

// argOf returns the word a use's target stands in, with the target as its
// value (an attached value: -oFILE, --output=FILE).
func argOf(ops []arg, u programs.Use) arg { return checks.UseWord(ops, u) }

func containsName(names []string, n string) bool {
	for _, m := range names {
		if m == n {
			return true
		}
	}
	return false
}

// entrySub returns the word in the call's first subcommand position, as
// its entry reads the command line (global options and their values
// skipped, in every spelling), and the words after it; "" and nil when
// the entry finds none.
func (a *analyzer) entrySub(ca *call) (string, []arg) {
	res := a.entryParse(ca)
	subs := res.SubIndexes()
	ops := ca.operands()
	if res.Spec == nil {
		// No entry: the first word that is no option.
		for i, x := range ops {
			if !strings.HasPrefix(x.Value, "-") {
				return x.Value, ops[i+1:]
			}
		}
	}
	if len(subs) == 0 || subs[0] >= len(ops) {
		return "", nil
	}
	return ops[subs[0]].Value, ops[subs[0]+1:]
}

// optionValueIs reports whether the value of an option the call gives,
// as its entry reads it (-nprod, -n prod, --namespace=prod alike), is
// one test accepts. Values that are code (psql -c SQL) are not names.
func (a *analyzer) optionValueIs(ca *call, test func(string) bool) bool {
	return checks.AnyValueOf(a.entryParse(ca), test)
}
