package loadgen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Bounds every run respects, whatever it is asked for.
const (
	MaxRequests    = 10_000_000
	MaxDuration    = 10 * time.Minute
	MaxConcurrency = 1024
)

// Config describes one run. URL, Requests and Duration are required.
type Config struct {
	// URL is the endpoint to POST to; its host must be a loopback address.
	URL string
	// Token, when set, is sent as a bearer token.
	Token string
	// Bodies are the request bodies, used in turn; at least one.
	Bodies [][]byte
	// Concurrency is the number of connections sending at once (default 16).
	Concurrency int
	// Requests bounds the number of requests sent.
	Requests int
	// Duration bounds the time the run takes.
	Duration time.Duration
	// Warmup requests are sent first and not measured.
	Warmup int
	// Client sends the requests; nil means one with a connection per
	// worker kept alive.
	Client *http.Client
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Result is what a run measured.
type Result struct {
	// Requests is the number of requests that got an answer; Errors counts
	// those that failed or answered with a status other than 200.
	Requests int
	Errors   int
	Elapsed  time.Duration
	// PerSecond is Requests/Elapsed.
	PerSecond float64
	// Latency percentiles over the answered requests.
	P50, P90, P99, Max time.Duration
	// FirstError is the first failure met, for the report.
	FirstError string
}

// String formats the result on one line.
func (r Result) String() string {
	s := fmt.Sprintf("%d requests in %s: %.0f/s, p50 %s, p90 %s, p99 %s, max %s, %d errors",
		r.Requests, r.Elapsed.Round(time.Millisecond), r.PerSecond,
		r.P50.Round(time.Microsecond), r.P90.Round(time.Microsecond), r.P99.Round(time.Microsecond), r.Max.Round(time.Microsecond), r.Errors)
	if r.FirstError != "" {
		s += " (first: " + r.FirstError + ")"
	}
	return s
}

// CheckLoopback returns an error unless rawURL is an http URL on a loopback
// address.
func CheckLoopback(rawURL string) error {
	u, err := url.Parse(rawURL)
	if err != nil {
		return fmt.Errorf("loadgen: %w", err)
	}
	if u.Scheme != "http" {
		return fmt.Errorf("loadgen: %q: only http:// on loopback is allowed", rawURL)
	}
	host := u.Hostname()
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("loadgen: %q is not a loopback address; the load generator only targets this machine", host)
	}
	return nil
}

func (c *Config) validate() error {
	if err := CheckLoopback(c.URL); err != nil {
		return err
	}
	if len(c.Bodies) == 0 {
		return errors.New("loadgen: no request body")
	}
	if c.Concurrency == 0 {
		c.Concurrency = 16
	}
	switch {
	case c.Concurrency < 1 || c.Concurrency > MaxConcurrency:
		return fmt.Errorf("loadgen: concurrency %d outside 1..%d", c.Concurrency, MaxConcurrency)
	case c.Requests < 1 || c.Requests > MaxRequests:
		return fmt.Errorf("loadgen: requests %d outside 1..%d", c.Requests, MaxRequests)
	case c.Duration <= 0 || c.Duration > MaxDuration:
		return fmt.Errorf("loadgen: duration %s outside (0, %s]", c.Duration, MaxDuration)
	case c.Warmup < 0 || c.Warmup > c.Requests:
		return fmt.Errorf("loadgen: warmup %d outside 0..requests", c.Warmup)
	}
	if c.Client == nil {
		c.Client = &http.Client{Transport: &http.Transport{
			MaxIdleConns:        c.Concurrency,
			MaxIdleConnsPerHost: c.Concurrency,
			MaxConnsPerHost:     c.Concurrency,
			DisableCompression:  true,
		}}
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return nil
}

// Run sends the requests and measures them. It stops at Requests, at
// Duration, or when ctx ends, whichever comes first.
func Run(ctx context.Context, cfg Config) (Result, error) {
	if err := cfg.validate(); err != nil {
		return Result{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, cfg.Duration)
	defer cancel()

	if cfg.Warmup > 0 {
		w := cfg
		w.Requests, w.Warmup = cfg.Warmup, 0
		if _, err := measure(ctx, w); err != nil {
			return Result{}, err
		}
	}
	return measure(ctx, cfg)
}

type worker struct {
	latencies []time.Duration
	errors    int
	firstErr  string
}

func measure(ctx context.Context, cfg Config) (Result, error) {
	var next atomic.Int64
	workers := make([]*worker, cfg.Concurrency)
	var wg sync.WaitGroup
	start := cfg.Now()
	for i := range workers {
		w := &worker{latencies: make([]time.Duration, 0, cfg.Requests/cfg.Concurrency+1)}
		workers[i] = w
		wg.Go(func() {
			for {
				n := next.Add(1)
				if n > int64(cfg.Requests) || ctx.Err() != nil {
					return
				}
				body := cfg.Bodies[int(n-1)%len(cfg.Bodies)]
				t0 := cfg.Now()
				err := send(ctx, cfg, body)
				took := cfg.Now().Sub(t0)
				if err != nil {
					if ctx.Err() != nil {
						return // the run's time is up: not the server's fault
					}
					w.errors++
					if w.firstErr == "" {
						w.firstErr = err.Error()
					}
					continue
				}
				w.latencies = append(w.latencies, took)
			}
		})
	}
	wg.Wait()
	elapsed := cfg.Now().Sub(start)

	var all []time.Duration
	res := Result{Elapsed: elapsed}
	for _, w := range workers {
		all = append(all, w.latencies...)
		res.Errors += w.errors
		if res.FirstError == "" {
			res.FirstError = w.firstErr
		}
	}
	res.Requests = len(all)
	if elapsed > 0 {
		res.PerSecond = float64(res.Requests) / elapsed.Seconds()
	}
	slices.Sort(all)
	res.P50, res.P90, res.P99 = percentile(all, 50), percentile(all, 90), percentile(all, 99)
	if len(all) > 0 {
		res.Max = all[len(all)-1]
	}
	return res, nil
}

// percentile returns the p-th percentile of sorted (nearest rank).
func percentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := (p*len(sorted) + 99) / 100 // ceil(p/100 * n)
	return sorted[max(rank, 1)-1]
}

func send(ctx context.Context, cfg Config, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, cfg.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if cfg.Token != "" {
		req.Header.Set("Authorization", "Bearer "+cfg.Token)
	}
	res, err := cfg.Client.Do(req)
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", res.StatusCode)
	}
	return nil
}
