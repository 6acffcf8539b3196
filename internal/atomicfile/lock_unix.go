//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// Lock takes an exclusive advisory lock (flock) on the file at lockPath,
// creating it (mode 0600) and its directory if needed, and waits until the
// lock is free or ctx is done. The returned function releases the lock.
//
// The lock is held by the open file, so it is released when the process
// exits, however it exits; a crashed writer never leaves a stale lock.
func Lock(ctx context.Context, lockPath string) (unlock func() error, err error) {
	if err := os.MkdirAll(filepath.Dir(lockPath), 0o700); err != nil {
		return nil, fmt.Errorf("atomicfile: %w", err)
	}
	f, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("atomicfile: %w", err)
	}
	wait := 100 * time.Microsecond
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			break
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			f.Close()
			return nil, fmt.Errorf("atomicfile: locking %s: %w", lockPath, err)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			f.Close()
			return nil, fmt.Errorf("atomicfile: waiting for the lock on %s: %w", lockPath, ctx.Err())
		case <-t.C:
		}
		if wait < 20*time.Millisecond {
			wait *= 2
		}
	}
	return func() error {
		// Closing the descriptor releases the flock.
		return f.Close()
	}, nil
}
