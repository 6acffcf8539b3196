//go:build !unix

package tui

import (
	"io"
	"os"
)

// readKeys reads the terminal until the program ends. Without poll, a read
// in progress when the program ends runs on until a key comes.
func (p *Program) readKeys(in *os.File) {
	var ps parser
	buf := make([]byte, 1024)
	for {
		n, err := in.Read(buf)
		select {
		case <-p.done:
			return
		default:
		}
		if err != nil {
			if err != io.EOF {
				p.Send(readErrorMsg{err})
			}
			return
		}
		for _, k := range ps.feed(buf[:n]) {
			p.Send(k)
		}
	}
}

// watchResize does nothing where there is no SIGWINCH.
func (p *Program) watchResize(*os.File) (stop func()) { return func() {} }
