//go:build unix

package prompt

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// promptSignals end a prompt: an interrupt, the agent killing warden, the
// terminal hanging up. The prompt restores the terminal before the process
// goes.
var promptSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// reraise delivers sig again with its default action, so the process ends
// the way it was told to, now that the terminal is restored.
func reraise(sig os.Signal) {
	s, ok := sig.(syscall.Signal)
	if !ok {
		os.Exit(1)
	}
	signal.Reset(s)
	_ = syscall.Kill(os.Getpid(), s)
	// The signal arrives asynchronously; nothing else may run meanwhile. If
	// it was ignored when the process started, exit as a shell would report
	// it.
	time.Sleep(2 * time.Second)
	os.Exit(128 + int(s))
}
