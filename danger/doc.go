// Package danger declares the danger categories of Warden's findings, once.
//
// Code names a category by its Kind, a constant the compiler checks
// (danger.RecursiveDelete); a finding (api.Finding) carries its slug. Every
// category the analysis may emit is declared here with the highest risk its findings can
// carry, the slugs it was known by before (aliases, so grants stored under an
// old name keep working), the rule of the labelling policy
// (testdata/corpus/POLICY.md) it implements, and examples: commands that must
// be flagged with it and look-alikes that must not. The shell analysis, the
// tool checkers, grants and the CLI all read this table; a test walks every
// place that emits a finding and fails on one that does not name its category
// by a constant, and the shell package's example test runs every category's
// examples.
//
// Adding a category is one constant in kind.go and its entry in
// categories.go (see docs/effects.md).
package danger
