package mailbox

import (
	"context"
	"fmt"
	"slices"
	"sync"
)

// Memory is the in-process mailbox: leader and workers share one value. Its
// zero value is not usable; call NewMemory.
type Memory struct {
	mu      sync.Mutex
	entries map[string]*entry
	order   []string // pending ids, oldest first
	// sent is closed and replaced whenever a request arrives, waking
	// Receive.
	sent chan struct{}
}

type entry struct {
	req      Request
	received bool
	resp     *Response
	answered chan struct{}
}

var (
	_ Mailbox = (*Memory)(nil)
	_ Inbox   = (*Memory)(nil)
)

// NewMemory returns an empty in-process mailbox.
func NewMemory() *Memory {
	return &Memory{entries: map[string]*entry{}, sent: make(chan struct{})}
}

// Send queues req for its leader.
func (m *Memory) Send(ctx context.Context, req Request) error {
	if req.ID == "" || req.Leader == "" {
		return fmt.Errorf("%w: request needs an id and a leader", ErrInvalid)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.entries[req.ID]; ok {
		return fmt.Errorf("%w: %s", ErrDuplicate, req.ID)
	}
	m.entries[req.ID] = &entry{req: req, answered: make(chan struct{})}
	m.order = append(m.order, req.ID)
	close(m.sent)
	m.sent = make(chan struct{})
	return nil
}

// Await waits for the answer to request id.
func (m *Memory) Await(ctx context.Context, id string) (Response, error) {
	m.mu.Lock()
	e, ok := m.entries[id]
	m.mu.Unlock()
	if !ok {
		return Response{}, fmt.Errorf("%w: %s", ErrUnknownRequest, id)
	}
	select {
	case <-e.answered:
	case <-ctx.Done():
		return Response{}, ctx.Err()
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.entries[id] != e {
		return Response{}, fmt.Errorf("%w: %s", ErrUnknownRequest, id)
	}
	delete(m.entries, id)
	return *e.resp, nil
}

// Withdraw forgets request id.
func (m *Memory) Withdraw(_ context.Context, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.entries, id)
	m.removePending(id)
	return nil
}

func (m *Memory) removePending(id string) {
	if i := slices.Index(m.order, id); i >= 0 {
		m.order = slices.Delete(m.order, i, i+1)
	}
}

// Pending lists the unanswered requests for leader, oldest first.
func (m *Memory) Pending(ctx context.Context, leader string) ([]Request, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Request
	for _, id := range m.order {
		if e := m.entries[id]; e.req.Leader == leader {
			out = append(out, e.req)
		}
	}
	return out, nil
}

// Receive waits for the next request for leader not yet received.
func (m *Memory) Receive(ctx context.Context, leader string) (Request, error) {
	for {
		m.mu.Lock()
		for _, id := range m.order {
			if e := m.entries[id]; e.req.Leader == leader && !e.received {
				e.received = true
				m.mu.Unlock()
				return e.req, nil
			}
		}
		wake := m.sent
		m.mu.Unlock()
		select {
		case <-wake:
		case <-ctx.Done():
			return Request{}, ctx.Err()
		}
	}
}

// Answer resolves the request resp.ID.
func (m *Memory) Answer(ctx context.Context, resp Response) error {
	if resp.Behavior != "allow" && resp.Behavior != "deny" {
		return fmt.Errorf("%w: behavior %q is not allow or deny", ErrInvalid, resp.Behavior)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[resp.ID]
	if !ok {
		return fmt.Errorf("%w: %s", ErrUnknownRequest, resp.ID)
	}
	if e.resp != nil {
		return fmt.Errorf("%w: %s", ErrAnswered, resp.ID)
	}
	e.resp = &resp
	m.removePending(resp.ID)
	close(e.answered)
	return nil
}
