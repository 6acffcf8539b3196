package prompt

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// waiting returns the number of goroutines queued on q.
func (q *fifo) waiting() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.waiters)
}

func TestFIFOOrder(t *testing.T) {
	q := &fifo{}
	ctx := context.Background()
	if err := q.acquire(ctx); err != nil {
		t.Fatal(err)
	}
	got := make(chan int, 3)
	for i := range 3 {
		go func() {
			if err := q.acquire(ctx); err != nil {
				t.Error(err)
			}
			got <- i
			q.release()
		}()
		for q.waiting() != i+1 {
			time.Sleep(time.Millisecond)
		}
	}
	q.release()
	var order []int
	for range 3 {
		order = append(order, <-got)
	}
	if diff := cmp.Diff([]int{0, 1, 2}, order); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
}

func TestFIFOCancel(t *testing.T) {
	q := &fifo{}
	if err := q.acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := q.acquire(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("acquire with a cancelled context = %v", err)
	}
	if n := q.waiting(); n != 0 {
		t.Fatalf("%d waiters left behind", n)
	}
	q.release()
	if err := q.acquire(context.Background()); err != nil {
		t.Fatalf("the queue is stuck: %v", err)
	}
}

func tickets(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*.ticket"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range m {
		m[i] = filepath.Base(m[i])
	}
	return m
}

func TestTicketQueue(t *testing.T) {
	dir := t.TempDir()
	tq := ticketQueue{dir: dir, poll: time.Millisecond}
	ctx := context.Background()
	releaseA, err := tq.take(ctx)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan func())
	go func() {
		r, err := tq.take(ctx)
		if err != nil {
			t.Error(err)
		}
		done <- r
	}()
	for len(tickets(t, dir)) != 2 {
		time.Sleep(time.Millisecond)
	}
	select {
	case <-done:
		t.Fatal("the second ticket was served while the first is held")
	default:
	}
	releaseA()
	releaseB := <-done
	if diff := cmp.Diff([]string{"00000000000000000002.ticket"}, tickets(t, dir)); diff != "" {
		t.Errorf("tickets (-want +got):\n%s", diff)
	}
	releaseB()
	if got := tickets(t, dir); len(got) != 0 {
		t.Errorf("tickets left behind: %v", got)
	}
}

// TestTicketQueueStale checks that a ticket nobody holds (its process died)
// does not block the terminal.
func TestTicketQueueStale(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "00000000000000000007.ticket"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	release, err := ticketQueue{dir: dir, poll: time.Millisecond}.take(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"00000000000000000008.ticket"}, tickets(t, dir)); diff != "" {
		t.Errorf("tickets (-want +got):\n%s", diff)
	}
	release()
}

func TestTicketQueueCancel(t *testing.T) {
	dir := t.TempDir()
	tq := ticketQueue{dir: dir, poll: time.Millisecond}
	release, err := tq.take(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := tq.take(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("take with a cancelled context = %v", err)
	}
	if diff := cmp.Diff([]string{"00000000000000000001.ticket"}, tickets(t, dir)); diff != "" {
		t.Errorf("the cancelled ticket was left behind (-want +got):\n%s", diff)
	}
}

// TestTicketQueueForeground checks the terminal's foreground process group
// in the queue: a ticket whose owner is outside it is passed over, and a
// prompt outside it waits, saying for whom, until it is its own.
func TestTicketQueueForeground(t *testing.T) {
	me := syscall.Getpgrp()
	tests := []struct {
		name string
		// owner is the process group written in a held ticket ahead; 0
		// means no ticket ahead.
		owner int
		// fg is what the terminal reports: first until the queue has said
		// it waits, then fgAfter.
		fg, fgAfter int
		wantWait    []string
	}{
		{"free", 0, me, me, nil},
		{"cannot tell", 0, -1, -1, nil},
		{"behind a job in the background", me + 1000, me, me, nil},
		{"behind a prompt in the foreground", me, me, me, []string{"the prompt of PID " + strconv.Itoa(os.Getpid())}},
		{"behind a prompt when the group cannot tell", me, -1, -1, []string{"the prompt of PID " + strconv.Itoa(os.Getpid())}},
		{"in the background until brought forward", 0, me + 1000, me, []string{"job " + strconv.Itoa(me+1000) + " to leave the terminal", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.owner != 0 {
				f, err := os.OpenFile(filepath.Join(dir, "00000000000000000001.ticket"), os.O_RDWR|os.O_CREATE, 0o600)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				fmt.Fprintf(f, "%d %d\n", os.Getpid(), tt.owner)
				if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
					t.Fatal(err)
				}
			}
			var mu sync.Mutex
			var said []string
			fg := tt.fg
			tq := ticketQueue{dir: dir, poll: time.Millisecond,
				foreground: func() int { mu.Lock(); defer mu.Unlock(); return fg },
				waiting:    func(why string) { mu.Lock(); defer mu.Unlock(); said = append(said, why); fg = tt.fgAfter },
			}
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			release, err := tq.take(ctx)
			wantServed := tt.wantWait == nil || tt.wantWait[len(tt.wantWait)-1] == ""
			if wantServed != (err == nil) {
				t.Fatalf("take = %v, want served %v", err, wantServed)
			}
			if release != nil {
				release()
			}
			mu.Lock()
			defer mu.Unlock()
			if diff := cmp.Diff(tt.wantWait, said); diff != "" {
				t.Errorf("said it waited for (-want +got):\n%s", diff)
			}
		})
	}
}
