// Package bench puts Warden's rule matching side by side with two general
// policy engines, Open Policy Agent (Rego) and cedar-go, on the same
// permission rules and the same tool calls, to show that they agree and to
// measure what each costs per decision.
//
// It lives in a nested module so that library users never pull OPA or
// Cedar: `cd bench && go test ./...` checks that the engines agree, and
// `go test -run xxx -bench .` measures them.
//
// # Where it sits in the decision flow
//
// The comparison covers steps 3, 4 and 7 of DESIGN §1 — deny rules, ask
// rules, allow rules — which is the part of a decision a general policy
// engine can take over. Neither Rego nor Cedar can parse a shell command, so
// every engine is given the same subjects that Warden's tool checkers make
// of a call (one per simple command of a Bash program, per file a command
// reads or writes, per host, per MCP tool), in the neutral form [Subject].
// The engines then apply Warden's semantics: deny beats ask beats allow;
// deny and ask need one subject to match (a command's other spellings
// included), allow needs every subject that is not incidental, and never
// covers a command whose program is not a literal word.
//
// [Translate] turns a rule set, in its order of precedence, into a
// [Policy] every engine can load: each rule's tools and value patterns
// spelled out as wildcard patterns, with path rules resolved against one
// project's working directory and home, the way a team would deploy a
// policy for one repository. Rules that Rego or Cedar cannot express
// exactly — field rules, path globs whose `*` must stop at a slash — are
// refused rather than approximated, so an agreement test never passes by
// accident.
//
// [NewWarden], [NewRego] and [NewCedar] build the three [Evaluator]s.
// Rego evaluates the rules as data with one fixed module (policy.rego),
// prepared once and evaluated many times; Cedar gets one policy per rule
// (deny and ask rules are forbids told apart by an annotation, allow rules
// are permits) and a tool hierarchy as its entities, and is asked once per
// subject.
package bench
