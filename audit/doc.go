// Package audit is Warden's decision log: one record for every final
// decision, saying what was asked (the input, redacted, and a digest of it)
// and who decided — the rule with its file and line, the hook, the mode, the
// classifier, the person, the leader, the timeout or the grant.
//
// It is the last step of the decision flow (DESIGN §1): once a decision is
// final and any grant recorded, the engine turns it into a Record with
// NewRecord and hands it to a Sink. FileSink appends one JSON line per record
// to a file (by default $XDG_STATE_HOME/warden/audit.jsonl) with a single
// write on a file opened for appending, so any number of processes can log at
// once without interleaving lines, and rotates the file by size.
//
// Nothing reaches the file unredacted: a Redactor masks common secrets (API
// keys, tokens, passwords in URLs, private keys) and the patterns of the
// settings key audit.redact in every string of the record before it is
// encoded.
//
// Read and Summarize serve "warden audit": filtering records by time,
// behaviour, tool and session, and counting them by behaviour, tool and who
// decided.
package audit
