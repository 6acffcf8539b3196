package dangertest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/wardenhq/warden/danger"
)

// Kinds returns every category constant of package danger by its name,
// read from the package's source (kind.go): the constants are counted
// from the iota that starts their block, so the Kind is the constant's
// value. The count that ends the block is left out.
func Kinds() map[string]danger.Kind { return kinds() }

var kinds = sync.OnceValue(func() map[string]danger.Kind {
	_, self, _, ok := runtime.Caller(0)
	if !ok {
		panic("dangertest: no source location")
	}
	path := filepath.Join(filepath.Dir(self), "..", "kind.go")
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		panic(err)
	}
	out := map[string]danger.Kind{}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for i, sp := range gd.Specs {
			for _, n := range sp.(*ast.ValueSpec).Names {
				if n.Name != "kinds" {
					out[n.Name] = danger.Kind(i)
				}
			}
		}
	}
	return out
})

// Resolve returns the category an expression names: danger.X, or
// danger.X.Slug() where a string is wanted. Anything else (a slug typed
// by hand, a variable) is not resolved.
func Resolve(e ast.Expr) (danger.Kind, bool) {
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Slug" {
			e = sel.X
		}
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return 0, false
	}
	if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "danger" {
		return 0, false
	}
	k, ok := kinds()[sel.Sel.Name]
	return k, ok
}
