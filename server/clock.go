package server

import "time"

// Clock is the time source of the queue and the server. Tests inject a fake
// one so that deadlines fire when the test says, never after a sleep.
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// After returns a channel that receives once d has elapsed.
	After(d time.Duration) <-chan time.Time
}

// SystemClock is the real wall clock.
type SystemClock struct{}

var _ Clock = SystemClock{}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }

// After returns time.After(d).
func (SystemClock) After(d time.Duration) <-chan time.Time { return time.After(d) }
