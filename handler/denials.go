package handler

import "sync"

// DenialTracker counts the denials of auto mode per session and says when
// the agent should hand control back to a person.
type DenialTracker interface {
	// Record counts one resolution of session (denied or not) and reports
	// whether the session is past its limits.
	Record(session string, denied bool) (handback bool)
}

// DenialLimits are the settings autoMode.maxConsecutiveDenials and
// autoMode.maxTotalDenials. A zero field means its default.
type DenialLimits struct {
	MaxConsecutive int
	MaxTotal       int
}

// The default denial limits.
const (
	DefaultMaxConsecutiveDenials = 3
	DefaultMaxTotalDenials       = 20
)

// DenialCounter is the in-memory DenialTracker. A session hands back once
// it has MaxConsecutive denials in a row, or MaxTotal denials in all; an
// allow resets the run of consecutive denials, and Reset (a person took
// over) both counts.
type DenialCounter struct {
	limits DenialLimits
	mu     sync.Mutex
	counts map[string]*denialCount
}

type denialCount struct{ consecutive, total int }

var _ DenialTracker = (*DenialCounter)(nil)

// NewDenialCounter returns an empty counter with the given limits.
func NewDenialCounter(limits DenialLimits) *DenialCounter {
	if limits.MaxConsecutive <= 0 {
		limits.MaxConsecutive = DefaultMaxConsecutiveDenials
	}
	if limits.MaxTotal <= 0 {
		limits.MaxTotal = DefaultMaxTotalDenials
	}
	return &DenialCounter{limits: limits, counts: map[string]*denialCount{}}
}

// Record counts one resolution.
func (c *DenialCounter) Record(session string, denied bool) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.counts[session]
	if n == nil {
		n = &denialCount{}
		c.counts[session] = n
	}
	if denied {
		n.consecutive++
		n.total++
	} else {
		n.consecutive = 0
	}
	return n.consecutive >= c.limits.MaxConsecutive || n.total >= c.limits.MaxTotal
}

// Reset forgets session's denials.
func (c *DenialCounter) Reset(session string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.counts, session)
}
