package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/audit"
)

// AuditReader reads the audit log a daemon serves on GET /v1/audit: its
// own file, or a team's stream.
type AuditReader interface {
	// ReadAudit returns the records that pass f, oldest first: the last
	// limit of them when limit is positive.
	ReadAudit(ctx context.Context, f audit.Filter, limit int) ([]audit.Record, error)
}

// AuditReaderFunc adapts a function to an AuditReader.
type AuditReaderFunc func(ctx context.Context, f audit.Filter, limit int) ([]audit.Record, error)

// ReadAudit calls f.
func (fn AuditReaderFunc) ReadAudit(ctx context.Context, f audit.Filter, limit int) ([]audit.Record, error) {
	return fn(ctx, f, limit)
}

// FileAuditReader reads the audit file at path and its rotated files.
func FileAuditReader(path string) AuditReader {
	return AuditReaderFunc(func(ctx context.Context, f audit.Filter, limit int) ([]audit.Record, error) {
		rs, _, err := audit.Read(path, f)
		if err != nil {
			return nil, err
		}
		if limit > 0 && len(rs) > limit {
			rs = rs[len(rs)-limit:]
		}
		return rs, nil
	})
}

// DefaultAuditLimit and MaxAuditLimit bound how many records one GET
// /v1/audit returns.
const (
	DefaultAuditLimit = 1000
	MaxAuditLimit     = 100000
)

// AuditResponse is the body of GET /v1/audit.
type AuditResponse struct {
	Records []audit.Record `json:"records"`
}

// handleAudit serves GET /v1/audit?since=RFC3339&behavior=&tool=&session=&limit=N
// to the approver: the audit log holds every session's calls, so the
// agents' credential may not read it.
func (s *Server) handleAudit(w http.ResponseWriter, r *http.Request) {
	if s.opts.Audit == nil {
		writeError(w, http.StatusNotFound, "no_audit", "this daemon keeps no audit log")
		return
	}
	q := r.URL.Query()
	f := audit.Filter{Behavior: api.Behavior(q.Get("behavior")), Tool: q.Get("tool"), Session: q.Get("session")}
	if f.Behavior != "" && !f.Behavior.Valid() {
		writeError(w, http.StatusBadRequest, "invalid_request", fmt.Sprintf("behavior %q: want allow, deny or ask", f.Behavior))
		return
	}
	if v := q.Get("since"); v != "" {
		t, err := time.Parse(time.RFC3339Nano, v)
		if err != nil {
			writeError(w, http.StatusBadRequest, "invalid_request", fmt.Sprintf("since %q: want an RFC 3339 time", v))
			return
		}
		f.Since = t
	}
	limit := DefaultAuditLimit
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > MaxAuditLimit {
			writeError(w, http.StatusBadRequest, "invalid_request", fmt.Sprintf("limit %q: want 0 (the default, %d) to %d", v, DefaultAuditLimit, MaxAuditLimit))
			return
		}
		if n > 0 {
			limit = n
		}
	}
	rs, err := s.opts.Audit.ReadAudit(r.Context(), f, limit)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "audit_unavailable", err.Error())
		return
	}
	if rs == nil {
		rs = []audit.Record{}
	}
	writeJSON(w, http.StatusOK, AuditResponse{Records: rs})
}

// Audit reads the daemon's audit log (GET /v1/audit): the records that
// pass f, the last limit of them (zero: the daemon's default). It takes
// the approver's token.
func (c *Client) Audit(ctx context.Context, f audit.Filter, limit int) ([]audit.Record, error) {
	q := url.Values{}
	if !f.Since.IsZero() {
		q.Set("since", f.Since.UTC().Format(time.RFC3339Nano))
	}
	for k, v := range map[string]string{"behavior": string(f.Behavior), "tool": f.Tool, "session": f.Session} {
		if v != "" {
			q.Set(k, v)
		}
	}
	if limit > 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	var resp AuditResponse
	if err := c.do(ctx, http.MethodGet, "/v1/audit?"+q.Encode(), nil, &resp); err != nil {
		return nil, err
	}
	return resp.Records, nil
}
