package server

import (
	"encoding/json"
	"sync"
)

// The names of the server-sent events on GET /v1/events.
const (
	// EventPending announces a new pending ask, or an update of one (the
	// explainer's account arrived). Its data is a [PendingAsk].
	EventPending = "pending"
	// EventResolved says a pending ask left the queue. Its data is a
	// [ResolvedAsk].
	EventResolved = "resolved"
	// EventDecision reports a final decision made through POST /v1/decide,
	// for the page's list of recent decisions. Its data is a [RecentDecision].
	EventDecision = "decision"
)

// Event is one server-sent event: its name and its JSON data.
type Event struct {
	Name string
	Data json.RawMessage
}

// subscriberBuffer is how many events a subscriber may lag behind before it
// is dropped; a page that cannot keep up reconnects and gets a fresh
// snapshot.
const subscriberBuffer = 256

// broker fans events out to the connected event streams. Publishing never
// blocks: a subscriber whose buffer is full is dropped.
type broker struct {
	mu     sync.Mutex
	subs   map[*subscriber]struct{}
	closed bool
}

// subscriber is one event stream. Its channel is closed when it is dropped
// or the broker closes.
type subscriber struct {
	ch chan Event
}

func newBroker() *broker { return &broker{subs: make(map[*subscriber]struct{})} }

// subscribe adds a subscriber whose buffer already holds the events of
// snapshot. It returns nil when the broker is closed.
func (b *broker) subscribe(snapshot []Event) *subscriber {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return nil
	}
	s := &subscriber{ch: make(chan Event, subscriberBuffer+len(snapshot))}
	for _, e := range snapshot {
		s.ch <- e
	}
	b.subs[s] = struct{}{}
	return s
}

// unsubscribe removes s; it is safe to call more than once.
func (b *broker) unsubscribe(s *subscriber) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.subs[s]; ok {
		delete(b.subs, s)
		close(s.ch)
	}
}

func (b *broker) publish(e Event) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for s := range b.subs {
		select {
		case s.ch <- e:
		default:
			delete(b.subs, s)
			close(s.ch)
		}
	}
}

// close ends every stream; later subscriptions fail.
func (b *broker) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	for s := range b.subs {
		delete(b.subs, s)
		close(s.ch)
	}
}
