package teams

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/wardenhq/warden/grant"
)

// GrantsBucket is the key-value bucket of the session grants: one key per
// session, holding all of its grants, kept for the session's idle time
// after its last use.
const GrantsBucket = "warden_grants"

// ErrGrantsUnavailable is returned by the grant store while it cannot
// reach the team: a session's grants are then unknown, and the engine
// treats them as none (the call asks, or is denied without anyone to ask).
var ErrGrantsUnavailable = errors.New("the shared session grants are unavailable")

// GrantOptions configures the grant store.
type GrantOptions struct {
	StoreOptions
	// Idle is how long a session's grants last without any use (settings:
	// grants.sessionIdleMinutes); zero means grant.DefaultSessionIdle.
	Idle time.Duration
	// Daemon names this daemon in the grants it records.
	Daemon string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// GrantStore is the [grant.Store] of a team, in a JetStream key-value
// bucket. Every daemon keeps a mirror of the bucket, fed by a watch, so a
// check reads the session's grants without a round trip to the server; a
// grant made on any daemon is in every mirror within a moment, and the
// daemon that made it waits until its own mirror has it.
//
// While the connection is down, List fails (ErrGrantsUnavailable): a
// grant revoked elsewhere meanwhile must not be honoured from a stale
// mirror.
type GrantStore struct {
	nc     *nats.Conn
	kv     jetstream.KeyValue
	idle   time.Duration
	daemon string
	now    func() time.Time
	stop   context.CancelFunc

	mu       sync.Mutex
	changed  *sync.Cond
	sessions map[string]*sessionGrants // by key
	seen     uint64                    // the last revision the watch delivered
	broken   error                     // set when the watch ended
}

var _ grant.Store = (*GrantStore)(nil)

// sessionGrants is one session's entry in the bucket.
type sessionGrants struct {
	Session string        `json:"session"`
	Grants  []grant.Grant `json:"grants"`
	// Used is when the session last used or changed its grants: they
	// lapse Idle after it.
	Used time.Time `json:"used"`
	// revision is the entry's revision in the bucket.
	revision uint64
}

// OpenGrantStore opens (creating when missing) the grants' bucket on nc
// and starts mirroring it. Close stops the mirror.
func OpenGrantStore(ctx context.Context, nc *nats.Conn, opts GrantOptions) (*GrantStore, error) {
	idle := opts.Idle
	if idle <= 0 {
		idle = grant.DefaultSessionIdle
	}
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	kv, err := openBucket(ctx, nc, "the grants' bucket", opts.Replicas, jetstream.KeyValueConfig{
		Bucket:      GrantsBucket,
		Description: "Warden: session grants, one key per session, kept for the session's idle time",
		History:     1,
		// The server forgets a session's grants once it has been idle
		// this long (every use rewrites the entry before then).
		TTL: idle,
	})
	if err != nil {
		return nil, err
	}
	s := &GrantStore{nc: nc, kv: kv, idle: idle, daemon: opts.Daemon, now: now, sessions: map[string]*sessionGrants{}}
	s.changed = sync.NewCond(&s.mu)
	s.stop, err = mirrorBucket(ctx, kv, "the grants' bucket", errors.New("the grant store is closed"), s.apply, s.end)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// end marks the mirror as no longer following the bucket.
func (s *GrantStore) end(why error) {
	s.mu.Lock()
	s.broken = why
	s.changed.Broadcast()
	s.mu.Unlock()
}

func (s *GrantStore) apply(e jetstream.KeyValueEntry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e.Operation() == jetstream.KeyValuePut {
		var sg sessionGrants
		if err := json.Unmarshal(e.Value(), &sg); err == nil {
			sg.revision = e.Revision()
			s.sessions[e.Key()] = &sg
		}
	} else {
		delete(s.sessions, e.Key())
	}
	s.seen = max(s.seen, e.Revision())
	s.changed.Broadcast()
}

// caughtUp waits until the mirror holds revision rev (a write of this
// daemon), so that a grant just made is honoured by the next call.
func (s *GrantStore) caughtUp(ctx context.Context, rev uint64) error {
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	stop := context.AfterFunc(ctx, func() {
		s.mu.Lock()
		s.changed.Broadcast()
		s.mu.Unlock()
	})
	defer stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.seen < rev {
		if s.broken != nil {
			return s.unavailable(s.broken)
		}
		if err := ctx.Err(); err != nil {
			return s.unavailable(err)
		}
		s.changed.Wait()
	}
	return nil
}

// Close stops mirroring the bucket.
func (s *GrantStore) Close() { s.stop() }

// grantKey is the bucket's key of a session: a digest, since session IDs
// may hold any character and keys may not.
func grantKey(session string) string {
	sum := sha256.Sum256([]byte(session))
	return "s." + hex.EncodeToString(sum[:16])
}

func (s *GrantStore) unavailable(err error) error {
	return fmt.Errorf("%w: %w", ErrGrantsUnavailable, err)
}

// usable reports why the mirror cannot be trusted now, or nil.
func (s *GrantStore) usable() error {
	if st := s.nc.Status(); st != nats.CONNECTED {
		return s.unavailable(fmt.Errorf("the NATS connection is %s", st))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.broken != nil {
		return s.unavailable(s.broken)
	}
	return nil
}

func (s *GrantStore) live(sg *sessionGrants, now time.Time) bool {
	return sg != nil && now.Sub(sg.Used) < s.idle
}

// touchAfter is how stale a session's use time may get before a List
// writes it again, postponing the grants' expiry.
func (s *GrantStore) touchAfter() time.Duration { return max(s.idle/8, time.Second) }

// Add implements grant.Store: it records g in its session's entry by
// compare and set on the entry's revision, so concurrent adds on any
// daemons all land.
func (s *GrantStore) Add(ctx context.Context, g grant.Grant) (grant.Grant, error) {
	if err := g.Validate(); err != nil {
		return grant.Grant{}, err
	}
	if g.Category != "" {
		g.Category = grant.CanonicalCategory(g.Category)
	}
	if err := s.usable(); err != nil {
		return grant.Grant{}, err
	}
	key := grantKey(g.Session)
	for {
		now := s.now()
		sg, rev, err := s.read(ctx, key)
		if err != nil {
			return grant.Grant{}, err
		}
		if !s.live(&sg, now) {
			sg = sessionGrants{Session: g.Session}
		}
		sg.Used = now
		var out grant.Grant
		found := false
		for _, old := range sg.Grants {
			if grant.SameTarget(old, g) {
				out, found = old, true
				break
			}
		}
		if !found {
			g.ID = grant.NewID()
			g.CreatedAt = now
			g.Source = ""
			if g.Daemon == "" {
				g.Daemon = s.daemon
			}
			sg.Grants = append(sg.Grants, g)
			out = g
		}
		newRev, err := s.write(ctx, key, sg, rev)
		if errors.Is(err, errConflict) {
			continue // another daemon changed the session meanwhile
		}
		if err != nil {
			return grant.Grant{}, err
		}
		if err := s.caughtUp(ctx, newRev); err != nil {
			return grant.Grant{}, err
		}
		out.ExpiresAt = now.Add(s.idle)
		return out, nil
	}
}

var errConflict = errors.New("teams: the entry changed")

// read returns the session's entry as the server holds it and its
// revision (zero when there is none).
func (s *GrantStore) read(ctx context.Context, key string) (sessionGrants, uint64, error) {
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	e, err := s.kv.Get(ctx, key)
	switch {
	case errors.Is(err, jetstream.ErrKeyNotFound):
		return sessionGrants{}, 0, nil
	case err != nil:
		return sessionGrants{}, 0, s.unavailable(err)
	}
	var sg sessionGrants
	if err := json.Unmarshal(e.Value(), &sg); err != nil {
		// A damaged entry is never taken for "no grants" and overwritten.
		return sessionGrants{}, 0, fmt.Errorf("teams: the grants of entry %s: %w", key, err)
	}
	return sg, e.Revision(), nil
}

// write stores sg at key if the entry is still at rev (zero: absent).
func (s *GrantStore) write(ctx context.Context, key string, sg sessionGrants, rev uint64) (uint64, error) {
	data, err := json.Marshal(sg)
	if err != nil {
		return 0, fmt.Errorf("teams: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	var newRev uint64
	if rev == 0 {
		newRev, err = s.kv.Create(ctx, key, data)
	} else {
		newRev, err = s.kv.Update(ctx, key, data, rev)
	}
	if casConflict(err) {
		return 0, errConflict
	}
	if err != nil {
		return 0, s.unavailable(err)
	}
	return newRev, nil
}

// List implements grant.Store from the mirror. Listing a session counts as
// use: when its use time has grown stale, the entry is written again,
// postponing its expiry on every daemon.
func (s *GrantStore) List(ctx context.Context, session string) ([]grant.Grant, error) {
	if err := s.usable(); err != nil {
		return nil, err
	}
	now := s.now()
	var out []grant.Grant
	collect := func(sg *sessionGrants, expires time.Time) {
		for _, g := range sg.Grants {
			g.ExpiresAt = expires
			out = append(out, g)
		}
	}
	s.mu.Lock()
	if session != "" {
		key := grantKey(session)
		sg := s.sessions[key]
		if !s.live(sg, now) || sg.Session != session {
			s.mu.Unlock()
			return nil, nil
		}
		stale := now.Sub(sg.Used) >= s.touchAfter()
		copied := *sg
		copied.Grants = append([]grant.Grant(nil), sg.Grants...)
		s.mu.Unlock()
		expires := copied.Used.Add(s.idle)
		if stale {
			copied.Used = now
			if _, err := s.write(ctx, key, copied, copied.revision); err == nil {
				expires = now.Add(s.idle)
			}
			// A conflict means another daemon wrote the session just now,
			// which counts as use too; a failure leaves the expiry as it was.
		}
		collect(&copied, expires)
		return out, nil
	}
	for _, sg := range s.sessions {
		if s.live(sg, now) {
			collect(sg, sg.Used.Add(s.idle))
		}
	}
	s.mu.Unlock()
	grant.SortGrants(out)
	return out, nil
}

// Revoke implements grant.Store: it removes the grants named by idOrRule
// from every session in the bucket, each by compare and set.
func (s *GrantStore) Revoke(ctx context.Context, idOrRule string) (int, error) {
	if idOrRule == "" {
		return 0, nil
	}
	if err := s.usable(); err != nil {
		return 0, err
	}
	kctx, cancel := context.WithTimeout(ctx, opTimeout)
	keys, err := s.kv.Keys(kctx)
	cancel()
	if errors.Is(err, jetstream.ErrNoKeysFound) {
		return 0, nil
	}
	if err != nil {
		return 0, s.unavailable(err)
	}
	n := 0
	var last uint64
	for _, key := range keys {
		for {
			sg, rev, err := s.read(ctx, key)
			if err != nil {
				return n, err
			}
			if rev == 0 {
				break
			}
			kept := sg.Grants[:0:0]
			for _, g := range sg.Grants {
				if !g.Names(idOrRule) {
					kept = append(kept, g)
				}
			}
			removed := len(sg.Grants) - len(kept)
			if removed == 0 {
				break
			}
			sg.Grants = kept
			newRev, err := s.write(ctx, key, sg, rev)
			if errors.Is(err, errConflict) {
				continue
			}
			if err != nil {
				return n, err
			}
			n += removed
			last = max(last, newRev)
			break
		}
	}
	if last > 0 {
		if err := s.caughtUp(ctx, last); err != nil {
			return n, err
		}
	}
	return n, nil
}
