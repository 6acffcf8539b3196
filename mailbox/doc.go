// Package mailbox carries permission requests from swarm workers to their
// leader and the leader's answers back.
//
// A worker agent whose call the pipeline could not decide, and whose
// classifier was undecided, does not prompt on its own: its handler (the
// swarm worker handler of package handler) sends a Request to its leader
// through a Mailbox and waits for the Response — allow or deny, with the
// leader's message. The leader side sees the same requests through an
// Inbox, lists what is pending and answers.
//
// Memory is the in-process implementation (leader and workers in one
// process). Other implementations (the daemon's HTTP mailbox, a distributed
// one) must pass the conformance suite in package mailboxtest.
package mailbox
