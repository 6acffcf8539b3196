//go:build unix

package main

import (
	"context"
	"os"
	"syscall"
)

// handOver replaces this process with the daemon binary, so signals,
// standard streams and the exit code are the daemon's own.
func handOver(_ context.Context, env *cliEnv, bin string, args []string) int {
	err := syscall.Exec(bin, append([]string{bin}, args...), os.Environ())
	return fail(env, "starting %s: %v", bin, err)
}
