package tool

import (
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/rule"
	"github.com/wardenhq/warden/toolspec"
)

// Env is where a call runs: its working directory, the user's home and the
// directories the agent may work in.
type Env struct {
	Cwd  string
	Home string
	// WorkingDirs are Cwd followed by the additional directories, absolute
	// and cleaned.
	WorkingDirs []string
	// Paths resolves symlinks; nil means the real file system.
	Paths *PathResolver
	// ControlFiles are agent control files beyond those pathclass
	// declares: the settings files in use.
	ControlFiles []string
	// Secrets are files of Warden's own that hold a credential the agent
	// must never read: the approval daemon's approver token. Reading one is
	// credential-access; editing one is agent-config-tamper (they are
	// control files too).
	Secrets []string
	// Path is the PATH of the agent's environment, where a bare program
	// name is looked up (empty: the usual system directories). One holding
	// the working directory (an empty entry or .), a relative directory or
	// one inside the project makes a bare name the project's own code when
	// it is found there.
	Path string
	// links are the sensitive files with more than one name, found when a
	// hard-linked path is first met in a call.
	links *linkIndex
	// sniffed counts the files looked into for private keys in this call.
	sniffed int
}

// Subject is one thing a call touches that rules judge: a simple command, a
// file, a host, a tool. A call is allowed only when every subject is. The
// embedded rule.Subject is what rules see (Incidental subjects — the files a
// command reads — exist for deny and ask rules and need no allow; Dynamic
// ones can never be allowed by a rule); the other fields are what modes and
// safety checks see.
type Subject struct {
	rule.Subject
	// Display is what a person is shown for this subject.
	Display string
	// ReadOnly subjects are safe without any rule (step 8).
	ReadOnly bool
	// Words are the words of a Bash simple command, for suggested rules.
	Words []string
	// Edit marks a file write, which acceptEdits may allow inside the
	// working directories.
	Edit bool
	// FileOp marks a simple file command that acceptEdits may run when
	// every path it writes is inside the working directories.
	FileOp bool
	// Unknown, for a Bash command, is the first thing its analysis could
	// not resolve (a program with no entry, copied names not known): why
	// no mode runs it, for the reason a person reads.
	Unknown string
	// Cause, for a Bash command with nothing unknown that is not
	// read-only, says what it does beyond reading (it writes x, it reads
	// a path outside the working directories): why no mode runs it.
	Cause string
	// InWorkingDirs is true for paths inside the working directories.
	InWorkingDirs bool
	// Protected paths are never approved by a mode: only an allow rule with
	// a specifier that matches them.
	Protected bool
	// Finding, when set, is a safety finding about this subject that an
	// allow rule matching the subject settles (a protected path, an edit
	// outside the working directories).
	Finding *api.Finding
	// WrittenBy, for a file a Bash command writes, is one more than the
	// index of that command's subject (0 for every other subject): an allow
	// rule covering the command also covers this write when it is inside
	// the working directories and neither protected nor flagged.
	WrittenBy int
	// LaunchedBy, for a command a launcher runs (npx tsc), is one more than
	// the index of the launcher's subject: an allow rule covering the
	// launcher also covers the command when nothing flags it.
	LaunchedBy int
	// Beyond, for a Bash command, are the words through which it runs code
	// or reads configuration its command line names (shell.Part.Beyond):
	// an allow rule or grant covers it only when it names every one.
	Beyond []string
}

// Analysis is what a checker makes of one call.
type Analysis struct {
	Subjects []Subject
	// Findings are dangers that only a grant for their category or a person
	// can settle; an allow rule cannot.
	Findings []api.Finding
	// Problem, when set, is why the call cannot be judged (malformed input,
	// a command that does not parse, a limit exceeded): after deny rules it
	// is ask, and no allow rule or mode can approve it.
	Problem string
}

// Checker turns a call of one tool into subjects and findings. It takes the
// request and environment by value: a decision is on the path of every tool
// call, and copies stay off the heap where pointers through an interface
// would not.
type Checker interface {
	Check(req api.Request, env Env) *Analysis
}

// CheckerFunc adapts a function to a Checker.
type CheckerFunc func(req api.Request, env Env) *Analysis

// Check calls f.
func (f CheckerFunc) Check(req api.Request, env Env) *Analysis { return f(req, env) }

// Registry maps tool names to checkers.
type Registry struct {
	byName  map[string]Checker
	generic Checker
	mcp     Checker
}

// NewRegistry returns the checkers for the built-in tools, chosen by each
// tool's kind in the tool table (package toolspec). Bash has none here: the
// engine registers its analysis.
func NewRegistry() *Registry {
	r := &Registry{byName: map[string]Checker{}, generic: CheckerFunc(checkGeneric), mcp: MCPChecker{}}
	for _, t := range toolspec.Tools {
		var c Checker
		switch t.Kind {
		case toolspec.KindRead:
			c = CheckerFunc(checkFileRead)
		case toolspec.KindEdit:
			c = CheckerFunc(checkFileEdit)
		case toolspec.KindPatch:
			c = CheckerFunc(checkPatch)
		case toolspec.KindFetch:
			c = CheckerFunc(checkWebFetch)
		case toolspec.KindSearch:
			c = CheckerFunc(checkWebSearch)
		case toolspec.KindAgent:
			c = CheckerFunc(checkAgent)
		default:
			continue
		}
		r.byName[t.Name] = c
		for _, a := range t.Aliases {
			if a.Agent == "" {
				r.byName[a.Name] = c // a legacy name (Task)
			}
		}
	}
	return r
}

// Register sets the checker for a tool name, replacing any other.
func (r *Registry) Register(name string, c Checker) { r.byName[name] = c }

// RegisterMCP sets the checker of every MCP tool (mcp__SERVER__TOOL) that
// has none of its own.
func (r *Registry) RegisterMCP(c Checker) { r.mcp = c }

// Lookup returns the checker for a tool: its own, the MCP checker for
// mcp__ names, or the generic one.
func (r *Registry) Lookup(name string) Checker {
	if c, ok := r.byName[name]; ok {
		return c
	}
	if isMCP(name) {
		return mcpFields{r, r.mcp}
	}
	if _, ok := r.generic.(CheckerFunc); ok {
		return genericChecker{r}
	}
	return r.generic
}

// problem returns an analysis that cannot be judged, with one subject so
// that tool-wide deny and ask rules still match.
func problem(req *api.Request, msg string) *Analysis {
	return &Analysis{
		Subjects: []Subject{{Subject: rule.Subject{Tool: req.ToolName, Input: req.ToolInput}, Display: req.ToolName}},
		Problem:  msg,
	}
}

func checkGeneric(req api.Request, env Env) *Analysis {
	return &Analysis{Subjects: []Subject{{
		Subject: rule.Subject{Tool: req.ToolName, Input: req.ToolInput},
		Display: req.ToolName,
	}}}
}

func checkAgent(req api.Request, env Env) *Analysis {
	// Starting a sub-agent runs nothing by itself: every call the sub-agent
	// makes is decided on its own.
	return &Analysis{Subjects: []Subject{{
		Subject:  rule.Subject{Tool: "Agent", Input: req.ToolInput},
		Display:  "Agent",
		ReadOnly: true,
	}}}
}

func checkWebSearch(req api.Request, env Env) *Analysis {
	q, ok := req.StringInput("query")
	if !ok {
		return problem(&req, "WebSearch needs a string query")
	}
	return &Analysis{Subjects: []Subject{{
		Subject: rule.Subject{Tool: "WebSearch", Input: req.ToolInput},
		Display: "search: " + q,
	}}}
}
