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
//
// A ticket file holds its owner's PID and process group. When the terminal
// reports its foreground process group (foreground returns it; -1 means it
// cannot tell), a prompt waits until that group is its own, and the tickets
// of owners outside it are passed over: a prompt in a stopped or background
// job cannot draw, so it must not hold the terminal from the prompt in
// front. waiting, when set, is told each time what the prompt waits for.
type ticketQueue struct {
	dir        string
	poll       time.Duration
	foreground func() int
	waiting    func(why string)
}

// take enqueues a ticket and waits for its turn. The returned function
// gives the turn up.
func (tq ticketQueue) take(ctx context.Context) (release func(), err error) {
	pgrp := syscall.Getpgrp()
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
		if _, err := fmt.Fprintf(f, "%d %d\n", os.Getpid(), pgrp); err != nil {
			f.Close()
			os.Remove(f.Name())
			return fmt.Errorf("prompt: queue ticket: %w", err)
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
	said := ""
	for {
		fg := -1
		if tq.foreground != nil {
			fg = tq.foreground()
		}
		var ahead int
		err := tq.locked(func() error {
			var err error
			ahead, err = tq.firstAhead(seq, fg)
			return err
		})
		if err != nil {
			release()
			return nil, err
		}
		why := ""
		switch {
		case ahead > 0:
			why = "the prompt of PID " + strconv.Itoa(ahead)
		case ahead < 0:
			why = "another prompt"
		case fg > 0 && fg != pgrp:
			why = "job " + strconv.Itoa(fg) + " to leave the terminal"
		}
		if why == "" {
			if said != "" && tq.waiting != nil {
				tq.waiting("")
			}
			return release, nil
		}
		if why != said && tq.waiting != nil {
			tq.waiting(why)
		}
		said = why
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

// firstAhead returns the PID of the owner of the first live ticket lower
// than seq, or 0 when there is none, removing the tickets of owners that
// are gone. With fg > 0, tickets whose owner is outside process group fg
// are passed over. It runs under the queue lock.
func (tq ticketQueue) firstAhead(seq uint64, fg int) (int, error) {
	tickets, err := tq.tickets()
	if err != nil {
		return 0, err
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
			return 0, fmt.Errorf("prompt: queue ticket: %w", err)
		}
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			// Nobody holds it: its owner is gone.
			os.Remove(f.Name())
			f.Close()
			continue
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			f.Close()
			return 0, fmt.Errorf("prompt: queue ticket: %w", err)
		}
		pid, owner := readOwner(f)
		f.Close()
		if fg > 0 && owner > 0 && owner != fg {
			// Its owner is not in the foreground, so it cannot draw.
			continue
		}
		if pid <= 0 {
			pid = -1
		}
		return pid, nil
	}
	return 0, nil
}

// readOwner reads a ticket's "PID PGRP" line; zeros for a ticket written
// before it was filled in.
func readOwner(f *os.File) (pid, pgrp int) {
	var b [64]byte
	n, _ := f.ReadAt(b[:], 0)
	fields := strings.Fields(string(b[:n]))
	if len(fields) == 2 {
		pid, _ = strconv.Atoi(fields[0])
		pgrp, _ = strconv.Atoi(fields[1])
	}
	return pid, pgrp
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
