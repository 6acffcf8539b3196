//go:build unix

package main

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// forwardedSignals are the signals warden run passes on to its command.
var forwardedSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGUSR1, syscall.SIGUSR2}

// deliveredByTerminal reports whether s already reached the command because
// it was typed at the terminal (Ctrl-C, Ctrl-\): the terminal signals its
// whole foreground process group, command included, and forwarding it too
// would deliver it twice.
func deliveredByTerminal(s os.Signal) bool {
	if s != syscall.SIGINT && s != syscall.SIGQUIT {
		return false
	}
	f, err := os.Open("/dev/tty")
	if err != nil {
		return false
	}
	defer f.Close()
	pgrp, err := unix.IoctlGetInt(int(f.Fd()), unix.TIOCGPGRP)
	return err == nil && pgrp == syscall.Getpgrp()
}
