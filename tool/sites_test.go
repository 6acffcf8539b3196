package tool

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger/dangertest"
)

// TestEveryFindingSiteIsReached fails for every place in the package's
// source that builds an api.Finding and that no example below produces.
// Here each site names its category by a danger constant and no two sites share
// one (the test checks both), so the category a finding carries tells
// which site built it; the shell package, where categories repeat, needs
// its recorder instead (shell/sites_test.go).
func TestEveryFindingSiteIsReached(t *testing.T) {
	sites := map[string]string{} // category → file:line
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			cl, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if sel, ok := cl.Type.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Finding" {
				return true
			}
			pos := fset.Position(cl.Pos()).String()
			cat := ""
			for _, el := range cl.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Category" {
						if k, ok := dangertest.Resolve(kv.Value); ok {
							cat = k.Slug()
						}
					}
				}
			}
			switch {
			case cat == "":
				t.Errorf("%s: a finding's category is not a danger constant", pos)
			case sites[cat] != "":
				t.Errorf("%s: category %s is also built at %s: categories no longer tell the sites apart", pos, cat, sites[cat])
			default:
				sites[cat] = pos
			}
			return true
		})
	}
	if len(sites) == 0 {
		t.Fatal("found no finding site: the walk is broken")
	}

	env := Env{Cwd: "/p", Home: "/home/u", WorkingDirs: []string{"/p"}, Paths: &PathResolver{Lstat: noLinks}}
	examples := []struct {
		tool, path, category string
	}{
		{"Edit", "/p/.claude/settings.json", "agent-config-tamper"},
		{"Write", "/home/u/.ssh/id_rsa", "protected-path"},
		{"Edit", "/etc/hosts", "outside-working-dirs"},
		{"Read", "/home/u/.aws/credentials", "credential-access"},
	}
	reached := map[string]bool{}
	for _, ex := range examples {
		req := api.Request{ToolName: ex.tool, ToolInput: map[string]any{"file_path": ex.path, "content": "x", "old_string": "a", "new_string": "b"}}
		an := NewRegistry().Lookup(ex.tool).Check(req, env)
		found := false
		for _, s := range an.Subjects {
			if s.Finding != nil {
				reached[s.Finding.Category] = true
				found = found || s.Finding.Category == ex.category
			}
		}
		if !found {
			t.Errorf("%s %s: no %s finding (problem %q)", ex.tool, ex.path, ex.category, an.Problem)
		}
	}
	// A git command in a repository whose configuration runs a program.
	dir := t.TempDir()
	for _, d := range []string{"m/objects", "m/refs"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "m/HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "m/config"), []byte("[core]\n\tfsmonitor = ./x.sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	genv := Env{Cwd: dir, Home: "/home/u", WorkingDirs: []string{dir}}
	for _, f := range (BashChecker{}).Check(api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "git -C m status"}}, genv).Findings {
		reached[f.Category] = true
	}
	for cat, pos := range sites {
		if !reached[cat] {
			t.Errorf("%s: the %s finding is produced by no example", pos, cat)
		}
	}
}
