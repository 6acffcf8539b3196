package bench

import (
	"context"
	"fmt"
	"iter"
	"strconv"

	"github.com/cedar-policy/cedar-go"
	cedarast "github.com/cedar-policy/cedar-go/ast"

	"github.com/wardenhq/warden/api"
)

// The Cedar names a Policy is written with: an agent calls a tool.
const (
	cedarToolType   = cedar.EntityType("Tool")
	cedarAgentType  = cedar.EntityType("Agent")
	cedarActionType = cedar.EntityType("Action")
)

var (
	cedarAgent  = cedar.NewEntityUID(cedarAgentType, "agent")
	cedarAction = cedar.NewEntityUID(cedarActionType, "call")
)

// Cedar evaluates a Policy with cedar-go: one policy per rule, deny and ask
// rules as forbids told apart by their @behavior annotation, allow rules as
// permits, the tool families and MCP servers as an entity hierarchy. Cedar
// has no notion of a call with several parts, so it is asked once per
// subject (and once per variant of a command, where only forbids count),
// and the answers are combined with Warden's semantics. It is safe for
// concurrent use.
type Cedar struct {
	policies cedarPolicies
	rules    map[cedar.PolicyID]*PortableRule
	entities cedarTools
}

var _ Evaluator = (*Cedar)(nil)

// NewCedar writes one Cedar policy per rule of p.
func NewCedar(p *Policy) (*Cedar, error) {
	c := &Cedar{rules: make(map[cedar.PolicyID]*PortableRule, len(p.Rules))}
	for i := range p.Rules {
		r := &p.Rules[i]
		id := cedar.PolicyID("r" + strconv.Itoa(r.Order))
		c.policies = append(c.policies, cedarPolicy{id: id, policy: cedar.NewPolicyFromAST(cedarRule(r))})
		c.rules[id] = r
	}
	return c, nil
}

// cedarRule writes one rule as a Cedar policy.
func cedarRule(r *PortableRule) *cedarast.Policy {
	var p *cedarast.Policy
	a := cedarast.Annotation("rule", cedar.String(r.Text)).Annotation("behavior", cedar.String(r.Behavior))
	if r.Behavior == api.Allow {
		p = a.Permit()
	} else {
		p = a.Forbid()
	}
	p = p.ActionEq(cedarAction).ResourceIn(cedar.NewEntityUID(cedarToolType, cedar.String(r.Tool)))
	var cond []cedarast.Node
	if len(r.ToolPatterns) > 0 && len(r.Tools) == 0 && !isServerPatterns(r) {
		cond = append(cond, anyLike(cedarast.Context().Access("tool"), r.ToolPatterns))
	}
	switch {
	case r.Field == FieldNone:
	case len(r.Values) == 0:
		// A path rule relative to a directory that is not known matches
		// nothing.
		cond = append(cond, cedarast.False())
	default:
		v := cedarast.Context().Access(cedar.String(r.Field))
		m := anyLike(v, r.Values)
		if r.Field != FieldCommand {
			m = v.NotEqual(cedarast.String("")).And(m)
		}
		cond = append(cond, m)
	}
	if len(cond) > 0 {
		n := cond[0]
		for _, c := range cond[1:] {
			n = n.And(c)
		}
		p = p.When(n)
	}
	if r.Behavior == api.Allow {
		p = p.Unless(cedarast.Context().Access("dynamic"))
	}
	return p
}

// isServerPatterns reports whether the rule covers a whole MCP server, which
// the hierarchy already says.
func isServerPatterns(r *PortableRule) bool {
	return len(r.ToolPatterns) == 2 && len(r.ToolPatterns[0]) == 1 && r.ToolPatterns[0][0] == r.Tool
}

// anyLike is `v == "x"` or `v like "p*s"` for each glob, joined with ||.
func anyLike(v cedarast.Node, gs []Glob) cedarast.Node {
	var n cedarast.Node
	for i, g := range gs {
		var m cedarast.Node
		if len(g) == 1 {
			m = v.Equal(cedarast.String(g[0]))
		} else {
			comps := make([]any, 0, 2*len(g))
			for j, piece := range g {
				if j > 0 {
					comps = append(comps, cedar.Wildcard{})
				}
				comps = append(comps, piece)
			}
			m = v.Like(cedar.NewPattern(comps...))
		}
		if i == 0 {
			n = m
		} else {
			n = n.Or(m)
		}
	}
	return n
}

// PolicyText returns the policies in Cedar's own syntax, in order.
func (c *Cedar) PolicyText() []byte {
	var out []byte
	for _, p := range c.policies {
		out = append(out, p.policy.MarshalCedar()...)
		out = append(out, '\n', '\n')
	}
	return out
}

// Evaluate asks Cedar about every subject and combines the answers.
func (c *Cedar) Evaluate(ctx context.Context, subjects []Subject) (Verdict, error) {
	deny, ask, allow := -1, -1, -1
	required, covered := 0, 0
	for i := range subjects {
		s := &subjects[i]
		permits := &allow
		if s.Incidental {
			permits = nil
		}
		permitted, err := c.authorize(s, s.Command, &deny, &ask, permits)
		if err != nil {
			return Verdict{}, err
		}
		for _, v := range s.Variants {
			if _, err := c.authorize(s, v, &deny, &ask, nil); err != nil {
				return Verdict{}, err
			}
		}
		if !s.Incidental {
			required++
			if permitted {
				covered++
			}
		}
	}
	switch {
	case deny >= 0:
		return Verdict{Behavior: api.Deny, Rule: c.text(deny)}, nil
	case ask >= 0:
		return Verdict{Behavior: api.Ask, Rule: c.text(ask)}, nil
	case required > 0 && covered == required:
		return Verdict{Behavior: api.Allow, Rule: c.text(allow)}, nil
	}
	return Verdict{}, nil
}

// authorize asks about one subject with command as its command. The
// forbids that match lower deny and ask to the best order seen; when allow
// is not nil, the permits that match lower it. permitted reports Cedar's
// answer.
func (c *Cedar) authorize(s *Subject, command string, deny, ask, allow *int) (permitted bool, err error) {
	req := cedar.Request{
		Principal: cedarAgent,
		Action:    cedarAction,
		Resource:  cedar.NewEntityUID(cedarToolType, cedar.String(s.Tool)),
		Context: cedar.NewRecord(cedar.RecordMap{
			"tool":    cedar.String(s.Tool),
			"command": cedar.String(command),
			"path":    cedar.String(s.Path),
			"domain":  cedar.String(s.Domain),
			"dynamic": cedar.Boolean(s.Dynamic),
		}),
	}
	decision, diag := cedar.Authorize(c.policies, c.entities, req)
	if len(diag.Errors) > 0 {
		return false, fmt.Errorf("cedar: %s", diag.Errors[0])
	}
	for _, reason := range diag.Reasons {
		r := c.rules[reason.PolicyID]
		switch {
		case decision == cedar.Deny && r.Behavior == api.Deny:
			lower(deny, r.Order)
		case decision == cedar.Deny && r.Behavior == api.Ask:
			lower(ask, r.Order)
		case decision == cedar.Allow && allow != nil:
			lower(allow, r.Order)
		}
	}
	return decision == cedar.Allow, nil
}

func lower(best *int, order int) {
	if *best < 0 || order < *best {
		*best = order
	}
}

func (c *Cedar) text(order int) string {
	return c.rules[cedar.PolicyID("r"+strconv.Itoa(order))].Text
}

// cedarPolicy is one policy with its ID.
type cedarPolicy struct {
	id     cedar.PolicyID
	policy *cedar.Policy
}

// cedarPolicies is a policy set in a slice: Authorize walks it in order
// without the map iteration of cedar.PolicySet.
type cedarPolicies []cedarPolicy

var _ cedar.PolicyIterator = cedarPolicies(nil)

// All yields every policy in order.
func (ps cedarPolicies) All() iter.Seq2[cedar.PolicyID, *cedar.Policy] {
	return func(yield func(cedar.PolicyID, *cedar.Policy) bool) {
		for _, p := range ps {
			if !yield(p.id, p.policy) {
				return
			}
		}
	}
}

// cedarTools are the entities: every tool, with the tool above it in the
// hierarchy (ToolParent) as its parent.
type cedarTools struct{}

var _ cedar.EntityGetter = cedarTools{}

// Get returns the tool entity uid names.
func (cedarTools) Get(uid cedar.EntityUID) (cedar.Entity, bool) {
	if uid.Type != cedarToolType {
		return cedar.Entity{}, false
	}
	e := cedar.Entity{UID: uid}
	if parent := ToolParent(string(uid.ID)); parent != "" {
		e.Parents = cedar.NewEntityUIDSet(cedar.NewEntityUID(cedarToolType, cedar.String(parent)))
	}
	return e, true
}
