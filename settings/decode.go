package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/hook"
	"github.com/wardenhq/warden/rule"
)

// Known keys, so that an unknown key is reported rather than silently ignored.
var (
	topKeys = keySet("$schema", "permissions", "hooks", "allowManagedPermissionRulesOnly",
		"allowManagedHooksOnly", "classifier", "explainer", "autoMode", "approvals", "audit",
		"grants", "environment", "importClaudeCodeSettings", "subagents", "mcp")
	permissionKeys = keySet("allow", "ask", "deny", "defaultMode", "additionalDirectories",
		"disableBypassPermissionsMode")
	modelKeys     = keySet("provider", "model", "baseURL", "apiKeyEnv", "timeoutMs", "minConfidence")
	autoModeKeys  = keySet("maxConsecutiveDenials", "maxTotalDenials")
	auditKeys     = keySet("path", "redact", "maxSizeMB", "keep", "disabled")
	grantsKeys    = keySet("sessionIdleMinutes", "categories")
	matcherKeys   = keySet("matcher", "hooks")
	hookCmdKeys   = keySet("type", "command", "args", "timeout")
	hookEventsRun = keySet("PreToolUse", "PermissionRequest")
)

// knownKeys are a few keys an object may hold. A list is searched about as
// fast as a map of so few, and costs nothing to build (warden hook starts,
// and so builds them all, on every call).
type knownKeys []string

func (ks knownKeys) has(k string) bool { return slices.Contains(ks, k) }

func keySet(keys ...string) knownKeys { return keys }

// fileDecoder decodes one file into the merger.
type fileDecoder struct {
	m    *merger
	f    File
	data []byte
	rank int
	// newlines are the offsets of every '\n', so that positions cost a
	// binary search, not a scan (a file may hold thousands of rules).
	newlines []int
}

// pos returns the 1-based line and column of a byte offset.
func (d *fileDecoder) pos(off int64) (line, col int) {
	if d.newlines == nil {
		d.newlines = []int{}
		for i, c := range d.data {
			if c == '\n' {
				d.newlines = append(d.newlines, i)
			}
		}
	}
	o := int(min(max(off, 0), int64(len(d.data))))
	n := sort.SearchInts(d.newlines, o) // newlines before o
	start := 0
	if n > 0 {
		start = d.newlines[n-1] + 1
	}
	return n + 1, o - start + 1
}

func (m *merger) decode(f File, data []byte) error {
	root, err := parseJSON(f.Path, data)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	d := &fileDecoder{m: m, f: f, data: data, rank: sourceRank(f.Source)}
	if err := d.top(root); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	m.s.Files = append(m.s.Files, f)
	return nil
}

func (d *fileDecoder) errAt(n *node, format string, a ...any) error {
	line, col := d.pos(n.off)
	return &PosError{File: d.f.Path, Line: line, Column: col, Msg: fmt.Sprintf(format, a...)}
}

func (d *fileDecoder) warnAt(off int64, format string, a ...any) {
	line, col := d.pos(off)
	d.m.s.Warnings = append(d.m.s.Warnings, Warning{File: d.f.Path, Line: line, Column: col, Msg: fmt.Sprintf(format, a...)})
}

// members checks that n is an object, warns about unknown keys (unless the
// file is Claude Code's, whose other keys are its own business) and returns
// the known members by key.
func (d *fileDecoder) members(n *node, what string, known knownKeys) (map[string]*node, error) {
	if n.kind != kindObject {
		return nil, d.errAt(n, "%s must be an object, not %s", what, n.kind)
	}
	out := make(map[string]*node, len(n.members))
	for _, mb := range n.members {
		if !known.has(mb.key) {
			if !d.f.ClaudeCode {
				d.warnAt(mb.keyOff, "unknown key %q in %s (ignored)", mb.key, what)
			}
			continue
		}
		if _, dup := out[mb.key]; dup {
			d.warnAt(mb.keyOff, "duplicate key %q in %s (the last one wins)", mb.key, what)
		}
		out[mb.key] = mb.val
	}
	return out, nil
}

func (d *fileDecoder) top(n *node) error {
	ms, err := d.members(n, "settings", topKeys)
	if err != nil {
		return err
	}
	if d.f.ClaudeCode {
		// Only Claude Code's permission rules are imported; its hooks would
		// include Warden itself, and its other keys are not Warden's.
		if p := ms["permissions"]; p != nil {
			return d.permissions(p)
		}
		return nil
	}
	for _, key := range []string{"allowManagedPermissionRulesOnly", "allowManagedHooksOnly"} {
		if v := ms[key]; v != nil {
			b, err := d.boolean(v, key)
			if err != nil {
				return err
			}
			if d.f.Source != SourceOrg {
				if b {
					d.warnAt(v.off, "%s is honoured only in org-managed settings (ignored)", key)
				}
				continue
			}
			if key == "allowManagedPermissionRulesOnly" {
				d.m.s.AllowManagedPermissionRulesOnly = d.m.s.AllowManagedPermissionRulesOnly || b
			} else {
				d.m.s.AllowManagedHooksOnly = d.m.s.AllowManagedHooksOnly || b
			}
		}
	}
	if v := ms["importClaudeCodeSettings"]; v != nil {
		b, err := d.boolean(v, "importClaudeCodeSettings")
		if err != nil {
			return err
		}
		if d.takeScalar("importClaudeCodeSettings") {
			d.m.s.ImportClaudeCodeSettings = b
		}
	}
	if v := ms["environment"]; v != nil {
		s, err := d.str(v, "environment")
		if err != nil {
			return err
		}
		if s != "" && s != "container" && s != "host" {
			return d.errAt(v, "environment must be \"container\" or \"host\", not %q", s)
		}
		if d.takeScalar("environment") {
			d.m.s.Environment = s
		}
	}
	if p := ms["permissions"]; p != nil {
		if err := d.permissions(p); err != nil {
			return err
		}
	}
	if h := ms["hooks"]; h != nil {
		if err := d.hooks(h); err != nil {
			return err
		}
	}
	for _, key := range []string{"classifier", "explainer"} {
		v := ms[key]
		if v == nil {
			continue
		}
		var mc ModelConfig
		if err := d.object(v, key, modelKeys, &mc); err != nil {
			return err
		}
		if mc.Provider != "anthropic" && mc.Provider != "openai" && mc.Provider != "pattern" {
			return d.errAt(v, "%s.provider must be \"anthropic\", \"openai\" or \"pattern\", not %q", key, mc.Provider)
		}
		if d.takeScalar(key) {
			if key == "classifier" {
				d.m.s.Classifier = &mc
			} else {
				d.m.s.Explainer = &mc
			}
		}
	}
	if v := ms["autoMode"]; v != nil {
		var c AutoModeConfig
		if err := d.object(v, "autoMode", autoModeKeys, &c); err != nil {
			return err
		}
		if c.MaxConsecutiveDenials != 0 && d.takeScalar("autoMode.maxConsecutiveDenials") {
			d.m.s.AutoMode.MaxConsecutiveDenials = c.MaxConsecutiveDenials
		}
		if c.MaxTotalDenials != 0 && d.takeScalar("autoMode.maxTotalDenials") {
			d.m.s.AutoMode.MaxTotalDenials = c.MaxTotalDenials
		}
	}
	if v := ms["approvals"]; v != nil {
		if err := d.approvals(v); err != nil {
			return err
		}
	}
	if v := ms["audit"]; v != nil {
		var c AuditConfig
		if err := d.object(v, "audit", auditKeys, &c); err != nil {
			return err
		}
		// Redaction patterns add up from every source: a weaker file may
		// hide more, never less.
		d.m.s.Audit.Redact = append(d.m.s.Audit.Redact, c.Redact...)
		if c.Path != "" && d.takeScalar("audit.path") {
			d.m.s.Audit.Path = expandHome(c.Path, d.m.opts.Home)
		}
		if c.MaxSizeMB != 0 && d.takeScalar("audit.maxSizeMB") {
			d.m.s.Audit.MaxSizeMB = c.MaxSizeMB
		}
		if c.Keep != 0 && d.takeScalar("audit.keep") {
			d.m.s.Audit.Keep = c.Keep
		}
		if d.takeScalar("audit.disabled") {
			d.m.s.Audit.Disabled = c.Disabled
		}
	}
	if v := ms["subagents"]; v != nil {
		if err := d.subagents(v); err != nil {
			return err
		}
	}
	if v := ms["mcp"]; v != nil {
		if err := d.mcp(v); err != nil {
			return err
		}
	}
	if v := ms["grants"]; v != nil {
		var c GrantsConfig
		if err := d.object(v, "grants", grantsKeys, &c); err != nil {
			return err
		}
		if c.SessionIdleMinutes != 0 && d.takeScalar("grants.sessionIdleMinutes") {
			d.m.s.Grants.SessionIdleMinutes = c.SessionIdleMinutes
		}
		d.m.s.Grants.Categories = append(d.m.s.Grants.Categories, c.Categories...)
	}
	return nil
}

// takeScalar reports whether this file may set the scalar key: it may unless
// a stronger source already did.
func (d *fileDecoder) takeScalar(key string) bool {
	if d.m.scalarRank == nil {
		d.m.scalarRank = map[string]int{}
	}
	if r, ok := d.m.scalarRank[key]; ok && r <= d.rank {
		return false
	}
	d.m.scalarRank[key] = d.rank
	return true
}

func (d *fileDecoder) permissions(n *node) error {
	ms, err := d.members(n, "permissions", permissionKeys)
	if err != nil {
		return err
	}
	for _, b := range []api.Behavior{api.Deny, api.Ask, api.Allow} {
		v := ms[string(b)]
		if v == nil {
			continue
		}
		if err := d.rules(v, b); err != nil {
			return err
		}
	}
	if v := ms["defaultMode"]; v != nil {
		s, err := d.str(v, "permissions.defaultMode")
		if err != nil {
			return err
		}
		mode, err := api.ParseMode(s)
		if err != nil {
			return d.errAt(v, "permissions.defaultMode: %v", err)
		}
		if d.takeScalar("defaultMode") {
			d.m.s.DefaultMode = mode
		}
	}
	if v := ms["disableBypassPermissionsMode"]; v != nil {
		// Claude Code writes "disable"; true is accepted too. It can only
		// tighten, so every source may set it.
		switch {
		case v.kind == kindString && v.str == "disable", v.kind == kindBool && v.boolean:
			d.m.s.DisableBypassPermissionsMode = true
		case v.kind == kindBool, v.kind == kindString && v.str == "":
		default:
			return d.errAt(v, "permissions.disableBypassPermissionsMode must be \"disable\" or a boolean")
		}
	}
	if v := ms["additionalDirectories"]; v != nil {
		if v.kind != kindArray {
			return d.errAt(v, "permissions.additionalDirectories must be an array of strings")
		}
		for _, e := range v.elems {
			s, err := d.str(e, "permissions.additionalDirectories[]")
			if err != nil {
				return err
			}
			if s == "" {
				return d.errAt(e, "permissions.additionalDirectories: empty path")
			}
			dir := expandHome(s, d.m.opts.Home)
			if !filepath.IsAbs(dir) {
				dir = filepath.Join(d.m.root, dir)
			}
			d.m.s.AdditionalDirectories = append(d.m.s.AdditionalDirectories, filepath.Clean(dir))
		}
	}
	return nil
}

// rules decodes one list of rules. A malformed allow rule is dropped with a
// warning (that can only tighten); a malformed deny or ask rule fails closed:
// it applies to every call of the tool it names, or to every call.
func (d *fileDecoder) rules(n *node, b api.Behavior) error {
	if n.kind != kindArray {
		return d.errAt(n, "permissions.%s must be an array of rule strings", b)
	}
	for _, e := range n.elems {
		line, col := d.pos(e.off)
		origin := rule.Origin{Source: rule.Source(d.f.Source), File: d.f.Path, Line: line, Column: col + 1, Root: d.m.root}
		if d.f.Source == SourceUser {
			// Claude Code anchors "/" in user settings at its own settings
			// directory.
			origin.Root = filepath.Dir(d.f.Path)
		}
		text := e.str
		if e.kind != kindString {
			text = ""
		}
		r, err := rule.Parse(text, b, origin)
		if err != nil || e.kind != kindString {
			what := fmt.Sprintf("malformed %s rule %q: %v", b, text, err)
			var pe *rule.ParseError
			off := e.off
			switch {
			case e.kind != kindString:
				what = fmt.Sprintf("%s rule must be a string, not %s", b, e.kind)
			case errors.As(err, &pe):
				off += int64(pe.Offset) + 1
				what = fmt.Sprintf("malformed %s rule %q: %s", b, text, pe.Msg)
			}
			switch {
			case r == nil:
				d.warnAt(off, "%s (dropped)", what)
				continue
			case r.Tool == "" || r.Kind == rule.KindAll:
				d.warnAt(off, "%s: it now applies to every call", what)
			default:
				d.warnAt(off, "%s: it now applies to every call of %s", what, r.Tool)
			}
		}
		d.m.rules = append(d.m.rules, rankedRule{rank: d.rank, seq: len(d.m.rules), r: r})
	}
	return nil
}

func (d *fileDecoder) hooks(n *node) error {
	if n.kind != kindObject {
		return d.errAt(n, "hooks must be an object, not %s", n.kind)
	}
	var cfg hook.Config
	for _, mb := range n.members {
		if !hookEventsRun.has(mb.key) {
			d.warnAt(mb.keyOff, "hook event %q is not run by Warden (ignored)", mb.key)
			continue
		}
		if mb.val.kind != kindArray {
			return d.errAt(mb.val, "hooks.%s must be an array", mb.key)
		}
		for _, e := range mb.val.elems {
			mt, err := d.matcher(e, mb.key)
			if err != nil {
				return err
			}
			if mb.key == "PreToolUse" {
				cfg.PreToolUse = append(cfg.PreToolUse, mt)
			} else {
				cfg.PermissionRequest = append(cfg.PermissionRequest, mt)
			}
		}
	}
	d.m.hooks = append(d.m.hooks, rankedHooks{rank: d.rank, seq: len(d.m.hooks), cfg: cfg})
	return nil
}

func (d *fileDecoder) matcher(n *node, event string) (hook.Matcher, error) {
	what := "hooks." + event + "[]"
	ms, err := d.members(n, what, matcherKeys)
	if err != nil {
		return hook.Matcher{}, err
	}
	mt := hook.Matcher{Source: d.f.Source, File: d.f.Path}
	if v := ms["matcher"]; v != nil {
		if mt.Matcher, err = d.str(v, what+".matcher"); err != nil {
			return mt, err
		}
	}
	hs := ms["hooks"]
	if hs == nil || hs.kind != kindArray {
		return mt, d.errAt(n, "%s.hooks must be an array of hook commands", what)
	}
	for _, h := range hs.elems {
		var c hook.Command
		if err := d.object(h, what+".hooks[]", hookCmdKeys, &c); err != nil {
			return mt, err
		}
		if c.Type != "command" {
			return mt, d.errAt(h, "%s.hooks[].type must be \"command\", not %q", what, c.Type)
		}
		if strings.TrimSpace(c.Command) == "" {
			return mt, d.errAt(h, "%s.hooks[].command is empty", what)
		}
		if c.Timeout < 0 {
			return mt, d.errAt(h, "%s.hooks[].timeout must not be negative", what)
		}
		mt.Hooks = append(mt.Hooks, c)
	}
	return mt, nil
}

// object decodes an object node into v after warning about unknown keys;
// type errors are positioned at the node.
func (d *fileDecoder) object(n *node, what string, known knownKeys, v any) error {
	ms, err := d.members(n, what, known)
	if err != nil {
		return err
	}
	obj := make(map[string]any, len(ms))
	for k, val := range ms {
		obj[k] = val.toAny()
	}
	raw, err := json.Marshal(obj)
	if err != nil {
		return d.errAt(n, "%s: %v", what, err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			if field := ms[te.Field]; field != nil {
				return d.errAt(field, "%s.%s must be %s, not %s", what, te.Field, te.Type, field.kind)
			}
		}
		return d.errAt(n, "%s: %v", what, err)
	}
	return nil
}

func (d *fileDecoder) str(n *node, what string) (string, error) {
	if n.kind != kindString {
		return "", d.errAt(n, "%s must be a string, not %s", what, n.kind)
	}
	return n.str, nil
}

func (d *fileDecoder) boolean(n *node, what string) (bool, error) {
	if n.kind != kindBool {
		return false, d.errAt(n, "%s must be true or false, not %s", what, n.kind)
	}
	return n.boolean, nil
}

// toAny converts a node to the value encoding/json would produce.
func (n *node) toAny() any {
	switch n.kind {
	case kindObject:
		m := make(map[string]any, len(n.members))
		for _, mb := range n.members {
			m[mb.key] = mb.val.toAny()
		}
		return m
	case kindArray:
		a := make([]any, len(n.elems))
		for i, e := range n.elems {
			a[i] = e.toAny()
		}
		return a
	case kindString:
		return n.str
	case kindNumber:
		return n.num
	case kindBool:
		return n.boolean
	}
	return nil
}

// expandHome expands a leading ~ or $HOME.
func expandHome(p, home string) string {
	switch {
	case p == "~" || p == "$HOME":
		return home
	case strings.HasPrefix(p, "~/"):
		return filepath.Join(home, p[2:])
	case strings.HasPrefix(p, "$HOME/"):
		return filepath.Join(home, p[6:])
	}
	return p
}
