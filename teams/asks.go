package teams

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/wardenhq/warden/server"
)

// AsksBucket is the key-value bucket of the pending asks, one key per ask.
const AsksBucket = "warden_asks"

// askKeep is how long an entry stays in the bucket after its last change:
// past every deadline (approvals are bounded by an hour), so a late answer
// is told "already answered".
const askKeep = 2 * time.Hour

// opTimeout bounds one call to JetStream.
const opTimeout = 5 * time.Second

// StoreOptions configures the buckets and streams of a team.
type StoreOptions struct {
	// Replicas is how many servers of a cluster keep each bucket; zero
	// means one.
	Replicas int
}

// AskStore is the [server.AskStore] of a team, in a JetStream key-value
// bucket.
type AskStore struct {
	kv jetstream.KeyValue
}

var _ server.AskStore = (*AskStore)(nil)

// OpenAskStore opens (creating when missing) the asks' bucket on nc.
func OpenAskStore(ctx context.Context, nc *nats.Conn, opts StoreOptions) (*AskStore, error) {
	kv, err := openBucket(ctx, nc, "the asks' bucket", opts.Replicas, jetstream.KeyValueConfig{
		Bucket:      AsksBucket,
		Description: "Warden: pending asks, one key per ask",
		History:     1,
		TTL:         askKeep,
	})
	if err != nil {
		return nil, err
	}
	return &AskStore{kv: kv}, nil
}

// Create implements server.AskStore.
func (s *AskStore) Create(ctx context.Context, a server.StoredAsk) (server.StoredAsk, error) {
	if err := server.ValidAskID(a.ID); err != nil {
		return server.StoredAsk{}, err
	}
	a.Resolution = nil
	data, err := json.Marshal(a)
	if err != nil {
		return server.StoredAsk{}, fmt.Errorf("teams: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	rev, err := s.kv.Create(ctx, a.ID, data)
	if err != nil {
		if casConflict(err) {
			return server.StoredAsk{}, fmt.Errorf("%w: %q", server.ErrDuplicateAsk, a.ID)
		}
		return server.StoredAsk{}, unavailable(err)
	}
	a.Revision = rev
	return a, nil
}

// Get implements server.AskStore.
func (s *AskStore) Get(ctx context.Context, id string) (server.StoredAsk, error) {
	if server.ValidAskID(id) != nil {
		return server.StoredAsk{}, fmt.Errorf("%w: %q", server.ErrUnknownAsk, id)
	}
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	e, err := s.kv.Get(ctx, id)
	if err != nil {
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			return server.StoredAsk{}, fmt.Errorf("%w: %q", server.ErrUnknownAsk, id)
		}
		return server.StoredAsk{}, unavailable(err)
	}
	return decodeAsk(e)
}

// Update implements server.AskStore.
func (s *AskStore) Update(ctx context.Context, id string, view json.RawMessage) (server.StoredAsk, error) {
	return s.change(ctx, id, func(a *server.StoredAsk) { a.View = view })
}

// Resolve implements server.AskStore: it reads the entry, and writes the
// resolution only at the revision it read; a write that loses the race
// reads again, and finds the ask answered.
func (s *AskStore) Resolve(ctx context.Context, id string, r server.Resolution) (server.StoredAsk, error) {
	if r.Time.IsZero() {
		r.Time = time.Now()
	}
	return s.change(ctx, id, func(a *server.StoredAsk) { a.Resolution = &r })
}

func (s *AskStore) change(ctx context.Context, id string, f func(*server.StoredAsk)) (server.StoredAsk, error) {
	for {
		a, err := s.Get(ctx, id)
		if err != nil {
			return server.StoredAsk{}, err
		}
		if !a.Pending() {
			return a, fmt.Errorf("%w: %q", server.ErrAlreadyAnswered, id)
		}
		f(&a)
		data, err := json.Marshal(a)
		if err != nil {
			return server.StoredAsk{}, fmt.Errorf("teams: %w", err)
		}
		uctx, cancel := context.WithTimeout(ctx, opTimeout)
		rev, err := s.kv.Update(uctx, id, data, a.Revision)
		cancel()
		if err == nil {
			a.Revision = rev
			return a, nil
		}
		if !casConflict(err) {
			return server.StoredAsk{}, unavailable(err)
		}
		// Someone changed the entry since we read it: read it again.
		if err := ctx.Err(); err != nil {
			return server.StoredAsk{}, err
		}
	}
}

// List implements server.AskStore. It reads the bucket through one
// ordered consumer, which is as fast for a thousand asks as for one.
func (s *AskStore) List(ctx context.Context) ([]server.StoredAsk, error) {
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	w, err := s.kv.WatchAll(ctx, jetstream.IgnoreDeletes())
	if err != nil {
		return nil, unavailable(err)
	}
	defer w.Stop()
	out := []server.StoredAsk{}
	for {
		select {
		case e, ok := <-w.Updates():
			if !ok {
				return nil, unavailable(errors.New("the watch ended"))
			}
			if e == nil { // the initial values are all here
				server.SortAsks(out)
				return out, nil
			}
			a, err := decodeAsk(e)
			if err != nil || !a.Pending() {
				continue
			}
			out = append(out, a)
		case <-ctx.Done():
			return nil, unavailable(ctx.Err())
		}
	}
}

// Watch implements server.AskStore.
func (s *AskStore) Watch(ctx context.Context) (<-chan server.StoredAsk, error) {
	w, err := s.kv.WatchAll(ctx, jetstream.UpdatesOnly(), jetstream.IgnoreDeletes())
	if err != nil {
		return nil, unavailable(err)
	}
	out := make(chan server.StoredAsk, 256)
	go func() {
		defer close(out)
		defer w.Stop()
		for {
			select {
			case e, ok := <-w.Updates():
				if !ok {
					return
				}
				if e == nil {
					continue
				}
				a, err := decodeAsk(e)
				if err != nil {
					continue
				}
				select {
				case out <- a:
				case <-ctx.Done():
					return
				}
			case <-ctx.Done():
				return
			}
		}
	}()
	return out, nil
}

// casConflict reports whether err says the entry is not at the revision
// written against (one server reports it as "key exists", a replicated
// bucket as a revision mismatch).
func casConflict(err error) bool {
	return errors.Is(err, jetstream.ErrKeyExists) || errors.Is(err, jetstream.ErrKeyRevisionMismatch)
}

func decodeAsk(e jetstream.KeyValueEntry) (server.StoredAsk, error) {
	var a server.StoredAsk
	if err := json.Unmarshal(e.Value(), &a); err != nil {
		return server.StoredAsk{}, fmt.Errorf("teams: ask %s: %w", e.Key(), err)
	}
	a.Revision = e.Revision()
	return a, nil
}

// unavailable marks an error reaching JetStream.
func unavailable(err error) error {
	return fmt.Errorf("%w: %w", server.ErrStoreUnavailable, err)
}
