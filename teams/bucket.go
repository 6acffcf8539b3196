package teams

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// openBucket opens (creating when missing) one of the team's key-value
// buckets on nc, file-stored with replicas copies (at least one); what
// names it in errors ("the grants' bucket").
func openBucket(ctx context.Context, nc *nats.Conn, what string, replicas int, cfg jetstream.KeyValueConfig) (jetstream.KeyValue, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("teams: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	cfg.Storage = jetstream.FileStorage
	cfg.Replicas = max(replicas, 1)
	kv, err := js.CreateOrUpdateKeyValue(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("teams: opening %s: %w", what, err)
	}
	return kv, nil
}

// mirrorBucket follows every change of kv, in order, from its first entry:
// apply sees each one. It returns once the bucket's present entries are
// applied (or fails when ctx ends first), and keeps following until stop
// is called; when the watch ends, for whatever reason, ended is called
// once with why, so that waiting readers fail rather than read a mirror
// that no longer moves. closed is the reason given after stop.
func mirrorBucket(ctx context.Context, kv jetstream.KeyValue, what string, closed error, apply func(jetstream.KeyValueEntry), ended func(error)) (stop context.CancelFunc, err error) {
	wctx, stop := context.WithCancel(context.Background())
	w, err := kv.WatchAll(wctx)
	if err != nil {
		stop()
		return nil, fmt.Errorf("teams: watching %s: %w", what, err)
	}
	loaded := make(chan struct{})
	go func() {
		defer w.Stop()
		once := sync.OnceFunc(func() { close(loaded) })
		defer once()
		for {
			select {
			case e, ok := <-w.Updates():
				if !ok {
					ended(errors.New("the watch of " + what + " ended"))
					return
				}
				if e == nil { // the present entries are all in
					once()
					continue
				}
				apply(e)
			case <-wctx.Done():
				ended(closed)
				return
			}
		}
	}()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	select {
	case <-loaded:
		return stop, nil
	case <-ctx.Done():
		stop()
		return nil, fmt.Errorf("teams: reading %s: %w", what, ctx.Err())
	}
}
