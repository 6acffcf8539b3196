package programs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoPatternCompiledAtStart checks that no package-level variable of
// the package is a compiled regular expression: warden hook starts a
// process for every tool call, and package init runs before it reads
// its input (one Unicode-class pattern cost 2.7 M instructions a start).
// Compile on first use (sync.OnceValue, internal/lazyre).
func TestNoPatternCompiledAtStart(t *testing.T) {
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, spec := range g.Specs {
				for _, v := range spec.(*ast.ValueSpec).Values {
					ast.Inspect(v, func(n ast.Node) bool {
						if _, ok := n.(*ast.FuncLit); ok {
							return false // runs when called, not at init
						}
						if sel, ok := n.(*ast.SelectorExpr); ok {
							if x, ok := sel.X.(*ast.Ident); ok && x.Name == "regexp" && strings.HasPrefix(sel.Sel.Name, "MustCompile") || ok && x.Name == "regexp" && strings.HasPrefix(sel.Sel.Name, "Compile") {
								t.Errorf("%s: a package-level variable compiles a pattern at start (%s.%s): compile it on first use", fset.Position(sel.Pos()), x.Name, sel.Sel.Name)
							}
						}
						return true
					})
				}
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d files read", checked)
	}
}
