package programs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"
)

// TestLangsDeclared asserts that every entry's Lang, a subcommand's
// included, is a language declared in lang.go or an interpreter's own (its
// entry's first name): a language spelled in an entry and nowhere else
// would be one the shell package cannot compare against.
func TestLangsDeclared(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "lang.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := map[Lang]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Values) == 1 {
			if bl, ok := vs.Values[0].(*ast.BasicLit); ok {
				v, _ := strconv.Unquote(bl.Value)
				declared[Lang(v)] = true
			}
		}
		return true
	})
	if !declared[LangSed] || !declared[LangShell] {
		t.Fatalf("lang.go's constants were not read: %v", declared)
	}
	var walk func(name string, s *Spec, own Lang)
	seen := map[*Spec]bool{}
	walk = func(name string, s *Spec, own Lang) {
		if seen[s] {
			return
		}
		seen[s] = true
		if s.Lang != "" && !declared[s.Lang] && s.Lang != own {
			t.Errorf("%s: Lang %q is not declared in lang.go", name, s.Lang)
		}
		for sub, ss := range s.Subcommands {
			walk(name+" "+sub, ss, own)
		}
		if s.OtherSpec != nil {
			walk(name+" …", s.OtherSpec, own)
		}
	}
	for _, s := range All() {
		own := Lang("")
		if s.Code.Interpreter {
			own = Lang(s.Names[0])
		}
		walk(s.Names[0], s, own)
	}
}
