package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/server"
	"github.com/wardenhq/warden/settings"
)

// benchServer is the daemon's HTTP handler over an engine with n static
// rules, and the request bodies to send it.
func benchServer(b *testing.B, n int) (http.Handler, [][]byte) {
	b.Helper()
	dir := b.TempDir()
	project := filepath.Join(dir, "project")
	if err := os.MkdirAll(filepath.Join(project, ".warden"), 0o755); err != nil {
		b.Fatal(err)
	}
	data, err := rulesSettings(n)
	if err != nil {
		b.Fatal(err)
	}
	file := filepath.Join(dir, "rules.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		b.Fatal(err)
	}
	getenv := func(string) string { return "" }
	st, err := settings.Load(settings.LoadOptions{Cwd: project, Home: dir, Getenv: getenv, Files: []string{file}, ManagedFile: filepath.Join(dir, "none.json")})
	if err != nil {
		b.Fatal(err)
	}
	e, err := warden.New(warden.WithSettings(st), warden.WithCwd(project), warden.WithHome(dir))
	if err != nil {
		b.Fatal(err)
	}
	srv := server.New(e, server.Options{Token: "bench-token-0123456789"})
	b.Cleanup(func() { _ = srv.Shutdown(context.Background()) })
	reqs := bodies(project)
	// Every body must get a decision, not an error.
	for _, body := range reqs {
		rec := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rec, benchRequest("http://127.0.0.1/v1/check", body))
		if rec.Code != http.StatusOK {
			b.Fatalf("%s: %d %s", body, rec.Code, rec.Body)
		}
		if d, err := api.DecodeRequest(body); err != nil || d.ToolName == "" {
			b.Fatalf("%s: %v", body, err)
		}
	}
	return srv.Handler(), reqs
}

func benchRequest(url string, body []byte) *http.Request {
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer bench-token-0123456789")
	return req
}

// BenchmarkCheck measures POST /v1/check with 10,000 static rules: through
// the handler alone, and over loopback HTTP with parallel clients.
func BenchmarkCheck(b *testing.B) {
	h, reqs := benchServer(b, 10000)
	b.Run("handler", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, benchRequest("http://127.0.0.1/v1/check", reqs[i%len(reqs)]))
			if rec.Code != http.StatusOK {
				b.Fatalf("status %d", rec.Code)
			}
			i++
		}
	})
	b.Run("loopback", func(b *testing.B) {
		ts := httptest.NewServer(h)
		defer ts.Close()
		client := ts.Client()
		client.Transport.(*http.Transport).MaxIdleConnsPerHost = 64
		b.ReportAllocs()
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			i := 0
			for pb.Next() {
				res, err := client.Do(benchRequest(ts.URL+"/v1/check", reqs[i%len(reqs)]))
				if err != nil {
					b.Error(err)
					return
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					b.Errorf("status %d", res.StatusCode)
					return
				}
				i++
			}
		})
	})
}
