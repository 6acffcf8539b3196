package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"github.com/wardenhq/warden/mailbox"
)

// TestAgentForwardedAskIsTheDaemonsJudgement checks that a request sent to
// the mailbox with the agents' credential carries the daemon's own reason
// and suggestions, not the agent's (an agent must not put "always allow
// Bash" before a person as its sub-agent's ask), and that a call the
// daemon's rules deny is refused. The approver's own requests keep theirs.
func TestAgentForwardedAskIsTheDaemonsJudgement(t *testing.T) {
	f := newFixture(t, Options{})
	agent := map[string]string{"Authorization": "Bearer " + testAgentToken}
	send := func(id, tool string, header map[string]string) int {
		body := `{"id":"` + id + `","leader":"lead","request":{"tool_name":"` + tool + `","tool_input":{"command":"rm -rf build"}},` +
			`"reason":{"type":"default","message":"harmless"},"suggestions":["Bash"]}`
		res, _ := f.do("POST", "/v1/mailbox/requests", body, header)
		return res.StatusCode
	}
	if code := send("a1", "Bash", agent); code != http.StatusOK {
		t.Fatalf("agent send: %d", code)
	}
	if code := send("a2", "Delete", agent); code != http.StatusForbidden {
		t.Errorf("agent send of a denied call: %d, want 403", code)
	}
	if code := send("p1", "Bash", nil); code != http.StatusOK {
		t.Fatalf("approver send: %d", code)
	}
	res, data := f.do("GET", "/v1/mailbox/requests?leader=lead", "", nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("pending: %d %s", res.StatusCode, data)
	}
	var reqs []mailbox.Request
	if err := json.Unmarshal(data, &reqs); err != nil {
		t.Fatal(err)
	}
	got := map[string]mailbox.Request{}
	for _, r := range reqs {
		got[r.ID] = r
	}
	if a := got["a1"]; slices.Contains(a.Suggestions, "Bash") || a.Reason.Message == "harmless" || len(a.Findings) == 0 {
		t.Errorf("agent's request kept what the agent said: %+v", a)
	}
	if _, ok := got["a2"]; ok {
		t.Error("a denied call reached the leader")
	}
	if p := got["p1"]; !slices.Contains(p.Suggestions, "Bash") {
		t.Errorf("approver's request lost its suggestions: %+v", p)
	}
}
