// Package display turns untrusted text — commands, paths, session ids, tool
// names, messages, explanations — into text a person can trust on every
// surface Warden draws on: the terminal prompt, the approval page, the audit
// table and the CLI's messages.
//
// Anything that could repaint a terminal, reorder or hide characters, or make
// one string pass for another (ESC and the other C0 and C1 controls,
// bidirectional overrides and isolates, zero-width and other invisible
// characters, spaces that are not the ASCII space, invalid UTF-8) is
// replaced by a visible escape such as \x1b or \u202e. There is one function
// for all surfaces, so no surface can be less careful than another; the page
// receives the escaped text from the daemon rather than escaping it again.
package display
