// Package agent is the seam between Warden and the coding agents that call
// it. Each agent speaks its own hook protocol: its own event names, payload
// fields, tool names and answers. An Adapter (one package per agent under
// agent/: claudecode, codex, gemini) turns the agent's payload into an
// api.Request with canonical tool names and input fields (package toolspec),
// and Warden's api.Decision back into the exact bytes and exit code the
// agent acts on.
//
// In the decision flow the adapter stands at both ends: Parse before step 1,
// Answer after the final decision. Between them the front end (`warden hook
// --agent NAME`, the daemon's /v1/hooks/NAME) decides; where the call cannot
// put an ask to a person (Call.CanAsk false: an agent with no ask answer, or
// one running with nobody at the keyboard), the front end resolves the ask
// itself — through the daemon's approval page when one is configured, else
// as a deny naming the rule that would allow the call (Unasked) — so an ask
// never reaches an agent that would run the call anyway or hang on it.
//
// Adding an agent is one package that implements Adapter, with its golden
// payloads in testdata and its answers as golden files.
package agent
