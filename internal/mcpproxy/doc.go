// Package mcpproxy is the command line of the MCP gateway's proxy, warden
// mcp proxy: it reads the flags, builds the decision engine the way the
// hook does (settings of the project, audit, grants, deciders), names the
// approval daemon when one is set, and relays between the client on
// standard input and output and one MCP server (a command, or a
// streamable-HTTP URL).
//
// It runs in warden-daemon (warden-daemon mcp-proxy …), to which warden mcp
// proxy hands over: the proxy links the official MCP SDK, which the warden
// hook, starting once per tool call, must not pay for.
package mcpproxy
