package serve

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// receiver is a notification receiver on loopback: it keeps every body,
// and fails the first failures requests with 500.
type receiver struct {
	*httptest.Server
	mu       sync.Mutex
	bodies   []map[string]any
	hits     int
	failures int
	got      chan map[string]any
}

func newReceiver(t *testing.T, failures int) *receiver {
	r := &receiver{failures: failures, got: make(chan map[string]any, 16)}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		data, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.hits++
		fail := r.hits <= r.failures
		r.mu.Unlock()
		if fail {
			http.Error(w, "down", http.StatusInternalServerError)
			return
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Errorf("a receiver got no JSON: %q", data)
		}
		if req.Header.Get("Content-Type") != "application/json" {
			t.Errorf("Content-Type %q", req.Header.Get("Content-Type"))
		}
		if tok := req.Header.Get("Authorization"); strings.Contains(req.URL.Path, "ntfy") && tok != "Bearer tk_ntfy" {
			t.Errorf("ntfy got Authorization %q, want the token of tokenEnv", tok)
		}
		r.got <- m
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) next(t *testing.T) map[string]any {
	t.Helper()
	select {
	case m := <-r.got:
		return m
	case <-time.After(10 * time.Second):
		t.Fatal("no notification arrived")
		return nil
	}
}

// askHigh starts a HIGH-risk call through POST /v1/decide and returns the
// channel its decision arrives on.
func askHigh(t *testing.T, base, agent, home, command string) <-chan string {
	out := make(chan string, 1)
	go func() {
		_, body := call(t, "POST", base+"/v1/decide", agent, `{"tool_name":"Bash","tool_input":{"command":`+jsonString(command)+`},"cwd":"`+home+`","session_id":"s1"}`)
		out <- body
	}()
	return out
}

func jsonString(s string) string { b, _ := json.Marshal(s); return string(b) }

func decision(t *testing.T, ch <-chan string) string {
	t.Helper()
	select {
	case d := <-ch:
		return d
	case <-time.After(20 * time.Second):
		t.Fatal("no decision")
		return ""
	}
}

func TestNotificationLinks(t *testing.T) {
	notifyBackoff = []time.Duration{10 * time.Millisecond, 10 * time.Millisecond, 10 * time.Millisecond}
	t.Cleanup(func() { notifyBackoff = nil })
	hook := newReceiver(t, 2) // fails twice: retried, then delivered
	ntfy := newReceiver(t, 0)
	slack := newReceiver(t, 0)
	settingsJSON := `{"approvals":{"timeoutSeconds":30,"notify":[
		{"type":"webhook","url":"` + hook.URL + `/hook"},
		{"type":"ntfy","url":"` + ntfy.URL + `/ntfy","topic":"warden-test","tokenEnv":"NTFY_TOKEN"},
		{"type":"slack","url":"` + slack.URL + `/slack"}]}}`
	env, _, _ := approversHome(t, settingsJSON)
	env["NTFY_TOKEN"] = "tk_ntfy"
	base, owner, agent := startDaemon(t, env)

	// Ask A: answered through the webhook's link.
	decidedA := askHigh(t, base, agent, env["HOME"], "rm -rf ~/a")
	w := hook.next(t)
	if w["type"] != "warden.ask" || w["tool"] != "Bash" || w["risk"] != "HIGH" || !strings.Contains(w["summary"].(string), "rm -rf ~/a") || w["deadline"] == "" || w["agent"] == "" {
		t.Fatalf("webhook body %v", w)
	}
	hook.mu.Lock()
	if hook.hits != 3 {
		t.Errorf("the webhook was tried %d times, want 3 (two 500s retried)", hook.hits)
	}
	hook.mu.Unlock()
	idA := w["id"].(string)
	linkA := w["link"].(string)
	if !strings.HasPrefix(linkA, base+"/v1/link/"+idA+"?") {
		t.Fatalf("link %q does not open ask %s on %s", linkA, idA, base)
	}
	actions := w["actions"].([]any)
	var labels []string
	for _, a := range actions {
		labels = append(labels, a.(map[string]any)["label"].(string))
	}
	// Exactly the scopes the library computed for the ask, as the page
	// offers them.
	_, pending := call(t, "GET", base+"/v1/pending", owner, "")
	var list struct {
		Pending []struct {
			Scopes []string `json:"scopes"`
		} `json:"pending"`
	}
	if err := json.Unmarshal([]byte(pending), &list); err != nil || len(list.Pending) != 1 {
		t.Fatalf("pending %s", pending)
	}
	want := []string{"Deny"}
	for _, sc := range list.Pending[0].Scopes {
		want = append(want, map[string]string{"once": "Allow once", "session": "Allow for the session", "always": "Always allow"}[sc])
	}
	if strings.Join(labels, ",") != strings.Join(want, ",") || strings.Contains(strings.Join(labels, ","), "Always") {
		t.Errorf("actions %v, want %v (the ask's scopes, never always on a HIGH ask)", labels, want)
	}
	// The receiver's failures changed nothing: the ask still waits.
	select {
	case d := <-decidedA:
		t.Fatalf("decided before anyone answered: %s", d)
	default:
	}
	// Looking at the link answers nothing; it shows the ask.
	code, page := call(t, "GET", linkA, "", "")
	if code != 200 || !strings.Contains(page, "rm -rf ~/a") || !strings.Contains(page, "Allow once") || strings.Contains(page, "Always allow") {
		t.Fatalf("link page %d %s", code, page)
	}

	// Ask B, to try A's link on.
	decidedB := askHigh(t, base, agent, env["HOME"], "rm -rf ~/b")
	wb := hook.next(t)
	idB := wb["id"].(string)
	u, _ := url.Parse(linkA)
	forged := base + "/v1/link/" + idB + "?" + u.RawQuery
	if code, body := call(t, "POST", forged, "", `{"behavior":"allow","scope":"once"}`); code != http.StatusForbidden || !strings.Contains(body, "link_invalid") {
		t.Errorf("A's link on B: %d %s", code, body)
	}
	tampered := strings.Replace(linkA, "exp=", "exp=9", 1)
	if code, body := call(t, "POST", tampered, "", `{"behavior":"allow","scope":"once"}`); code != http.StatusForbidden {
		t.Errorf("a link with a changed expiry: %d %s", code, body)
	}
	// A's link answers A, once.
	if code, body := call(t, "POST", linkA, "", `{"behavior":"allow","scope":"once"}`); code != 200 || !strings.Contains(body, `"by":"link"`) {
		t.Fatalf("A's link: %d %s", code, body)
	}
	if d := decision(t, decidedA); !strings.Contains(d, `"behavior":"allow"`) || !strings.Contains(d, `"person":"link"`) {
		t.Errorf("A decided %s", d)
	}
	if code, body := call(t, "POST", linkA, "", `{"behavior":"deny","scope":"once"}`); code != http.StatusGone || !strings.Contains(body, "already answered") {
		t.Errorf("A's link replayed: %d %s", code, body)
	}

	// B through ntfy's buttons, as ntfy's app sends them.
	var nb map[string]any
	for nb == nil || nb["message"] == nil || !strings.Contains(nb["message"].(string), "rm -rf ~/b") {
		nb = ntfy.next(t)
	}
	if nb["topic"] != "warden-test" || nb["priority"].(float64) != 4 || !strings.Contains(nb["click"].(string), "/v1/link/"+idB) {
		t.Errorf("ntfy body %v", nb)
	}
	var deny map[string]any
	var nl []string
	for _, a := range nb["actions"].([]any) {
		m := a.(map[string]any)
		nl = append(nl, m["action"].(string)+":"+m["label"].(string))
		if m["label"] == "Deny" {
			deny = m
		}
	}
	if strings.Join(nl, ",") != "http:Deny,http:Allow once,view:Open" {
		t.Errorf("ntfy actions %v", nl)
	}
	req, _ := http.NewRequest(deny["method"].(string), deny["url"].(string), strings.NewReader(deny["body"].(string)))
	for k, v := range deny["headers"].(map[string]any) {
		req.Header.Set(k, v.(string))
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("ntfy's Deny button: %v %v", res, err)
	}
	res.Body.Close()
	if d := decision(t, decidedB); !strings.Contains(d, `"behavior":"deny"`) {
		t.Errorf("B decided %s", d)
	}
	sl := slack.next(t)
	if text, _ := sl["text"].(string); !strings.Contains(text, "/v1/link/") || !strings.Contains(text, "HIGH") {
		t.Errorf("slack text %q", sl["text"])
	}
}

// TestNotificationLinkAfterTheDeadline: the ask's deadline passed, so the
// link answers nothing and the call stays denied.
func TestNotificationLinkAfterTheDeadline(t *testing.T) {
	hook := newReceiver(t, 0)
	env, _, _ := approversHome(t, `{"approvals":{"timeoutSeconds":1,"notify":[{"type":"webhook","url":"`+hook.URL+`"}]}}`)
	base, _, agent := startDaemon(t, env)
	decided := askHigh(t, base, agent, env["HOME"], "rm -rf ~/c")
	w := hook.next(t)
	if d := decision(t, decided); !strings.Contains(d, `"behavior":"deny"`) || !strings.Contains(d, `"timeout"`) {
		t.Fatalf("decided %s, want a deny at the deadline", d)
	}
	code, body := call(t, "POST", w["link"].(string), "", `{"behavior":"allow","scope":"once"}`)
	if code != http.StatusGone {
		t.Errorf("the link after the deadline: %d %s", code, body)
	}
}

// TestNotificationRoutes: a receiver answering as an approver is sent the
// asks routed to that approver, and its link answers as them; a receiver
// of the daemon's own is not sent asks a route claims.
func TestNotificationRoutes(t *testing.T) {
	alice := newReceiver(t, 0)
	plain := newReceiver(t, 0)
	env, file, _ := approversHome(t, `{"approvals":{"route":[{"risk":"HIGH","approvers":["alice"]}],"notify":[
		{"type":"webhook","url":"`+alice.URL+`","approver":"alice"},
		{"type":"webhook","url":"`+plain.URL+`"}]}}`)
	base, _, agent := startDaemon(t, env, "--approvers", file)
	decided := askHigh(t, base, agent, env["HOME"], "rm -rf ~/d")
	w := alice.next(t)
	if !strings.Contains(w["link"].(string), "as=alice") {
		t.Errorf("alice's link %q", w["link"])
	}
	if code, body := call(t, "POST", w["link"].(string), "", `{"behavior":"allow","scope":"once"}`); code != 200 || !strings.Contains(body, `"by":"alice"`) {
		t.Fatalf("alice's link: %d %s", code, body)
	}
	if d := decision(t, decided); !strings.Contains(d, `"person":"alice"`) {
		t.Errorf("decided %s, want by alice", d)
	}
	select {
	case m := <-plain.got:
		t.Errorf("a receiver of the daemon's own got a routed ask: %v", m)
	case <-time.After(200 * time.Millisecond):
	}
}
