package toolspec

import (
	"strings"
)

// Kind says what a tool does, which decides how it is checked.
type Kind uint8

// The kinds of tool.
const (
	// KindOther is a tool with no declared effect: judged by its name and
	// input only.
	KindOther Kind = iota
	// KindShell runs a shell command (the subject field holds it).
	KindShell
	// KindRead reads a file or directory.
	KindRead
	// KindEdit writes or edits one file.
	KindEdit
	// KindPatch applies a patch that may add, update, delete and move
	// several files, each named inside the patch text.
	KindPatch
	// KindFetch fetches a URL.
	KindFetch
	// KindSearch searches the web.
	KindSearch
	// KindAgent starts a sub-agent, whose own calls are judged one by one.
	KindAgent
	// KindMCP calls a tool of an MCP server (mcp__SERVER__TOOL).
	KindMCP
)

// Tool is one entry of the table.
type Tool struct {
	// Name is the canonical name, the one rules are written in.
	Name string
	// Family, when set, is the tool whose rules also cover this one:
	// `Edit(src/**)` governs Write, `Read(.env)` governs Grep.
	Family string
	// Kind says what the tool does.
	Kind Kind
	// Subject is the input field that names what the call touches: the
	// command, the file, the URL, the pattern, the query.
	Subject string
	// Verb is what a person is shown before the subject ("run", "edit").
	Verb string
	// Aliases are the names agents give this tool, with the input fields
	// that differ from the canonical ones.
	Aliases []Alias
}

// Alias is one agent's name for a tool.
type Alias struct {
	// Agent is the agent that uses the name ("codex", "gemini"); empty for a
	// legacy name of every agent (Task for Agent).
	Agent string
	// Name is the agent's tool name.
	Name string
	// Fields renames the agent's input fields to the canonical ones
	// (gemini's dir_path is path); fields not listed keep their name.
	Fields []Rename
}

// Rename is one input field an agent names differently: From is the
// agent's name, To the canonical one. A slice of them, unlike a map, is
// laid out by the linker, so the table costs no process anything at
// start-up.
type Rename struct{ From, To string }

// Agent names used in the table.
const (
	AgentClaudeCode = "claude-code"
	AgentCodex      = "codex"
	AgentGemini     = "gemini"
	// AgentCopilot is GitHub Copilot CLI, which runs Claude Code's hooks
	// with Claude Code's tool names but its own argument names.
	AgentCopilot = "copilot"
)

// Tools is the table. The first entries are Claude Code's tools, whose names
// are the canonical ones.
var Tools = []Tool{
	{Name: "Bash", Kind: KindShell, Subject: "command", Verb: "run", Aliases: []Alias{
		{Agent: AgentGemini, Name: "run_shell_command"},
	}},
	{Name: "Read", Kind: KindRead, Subject: "file_path", Verb: "read", Aliases: []Alias{
		{Agent: AgentGemini, Name: "read_file"},
		{Agent: AgentCodex, Name: "view_image", Fields: []Rename{{"path", "file_path"}}},
		{Agent: AgentCopilot, Name: "view", Fields: []Rename{{"path", "file_path"}}},
		{Agent: AgentCopilot, Name: "Read", Fields: []Rename{{"path", "file_path"}}},
	}},
	{Name: "Edit", Kind: KindEdit, Subject: "file_path", Verb: "edit", Aliases: []Alias{
		{Agent: AgentGemini, Name: "replace", Fields: []Rename{{"allow_multiple", "replace_all"}}},
		{Agent: AgentCopilot, Name: "Edit", Fields: copilotEdit},
	}},
	{Name: "Write", Family: "Edit", Kind: KindEdit, Subject: "file_path", Verb: "write", Aliases: []Alias{
		{Agent: AgentGemini, Name: "write_file"},
		{Agent: AgentCopilot, Name: "create", Fields: copilotCreate},
		{Agent: AgentCopilot, Name: "Write", Fields: copilotCreate},
	}},
	{Name: "MultiEdit", Family: "Edit", Kind: KindEdit, Subject: "file_path", Verb: "edit"},
	{Name: "NotebookEdit", Family: "Edit", Kind: KindEdit, Subject: "notebook_path", Verb: "edit"},
	{Name: "ApplyPatch", Family: "Edit", Kind: KindPatch, Subject: "patch", Verb: "patch", Aliases: []Alias{
		{Agent: AgentCodex, Name: "apply_patch", Fields: []Rename{{"command", "patch"}}},
	}},
	{Name: "NotebookRead", Family: "Read", Kind: KindRead, Subject: "notebook_path", Verb: "read"},
	{Name: "Glob", Family: "Read", Kind: KindRead, Subject: "pattern", Verb: "list", Aliases: []Alias{
		{Agent: AgentGemini, Name: "glob", Fields: []Rename{{"dir_path", "path"}}},
	}},
	{Name: "Grep", Family: "Read", Kind: KindRead, Subject: "pattern", Verb: "search", Aliases: []Alias{
		{Agent: AgentGemini, Name: "grep_search", Fields: []Rename{{"dir_path", "path"}, {"include_pattern", "glob"}}},
	}},
	{Name: "LS", Family: "Read", Kind: KindRead, Subject: "path", Verb: "list", Aliases: []Alias{
		{Agent: AgentGemini, Name: "list_directory", Fields: []Rename{{"dir_path", "path"}}},
	}},
	{Name: "WebFetch", Kind: KindFetch, Subject: "url", Verb: "fetch", Aliases: []Alias{
		{Agent: AgentGemini, Name: "web_fetch"},
	}},
	{Name: "WebSearch", Kind: KindSearch, Subject: "query", Verb: "search the web for", Aliases: []Alias{
		{Agent: AgentGemini, Name: "google_web_search"},
	}},
	{Name: "Agent", Kind: KindAgent, Subject: "subagent_type", Verb: "start agent", Aliases: []Alias{
		{Name: "Task"},
		{Agent: AgentGemini, Name: "invoke_agent"},
	}},
	{Name: "TodoWrite", Verb: "update the to-do list", Aliases: []Alias{
		{Agent: AgentGemini, Name: "write_todos"},
	}},
	{Name: "ExitPlanMode", Verb: "leave plan mode"},
	{Name: "BashOutput", Verb: "read the output of", Subject: "bash_id", Aliases: []Alias{
		{Agent: AgentGemini, Name: "read_background_output"},
	}},
	{Name: "KillShell", Verb: "stop", Subject: "shell_id"},
	{Name: "Skill", Verb: "use skill", Subject: "skill", Aliases: []Alias{
		{Agent: AgentGemini, Name: "activate_skill"},
	}},
	{Name: "SlashCommand", Verb: "run", Subject: "command"},
}

// Copilot CLI's argument names for its file tools (observed with 1.0.102).
var (
	copilotEdit   = []Rename{{"path", "file_path"}, {"old_str", "old_string"}, {"new_str", "new_string"}}
	copilotCreate = []Rename{{"path", "file_path"}, {"file_text", "content"}}
)

// The lookups below scan Tools instead of indexing it in maps: the table
// is a few dozen names, every hook process looks up only a handful, and
// maps built in an init cost every warden process their allocations
// whether it looks anything up or not. TestTable keeps names unique, so
// the first match is the only one.

func byName(name string) (*Tool, bool) {
	for i := range Tools {
		if Tools[i].Name == name {
			return &Tools[i], true
		}
	}
	return nil, false
}

// byAlias returns the tool and alias an agent calls name. Agent "*"
// stands for any agent that has an own name (not the legacy names every
// agent shares), the first in table order.
func byAlias(agent, name string) (*Tool, *Alias, bool) {
	for i := range Tools {
		t := &Tools[i]
		for j := range t.Aliases {
			a := &t.Aliases[j]
			if a.Name != name {
				continue
			}
			if a.Agent == agent || agent == "*" && a.Agent != "" {
				return t, a, true
			}
		}
	}
	return nil, nil, false
}

// Lookup returns the tool with canonical name name.
func Lookup(name string) (*Tool, bool) { return byName(name) }

// LookupFold returns the tool whose canonical name is name in another case
// (`bash` → Bash), for rules written carelessly.
func LookupFold(name string) (*Tool, bool) {
	lower := strings.ToLower(name)
	for i := range Tools {
		if asciiLowerEqual(Tools[i].Name, lower) {
			return &Tools[i], true
		}
	}
	return nil, false
}

// asciiLowerEqual reports whether strings.ToLower(canon) == lower for a
// canonical name, which is ASCII (TestTable), without building the
// lower-case copy.
func asciiLowerEqual(canon, lower string) bool {
	if len(canon) != len(lower) {
		return false
	}
	for i := 0; i < len(canon); i++ {
		c := canon[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// ForAgent returns the tool an agent's tool name stands for, with the
// alias that maps its input, or the canonical tool of that name (with a nil
// alias) when the agent uses the canonical name. ok is false for names the
// table does not know (MCP tools among them).
func ForAgent(agent, name string) (t *Tool, a *Alias, ok bool) {
	if t, a, ok := byAlias(agent, name); ok {
		return t, a, true
	}
	if t, a, ok := byAlias("", name); ok {
		return t, a, true
	}
	if t, ok := byName(name); ok {
		return t, nil, true
	}
	return nil, nil, false
}

// Canonical returns the canonical name of a tool name as rules read it: a
// canonical name stays, a legacy name (Task) or any agent's own name
// (run_shell_command, apply_patch, read_file) becomes the canonical one.
// Unknown names, MCP names among them, are returned unchanged.
func Canonical(name string) string {
	if _, ok := byName(name); ok {
		return name
	}
	if t, _, ok := byAlias("", name); ok {
		return t.Name
	}
	if t, _, ok := byAlias("*", name); ok {
		return t.Name
	}
	return name
}

// FamilyOf returns the head of a canonical tool's family ("Edit" for
// Write), or "" when it heads its own.
func FamilyOf(name string) string {
	if t, ok := byName(name); ok {
		return t.Family
	}
	return ""
}

// IsPathTool reports whether rules of the tool take a gitignore-style path
// as their specifier: the reading, editing and patching tools.
func IsPathTool(name string) bool {
	t, ok := byName(name)
	return ok && (t.Kind == KindRead || t.Kind == KindEdit || t.Kind == KindPatch)
}

// IsMCP reports whether a canonical name is an MCP tool's, mcp__SERVER__TOOL.
func IsMCP(name string) bool { return strings.HasPrefix(name, "mcp__") }

// MCPName returns the canonical name of tool of MCP server server.
func MCPName(server, tool string) string { return "mcp__" + server + "__" + tool }

// Normalize returns an agent's tool input with the canonical field names of
// alias (a new map; the input is not changed). A nil alias, or one with no
// field renames, returns the input itself.
func (a *Alias) Normalize(input map[string]any) map[string]any {
	if a == nil || len(a.Fields) == 0 || input == nil {
		return input
	}
	out := make(map[string]any, len(input))
	for k, v := range input {
		for _, r := range a.Fields {
			if r.From == k {
				k = r.To
				break
			}
		}
		out[k] = v
	}
	return out
}

// Denormalize is Normalize backwards: a canonical input (a rewrite made by a
// hook or a person) with the agent's field names, for the agent's answer.
func (a *Alias) Denormalize(input map[string]any) map[string]any {
	if a == nil || len(a.Fields) == 0 || input == nil {
		return input
	}
	out := make(map[string]any, len(input))
	for k, v := range input {
		for _, r := range a.Fields {
			if r.To == k {
				k = r.From
				break
			}
		}
		out[k] = v
	}
	return out
}

// Display returns how a person is shown a call: the tool's verb and its
// subject ("run: rm -rf build", "edit: src/main.go"), or the tool name when
// the table knows no verb or the input lacks the subject.
func Display(name string, input map[string]any) string {
	t, ok := byName(name)
	if !ok {
		t, ok = byName(Canonical(name))
	}
	if !ok || t.Verb == "" {
		return name
	}
	if t.Subject != "" {
		if s, ok := input[t.Subject].(string); ok && s != "" {
			return t.Verb + ": " + s
		}
	}
	return name
}
