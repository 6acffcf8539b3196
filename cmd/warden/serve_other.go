//go:build !unix

package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
)

// handOver runs the daemon binary with this process's streams and passes
// its exit code on.
func handOver(ctx context.Context, env *cliEnv, bin string, args []string) int {
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	if err != nil {
		return fail(env, "starting %s: %v", bin, err)
	}
	return exitOK
}
