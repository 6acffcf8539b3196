// Package mcp is Warden's MCP gateway: a proxy that sits between an MCP
// client (an agent, an IDE, any host) and one MCP server, and puts every
// tools/call through the same decision engine as the shell.
//
// The proxy relays JSON-RPC messages, read and written with the official
// SDK's transports, in both directions and unchanged — requests,
// notifications, progress, cancellation, server-to-client requests — except
// for what it judges:
//
//   - tools/call is decided as tool mcp__NAME__TOOL with the call's
//     arguments as input (rules, hooks, modes, grants, classifier, handlers,
//     audit). Arguments declared as files, URLs or commands — in settings'
//     mcp.servers, or learned from the tool's input schema — are judged as
//     such. A deny is answered with an MCP error result naming the rule, and
//     the server never sees the call.
//   - resources/read of a file: URI is decided as a Read of that path.
//   - tools/list results are filtered: a tool whose definition changed since
//     it was pinned, or whose definition the scan flags (instructions
//     addressed to the model, hidden characters, a shadowing name), is held
//     — hidden, and refused on call — until a person approves it; a tool a
//     deny rule covers outright is hidden.
//
// An ask is put to a person through the client's elicitation when the client
// declares it, else through the approval daemon (WARDEN_SERVER), else it is
// denied with the reason and the rule that would allow the call.
//
// Pins live in the project's .warden/mcp-pins.json (package pins), written
// atomically under a lock; the file is an agent control file, so an agent
// cannot approve its own definitions.
package mcp
