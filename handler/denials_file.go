package handler

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"path/filepath"
	"time"

	"github.com/wardenhq/warden/internal/atomicfile"
)

// FileDenialCounter is the DenialTracker of per-call processes (warden hook,
// warden check): each session's counts live in a small state file, changed
// under a lock, so the denials of one session add up across the processes
// that decide its calls. Counts of a session idle for longer than Idle start
// again from zero.
type FileDenialCounter struct {
	// Dir holds one file per session.
	Dir    string
	Limits DenialLimits
	// Idle is how long a session's counts are kept without a decision
	// (default 12 h).
	Idle time.Duration
	// Now tells the time (default time.Now).
	Now func() time.Time
	// OnError, when set, hears of state files that could not be read or
	// written; the decision itself is never changed by such a failure, and
	// counting falls back to this one decision.
	OnError func(error)
}

var _ DenialTracker = (*FileDenialCounter)(nil)

type denialState struct {
	Consecutive int       `json:"consecutive"`
	Total       int       `json:"total"`
	Updated     time.Time `json:"updated"`
}

// Record counts one resolution of session in its state file.
func (c *FileDenialCounter) Record(session string, denied bool) bool {
	limits := c.Limits
	if limits.MaxConsecutive <= 0 {
		limits.MaxConsecutive = DefaultMaxConsecutiveDenials
	}
	if limits.MaxTotal <= 0 {
		limits.MaxTotal = DefaultMaxTotalDenials
	}
	now, idle := time.Now, c.Idle
	if c.Now != nil {
		now = c.Now
	}
	if idle <= 0 {
		idle = 12 * time.Hour
	}
	sum := sha256.Sum256([]byte(session))
	path := filepath.Join(c.Dir, hex.EncodeToString(sum[:16])+".json")
	var st denialState
	err := atomicfile.Update(context.Background(), path, func(old []byte, exists bool) ([]byte, error) {
		st = denialState{}
		if exists && json.Unmarshal(old, &st) != nil {
			st = denialState{} // a damaged count starts again; it only ever hands back sooner
		}
		if !st.Updated.IsZero() && now().Sub(st.Updated) > idle {
			st = denialState{}
		}
		if denied {
			st.Consecutive++
			st.Total++
		} else {
			st.Consecutive = 0
		}
		st.Updated = now()
		return json.Marshal(st)
	})
	if err != nil {
		if c.OnError != nil {
			c.OnError(err)
		}
		if denied {
			st = denialState{Consecutive: 1, Total: 1}
		}
	}
	return st.Consecutive >= limits.MaxConsecutive || st.Total >= limits.MaxTotal
}
