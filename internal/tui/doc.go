// Package tui runs a terminal prompt the way Bubble Tea does — a model
// that updates on messages (keys, the terminal's size, ticks, messages
// sent from outside) and is redrawn in place after each — with only what
// Warden's prompts use.
//
// It exists so that the warden binary does not link Bubble Tea: a linked
// package is initialised by every process, and Bubble Tea's initialisation
// (its key tables, and a query of the terminal's background colour) was
// about 4% of every warden hook call, which never draws a prompt.
//
// The drawing follows Bubble Tea's inline renderer: each frame moves the
// cursor back to the first line of the previous one, rewrites the lines
// that changed (cut to the terminal's width, the rest of each line
// erased), erases what is left below, and keeps at most the terminal's
// height of lines. The input is read in raw mode, with bracketed paste on,
// so that pasted text arrives as one paste (KeyMsg.Paste) and can never be
// taken for a one-key answer.
package tui
