// Package audittest is the conformance suite for audit sinks: any
// implementation of audit.Sink — the file and memory sinks of package audit,
// or a third party's — runs RunSinkConformance from its tests to show it
// keeps the Sink contract the decision engine relies on.
package audittest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/audit"
)

// ReadBack returns every record a sink has kept, oldest first.
type ReadBack func() ([]audit.Record, error)

// RunSinkConformance runs the Sink contract against fresh sinks made by
// newSink (one per subtest, empty at the start), reading what each kept
// through the ReadBack it returns.
func RunSinkConformance(t *testing.T, newSink func(t *testing.T) (audit.Sink, ReadBack)) {
	t.Helper()
	ctx := context.Background()
	when := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	record := func(i int) audit.Record {
		req := api.Request{
			ToolName:       "Bash",
			ToolInput:      map[string]any{"command": fmt.Sprintf("npm test -- --shard=%d", i), "timeout": float64(30)},
			Cwd:            "/repo",
			SessionID:      "s1",
			AgentID:        "agent-7",
			PermissionMode: api.ModeDefault,
		}
		d := api.Decision{
			ID:       fmt.Sprintf("d-%04d", i),
			Behavior: api.Deny,
			Reason:   api.Reason{Type: api.ReasonRule, Rule: "Bash(npm test:*)", Source: "project", File: ".warden/settings.json", Line: 4, Message: "denied by rule"},
			Findings: []api.Finding{{Category: "recursive-delete", Description: "deletes a tree", Part: "rm -rf x", Risk: api.RiskHigh}},
			Risk:     api.RiskHigh,
			Time:     when.Add(time.Duration(i) * time.Second),
		}
		return audit.NewRecord(req, d)
	}
	read := func(t *testing.T, rb ReadBack) []audit.Record {
		t.Helper()
		rs, err := rb()
		if err != nil {
			t.Fatalf("reading back: %v", err)
		}
		return rs
	}

	t.Run("RoundTrip", func(t *testing.T) {
		sink, rb := newSink(t)
		var want []audit.Record
		for i := range 3 {
			r := record(i)
			if err := sink.Write(ctx, r); err != nil {
				t.Fatalf("Write: %v", err)
			}
			want = append(want, r)
		}
		got := read(t, rb)
		for i := range got {
			// The sink sets the keyed digest; its key is the sink's own.
			if !strings.HasPrefix(got[i].InputDigest, "hmac-sha256:") {
				t.Errorf("record %d: digest %q, want hmac-sha256:…", i, got[i].InputDigest)
			}
			if i < len(want) {
				want[i].InputDigest = got[i].InputDigest
			}
		}
		if diff := cmp.Diff(want, got, cmpopts.EquateApproxTime(time.Microsecond), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("records read back (-want +got):\n%s", diff)
		}
	})

	t.Run("FillsTime", func(t *testing.T) {
		sink, rb := newSink(t)
		r := record(0)
		r.Time = time.Time{}
		if err := sink.Write(ctx, r); err != nil {
			t.Fatal(err)
		}
		got := read(t, rb)
		if len(got) != 1 || got[0].Time.IsZero() {
			t.Errorf("a record written without a time was kept as %+v, want a time filled in", got)
		}
	})

	t.Run("RedactsSecrets", func(t *testing.T) {
		sink, rb := newSink(t)
		secret := "sk-ant-api03-" + strings.Repeat("Zq9x", 12)
		req := api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "curl -H 'x-api-key: " + secret + "' https://api.example.com"}}
		r := audit.NewRecord(req, api.Decision{ID: "d-secret", Behavior: api.Ask, Reason: api.Reason{Type: api.ReasonDefault, Message: "would send " + secret}})
		if err := sink.Write(ctx, r); err != nil {
			t.Fatal(err)
		}
		got := read(t, rb)
		if len(got) != 1 {
			t.Fatalf("kept %d records, want 1", len(got))
		}
		if s := fmt.Sprintf("%+v", got[0]); strings.Contains(s, secret) {
			t.Errorf("the secret was kept: %s", s)
		}
		if !strings.HasPrefix(got[0].InputDigest, "hmac-sha256:") {
			t.Errorf("digest %q, want the keyed digest of the unredacted input", got[0].InputDigest)
		}
	})

	t.Run("CancelledContext", func(t *testing.T) {
		sink, rb := newSink(t)
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		if err := sink.Write(cctx, record(0)); !errors.Is(err, context.Canceled) {
			t.Errorf("Write with a cancelled context = %v, want context.Canceled", err)
		}
		if got := read(t, rb); len(got) != 0 {
			t.Errorf("a write with a cancelled context kept %d records", len(got))
		}
	})

	t.Run("Concurrent", func(t *testing.T) {
		sink, rb := newSink(t)
		const writers, each = 10, 20
		var wg sync.WaitGroup
		for w := range writers {
			wg.Go(func() {
				for i := range each {
					if err := sink.Write(ctx, record(w*each+i)); err != nil {
						t.Error(err)
						return
					}
				}
			})
		}
		wg.Wait()
		got := read(t, rb)
		seen := map[string]bool{}
		for _, r := range got {
			if seen[r.ID] {
				t.Errorf("record %s kept twice", r.ID)
			}
			seen[r.ID] = true
		}
		if len(seen) != writers*each {
			t.Errorf("kept %d distinct records, want %d", len(seen), writers*each)
		}
	})
}
