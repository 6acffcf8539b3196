//go:build !unix

package main

import "os"

// forwardedSignals are the signals warden run passes on to its command.
var forwardedSignals = []os.Signal{os.Interrupt}

// deliveredByTerminal reports whether s already reached the command.
func deliveredByTerminal(os.Signal) bool { return false }
