// Package api holds the wire types every part of Warden shares: the Request
// an agent sends, the Decision Warden answers, the Reason naming who decided,
// the Findings of the analysis, and the error envelope of the HTTP API.
//
// The CLI, the Claude Code hook, the daemon and the library all speak these
// types, so the three front ends can never disagree on a field. The root
// package warden re-exports them.
package api
