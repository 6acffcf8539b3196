// Package agente2e drives the real agent programs — Claude Code, Codex CLI,
// Gemini CLI — against Warden, end to end: each agent is installed at a
// pinned version from the npm registry, talks to a small fake model server
// on loopback that speaks its model API (Anthropic Messages, OpenAI
// Responses, Gemini generateContent), and asks Warden through the hook that
// `warden init <agent>` installed. The fake model makes one scripted tool
// call per scenario (a denied rm, an allowed touch, a patch, a write to an
// agent control file) and then a text turn; the tests look at the disk to
// see whether the call ran.
//
// The fake servers are stateless: the step a request is at is the number
// of tool results the conversation already holds, so a retried or repeated
// request gets the same answer, and side requests the agents make (titles,
// summaries, token counts) get a short text reply with no tool call.
//
// The agents are found under $WARDEN_E2E_NODE_DIR, else .e2e/node in the
// module's root, where .ci/run installs the versions listed in clients.txt. A missing agent skips its tests
// locally and fails them under CI=true.
package agente2e
