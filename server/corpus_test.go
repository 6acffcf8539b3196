package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/policytest"
	"github.com/wardenhq/warden/server"
)

// TestDecisionCorpusOverHTTP runs the decision corpus (testdata/cases, the
// same files the library and the CLI are tested with) through the daemon's
// POST /v1/decide, with a real engine behind it (no person to ask, so an ask
// comes straight back), so the HTTP API cannot drift from the library.
// Requests go as raw JSON, as any client sends them.
func TestDecisionCorpusOverHTTP(t *testing.T) {
	files, err := filepath.Glob("../testdata/cases/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files: %v", err)
	}
	for _, path := range files {
		f, err := policytest.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(path), func(t *testing.T) {
			sc, err := f.NewScratch(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			e, err := warden.New(warden.WithSettings(sc.Settings), warden.WithCwd(sc.Project), warden.WithHome(sc.Home))
			if err != nil {
				t.Fatal(err)
			}
			ts := httptest.NewServer(server.New(e, server.Options{Token: "tok"}).Handler())
			defer ts.Close()
			for _, c := range f.Tests {
				t.Run(c.Name, func(t *testing.T) {
					body := string(c.Request)
					var raw map[string]any
					if json.Unmarshal(c.Request, &raw) == nil {
						if cwd, _ := raw["cwd"].(string); cwd == "" || !filepath.IsAbs(cwd) {
							raw["cwd"] = filepath.Join(sc.Project, cwd)
							b, _ := json.Marshal(raw)
							body = string(b)
						}
					}
					req, _ := http.NewRequestWithContext(context.Background(), http.MethodPost, ts.URL+"/v1/decide", strings.NewReader(body))
					req.Header.Set("Authorization", "Bearer tok")
					req.Header.Set("Content-Type", "application/json")
					resp, err := http.DefaultClient.Do(req)
					if err != nil {
						t.Fatal(err)
					}
					defer resp.Body.Close()
					var d api.Decision
					var callErr error
					if resp.StatusCode != http.StatusOK {
						var env api.ErrorEnvelope
						_ = json.NewDecoder(resp.Body).Decode(&env)
						callErr = &httpError{status: resp.StatusCode, msg: env.Error.Message}
					} else if err := json.NewDecoder(resp.Body).Decode(&d); err != nil {
						t.Fatal(err)
					}
					if msg := c.Want.Check(d, callErr); msg != "" {
						t.Error(msg)
					}
				})
			}
		})
	}
}

type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return http.StatusText(e.status) + ": " + e.msg }
