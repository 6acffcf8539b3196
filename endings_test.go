package warden_test

import (
	"context"
	"strings"
	"testing"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/audit"
	"github.com/wardenhq/warden/handler"
)

// TestAbandonedAskIsWithdrawn: when the caller stops waiting (the hook is
// killed, the client goes away) before anyone answers, the ask ends as
// withdrawn in the audit — not as a failure of the handler.
func TestAbandonedAskIsWithdrawn(t *testing.T) {
	var got []audit.Record
	sink := audit.SinkFunc(func(ctx context.Context, r audit.Record) error { got = append(got, r); return nil })
	waiting := make(chan struct{})
	person := handler.HandlerFunc(func(ctx context.Context, ask *handler.Ask) (handler.Resolution, error) {
		close(waiting)
		<-ctx.Done()
		return handler.Resolution{}, ctx.Err()
	})
	e := projectWith(t, `{}`, warden.WithHandler(person), warden.WithAudit(sink))
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-waiting; cancel() }()
	d, err := e.Decide(ctx, bash("make deploy"))
	if err != nil {
		t.Fatal(err)
	}
	if d.Behavior != api.Deny || !strings.Contains(d.Reason.Message, "withdrawn") {
		t.Errorf("decision %s (%s), want a deny saying withdrawn", d.Behavior, d.Reason.Message)
	}
	if len(got) != 1 || got[0].Outcome != audit.OutcomeWithdrawn {
		t.Fatalf("audit %+v, want one record with outcome withdrawn", got)
	}

	// A handler that fails while the caller still waits is a failure.
	failing := handler.HandlerFunc(func(ctx context.Context, ask *handler.Ask) (handler.Resolution, error) {
		return handler.Resolution{}, context.DeadlineExceeded
	})
	got = nil
	e = projectWith(t, `{}`, warden.WithHandler(failing), warden.WithAudit(sink))
	if d, _ := e.Decide(context.Background(), bash("make deploy")); d.Reason.Type != api.ReasonError || got[0].Outcome != "" {
		t.Errorf("a failing handler: %+v, outcome %q", d.Reason, got[0].Outcome)
	}
}
