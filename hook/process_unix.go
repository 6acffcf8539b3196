//go:build unix

package hook

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"syscall"
	"time"
)

// process is one hook program to run.
type process struct {
	name    string
	args    []string
	dir     string
	env     []string
	stdin   []byte
	timeout time.Duration
}

// execResult is what running a process gave.
type execResult struct {
	stdout, stderr  []byte
	stdoutTruncated bool
	exitCode        int
	signal          string
	timedOut        bool
	cancelled       bool
	startErr        error
}

// execute runs p in its own process group. When the process exits, times
// out or ctx is cancelled, the whole group is killed, so nothing the hook
// started outlives it. Output is read concurrently and capped.
func (r *Runner) execute(ctx context.Context, p process) (res execResult) {
	cmd := exec.Command(p.name, p.args...)
	cmd.Dir = p.dir
	cmd.Env = p.env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}

	inR, inW, err := os.Pipe()
	if err != nil {
		res.startErr = err
		return res
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		res.startErr = err
		return res
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		res.startErr = err
		return res
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	err = cmd.Start()
	// The child holds its own copies; the parent keeps only its ends.
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		res.startErr = err
		return res
	}
	pgid := cmd.Process.Pid

	go func() {
		// A hook that does not read its input gets EPIPE here once it is
		// gone; either way the write end is closed so it sees EOF.
		inW.Write(p.stdin)
		inW.Close()
	}()
	stdout := &cappedBuffer{max: r.maxOutput}
	stderr := &cappedBuffer{max: r.maxOutput}
	outDone := drain(outR, stdout)
	errDone := drain(errR, stderr)

	exited := make(chan struct{})
	var reaped bool
	var waitErr error
	go func() {
		reaped, waitErr = waitExited(cmd)
		close(exited)
	}()
	timer := time.NewTimer(p.timeout)
	defer timer.Stop()
	select {
	case <-exited:
	case <-timer.C:
		res.timedOut = true
	case <-ctx.Done():
		res.cancelled = true
	}
	// Kill the group while the leader is not yet reaped, so its id cannot
	// have been reused: this ends a hook that overran and anything a
	// finished hook left running in the background.
	syscall.Kill(-pgid, syscall.SIGKILL)
	<-exited
	if !reaped {
		waitErr = cmd.Wait()
	}
	inW.Close()

	grace := time.NewTimer(r.drainGrace)
	defer grace.Stop()
	for _, done := range []<-chan struct{}{outDone, errDone} {
		select {
		case <-done:
		case <-grace.C:
			// A process that left the group still holds the pipe: stop
			// reading what it writes.
			outR.Close()
			errR.Close()
			<-done
		}
	}
	outR.Close()
	errR.Close()

	res.stdout, res.stdoutTruncated = stdout.buf, stdout.truncated
	res.stderr = stderr.buf
	if state := cmd.ProcessState; state != nil {
		if ws, ok := state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			res.signal = ws.Signal().String()
		}
		res.exitCode = state.ExitCode()
	} else if waitErr != nil {
		var ee *exec.ExitError
		if !errors.As(waitErr, &ee) {
			res.startErr = waitErr
		}
	}
	return res
}

// drain reads f into b until EOF or an error, and closes the returned
// channel when done.
func drain(f *os.File, b *cappedBuffer) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		io.Copy(b, f)
		close(done)
	}()
	return done
}

// cappedBuffer keeps the first max bytes written to it and counts the rest
// as truncated, never refusing a write so the writer is never blocked.
type cappedBuffer struct {
	max       int
	buf       []byte
	truncated bool
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	room := b.max - len(b.buf)
	if room >= len(p) {
		b.buf = append(b.buf, p...)
		return len(p), nil
	}
	if room > 0 {
		b.buf = append(b.buf, p[:room]...)
	}
	b.truncated = true
	return len(p), nil
}
