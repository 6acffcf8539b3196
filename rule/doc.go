// Package rule is Warden's permission-rule language: it parses the rules
// people already write for Claude Code (`Bash(npm run test:*)`,
// `Read(./.env)`, `WebFetch(domain:*.example.com)`, `mcp__github`,
// `Tool(field:glob)`), keeps where each one was written, and matches tool
// calls against whole sets of them quickly.
//
// # Where it sits in the decision flow
//
// Settings loading parses every rule string with [Parse], giving each one an
// [Origin] (source, file, line, column, project root). The engine gathers
// the rules of every source into one [Set] with [NewSet], once per settings
// generation, and then, for every tool call, asks it three questions in the
// order of DESIGN §1:
//
//	set.Find(api.Deny, subjects, env)   // step 3: any subject matching is enough
//	set.Find(api.Ask, subjects, env)    // step 4: any subject matching is enough
//	set.Find(api.Allow, subjects, env)  // step 7: every subject must be covered
//
// A caller that walks the subjects itself (to weigh grants and modes per
// subject) asks [Set.Match] about one subject at a time; a grant tests its
// one rule with [Rule.Matches].
//
// A [Subject] is one part of a call as the tool checkers see it: one
// normalised simple command of a Bash program, a file path a tool reads or
// writes, the host a URL names, an MCP tool with its input. The rule package
// neither parses shell nor touches the file system: the checkers in tool/ and
// shell/ turn a request into subjects, and this package only decides which
// rules cover them. That keeps matching pure, allocation-free on the hot path
// and independent of the analysis that feeds it.
//
// # Semantics kept here
//
//   - Precedence across behaviours is the caller's order (deny, then ask, then
//     allow). Within one behaviour, when several rules match, the one reported
//     is from the highest-ranked [Source] (org > cli > local > project > user
//     > session > classifier), and among those the one written first.
//   - Deny and ask rules match if any subject matches, including the extra
//     spellings in [Subject.Variants]; allow rules must cover every subject
//     that is not [Subject.Incidental], and never cover a [Subject.Dynamic]
//     one (a command whose program is not a literal word).
//   - A rule naming the head of a tool family covers its members: `Read(…)`
//     also governs Glob, Grep, LS and NotebookRead, `Edit(…)` Write,
//     MultiEdit and NotebookEdit. The checkers present the files a Bash
//     command reads or writes as Read and Edit subjects, so `Read(./.env)`
//     stops `cat .env` and `Edit(~/.bashrc)` stops `echo x > ~/.bashrc`.
//   - A malformed rule is an error with file, line and column. [Parse] also
//     returns a fail-closed stand-in for a malformed deny or ask rule, which
//     covers every call of the tool it names, or every call at all when even
//     the tool name cannot be read; a malformed allow rule has no stand-in, so
//     dropping it can only tighten.
//
// A Set is immutable and safe for concurrent use.
package rule
