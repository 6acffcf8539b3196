// Package askview builds what every approval surface shows about an ask
// besides its command: where it happens (the project root, the working
// directory, a file's project-relative path), who asked (the agent, a
// sub-agent's type and id, the session), and what an Edit or Write would
// change (a unified diff against the file on disk). The terminal prompt and
// the approval page both use it, so they never disagree; every string it
// returns has already passed through package display.
package askview
