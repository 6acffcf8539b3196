//go:build unix

package prompt

import (
	"context"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// takeTicket waits for this process's turn on the terminal whose queue
// lives in dir.
func takeTicket(ctx context.Context, dir string) (release func(), err error) {
	return ticketQueue{dir: dir}.take(ctx)
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
