//go:build unix

package tui

import (
	"os"
	"os/signal"
	"syscall"

	"github.com/charmbracelet/x/term"
	"golang.org/x/sys/unix"
)

// readKeys reads the terminal until the program ends. It polls, so that it
// stops reading as soon as the program is done and never takes a key meant
// for whatever runs next on the terminal.
func (p *Program) readKeys(in *os.File) {
	fd := int(in.Fd())
	var ps parser
	buf := make([]byte, 1024)
	for {
		select {
		case <-p.done:
			return
		default:
		}
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		n, err := unix.Poll(fds, 50)
		if err == unix.EINTR || n == 0 {
			continue
		}
		if err != nil {
			p.Send(readErrorMsg{err})
			return
		}
		if fds[0].Revents&(unix.POLLERR|unix.POLLHUP|unix.POLLNVAL) != 0 && fds[0].Revents&unix.POLLIN == 0 {
			p.Send(readErrorMsg{errHangup})
			return
		}
		m, err := unix.Read(fd, buf)
		if err == unix.EINTR || err == unix.EAGAIN {
			continue
		}
		if err != nil {
			p.Send(readErrorMsg{err})
			return
		}
		if m == 0 {
			// End of input: as Bubble Tea does, the model is left to
			// finish on its own (its deadline).
			return
		}
		for _, k := range ps.feed(buf[:m]) {
			p.Send(k)
		}
	}
}

// watchResize sends a WindowSizeMsg on every SIGWINCH until stopped.
func (p *Program) watchResize(in *os.File) (stop func()) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGWINCH)
	quit := make(chan struct{})
	go func() {
		for {
			select {
			case <-sig:
				if w, h, err := term.GetSize(in.Fd()); err == nil {
					p.Send(WindowSizeMsg{Width: w, Height: h})
				}
			case <-quit:
				return
			}
		}
	}()
	return func() {
		signal.Stop(sig)
		close(quit)
	}
}
