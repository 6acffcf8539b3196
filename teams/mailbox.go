package teams

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/mailbox"
	"github.com/wardenhq/warden/server"
)

// MailboxBucket is the key-value bucket of the sub-agents' mailbox. Its
// keys are per leader — L.<leader>.<request>, both digests — so each
// leader's requests are on subjects of their own
// ($KV.warden_mailbox.L.<leader>.>).
const MailboxBucket = "warden_mailbox"

// mailboxKeep is how long a request stays in the bucket after its last
// change: past every forwarded ask's deadline (an hour at most).
const mailboxKeep = 2 * time.Hour

// Mailbox is the sub-agents' mailbox of a team ([mailbox.Mailbox] and
// [mailbox.Inbox]): a worker forwards its ask through any daemon, its
// leader lists, receives and answers it through any daemon, and the
// worker's Await on the first sees the answer. Receiving and answering
// are compare and set on the request's entry, so each request is received
// once and its first answer is the one that counts.
type Mailbox struct {
	nc   *nats.Conn
	kv   jetstream.KeyValue
	stop context.CancelFunc

	mu      sync.Mutex
	changed *sync.Cond
	entries map[string]*mailEntry // by key
	seen    uint64
	broken  error
}

var _ server.MailboxStore = (*Mailbox)(nil)

// mailEntry is one request in the bucket.
type mailEntry struct {
	Request  mailbox.Request   `json:"request"`
	Created  time.Time         `json:"created"`
	Received bool              `json:"received,omitempty"`
	Response *mailbox.Response `json:"response,omitempty"`
	revision uint64
}

// OpenMailbox opens (creating when missing) the mailbox's bucket on nc and
// starts mirroring it. Close stops the mirror.
func OpenMailbox(ctx context.Context, nc *nats.Conn, opts StoreOptions) (*Mailbox, error) {
	kv, err := openBucket(ctx, nc, "the mailbox's bucket", opts.Replicas, jetstream.KeyValueConfig{
		Bucket:      MailboxBucket,
		Description: "Warden: the sub-agents' asks forwarded to their leaders, one key per leader and request",
		History:     1,
		TTL:         mailboxKeep,
	})
	if err != nil {
		return nil, err
	}
	m := &Mailbox{nc: nc, kv: kv, entries: map[string]*mailEntry{}}
	m.changed = sync.NewCond(&m.mu)
	m.stop, err = mirrorBucket(ctx, kv, "the mailbox's bucket", errors.New("the mailbox is closed"), m.apply, m.end)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Close stops mirroring the bucket; waiting calls end.
func (m *Mailbox) Close() { m.stop() }

// end marks the mirror as no longer following the bucket.
func (m *Mailbox) end(why error) {
	m.mu.Lock()
	m.broken = why
	m.changed.Broadcast()
	m.mu.Unlock()
}

func (m *Mailbox) apply(e jetstream.KeyValueEntry) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if e.Operation() == jetstream.KeyValuePut {
		var me mailEntry
		if err := json.Unmarshal(e.Value(), &me); err == nil {
			me.revision = e.Revision()
			m.entries[e.Key()] = &me
		}
	} else {
		delete(m.entries, e.Key())
	}
	m.seen = max(m.seen, e.Revision())
	m.changed.Broadcast()
}

func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:12])
}

// leaderPrefix is the key prefix of leader's requests.
func leaderPrefix(leader string) string { return "L." + digest(leader) + "." }

func mailKey(leader, id string) string { return leaderPrefix(leader) + digest(id) }

// waitFor waits, bounded by ctx, until cond holds of the mirror (checked
// with m.mu held).
func (m *Mailbox) waitFor(ctx context.Context, cond func() bool) error {
	stop := context.AfterFunc(ctx, func() {
		m.mu.Lock()
		m.changed.Broadcast()
		m.mu.Unlock()
	})
	defer stop()
	m.mu.Lock()
	defer m.mu.Unlock()
	for !cond() {
		if m.broken != nil {
			return m.unavailable(m.broken)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		m.changed.Wait()
	}
	return nil
}

// caughtUp waits until the mirror holds revision rev.
func (m *Mailbox) caughtUp(ctx context.Context, rev uint64) error {
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	return m.waitFor(ctx, func() bool { return m.seen >= rev })
}

// sync waits until the mirror holds every change the server has: after
// it, a request sent or answered through any daemon is seen here.
func (m *Mailbox) sync(ctx context.Context) error {
	if err := m.usable(); err != nil {
		return err
	}
	sctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	st, err := m.kv.Status(sctx)
	if err != nil {
		return m.unavailable(err)
	}
	bs, ok := st.(*jetstream.KeyValueBucketStatus)
	if !ok {
		return m.unavailable(errors.New("no stream state"))
	}
	return m.caughtUp(ctx, bs.StreamInfo().State.LastSeq)
}

// gone waits until the mirror no longer holds key.
func (m *Mailbox) gone(ctx context.Context, key string) error {
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	return m.waitFor(ctx, func() bool { return m.entries[key] == nil })
}

func (m *Mailbox) unavailable(err error) error {
	return fmt.Errorf("teams: the team's mailbox is unavailable: %w", err)
}

func (m *Mailbox) usable() error {
	if st := m.nc.Status(); st != nats.CONNECTED {
		return m.unavailable(fmt.Errorf("the NATS connection is %s", st))
	}
	return nil
}

// byID returns the key and a copy of the entry of request id (m.mu held).
func (m *Mailbox) byIDLocked(id string) (string, *mailEntry) {
	suffix := "." + digest(id)
	for k, e := range m.entries {
		if strings.HasSuffix(k, suffix) && e.Request.ID == id {
			c := *e
			return k, &c
		}
	}
	return "", nil
}

func (m *Mailbox) byID(id string) (string, *mailEntry) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.byIDLocked(id)
}

// Send implements mailbox.Mailbox.
func (m *Mailbox) Send(ctx context.Context, req mailbox.Request) error {
	if req.ID == "" || req.Leader == "" {
		return fmt.Errorf("%w: request needs an id and a leader", mailbox.ErrInvalid)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := m.sync(ctx); err != nil {
		return err
	}
	if k, _ := m.byID(req.ID); k != "" {
		return fmt.Errorf("%w: %s", mailbox.ErrDuplicate, req.ID)
	}
	data, err := json.Marshal(mailEntry{Request: req, Created: time.Now()})
	if err != nil {
		return fmt.Errorf("teams: %w", err)
	}
	cctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	rev, err := m.kv.Create(cctx, mailKey(req.Leader, req.ID), data)
	if casConflict(err) {
		return fmt.Errorf("%w: %s", mailbox.ErrDuplicate, req.ID)
	}
	if err != nil {
		return m.unavailable(err)
	}
	return m.caughtUp(ctx, rev)
}

// Await implements mailbox.Mailbox: it waits until the request has an
// answer, then takes the request out of the bucket.
func (m *Mailbox) Await(ctx context.Context, id string) (mailbox.Response, error) {
	if err := m.sync(ctx); err != nil {
		return mailbox.Response{}, err
	}
	var key string
	var e *mailEntry
	err := m.waitFor(ctx, func() bool {
		key, e = m.byIDLocked(id)
		return e == nil || e.Response != nil
	})
	if err != nil {
		return mailbox.Response{}, err
	}
	if e == nil {
		return mailbox.Response{}, fmt.Errorf("%w: %s", mailbox.ErrUnknownRequest, id)
	}
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), opTimeout)
	defer cancel()
	if err := m.kv.Delete(dctx, key, jetstream.LastRevision(e.revision)); err != nil {
		if casConflict(err) {
			// Another Await collected it first.
			return mailbox.Response{}, fmt.Errorf("%w: %s", mailbox.ErrUnknownRequest, id)
		}
		return mailbox.Response{}, m.unavailable(err)
	}
	if err := m.gone(dctx, key); err != nil {
		return mailbox.Response{}, err
	}
	return *e.Response, nil
}

// Withdraw implements mailbox.Mailbox.
func (m *Mailbox) Withdraw(ctx context.Context, id string) error {
	if err := m.sync(ctx); err != nil {
		return err
	}
	key, e := m.byID(id)
	if e == nil {
		return nil
	}
	dctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	if err := m.kv.Delete(dctx, key); err != nil {
		return m.unavailable(err)
	}
	return m.gone(dctx, key)
}

// pendingLocked returns leader's unanswered entries, oldest first (m.mu
// held).
func (m *Mailbox) pendingLocked(leader string) []*mailEntry {
	prefix := leaderPrefix(leader)
	var out []*mailEntry
	for k, e := range m.entries {
		if strings.HasPrefix(k, prefix) && e.Request.Leader == leader && e.Response == nil {
			c := *e
			out = append(out, &c)
		}
	}
	slices.SortFunc(out, func(a, b *mailEntry) int {
		if c := a.Created.Compare(b.Created); c != 0 {
			return c
		}
		return strings.Compare(a.Request.ID, b.Request.ID)
	})
	return out
}

// Pending implements mailbox.Inbox.
func (m *Mailbox) Pending(ctx context.Context, leader string) ([]mailbox.Request, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := m.sync(ctx); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []mailbox.Request
	for _, e := range m.pendingLocked(leader) {
		out = append(out, e.Request)
	}
	return out, nil
}

// Receive implements mailbox.Inbox: the request it returns is marked
// received by compare and set, so no other Receive, on any daemon, returns
// it again.
func (m *Mailbox) Receive(ctx context.Context, leader string) (mailbox.Request, error) {
	if err := m.sync(ctx); err != nil {
		return mailbox.Request{}, err
	}
	for {
		var next *mailEntry
		err := m.waitFor(ctx, func() bool {
			for _, e := range m.pendingLocked(leader) {
				if !e.Received {
					next = e
					return true
				}
			}
			return false
		})
		if err != nil {
			return mailbox.Request{}, err
		}
		next.Received = true
		rev, err := m.update(ctx, mailKey(leader, next.Request.ID), *next)
		if errors.Is(err, errConflict) {
			// Received or answered elsewhere meanwhile: wait for the
			// mirror to show it, and look again.
			if err := m.sync(ctx); err != nil {
				return mailbox.Request{}, err
			}
			continue
		}
		if err != nil {
			return mailbox.Request{}, err
		}
		if err := m.caughtUp(ctx, rev); err != nil {
			return mailbox.Request{}, err
		}
		return next.Request, nil
	}
}

// update writes e at key if the entry is still at e.revision.
func (m *Mailbox) update(ctx context.Context, key string, e mailEntry) (uint64, error) {
	data, err := json.Marshal(e)
	if err != nil {
		return 0, fmt.Errorf("teams: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	rev, err := m.kv.Update(ctx, key, data, e.revision)
	if casConflict(err) {
		return 0, errConflict
	}
	if err != nil {
		return 0, m.unavailable(err)
	}
	return rev, nil
}

// Answer implements mailbox.Inbox. The first answer wins by compare and
// set; a later one, from any daemon, is ErrAnswered.
func (m *Mailbox) Answer(ctx context.Context, resp mailbox.Response) error {
	if resp.Behavior != api.Allow && resp.Behavior != api.Deny {
		return fmt.Errorf("%w: behavior %q is not allow or deny", mailbox.ErrInvalid, resp.Behavior)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := m.sync(ctx); err != nil {
		return err
	}
	for {
		key, e := m.byID(resp.ID)
		if e == nil {
			return fmt.Errorf("%w: %s", mailbox.ErrUnknownRequest, resp.ID)
		}
		if e.Response != nil {
			return fmt.Errorf("%w: %s", mailbox.ErrAnswered, resp.ID)
		}
		r := resp
		e.Response = &r
		rev, err := m.update(ctx, key, *e)
		if errors.Is(err, errConflict) {
			if err := m.sync(ctx); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		// The answer is kept: the worker may already hold it. Waiting for
		// this node's own view only makes a later Pending here leave it
		// out; if the caller stops waiting first (ctx ends), the answer is
		// still kept, and an error would tell the leader it was not.
		_ = m.caughtUp(ctx, rev)
		return nil
	}
}
