package settings

import (
	"errors"
	"fmt"
	"slices"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/rule"
)

// Subagent restricts what the sub-agents of one type (Claude Code's and
// Codex's agent_type) may do, beyond the rules that apply to their parent:
//
//	"subagents": {"Explore": {"tools": ["Read", "Grep", "Glob"],
//	                          "permissions": {"deny": ["Read(./secrets/**)"]}}}
//
// It can only tighten: its rules are deny and ask rules (an allow rule
// there is an error), and when several sources restrict the same type, a
// tool must be in every source's list.
type Subagent struct {
	// Tools are the tools the sub-agent may call: a tool name, an MCP
	// server ("mcp__github", covering its tools) or "*". Nil means no
	// restriction; an empty list allows no tool at all.
	Tools []string
	// ToolsFrom names where the restriction was set ("file:line"), for the
	// reason of a denial.
	ToolsFrom string
	// Rules are the sub-agent's own deny and ask rules.
	Rules []*rule.Rule
}

// AllowsTool reports whether the restriction lets the sub-agent call tool.
func (s *Subagent) AllowsTool(tool string) bool {
	if s == nil || s.Tools == nil {
		return true
	}
	return slices.ContainsFunc(s.Tools, func(t string) bool {
		return t == "*" || t == tool || (len(t) > 5 && t[:5] == "mcp__" && len(tool) > len(t)+2 && tool[:len(t)+2] == t+"__")
	})
}

var (
	subagentKeys            = keySet("tools", "permissions")
	subagentPermissionsKeys = keySet("deny", "ask", "allow")
)

// subagents decodes the "subagents" key: an object from agent type to its
// restriction.
func (d *fileDecoder) subagents(n *node) error {
	if n.kind != kindObject {
		return d.errAt(n, "subagents must be an object from agent type to its restriction, not %s", n.kind)
	}
	for _, mb := range n.members {
		if mb.key == "" {
			line, col := d.pos(mb.keyOff)
			return &PosError{File: d.f.Path, Line: line, Column: col, Msg: "subagents: empty agent type"}
		}
		what := "subagents." + mb.key
		ms, err := d.members(mb.val, what, subagentKeys)
		if err != nil {
			return err
		}
		if d.m.s.Subagents == nil {
			d.m.s.Subagents = map[string]*Subagent{}
		}
		sa := d.m.s.Subagents[mb.key]
		if sa == nil {
			sa = &Subagent{}
			d.m.s.Subagents[mb.key] = sa
		}
		if v := ms["tools"]; v != nil {
			if v.kind != kindArray {
				return d.errAt(v, "%s.tools must be an array of tool names, not %s", what, v.kind)
			}
			tools := []string{}
			for _, e := range v.elems {
				s, err := d.str(e, what+".tools[]")
				if err != nil {
					return err
				}
				if s == "" {
					return d.errAt(e, "%s.tools: empty tool name", what)
				}
				tools = append(tools, s)
			}
			line, _ := d.pos(v.off)
			from := fmt.Sprintf("%s:%d", d.f.Path, line)
			if sa.Tools == nil {
				sa.Tools, sa.ToolsFrom = tools, from
			} else {
				// Another source restricted this type too: a tool must be
				// in both lists.
				sa.Tools = slices.DeleteFunc(sa.Tools, func(t string) bool { return !slices.Contains(tools, t) })
				sa.ToolsFrom += ", " + from
			}
		}
		if v := ms["permissions"]; v != nil {
			pms, err := d.members(v, what+".permissions", subagentPermissionsKeys)
			if err != nil {
				return err
			}
			if a := pms["allow"]; a != nil {
				return d.errAt(a, "%s.permissions.allow: a sub-agent's rules can only tighten its parent's (deny and ask only)", what)
			}
			for _, b := range []api.Behavior{api.Deny, api.Ask} {
				if list := pms[string(b)]; list != nil {
					if err := d.subagentRules(list, b, what, sa); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// subagentRules decodes one list of a sub-agent's rules. Unlike the main
// lists, a malformed rule is an error: the restriction is meant to hold.
func (d *fileDecoder) subagentRules(n *node, b api.Behavior, what string, sa *Subagent) error {
	if n.kind != kindArray {
		return d.errAt(n, "%s.permissions.%s must be an array of rule strings", what, b)
	}
	for _, e := range n.elems {
		s, err := d.str(e, fmt.Sprintf("%s.permissions.%s[]", what, b))
		if err != nil {
			return err
		}
		line, col := d.pos(e.off)
		origin := rule.Origin{Source: rule.Source(d.f.Source), File: d.f.Path, Line: line, Column: col + 1, Root: d.m.root}
		r, err := rule.Parse(s, b, origin)
		if err != nil {
			var pe *rule.ParseError
			if errors.As(err, &pe) {
				return &PosError{File: d.f.Path, Line: line, Column: col + 1 + pe.Offset, Msg: fmt.Sprintf("%s.permissions.%s: malformed rule %q: %s", what, b, s, pe.Msg)}
			}
			return d.errAt(e, "%s.permissions.%s: malformed rule %q: %v", what, b, s, err)
		}
		sa.Rules = append(sa.Rules, r)
	}
	return nil
}
