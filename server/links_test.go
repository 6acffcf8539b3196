package server

import (
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wardenhq/warden/api"
)

func TestLinkSigner(t *testing.T) {
	key, err := LoadLinkKey(filepath.Join(t.TempDir(), "state", "link.key"))
	if err != nil {
		t.Fatal(err)
	}
	ls, err := NewLinkSigner(key)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	a := PendingAsk{ID: "ask-a", InputDigest: InputDigest(bashRequest), Deadline: now.Add(time.Minute)}
	b := a
	b.ID = "ask-b"
	other := a
	other.InputDigest = InputDigest(api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "ls"}})
	q := ls.Query(a, "alice")
	tamper := func(k, v string) url.Values {
		c := url.Values{}
		for kk, vv := range q {
			c[kk] = vv
		}
		c.Set(k, v)
		return c
	}
	for _, c := range []struct {
		name string
		ask  PendingAsk
		q    url.Values
		at   time.Time
		want error
	}{
		{"its own ask", a, q, now, nil},
		{"another ask", b, q, now, ErrLinkInvalid},
		{"another input under the same id", other, q, now, ErrLinkInvalid},
		{"another approver", a, tamper("as", "bob"), now, ErrLinkInvalid},
		{"as the daemon's token", a, tamper("as", ""), now, ErrLinkInvalid},
		{"a later expiry", a, tamper("exp", "99999999999"), now, ErrLinkInvalid},
		{"no signature", a, tamper("sig", ""), now, ErrLinkInvalid},
		{"a bad signature", a, tamper("sig", "AAAA"), now, ErrLinkInvalid},
		{"at the deadline", a, q, a.Deadline, ErrLinkExpired},
		{"after the deadline", a, q, a.Deadline.Add(time.Hour), ErrLinkExpired},
	} {
		who, err := ls.Check(c.ask, c.q, c.at)
		if err != c.want {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
		if err == nil && who.Approver != "alice" {
			t.Errorf("%s: answers as %+v", c.name, who)
		}
	}
	// Another daemon's key refuses the link.
	other2, _ := NewLinkSigner(make([]byte, LinkKeySize))
	if _, err := other2.Check(a, q, now); err != ErrLinkInvalid {
		t.Errorf("another key: %v", err)
	}
	// The key file is kept, 0600, and read back the same.
	file := filepath.Join(t.TempDir(), "k")
	k1, _ := LoadLinkKey(file)
	k2, err := LoadLinkKey(file)
	if err != nil || string(k1) != string(k2) {
		t.Errorf("the key changed on reading: %v", err)
	}
}

// TestLinkExpiredWhilePending: with the clock past a link's expiry and the
// ask not yet swept, the link still answers nothing.
func TestLinkExpiredWhilePending(t *testing.T) {
	ls, _ := NewLinkSigner(make([]byte, LinkKeySize))
	f := newFixture(t, Options{Links: ls})
	go func() {
		f.doStream(http.MethodPost, "/v1/decide", `{"tool_name":"Bash","tool_input":{"command":"rm -rf build"}}`, map[string]string{"Authorization": "Bearer " + testAgentToken})
	}()
	for range 500 {
		if f.queue.Len() == 1 {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	p := f.queue.Pending()[0]
	link := "/v1/link/" + p.ID + "?" + ls.Query(p, "").Encode()
	f.clock.mu.Lock()
	f.clock.now = p.Deadline.Add(time.Second) // the timer has not fired
	f.clock.mu.Unlock()
	res, body := f.do(http.MethodPost, link, `{"behavior":"allow"}`, map[string]string{"Authorization": ""})
	if res.StatusCode != http.StatusGone || !strings.Contains(string(body), "link_expired") {
		t.Fatalf("expired link: %d %s", res.StatusCode, body)
	}
	if f.queue.Len() != 1 {
		t.Error("the expired link ended the ask")
	}
	// A link is refused without a signer, and a GET never answers.
	res, body = f.do(http.MethodGet, strings.Replace(link, "exp=", "exp=1", 1), "", map[string]string{"Authorization": ""})
	if res.StatusCode != http.StatusForbidden || f.queue.Len() != 1 {
		t.Errorf("a forged link's page: %d %s", res.StatusCode, body)
	}
}

// FuzzLinkCheck: no query but the one signed for the ask verifies, and
// none panics.
func FuzzLinkCheck(f *testing.F) {
	ls, _ := NewLinkSigner(make([]byte, LinkKeySize))
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	p := PendingAsk{ID: "ask-a", InputDigest: InputDigest(bashRequest), Deadline: now.Add(time.Minute)}
	signed := ls.Query(p, "alice")
	good := signed.Encode()
	f.Add(good)
	f.Add("exp=1&sig=")
	f.Add("exp=99999999999&as=alice&sig=AAAA")
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		who, err := ls.Check(p, q, now)
		same := q.Get("exp") == signed.Get("exp") && q.Get("as") == "alice" && q.Get("sig") == signed.Get("sig")
		if err == nil && (!same || who.Approver != "alice") {
			t.Fatalf("query %q verified as %+v", raw, who)
		}
	})
}
