// Package grant remembers approvals at the scope a person chose, and offers
// the narrowest rule worth remembering.
//
// In the decision flow (DESIGN §1) grants come in twice. At step 7 the engine
// asks a Store for the session's grants: rule grants are matched like allow
// rules of source "session", and category grants (a danger category such as
// "git-destructive") let findings of that category through for the session.
// After a handler resolves an ask with allow, the engine records the approval
// at its scope:
//
//   - once: nothing is stored;
//   - session: Store.Add — a MemoryStore in the daemon, a FileStore (one
//     state file per session, expiring after an idle time) for per-call
//     processes such as "warden hook";
//   - always: AddAlwaysRule writes the rule into permissions.allow of the
//     project's .warden/settings.local.json, atomically and under a file lock,
//     keeping everything else in the file; a file that does not parse is never
//     overwritten.
//
// Suggestions (SuggestBash, SuggestPath, SuggestDomain) are the rules offered
// with an ask: narrow enough to approve only this kind of call, never an
// over-broad prefix such as "Bash(python:*)" or "Bash(sudo:*)".
//
// A HIGH-risk category can be granted for the session at most (CheckScope);
// category slugs that were renamed stay valid through aliases
// (CanonicalCategory).
package grant
