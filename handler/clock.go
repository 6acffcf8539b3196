package handler

import (
	"sync"
	"time"
)

// Clock tells the time and makes timers. Handlers take one so tests can
// drive timeouts and grace periods without sleeping.
type Clock interface {
	Now() time.Time
	NewTimer(d time.Duration) Timer
}

// Timer is a one-shot timer, as time.Timer.
type Timer interface {
	// C delivers the time once the timer fires.
	C() <-chan time.Time
	// Stop prevents the timer from firing; it reports whether it did.
	Stop() bool
}

// SystemClock is the real clock.
type SystemClock struct{}

var _ Clock = SystemClock{}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }

// NewTimer returns a real timer.
func (SystemClock) NewTimer(d time.Duration) Timer { return systemTimer{time.NewTimer(d)} }

type systemTimer struct{ t *time.Timer }

func (t systemTimer) C() <-chan time.Time { return t.t.C }
func (t systemTimer) Stop() bool          { return t.t.Stop() }

// FakeClock is a clock for tests: time stands still until Advance moves it,
// and timers fire when it passes their deadline.
type FakeClock struct {
	mu      sync.Mutex
	now     time.Time
	timers  []*fakeTimer
	changed chan struct{} // closed and replaced when the set of timers changes
}

var _ Clock = (*FakeClock)(nil)

// NewFakeClock returns a fake clock reading start.
func NewFakeClock(start time.Time) *FakeClock {
	return &FakeClock{now: start, changed: make(chan struct{})}
}

// Now returns the fake time.
func (c *FakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// NewTimer returns a timer that fires when the clock reaches now+d.
func (c *FakeClock) NewTimer(d time.Duration) Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{clock: c, when: c.now.Add(d), ch: make(chan time.Time, 1)}
	if d <= 0 {
		t.ch <- c.now
		return t
	}
	c.timers = append(c.timers, t)
	c.notify()
	return t
}

// Advance moves the clock forward by d and fires the timers that are due.
func (c *FakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.timers[:0]
	for _, t := range c.timers {
		if !t.when.After(c.now) {
			t.ch <- c.now
			continue
		}
		kept = append(kept, t)
	}
	clear(c.timers[len(kept):])
	c.timers = kept
	c.notify()
}

// WaitForTimers blocks until at least n timers are waiting to fire, so a
// test can advance the clock only once the code under test has set its
// timers.
func (c *FakeClock) WaitForTimers(n int) {
	for {
		c.mu.Lock()
		have, changed := len(c.timers), c.changed
		c.mu.Unlock()
		if have >= n {
			return
		}
		<-changed
	}
}

func (c *FakeClock) notify() {
	close(c.changed)
	c.changed = make(chan struct{})
}

type fakeTimer struct {
	clock *FakeClock
	when  time.Time
	ch    chan time.Time
}

func (t *fakeTimer) C() <-chan time.Time { return t.ch }

func (t *fakeTimer) Stop() bool {
	c := t.clock
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, o := range c.timers {
		if o == t {
			c.timers = append(c.timers[:i], c.timers[i+1:]...)
			c.notify()
			return true
		}
	}
	return false
}
