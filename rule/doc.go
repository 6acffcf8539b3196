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
// # Rule syntax
//
//   - `Tool` covers every call of the tool, as does `Tool(*)` for tools that
//     do not take paths. A built-in tool name written in another case
//     (`bash`) is read as the tool, with a warning; `Task` is `Agent`.
//   - `Bash(npm run test:*)` and `Bash(git diff *)` (when that is the only
//     star): those words, then nothing or a space and anything, so `rm:*`
//     covers `rm -rf` but not `rmdir`. Any other `*` matches any characters,
//     spaces included (`Bash(git * --force)`); `\*` is a literal star and
//     `\\` a backslash. Without a star the command must be exactly that. An
//     absolute program path in a rule is reduced to its name, as commands are.
//   - File tools take gitignore globs: `*` and `?` within a component,
//     `[…]` and `[!…]`, `**` across components. `//path` is absolute, `~/path`
//     under the home directory, `/path` under the settings file's project
//     root ([Origin.Root]), `./path` or `path` under the working directory.
//     A pattern without a slash (`.env`, `*.pem`) matches at any depth below
//     the working directory; a pattern that matches a directory also covers
//     everything inside it; leading `..` climbs.
//   - `WebFetch(domain:example.com)` is that host only;
//     `WebFetch(domain:*.example.com)` its subdomains, not itself.
//   - `mcp__server` and `mcp__server__*` cover every tool of that server and
//     of no other (`mcp__github` never covers `mcp__githubx__…`);
//     `mcp__server__tool` one tool; stars in the tool part match tool names.
//   - `Agent(Name)` matches the sub-agent type; `Tool(field:glob)` matches a
//     top-level input field read as text, with stars as in Bash rules.
//
// A Set is immutable and safe for concurrent use.
package rule
