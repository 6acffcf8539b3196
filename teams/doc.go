// Package teams holds the state several Warden daemons share, on NATS
// JetStream: the pending asks (a key-value bucket, so an ask made on one
// daemon is listed and answered on any, the first answer winning by
// compare and set on the entry's revision), and the embedded NATS server a
// daemon runs by default, alone or joined with others into a cluster.
//
// It implements the daemon's store interfaces (server.AskStore) and passes
// their conformance suites, like the memory stores it stands in for. Only
// the daemon binary (cmd/warden-daemon) imports it: the hook starts once
// per tool call and never pays for linking NATS.
package teams
