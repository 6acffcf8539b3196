package rule

import (
	"math"
	"sort"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/toolspec"
)

// Set is every rule in force, indexed for matching: by behaviour, by tool,
// and within a tool by the literal words of Bash patterns, the literal
// leading components of path globs and the hosts of domain rules, so the
// cost of a match does not grow with unrelated rules. A Set is immutable
// and safe for concurrent use.
type Set struct {
	rules   []*Rule // in order of precedence
	ignored []*Rule
	tables  [3]table // allow, ask, deny
}

// entry is a rule in an index list, with its place in the order of
// precedence (lower is reported first).
type entry struct {
	r     *Rule
	order int32
}

// Options tunes a Set. The zero value means all defaults.
type Options struct {
	// AllowManagedRulesOnly ignores every allow rule whose source is not
	// org (the managed allowManagedPermissionRulesOnly setting). Deny and
	// ask rules from every source still apply, so users can still tighten.
	AllowManagedRulesOnly bool
}

// NewSet indexes rules. Nil rules are skipped, so the results of Parse can be
// passed straight in. The order of precedence is source rank, then the order
// of rules.
func NewSet(rules []*Rule, opts Options) *Set {
	s := &Set{}
	for _, r := range rules {
		switch {
		case r == nil:
		case opts.AllowManagedRulesOnly && r.Behavior == api.Allow && r.Source != SourceOrg:
			s.ignored = append(s.ignored, r)
		default:
			s.rules = append(s.rules, r)
		}
	}
	sort.SliceStable(s.rules, func(i, j int) bool { return s.rules[i].Source.Rank() > s.rules[j].Source.Rank() })
	for i, r := range s.rules {
		t := &s.tables[behaviorIndex(r.Behavior)]
		t.add(entry{r: r, order: int32(min(i, math.MaxInt32))})
	}
	return s
}

// behaviorIndex maps allow, ask and deny to 0, 1 and 2; anything else counts
// as deny.
func behaviorIndex(b api.Behavior) int { return b.Strictness() }

// Rules returns every rule of the set in order of precedence.
func (s *Set) Rules() []*Rule { return s.rules }

// Ignored returns the allow rules left out by AllowManagedRulesOnly.
func (s *Set) Ignored() []*Rule { return s.ignored }

// Match returns the rule of behaviour b of highest precedence that covers
// one subject, or nil. Callers that walk the subjects of a call themselves
// use it; Find applies the whole-call semantics.
func (s *Set) Match(b api.Behavior, sub *Subject, env Env) *Rule {
	if s == nil {
		return nil
	}
	env = cleanEnv(env)
	p := prepare(sub, &env)
	return s.tables[behaviorIndex(b)].best(&p, &env, noMatch).r
}

// Find looks for the rules of behaviour b that decide the subjects.
//
// For deny and ask, one subject matching (its command, or any of its
// variants) is enough. For allow, every subject that is not incidental must
// be covered, none may be dynamic, and there must be at least one. The match
// reported is the one of highest precedence: highest source rank, then first
// written.
func (s *Set) Find(b api.Behavior, subjects []Subject, env Env) (Match, bool) {
	if s == nil {
		return Match{}, false
	}
	env = cleanEnv(env)
	t := &s.tables[behaviorIndex(b)]
	best, bestSub := noMatch, -1
	if b == api.Allow {
		required := 0
		for i := range subjects {
			sub := &subjects[i]
			if sub.Incidental {
				continue
			}
			required++
			if sub.Dynamic {
				return Match{}, false
			}
			p := prepare(sub, &env)
			e := t.best(&p, &env, noMatch)
			if e.r == nil {
				return Match{}, false
			}
			if e.order < best.order {
				best, bestSub = e, i
			}
		}
		if required == 0 {
			return Match{}, false
		}
	} else {
		for i := range subjects {
			p := prepare(&subjects[i], &env)
			if e := t.best(&p, &env, best); e.order < best.order {
				best, bestSub = e, i
			}
			if subjects[i].Reach != 0 {
				if e := s.reachBest(b, &p, &env, best); e.order < best.order {
					best, bestSub = e, i
				}
			}
		}
	}
	if best.r == nil {
		return Match{}, false
	}
	return Match{Rule: best.r, Subject: bestSub}, true
}

// Evaluate applies deny, then ask, then allow rules to the subjects and
// returns the behaviour of the first that decides, with the rule reported.
// It returns false when no rule decides.
func (s *Set) Evaluate(subjects []Subject, env Env) (api.Behavior, Match, bool) {
	for _, b := range [...]api.Behavior{api.Deny, api.Ask, api.Allow} {
		if m, ok := s.Find(b, subjects, env); ok {
			return b, m, true
		}
	}
	return "", Match{}, false
}

// Matches lists every rule that matches a subject, each with the first
// subject it matches, in order of precedence. Behaviour semantics apply per
// subject (an allow rule never matches a dynamic command), but allow's
// every-subject requirement does not: Matches is for explaining a decision,
// Find is for making one. It scans every rule.
func (s *Set) Matches(subjects []Subject, env Env) []Match {
	if s == nil {
		return nil
	}
	env = cleanEnv(env)
	ps := make([]prepared, len(subjects))
	for i := range subjects {
		ps[i] = prepare(&subjects[i], &env)
	}
	var out []Match
	for _, r := range s.rules {
		for i := range ps {
			if r.match(&ps[i], &env) {
				out = append(out, Match{Rule: r, Subject: i})
				break
			}
		}
	}
	return out
}

var noMatch = entry{order: math.MaxInt32}

// reachBest returns the path rule of behaviour b, of higher precedence than
// best, that a reading subject reaches beyond its own path: the rules are
// scanned in order, as such reads are few and their answer does not follow
// the index's literal prefixes.
func (s *Set) reachBest(b api.Behavior, p *prepared, env *Env, best entry) entry {
	for i, r := range s.rules {
		if int32(i) >= best.order {
			break
		}
		if r.Behavior == b && r.reaches(p, env) {
			return entry{r: r, order: int32(i)}
		}
	}
	return best
}

// table indexes the rules of one behaviour.
type table struct {
	all      []entry // KindAll
	byTool   map[string]*toolRules
	byServer map[string]*toolRules // MCP rules covering a whole server or a glob of its tools
}

func (t *table) add(e entry) {
	r := e.r
	if r.Kind == KindAll {
		t.all = append(t.all, e)
		return
	}
	var m *map[string]*toolRules
	key := r.Tool
	if r.mcp.server != "" && (r.mcp.tool == nil || r.mcp.tool.wild()) {
		m, key = &t.byServer, r.mcp.server
	} else {
		m = &t.byTool
	}
	if *m == nil {
		*m = map[string]*toolRules{}
	}
	tr := (*m)[key]
	if tr == nil {
		tr = &toolRules{}
		(*m)[key] = tr
	}
	tr.add(e)
}

// best returns the entry of highest precedence covering p that beats limit,
// or limit.
func (t *table) best(p *prepared, env *Env, limit entry) entry {
	best := consider(t.all, p, env, limit)
	if tr := t.byTool[p.tool]; tr != nil {
		best = tr.best(p, env, best)
	}
	if head := toolspec.FamilyOf(p.tool); head != "" {
		if tr := t.byTool[head]; tr != nil {
			best = tr.best(p, env, best)
		}
	}
	if server := mcpServer(p.tool); server != "" {
		if tr := t.byServer[server]; tr != nil {
			best = tr.best(p, env, best)
		}
	}
	return best
}

// consider returns the first entry of list (sorted by order) that beats
// best and matches, or best.
func consider(list []entry, p *prepared, env *Env, best entry) entry {
	for _, e := range list {
		if e.order >= best.order {
			break
		}
		if e.r.match(p, env) {
			return e
		}
	}
	return best
}

// toolRules indexes the rules naming one tool (or one MCP server).
type toolRules struct {
	any     []entry // KindTool
	fields  []entry // KindField
	cmds    trie    // KindCommand, by leading literal words
	paths   pathIndex
	domains domainIndex
}

func (tr *toolRules) add(e entry) {
	switch e.r.Kind {
	case KindTool:
		tr.any = append(tr.any, e)
	case KindField:
		tr.fields = append(tr.fields, e)
	case KindCommand:
		tr.cmds.insert(e.r.cmd.words, e)
	case KindPath:
		tr.paths.add(e)
	case KindDomain:
		tr.domains.add(e)
	}
}

func (tr *toolRules) best(p *prepared, env *Env, best entry) entry {
	best = consider(tr.any, p, env, best)
	best = consider(tr.fields, p, env, best)
	if p.tool == "Bash" {
		best = tr.cmds.best(p.command, ' ', p, env, best)
		for _, v := range p.s.Variants {
			best = tr.cmds.best(collapseSpace(v), ' ', p, env, best)
		}
	}
	if p.path != "" {
		best = tr.paths.best(p, env, best)
	}
	if p.domain != "" {
		best = tr.domains.best(p, env, best)
	}
	return best
}

// trie files rules under the literal tokens every subject they match starts
// with. Walking a subject's tokens visits exactly the rules that can match.
type trie struct {
	here []entry
	next map[string]*trie
}

func (t *trie) insert(tokens []string, e entry) {
	for _, tok := range tokens {
		if t.next == nil {
			t.next = map[string]*trie{}
		}
		n := t.next[tok]
		if n == nil {
			n = &trie{}
			t.next[tok] = n
		}
		t = n
	}
	t.here = append(t.here, e)
}

// best walks the tokens of s (separated by sep) and considers the rules
// filed along the way.
func (t *trie) best(s string, sep byte, p *prepared, env *Env, best entry) entry {
	for {
		best = consider(t.here, p, env, best)
		if t.next == nil || s == "" {
			return best
		}
		tok, rest := s, ""
		if i := strings.IndexByte(s, sep); i >= 0 {
			tok, rest = s[:i], s[i+1:]
		}
		n := t.next[tok]
		if n == nil {
			return best
		}
		t, s = n, rest
	}
}

// pathIndex files path rules by what they are relative to, then by their
// leading literal components; floating patterns (`.env`, `*.pem`) by the
// component they name.
type pathIndex struct {
	bases []*pathBase
	// floatLit holds floating patterns with a literal component, by it;
	// floatWild the others.
	floatLit  map[string][]entry
	floatWild []entry
}

// pathBase is one thing path rules are relative to: an anchor, the project
// root for `/` rules, and a number of `..` climbs.
type pathBase struct {
	anchor anchor
	root   string
	up     int
	rules  trie
}

func (ix *pathIndex) add(e entry) {
	pp := &e.r.path
	if pp.floating {
		s := pp.segs[1]
		if pp.lit == 0 && !strings.ContainsAny(s, `*?[\`) {
			if ix.floatLit == nil {
				ix.floatLit = map[string][]entry{}
			}
			ix.floatLit[s] = append(ix.floatLit[s], e)
		} else {
			ix.floatWild = append(ix.floatWild, e)
		}
		return
	}
	root := ""
	if pp.anchor == anchorRoot {
		root = e.r.Root
	}
	var b *pathBase
	for _, c := range ix.bases {
		if c.anchor == pp.anchor && c.root == root && c.up == pp.up {
			b = c
			break
		}
	}
	if b == nil {
		b = &pathBase{anchor: pp.anchor, root: root, up: pp.up}
		ix.bases = append(ix.bases, b)
	}
	b.rules.insert(pp.segs[:pp.lit], e)
}

func (ix *pathIndex) best(p *prepared, env *Env, best entry) entry {
	for _, b := range ix.bases {
		probe := pathPattern{anchor: b.anchor, up: b.up}
		base := probe.base(b.root, env)
		if base == "" {
			continue
		}
		if rel, ok := within(base, p.path); ok {
			best = b.rules.best(rel, '/', p, env, best)
		}
	}
	if ix.floatLit == nil && ix.floatWild == nil {
		return best
	}
	rel, ok := within(env.Root, p.path)
	if env.Root == "" || !ok {
		return best
	}
	if ix.floatLit != nil {
		for s := rel; s != ""; {
			var comp string
			comp, s, _ = strings.Cut(s, "/")
			best = consider(ix.floatLit[comp], p, env, best)
		}
	}
	return consider(ix.floatWild, p, env, best)
}

// domainIndex files domain rules by host: exact hosts, the parents of
// wildcard rules, and `domain:*`.
type domainIndex struct {
	exact map[string][]entry
	wild  map[string][]entry
	any   []entry
}

func (ix *domainIndex) add(e entry) {
	d := &e.r.domain
	switch {
	case d.any:
		ix.any = append(ix.any, e)
	case d.wild:
		if ix.wild == nil {
			ix.wild = map[string][]entry{}
		}
		ix.wild[d.host] = append(ix.wild[d.host], e)
	default:
		if ix.exact == nil {
			ix.exact = map[string][]entry{}
		}
		ix.exact[d.host] = append(ix.exact[d.host], e)
	}
}

func (ix *domainIndex) best(p *prepared, env *Env, best entry) entry {
	best = consider(ix.any, p, env, best)
	best = consider(ix.exact[p.domain], p, env, best)
	if ix.wild != nil {
		for h := p.domain; ; {
			i := strings.IndexByte(h, '.')
			if i < 0 {
				break
			}
			h = h[i+1:]
			best = consider(ix.wild[h], p, env, best)
		}
	}
	return best
}
