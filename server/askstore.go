package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/wardenhq/warden/api"
)

// Errors of an [AskStore].
var (
	// ErrUnknownAsk is returned for an id the store does not hold (never
	// created, or forgotten after it was resolved).
	ErrUnknownAsk = errors.New("no such ask")
	// ErrDuplicateAsk is returned by Create for an id already in the store.
	ErrDuplicateAsk = errors.New("an ask with this id already exists")
	// ErrAlreadyAnswered is returned by Resolve and Update when the ask was
	// resolved first — by an answer on any daemon, its deadline, or its
	// caller withdrawing. Exactly one resolution of an ask ever takes
	// effect.
	ErrAlreadyAnswered = errors.New("the ask was already answered")
	// ErrStoreUnavailable wraps every failure to reach the shared store
	// (a lost NATS connection). Callers deny: nothing is allowed while the
	// store cannot say who answered.
	ErrStoreUnavailable = errors.New("the shared ask store is unavailable")
)

// StoredAsk is one pending ask as the daemons of a team share it. The
// store treats View as opaque: it is the [PendingAsk] the pages list.
type StoredAsk struct {
	ID string `json:"id"`
	// Daemon names the daemon whose caller (a hook or a decide call) waits
	// for the answer.
	Daemon string `json:"daemon,omitempty"`
	// Session is the session that asks, so a principal can be limited to
	// its own session's asks.
	Session  string    `json:"session,omitempty"`
	Created  time.Time `json:"created"`
	Deadline time.Time `json:"deadline"`
	// View is the ask as the page shows it (a JSON [PendingAsk]).
	View json.RawMessage `json:"view"`
	// Resolution is how the ask ended; nil while it is pending.
	Resolution *Resolution `json:"resolution,omitempty"`
	// Revision is the store's revision of this entry: it grows with every
	// change, and resolving compares and sets it.
	Revision uint64 `json:"-"`
}

// Pending reports whether the ask is still waiting for an answer.
func (a StoredAsk) Pending() bool { return a.Resolution == nil }

// Resolution is how an ask ended: a person's answer, or a deny by the
// deadline, the daemon's shutdown or the caller's withdrawal.
type Resolution struct {
	Behavior api.Behavior `json:"behavior,omitempty"`
	Scope    api.Scope    `json:"scope,omitempty"`
	Rule     string       `json:"rule,omitempty"`
	Message  string       `json:"message,omitempty"`
	// By is who resolved it: a person's name, "timeout", "shutdown" or
	// "withdrawn".
	By   string    `json:"by"`
	Time time.Time `json:"time"`
	// Daemon names the daemon the resolution was given on.
	Daemon string `json:"daemon,omitempty"`
}

// AskStore holds the pending asks the daemons of a team share. The memory
// store serves one daemon; a store on NATS JetStream (package teams)
// serves several, so an ask made on one daemon is listed and answered on
// any. The conformance suite in package askstoretest states the contract.
type AskStore interface {
	// Create stores a new pending ask and returns it with its revision.
	// An id already present is ErrDuplicateAsk.
	Create(ctx context.Context, a StoredAsk) (StoredAsk, error)
	// Get returns the ask id, pending or resolved, or ErrUnknownAsk.
	Get(ctx context.Context, id string) (StoredAsk, error)
	// Update replaces the view of a pending ask (the explainer's account
	// arrived). A resolved ask is ErrAlreadyAnswered.
	Update(ctx context.Context, id string, view json.RawMessage) (StoredAsk, error)
	// Resolve ends a pending ask with r. The first resolution wins
	// everywhere (compare and set on the revision); a later one gets
	// ErrAlreadyAnswered together with the ask as it was resolved.
	Resolve(ctx context.Context, id string, r Resolution) (StoredAsk, error)
	// List returns the pending asks, oldest first.
	List(ctx context.Context) ([]StoredAsk, error)
	// Watch reports every change (creation, update, resolution) after the
	// call, in order for each ask, until ctx ends; then the channel is
	// closed. A consumer that falls far behind may be cut off (the channel
	// closes early) and must watch again.
	Watch(ctx context.Context) (<-chan StoredAsk, error)
}

// resolvedKeep is how long the memory store remembers a resolved ask, so
// a late answer is told "already answered" rather than "unknown".
const resolvedKeep = 10 * time.Minute

// watchBuffer is how many changes a watcher of the memory store may lag
// behind before it is cut off.
const watchBuffer = 4096

// MemoryAskStore is the AskStore of a single daemon: a map in memory. The
// zero value is not usable; call NewMemoryAskStore.
type MemoryAskStore struct {
	clock Clock

	mu       sync.Mutex
	asks     map[string]*StoredAsk
	revision uint64
	watchers map[chan StoredAsk]struct{}
}

var _ AskStore = (*MemoryAskStore)(nil)

// NewMemoryAskStore returns an empty store; clock nil means the system
// clock.
func NewMemoryAskStore(clock Clock) *MemoryAskStore {
	if clock == nil {
		clock = SystemClock{}
	}
	return &MemoryAskStore{clock: clock, asks: map[string]*StoredAsk{}, watchers: map[chan StoredAsk]struct{}{}}
}

// Create implements AskStore.
func (m *MemoryAskStore) Create(ctx context.Context, a StoredAsk) (StoredAsk, error) {
	if err := ctx.Err(); err != nil {
		return StoredAsk{}, err
	}
	if err := validAskID(a.ID); err != nil {
		return StoredAsk{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.forgetLocked()
	if _, ok := m.asks[a.ID]; ok {
		return StoredAsk{}, fmt.Errorf("%w: %q", ErrDuplicateAsk, a.ID)
	}
	a.Resolution = nil
	a.View = slices.Clone(a.View)
	m.revision++
	a.Revision = m.revision
	m.asks[a.ID] = &a
	m.notifyLocked(a)
	return a, nil
}

// Get implements AskStore.
func (m *MemoryAskStore) Get(ctx context.Context, id string) (StoredAsk, error) {
	if err := ctx.Err(); err != nil {
		return StoredAsk{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.asks[id]
	if !ok {
		return StoredAsk{}, fmt.Errorf("%w: %q", ErrUnknownAsk, id)
	}
	return *a, nil
}

// Update implements AskStore.
func (m *MemoryAskStore) Update(ctx context.Context, id string, view json.RawMessage) (StoredAsk, error) {
	if err := ctx.Err(); err != nil {
		return StoredAsk{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.asks[id]
	if !ok {
		return StoredAsk{}, fmt.Errorf("%w: %q", ErrUnknownAsk, id)
	}
	if !a.Pending() {
		return *a, fmt.Errorf("%w: %q", ErrAlreadyAnswered, id)
	}
	a.View = slices.Clone(view)
	m.revision++
	a.Revision = m.revision
	m.notifyLocked(*a)
	return *a, nil
}

// Resolve implements AskStore.
func (m *MemoryAskStore) Resolve(ctx context.Context, id string, r Resolution) (StoredAsk, error) {
	if err := ctx.Err(); err != nil {
		return StoredAsk{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.asks[id]
	if !ok {
		return StoredAsk{}, fmt.Errorf("%w: %q", ErrUnknownAsk, id)
	}
	if !a.Pending() {
		return *a, fmt.Errorf("%w: %q", ErrAlreadyAnswered, id)
	}
	if r.Time.IsZero() {
		r.Time = m.clock.Now()
	}
	a.Resolution = &r
	m.revision++
	a.Revision = m.revision
	m.notifyLocked(*a)
	return *a, nil
}

// List implements AskStore.
func (m *MemoryAskStore) List(ctx context.Context) ([]StoredAsk, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]StoredAsk, 0, len(m.asks))
	for _, a := range m.asks {
		if a.Pending() {
			out = append(out, *a)
		}
	}
	SortAsks(out)
	return out, nil
}

// Watch implements AskStore.
func (m *MemoryAskStore) Watch(ctx context.Context) (<-chan StoredAsk, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	ch := make(chan StoredAsk, watchBuffer)
	m.mu.Lock()
	m.watchers[ch] = struct{}{}
	m.mu.Unlock()
	context.AfterFunc(ctx, func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		if _, ok := m.watchers[ch]; ok {
			delete(m.watchers, ch)
			close(ch)
		}
	})
	return ch, nil
}

func (m *MemoryAskStore) notifyLocked(a StoredAsk) {
	for ch := range m.watchers {
		select {
		case ch <- a:
		default: // too far behind: cut off, it watches again
			delete(m.watchers, ch)
			close(ch)
		}
	}
}

// forgetLocked drops asks resolved more than resolvedKeep ago.
func (m *MemoryAskStore) forgetLocked() {
	cutoff := m.clock.Now().Add(-resolvedKeep)
	for id, a := range m.asks {
		if a.Resolution != nil && a.Resolution.Time.Before(cutoff) {
			delete(m.asks, id)
		}
	}
}

// SortAsks orders asks oldest first, then by id.
func SortAsks(asks []StoredAsk) {
	slices.SortFunc(asks, func(a, b StoredAsk) int {
		if c := a.Created.Compare(b.Created); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
}

// validAskID accepts ids that are safe as a key everywhere (a NATS
// subject token, a URL path segment): letters, digits, '-' and '_'.
func validAskID(id string) error {
	if id == "" || len(id) > 128 {
		return fmt.Errorf("invalid ask id %q", id)
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return fmt.Errorf("invalid ask id %q", id)
		}
	}
	return nil
}

// ValidAskID reports whether id can name an ask in every store.
func ValidAskID(id string) error { return validAskID(id) }
