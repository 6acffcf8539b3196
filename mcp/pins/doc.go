// Package pins keeps the approved definitions of MCP servers' tools: the
// pin file of a project (.warden/mcp-pins.json), the digest of a
// definition, and the scan that holds a definition addressed to the model,
// carrying hidden characters or shadowing another server's tool.
//
// A definition is pinned on first sight when the scan finds nothing; a
// changed or flagged definition is held until a person approves it with
// warden mcp pin. The file is written atomically under a lock, and it is an
// agent control file, so an agent cannot approve its own definitions.
//
// The package is free of the MCP SDK: warden mcp pin, init and doctor use
// it from the hook binary, which starts once per tool call.
package pins
