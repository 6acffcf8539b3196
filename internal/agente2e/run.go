package agente2e

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os/exec"
	"sync"
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

// Proc is a background process in a process group of its own, such as a
// `warden serve` the agent's HTTP hook talks to.
type Proc struct {
	cmd  *exec.Cmd
	done chan struct{}
	// Lines delivers the process's stdout, one line at a time, and is
	// closed when stdout ends.
	Lines  <-chan string
	stderr *lockedBuffer
}

// Start starts argv in dir with exactly env, stdin closed.
func Start(dir string, env []string, argv ...string) (*Proc, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p := &Proc{cmd: cmd, done: make(chan struct{}), stderr: &lockedBuffer{}}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	lines := make(chan string, 64)
	p.Lines = lines
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			default: // nobody reads any more
			}
		}
		close(lines)
	}()
	go func() {
		cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// Stderr returns what the process wrote to stderr so far.
func (p *Proc) Stderr() string { return p.stderr.String() }

// Stop kills the process group and waits for the process, at most a few
// seconds.
func (p *Proc) Stop() {
	syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	select {
	case <-p.done:
	case <-time.After(5 * time.Second):
	}
}

type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
