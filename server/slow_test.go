package server

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
)

// slowTimeout is the header and body timeout of the slow-client tests;
// slowBound is how long a test lets a connection live before it fails.
const (
	slowTimeout = 300 * time.Millisecond
	slowBound   = 5 * time.Second
)

// serveLoopback runs srv on a loopback port and returns its address.
func serveLoopback(t *testing.T, srv *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), slowBound)
		defer cancel()
		_ = srv.Shutdown(ctx)
		<-done
	})
	return ln.Addr().String()
}

func slowServer(t *testing.T) (*Server, *Queue, string) {
	t.Helper()
	clock := newFakeClock()
	q := NewQueue(QueueOptions{Clock: clock, Timeout: time.Hour})
	srv := New(&fakeEngine{queue: q, clock: clock}, Options{
		Token: testToken, AgentToken: testAgentToken, Queue: q, Clock: clock,
		HeaderTimeout: slowTimeout, BodyTimeout: slowTimeout,
	})
	return srv, q, serveLoopback(t, srv)
}

// drip writes prefix, then one byte of rest at a time, slowly, until the
// server closes the connection or answers. It returns what the server
// answered (maybe nothing) and how long the connection lived; it fails the
// test if the connection outlives slowBound.
func drip(t *testing.T, addr, prefix, rest string) (string, time.Duration) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	_ = conn.SetDeadline(start.Add(slowBound))
	answered := make(chan string, 1)
	go func() {
		data, _ := io.ReadAll(conn) // until the server closes, or the bound
		answered <- string(data)
	}()
	if _, err := io.WriteString(conn, prefix); err != nil {
		t.Fatal(err)
	}
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for i := 0; ; i++ {
		select {
		case got := <-answered:
			return got, time.Since(start)
		case <-tick.C:
			if time.Since(start) > slowBound {
				t.Fatalf("the connection was still open after %s", slowBound)
			}
			if i < len(rest) {
				// A write may fail once the server has closed; the reader
				// then reports it.
				_, _ = conn.Write([]byte{rest[i]})
			}
		}
	}
}

// TestSlowClientsAreCutOff checks that a client sending its headers or its
// body a byte at a time (slowloris) loses the connection soon after the
// timeouts, on a real loopback server.
func TestSlowClientsAreCutOff(t *testing.T) {
	_, _, addr := slowServer(t)
	long := strings.Repeat("a", 400)
	tests := []struct {
		name, prefix, rest string
		want               string // the answer's status line, or "" when the server just closes
	}{
		{"headers", "POST /v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\n", "X-Slow: " + long, ""},
		{"body", "POST /v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + testAgentToken +
			"\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n", `{"tool_name":"Read","tool_input":{"x":"` + long, "HTTP/1.1 408"},
		{"answer body", "POST /v1/pending/ask-x HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + testToken +
			"\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n", `{"behavior":"allow","message":"` + long, "HTTP/1.1 408"},
		{"decide body", "POST /v1/decide HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + testAgentToken +
			"\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n", `{"tool_name":"Bash","tool_input":{"x":"` + long, "HTTP/1.1 408"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, took := drip(t, addr, tt.prefix, tt.rest)
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("the server answered %q, want %q", firstLine(got), tt.want)
			}
			if took > 10*slowTimeout {
				t.Errorf("the connection lived %s, with timeouts of %s", took, slowTimeout)
			}
		})
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\r\n")
	return line
}

// TestWaitingAnswersOutliveTheTimeouts checks that the body deadline bounds
// only the body: a decide call and an event stream stay open past it, and
// the decision arrives when the person answers.
func TestWaitingAnswersOutliveTheTimeouts(t *testing.T) {
	_, q, addr := slowServer(t)
	client, err := NewClient("http://"+addr, testAgentToken, nil)
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/v1/events", nil)
	req.Header.Set("Authorization", "Bearer "+testToken)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	stream := bufio.NewReader(res.Body)

	decided := make(chan error, 1)
	var d api.Decision
	go func() {
		var err error
		d, err = client.Decide(context.Background(), bashRequest)
		decided <- err
	}()
	deadline := time.Now().Add(slowBound)
	for q.Len() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the ask never reached the queue")
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(3 * slowTimeout) // past the body and header timeouts
	p := q.Pending()[0]
	if err := q.Answer(p.ID, handler.Answer{Behavior: api.Allow, Person: "ana"}); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-decided:
		if err != nil {
			t.Fatalf("decide: %v", err)
		}
	case <-time.After(slowBound):
		t.Fatal("no decision")
	}
	if d.Behavior != api.Allow {
		t.Errorf("decision %+v, want allow", d)
	}
	// The event stream is still open and carries the resolution.
	for {
		line, err := stream.ReadString('\n')
		if err != nil {
			t.Fatalf("the event stream ended: %v", err)
		}
		if strings.HasPrefix(line, "event: "+EventResolved) {
			break
		}
	}
}
