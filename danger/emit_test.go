package danger_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/danger/dangertest"
)

// forwarders are the functions allowed to pass a category they were given
// rather than a constant: each is itself an emit site this test checks at
// its callers.
var forwarders = map[string]bool{"flag": true, "flagAt": true, "addFinding": true, "Flag": true, "FlagAt": true}

// tableEmitters are the functions that emit the category of a declared
// table's row (X.Category, an entry's Raise's X.Kind, an environment
// row's X.Raises): a danger.Kind the
// compiler checks, whose risk the table's own test holds to the registry
// (or, for a raise, is the category's own).
var tableEmitters = map[string]string{"netclass/class.go": "Finding", "shell/checks.go": "checkEntryRaises", "shell/catalogue.go": "judgeAssignment"}

// riskNames maps the spellings of risk levels at emit sites to levels.
var riskNames = map[string]api.Risk{
	"low": api.RiskLow, "medium": api.RiskMedium, "high": api.RiskHigh,
	"RiskLow": api.RiskLow, "RiskMedium": api.RiskMedium, "RiskHigh": api.RiskHigh,
}

// TestEmitSitesUseKnownCategories walks the source of every package and
// checks each place that makes a finding — a call of the shell catalogue's
// flag or addFinding, of checks.Call's Flag or FlagAt, an api.Finding
// literal — names its category by a
// danger constant (danger.RecursiveDelete, or its .Slug() where a string
// is wanted), never by a slug typed by hand, with a risk no higher than
// the category's.
func TestEmitSitesUseKnownCategories(t *testing.T) {
	fset := token.NewFileSet()
	sites := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "testdata" || name == "bench" || strings.HasPrefix(name, ".") && path != ".." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		var fn string
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				fn = n.Name.Name
			case *ast.CallExpr:
				name := callName(n.Fun)
				catIdx, riskIdx := -1, -1
				switch name {
				case "flag":
					catIdx, riskIdx = 1, -1 // the category's own risk
				case "flagAt":
					catIdx, riskIdx = 1, 3
				case "addFinding":
					catIdx, riskIdx = 0, 3
				case "Flag", "FlagAt":
					// checks.Call's: in package checks and its implementation
					// in shell (chromedp.Flag elsewhere is no finding).
					if dir := filepath.Base(filepath.Dir(path)); dir == "checks" || dir == "shell" {
						catIdx, riskIdx = 0, -1
						if name == "FlagAt" {
							riskIdx = 2
						}
					}
				}
				if catIdx < 0 || len(n.Args) <= max(catIdx, riskIdx) {
					return true
				}
				sites++
				var risk ast.Expr
				if riskIdx >= 0 {
					risk = n.Args[riskIdx]
				}
				check(t, fset, n.Args[catIdx], risk, fn)
			case *ast.CompositeLit:
				if !isFinding(n.Type) {
					return true
				}
				var cat, risk ast.Expr
				for _, e := range n.Elts {
					kv, ok := e.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					switch kv.Key.(*ast.Ident).Name {
					case "Category":
						cat = kv.Value
					case "Risk":
						risk = kv.Value
					}
				}
				if cat != nil {
					sites++
					check(t, fset, cat, risk, fn)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if sites < 300 {
		t.Errorf("found only %d emit sites: the walk is missing some", sites)
	}
}

func callName(e ast.Expr) string {
	switch f := e.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

func isFinding(e ast.Expr) bool {
	switch t := e.(type) {
	case *ast.SelectorExpr:
		return t.Sel.Name == "Finding"
	case *ast.Ident:
		return t.Name == "Finding"
	}
	return false
}

func check(t *testing.T, fset *token.FileSet, cat, risk ast.Expr, fn string) {
	t.Helper()
	pos := fset.Position(cat.Pos())
	k, ok := dangertest.Resolve(cat)
	if call, isCall := cat.(*ast.CallExpr); isCall && len(call.Args) == 0 {
		if sel, isSel := call.Fun.(*ast.SelectorExpr); isSel && sel.Sel.Name == "Slug" {
			cat = sel.X // X.Slug() where a string is wanted
		}
	}
	switch e := cat.(type) {
	case *ast.SelectorExpr:
		if ok {
			break
		}
		if e.Sel.Name == "Category" || e.Sel.Name == "Kind" || e.Sel.Name == "Raises" {
			for file, emitter := range tableEmitters {
				if strings.HasSuffix(filepath.ToSlash(pos.Filename), "/"+file) && fn == emitter {
					return
				}
			}
		}
		t.Errorf("%s: a finding's category is not a danger constant, so it cannot be checked against the registry", pos)
		return
	case *ast.Ident:
		if forwarders[fn] && (e.Name == "category" || e.Name == "kind") {
			return
		}
		t.Errorf("%s: a finding's category is not a danger constant, so it cannot be checked against the registry", pos)
		return
	default:
		t.Errorf("%s: a finding's category is not a danger constant (a slug typed by hand?); name it danger.X", pos)
		return
	}
	name := callName(risk)
	r, ok := riskNames[name]
	if !ok {
		return // computed risks are capped at run time by the registry
	}
	if max := k.Risk(); r.Rank() > max.Rank() {
		t.Errorf("%s: risk %s exceeds category %s's highest, %s", pos, r, k, max)
	}
}

// camel is a slug's constant name: recursive-delete is RecursiveDelete,
// sql-destructive SQLDestructive.
func camel(slug string) string {
	var b strings.Builder
	for _, p := range strings.Split(slug, "-") {
		switch p {
		case "sql", "db", "mcp":
			b.WriteString(strings.ToUpper(p))
		default:
			b.WriteString(strings.ToUpper(p[:1]) + p[1:])
		}
	}
	return b.String()
}

// TestKinds holds the constants and the registry together: every category
// has the constant its slug names, every constant (but the count) names a
// category whose Kind is itself, and Parse finds each by slug and alias.
func TestKinds(t *testing.T) {
	kinds := dangertest.Kinds()
	all := danger.All()
	if len(kinds) != len(all) {
		t.Errorf("%d constants for %d categories", len(kinds)-1, len(all))
	}
	for _, c := range all {
		k, ok := kinds[camel(c.Slug)]
		if !ok {
			t.Errorf("category %s has no constant %s", c.Slug, camel(c.Slug))
			continue
		}
		if k != c.Kind || k.Slug() != c.Slug || k.String() != c.Slug || k.Risk() != c.Risk || k.Category().Kind != k {
			t.Errorf("constant %s (%d) is not category %s (kind %d)", camel(c.Slug), k, c.Slug, c.Kind)
		}
		for _, s := range append([]string{c.Slug}, c.Aliases...) {
			if got, ok := danger.Parse(s); !ok || got != k {
				t.Errorf("Parse(%q) = %v, %v; want %v", s, got, ok, k)
			}
		}
		if k.Cap(api.RiskHigh).Rank() > c.Risk.Rank() || k.Cap(api.RiskLow) != api.RiskLow {
			t.Errorf("%s: Cap does not hold risks to %s", c.Slug, c.Risk)
		}
	}
	for name, k := range kinds {
		if camel(k.Slug()) != name {
			t.Errorf("constant %s names category %s", name, k.Slug())
		}
	}
	if _, ok := danger.Parse("never-heard-of"); ok {
		t.Error("Parse accepts an unknown slug")
	}
}

// TestRegistry checks the registry's own invariants.
func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range danger.All() {
		if c.Slug == "" || c.Summary == "" {
			t.Errorf("category %+v lacks a slug or a summary", c)
		}
		if seen[c.Slug] {
			t.Errorf("category %s is declared twice", c.Slug)
		}
		seen[c.Slug] = true
		if got, ok := danger.Lookup(c.Slug); !ok || got.Slug != c.Slug {
			t.Errorf("Lookup(%s) = %v, %v", c.Slug, got.Slug, ok)
		}
		for _, a := range c.Aliases {
			if danger.Canonical(a) != c.Slug {
				t.Errorf("Canonical(%s) = %s, want %s", a, danger.Canonical(a), c.Slug)
			}
		}
		if c.Rule != "" && (c.Rule[0] != 'R' || len(c.Rule) < 2) {
			t.Errorf("category %s: rule %q is not a POLICY.md rule", c.Slug, c.Rule)
		}
		if c.Rule != "" && len(c.Flagged) == 0 {
			t.Errorf("category %s implements %s but has no example to flag", c.Slug, c.Rule)
		}
	}
	if danger.Known("never-heard-of") || danger.Canonical("never-heard-of") != "never-heard-of" {
		t.Error("an unknown slug is reported known or rewritten")
	}
	if r, ok := danger.MaxRisk("never-heard-of"); ok || r != api.RiskHigh {
		t.Errorf("MaxRisk(unknown) = %s, %v; want HIGH, false", r, ok)
	}
	if got := danger.Cap("non-literal-program", api.RiskHigh); got != api.RiskMedium {
		t.Errorf("Cap(non-literal-program, HIGH) = %s, want MEDIUM", got)
	}
	if got := danger.Cap("obfuscation", api.RiskHigh); got != api.RiskHigh {
		t.Errorf("Cap(obfuscation, HIGH) = %s, want HIGH", got)
	}
}
