package hook

// Config is the hooks section of a settings file, in Claude Code's shape:
//
//	{"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/path/check.sh", "timeout": 30}]}]}
//
// Only the two events Warden runs are kept; settings loading warns about the
// others.
type Config struct {
	PreToolUse        []Matcher `json:"PreToolUse,omitempty"`
	PermissionRequest []Matcher `json:"PermissionRequest,omitempty"`
}

// Matcher selects the tools its hooks run for.
type Matcher struct {
	// Matcher is empty or "*" for every tool, a name or list of names
	// ("Edit|Write"), or an unanchored regular expression.
	Matcher string    `json:"matcher,omitempty"`
	Hooks   []Command `json:"hooks"`

	// Source and File say where the matcher was configured; they are set by
	// settings loading, not read from JSON.
	Source string `json:"-"`
	File   string `json:"-"`
}

// Command is one external program speaking Claude Code's hook protocol.
type Command struct {
	Type    string   `json:"type"` // "command"
	Command string   `json:"command"`
	Args    []string `json:"args,omitempty"`
	// Timeout in seconds; 0 means the default (60 s).
	Timeout float64 `json:"timeout,omitempty"`
}
