package agents

import (
	"context"
	"flag"
	"sort"
	"strings"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/agent/claudecode"
	"github.com/wardenhq/warden/agent/codex"
	"github.com/wardenhq/warden/agent/gemini"
	"github.com/wardenhq/warden/agent/hookconf"
)

// All are the agents Warden guards, in the order doctor checks them. The
// first is the one `warden hook` speaks to without --agent.
var All = []Agent{
	claudecode.Agent{},
	codex.Agent{},
	gemini.Agent{},
}

// Agent is everything Warden knows about one agent.
type Agent interface {
	// Adapter speaks the agent's hook protocol; its Name is the agent's
	// name on the command line (`--agent NAME`, `warden init NAME`) and in
	// the daemon's /v1/hooks/NAME.
	agent.Adapter
	// Title is the agent's name for people: "Claude Code".
	Title() string
	// ProjectDirEnv is the environment variable in which the agent gives
	// its hooks (and the MCP servers it starts) its project root, or "".
	ProjectDirEnv() string
	// Unasked says why an ask of c reaches nobody, for the deny that
	// replaces it (agent.Unasked).
	Unasked(c agent.Call) string
	// InitUsage is the usage line of `warden init NAME`, after "warden ".
	InitUsage() string
	// Init adds the flags of `warden init NAME` to fs and returns what
	// installs Warden as the agent's hook with them, once they are parsed.
	Init(fs *flag.FlagSet) func(context.Context, *hookconf.Setup) error
	// Doctor reports, in its own section, the agent's settings files that
	// run Warden, whether each hook answers, and what switches it off;
	// where Warden guards the agent it calls c.Guarded(Title()).
	Doctor(ctx context.Context, c *hookconf.Checkup)
}

// Default is the agent `warden hook` speaks to without --agent.
func Default() Agent { return All[0] }

// Lookup returns the agent named name.
func Lookup(name string) (Agent, bool) {
	for _, a := range All {
		if a.Name() == name {
			return a, true
		}
	}
	return nil, false
}

// Names lists the agents' names, sorted, joined with sep.
func Names(sep string) string {
	names := make([]string, len(All))
	for i, a := range All {
		names[i] = a.Name()
	}
	sort.Strings(names)
	return strings.Join(names, sep)
}

// Adapters are the agents' protocols by name, as the daemon's hook
// endpoint takes them.
func Adapters() map[string]agent.Adapter {
	m := make(map[string]agent.Adapter, len(All))
	for _, a := range All {
		m[a.Name()] = a
	}
	return m
}

// ProjectDir returns the project root an agent's environment names, read
// through getenv: the agent's own variable when the agent is named, else
// the first variable of any agent that holds an absolute path; "" when
// none does.
func ProjectDir(getenv func(string) string, name string) string {
	if a, ok := Lookup(name); ok {
		if v := a.ProjectDirEnv(); v != "" {
			return absEnv(getenv, v)
		}
		return ""
	}
	for _, a := range All {
		if v := a.ProjectDirEnv(); v != "" {
			if d := absEnv(getenv, v); d != "" {
				return d
			}
		}
	}
	return ""
}
