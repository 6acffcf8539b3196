package hookconf

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// AddWardenHooks makes entry the Warden handler of every event in events
// (a group with matcher, when one must be added) and returns one line per
// change. An existing Warden handler (a command running `warden hook`, or
// an HTTP hook to a daemon's hook endpoint) is replaced in place, so its
// position, and the rest of the file, stay.
func AddWardenHooks(root *Object, events []string, entry *Object, matcher string) ([]string, error) {
	hooksVal, ok := root.Get("hooks")
	if !ok || hooksVal == nil {
		hooksVal = &Object{}
		root.Set("hooks", hooksVal)
	}
	hooks, ok := hooksVal.(*Object)
	if !ok {
		return nil, errors.New(`"hooks" is not an object`)
	}
	var changes []string
	for _, event := range events {
		listVal, ok := hooks.Get(event)
		if !ok || listVal == nil {
			listVal = []any{}
		}
		list, ok := listVal.([]any)
		if !ok {
			return nil, fmt.Errorf(`"hooks.%s" is not an array`, event)
		}
		found := false
		for _, group := range list {
			g, ok := group.(*Object)
			if !ok {
				continue
			}
			inner, _ := g.Get("hooks")
			handlers, _ := inner.([]any)
			for i, h := range handlers {
				ho, ok := h.(*Object)
				if !ok || !isWardenHandler(ho) {
					continue
				}
				found = true
				if was := describeHandler(ho); !SameJSON(ho, entry) {
					handlers[i] = entry.Clone()
					changes = append(changes, fmt.Sprintf("updated %s hook: %s (was %s)", event, describeHandler(entry), was))
				}
			}
		}
		if found {
			continue
		}
		group := &Object{}
		if matcher != "" {
			group.Set("matcher", matcher)
		}
		group.Set("hooks", []any{entry.Clone()})
		hooks.Set(event, append(list, group))
		if matcher != "" {
			changes = append(changes, fmt.Sprintf("added %s hook: %s (matcher %q)", event, describeHandler(entry), matcher))
		} else {
			changes = append(changes, fmt.Sprintf("added %s hook: %s", event, describeHandler(entry)))
		}
	}
	return changes, nil
}

// CommandEntry is a command hook handler: type command, the command and
// its timeout in the agent's unit, then the fields of more in order.
func CommandEntry(cmd string, timeout int, more ...any) *Object {
	h := &Object{}
	h.Set("type", "command")
	h.Set("command", cmd)
	h.Set("timeout", json.Number(fmt.Sprint(timeout)))
	for i := 0; i+1 < len(more); i += 2 {
		h.Set(more[i].(string), more[i+1])
	}
	return h
}

// isWardenHandler reports whether a hook handler is Warden's: a command
// running `warden hook`, or an HTTP hook to a daemon's hook endpoint.
func isWardenHandler(h *Object) bool {
	if v, _ := h.Get("command"); v != nil {
		cmd, _ := v.(string)
		return IsWardenHookCommand(cmd)
	}
	if v, _ := h.Get("url"); v != nil {
		u, _ := v.(string)
		return strings.Contains(u, "/v1/hooks/")
	}
	return false
}

// describeHandler names a handler in messages: its command or URL, with
// its timeout and failure setting.
func describeHandler(h *Object) string {
	s := ""
	if v, ok := h.Get("command"); ok {
		s, _ = v.(string)
	} else if v, ok := h.Get("url"); ok {
		u, _ := v.(string)
		s = "HTTP " + u
	}
	var extra []string
	if v, ok := h.Get("timeout"); ok {
		extra = append(extra, fmt.Sprintf("timeout %v", v))
	}
	if v, ok := h.Get("onFailure"); ok {
		extra = append(extra, fmt.Sprintf("onFailure %v", v))
	}
	if len(extra) > 0 {
		s += " [" + strings.Join(extra, ", ") + "]"
	}
	return s
}

// IsWardenHookCommand reports whether a hook command runs `warden hook`:
// its first word is a program whose name holds "warden" and its second is
// hook.
func IsWardenHookCommand(cmd string) bool {
	words := SplitCommandWords(cmd)
	return len(words) >= 2 && strings.Contains(filepath.Base(words[0]), "warden") && words[1] == "hook"
}

// SplitCommandWords splits a command line into words, honouring single and
// double quotes and a backslash outside them; it is enough to recognise
// the commands init writes (ShellQuote's among them).
func SplitCommandWords(s string) []string {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// ShellQuote quotes s for a POSIX shell when it holds anything but plain
// path characters.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./+:@%=,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Hook is one Warden hook handler found in a JSON settings file.
type Hook struct {
	// Event, Matcher, Group and Index say where it is: the event's list,
	// its group's matcher, the group's and the handler's positions.
	Event, Matcher string
	Group, Index   int
	Type           string  `json:"type"`
	Name           string  `json:"name"`
	Command        string  `json:"command"`
	URL            string  `json:"url"`
	Timeout        float64 `json:"timeout"`
	OnFailure      string  `json:"onFailure"`
}

// Target is what the hook runs: its command, or HTTP and its URL.
func (h Hook) Target() string {
	if h.Type == "http" {
		return "HTTP " + h.URL
	}
	return h.Command
}

// Find reads a JSON settings file (Claude Code's, Gemini CLI's, Codex's
// hooks.json) and returns its Warden hooks, ordered by event (PreToolUse
// first), group and position. absent is true when the file does not exist.
func Find(path string) (hooks []Hook, absent bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, true, nil
	}
	if err != nil {
		return nil, false, err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, false, nil
	}
	hooks, err = FindIn(data)
	return hooks, false, err
}

// FindIn is Find over a file's content.
func FindIn(data []byte) ([]Hook, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	var file struct {
		Hooks map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []Hook `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("hooks: %w", err)
	}
	var hooks []Hook
	for event, groups := range file.Hooks {
		for gi, g := range groups {
			for hi, h := range g.Hooks {
				if (h.Type == "command" || h.Type == "") && IsWardenHookCommand(h.Command) ||
					h.Type == "http" && strings.Contains(h.URL, "/v1/hooks/") {
					h.Event, h.Matcher, h.Group, h.Index = event, g.Matcher, gi, hi
					hooks = append(hooks, h)
				}
			}
		}
	}
	sort.Slice(hooks, func(i, j int) bool {
		a, b := hooks[i], hooks[j]
		if a.Event != b.Event {
			return eventRank(a.Event) < eventRank(b.Event)
		}
		if a.Group != b.Group {
			return a.Group < b.Group
		}
		return a.Index < b.Index
	})
	return hooks, nil
}

// eventRank orders events as init adds them: the deciding ones first,
// then those that report a call ran, then the rest by name.
func eventRank(event string) string {
	switch event {
	case "PreToolUse", "BeforeTool":
		return "0"
	case "PermissionRequest":
		return "1"
	case "PostToolUse", "AfterTool":
		return "2"
	}
	return "3" + event
}
