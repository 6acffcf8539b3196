package shell

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

	"github.com/wardenhq/warden/programs"
)

// shellWords are bash's reserved words (compgen -k of bash 5.2); with
// its builtins (shellBuiltins) the names the shell package may spell, since
// it is the shell's own analysis.
var shellWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields("if then else elif fi case esac for select while until do done in function time { } ! [[ ]] coproc") {
		shellWords[w] = true
	}
}

// programLiteralsAllowed is how many string literals in the package's
// source and package checks' (but the declared table, checks.go) name a program other than a
// shell builtin. Knowledge of a program belongs in its entry (programs/)
// or the table; this count may only fall (lower it when it does). A
// literal counts when it is
// exactly a name with an entry or a name a check judges, so a subcommand
// word that is also a program's name (install, find) counts too.
const programLiteralsAllowed = 406

// TestNoProgramNamesInCode counts the string literals of the package's
// non-test source that name a program, and fails when there are more than
// programLiteralsAllowed: a new one was added. Fewer are logged, with the
// count to lower the constant to.
func TestNoProgramNamesInCode(t *testing.T) {
	listLiterals := os.Getenv("WARDEN_LIST_LITERALS") != "" // each site, with -v
	named := map[string]bool{}
	for _, ch := range catalogue {
		for _, p := range ch.Programs {
			named[p] = true
		}
	}
	paths, err := judgingSources()
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	perFile := map[string]int{}
	total := 0
	for _, p := range paths {
		if p == "checks.go" || filepath.ToSlash(p) == "../checks/table.go" {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if _, ok := n.(*ast.ImportSpec); ok {
				return false // "strings" is a package here, not the program
			}
			bl, ok := n.(*ast.BasicLit)
			if !ok || bl.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(bl.Value)
			if err != nil || s == "" || shellBuiltins[s] || shellWords[s] {
				return true
			}
			if named[s] || programs.Lookup(s) != nil {
				if listLiterals {
					t.Logf("%s: %q", fset.Position(bl.Pos()), s)
				}
				perFile[p]++
				total++
			}
			return true
		})
	}
	inChecks := 0
	for f, n := range perFile {
		if strings.Contains(filepath.ToSlash(f), "checks/") {
			inChecks += n
		}
	}
	t.Logf("%d string literals name programs: %d in shell, %d in the check bodies of package checks", total, total-inChecks, inChecks)
	if total != programLiteralsAllowed {
		var files []string
		for f, n := range perFile {
			files = append(files, f+" "+strconv.Itoa(n))
		}
		sort.Strings(files)
		if total > programLiteralsAllowed {
			t.Errorf("%d string literals name programs, more than the %d allowed: declare the knowledge in the program's entry or the check table (%s)", total, programLiteralsAllowed, strings.Join(files, ", "))
		} else {
			t.Logf("%d string literals name programs, fewer than %d: lower programLiteralsAllowed to %d", total, programLiteralsAllowed, total)
		}
	}
}

// judgingSources are the non-test Go files of this package and of package
// checks, whose check bodies the shell runs: the tests over the source
// (finding sites, program names) read both, so that moving code between
// them changes no count.
func judgingSources() ([]string, error) {
	var out []string
	for _, pat := range []string{"*.go", filepath.Join("..", "checks", "*.go")} {
		paths, err := filepath.Glob(pat)
		if err != nil {
			return nil, err
		}
		for _, p := range paths {
			if !strings.HasSuffix(p, "_test.go") {
				out = append(out, p)
			}
		}
	}
	return out, nil
}
