package loadgen

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/wardenhq/warden/api"
)

// EchoHandler is the floor the daemon is measured against: a Go HTTP
// handler that does only what any JSON endpoint must — read the body, decode
// it, encode an answer of the same shape as a decision — and nothing else.
func EchoHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req api.Request
		data, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err == nil {
			err = json.Unmarshal(data, &req)
		}
		if err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		out, err := json.Marshal(api.Decision{ID: "echo", Behavior: api.Allow, Reason: api.Reason{Type: api.ReasonDefault, Message: req.ToolName}})
		if err != nil {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(append(out, '\n'))
	})
}
