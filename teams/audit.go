package teams

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/wardenhq/warden/audit"
	"github.com/wardenhq/warden/server"
)

// AuditStream is the JetStream stream of the team's audit log: every final
// decision of every daemon, each record naming the daemon that decided.
const AuditStream = "WARDEN_AUDIT"

// auditSubject is the subject the records are published on.
const auditSubject = "warden.audit"

// Limits of the audit stream: the oldest records go first.
const (
	auditMaxAge   = 90 * 24 * time.Hour
	auditMaxBytes = 1 << 30
)

// AuditOptions configures the team's audit log.
type AuditOptions struct {
	StoreOptions
	// Daemon names this daemon in the records it writes (a record that
	// names one already keeps it).
	Daemon string
	// Redact are the settings' extra patterns (audit.redact), masked on top
	// of the built-in ones before a record leaves the process.
	Redact []string
	// DigestKey keys the input digests; nil means a fresh key.
	DigestKey audit.DigestKey
	// MaxValueBytes caps each string of the input as published; zero
	// means audit.DefaultMaxValueBytes.
	MaxValueBytes int
	// Now is the clock for records without a time; nil means time.Now.
	Now func() time.Time
}

// AuditLog is the [audit.Sink] of a team: a JetStream stream, each record
// acknowledged only once the server has it on disk. It also reads the
// stream back (for GET /v1/audit).
type AuditLog struct {
	js       jetstream.JetStream
	stream   jetstream.Stream
	daemon   string
	redactor *audit.Redactor
	key      audit.DigestKey
	maxValue int
	now      func() time.Time
}

var (
	_ audit.Sink         = (*AuditLog)(nil)
	_ server.AuditReader = (*AuditLog)(nil)
)

// OpenAuditLog opens (creating when missing) the audit stream on nc.
func OpenAuditLog(ctx context.Context, nc *nats.Conn, opts AuditOptions) (*AuditLog, error) {
	red, err := audit.NewRedactor(opts.Redact)
	if err != nil {
		return nil, err
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("teams: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	st, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        AuditStream,
		Description: "Warden: the audit log of every daemon of the team",
		Subjects:    []string{auditSubject},
		Storage:     jetstream.FileStorage,
		Replicas:    max(opts.Replicas, 1),
		MaxAge:      auditMaxAge,
		MaxBytes:    auditMaxBytes,
		Discard:     jetstream.DiscardOld,
	})
	if err != nil {
		return nil, fmt.Errorf("teams: opening the audit stream: %w", err)
	}
	l := &AuditLog{js: js, stream: st, daemon: opts.Daemon, redactor: red, key: opts.DigestKey, maxValue: opts.MaxValueBytes, now: opts.Now}
	if l.key == nil {
		l.key = audit.NewDigestKey()
	}
	if l.maxValue == 0 {
		l.maxValue = audit.DefaultMaxValueBytes
	}
	if l.now == nil {
		l.now = time.Now
	}
	return l, nil
}

// Write implements audit.Sink: it digests and redacts r and publishes it,
// returning once the stream has acknowledged it.
func (l *AuditLog) Write(ctx context.Context, r audit.Record) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	if r.Time.IsZero() {
		r.Time = l.now()
	}
	if r.Daemon == "" {
		r.Daemon = l.daemon
	}
	r.InputDigest = l.key.Digest(r.Input)
	line, err := audit.Encode(r, l.redactor, l.maxValue)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	if _, err := l.js.Publish(ctx, auditSubject, bytes.TrimSuffix(line, []byte("\n")), jetstream.WithExpectStream(AuditStream)); err != nil {
		return fmt.Errorf("audit: the team's audit stream: %w", err)
	}
	return nil
}

// ReadAudit implements server.AuditReader: it returns the records of the
// stream that pass f, oldest first, the last limit of them when limit is
// positive.
func (l *AuditLog) ReadAudit(ctx context.Context, f audit.Filter, limit int) ([]audit.Record, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	info, err := l.stream.Info(ctx)
	if err != nil {
		return nil, fmt.Errorf("audit: the team's audit stream: %w", err)
	}
	last := info.State.LastSeq
	if info.State.Msgs == 0 {
		return []audit.Record{}, nil
	}
	cfg := jetstream.OrderedConsumerConfig{FilterSubjects: []string{auditSubject}}
	if !f.Since.IsZero() {
		// Published after it was decided: start a little earlier, for
		// the clocks of other machines; Match keeps the exact bound.
		since := f.Since.Add(-time.Minute)
		cfg.DeliverPolicy, cfg.OptStartTime = jetstream.DeliverByStartTimePolicy, &since
	}
	cons, err := l.stream.OrderedConsumer(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("audit: reading the team's audit stream: %w", err)
	}
	out := []audit.Record{}
	for {
		batch, err := cons.Fetch(256, jetstream.FetchMaxWait(time.Second))
		if err != nil {
			return nil, fmt.Errorf("audit: reading the team's audit stream: %w", err)
		}
		n := 0
		done := false
		for m := range batch.Messages() {
			n++
			var r audit.Record
			if json.Unmarshal(m.Data(), &r) == nil && f.Match(r) {
				out = append(out, r)
				if limit > 0 && len(out) > 2*limit {
					out = append(out[:0:0], out[len(out)-limit:]...)
				}
			}
			if md, err := m.Metadata(); err == nil && md.Sequence.Stream >= last {
				done = true
			}
		}
		if err := batch.Error(); err != nil && !errors.Is(err, nats.ErrTimeout) {
			return nil, fmt.Errorf("audit: reading the team's audit stream: %w", err)
		}
		if done || n == 0 {
			break
		}
	}
	if limit > 0 && len(out) > limit {
		out = out[len(out)-limit:]
	}
	return out, nil
}
