// Package pathclass declares, once, the paths Warden treats specially when
// something writes to them, for every route that can write: a Write or Edit
// tool call, a redirection or program in a Bash command, a link made earlier
// in the same command.
//
//   - Agent control files (Control): Warden's own settings, every agent's
//     configuration, hooks and instruction files, git's configuration and
//     hooks, shell start-up files, crontabs, user service units and login
//     items. A write to one is a HIGH agent-config-tamper finding that no
//     mode, read-only judgement, classifier, hook or grant approves; only an
//     allow rule that names the path does.
//   - Protected paths (Protected): the control files plus credential stores
//     and tool configuration that no mode may approve an edit of.
//
// The lists are data (control.go) and every entry carries examples that must
// match and look-alikes that must not; the package's test runs them all.
// Matching is pure: paths are absolute and cleaned by the caller, and
// nothing here touches the file system.
package pathclass
