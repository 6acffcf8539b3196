// Package serve is the daemon of "warden serve": the HTTP API and the
// approval page (package server) over one engine per project, sharing one
// approval queue, one session grant store and one audit log.
//
// Alone, a daemon keeps its pending asks in memory. Given a Backend (the
// daemon binary cmd/warden-daemon passes the one on NATS JetStream from
// package teams), it shares them with the other daemons of a team. This
// package itself links no NATS: the warden binary, which starts once per
// tool call as a hook, stays free of it.
package serve
