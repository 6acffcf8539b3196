// Package toolspec is the one table of the tools Warden judges: each tool's
// canonical name (the name rules are written in), the family whose rules
// also cover it, what kind of thing it does, which input field names its
// subject, the verb a person is shown, and the names and input fields each
// agent uses for it.
//
// Every other stage reads its vocabulary from here: the rule parser accepts
// an agent's own tool name as an alias of the canonical one (so
// `run_shell_command(rm:*)` is `Bash(rm:*)`), the tool checkers are chosen
// by kind, the agent adapters translate a payload's tool name and input into
// the canonical ones (and a rewritten input back), and prompts, the page and
// the audit show a call as its verb and subject. Adding a tool, or an
// agent's name for one, is one entry in Tools.
package toolspec
