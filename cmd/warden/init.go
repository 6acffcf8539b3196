package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/wardenhq/warden/internal/atomicfile"
)

func init() {
	register(&command{
		name:    "init",
		summary: "set Warden up as an agent's permission hook (init claude-code)",
		run:     runInit,
	})
}

const initUsage = "init claude-code [--project DIR] [--command CMD]"

// initEvents are the Claude Code hook events Warden answers, in the order
// they are added.
var initEvents = []string{"PreToolUse", "PermissionRequest"}

func runInit(ctx context.Context, env *cliEnv, args []string) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			fmt.Fprintf(env.stderr, "usage: warden %s\n", initUsage)
			return exitOK
		}
		fmt.Fprintf(env.stderr, "usage: warden %s\n", initUsage)
		return exitUsage
	}
	if args[0] != "claude-code" {
		fmt.Fprintf(env.stderr, "warden: init: unknown agent %q (want claude-code)\n", args[0])
		return exitUsage
	}
	fs := newFlagSet(env, "init claude-code", initUsage)
	project := fs.String("project", ".", "project `DIR` whose .claude/settings.json is edited")
	command := fs.String("command", "", "hook `CMD` Claude Code runs (default: this program's absolute path followed by \"hook\")")
	if code := parseFlags(fs, args[1:]); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	want := *command
	if want == "" {
		exe, err := os.Executable()
		if err != nil {
			return fail(env, "init: finding this program's path: %v", err)
		}
		if resolved, err := filepath.EvalSymlinks(exe); err == nil {
			exe = resolved
		}
		want = shellQuote(exe) + " hook"
	}
	path := filepath.Join(*project, ".claude", "settings.json")
	return initClaudeCode(env, path, want)
}

// initClaudeCode adds want as the PreToolUse and PermissionRequest hook of
// the Claude Code settings file at path, keeping everything else in it.
func initClaudeCode(env *cliEnv, path, want string) int {
	old, err := os.ReadFile(path)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fail(env, "init: %v", err)
	}
	root, err := parseSettingsObject(path, old)
	if err != nil {
		return fail(env, "%v", err)
	}
	changes, err := addWardenHooks(root, want)
	if err != nil {
		return fail(env, "%s: %v", path, err)
	}
	if len(changes) == 0 {
		fmt.Fprintf(env.stdout, "%s already runs %s for %s; nothing changed\n", path, want, strings.Join(initEvents, " and "))
		return exitOK
	}
	var buf bytes.Buffer
	writeOrdered(&buf, root, "")
	buf.WriteByte('\n')
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fail(env, "init: %v", err)
	}
	if exists {
		backup := path + ".bak"
		if err := atomicfile.WriteFile(backup, old, 0o644); err != nil {
			return fail(env, "init: writing the backup: %v", err)
		}
		defer fmt.Fprintf(env.stdout, "backed up the previous file to %s\n", backup)
	}
	if err := atomicfile.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fail(env, "init: %v", err)
	}
	for _, c := range changes {
		fmt.Fprintf(env.stdout, "%s: %s\n", path, c)
	}
	return exitOK
}

// addWardenHooks makes want the Warden hook of every event in initEvents
// and returns one line per change.
func addWardenHooks(root *orderedObject, want string) ([]string, error) {
	hooksVal, ok := root.get("hooks")
	if !ok || hooksVal == nil {
		hooksVal = &orderedObject{}
		root.set("hooks", hooksVal)
	}
	hooks, ok := hooksVal.(*orderedObject)
	if !ok {
		return nil, errors.New(`"hooks" is not an object`)
	}
	var changes []string
	for _, event := range initEvents {
		listVal, ok := hooks.get(event)
		if !ok || listVal == nil {
			listVal = []any{}
		}
		list, ok := listVal.([]any)
		if !ok {
			return nil, fmt.Errorf(`"hooks.%s" is not an array`, event)
		}
		found := false
		for _, group := range list {
			g, ok := group.(*orderedObject)
			if !ok {
				continue
			}
			inner, _ := g.get("hooks")
			handlers, _ := inner.([]any)
			for _, h := range handlers {
				ho, ok := h.(*orderedObject)
				if !ok {
					continue
				}
				cmdVal, _ := ho.get("command")
				cmd, _ := cmdVal.(string)
				if !isWardenHookCommand(cmd) {
					continue
				}
				found = true
				if cmd != want {
					ho.set("command", want)
					changes = append(changes, fmt.Sprintf("updated %s hook: %s (was %s)", event, want, cmd))
				}
			}
		}
		if found {
			continue
		}
		handler := &orderedObject{}
		handler.set("type", "command")
		handler.set("command", want)
		group := &orderedObject{}
		group.set("matcher", "*")
		group.set("hooks", []any{handler})
		hooks.set(event, append(list, group))
		changes = append(changes, fmt.Sprintf("added %s hook: %s (matcher \"*\")", event, want))
	}
	return changes, nil
}

// isWardenHookCommand reports whether a hook command runs `warden hook`:
// its first word is a program named warden and its second is hook.
func isWardenHookCommand(cmd string) bool {
	words := splitCommandWords(cmd)
	return len(words) >= 2 && filepath.Base(words[0]) == "warden" && words[1] == "hook"
}

// splitCommandWords splits a command line into words, honouring single and
// double quotes; it is enough to recognise the commands init writes.
func splitCommandWords(s string) []string {
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

// shellQuote quotes s for a POSIX shell when it holds anything but plain
// path characters.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./+:@%=,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// orderedObject is a JSON object that keeps its keys in file order, so
// editing a settings file leaves the rest of it as its owner wrote it.
type orderedObject struct {
	keys []string
	vals map[string]any
}

func (o *orderedObject) get(k string) (any, bool) {
	v, ok := o.vals[k]
	return v, ok
}

func (o *orderedObject) set(k string, v any) {
	if o.vals == nil {
		o.vals = map[string]any{}
	}
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

// parseSettingsObject reads a settings file's content as an ordered JSON
// object; empty content is an empty object. Errors carry file:line:col.
func parseSettingsObject(path string, data []byte) (*orderedObject, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return &orderedObject{}, nil
	}
	var check any
	if err := json.Unmarshal(data, &check); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line, col := offsetLineCol(data, se.Offset)
			return nil, fmt.Errorf("%s:%d:%d: %v (file left unchanged)", path, line, col, se)
		}
		return nil, fmt.Errorf("%s: %v (file left unchanged)", path, err)
	}
	if _, ok := check.(map[string]any); !ok {
		return nil, fmt.Errorf("%s:1:1: settings must be a JSON object (file left unchanged)", path)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeOrdered(dec)
	if err != nil {
		return nil, fmt.Errorf("%s: %v (file left unchanged)", path, err)
	}
	return v.(*orderedObject), nil
}

func offsetLineCol(data []byte, off int64) (line, col int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	before := data[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	col = len(before) - bytes.LastIndexByte(before, '\n')
	return line, max(col-1, 1)
}

// decodeOrdered reads one JSON value from dec, objects as *orderedObject.
func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := &orderedObject{vals: map[string]any{}}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				o.set(k, v)
			}
			_, err := dec.Token()
			return o, err
		case '[':
			a := []any{}
			for dec.More() {
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			_, err := dec.Token()
			return a, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	default:
		return t, nil
	}
}

// writeOrdered writes v as indented JSON (two spaces), keys in order.
func writeOrdered(w *bytes.Buffer, v any, indent string) {
	switch t := v.(type) {
	case *orderedObject:
		if len(t.keys) == 0 {
			w.WriteString("{}")
			return
		}
		w.WriteString("{\n")
		for i, k := range t.keys {
			w.WriteString(indent + "  ")
			writeScalar(w, k)
			w.WriteString(": ")
			writeOrdered(w, t.vals[k], indent+"  ")
			if i < len(t.keys)-1 {
				w.WriteByte(',')
			}
			w.WriteByte('\n')
		}
		w.WriteString(indent + "}")
	case []any:
		if len(t) == 0 {
			w.WriteString("[]")
			return
		}
		w.WriteString("[\n")
		for i, e := range t {
			w.WriteString(indent + "  ")
			writeOrdered(w, e, indent+"  ")
			if i < len(t)-1 {
				w.WriteByte(',')
			}
			w.WriteByte('\n')
		}
		w.WriteString(indent + "]")
	default:
		writeScalar(w, t)
	}
}

func writeScalar(w io.Writer, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v) // strings, json.Number, bools and null cannot fail
	w.Write(bytes.TrimRight(b.Bytes(), "\n"))
}
