package warden

import (
	"context"

	"github.com/wardenhq/warden/api"
)

// Refuse records a call that a front end refused before the pipeline could
// judge it — the MCP gateway refusing a tool whose definition is held for
// a person's approval: a deny with the reason and findings given, with an
// ID and audited as every final decision is. A request the pipeline could
// not take is an error, as for Decide.
func (e *Engine) Refuse(ctx context.Context, req Request, reason Reason, findings []Finding) (Decision, error) {
	var ev evaluation
	if err := e.prepare(req, &ev); err != nil {
		return Decision{}, err
	}
	d := &ev.decision
	d.ID, d.Time = e.newID(), e.now()
	d.Behavior, d.Reason = api.Deny, reason
	d.Findings = append(d.Findings, findings...)
	d.Risk = api.MaxRisk(d.Findings)
	e.record(ctx, &ev)
	return ev.decision, nil
}
