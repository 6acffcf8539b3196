package prompt

import (
	"context"
	"sync"
)

// fifo is an in-process first-come-first-served lock: waiters are served in
// the order they arrived, which sync.Mutex does not promise.
type fifo struct {
	mu      sync.Mutex
	busy    bool
	waiters []chan struct{}
}

// acquire waits for the turn or for ctx to end.
func (q *fifo) acquire(ctx context.Context) error {
	q.mu.Lock()
	if !q.busy {
		q.busy = true
		q.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	q.waiters = append(q.waiters, ch)
	q.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		q.mu.Lock()
		for i, w := range q.waiters {
			if w == ch {
				q.waiters = append(q.waiters[:i], q.waiters[i+1:]...)
				q.mu.Unlock()
				return ctx.Err()
			}
		}
		q.mu.Unlock()
		// The turn was handed over just as ctx ended: pass it on.
		q.release()
		return ctx.Err()
	}
}

// release hands the turn to the longest waiter.
func (q *fifo) release() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.waiters) == 0 {
		q.busy = false
		return
	}
	ch := q.waiters[0]
	q.waiters = q.waiters[1:]
	close(ch)
}

var (
	fifosMu sync.Mutex
	fifos   = map[string]*fifo{}
)

// terminalFIFO returns the in-process queue of the terminal with the key.
func terminalFIFO(key string) *fifo {
	fifosMu.Lock()
	defer fifosMu.Unlock()
	q, ok := fifos[key]
	if !ok {
		q = &fifo{}
		fifos[key] = q
	}
	return q
}
