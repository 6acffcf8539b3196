package teams

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// KeysBucket is the key-value bucket of the team's shared secrets: the
// key answer links are signed with. Only daemons can read it (the agents'
// NATS user may subscribe to nothing).
const KeysBucket = "warden_keys"

// linkKeyName is the link key's entry in KeysBucket.
const linkKeyName = "link"

// LinkKeySize is the size of the team's link key.
const LinkKeySize = 32

// LinkKey returns the team's key for answer links, the same for every
// daemon: the first daemon to ask creates it (a create that only one
// daemon can win), the others read it. It lives as long as the bucket,
// with the asks' bucket's replicas.
func (t *Team) LinkKey(ctx context.Context) ([]byte, error) {
	js, err := jetstream.New(t.Conn)
	if err != nil {
		return nil, fmt.Errorf("teams: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	replicas := 1
	if t.Asks != nil {
		if st, err := t.Asks.kv.Status(ctx); err == nil {
			if bs, ok := st.(*jetstream.KeyValueBucketStatus); ok && bs.StreamInfo() != nil {
				replicas = max(bs.StreamInfo().Config.Replicas, 1)
			}
		}
	}
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:      KeysBucket,
		Description: "Warden: the team's shared keys (answer links)",
		History:     1,
		Storage:     jetstream.FileStorage,
		Replicas:    replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("teams: opening the keys' bucket: %w", err)
	}
	fresh := make([]byte, LinkKeySize)
	_, _ = rand.Read(fresh) // crypto/rand.Read never fails
	if _, err := kv.Create(ctx, linkKeyName, fresh); err == nil {
		return fresh, nil
	} else if !errors.Is(err, jetstream.ErrKeyExists) {
		return nil, fmt.Errorf("teams: creating the link key: %w", err)
	}
	e, err := kv.Get(ctx, linkKeyName)
	if err != nil {
		return nil, fmt.Errorf("teams: reading the link key: %w", err)
	}
	if len(e.Value()) != LinkKeySize {
		return nil, fmt.Errorf("teams: the team's link key has %d bytes, want %d", len(e.Value()), LinkKeySize)
	}
	return e.Value(), nil
}
