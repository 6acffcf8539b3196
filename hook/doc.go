// Package hook runs external programs that speak Claude Code's hook
// protocol, and reads and writes that protocol for Warden's own `warden hook`
// command.
//
// In the decision flow (DESIGN §1) hooks come twice. PreToolUse hooks run at
// step 2, before any rule: the matching hooks of the merged settings run in
// parallel, each in its own process group with a timeout, and their answers
// are combined deny > ask > allow into one Result. The engine then applies
// that Result against the rules: a hook deny is final, a hook allow is still
// re-checked against deny and ask rules, and an updated input replaces the
// request for every later step. PermissionRequest hooks run when the pipeline
// answers ask, inside the handlers, and may allow or deny in place of a
// person.
//
// A hook that fails in any way (a crash, a non-zero exit other than 2, output
// that does not parse, a timeout) is undecided: it never turns into allow,
// and it is reported in Result.Failures so the decision's warnings and the
// audit log can say so.
//
// The same protocol types serve the other direction: ParsePayload reads the
// JSON Claude Code gives its hooks on stdin, and PreToolUseAnswer and
// PermissionRequestAnswer write Warden's decision in the form Claude Code
// reads back.
package hook
