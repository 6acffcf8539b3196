// Package wrap rewrites the MCP server entries of the clients' files —
// Claude Code, Codex, Gemini CLI, Cursor, VS Code — so that each server
// runs through warden mcp proxy, and inspects which entries are wrapped.
//
// The package is free of the MCP SDK: warden mcp wrap, init --mcp and
// doctor use it from the hook binary, which starts once per tool call.
package wrap
