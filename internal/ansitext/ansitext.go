package ansitext

// Copied from github.com/charmbracelet/x/ansi v0.10.1 (width.go, truncate.go,
// wrap.go, parser/), Copyright (c) 2023 Charmbracelet, Inc., MIT licence
// (LICENSE.charmbracelet). Only the grapheme-width method is kept.

import (
	"bytes"

	"github.com/rivo/uniseg"
)

// Parser actions and states, as in charmbracelet/x/ansi/parser.
const (
	noneAction    = 0
	collectAction = 2
	executeAction = 5
	printAction   = 9

	groundState = 0
	utf8State   = 14

	transitionActionShift = 4
	transitionStateMask   = 15
	indexStateShift       = 8
)

// transition returns the next state and action for the given state and
// byte.
func transition(state, code byte) (byte, byte) {
	value := table[int(state)<<indexStateShift|int(code)]
	return value & transitionStateMask, value >> transitionActionShift
}

// StringWidth returns the width of a string in cells. This is the number of
// cells that the string will occupy when printed in a terminal. ANSI escape
// codes are ignored and wide characters (such as East Asians and emojis) are
// accounted for.
// This treats the text as a sequence of grapheme clusters.
func StringWidth(s string) int {
	if s == "" {
		return 0
	}

	var (
		pstate  byte = groundState // initial state
		cluster string
		width   int
	)

	for i := 0; i < len(s); i++ {
		state, action := transition(pstate, s[i])
		if state == utf8State {
			var w int
			cluster, _, w, _ = uniseg.FirstGraphemeClusterInString(s[i:], -1)
			width += w
			i += len(cluster) - 1
			pstate = groundState
			continue
		}

		if action == printAction {
			width++
		}

		pstate = state
	}

	return width
}

// Truncate truncates a string to a given length, adding a tail to the end if
// the string is longer than the given length. This function is aware of ANSI
// escape codes and will not break them, and accounts for wide-characters (such
// as East-Asian characters and emojis).
// This treats the text as a sequence of graphemes.
func Truncate(s string, length int, tail string) string {
	if sw := StringWidth(s); sw <= length {
		return s
	}

	tw := StringWidth(tail)
	length -= tw
	if length < 0 {
		return ""
	}

	var cluster []byte
	var buf bytes.Buffer
	curWidth := 0
	ignoring := false
	var pstate byte = groundState // initial state
	b := []byte(s)
	i := 0

	// Here we iterate over the bytes of the string and collect printable
	// characters and runes. We also keep track of the width of the string
	// in cells.
	//
	// Once we reach the given length, we start ignoring characters and only
	// collect ANSI escape codes until we reach the end of string.
	for i < len(b) {
		state, action := transition(pstate, b[i])
		if state == utf8State {
			// This action happens when we transition to the Utf8State.
			var width int
			cluster, _, width, _ = uniseg.FirstGraphemeCluster(b[i:], -1)

			// increment the index by the length of the cluster
			i += len(cluster)
			curWidth += width

			// Are we ignoring? Skip to the next byte
			if ignoring {
				continue
			}

			// Is this gonna be too wide?
			// If so write the tail and stop collecting.
			if curWidth > length && !ignoring {
				ignoring = true
				buf.WriteString(tail)
			}

			if curWidth > length {
				continue
			}

			buf.Write(cluster)

			// Done collecting, now we're back in the ground state.
			pstate = groundState
			continue
		}

		switch action {
		case printAction:
			// Is this gonna be too wide?
			// If so write the tail and stop collecting.
			if curWidth >= length && !ignoring {
				ignoring = true
				buf.WriteString(tail)
			}

			// Skip to the next byte if we're ignoring
			if ignoring {
				i++
				continue
			}

			// collects printable ASCII
			curWidth++
			fallthrough
		case executeAction:
			// execute action will be things like \n, which, if outside the cut,
			// should be ignored.
			if ignoring {
				i++
				continue
			}
			fallthrough
		default:
			buf.WriteByte(b[i])
			i++
		}

		// Transition to the next state.
		pstate = state

		// Once we reach the given length, we start ignoring runes and write
		// the tail to the buffer.
		if curWidth > length && !ignoring {
			ignoring = true
			buf.WriteString(tail)
		}
	}

	return buf.String()
}
