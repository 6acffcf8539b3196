package hook

import (
	"errors"
	"fmt"
	"strings"
)

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

// The events a Config can hold, as Claude Code names them.
const (
	EventPreToolUse        = "PreToolUse"
	EventPermissionRequest = "PermissionRequest"
)

// String returns the command as it is shown in reasons and logs: the command
// followed by its arguments, separated by spaces.
func (c Command) String() string {
	if len(c.Args) == 0 {
		return c.Command
	}
	return c.Command + " " + strings.Join(c.Args, " ")
}

// key identifies a handler for deduplication: two handlers with the same
// type, command and arguments are the same handler.
func (c Command) key() string {
	var b strings.Builder
	typ := c.Type
	if typ == "" {
		typ = "command"
	}
	b.WriteString(typ)
	b.WriteByte(0)
	b.WriteString(c.Command)
	for _, a := range c.Args {
		b.WriteByte(0)
		b.WriteString(a)
	}
	return b.String()
}

// Validate reports the first problem in a handler: an unsupported type or an
// empty command. Settings loading calls it so a broken hook is an error with
// a position rather than a hook that silently never runs.
func (c Command) Validate() error {
	if c.Type != "" && c.Type != "command" {
		return fmt.Errorf("hook type %q is not supported (want \"command\")", c.Type)
	}
	if strings.TrimSpace(c.Command) == "" {
		return errors.New("hook command is empty")
	}
	if c.Timeout < 0 {
		return fmt.Errorf("hook timeout %v is negative", c.Timeout)
	}
	return nil
}

// Validate reports the first problem in a matcher: a regular expression
// that does not compile, or a handler that Command.Validate rejects.
func (m Matcher) Validate() error {
	if err := ValidateMatcher(m.Matcher); err != nil {
		return err
	}
	for i, c := range m.Hooks {
		if err := c.Validate(); err != nil {
			return fmt.Errorf("hooks[%d]: %w", i, err)
		}
	}
	return nil
}

// Validate reports the first problem in either event's matchers, naming the
// event and index.
func (c Config) Validate() error {
	for i, m := range c.PreToolUse {
		if err := m.Validate(); err != nil {
			return fmt.Errorf("%s[%d]: %w", EventPreToolUse, i, err)
		}
	}
	for i, m := range c.PermissionRequest {
		if err := m.Validate(); err != nil {
			return fmt.Errorf("%s[%d]: %w", EventPermissionRequest, i, err)
		}
	}
	return nil
}

// Merge concatenates configurations, highest-ranked source first, keeping
// each matcher's Source and File. Handlers that appear in several sources
// are kept in every matcher: the runner runs an identical handler once per
// call however many matchers select it (see Dedupe for removing exact
// repeats ahead of time).
func Merge(configs ...Config) Config {
	var out Config
	for _, c := range configs {
		out.PreToolUse = append(out.PreToolUse, c.PreToolUse...)
		out.PermissionRequest = append(out.PermissionRequest, c.PermissionRequest...)
	}
	return out
}

// Dedupe returns the configuration with every handler removed that an
// earlier matcher with the same matcher string already runs, and with the
// matchers left empty by that dropped. Earlier (higher-ranked) entries win,
// so their timeout and Source are the ones kept. The input is not modified.
func (c Config) Dedupe() Config {
	return Config{
		PreToolUse:        dedupeMatchers(c.PreToolUse),
		PermissionRequest: dedupeMatchers(c.PermissionRequest),
	}
}

func dedupeMatchers(ms []Matcher) []Matcher {
	if ms == nil {
		return nil
	}
	seen := map[string]bool{}
	out := make([]Matcher, 0, len(ms))
	for _, m := range ms {
		norm := normalizeMatcher(m.Matcher)
		var hooks []Command
		for _, h := range m.Hooks {
			k := norm + "\x01" + h.key()
			if seen[k] {
				continue
			}
			seen[k] = true
			hooks = append(hooks, h)
		}
		if len(hooks) == 0 {
			continue
		}
		m.Hooks = hooks
		out = append(out, m)
	}
	return out
}

// KeepSource returns the matchers configured by source alone. Settings
// loading applies it with the org source when the managed settings set
// allowManagedHooksOnly.
func KeepSource(ms []Matcher, source string) []Matcher {
	var out []Matcher
	for _, m := range ms {
		if m.Source == source {
			out = append(out, m)
		}
	}
	return out
}

// ManagedOnly returns the configuration restricted to matchers from source
// (the org source), for allowManagedHooksOnly.
func (c Config) ManagedOnly(source string) Config {
	return Config{
		PreToolUse:        KeepSource(c.PreToolUse, source),
		PermissionRequest: KeepSource(c.PermissionRequest, source),
	}
}
