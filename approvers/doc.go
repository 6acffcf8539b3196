// Package approvers keeps the daemon's named approvers: people who may
// answer asks on the approval page, each with a token of their own.
//
// The approvers file (JSON, mode 0600) maps each name to the SHA-256 of its
// token; the token itself is printed once, by Add, and never stored. The
// daemon (warden serve --approvers FILE) loads the file into a [Set], which
// tells a request's token apart in constant time, so that every answer
// carries the approver's name into the audit and onto the page, and the
// approvals.route rules of the settings can limit who answers which ask.
package approvers
