// Package handler resolves the asks of the decision pipeline: when the
// engine's answer for a call is ask, the Handler for the execution context
// turns it into allow or deny and says who decided.
//
// Four handlers cover the contexts an agent runs in (DESIGN §1):
//
//   - Interactive: a person at a terminal or web page. The prompt, the
//     PermissionRequest hooks and the classifier start together and race;
//     the first decision is final. Once the person interacts with the prompt
//     (after a short grace period, so a stray keypress does not count),
//     automated results are discarded.
//   - Coordinator: hooks, then the classifier, then the prompt, one after
//     the other, so many workers never pop up dialogs at once.
//   - SwarmWorker: the classifier, then the leader through a mailbox; a
//     local prompt only when forwarding fails.
//   - Headless: auto mode, dontAsk, no person: the classifier decides, and
//     anything undecided, failed or late is denied.
//
// Automated deciders (PermissionRequest hooks, classifiers) are Deciders.
// Every classifier verdict passes through one guard (consultClassifier):
// a classifier never approves a call that a deny or ask rule matched or that
// carries a HIGH-risk finding. Nothing that fails ever turns into allow, and
// every resolution's reason names who decided: a person, a hook, a
// classifier, a leader, a timeout, or an error.
//
// Time comes from a Clock, so tests drive timeouts and grace periods with
// FakeClock and never sleep; ScriptedPrompter stands in for a person.
package handler
