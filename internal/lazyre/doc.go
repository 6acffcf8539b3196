// Package lazyre holds the analysis's argument-text patterns (SQL, inline
// code): regular expressions compiled on first use, and searched only in
// text that holds one of the literals every match contains, without the
// alternatives the text cannot match.
package lazyre
