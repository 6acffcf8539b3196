# Warden's permission rules, evaluated by Open Policy Agent.
#
# The rules are data (data.permissions.deny, .ask, .allow), each with the
# tools it covers and the patterns its value must match; input.subjects are
# the parts of one tool call. The answer is data.warden.decision:
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
} else := {"behavior": "allow", "rule": min(allow_hits)[1]} if {
	allowed
} else := {"behavior": "", "rule": ""}

deny_hits contains [r.order, r.text] if {
	some s in input.subjects
	some r in data.permissions.deny
	strictly_covers(r, s)
}

ask_hits contains [r.order, r.text] if {
	some s in input.subjects
	some r in data.permissions.ask
	strictly_covers(r, s)
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
	not allow_covered(input.subjects[i])
}

allow_covered(s) if {
	some r in data.permissions.allow
	allow_covers(r, s)
}

allow_hits contains [r.order, r.text] if {
	some i in required
	some r in data.permissions.allow
	allow_covers(r, input.subjects[i])
}

allow_covers(r, s) if {
	not s.dynamic
	covers(r, s)
}

# Deny and ask rules also see a command's other spellings.
strictly_covers(r, s) if covers(r, s)

strictly_covers(r, s) if {
	r.field == "command"
	names_tool(r, s.tool)
	some v in s.variants
	some g in r.values
	matches(g, v)
}

covers(r, s) if {
	names_tool(r, s.tool)
	value_matches(r, s)
}

names_tool(r, t) if t in r.tools

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
