// Package ansitext measures, cuts and wraps terminal text in cells: the
// width of grapheme clusters, with ANSI escape sequences kept whole and
// taking no width.
//
// The functions are those of github.com/charmbracelet/x/ansi (v0.10.1,
// MIT licence, LICENSE.charmbracelet), reduced to the grapheme-width
// method the prompt uses, with its escape-sequence parser's transition
// table held as a constant (table.go). The library builds that table and,
// through go-runewidth, compiles a locale regexp in package
// initialisation, which every warden process paid for, the hook's
// included, though only the prompt ever measures text. Tests hold every
// function to the library's on tables and fuzzed input.
package ansitext
