package warden_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocsNameWhatExists keeps the documentation true as written: every
// test it tells the reader to run is a test function of the tree, every
// file it names or links to exists, and every pkg.Name it writes in code
// type is declared in that package (a top-level name, a method or a
// struct field). A rename that leaves the docs behind fails here.
func TestDocsNameWhatExists(t *testing.T) {
	docs, _ := filepath.Glob("docs/*.md")
	docs = append(docs, "README.md")
	tests, pkgs := declared(t)
	code := regexp.MustCompile("`([^`\n]+)`")
	link := regexp.MustCompile(`\]\(([^)#\s]+)(#[^)]*)?\)`)
	testName := regexp.MustCompile(`^Test[A-Z]\w*$`)
	goFile := regexp.MustCompile(`^[a-z][a-z0-9_]*(/[a-z0-9_.]+)*/[a-z0-9_]+\.go$`)
	qualified := regexp.MustCompile(`\b([a-z][a-z0-9]*)\.([A-Z]\w*)\b`)
	// effects.md describes the code: a name in code type there that is
	// camelCase is one of the tree's identifiers, but for the readers it
	// says are gone.
	gone := map[string]bool{"hasShortFlag": true, "hasLong": true, "hasLongAbbrev": true, "optValue": true, "optValues": true, "hasWord": true}
	camel := regexp.MustCompile(`^[a-zA-Z][a-z0-9]+[A-Z]\w*$`)
	all := map[string]bool{}
	for _, names := range pkgs {
		for k := range names {
			all[k] = true
		}
	}
	n := 0
	for _, doc := range docs {
		b, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			n++
			if _, err := os.Stat(filepath.Join(filepath.Dir(doc), target)); err != nil {
				t.Errorf("%s links to %s, which does not exist", doc, target)
			}
		}
		for _, m := range code.FindAllStringSubmatch(text, -1) {
			span := m[1]
			for _, w := range strings.FieldsFunc(span, func(r rune) bool { return r == ' ' || r == ',' || r == '(' || r == ')' }) {
				if testName.MatchString(w) {
					n++
					if !tests[w] {
						t.Errorf("%s names %s, which is no test function", doc, w)
					}
				}
				if goFile.MatchString(w) && !strings.HasPrefix(w, "agent/acme/") { // the package docs/agents.md has a newcomer write
					n++
					if _, err := os.Stat(w); err != nil {
						t.Errorf("%s names %s, which does not exist", doc, w)
					}
				}
			}
			if doc == "docs/effects.md" && camel.MatchString(span) && !testName.MatchString(span) && !gone[span] {
				n++
				if !all[span] {
					t.Errorf("%s names %s, which nothing in the tree declares", doc, span)
				}
			}
			for _, q := range qualified.FindAllStringSubmatch(span, -1) {
				names, ok := pkgs[q[1]]
				if !ok {
					continue // not a package of the tree (os.Exit, http.Handler)
				}
				n++
				if !names[q[2]] {
					t.Errorf("%s names %s.%s, which package %s does not declare", doc, q[1], q[2], q[1])
				}
			}
		}
	}
	t.Logf("%d names checked", n)
	if n < 100 {
		t.Errorf("only %d names checked: the patterns no longer match the docs", n)
	}
}

// declared returns the test functions of the tree and, for each package
// name with one directory, the names it declares.
func declared(t *testing.T) (tests map[string]bool, pkgs map[string]map[string]bool) {
	tests = map[string]bool{}
	pkgs = map[string]map[string]bool{}
	dirs := map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (path == "bench" || strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		isTest := strings.HasSuffix(path, "_test.go")
		pkg := strings.TrimSuffix(f.Name.Name, "_test")
		if !isTest {
			if other, ok := dirs[pkg]; ok && other != filepath.Dir(path) {
				pkgs[pkg] = nil // two packages of one name: not checked
			}
			dirs[pkg] = filepath.Dir(path)
		}
		names := pkgs[pkg]
		if names == nil {
			if _, clash := pkgs[pkg]; clash && !isTest {
				return nil
			}
			names = map[string]bool{}
			if !isTest {
				pkgs[pkg] = names
			}
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if isTest && strings.HasPrefix(d.Name.Name, "Test") {
					tests[d.Name.Name] = true
				}
				if !isTest {
					names[d.Name.Name] = true
				}
			case *ast.GenDecl:
				if isTest {
					continue
				}
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						names[s.Name.Name] = true
						if st, ok := s.Type.(*ast.StructType); ok {
							for _, f := range st.Fields.List {
								for _, n := range f.Names {
									names[n.Name] = true
								}
							}
						}
						if it, ok := s.Type.(*ast.InterfaceType); ok {
							for _, m := range it.Methods.List {
								for _, n := range m.Names {
									names[n.Name] = true
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names[n.Name] = true
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range pkgs {
		if v == nil {
			delete(pkgs, k)
		}
	}
	return tests, pkgs
}
