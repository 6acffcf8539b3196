package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/api"
)

// RanRecorder is implemented by an Engine that records a report that a
// call ran (a PostToolUse, an AfterTool) in its audit log, linked to the
// decision it follows. The hook endpoint answers such a report with no
// decision whether or not the engine records it.
type RanRecorder interface {
	RecordRan(ctx context.Context, ran agent.Ran) error
}

// POST /v1/hooks/{agent} answers an agent's hook payload in the agent's own
// format, for agents that call a hook over HTTP instead of running a
// command (Claude Code's "type": "http" hooks): the same adapter and the
// same decision as `warden hook --agent NAME --server` gives, without a
// process per tool call; a report that a call ran is recorded
// (RanRecorder) and answered with no decision. An ask the agent can put to a person is answered
// at once; a PermissionRequest, and an ask nobody at the agent can answer,
// wait for the approval page. A payload Warden cannot decide gets an error
// status, which the agent's hook treats as a failure (and, with onFailure
// block, as a block).

func (s *Server) handleHook(w http.ResponseWriter, r *http.Request) {
	ad, ok := s.opts.Agents[r.PathValue("agent")]
	if !ok {
		writeError(w, http.StatusNotFound, "unknown_agent", fmt.Sprintf("no hook endpoint for agent %q", r.PathValue("agent")))
		return
	}
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		writeError(w, http.StatusUnsupportedMediaType, "unsupported_media_type", "send the hook payload as application/json")
		return
	}
	buf := bufferPool.Get().(*bytes.Buffer)
	defer putBuffer(buf)
	if _, err := buf.ReadFrom(r.Body); err != nil {
		writeBodyError(w, err)
		return
	}
	if ran, ok, err := agent.ParseRan(ad, buf.Bytes()); ok {
		// The call has run: record it, and answer nothing that could
		// block or change it, whatever fails.
		if rr, can := s.engine.(RanRecorder); can && err == nil {
			err = rr.RecordRan(r.Context(), ran)
		}
		if err != nil {
			s.log.Warn("hook: the call's outcome is not recorded", "agent", ad.Name(), "error", err)
		}
		writeAnswer(w, agent.Answer{})
		return
	}
	call, err := ad.Parse(buf.Bytes())
	if errors.Is(err, agent.ErrUnsupportedEvent) {
		writeAnswer(w, agent.Answer{Stdout: []byte("{}\n")})
		return
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request", err.Error())
		return
	}
	if call.Request.Cwd == "" {
		writeError(w, http.StatusBadRequest, "invalid_request", "hook payload: cwd is missing")
		return
	}
	start := s.clock.Now()
	var d api.Decision
	if call.Event == agent.PermissionRequest || !call.CanAsk {
		decide := s.engine.Decide
		if !call.CanAsk {
			// Nobody at the agent will answer: the approval page does.
			decide = func(ctx context.Context, req api.Request) (api.Decision, error) {
				return warden.DecideUnattendedThrough(ctx, s.engine, req)
			}
		}
		var ok bool
		if d, ok = s.decideWaiting(w, r, call.Request, decide); !ok {
			return
		}
		s.metrics.ObserveDecision("decide", call.Request.ToolName, d, s.clock.Now().Sub(start))
	} else if auto, ok := s.engine.(AutoDecider); ok && call.HandOn != nil {
		// Auto mode: the daemon's classifier settles what it can, and an
		// ask the agent would not put to its person waits for the page.
		decide := func(ctx context.Context, req api.Request) (api.Decision, error) {
			return auto.DecideAuto(ctx, req, call.HandOn)
		}
		if d, ok = s.decideWaiting(w, r, call.Request, decide); !ok {
			return
		}
		s.metrics.ObserveDecision("decide", call.Request.ToolName, d, s.clock.Now().Sub(start))
	} else {
		d, err = s.engine.Check(r.Context(), call.Request)
		if err != nil {
			writeEngineError(w, err)
			return
		}
		s.metrics.ObserveDecision("check", call.Request.ToolName, d, s.clock.Now().Sub(start))
	}
	a := ad.Answer(call, d)
	if a.Exit != 0 && len(a.Stdout) == 0 {
		writeError(w, http.StatusInternalServerError, "hook_failed", a.Stderr)
		return
	}
	writeAnswer(w, a)
}

// writeAnswer writes an agent's answer as the response body.
func writeAnswer(w http.ResponseWriter, a agent.Answer) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	body := a.Stdout
	if len(bytes.TrimSpace(body)) == 0 {
		body = []byte("{}\n")
	}
	_, _ = w.Write(body)
}

// decideWaiting runs decide for req as POST /v1/decide runs Decide: bounded by the
// decide timeout, denied when the daemon stops. ok is false when an error
// answer was written or the caller went away.
func (s *Server) decideWaiting(w http.ResponseWriter, r *http.Request, req api.Request,
	decide func(context.Context, api.Request) (api.Decision, error)) (api.Decision, bool) {
	select {
	case <-s.stopping:
		writeError(w, http.StatusServiceUnavailable, "shutting_down", "the warden daemon is stopping")
		return api.Decision{}, false
	default:
	}
	c := &call{}
	ctx, cancel := context.WithCancel(withCall(r.Context(), c))
	defer cancel()
	results := make(chan decideResult, 1)
	s.inflight.Add(1)
	go func() {
		defer s.inflight.Done()
		d, err := decide(ctx, req)
		results <- decideResult{d, err}
	}()
	var d api.Decision
	select {
	case res := <-results:
		if res.err != nil {
			if ctx.Err() == nil {
				writeEngineError(w, res.err)
			}
			return api.Decision{}, false
		}
		d = res.d
	case <-s.clock.After(s.opts.DecideTimeout):
		cancel()
		d = s.serverDecision(api.ReasonTimeout, fmt.Sprintf("no decision within %s: denied", s.opts.DecideTimeout))
	case <-s.stopping:
		cancel()
		d = s.serverDecision(api.ReasonError, ErrShutdown.Error())
	case <-r.Context().Done():
		return api.Decision{}, false
	}
	s.queue.Record(c.pendingID(), req, d)
	return d, true
}
