// Package server is Warden's daemon: one process that holds the rules, the
// session grants, the approval queue and the audit log for many agents, and
// serves the page where people answer asks.
//
// It fits the decision flow at both ends. Agents (through `warden check`,
// `warden hook`, or a sub-agent's [HTTPMailbox]) send their requests to the
// HTTP API described in DESIGN §6: POST /v1/check runs the pipeline and
// answers at once, POST /v1/decide runs the pipeline and, when the answer is
// ask, lets the engine's handler resolve it. In the daemon that handler is
// the coordinator (PermissionRequest hooks, then the classifier, then a
// person), and the person's side of it is the [Queue]: a [handler.Prompter]
// that lists the ask as pending, announces it to the approval page over
// server-sent events, and waits for POST /v1/pending/{id}, the deadline, or
// the caller giving up.
//
// Everything that fails here fails closed: a timeout, a shutdown, a lost
// connection or an engine error is a deny (or an error the client must treat
// as one), never an allow.
//
// Security: two credentials. The approver's token (or the cookie the page
// receives in exchange for it) opens everything: the page, the pending asks
// and their answers, the events, the metrics, the leader's side of the
// mailbox. The agents' token opens only what an agent needs — POST
// /v1/check, POST /v1/decide, the asking side of the mailbox and GET
// /healthz — and gets 403 elsewhere, so an agent can never approve its own
// ask. An answer may record only a rule the ask suggested, and never
// "always" for a HIGH-risk ask. Headers and bodies that arrive slowly are
// cut off; the answers that wait are bounded by their own timeouts. Options
// with no token at all disable authentication, for embedding the server
// where only a person can reach it. Requests carrying a foreign
// Origin or a Host that is neither an IP address, localhost nor explicitly
// allowed are refused, which defeats DNS rebinding; request bodies are
// capped; every error is one JSON envelope.
package server
