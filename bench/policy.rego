# Warden's permission rules, evaluated by Open Policy Agent.
#
# The rules are data: data.permissions.deny, .ask and .allow each hold
# "tools", the rules indexed by every tool they cover, and "patterns", the
# MCP rules that cover tools by a pattern. Each rule carries its text, its
# order of precedence and the patterns its value must match.
# input.subjects are the parts of one tool call. The answer is data.warden.decision:
# {"behavior": "deny"|"ask"|"allow"|"", "rule": TEXT}.
#
#   - deny beats ask beats allow;
#   - deny and ask need one subject to match, a command's variants included;
#   - allow needs every subject that is not incidental, and never covers a
#     dynamic one;
#   - among the rules that decide, the one of lowest order is reported.
package warden

import rego.v1

decision := {"behavior": "deny", "rule": min(deny_hits)[1]} if {
	count(deny_hits) > 0
} else := {"behavior": "ask", "rule": min(ask_hits)[1]} if {
	count(ask_hits) > 0
} else := {"behavior": "allow", "rule": best_allow[1]} if {
	allowed
} else := {"behavior": "", "rule": ""}

deny_hits := {[o, t] | some ["deny", o, t] in strict_hits}

ask_hits := {[o, t] | some ["ask", o, t] in strict_hits}

# strict_hits are the deny and ask rules that cover some subject. The rules
# are indexed by the tools they name (data.permissions.KIND.tools[TOOL]);
# MCP rules with tool patterns are listed apart.
strict_hits contains [kind, r.order, r.text] if {
	some kind in ["deny", "ask"]
	some s in input.subjects
	some r in data.permissions[kind].tools[s.tool]
	strictly_matches(r, s)
}

strict_hits contains [kind, r.order, r.text] if {
	some kind in ["deny", "ask"]
	some s in input.subjects
	some r in data.permissions[kind].patterns
	names_tool(r, s.tool)
	strictly_matches(r, s)
}

required contains i if {
	some i, s in input.subjects
	not s.incidental
}

allowed if {
	count(required) > 0
	not uncovered
}

uncovered if {
	some i in required
	not covered[i]
}

covered contains i if some [i, _, _] in allow_matches

# allow_matches are [subject index, order, text] for every allow rule that
# covers a required subject.
allow_matches contains [i, r.order, r.text] if {
	some i in required
	s := input.subjects[i]
	not s.dynamic
	some r in data.permissions.allow.tools[s.tool]
	value_matches(r, s)
}

allow_matches contains [i, r.order, r.text] if {
	some i in required
	s := input.subjects[i]
	not s.dynamic
	some r in data.permissions.allow.patterns
	names_tool(r, s.tool)
	value_matches(r, s)
}

best_allow := min({[o, t] | some [_, o, t] in allow_matches})

# Deny and ask rules also see a command's other spellings.
strictly_matches(r, s) if value_matches(r, s)

strictly_matches(r, s) if {
	r.field == "command"
	some v in s.variants
	some g in r.values
	matches(g, v)
}

names_tool(r, t) if {
	some g in r.tool_patterns
	matches(g, t)
}

value_matches(r, _) if r.field == ""

value_matches(r, s) if {
	r.field == "command"
	some g in r.values
	matches(g, s.command)
}

value_matches(r, s) if {
	r.field in {"path", "domain"}
	v := s[r.field]
	v != ""
	some g in r.values
	matches(g, v)
}

# A pattern is one of: {"eq": S}; {"prefix": P, "suffix": X} for P*X;
# {"glob": G} for anything with more wildcards (glob.match without
# delimiters, so `*` crosses slashes and spaces).
matches(g, v) if v == g.eq

matches(g, v) if {
	startswith(v, g.prefix)
	endswith(v, g.suffix)
	count(v) >= count(g.prefix) + count(g.suffix)
}

matches(g, v) if glob.match(g.glob, null, v)
