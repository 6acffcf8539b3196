package loadgen

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestCheckLoopback(t *testing.T) {
	tests := []struct {
		url string
		ok  bool
	}{
		{"http://127.0.0.1:7878/v1/check", true},
		{"http://127.8.9.10:1/", true},
		{"http://localhost:7878/", true},
		{"http://[::1]:7878/", true},
		{"http://10.0.0.1:7878/", false},
		{"http://example.com/", false},
		{"http://0.0.0.0:7878/", false},
		{"https://127.0.0.1/", false},
		{"unix:/tmp/s", false},
		{"://", false},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			if err := CheckLoopback(tt.url); (err == nil) != tt.ok {
				t.Errorf("CheckLoopback(%q) = %v, want ok %v", tt.url, err, tt.ok)
			}
		})
	}
}

func TestRunIsBounded(t *testing.T) {
	var seen atomic.Int64
	var auth atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen.Add(1)
		auth.Store(r.Header.Get("Authorization"))
		if strings.Contains(r.URL.Path, "fail") {
			w.WriteHeader(http.StatusTeapot)
		}
	}))
	defer srv.Close()
	res, err := Run(context.Background(), Config{URL: srv.URL + "/ok", Token: "t", Bodies: [][]byte{[]byte(`{}`)}, Concurrency: 4, Requests: 103, Warmup: 7, Duration: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]any{103, 0, int64(110), "Bearer t"}, []any{res.Requests, res.Errors, seen.Load(), auth.Load()}); diff != "" {
		t.Errorf("requests, errors, seen, auth (-want +got):\n%s", diff)
	}
	if !(res.P50 <= res.P90 && res.P90 <= res.P99 && res.P99 <= res.Max) || res.Max == 0 {
		t.Errorf("percentiles out of order: %+v", res)
	}

	res, err = Run(context.Background(), Config{URL: srv.URL + "/fail", Bodies: [][]byte{[]byte(`{}`)}, Requests: 10, Duration: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]any{0, 10, "status 418"}, []any{res.Requests, res.Errors, res.FirstError}); diff != "" {
		t.Errorf("failures (-want +got):\n%s", diff)
	}
}

func TestRunStopsWhenTimeIsUp(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // time is up before the first answer
	res, err := Run(ctx, Config{URL: srv.URL, Bodies: [][]byte{[]byte(`{}`)}, Requests: MaxRequests, Duration: MaxDuration})
	if err != nil {
		t.Fatal(err)
	}
	if res.Requests != 0 || res.Errors != 0 {
		t.Errorf("after the end: %+v", res)
	}
}

func TestRunRefusesUnboundedOrRemote(t *testing.T) {
	body := [][]byte{[]byte(`{}`)}
	for name, cfg := range map[string]Config{
		"remote":         {URL: "http://192.0.2.1/", Bodies: body, Requests: 1, Duration: time.Second},
		"no requests":    {URL: "http://127.0.0.1/", Bodies: body, Duration: time.Second},
		"too many":       {URL: "http://127.0.0.1/", Bodies: body, Requests: MaxRequests + 1, Duration: time.Second},
		"no time bound":  {URL: "http://127.0.0.1/", Bodies: body, Requests: 1},
		"too long":       {URL: "http://127.0.0.1/", Bodies: body, Requests: 1, Duration: MaxDuration + 1},
		"no body":        {URL: "http://127.0.0.1/", Requests: 1, Duration: time.Second},
		"concurrency":    {URL: "http://127.0.0.1/", Bodies: body, Requests: 1, Duration: time.Second, Concurrency: MaxConcurrency + 1},
		"warmup too big": {URL: "http://127.0.0.1/", Bodies: body, Requests: 1, Duration: time.Second, Warmup: 2},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := Run(context.Background(), cfg); err == nil {
				t.Error("accepted")
			}
		})
	}
}

func TestPercentile(t *testing.T) {
	var xs []time.Duration
	for i := 1; i <= 100; i++ {
		xs = append(xs, time.Duration(i))
	}
	got := []time.Duration{percentile(xs, 50), percentile(xs, 90), percentile(xs, 99), percentile(xs[:1], 99), percentile(nil, 50)}
	if diff := cmp.Diff([]time.Duration{50, 90, 99, 1, 0}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestEchoHandler(t *testing.T) {
	srv := httptest.NewServer(EchoHandler())
	defer srv.Close()
	res, err := Run(context.Background(), Config{URL: srv.URL, Bodies: [][]byte{[]byte(`{"tool_name":"Bash","tool_input":{"command":"ls"}}`)}, Requests: 20, Duration: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if res.Errors != 0 || res.Requests != 20 {
		t.Errorf("%+v", res)
	}
	res, _ = Run(context.Background(), Config{URL: srv.URL, Bodies: [][]byte{[]byte(`not json`)}, Requests: 1, Duration: time.Minute})
	if res.Errors != 1 {
		t.Errorf("bad JSON answered 200: %+v", res)
	}
}
