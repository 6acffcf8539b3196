//go:build unix

package prompt

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// ticketQueue serialises prompts across processes first come, first served.
// Each waiting or showing prompt owns a ticket file NNN.ticket in dir and
// holds an exclusive flock on it; tickets are numbered under the flock of
// dir/queue.lock. A prompt's turn comes when no lower ticket is held. A
// ticket whose owner died is no longer locked, and is removed by the next
// process that looks, so a crash never blocks the terminal.
type ticketQueue struct {
	dir  string
	poll time.Duration
}

// take enqueues a ticket and waits for its turn. The returned function
// gives the turn up.
func (tq ticketQueue) take(ctx context.Context) (release func(), err error) {
	if err := os.MkdirAll(tq.dir, 0o700); err != nil {
		return nil, fmt.Errorf("prompt: queue directory: %w", err)
	}
	var mine *os.File
	var seq uint64
	err = tq.locked(func() error {
		tickets, err := tq.tickets()
		if err != nil {
			return err
		}
		seq = 1
		if n := len(tickets); n > 0 {
			seq = tickets[n-1] + 1
		}
		f, err := os.OpenFile(tq.ticketPath(seq), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return fmt.Errorf("prompt: queue ticket: %w", err)
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			f.Close()
			os.Remove(f.Name())
			return fmt.Errorf("prompt: locking queue ticket: %w", err)
		}
		mine = f
		return nil
	})
	if err != nil {
		return nil, err
	}
	release = func() {
		os.Remove(mine.Name())
		mine.Close()
	}
	poll := tq.poll
	if poll <= 0 {
		poll = 20 * time.Millisecond
	}
	for {
		var ahead bool
		err := tq.locked(func() error {
			var err error
			ahead, err = tq.anyAhead(seq)
			return err
		})
		if err != nil {
			release()
			return nil, err
		}
		if !ahead {
			return release, nil
		}
		t := time.NewTimer(poll)
		select {
		case <-ctx.Done():
			t.Stop()
			release()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}

// anyAhead reports whether a live ticket lower than seq exists, removing
// the tickets of owners that are gone. It runs under the queue lock.
func (tq ticketQueue) anyAhead(seq uint64) (bool, error) {
	tickets, err := tq.tickets()
	if err != nil {
		return false, err
	}
	for _, s := range tickets {
		if s >= seq {
			break
		}
		f, err := os.OpenFile(tq.ticketPath(s), os.O_RDWR, 0)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return false, fmt.Errorf("prompt: queue ticket: %w", err)
		}
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			// Nobody holds it: its owner is gone.
			os.Remove(f.Name())
			f.Close()
			continue
		}
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return true, nil
		}
		return false, fmt.Errorf("prompt: queue ticket: %w", err)
	}
	return false, nil
}

// locked runs fn under the exclusive flock of the queue's lock file. The
// section is short, so a blocking flock is fine.
func (tq ticketQueue) locked(fn func() error) error {
	f, err := os.OpenFile(filepath.Join(tq.dir, "queue.lock"), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("prompt: queue lock: %w", err)
	}
	defer f.Close()
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("prompt: queue lock: %w", err)
	}
	return fn()
}

func (tq ticketQueue) ticketPath(seq uint64) string {
	return filepath.Join(tq.dir, fmt.Sprintf("%020d.ticket", seq))
}

// tickets lists the ticket numbers in dir, lowest first.
func (tq ticketQueue) tickets() ([]uint64, error) {
	entries, err := os.ReadDir(tq.dir)
	if err != nil {
		return nil, fmt.Errorf("prompt: queue directory: %w", err)
	}
	var seqs []uint64
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".ticket")
		if !ok {
			continue
		}
		n, err := strconv.ParseUint(name, 10, 64)
		if err != nil {
			continue
		}
		seqs = append(seqs, n)
	}
	sort.Slice(seqs, func(i, j int) bool { return seqs[i] < seqs[j] })
	return seqs, nil
}
