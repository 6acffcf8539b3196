package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/agent/claudecode"
	"github.com/wardenhq/warden/agent/codex"
	"github.com/wardenhq/warden/agent/gemini"
	"github.com/wardenhq/warden/internal/atomicfile"
	"github.com/wardenhq/warden/internal/jsonerr"
)

// initEvents are the Claude Code hook events Warden answers, in the order
// they are added.
var initEvents = []string{"PreToolUse", "PermissionRequest"}

// initRanEvent is the Claude Code hook event that tells Warden a call ran
// (the audit records the outcome). Its handler never blocks: the call has
// run, and a slow or failing recorder must not stand in the agent's way.
const initRanEvent = "PostToolUse"

// ranHookTimeout is the PostToolUse handler's timeout in seconds: it
// appends one line to the audit log.
const ranHookTimeout = 10

func init() {
	register(&command{
		name:    "init",
		summary: "set Warden up as an agent's permission hook (init claude-code | codex | gemini)",
		run:     runInit,
	})
}

const initUsage = "init claude-code|codex|gemini [--mcp] [flags] (warden init AGENT -h for each agent's flags; --mcp also runs the agent's MCP servers through warden mcp proxy)"

// initFlags are the flags every agent's init takes.
type initFlags struct {
	command   string
	allowTemp bool
	skipCheck bool
}

func (f *initFlags) register(fs *flag.FlagSet, agentFlag string) {
	fs.StringVar(&f.command, "command", "", "hook `CMD` the agent runs (default: this program's absolute path followed by \"hook"+agentFlag+"\")")
	fs.BoolVar(&f.allowTemp, "allow-temp", false, "accept a warden binary inside a temporary directory or the Go build cache (it will vanish, and the hook with it)")
	fs.BoolVar(&f.skipCheck, "skip-check", false, "do not run the hook once to prove it answers (a binary that is not there yet)")
}

// hookCommand returns the command line the hook runs, checked: --command
// as given, or this program's lasting absolute path with the hook
// arguments.
func (f *initFlags) hookCommand(env *cliEnv, hookArgs string) (string, error) {
	if f.command != "" {
		if !f.skipCheck {
			if err := checkCommandProgram(env, f.command, f.allowTemp); err != nil {
				return "", err
			}
		}
		return f.command, nil
	}
	exe, err := hookBinary(env, f.allowTemp)
	if err != nil {
		return "", err
	}
	return shellQuote(exe) + " " + hookArgs, nil
}

// proveHook runs the hook command once with the agent's harmless payload
// and fails unless it answers as the agent needs.
func (f *initFlags) proveHook(ctx context.Context, env *cliEnv, ad agent.Adapter, cmd, dir string) error {
	if f.skipCheck {
		return nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	took, err := probeHook(ctx, ad, cmd, abs)
	if err != nil {
		return fmt.Errorf("%w (nothing written)", err)
	}
	fmt.Fprintf(env.stdout, "checked: %s answers a %s call in %s\n", cmd, ad.Name(), took.Round(time.Millisecond))
	return nil
}

func runInit(ctx context.Context, env *cliEnv, args []string) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintf(env.stderr, "usage: warden %s\n", initUsage)
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			return exitOK
		}
		return exitUsage
	}
	// --mcp (any agent) also runs the agent's MCP servers through the
	// proxy once the hook is installed.
	rest, wrap := withoutFlag(args[1:], "--mcp")
	var code int
	switch args[0] {
	case claudecode.Name:
		code = initClaudeCodeCmd(ctx, env, rest)
	case codex.Name:
		code = initCodexCmd(ctx, env, rest)
	case gemini.Name:
		code = initGeminiCmd(ctx, env, rest)
	default:
		fmt.Fprintf(env.stderr, "warden: init: unknown agent %q (want claude-code, codex or gemini)\n", args[0])
		return exitUsage
	}
	if code != exitOK || !wrap {
		return code
	}
	project, _ := flagValue(rest, "--project")
	if project == "" {
		project = "."
	}
	_, allowTemp := withoutFlag(rest, "--allow-temp")
	return wrapMCPServers(env, project, []string{args[0]}, nil, "", false, allowTemp)
}

// withoutFlag returns args without the boolean flag name (--name or
// -name), and whether it was there.
func withoutFlag(args []string, name string) ([]string, bool) {
	bare := strings.TrimLeft(name, "-")
	out := make([]string, 0, len(args))
	found := false
	for i, a := range args {
		if a == "--" {
			out = append(out, args[i:]...)
			break
		}
		if a == "--"+bare || a == "-"+bare {
			found = true
			continue
		}
		out = append(out, a)
	}
	return out, found
}

// flagValue returns the value of a string flag in args (--name V or
// --name=V, one dash or two).
func flagValue(args []string, name string) (string, bool) {
	bare := strings.TrimLeft(name, "-")
	for i, a := range args {
		if a == "--" {
			break
		}
		for _, n := range []string{"-" + bare, "--" + bare} {
			if a == n && i+1 < len(args) {
				return args[i+1], true
			}
			if v, ok := strings.CutPrefix(a, n+"="); ok {
				return v, true
			}
		}
	}
	return "", false
}

const initClaudeUsage = "init claude-code [--project DIR] [--command CMD | --server URL] [--timeout SECONDS] [--allow-temp] [--skip-check]"

func initClaudeCodeCmd(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "init claude-code", initClaudeUsage)
	project := fs.String("project", ".", "project `DIR` whose .claude/settings.json is edited")
	serverURL := fs.String("server", "", "install an HTTP hook to the `URL` of a running warden serve instead of a command (token from $WARDEN_TOKEN)")
	timeout := fs.Int("timeout", 0, "hook timeout in `SECONDS` (default: Warden's approval timeout plus 30)")
	var f initFlags
	f.register(fs, "")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	if err := checkProjectDir(*project); err != nil {
		return fail(env, "init: %v", err)
	}
	if *timeout <= 0 {
		*timeout = approvalTimeout(env, *project) + hookTimeoutMargin
	}
	path := filepath.Join(*project, ".claude", "settings.json")
	var entry *orderedObject
	var want string
	var ranEntry *orderedObject // the daemon records nothing for PostToolUse
	if *serverURL != "" {
		u, err := claudeHookURL(*serverURL)
		if err != nil {
			return fail(env, "init: --server: %v", err)
		}
		if err := f.proveHTTPHook(ctx, env, u, *project); err != nil {
			return fail(env, "init: %v", err)
		}
		want = u
		entry = claudeHTTPEntry(u, *timeout)
	} else {
		cmd, err := f.hookCommand(env, "hook")
		if err != nil {
			return fail(env, "init: %v", err)
		}
		if err := f.proveHook(ctx, env, claudecode.Adapter{}, cmd, *project); err != nil {
			return fail(env, "init: %v", err)
		}
		want = cmd
		entry = claudeCommandEntry(cmd, *timeout)
		ranEntry = claudeRanEntry(cmd)
	}
	events := initEvents
	if ranEntry != nil {
		events = append(slices.Clip(events), initRanEvent)
	}
	return editJSONFile(env, path, func(root *orderedObject) ([]string, error) {
		changes, err := addWardenHooks(root, initEvents, entry, "*")
		if err != nil || ranEntry == nil {
			return changes, err
		}
		more, err := addWardenHooks(root, []string{initRanEvent}, ranEntry, "*")
		return append(changes, more...), err
	}, fmt.Sprintf("%s already runs %s for %s; nothing changed", path, want, strings.Join(events, ", ")))
}

// claudeRanEntry is the PostToolUse handler: the same command with a short
// timeout and no onFailure, since recording that a call ran never blocks.
func claudeRanEntry(cmd string) *orderedObject {
	h := &orderedObject{}
	h.set("type", "command")
	h.set("command", cmd)
	h.set("timeout", json.Number(strconv.Itoa(ranHookTimeout)))
	return h
}

// claudeCommandEntry is the hook handler Claude Code runs: the command,
// a timeout above Warden's approval timeout, and onFailure block, so a
// hook that fails (a missing binary, a crash) blocks the call instead of
// letting it run.
func claudeCommandEntry(cmd string, timeout int) *orderedObject {
	h := &orderedObject{}
	h.set("type", "command")
	h.set("command", cmd)
	h.set("timeout", json.Number(strconv.Itoa(timeout)))
	h.set("onFailure", "block")
	return h
}

// claudeHTTPEntry is the HTTP hook handler: Claude Code POSTs the payload
// to the daemon with the agent token from $WARDEN_TOKEN.
func claudeHTTPEntry(url string, timeout int) *orderedObject {
	h := &orderedObject{}
	h.set("type", "http")
	h.set("url", url)
	h.set("timeout", json.Number(strconv.Itoa(timeout)))
	h.set("onFailure", "block")
	headers := &orderedObject{}
	headers.set("Authorization", "Bearer $WARDEN_TOKEN")
	h.set("headers", headers)
	h.set("allowedEnvVars", []any{"WARDEN_TOKEN"})
	return h
}

// claudeHookURL is the daemon's Claude Code hook endpoint for a daemon
// address as `warden serve` prints it.
func claudeHookURL(base string) (string, error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return "", fmt.Errorf("%q is not an http(s) URL of warden serve", base)
	}
	u.RawQuery, u.Fragment = "", "" // never write the token into a file
	u.Path = strings.TrimSuffix(u.Path, "/")
	if !strings.HasSuffix(u.Path, claudeHookPath) {
		u.Path += claudeHookPath
	}
	return u.String(), nil
}

// claudeHookPath is where the daemon answers Claude Code's hooks.
const claudeHookPath = "/v1/hooks/claude-code"

// proveHTTPHook POSTs Claude Code's harmless payload to the daemon as
// Claude Code would and fails unless it answers.
func (f *initFlags) proveHTTPHook(ctx context.Context, env *cliEnv, u, dir string) error {
	if f.skipCheck {
		return nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	ad := claudecode.Adapter{}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(ad.Probe(abs, false)))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	tok := env.getenv("WARDEN_TOKEN")
	if tok == "" {
		return fmt.Errorf("WARDEN_TOKEN is not set: Claude Code sends it to the daemon (set it to the agent token warden serve printed, here and where Claude Code runs)")
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("the daemon at %s did not answer: %w (nothing written)", u, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("the daemon at %s answered %s: %s (nothing written)", u, resp.Status, agent.OneLine(string(body)))
	}
	if err := ad.Verify(agent.Answer{Stdout: body}, false); err != nil {
		return fmt.Errorf("the daemon at %s does not answer as Claude Code needs: %w (nothing written)", u, err)
	}
	fmt.Fprintf(env.stdout, "checked: %s answers a claude-code call in %s\n", u, time.Since(start).Round(time.Millisecond))
	return nil
}

// editJSONFile applies edit to the JSON settings file at path, keeping
// everything else in it: a file that does not parse is left untouched
// (the error says file:line:col), a changed file gets a backup first, and
// an unchanged one is not written.
func editJSONFile(env *cliEnv, path string, edit func(*orderedObject) ([]string, error), unchanged string) int {
	old, err := os.ReadFile(path)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fail(env, "init: %v", err)
	}
	root, err := parseSettingsObject(path, old)
	if err != nil {
		return fail(env, "%v", err)
	}
	changes, err := edit(root)
	if err != nil {
		return fail(env, "%s: %v", path, err)
	}
	if len(changes) == 0 {
		fmt.Fprintln(env.stdout, unchanged)
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

// addWardenHooks makes entry the Warden handler of every event in events
// (a group with matcher, when one must be added) and returns one line per
// change. An existing Warden handler (a command running `warden hook`, or
// an HTTP hook to a daemon's hook endpoint) is replaced in place, so its
// position, and the rest of the file, stay.
func addWardenHooks(root *orderedObject, events []string, entry *orderedObject, matcher string) ([]string, error) {
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
	for _, event := range events {
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
			for i, h := range handlers {
				ho, ok := h.(*orderedObject)
				if !ok || !isWardenHandler(ho) {
					continue
				}
				found = true
				if was := describeHandler(ho); !sameJSON(ho, entry) {
					handlers[i] = entry.clone()
					changes = append(changes, fmt.Sprintf("updated %s hook: %s (was %s)", event, describeHandler(entry), was))
				}
			}
		}
		if found {
			continue
		}
		group := &orderedObject{}
		if matcher != "" {
			group.set("matcher", matcher)
		}
		group.set("hooks", []any{entry.clone()})
		hooks.set(event, append(list, group))
		if matcher != "" {
			changes = append(changes, fmt.Sprintf("added %s hook: %s (matcher %q)", event, describeHandler(entry), matcher))
		} else {
			changes = append(changes, fmt.Sprintf("added %s hook: %s", event, describeHandler(entry)))
		}
	}
	return changes, nil
}

// isWardenHandler reports whether a hook handler is Warden's: a command
// running `warden hook`, or an HTTP hook to a daemon's hook endpoint.
func isWardenHandler(h *orderedObject) bool {
	if v, _ := h.get("command"); v != nil {
		cmd, _ := v.(string)
		return isWardenHookCommand(cmd)
	}
	if v, _ := h.get("url"); v != nil {
		u, _ := v.(string)
		return strings.Contains(u, "/v1/hooks/")
	}
	return false
}

// describeHandler names a handler in messages: its command or URL, with
// its timeout and failure setting.
func describeHandler(h *orderedObject) string {
	s := ""
	if v, ok := h.get("command"); ok {
		s, _ = v.(string)
	} else if v, ok := h.get("url"); ok {
		u, _ := v.(string)
		s = "HTTP " + u
	}
	var extra []string
	if v, ok := h.get("timeout"); ok {
		extra = append(extra, fmt.Sprintf("timeout %v", v))
	}
	if v, ok := h.get("onFailure"); ok {
		extra = append(extra, fmt.Sprintf("onFailure %v", v))
	}
	if len(extra) > 0 {
		s += " [" + strings.Join(extra, ", ") + "]"
	}
	return s
}

// sameJSON reports whether two values write the same JSON.
func sameJSON(a, b any) bool {
	var x, y bytes.Buffer
	writeOrdered(&x, a, "")
	writeOrdered(&y, b, "")
	return x.String() == y.String()
}

// clone returns a deep copy of an ordered object.
func (o *orderedObject) clone() *orderedObject {
	c := &orderedObject{}
	for _, k := range o.keys {
		v := o.vals[k]
		switch t := v.(type) {
		case *orderedObject:
			v = t.clone()
		case []any:
			v = append([]any(nil), t...)
		}
		c.set(k, v)
	}
	return c
}

// isWardenHookCommand reports whether a hook command runs `warden hook`:
// its first word is a program whose name holds "warden" and its second is
// hook.
func isWardenHookCommand(cmd string) bool {
	words := splitCommandWords(cmd)
	return len(words) >= 2 && strings.Contains(filepath.Base(words[0]), "warden") && words[1] == "hook"
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
			line, col, _ := jsonerr.Position(data, err)
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

// checkProjectDir refuses a --project that is not an existing directory:
// init edits a project, it never invents one (a typo would otherwise
// create a stray tree with hooks nobody uses).
func checkProjectDir(dir string) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("--project %s: no such directory (create the project first, or name an existing one)", dir)
	case err != nil:
		return fmt.Errorf("--project %s: %v", dir, err)
	case !st.IsDir():
		return fmt.Errorf("--project %s: not a directory", dir)
	}
	return nil
}
