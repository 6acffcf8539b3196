package danger_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
)

// forwarders are the functions allowed to pass a category they were given
// rather than a literal: each is itself an emit site this test checks at
// its callers.
var forwarders = map[string]bool{"flag": true, "addFinding": true}

// tableEmitters are the functions that emit the category of a declared
// table's row (X.Category); the table's own test checks every row's
// category against the registry.
var tableEmitters = map[string]string{"netclass/class.go": "Finding"}

// riskNames maps the spellings of risk levels at emit sites to levels.
var riskNames = map[string]api.Risk{
	"low": api.RiskLow, "medium": api.RiskMedium, "high": api.RiskHigh,
	"RiskLow": api.RiskLow, "RiskMedium": api.RiskMedium, "RiskHigh": api.RiskHigh,
}

// TestEmitSitesUseKnownCategories walks the source of every package and
// checks each place that makes a finding — a call of the shell catalogue's
// flag or addFinding, an api.Finding literal — names a category the
// registry knows, with a risk no higher than the category's.
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
					catIdx, riskIdx = 1, 3
				case "addFinding":
					catIdx, riskIdx = 0, 3
				}
				if catIdx < 0 || len(n.Args) <= riskIdx {
					return true
				}
				sites++
				check(t, fset, n.Args[catIdx], n.Args[riskIdx], fn)
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
	lit, ok := cat.(*ast.BasicLit)
	if !ok {
		if id, isIdent := cat.(*ast.Ident); isIdent && forwarders[fn] && id.Name == "category" {
			return
		}
		if sel, isSel := cat.(*ast.SelectorExpr); isSel && sel.Sel.Name == "Category" {
			for file, emitter := range tableEmitters {
				if strings.HasSuffix(filepath.ToSlash(pos.Filename), "/"+file) && fn == emitter {
					return
				}
			}
		}
		t.Errorf("%s: a finding's category is not a literal slug, so it cannot be checked against the registry", pos)
		return
	}
	slug, _ := strconv.Unquote(lit.Value)
	if !danger.Known(slug) {
		t.Errorf("%s: category %q is not declared in package danger", pos, slug)
		return
	}
	if slug != danger.Canonical(slug) {
		t.Errorf("%s: category %q is an alias; emit %q", pos, slug, danger.Canonical(slug))
	}
	name := callName(risk)
	r, ok := riskNames[name]
	if !ok {
		return // computed risks are capped at run time by the registry
	}
	if max, _ := danger.MaxRisk(slug); r.Rank() > max.Rank() {
		t.Errorf("%s: risk %s exceeds category %s's highest, %s", pos, r, slug, max)
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
