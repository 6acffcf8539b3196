package warden

import (
	"fmt"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/rule"
)

// IsSubagent reports whether req comes from a sub-agent: Claude Code and
// Codex name the agent (agent_id, agent_type) inside sub-agents only. Its
// session is its parent's.
func IsSubagent(req api.Request) bool { return req.AgentID != "" || req.AgentType != "" }

// modeStrictness ranks modes from the loosest (bypassPermissions) to the
// strictest (plan). acceptEdits and auto loosen different things, so
// neither is stricter than the other: StricterMode gives default for the
// pair.
func modeStrictness(m api.Mode) int {
	switch m {
	case api.ModeBypass:
		return 0
	case api.ModeAcceptEdits, api.ModeAuto:
		return 1
	case api.ModeDontAsk:
		return 3
	case api.ModePlan:
		return 4
	}
	return 2 // default, and anything unknown
}

// StricterMode returns the stricter of a and b, so that a sub-agent never
// decides in a wider mode than its parent session: a sub-agent reporting
// bypassPermissions whose parent runs in default decides in default. An
// empty or unknown mode counts as default; acceptEdits against auto is
// default, which is stricter than both.
func StricterMode(a, b api.Mode) api.Mode {
	norm := func(m api.Mode) api.Mode {
		if _, err := api.ParseMode(string(m)); err != nil || m == "" || m == api.ModeBubble {
			return api.ModeDefault
		}
		return m
	}
	a, b = norm(a), norm(b)
	ra, rb := modeStrictness(a), modeStrictness(b)
	switch {
	case ra > rb:
		return a
	case rb > ra:
		return b
	case a != b:
		return api.ModeDefault // acceptEdits and auto
	}
	return a
}

// SubagentLabel names a sub-agent for people: its type and id.
func SubagentLabel(req api.Request) string {
	switch {
	case req.AgentType != "" && req.AgentID != "":
		return "sub-agent " + req.AgentType + " (" + req.AgentID + ")"
	case req.AgentType != "":
		return "sub-agent " + req.AgentType
	}
	return "sub-agent " + req.AgentID
}

// subagentRestricted denies a sub-agent's call of a tool outside the set
// its type may use (settings' subagents.<type>.tools). It reports whether
// it decided.
func (e *Engine) subagentRestricted(ev *evaluation) bool {
	if ev.req.AgentType == "" {
		return false
	}
	sa := e.settings.Subagents[ev.req.AgentType]
	if sa.AllowsTool(ev.req.ToolName) {
		return false
	}
	allowed := "no tool"
	if len(sa.Tools) > 0 {
		allowed = "only " + strings.Join(sa.Tools, ", ")
	}
	ev.ruleMatched = true
	ev.decision.Behavior = api.Deny
	ev.decision.Reason = api.Reason{
		Type:    api.ReasonRule,
		Rule:    "subagents." + ev.req.AgentType + ".tools",
		File:    sa.ToolsFrom,
		Message: fmt.Sprintf("%s may use %s (subagents.%s.tools in %s); %s is outside that set", SubagentLabel(ev.req), allowed, ev.req.AgentType, sa.ToolsFrom, ev.req.ToolName),
	}
	return true
}

// subagentTighten applies a sub-agent type's own deny and ask rules over
// the pipeline's decision: they can turn an allow into an ask or a deny,
// an ask into a deny, never the other way.
func (e *Engine) subagentTighten(ev *evaluation) {
	set := e.subagentSets[ev.req.AgentType]
	if set == nil || ev.analysis == nil || ev.decision.Behavior == api.Deny {
		return
	}
	an := ev.analysis
	subjects := make([]rule.Subject, 0, len(an.Subjects))
	for i := range an.Subjects {
		subjects = append(subjects, an.Subjects[i].Subject)
	}
	renv := rule.Env{Cwd: ev.req.Cwd, Home: ev.env.Home, ReadDir: e.paths.ReadDir}
	for _, b := range []api.Behavior{api.Deny, api.Ask} {
		if b == api.Ask && ev.decision.Behavior == api.Ask {
			return
		}
		if m, ok := set.Find(b, subjects, renv); ok {
			ev.ruleMatched = true
			ev.decision.Behavior = b
			ev.decision.Reason = m.Reason()
			ev.decision.Reason.Message = SubagentLabel(ev.req) + ": " + ev.decision.Reason.Message + ": " + an.Subjects[m.Subject].Display
			if b == api.Deny {
				ev.decision.Suggestions = nil
			}
			return
		}
	}
}

// buildSubagentSets makes the rule set of each sub-agent type that has
// rules of its own.
func (e *Engine) buildSubagentSets() {
	for t, sa := range e.settings.Subagents {
		if len(sa.Rules) == 0 {
			continue
		}
		if e.subagentSets == nil {
			e.subagentSets = map[string]*rule.Set{}
		}
		e.subagentSets[t] = rule.NewSet(sa.Rules, rule.Options{})
	}
}
