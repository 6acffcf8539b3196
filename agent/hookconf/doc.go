// Package hookconf is what installing Warden into an agent and checking
// it there share, whatever the agent: the agents' JSON settings files,
// edited in place with their key order kept (Object, EditFile,
// AddWardenHooks) and read back (Find); the hook command, recognised
// (IsWardenHookCommand) and run once with the agent's harmless and broken
// payloads to prove it answers (Probe); and the two front ends the agent
// packages write to: Setup for `warden init AGENT`, Checkup for `warden
// doctor`.
//
// Each agent package (agent/claudecode, agent/codex, agent/gemini) holds
// its own install and checks on top of these; the `warden` command only
// parses flags and passes its streams and environment.
package hookconf
