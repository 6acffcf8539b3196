package programs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// homedDirs are the packages that must read what they know of programs
// from the entries: a string literal in one of their non-test files that
// names a program with an entry is a second home for that program's
// knowledge.
var homedDirs = []string{"../grant", "../classify"}

// TestNoProgramListsOutside fails when a non-test file of a homed package
// holds a string literal naming a program that has an entry: the fact
// belongs in the entry, as a declared field.
func TestNoProgramListsOutside(t *testing.T) {
	for _, dir := range homedDirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			for _, hit := range programLiterals(t, f) {
				t.Errorf("%s names the program %s: declare the fact in its entry and read it from there", hit.pos, hit.name)
			}
		}
	}
}

type literalHit struct{ pos, name string }

// programLiterals returns the string literals of a Go file that are the
// name of a program with an entry.
func programLiterals(t *testing.T, file string) []literalHit {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var hits []literalHit
	// A tool input's field name (ToolInput["command"],
	// StringInput("command")) names a field, not a program; nor does a
	// directory's name held by a constant named so.
	field := map[*ast.BasicLit]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr:
			if sel, ok := n.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "ToolInput" {
				if lit, ok := n.Index.(*ast.BasicLit); ok {
					field[lit] = true
				}
			}
		case *ast.ValueSpec:
			// A constant named for a directory (const stateDir =
			// "warden") holds a path element: the product's state
			// directory, not a program the package knows.
			for i, id := range n.Names {
				if strings.HasSuffix(id.Name, "Dir") && i < len(n.Values) {
					if lit, ok := n.Values[i].(*ast.BasicLit); ok {
						field[lit] = true
					}
				}
			}
		case *ast.CallExpr:
			name := ""
			switch fn := n.Fun.(type) {
			case *ast.SelectorExpr:
				name = fn.Sel.Name
			case *ast.Ident:
				name = fn.Name
			}
			if name == "StringInput" || name == "inputString" {
				for _, a := range n.Args {
					if lit, ok := a.(*ast.BasicLit); ok {
						field[lit] = true
					}
				}
			}
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		// Import paths name packages, not programs.
		if _, ok := n.(*ast.ImportSpec); ok {
			return false
		}
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING || field[lit] {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		// A literal with no letter (".", ":", "[") is punctuation in code,
		// not a program's name, even where a builtin is spelled so.
		if strings.IndexFunc(s, unicode.IsLetter) >= 0 && Lookup(s) != nil {
			hits = append(hits, literalHit{fset.Position(lit.Pos()).String(), s})
		}
		return true
	})
	sort.Slice(hits, func(i, j int) bool { return hits[i].pos < hits[j].pos })
	return hits
}

// TestProgramLiteralsSeen checks the scanner itself: a file that lists
// programs is caught, one that names none is not.
func TestProgramLiteralsSeen(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		src  string
		want int
	}{
		{"package x\nvar l = []string{\"git\", \"rm\"}\n", 2},
		{"package x\nfunc f(s string) bool { return s == \"curl\" }\n", 1},
		{"package x\nimport \"strings\"\nvar s = strings.ToUpper(\"no program here\")\n", 0},
		{"package x\nvar tool = \"Bash\"\n", 0},
		{"package x\nfunc f(r R) any { return r.ToolInput[\"command\"] }\n", 0},
		{"package x\nfunc f(r R) any { return r.Other[\"command\"] }\n", 1},
	} {
		p := filepath.Join(dir, "x.go")
		if err := os.WriteFile(p, []byte(tt.src), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := programLiterals(t, p); len(got) != tt.want {
			t.Errorf("%q: %d hits %v, want %d", tt.src, len(got), got, tt.want)
		}
	}
}

// TestUnlistedHaveNoEntry keeps each fact in one place: a program with an
// entry declares its Grant there, not in the rows of programs with no
// entry.
func TestUnlistedHaveNoEntry(t *testing.T) {
	seen := map[string]bool{}
	for _, u := range UnlistedPrograms() {
		for _, n := range u.Names {
			if Lookup(n) != nil {
				t.Errorf("%s has an entry: move its Grant into the entry", n)
			}
			if seen[n] {
				t.Errorf("%s is in two rows", n)
			}
			seen[n] = true
		}
	}
}

// TestVersionedNames: a program installed under a versioned name is the
// program it names, for entries and rows alike; a name with an entry or
// row of its own, and look-alikes, are not versioned.
func TestVersionedNames(t *testing.T) {
	for in, want := range map[string]string{
		"python3.12": "python", "perl5.36": "perl", "node18": "node", "pip3.12": "pip",
		"bash5.2": "bash", "bash5": "bash", "zsh-5.9": "zsh", "ksh93": "ksh", "dash0.5.12": "dash",
		"python3": "", "bash": "", "sh": "", "python3.": "", "bash.5": "", "x11": "", "git2": "",
		"bash-": "", "-5.2": "", "bash123456789": "", "eval2": "", "": "", "node18x": "", "bash5.2.": "", "perl5.36-x": "",
	} {
		if got := Versioned(in); got != want {
			t.Errorf("Versioned(%q) = %q, want %q", in, got, want)
		}
	}
	if !CodeOf("bash5.2").Versioned || !CodeOf("zsh-5.9").Versioned {
		t.Error("a versioned shell's Code is not its row's")
	}
}

func TestShellsAreRows(t *testing.T) {
	for _, s := range All() {
		if s.Code.Shell {
			t.Errorf("entry %s says Code.Shell: shells are rows of unlisted.go (Shells reads only those)", s.Names[0])
		}
	}
	if got := Shells(); len(got) < 10 || got[0] != "sh" {
		t.Errorf("Shells() = %v", got)
	}
}
