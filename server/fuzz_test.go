package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/wardenhq/warden/api"
)

// FuzzRequestBodies sends arbitrary bodies to the endpoints that parse one:
// every answer is a decision or the one error envelope, never a panic, and
// never an allow for something that is not a valid request.
func FuzzRequestBodies(f *testing.F) {
	for _, seed := range []string{
		`{"tool_name":"Read","tool_input":{"file_path":"a"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`,
		`{"tool_name":"","tool_input":{}}`,
		`{"tool_name":"Read","tool_input":null}`,
		`{"behavior":"allow","scope":"session","message":"ok"}`,
		`{"behavior":"deny","scope":"forever"}`,
		`[]`, `null`, `{`, "\xff", `{"tool_name":"Read","tool_input":{}}{}`,
	} {
		f.Add(seed)
	}
	clock := newFakeClock()
	q := NewQueue(QueueOptions{Clock: clock})
	srv := New(&fakeEngine{queue: q, clock: clock}, Options{Token: testToken, Queue: q, Clock: clock, MaxBodyBytes: 4096})
	h := srv.Handler()
	f.Fuzz(func(t *testing.T, body string) {
		for _, path := range []string{"/v1/check", "/v1/pending/ask-none", "/v1/mailbox/requests", "/v1/mailbox/requests/x/response"} {
			method := http.MethodPost
			if strings.HasSuffix(path, "/response") {
				method = http.MethodPut
			}
			req := httptest.NewRequest(method, "http://127.0.0.1"+path, strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+testToken)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code == http.StatusOK {
				if path != "/v1/check" {
					continue
				}
				var d api.Decision
				if err := json.Unmarshal(rec.Body.Bytes(), &d); err != nil || !d.Behavior.Valid() {
					t.Fatalf("%s: 200 without a decision: %s", path, rec.Body)
				}
				if _, err := api.DecodeRequest([]byte(body)); err != nil {
					t.Fatalf("%s: decided an invalid request %q", path, body)
				}
				continue
			}
			var env api.ErrorEnvelope
			if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil || env.Error.Code == "" || env.Error.Message == "" {
				t.Fatalf("%s: status %d without the error envelope: %s", path, rec.Code, rec.Body)
			}
		}
	})
}
