//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package atomicfile

import (
	"context"
	"errors"
)

// ErrNoLocking is returned where the platform offers no advisory file lock:
// writing without one could lose a concurrent change, so Warden refuses.
var ErrNoLocking = errors.New("atomicfile: file locking is not supported on this platform")

// Lock always fails on this platform.
func Lock(ctx context.Context, lockPath string) (unlock func() error, err error) {
	return nil, ErrNoLocking
}
