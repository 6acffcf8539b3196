package bench

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/rule"
)

// Policy is a rule set in the form every engine here loads: the rules in
// their order of precedence, each with its tools and value patterns spelled
// out.
type Policy struct {
	Rules []PortableRule
}

// Field names the subject field a rule's patterns are matched against.
type Field string

// The fields a portable rule can match.
const (
	FieldNone    Field = ""        // the rule covers every call of its tools
	FieldCommand Field = "command" // Bash rules
	FieldPath    Field = "path"    // file rules
	FieldDomain  Field = "domain"  // WebFetch rules
)

// PortableRule is one permission rule with Warden's matching spelled out in
// terms a general policy engine has: tool names, a tool hierarchy, and
// patterns in which `*` matches any run of characters.
type PortableRule struct {
	// Text is the rule as written; Order is its place in the order of
	// precedence (lower is reported first).
	Text     string
	Behavior api.Behavior
	Order    int
	// Tool is the tool the rule names, or the MCP server ("mcp__github")
	// for a rule covering a server or a pattern of its tools. The rule
	// covers Tool and every tool below it in the hierarchy of ToolParent.
	Tool string
	// Tools lists the same tools flat: Tool and its family members (Read
	// also covers Glob, Grep, LS and NotebookRead). Empty for MCP servers
	// and tool patterns.
	Tools []string
	// ToolPatterns match tool names, for MCP rules: `mcp__s` covers
	// "mcp__s" and "mcp__s__*".
	ToolPatterns []Glob
	// Field is what Values match; FieldNone means every call of the tools.
	Field  Field
	Values []Glob
}

// Glob is a pattern as the literal pieces between its wildcards: a `*`
// between two pieces matches any run of characters, slashes and spaces
// included. A Glob of one piece matches that text exactly.
type Glob []string

// Match reports whether g matches all of s.
func (g Glob) Match(s string) bool {
	if len(g) == 1 {
		return s == g[0]
	}
	first, last := g[0], g[len(g)-1]
	if len(s) < len(first)+len(last) || !strings.HasPrefix(s, first) || !strings.HasSuffix(s, last) {
		return false
	}
	s = s[len(first) : len(s)-len(last)]
	for _, p := range g[1 : len(g)-1] {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return true
}

// String writes g with `*` for each wildcard, and `\*` and `\\` for literal
// stars and backslashes.
func (g Glob) String() string {
	var b strings.Builder
	esc := strings.NewReplacer(`\`, `\\`, `*`, `\*`)
	for i, p := range g {
		if i > 0 {
			b.WriteByte('*')
		}
		b.WriteString(esc.Replace(p))
	}
	return b.String()
}

// exact is the Glob matching s only.
func exact(s string) Glob { return Glob{s} }

// under is the Glob matching everything strictly below the directory dir.
func under(dir string) Glob { return Glob{join(dir, ""), ""} }

// join appends a relative path to a clean absolute directory.
func join(dir, rel string) string {
	if dir == "/" {
		return "/" + rel
	}
	return dir + "/" + rel
}

// ErrUnsupported marks a rule Translate refuses because Rego or Cedar could
// not express it exactly.
var ErrUnsupported = errors.New("not expressible exactly in every engine")

// Translate makes a Policy of rules given in their order of precedence
// (rule.Set.Rules), resolving path rules against env: `./x` and bare
// patterns against env.Cwd, `~/x` against env.Home, `/x` against the rule's
// project root (or env.Cwd when it has none). Every rule it cannot express
// exactly is reported, wrapping ErrUnsupported; the Policy is nil then.
func Translate(rules []*rule.Rule, env rule.Env) (*Policy, error) {
	p := &Policy{Rules: make([]PortableRule, 0, len(rules))}
	var errs []error
	for i, r := range rules {
		pr, err := translateRule(r, env)
		if err != nil {
			errs = append(errs, fmt.Errorf("rule %q: %w", r.Text, err))
			continue
		}
		pr.Order = i
		p.Rules = append(p.Rules, pr)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return p, nil
}

func translateRule(r *rule.Rule, env rule.Env) (PortableRule, error) {
	pr := PortableRule{Text: r.Text, Behavior: r.Behavior, Tool: r.Tool}
	if !r.Behavior.Valid() {
		return pr, fmt.Errorf("%w: unknown behaviour %q", ErrUnsupported, r.Behavior)
	}
	if r.Err != nil || r.Kind == rule.KindAll {
		return pr, fmt.Errorf("%w: a malformed rule's fail-closed stand-in", ErrUnsupported)
	}
	if strings.HasPrefix(r.Tool, "mcp__") {
		return translateMCP(pr, r)
	}
	pr.Tools = append([]string{r.Tool}, familyMembers[r.Tool]...)
	switch r.Kind {
	case rule.KindTool:
		return pr, nil
	case rule.KindCommand:
		pr.Field, pr.Values = FieldCommand, commandGlobs(r.Specifier)
		return pr, nil
	case rule.KindPath:
		vals, err := pathGlobs(r.Specifier, r.Root, env)
		pr.Field, pr.Values = FieldPath, vals
		return pr, err
	case rule.KindDomain:
		vals, err := domainGlobs(r.Specifier)
		pr.Field, pr.Values = FieldDomain, vals
		return pr, err
	}
	return pr, fmt.Errorf("%w: %s rules match tool input fields", ErrUnsupported, r.Kind)
}

// translateMCP spells out `mcp__s`, `mcp__s__*`, `mcp__s__tool` and
// `mcp__s__get_*`.
func translateMCP(pr PortableRule, r *rule.Rule) (PortableRule, error) {
	if r.Kind != rule.KindTool {
		return pr, fmt.Errorf("%w: MCP rules with a specifier match tool input fields", ErrUnsupported)
	}
	server, tool, hasTool := strings.Cut(strings.TrimPrefix(r.Tool, "mcp__"), "__")
	server = "mcp__" + server
	switch {
	case !hasTool || tool == "*":
		pr.Tool = server
		pr.ToolPatterns = []Glob{exact(server), {server + "__", ""}}
	case !strings.Contains(tool, "*"):
		pr.Tools = []string{r.Tool}
	default:
		pr.Tool = server
		g := textGlob(tool)
		g[0] = server + "__" + g[0]
		pr.ToolPatterns = []Glob{g}
	}
	return pr, nil
}

// familyMembers lists the tools a rule naming the head of a family also
// covers, as rule.Set does.
var familyMembers = map[string][]string{
	"Read": {"Glob", "Grep", "LS", "NotebookRead"},
	"Edit": {"Write", "MultiEdit", "NotebookEdit"},
}

// ToolParent returns the tool directly above tool in the hierarchy rules
// cover: the family head of a member ("Glob" → "Read"), the server of an MCP
// tool ("mcp__s__t" → "mcp__s"), or "".
func ToolParent(tool string) string {
	for head, members := range familyMembers {
		for _, m := range members {
			if m == tool {
				return head
			}
		}
	}
	if rest, ok := strings.CutPrefix(tool, "mcp__"); ok {
		if i := strings.Index(rest, "__"); i >= 0 {
			return tool[:len("mcp__")+i]
		}
	}
	return ""
}

// commandGlobs reads a Bash specifier as rule.Set does: `prefix:*`, or
// `words *` with that one star, match the words followed by nothing or by a
// space and anything; otherwise `*` matches any characters and the rest
// must be equal. An absolute program path is reduced to its name.
func commandGlobs(spec string) []Glob {
	s := collapseSpace(spec)
	tail := false
	switch {
	case strings.HasSuffix(s, ":*") && !strings.HasSuffix(s, `\:*`):
		s, tail = strings.TrimRight(s[:len(s)-2], " "), true
	case strings.HasSuffix(s, " *") && countStars(s) == 1:
		s, tail = s[:len(s)-2], true
	}
	if first, rest, _ := strings.Cut(s, " "); strings.HasPrefix(first, "/") && len(first) > 1 &&
		!strings.ContainsAny(first, `*\`) && !strings.HasSuffix(first, "/") {
		s = path.Base(first)
		if rest != "" {
			s += " " + rest
		}
	}
	full := textGlob(s)
	if !tail {
		return []Glob{full}
	}
	t := append(Glob(nil), full...)
	t[len(t)-1] += " "
	return []Glob{full, append(t, "")}
}

// textGlob splits s at its unescaped stars; `\*` is a literal star and `\\`
// a literal backslash.
func textGlob(s string) Glob {
	var g Glob
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && (s[i+1] == '*' || s[i+1] == '\\'):
			i++
			b.WriteByte(s[i])
		case c == '*':
			g = append(g, b.String())
			b.Reset()
		default:
			b.WriteByte(c)
		}
	}
	return append(g, b.String())
}

func countStars(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '*':
			n++
		}
	}
	return n
}

// domainGlobs reads `domain:host`, `domain:*.host` and `domain:*`.
func domainGlobs(spec string) ([]Glob, error) {
	h, ok := strings.CutPrefix(spec, "domain:")
	if !ok {
		return nil, fmt.Errorf("%w: WebFetch specifier %q", ErrUnsupported, spec)
	}
	h = strings.ToLower(strings.TrimSuffix(h, "."))
	switch {
	case h == "*":
		return []Glob{{"", ""}}, nil
	case strings.HasPrefix(h, "*."):
		return []Glob{{"", h[1:]}}, nil
	}
	return []Glob{exact(h)}, nil
}

// pathGlobs reads a gitignore-style path rule as rule.Set does and spells
// it out as patterns over absolute paths. A pattern that matches a
// directory also matches everything inside it. Only the shapes whose
// meaning survives a `*` that crosses slashes are accepted: literal
// components, optionally followed by `*`, `**`, `**/*`, `**/NAME` or
// `**/*SUFFIX` (bare `NAME` and `*SUFFIX` float: they match at any depth).
func pathGlobs(spec, root string, env rule.Env) ([]Glob, error) {
	var base, rest string
	floating := false
	switch {
	case strings.HasPrefix(spec, "//"):
		base, rest = "/", spec[2:]
	case spec == "~" || strings.HasPrefix(spec, "~/"):
		base, rest = env.Home, strings.TrimPrefix(spec[1:], "/")
	case strings.HasPrefix(spec, "~"):
		return nil, fmt.Errorf("%w: ~user paths", ErrUnsupported)
	case strings.HasPrefix(spec, "/"):
		base, rest = root, spec[1:]
		if base == "" {
			base = env.Cwd
		}
	case spec == "." || strings.HasPrefix(spec, "./"):
		base, rest = env.Cwd, strings.TrimPrefix(spec[1:], "/")
	default:
		base, rest = env.Cwd, spec
		floating = !strings.Contains(strings.TrimRight(spec, "/"), "/")
	}
	if base == "" || base[0] != '/' {
		// Relative to a directory that is not known: it matches nothing.
		return nil, nil
	}
	base = path.Clean(base)
	if rest == "" || path.Clean(rest) == "." {
		return []Glob{exact(base), under(base)}, nil
	}
	clean := path.Clean(rest)
	if base == "/" {
		clean = strings.TrimPrefix(path.Clean("/"+rest), "/")
	}
	segs := strings.Split(clean, "/")
	for len(segs) > 0 && segs[0] == ".." {
		base, segs, floating = path.Dir(base), segs[1:], false
	}
	if floating {
		segs = append([]string{"**"}, segs...)
	}
	// The literal components lead; what follows must be one of the shapes
	// above.
	lit := 0
	for lit < len(segs) && !strings.ContainsAny(segs[lit], `*?[\`) {
		lit++
	}
	dir := base
	if lit > 0 {
		dir = join(base, strings.Join(segs[:lit], "/"))
	}
	tailSegs := segs[lit:]
	for len(tailSegs) > 0 && tailSegs[len(tailSegs)-1] == "**" {
		tailSegs = tailSegs[:len(tailSegs)-1]
	}
	if len(tailSegs) > 0 && tailSegs[0] == "**" && len(tailSegs) > 1 && tailSegs[1] == "*" {
		tailSegs = tailSegs[1:] // `**/*` is `*`
	}
	switch {
	case len(tailSegs) == 0:
		return []Glob{exact(dir), under(dir)}, nil
	case len(tailSegs) == 1 && tailSegs[0] == "*" && dir != "/":
		return []Glob{under(dir)}, nil
	case len(tailSegs) == 2 && tailSegs[0] == "**":
		name := tailSegs[1]
		if !strings.ContainsAny(name, `*?[\`) {
			return []Glob{
				exact(join(dir, name)),
				{join(dir, name) + "/", ""},
				{join(dir, ""), "/" + name},
				{join(dir, ""), "/" + name + "/", ""},
			}, nil
		}
		if sfx := name[1:]; name[0] == '*' && sfx != "" && !strings.ContainsAny(sfx, `*?[\`) {
			return []Glob{
				{join(dir, ""), sfx},
				{join(dir, ""), sfx + "/", ""},
			}, nil
		}
	}
	return nil, fmt.Errorf("%w: path pattern %q needs a `*` that stops at a slash", ErrUnsupported, spec)
}
