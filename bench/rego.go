package bench

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"strings"

	"github.com/gobwas/glob"
	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/topdown/cache"

	"github.com/wardenhq/warden/api"
)

// RegoModule is the Rego policy that applies Warden's semantics to rules
// given as data.
//
//go:embed policy.rego
var RegoModule string

// Rego evaluates a Policy with Open Policy Agent: the module RegoModule,
// the rules as data, prepared once. It is safe for concurrent use.
type Rego struct {
	query rego.PreparedEvalQuery
	cache cache.InterQueryValueCache
}

var _ Evaluator = (*Rego)(nil)

// NewRego compiles RegoModule with the rules of p as data and prepares the
// query data.warden.decision.
func NewRego(ctx context.Context, p *Policy) (*Rego, error) {
	// Patterns with more than one wildcard go through glob.match, whose
	// compiled globs OPA keeps in a cache of 100 entries unless it is given
	// a larger one; without it a large rule set recompiles on every call.
	n := 1000
	for _, r := range p.Rules {
		n += len(r.Values) + len(r.ToolPatterns)
	}
	c := cache.NewInterQueryValueCache(ctx, &cache.Config{
		InterQueryBuiltinValueCache: cache.InterQueryBuiltinValueCacheConfig{MaxNumEntries: &n},
	})
	store := inmem.NewFromObjectWithOpts(map[string]any{"permissions": RegoData(p)},
		inmem.OptRoundTripOnWrite(false), inmem.OptReturnASTValuesOnRead(true))
	q, err := rego.New(
		rego.Query("data.warden.decision"),
		rego.Module("policy.rego", RegoModule),
		rego.Store(store),
		rego.InterQueryBuiltinValueCache(c),
	).PrepareForEval(ctx)
	if err != nil {
		return nil, fmt.Errorf("preparing the Rego policy: %w", err)
	}
	return &Rego{query: q, cache: c}, nil
}

// RegoData returns the rules of p as the document policy.rego reads under
// data.permissions: for each of deny, ask and allow, "tools" maps every
// tool name to the rules that cover it (a Read rule is listed under Read,
// Glob, Grep, LS and NotebookRead), and "patterns" lists the MCP rules that
// cover tools by a pattern, in order of precedence.
func RegoData(p *Policy) map[string]any {
	out := map[string]any{}
	for _, b := range []api.Behavior{api.Deny, api.Ask, api.Allow} {
		out[string(b)] = map[string]any{"tools": map[string]any{}, "patterns": []any{}}
	}
	for _, r := range p.Rules {
		doc := map[string]any{
			"text":          r.Text,
			"order":         r.Order,
			"tool_patterns": regoPatterns(r.ToolPatterns),
			"field":         string(r.Field),
			"values":        regoPatterns(r.Values),
		}
		kind := out[string(r.Behavior)].(map[string]any)
		if len(r.ToolPatterns) > 0 {
			kind["patterns"] = append(kind["patterns"].([]any), doc)
			continue
		}
		tools := kind["tools"].(map[string]any)
		for _, t := range r.Tools {
			list, _ := tools[t].([]any)
			tools[t] = append(list, doc)
		}
	}
	return out
}

func regoPatterns(gs []Glob) []any {
	out := make([]any, len(gs))
	for i, g := range gs {
		switch len(g) {
		case 1:
			out[i] = map[string]any{"eq": g[0]}
		case 2:
			out[i] = map[string]any{"prefix": g[0], "suffix": g[1]}
		default:
			quoted := make([]string, len(g))
			for j, p := range g {
				quoted[j] = glob.QuoteMeta(p)
			}
			out[i] = map[string]any{"glob": strings.Join(quoted, "*")}
		}
	}
	return out
}

// Evaluate runs the prepared query on the subjects.
func (r *Rego) Evaluate(ctx context.Context, subjects []Subject) (Verdict, error) {
	rs, err := r.query.Eval(ctx, rego.EvalParsedInput(RegoInput(subjects)),
		rego.EvalInterQueryBuiltinValueCache(r.cache))
	if err != nil {
		return Verdict{}, fmt.Errorf("evaluating the Rego policy: %w", err)
	}
	if len(rs) != 1 || len(rs[0].Expressions) != 1 {
		return Verdict{}, errors.New("the Rego policy gave no decision")
	}
	m, ok := rs[0].Expressions[0].Value.(map[string]any)
	if !ok {
		return Verdict{}, fmt.Errorf("the Rego policy gave %T, not an object", rs[0].Expressions[0].Value)
	}
	b, _ := m["behavior"].(string)
	text, _ := m["rule"].(string)
	v := Verdict{Behavior: api.Behavior(b), Rule: text}
	if b != "" && !v.Behavior.Valid() {
		return Verdict{}, fmt.Errorf("the Rego policy gave behaviour %q", b)
	}
	return v, nil
}

// RegoInput builds the input document {"subjects": [...]} as an AST value,
// sparing OPA a round trip through JSON.
func RegoInput(subjects []Subject) ast.Value {
	terms := make([]*ast.Term, len(subjects))
	for i := range subjects {
		s := &subjects[i]
		variants := make([]*ast.Term, len(s.Variants))
		for j, v := range s.Variants {
			variants[j] = ast.StringTerm(v)
		}
		terms[i] = ast.ObjectTerm(
			ast.Item(ast.InternedTerm("tool"), ast.StringTerm(s.Tool)),
			ast.Item(ast.InternedTerm("command"), ast.StringTerm(s.Command)),
			ast.Item(ast.InternedTerm("variants"), ast.ArrayTerm(variants...)),
			ast.Item(ast.InternedTerm("path"), ast.StringTerm(s.Path)),
			ast.Item(ast.InternedTerm("domain"), ast.StringTerm(s.Domain)),
			ast.Item(ast.InternedTerm("dynamic"), ast.InternedTerm(s.Dynamic)),
			ast.Item(ast.InternedTerm("incidental"), ast.InternedTerm(s.Incidental)),
		)
	}
	return ast.NewObject(ast.Item(ast.InternedTerm("subjects"), ast.ArrayTerm(terms...)))
}
