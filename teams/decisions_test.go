package teams_test

import (
	"testing"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/server"
	"github.com/wardenhq/warden/teams"
)

// TestDecisionsFanOut: a decision made on one daemon is in every page's
// recent list, naming that daemon, and once on its own.
func TestDecisionsFanOut(t *testing.T) {
	n, _ := startNode(t)
	var qs [3]*server.Queue
	for i, name := range []string{"a", "b", "c"} {
		nc, err := n.Connect(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		qs[i] = server.NewQueue(server.QueueOptions{Store: openAsks(t, n, name), Daemon: name, Decisions: teams.NewDecisionFeed(nc)})
		t.Cleanup(qs[i].Close)
	}
	req := api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "git push"}, SessionID: "s1"}
	qs[1].Record("", req, api.Decision{ID: "d-1", Behavior: api.Deny, Reason: api.Reason{Type: api.ReasonRule, Rule: "Bash(git push:*)", Source: "project"}})
	for i, q := range qs {
		var got []server.RecentDecision
		for range 300 {
			if got = q.Recent(); len(got) > 0 {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		time.Sleep(50 * time.Millisecond) // a duplicate would have arrived by now
		got = q.Recent()
		if len(got) != 1 || got[0].Decision.ID != "d-1" || got[0].Daemon != "b" || got[0].Summary != "git push" {
			t.Errorf("daemon %d's recent decisions: %+v, want d-1 once, decided on b", i, got)
		}
	}
}
