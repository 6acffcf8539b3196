package teams_test

import (
	"context"
	"testing"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/audit"
	"github.com/wardenhq/warden/audit/audittest"
	"github.com/wardenhq/warden/teams"
)

func openAudit(t testing.TB, n *teams.Node, name string) *teams.AuditLog {
	t.Helper()
	nc, err := n.Connect(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	l, err := teams.OpenAuditLog(context.Background(), nc, teams.AuditOptions{Daemon: name})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestAuditLogConformance(t *testing.T) {
	audittest.RunSinkConformance(t, func(t *testing.T) (audit.Sink, audittest.ReadBack) {
		n, _ := startNode(t)
		l := openAudit(t, n, "d1")
		return l, func() ([]audit.Record, error) {
			rs, err := l.ReadAudit(context.Background(), audit.Filter{}, 0)
			for i := range rs {
				rs[i].Daemon = "" // the conformance records name no daemon
			}
			return rs, err
		}
	})
}

// TestAuditLogAcrossDaemons: every daemon's records are in the one stream,
// each naming the daemon that decided, read back by any, filtered and
// limited to the last ones.
func TestAuditLogAcrossDaemons(t *testing.T) {
	ctx := context.Background()
	n, _ := startNode(t)
	a, b := openAudit(t, n, "host-a/10.0.0.5:7878"), openAudit(t, n, "host-b/10.0.0.6:7878")
	start := time.Now()
	for i, l := range []*teams.AuditLog{a, b, a, b} {
		beh := []api.Behavior{api.Allow, api.Deny}[i%2]
		req := api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "echo " + string(rune('0'+i))}, SessionID: "s1"}
		r := audit.NewRecord(req, api.Decision{ID: "d-" + string(rune('0'+i)), Behavior: beh, Time: start.Add(time.Duration(i) * time.Millisecond)})
		if err := l.Write(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	all, err := b.ReadAudit(ctx, audit.Filter{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range all {
		got = append(got, r.ID+" "+r.Daemon)
	}
	want := []string{"d-0 host-a/10.0.0.5:7878", "d-1 host-b/10.0.0.6:7878", "d-2 host-a/10.0.0.5:7878", "d-3 host-b/10.0.0.6:7878"}
	if len(got) != len(want) {
		t.Fatalf("read %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("record %d: %s, want %s", i, got[i], want[i])
		}
	}
	denied, err := a.ReadAudit(ctx, audit.Filter{Behavior: api.Deny}, 1)
	if err != nil || len(denied) != 1 || denied[0].ID != "d-3" {
		t.Errorf("the last denial: %+v, %v; want d-3", denied, err)
	}
	later, err := a.ReadAudit(ctx, audit.Filter{Since: time.Now().Add(time.Hour)}, 0)
	if err != nil || len(later) != 0 {
		t.Errorf("records from the future: %+v, %v", later, err)
	}
}
