// Package tool holds the per-tool checkers of step 5 of the decision flow.
//
// A checker turns one tool call into Subjects — the simple commands of a
// Bash call, the files it reads and writes, the file a Read or an Edit
// touches (and, through a symlink, where it really lands), the host of a
// WebFetch, the name of an MCP tool — plus Findings, the dangers the analysis
// found. The engine then judges every subject against deny, ask and allow
// rules, modes and grants: a call is allowed only when every subject is.
//
// Paths are made absolute against the working directory, cleaned, with ~ and
// $HOME expanded; symlinks are resolved so that both the link and its
// target are judged; containment in the working directories is by path
// components, never by string prefix. Edits of protected paths (.git,
// .warden, .claude, shell start-up files, ~/.ssh, ~/.aws and the like) carry
// a finding that no mode settles: only an allow rule naming them does.
package tool
