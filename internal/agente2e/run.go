package agente2e

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"syscall"
	"time"
)

// Result is how one agent process ended.
type Result struct {
	Stdout, Stderr string
	// ExitCode is the process's exit code, -1 when it was killed.
	ExitCode int
	// TimedOut reports that the process outlived its time limit and was
	// killed with its process group.
	TimedOut bool
	Elapsed  time.Duration
}

// Run runs argv in dir with exactly env (nothing inherited), stdin closed,
// in a process group of its own, and kills the whole group when it ends or
// when timeout passes, so no agent or tool process outlives the test.
func Run(ctx context.Context, timeout time.Duration, dir string, env []string, argv ...string) Result {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	err := cmd.Run()
	res := Result{Elapsed: time.Since(start), ExitCode: -1}
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // what the agent left running
	}
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		res.TimedOut = true
	case err == nil:
		res.ExitCode = 0
	case errors.As(err, &exit):
		res.ExitCode = exit.ExitCode()
	}
	if err != nil && res.ExitCode == -1 && !res.TimedOut {
		stderr.WriteString("\nrun: " + err.Error())
	}
	res.Stdout, res.Stderr = stdout.String(), stderr.String()
	return res
}
