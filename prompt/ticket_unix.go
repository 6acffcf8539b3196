//go:build unix

package prompt

import (
	"context"
	"os"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// takeTicket waits for this process's turn on the terminal tty, whose
// queue lives in dir: no earlier prompt in the foreground ahead of it, and
// the terminal's foreground process group its own. waiting is told what it
// waits for.
func takeTicket(ctx context.Context, dir string, tty *os.File, waiting func(string)) (release func(), err error) {
	return ticketQueue{dir: dir, foreground: func() int { return foregroundGroup(tty) }, waiting: waiting}.take(ctx)
}

// foregroundGroup is the foreground process group of tty, or -1 when it
// cannot tell (tty is not this process's controlling terminal).
func foregroundGroup(tty *os.File) int {
	pgrp, err := unix.IoctlGetInt(int(tty.Fd()), unix.TIOCGPGRP)
	if err != nil || pgrp <= 0 {
		return -1
	}
	return pgrp
}

// sameTerminal reports whether f is the terminal tty: the same device, or
// both this process's controlling terminal (which /dev/tty stands for).
func sameTerminal(f, tty *os.File) bool {
	if foregroundGroup(f) > 0 && foregroundGroup(tty) > 0 {
		return true
	}
	var a, b syscall.Stat_t
	if syscall.Fstat(int(f.Fd()), &a) != nil || syscall.Fstat(int(tty.Fd()), &b) != nil {
		return false
	}
	return a.Mode&syscall.S_IFMT == syscall.S_IFCHR && a.Rdev == b.Rdev
}

// terminalKey names the terminal behind path, so that every process
// prompting on it shares one queue. /dev/tty is the same node for every
// process; on Linux the controlling terminal's device number is read from
// /proc/self/stat instead.
func terminalKey(path string) string {
	if path == DefaultTTYPath {
		if b, err := os.ReadFile("/proc/self/stat"); err == nil {
			// Fields after the command name, which is in parentheses.
			if i := strings.LastIndexByte(string(b), ')'); i >= 0 {
				f := strings.Fields(string(b[i+1:]))
				// state ppid pgrp session tty_nr
				if len(f) > 4 && f[4] != "0" {
					return "dev-" + f[4]
				}
			}
		}
	}
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err == nil && st.Mode&syscall.S_IFMT == syscall.S_IFCHR {
		return "dev-" + strconv.FormatUint(uint64(st.Rdev), 10)
	}
	return "path-" + strings.NewReplacer("/", "_", ".", "_").Replace(path)
}
