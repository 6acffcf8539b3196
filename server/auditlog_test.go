package server

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/audit"
)

// TestAuditEndpoint reads a daemon's audit file through GET /v1/audit: the
// approver's token reads it, filtered and limited; the agents' token is
// refused; bad parameters are errors, never everything.
func TestAuditEndpoint(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	sink, err := audit.NewFileSink(path, audit.FileOptions{DigestKey: audit.NewDigestKey()})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	when := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	for i, b := range []api.Behavior{api.Allow, api.Deny, api.Allow, api.Deny} {
		req := api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "echo"}, SessionID: []string{"s1", "s2"}[i%2]}
		r := audit.NewRecord(req, api.Decision{ID: "d-" + string(rune('0'+i)), Behavior: b, Time: when.Add(time.Duration(i) * time.Minute)})
		r.Daemon = "host/10.0.0.5:7878"
		if err := sink.Write(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	f := newFixture(t, Options{Audit: FileAuditReader(path)})
	ids := func(rs []audit.Record) string {
		var out []string
		for _, r := range rs {
			out = append(out, r.ID)
		}
		return strings.Join(out, ",")
	}
	for _, tt := range []struct {
		name  string
		f     audit.Filter
		limit int
		want  string
	}{
		{"all", audit.Filter{}, 0, "d-0,d-1,d-2,d-3"},
		{"denials", audit.Filter{Behavior: api.Deny}, 0, "d-1,d-3"},
		{"a session", audit.Filter{Session: "s1"}, 0, "d-0,d-2"},
		{"since", audit.Filter{Since: when.Add(90 * time.Second)}, 0, "d-2,d-3"},
		{"the last two", audit.Filter{}, 2, "d-2,d-3"},
		{"another tool", audit.Filter{Tool: "Read"}, 0, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rs, err := f.client.Audit(ctx, tt.f, tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			if got := ids(rs); got != tt.want {
				t.Errorf("records %s, want %s", got, tt.want)
			}
			for _, r := range rs {
				if r.Daemon != "host/10.0.0.5:7878" {
					t.Errorf("record %s names daemon %q", r.ID, r.Daemon)
				}
			}
		})
	}
	agent, err := NewClient(f.http.URL, testAgentToken, f.http.Client())
	if err != nil {
		t.Fatal(err)
	}
	var apiErr *APIError
	if _, err := agent.Audit(ctx, audit.Filter{}, 0); !errors.As(err, &apiErr) || apiErr.Status != http.StatusForbidden {
		t.Errorf("the agents' token read the audit: %v, want 403", err)
	}
	for _, q := range []string{"since=yesterday", "behavior=maybe", "limit=-1", "limit=x", "limit=100001"} {
		res, data := f.do("GET", "/v1/audit?"+q, "", nil)
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("GET /v1/audit?%s: %d %s, want 400", q, res.StatusCode, data)
		}
	}
}
