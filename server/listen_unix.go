//go:build unix

package server

import (
	"net"
	"sync"
	"syscall"
)

// umaskMu serialises the umask change: it is process-wide.
var umaskMu sync.Mutex

func listenPrivate(path string) (net.Listener, error) {
	umaskMu.Lock()
	defer umaskMu.Unlock()
	old := syscall.Umask(0o177)
	defer syscall.Umask(old)
	return net.Listen("unix", path)
}
