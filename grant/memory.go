package grant

import (
	"context"
	"sync"
	"time"
)

// MemoryStore keeps session grants in memory: the daemon's store, shared by
// every agent that asks it. With a non-zero idle time a session's grants
// lapse once the session has been idle that long.
type MemoryStore struct {
	now  func() time.Time
	idle time.Duration

	mu       sync.Mutex
	sessions map[string]*memorySession
}

type memorySession struct {
	grants   []Grant
	lastUsed time.Time
}

var _ Store = (*MemoryStore)(nil)

// NewMemoryStore returns an empty store. now is the clock (nil: time.Now);
// idle is how long a session may stay unused before its grants lapse (zero:
// never).
func NewMemoryStore(now func() time.Time, idle time.Duration) *MemoryStore {
	if now == nil {
		now = time.Now
	}
	return &MemoryStore{now: now, idle: idle, sessions: map[string]*memorySession{}}
}

// live returns the session's record, dropping it when it has expired.
// s.mu must be held.
func (s *MemoryStore) live(session string, now time.Time) *memorySession {
	ms := s.sessions[session]
	if ms != nil && s.idle > 0 && now.Sub(ms.lastUsed) >= s.idle {
		delete(s.sessions, session)
		return nil
	}
	return ms
}

func (s *MemoryStore) expiry(ms *memorySession) time.Time {
	if s.idle <= 0 {
		return time.Time{}
	}
	return ms.lastUsed.Add(s.idle)
}

// Add records a session grant.
func (s *MemoryStore) Add(ctx context.Context, g Grant) (Grant, error) {
	if err := g.Validate(); err != nil {
		return Grant{}, err
	}
	if g.Category != "" {
		g.Category = CanonicalCategory(g.Category)
	}
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	ms := s.live(g.Session, now)
	if ms == nil {
		ms = &memorySession{}
		s.sessions[g.Session] = ms
	}
	ms.lastUsed = now
	for _, old := range ms.grants {
		if sameTarget(old, g) {
			old.ExpiresAt = s.expiry(ms)
			return old, nil
		}
	}
	g.ID = newID()
	g.CreatedAt = now
	g.Source = ""
	ms.grants = append(ms.grants, g)
	g.ExpiresAt = s.expiry(ms)
	return g, nil
}

// List returns the live grants of session, or of every session when session
// is "".
func (s *MemoryStore) List(ctx context.Context, session string) ([]Grant, error) {
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Grant
	collect := func(ms *memorySession) {
		for _, g := range ms.grants {
			g.ExpiresAt = s.expiry(ms)
			out = append(out, g)
		}
	}
	if session != "" {
		if ms := s.live(session, now); ms != nil {
			ms.lastUsed = now
			collect(ms)
		}
		return out, nil
	}
	for name := range s.sessions {
		if ms := s.live(name, now); ms != nil {
			collect(ms)
		}
	}
	sortGrants(out)
	return out, nil
}

// Revoke removes the grants named by idOrRule in every session.
func (s *MemoryStore) Revoke(ctx context.Context, idOrRule string) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, ms := range s.sessions {
		kept := ms.grants[:0]
		for _, g := range ms.grants {
			if g.matches(idOrRule) {
				n++
				continue
			}
			kept = append(kept, g)
		}
		ms.grants = kept
	}
	return n, nil
}
