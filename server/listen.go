package server

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
)

// ListenUnix listens on a Unix socket at path that only its owner can use:
// the socket is created with mode 0600 from the start (the process umask is
// tightened around its creation), since on a socket the file's permissions
// are the authentication. A stale socket left by a daemon that died is
// replaced; a live one, or any other file, is an error.
func ListenUnix(path string) (net.Listener, error) {
	if fi, err := os.Lstat(path); err == nil {
		if fi.Mode().Type() != fs.ModeSocket {
			return nil, fmt.Errorf("server: %s exists and is not a socket", path)
		}
		if c, err := net.Dial("unix", path); err == nil {
			c.Close()
			return nil, fmt.Errorf("server: a daemon is already listening on %s", path)
		}
		if err := os.Remove(path); err != nil {
			return nil, fmt.Errorf("server: removing the stale socket: %w", err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("server: %w", err)
	}
	ln, err := listenPrivate(path)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, fmt.Errorf("server: %w", err)
	}
	return ln, nil
}
