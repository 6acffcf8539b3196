package teams

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"

	"github.com/nats-io/nats.go"

	"github.com/wardenhq/warden/server"
)

// decisionsSubject is the subject the daemons fan their recent decisions
// out on, for every page's list. It is core NATS, not a stream: the
// record is the audit; this is the page's view of it.
const decisionsSubject = "warden.decisions"

// originHeader names the feed that published a decision, so a daemon
// does not list its own decisions twice.
const originHeader = "Warden-Origin"

// DecisionFeed is the [server.DecisionFeed] of a team, on NATS.
type DecisionFeed struct {
	nc     *nats.Conn
	origin string
}

var _ server.DecisionFeed = (*DecisionFeed)(nil)

// NewDecisionFeed returns the feed of one daemon on nc.
func NewDecisionFeed(nc *nats.Conn) *DecisionFeed {
	return &DecisionFeed{nc: nc, origin: rand.Text()}
}

// Publish implements server.DecisionFeed. A decision that cannot be sent
// (the connection is down) is missing from the other pages only.
func (f *DecisionFeed) Publish(r server.RecentDecision) {
	data, err := json.Marshal(r)
	if err != nil {
		return
	}
	m := nats.NewMsg(decisionsSubject)
	m.Header.Set(originHeader, f.origin)
	m.Data = data
	_ = f.nc.PublishMsg(m)
}

// Subscribe implements server.DecisionFeed.
func (f *DecisionFeed) Subscribe(ctx context.Context, fn func(server.RecentDecision)) error {
	sub, err := f.nc.Subscribe(decisionsSubject, func(m *nats.Msg) {
		if m.Header.Get(originHeader) == f.origin || ctx.Err() != nil {
			return
		}
		var r server.RecentDecision
		if json.Unmarshal(m.Data, &r) == nil {
			fn(r)
		}
	})
	if err != nil {
		return fmt.Errorf("teams: the team's decisions: %w", err)
	}
	// The server has the subscription once the flush returns: decisions
	// published from then on reach this page.
	_ = f.nc.FlushTimeout(opTimeout)
	context.AfterFunc(ctx, func() { _ = sub.Unsubscribe() })
	return nil
}
