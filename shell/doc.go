// Package shell reads a Bash command the way the shell would run it, and says
// what it would do.
//
// It is the Bash checker's first step in Warden's decision flow (DESIGN §1,
// step 5, and §2 "Bash"). Analyze normalises the text (escape sequences,
// invisible characters and fullwidth letters that only serve to hide what a
// command is), parses it with mvdan.cc/sh/v3/syntax, and walks the tree to
// find every simple command that would run: in pipelines, lists, subshells,
// groups, command and process substitutions, loops, conditionals, function
// bodies, and inside the strings handed to bash -c, eval, xargs, find -exec,
// sudo, env and the other wrappers and carriers. Each such command is a Part
// whose Words are what Bash(...) rules match, with the files it reads and
// writes resolved against the working directory and home.
//
// Each part is then judged against the danger catalogue: the table of
// package checks (checks.Table), each check seeing the part through
// checks.Call (judged.go), and the judgements of effects, writes and
// entries' Raises here (catalogue.go, checks.go). Together they implement
// the labelling policy in testdata/corpus/POLICY.md semantically:
// which program runs, with which flags, on which operands. A finding carries a
// category, a description and a risk level. Regular expressions are used only
// for argument text that is itself a language (SQL, inline interpreter code).
//
// The analysis is pure: no file system access, no context, no panics.
// Pathological input is bounded by Options' limits; exceeding one sets
// Analysis.Limit, and the engine must then ask, after checking every part that
// was read against deny rules.
package shell
