package notify

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

var testAsk = Ask{
	ID: "ask-1", Tool: "Bash", Summary: "rm -rf <build> & more", Risk: "HIGH", Project: "~/src/pay", Agent: "main agent",
	Deadline: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Link: "https://w.example/v1/link/ask-1?sig=x",
	Actions: []Action{
		{Label: "Deny", Method: "POST", URL: "https://w.example/v1/link/ask-1?sig=x", Body: `{"behavior":"deny","scope":"once"}`},
		{Label: "Allow once", Method: "POST", URL: "https://w.example/v1/link/ask-1?sig=x", Body: `{"behavior":"allow","scope":"once"}`},
		{Label: "Allow for the session", Method: "POST", URL: "https://w.example/v1/link/ask-1?sig=x", Body: `{"behavior":"allow","scope":"session"}`},
	},
}

func body(t *testing.T, r Receiver) map[string]any {
	t.Helper()
	req, err := Request(context.Background(), r, testAsk)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(req.Body)
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestPayloads(t *testing.T) {
	w := body(t, Receiver{Type: "webhook", URL: "http://x/"})
	if w["type"] != "warden.ask" || w["id"] != "ask-1" || w["link"] != testAsk.Link || len(w["actions"].([]any)) != 3 || w["project"] != "~/src/pay" {
		t.Errorf("webhook %v", w)
	}
	n := body(t, Receiver{Type: "ntfy", URL: "http://x/", Topic: "t"})
	if n["topic"] != "t" || n["click"] != testAsk.Link || n["priority"].(float64) != 4 || !strings.Contains(n["message"].(string), "Project: ~/src/pay") {
		t.Errorf("ntfy %v", n)
	}
	acts := n["actions"].([]any)
	if len(acts) != 3 {
		t.Fatalf("ntfy shows at most three actions, got %v", acts)
	}
	deny := acts[0].(map[string]any)
	if deny["action"] != "http" || deny["label"] != "Deny" || deny["method"] != "POST" || deny["body"] != `{"behavior":"deny","scope":"once"}` || deny["clear"] != true {
		t.Errorf("ntfy deny %v", deny)
	}
	if acts[1].(map[string]any)["label"] != "Allow once" || acts[2].(map[string]any)["action"] != "view" {
		t.Errorf("ntfy actions %v", acts)
	}
	s := body(t, Receiver{Type: "slack", URL: "http://x/"})
	text := s["text"].(string)
	if !strings.Contains(text, "rm -rf &lt;build&gt; &amp; more") || !strings.Contains(text, "<"+testAsk.Link+"|Answer this ask>") {
		t.Errorf("slack %q", text)
	}
	if _, err := Request(context.Background(), Receiver{Type: "email"}, testAsk); err == nil {
		t.Error("an unknown receiver type was accepted")
	}
}

func TestSendRetries(t *testing.T) {
	for _, c := range []struct {
		name     string
		statuses []int
		wantHits int32
		wantErr  bool
	}{
		{"delivered at once", []int{200}, 1, false},
		{"500 retried until delivered", []int{500, 502, 200}, 3, false},
		{"429 retried", []int{429, 204}, 2, false},
		{"a 400 is not retried", []int{400}, 1, true},
		{"given up after the retries", []int{500, 500, 500, 500}, 3, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var hits atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n := int(hits.Add(1)) - 1
				w.WriteHeader(c.statuses[min(n, len(c.statuses)-1)])
			}))
			defer srv.Close()
			s := &Sender{Backoff: []time.Duration{time.Millisecond, time.Millisecond}}
			err := s.Send(context.Background(), Receiver{Type: "webhook", URL: srv.URL}, testAsk)
			if (err != nil) != c.wantErr || hits.Load() != c.wantHits {
				t.Errorf("err %v after %d requests, want error %v after %d", err, hits.Load(), c.wantErr, c.wantHits)
			}
		})
	}
}

// TestSendStopsAtTheDeadline: retries end with the context (the ask's
// deadline), however long the backoff.
func TestSendStopsAtTheDeadline(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) }))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- (&Sender{Backoff: []time.Duration{time.Hour}}).Send(ctx, Receiver{Type: "webhook", URL: srv.URL}, testAsk)
	}()
	select {
	case err := <-done:
		if err == nil {
			t.Error("a failing receiver reported success")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Send kept retrying past its context")
	}
}
