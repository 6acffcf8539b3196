package rule

import (
	"fmt"
	"strings"
	"sync/atomic"
	"unicode"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/toolspec"
)

// Kind says what a rule's specifier is matched against.
type Kind uint8

// The kinds of rule.
const (
	// KindTool has no specifier: it covers every call of its tool (`Bash`,
	// `Bash(*)`, `mcp__github`, `mcp__github__*`).
	KindTool Kind = iota
	// KindCommand matches one simple command of a Bash program
	// (`Bash(npm run test:*)`).
	KindCommand
	// KindPath matches a file path with a gitignore-style glob
	// (`Read(./.env)`, `Edit(src/**)`).
	KindPath
	// KindDomain matches the host of a URL (`WebFetch(domain:*.example.com)`).
	KindDomain
	// KindField matches one named field of the tool input with a glob
	// (`Tool(field:glob)`, and `Agent(Name)` on subagent_type).
	KindField
	// KindAll covers every call of every tool. Only the fail-closed stand-in
	// of a deny or ask rule whose tool name cannot be read has it.
	KindAll
)

var kindNames = [...]string{"tool", "command", "path", "domain", "field", "all"}

// String returns the kind's name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// Origin says where a rule was written. Settings loading fills it in; every
// field may be zero for a rule typed on a command line or made by a grant.
type Origin struct {
	Source Source
	// File is the settings file, as it should be shown to a person.
	File string
	// Line and Column locate the rule's first character in File (1-based).
	// Parse errors add the offset inside the rule to Column.
	Line, Column int
	// Root is the directory that `/path` rules are relative to: the project
	// root of a project or local settings file, the settings directory of a
	// user file. When empty, such rules are relative to the working directory.
	Root string
}

// Rule is one parsed permission rule. Rules are immutable once parsed and
// safe to share between goroutines.
type Rule struct {
	// Text is the rule as written.
	Text string
	// Behavior is what the rule decides: allow, deny or ask.
	Behavior api.Behavior
	// Tool is the canonical tool name the rule names (`Agent` for `Task`, a
	// known tool's spelling when it was written in another case).
	Tool string
	// Specifier is the text between the parentheses, trimmed. It is empty
	// for rules that cover every call of their tool (`Bash`, `Bash(*)`).
	Specifier string
	// Kind says what the specifier is matched against.
	Kind Kind
	// Origin says where the rule was written.
	Origin
	// Err is set on the fail-closed stand-in of a malformed deny or ask rule:
	// it is the parse error, and the rule covers every call of Tool (or of
	// every tool, for KindAll).
	Err error
	// Warnings are non-fatal remarks on the rule (a tool name fixed up from
	// another case, a Bash pattern that can never match a single command).
	Warnings []string

	reason atomic.Pointer[api.Reason] // Reason, built on first use

	cmd    commandPattern
	path   pathPattern
	domain domainPattern
	field  fieldPattern
	mcp    mcpName
}

// String returns the rule as written.
func (r *Rule) String() string { return r.Text }

// Reason returns the api.Reason naming this rule as the one that decided.
// It is built once per rule: it is on the path of every decision.
func (r *Rule) Reason() api.Reason {
	if p := r.reason.Load(); p != nil {
		return *p
	}
	reason := api.Reason{
		Type:    api.ReasonRule,
		Rule:    r.Text,
		Source:  string(r.Source),
		File:    r.File,
		Line:    r.Line,
		Message: r.describe(),
	}
	r.reason.Store(&reason)
	return reason
}

func (r *Rule) describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s rule %s", r.Behavior, r.Text)
	if r.Source != "" {
		fmt.Fprintf(&b, " from %s settings", r.Source)
	}
	if r.File != "" {
		b.WriteString(" (")
		b.WriteString(r.File)
		if r.Line > 0 {
			fmt.Fprintf(&b, ":%d", r.Line)
		}
		b.WriteString(")")
	}
	if r.Err != nil {
		if r.Kind == KindAll {
			b.WriteString(" is malformed and applies to every call")
		} else {
			fmt.Fprintf(&b, " is malformed and applies to every %s call", r.Tool)
		}
	}
	return b.String()
}

// ParseError is a rule that does not parse, with the place it was written.
type ParseError struct {
	// Rule is the rule text.
	Rule string
	// File, Line and Column locate the error. Line is zero when the rule has
	// no position; Column is then the 1-based byte offset inside the rule.
	File         string
	Line, Column int
	// Offset is the 0-based byte offset inside the rule.
	Offset int
	// Msg says what is wrong.
	Msg string
}

// Error formats the error as file:line:column: rule "…": message.
func (e *ParseError) Error() string {
	switch {
	case e.File != "" && e.Line > 0:
		return fmt.Sprintf("%s:%d:%d: rule %q: %s", e.File, e.Line, e.Column, e.Rule, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%d:%d: rule %q: %s", e.Line, e.Column, e.Rule, e.Msg)
	case e.File != "":
		return fmt.Sprintf("%s: rule %q: column %d: %s", e.File, e.Rule, e.Column, e.Msg)
	}
	return fmt.Sprintf("rule %q: column %d: %s", e.Rule, e.Column, e.Msg)
}

// specError is an error inside a specifier, at a byte offset from its start.
type specError struct {
	off int
	msg string
}

func (e *specError) Error() string { return e.msg }

func specErrorf(off int, format string, args ...any) *specError {
	return &specError{off: off, msg: fmt.Sprintf(format, args...)}
}

// CanonicalTool returns the name rules know tool as: legacy names become
// their current ones (Task → Agent), and an agent's own name for a tool its
// canonical one (run_shell_command → Bash, apply_patch → ApplyPatch), as the
// tool table (package toolspec) declares.
func CanonicalTool(tool string) string { return toolspec.Canonical(tool) }

// Parse parses one rule written as text, deciding b, at origin o.
//
// On success it returns the rule and nil. When text is malformed the error is
// a *ParseError with file, line and column, and the rule returned depends on
// b: for deny and ask it is a fail-closed stand-in (Err set) that covers
// every call of the tool the text names, or every call of every tool when the
// name cannot be read; for allow it is nil. Callers that keep the stand-in
// and report the error get the fail-closed behaviour of DESIGN §2 for free.
func Parse(text string, b api.Behavior, o Origin) (*Rule, error) {
	r, off, err := parse(text, b, o)
	if err == nil {
		return r, nil
	}
	pe := &ParseError{Rule: text, File: o.File, Line: o.Line, Offset: off, Msg: err.Error()}
	pe.Column = off + 1
	if o.Line > 0 {
		pe.Column = o.Column + off
		if o.Column == 0 {
			pe.Column = off + 1
		}
	}
	if b == api.Allow {
		return nil, pe
	}
	stand := &Rule{Text: text, Behavior: b, Origin: o, Err: pe, Kind: KindAll}
	if r != nil && r.Tool != "" {
		stand.Tool, stand.Kind = r.Tool, KindTool
		if strings.HasPrefix(r.Tool, "mcp__") {
			m, err := parseMCPName(r.Tool)
			if err != nil {
				stand.Tool, stand.Kind = "", KindAll
			}
			stand.mcp = m
		}
	}
	return stand, pe
}

// FailClosed returns the stand-in for a deny or ask rule that could not be
// read at all (a list entry that is not a string): a rule of behaviour b,
// with err as its Err, covering every call of every tool. For allow it
// returns nil, since dropping an allow rule can only tighten.
func FailClosed(text string, b api.Behavior, o Origin, err error) *Rule {
	if b == api.Allow {
		return nil
	}
	return &Rule{Text: text, Behavior: b, Origin: o, Err: err, Kind: KindAll}
}

// MustParse is Parse for rules known to be well formed, such as those in
// tests and built-in defaults. It panics on a malformed rule.
func MustParse(text string, b api.Behavior, o Origin) *Rule {
	r, err := Parse(text, b, o)
	if err != nil {
		panic(err)
	}
	return r
}

// parse does the work of Parse. On error it returns the byte offset inside
// text, and a rule whose Tool is set when the tool name could be read.
func parse(text string, b api.Behavior, o Origin) (*Rule, int, error) {
	if !b.Valid() {
		return nil, 0, fmt.Errorf("unknown behaviour %q (want allow, deny or ask)", b)
	}
	start := len(text) - len(strings.TrimLeftFunc(text, unicode.IsSpace))
	body := strings.TrimSpace(text)
	if body == "" {
		return nil, 0, fmt.Errorf("empty rule")
	}
	r := &Rule{Text: text, Behavior: b, Origin: o}

	name, spec, hasSpec := body, "", false
	if i := strings.IndexByte(body, '('); i >= 0 {
		name, hasSpec = body[:i], true
		if !strings.HasSuffix(body, ")") {
			if tool, _, err := parseToolName(name, start); err == nil {
				r.Tool = tool
			}
			return r, start + len(body), fmt.Errorf("missing closing parenthesis")
		}
		spec = body[i+1 : len(body)-1]
	} else if j := strings.IndexByte(body, ')'); j >= 0 {
		return nil, start + j, fmt.Errorf("unexpected ')' without '('")
	}
	tool, warn, err := parseToolName(name, start)
	if err != nil {
		return nil, err.(*specError).off, err
	}
	r.Tool = tool
	if warn != "" {
		r.Warnings = append(r.Warnings, warn)
	}
	if strings.HasPrefix(tool, "mcp__") {
		m, err := parseMCPName(tool)
		if err != nil {
			se := err.(*specError)
			return nil, start + se.off, err
		}
		r.mcp = m
	}

	specOff := start + len(name) + 1
	if !hasSpec {
		r.Kind = KindTool
		return r, 0, nil
	}
	trimmed := strings.TrimSpace(spec)
	if trimmed == "" {
		return r, specOff, fmt.Errorf("empty specifier: write %s alone to match every call", tool)
	}
	if trimmed == "*" && !toolspec.IsPathTool(tool) {
		r.Kind = KindTool
		return r, 0, nil
	}
	specOff += len(spec) - len(strings.TrimLeftFunc(spec, unicode.IsSpace))
	r.Specifier = trimmed

	var serr error
	switch {
	case tool == "Bash":
		r.Kind = KindCommand
		r.cmd, serr = parseCommandPattern(trimmed)
		if serr == nil {
			r.Warnings = append(r.Warnings, r.cmd.warnings()...)
		}
	case toolspec.IsPathTool(tool):
		r.Kind = KindPath
		r.path, serr = parsePathPattern(trimmed)
	case tool == "WebFetch":
		r.Kind = KindDomain
		r.domain, serr = parseDomainPattern(trimmed)
	case tool == "Agent":
		r.Kind = KindField
		r.field, serr = parseGlobField("subagent_type", trimmed, 0)
	default:
		r.Kind = KindField
		r.field, serr = parseFieldPattern(trimmed)
	}
	if serr != nil {
		off := 0
		if se, ok := serr.(*specError); ok {
			off = se.off
		}
		return r, specOff + off, serr
	}
	return r, 0, nil
}

// parseToolName checks a rule's tool name and returns its canonical form and
// a warning when the name was fixed up.
func parseToolName(name string, off int) (string, string, error) {
	if name == "" {
		return "", "", specErrorf(off, "missing tool name")
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' ||
			i > 0 && (c >= '0' && c <= '9' || c == '-' || c == '.' || c == '*')
		if !ok {
			return "", "", specErrorf(off+i, "invalid character %q in tool name %q", c, name)
		}
	}
	if strings.Contains(name, "*") && !strings.HasPrefix(name, "mcp__") {
		return "", "", specErrorf(off+strings.IndexByte(name, '*'), "wildcard in tool name %q: only MCP tool names take one (mcp__server__*)", name)
	}
	if _, ok := toolspec.Lookup(name); ok {
		// A canonical name, as nearly every rule writes it: the alias and
		// case fix-ups below leave it as it is (TestParseToolNameCanonical).
		return name, "", nil
	}
	tool, warn := name, ""
	if canon := CanonicalTool(name); canon != name {
		return canon, "", nil // an alias: a legacy or an agent's own name
	}
	if known, ok := toolspec.LookupFold(name); ok && known.Name != name {
		tool, warn = known.Name, fmt.Sprintf("tool name %q read as %q", name, known.Name)
	}
	return CanonicalTool(tool), warn, nil
}
