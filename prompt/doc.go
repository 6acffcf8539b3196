// Package prompt is the terminal side of an ask: it shows a person the call
// an agent wants to make and waits for their answer, and it puts an agent's
// clarifying questions to them.
//
// In the decision flow a call the pipeline cannot decide becomes an ask; the
// interactive handler races PermissionRequest hooks, the classifier and a
// person, and for the person it calls a [handler.Prompter]. [Terminal] is that
// Prompter for a person at a terminal. It opens the controlling terminal
// (/dev/tty) rather than standard input and output, which belong to the agent,
// and draws the prompt with package internal/tui (Bubble Tea's model and
// renderer, without linking Bubble Tea into every warden process):
//
//   - the tool and its input (for Bash the whole command, with a view that
//     shows it in full when it is longer than 70 characters), the pipeline's
//     findings and reason, and the explainer's four fields as they arrive;
//   - the risk level, in colour unless NO_COLOR is set;
//   - one-key answers: o (once), s (session), a (always), d (deny),
//     m (deny with a message), v (view), as well as arrows and Enter;
//   - a countdown: when the deadline passes the answer is deny.
//
// Keys pressed in the first moments after a prompt appears (the grace
// period, 200 ms by default) are ignored, so a person typing into the
// terminal when the prompt pops up cannot approve it by accident.
//
// Prompts from parallel agents sharing one terminal are serialised first
// come, first served: within a process by an in-memory queue, and across
// processes by a ticket queue of files under an exclusive flock, kept in a
// directory keyed by the terminal (see [Terminal.LockDir]). A prompt that is
// waiting its turn draws nothing, so two prompts never interleave.
//
// Every failure (no terminal, a broken terminal, a timeout) ends in deny or
// an error; nothing here ever turns a failure into allow.
package prompt
