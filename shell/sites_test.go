package shell

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/danger/dangertest"
	"github.com/wardenhq/warden/programs"
)

// unreachableSites are the sites no command string can reach, each with
// the reason. Every other site must be reached by an example; an entry
// here that names no site, or a site an example does reach, fails too.
var unreachableSites = map[string]string{}

// siteTests are the package's tests whose tables hold example commands:
// TestEveryFindingSiteIsReached runs them again with the recorder on.
// Every Test function of the package is here or in notSiteTests.
var siteTests = map[string]func(*testing.T){
	"TestParts":                     TestParts,
	"TestPartFields":                TestPartFields,
	"TestCdTracksDirectory":         TestCdTracksDirectory,
	"TestParseError":                TestParseError,
	"TestLimits":                    TestLimits,
	"TestCatalogue":                 TestCatalogue,
	"TestEntryFacts":                TestEntryFacts,
	"TestEntryFiles":                TestEntryFiles,
	"TestGlobProgram":               TestGlobProgram,
	"TestSQLText":                   TestSQLText,
	"TestCatalogueReach":            TestCatalogueReach,
	"TestControlFileRoutes":         TestControlFileRoutes,
	"TestMemoKeepsFindings":         TestMemoKeepsFindings,
	"TestInterpreterCode":           TestInterpreterCode,
	"TestCodeCalls":                 TestCodeCalls,
	"TestShellRunsCode":             TestShellRunsCode,
	"TestEvasionFamilies":           TestEvasionFamilies,
	"TestNormalize":                 TestNormalize,
	"TestHomeInsideSystemDirectory": TestHomeInsideSystemDirectory,
	"TestUnknownIsNeverReadOnly":    TestUnknownIsNeverReadOnly,
	"TestScript2KBIsRealistic":      TestScript2KBIsRealistic,
	"TestCredentialReach":           TestCredentialReach,
	"TestAwkCalls":                  TestAwkCalls,
	"TestSedThroughShell":           TestSedThroughShell,
	"TestFlowExamples":              TestFlowExamples,
	"TestCodeExamples":              TestCodeExamples,
	"TestCodeFacts":                 TestCodeFacts,
	"TestShellSetupEval":            TestShellSetupEval,
	"TestDecodedPayloads":           TestDecodedPayloads,
	"TestBacktickCode":              TestBacktickCode,
	"TestParallelEntry":             TestParallelEntry,
	"TestRemoteCopies":              TestRemoteCopies,
	"TestDBToolsFindTheTool":        TestDBToolsFindTheTool,
	"TestGlobOnDisk":                TestGlobOnDisk,
	"TestHostsByValue":              TestHostsByValue,
	"TestCheckExamples":             TestCheckExamples,
	"TestEntryRaises":               TestEntryRaises,
	"TestEnvExamples":               TestEnvExamples,
	"TestSystemSpellings":           TestSystemSpellings,
	"TestOptionCommands":            TestOptionCommands,
	"TestFoundFilesHandedOn":        TestFoundFilesHandedOn,
	"TestWalkFedCommand":            TestWalkFedCommand,
	"TestShellDialects":             TestShellDialects,
	"TestRemoteArchives":            TestRemoteArchives,
	"TestIntoHere":                  TestIntoHere,
}

// notSiteTests are the package's other tests, with the reason they are not
// run for coverage.
var notSiteTests = map[string]string{
	"TestGlobMatcher":                           "it compares the read-once glob of a program position with matching the whole pattern, and analyses nothing",
	"TestReadShell":                             "it asserts how a shell reads its own options, and no finding",
	"TestOpensShell":                            "it asserts which commands open a shell, and no finding",
	"TestJudgingAddsNothing":                    "it asserts how judging adds code, not findings; its commands are the scan goldens' and the everyday corpus'",
	"TestCallViews":                             "it asserts the calls a check sees across and their allocations, and no finding",
	"TestJudgingRefusesToAdd":                   "it asserts refusals, and no finding",
	"TestViewsHoldThePassesApart":               "it asserts the method sets of the checks' views; it analyses nothing",
	"TestFindsFlagNothing":                      "it asserts that no finding is made while finding code; its commands are the scan goldens', the everyday corpus' and the checks' examples",
	"TestAlternatesSkipGlobalOptions":           "it asserts the spellings rules see, and no finding",
	"TestXargsNamesFromEntries":                 "it asserts what xargs is handed is known, and no finding",
	"TestStringLits":                            "it compares a scanner with the pattern it replaces, and makes no finding",
	"TestDeclarationSpellings":                  "it compares each spelling's verdict with the plain declaration's, whatever the findings",
	"TestFoundCodeIsWalkedWhereItRuns":          "it asserts parts and their order, and no finding",
	"TestWrapperParts":                          "it asserts the parts a wrapper unwraps to, and no finding",
	"TestTreesHere":                             "it asserts the trees a search reads, and no finding",
	"TestProgramExamples":                       "its examples (programs.All) are run directly",
	"TestSubstitutionsAsData":                   "it asserts read-only parts, and no finding",
	"TestListings":                              "it asserts read-only parts and reads given a listing's names, and no finding",
	"TestCategoryExamples":                      "its examples (danger.All) are run directly",
	"TestCorpus":                                "its rows (the dev corpus) are run directly",
	"TestFindingsUseTheRegistry":                "its rows (the dev corpus) are run directly",
	"TestConfirmWithBash":                       "needs bash on the machine: coverage must not depend on it",
	"TestEvaluatedWithBash":                     "needs bash on the machine: coverage must not depend on it",
	"TestStateRowsWithBash":                     "needs bash on the machine: coverage must not depend on it",
	"TestShellOptionsAreBashs":                  "needs bash on the machine, and asserts which options are declared and unknown, no finding",
	"TestProgramIdentityOnDisk":                 "needs files on disk: coverage must not depend on them",
	"TestAnalysisIsLinear":                      "generated commands up to the length limit: a bound, not examples",
	"TestNestingPastTheLimitIsUnknown":          "generated nesting past the limit: a bound, not examples",
	"TestLongCommandStillMeetsDenyRules":        "generated commands past the length limit: a bound, not examples",
	"TestGlobOptionsFollowTheCommand":           "reads the scope's globbing options: no finding",
	"TestEveryFindingSiteIsReached":             "this test",
	"TestCodePatternsHaveLiterals":              "it asserts the patterns' literals, and no finding",
	"TestSpellingEquivalence":                   "respells the examples and corpus the other tests run: it compares verdicts, it adds no finding site",
	"TestCoprocRunsItsCommand":                  "compares the findings of commands other tests judge, run as coprocesses",
	"TestRouteEquivalence":                      "routes the examples and corpus the other tests run: it compares findings, it adds no finding site",
	"TestMemoRandomScripts":                     "generated scripts that compare the analysis with and without the memo: a property, not examples",
	"TestMemoKeepsCorpus":                       "runs the examples this test runs, with and without the memo: it compares analyses, it adds no finding site",
	"TestMemoUsedByBuildScript":                 "the benchmark script, run directly",
	"TestMemoRepeatedStatements":                "generated scripts that compare the analysis with and without the memo: a property, not examples",
	"TestLazyRegexpLiterals":                    "compares the patterns with and without their literals: no finding is judged",
	"TestOneFindingPerCategoryKeepsTheRiskiest": "calls addFinding directly: no command",
	"TestCheckLookup":                           "compares the two ways of finding a program's checks; analyses no command",
	"TestCheckTable":                            "reads the catalogue's declarations; analyses no command",
	"TestNoProgramNamesInCode":                  "counts the package's string literals; analyses no command",
	"TestCheckProgramsHaveEntries":              "looks the checks' programs up in programs/; analyses no command",
	"TestCheckOrder":                            "runs each program's checks on a placeholder operand to see their order: not examples",
	"TestCheckRaises":                           "reruns the examples and the corpus other tests run, to attribute findings to checks",
	"TestJoinClean":                             "compares the path join with path.Join; analyses no command",
	"TestPathAnswers":                           "compares the remembered path answers with pathclass; analyses no command",
	"TestPartCloner":                            "compares copied parts with their originals; analyses no command",
	"TestPlainIsNotSuspicious":                  "compares normalize with display.Suspicious; analyses no command",
	"TestIsPlainReadsWordsAsBytes":              "compares two readings of a text as plain; analyses no command",
	"TestEnvLookup":                             "looks names up in the environment table; analyses no command",
}

// A finding site is one place in the package's source that decides a
// finding: a call of an emitter that is not itself inside an emitter.
//
// Emitters are found in the source, not listed by hand:
//   - a function that builds an api.Finding (addFinding, flagControl);
//   - a function whose body is a single call of an emitter (flag);
//   - a function literal bound to a local name whose body calls an
//     emitter (checkPublish's flag, checkControlProgram's tamper): each
//     call of that name is a site, the call inside its body is not.
//
// A site's identity survives edits that move lines: the enclosing
// function's name, the category the site emits and the first string
// literal of its description, e.g.
//
//	checkPublish publish-deploy " publish releases the package publicly"
//
// with "#2", "#3" … appended only where that triple repeats, in source
// order. The file and line are shown next to it for the reader; they are
// not part of the identity.
type site struct {
	id        string
	fn        string
	category  string
	file      string // base name
	line, end int    // lines the call spans
	text      string // the call's source, on one line
}

// emitter is a function that emits findings: the category it emits is
// either fixed or the argument at catArg of each call.
type emitter struct {
	category string
	catArg   int
	method   bool // called as x.name(...), never as name(...)
}

// findingSites parses the package's non-test sources and returns every
// finding site, sorted by file and line.
func findingSites(t testing.TB) []*site {
	t.Helper()
	fset := token.NewFileSet()
	paths, err := judgingSources()
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	src := map[string][]byte{}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, p, b, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		src[p] = b
		files = append(files, f)
	}

	// Named emitters, to a fixed point: a function that builds an
	// api.Finding, or whose body is one call of an emitter.
	named := map[string]emitter{}
	for changed := true; changed; {
		changed = false
		for _, f := range files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				if _, done := named[fd.Name.Name]; done {
					continue
				}
				if e, ok := buildsFinding(fd); ok {
					e.method = fd.Recv != nil
					named[fd.Name.Name] = e
					changed = true
					continue
				}
				if len(fd.Body.List) != 1 {
					continue
				}
				es, ok := fd.Body.List[0].(*ast.ExprStmt)
				if !ok {
					continue
				}
				call, ok := es.X.(*ast.CallExpr)
				if !ok {
					continue
				}
				inner, ok := named[calleeName(call)]
				if !ok {
					continue
				}
				e := forwarded(fd.Type, call, inner)
				e.method = fd.Recv != nil
				named[fd.Name.Name] = e
				changed = true
			}
		}
	}

	var sites []*site
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if _, isEmitter := named[fd.Name.Name]; isEmitter {
				continue // its callers are the sites
			}
			sites = append(sites, sitesIn(fset, src, fd, named)...)
		}
	}
	sort.Slice(sites, func(i, j int) bool {
		if sites[i].file != sites[j].file {
			return sites[i].file < sites[j].file
		}
		return sites[i].line < sites[j].line
	})
	// Identities: fn, category and description, numbered where they repeat.
	count := map[string]int{}
	for _, s := range sites {
		count[s.id]++
	}
	nth := map[string]int{}
	for _, s := range sites {
		if count[s.id] > 1 {
			nth[s.id]++
			s.id += "#" + strconv.Itoa(nth[s.id])
		}
	}
	return sites
}

// sitesIn returns the sites of one function: calls of named emitters and
// of the local closures that call them, except inside those closures.
func sitesIn(fset *token.FileSet, src map[string][]byte, fd *ast.FuncDecl, named map[string]emitter) []*site {
	// Local closures that call an emitter, found to a fixed point (a
	// closure may call another).
	local := map[string]emitter{}
	closures := map[*ast.FuncLit]bool{}
	for changed := true; changed; {
		changed = false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
				return true
			}
			id, ok1 := as.Lhs[0].(*ast.Ident)
			lit, ok2 := as.Rhs[0].(*ast.FuncLit)
			if !ok1 || !ok2 || closures[lit] {
				return true
			}
			ast.Inspect(lit.Body, func(m ast.Node) bool {
				call, ok := m.(*ast.CallExpr)
				if !ok || closures[lit] {
					return !closures[lit]
				}
				if e, ok := lookupEmitter(call, named, local); ok {
					local[id.Name] = forwarded(lit.Type, call, e)
					closures[lit] = true
					changed = true
				}
				return true
			})
			return true
		})
	}
	var out []*site
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && closures[lit] {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		e, ok := lookupEmitter(call, named, local)
		if !ok {
			return true
		}
		cat := e.category
		if e.catArg >= 0 && e.catArg < len(call.Args) {
			cat = categoryOf(call.Args[e.catArg])
		}
		start, end := fset.Position(call.Pos()), fset.Position(call.End())
		text := strings.Join(strings.Fields(string(src[start.Filename][start.Offset:end.Offset])), " ")
		out = append(out, &site{
			id:       fd.Name.Name + " " + cat + " " + strconv.Quote(firstLiteral(call, e.catArg)),
			fn:       fd.Name.Name,
			category: cat,
			file:     sourceKey(start.Filename),
			line:     start.Line,
			end:      end.Line,
			text:     text,
		})
		return true
	})
	return out
}

// lookupEmitter says whether call calls an emitter: a local closure or a
// function by its plain name, a method through a selector.
func lookupEmitter(call *ast.CallExpr, named, local map[string]emitter) (emitter, bool) {
	switch f := call.Fun.(type) {
	case *ast.Ident:
		if e, ok := local[f.Name]; ok {
			return e, true
		}
		e, ok := named[f.Name]
		return e, ok && !e.method
	case *ast.SelectorExpr:
		e, ok := named[f.Sel.Name]
		return e, ok
	}
	return emitter{}, false
}

// forwarded is the emitter a function of type ft becomes by making call
// to inner: the category is fixed, or one of ft's parameters.
func forwarded(ft *ast.FuncType, call *ast.CallExpr, inner emitter) emitter {
	if inner.catArg < 0 || inner.catArg >= len(call.Args) {
		return emitter{category: inner.category, catArg: -1}
	}
	arg := call.Args[inner.catArg]
	if c, ok := arg.(*ast.CallExpr); ok && len(c.Args) == 0 {
		if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Slug" {
			arg = sel.X // kind.Slug(): the parameter kind
		}
	}
	if id, ok := arg.(*ast.Ident); ok {
		i := 0
		for _, fl := range ft.Params.List {
			for _, n := range fl.Names {
				if n.Name == id.Name {
					return emitter{catArg: i}
				}
				i++
			}
		}
	}
	return emitter{category: categoryOf(arg), catArg: -1}
}

// buildsFinding says whether fd builds an api.Finding, and with which
// category: a literal, or one of fd's parameters.
func buildsFinding(fd *ast.FuncDecl) (emitter, bool) {
	var e emitter
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		cl, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		sel, ok := cl.Type.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Finding" {
			return true
		}
		for _, el := range cl.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Category" {
				e = forwarded(fd.Type, &ast.CallExpr{Args: []ast.Expr{kv.Value}}, emitter{catArg: 0})
				found = true
			}
		}
		return true
	})
	return e, found
}

func calleeName(call *ast.CallExpr) string {
	switch f := call.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// categoryOf is the slug a site's category argument names: a danger
// constant (danger.RecursiveDelete, or danger.RecursiveDelete.Slug()), or
// "?" for anything else.
func categoryOf(e ast.Expr) string {
	if k, ok := dangertest.Resolve(e); ok {
		return k.Slug()
	}
	if sel, ok := e.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Kind" || sel.Sel.Name == "Raises") {
		// An entry's declared danger (checkEntryRaises) or an environment
		// row's (judgeAssignment): any category.
		return "*"
	}
	return "?"
}

// stringLit is the value of a string literal, or "?" for anything else.
func stringLit(e ast.Expr) string {
	if bl, ok := e.(*ast.BasicLit); ok && bl.Kind == token.STRING {
		if s, err := strconv.Unquote(bl.Value); err == nil {
			return s
		}
	}
	return "?"
}

// firstLiteral is the longest string literal among call's arguments other
// than the category (the words of its description, not the separators),
// cut to a readable length.
func firstLiteral(call *ast.CallExpr, catArg int) string {
	best := ""
	for i, a := range call.Args {
		if i == catArg {
			continue
		}
		ast.Inspect(a, func(n ast.Node) bool {
			if bl, ok := n.(*ast.BasicLit); ok && bl.Kind == token.STRING {
				if s, err := strconv.Unquote(bl.Value); err == nil && len(strings.TrimSpace(s)) > len(strings.TrimSpace(best)) {
					best = s
				}
			}
			return true
		})
	}
	best = strings.TrimSpace(best)
	if len(best) > 48 {
		best = best[:48]
	}
	return best
}

// siteRecorder marks the sites that emit findings, from findingHook.
type siteRecorder struct {
	pkg string // the package's prefix in function names
	// checksPkg is package checks' prefix: the check bodies the package runs.
	checksPkg string
	byFile    map[string][]*site

	mu       sync.Mutex
	reached  map[*site]int
	problems map[string]bool
}

func newSiteRecorder(sites []*site) *siteRecorder {
	pc, _, _, _ := runtime.Caller(0)
	name := runtime.FuncForPC(pc).Name() // …/shell.newSiteRecorder
	r := &siteRecorder{
		pkg:       name[:strings.LastIndex(name, ".")+1],
		checksPkg: name[:strings.LastIndex(name, "/")+1] + "checks.",
		byFile:    map[string][]*site{},
		reached:   map[*site]int{},
		problems:  map[string]bool{},
	}
	for _, s := range sites {
		r.byFile[s.file] = append(r.byFile[s.file], s)
	}
	return r
}

// record attributes one emitted finding to the innermost frame of the
// package's code that lies on a site's call: the frames of the emitters
// themselves (addFinding, flag, a closure's body) lie on no site.
func (r *siteRecorder) record(category string) {
	var pcs [64]uintptr
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs[:])])
	var stack []string
	for {
		fr, more := frames.Next()
		if strings.HasPrefix(fr.Function, r.pkg) || strings.HasPrefix(fr.Function, r.checksPkg) {
			file := sourceKey(fr.File)
			for _, s := range r.byFile[file] {
				if fr.Line < s.line || fr.Line > s.end {
					continue
				}
				r.mu.Lock()
				r.reached[s]++
				if s.category != category && s.category != "*" {
					r.problems[fmt.Sprintf("%s:%d (%s) emitted %q: the test read the site's category wrong", s.file, s.line, s.id, category)] = true
				}
				r.mu.Unlock()
				return
			}
			if len(stack) < 4 {
				stack = append(stack, fmt.Sprintf("%s:%d", file, fr.Line))
			}
		}
		if !more {
			break
		}
	}
	r.mu.Lock()
	r.problems[fmt.Sprintf("a %s finding came from no known site (stack %s): teach findingSites the new way of emitting", category, strings.Join(stack, " < "))] = true
	r.mu.Unlock()
}

// exampleCommands are every example command the package's test can read:
// the program entries' and the categories' examples, the dev corpus, the
// scan golden test's probes and the benchmarks' commands.
func exampleCommands(t *testing.T) []string {
	var cmds []string
	var walk func(s *programs.Spec)
	walk = func(s *programs.Spec) {
		cmds = append(cmds, s.ReadOnly...)
		cmds = append(cmds, s.Flagged...)
		for _, sub := range s.Subcommands {
			walk(sub)
		}
	}
	for _, s := range programs.All() {
		walk(s)
	}
	for _, c := range danger.All() {
		cmds = append(cmds, c.Flagged...)
		cmds = append(cmds, c.Passes...)
	}
	for _, r := range loadCorpus(t) {
		cmds = append(cmds, r.command)
	}
	data, err := os.ReadFile("../cmd/warden/testdata/scan/probes.txt")
	if err != nil {
		t.Fatal(err)
	}
	unescape := strings.NewReplacer(`\n`, "\n", `\x00`, "\x00", `\x1b`, "\x1b")
	for _, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "#") {
			cmds = append(cmds, unescape.Replace(line))
		}
	}
	cmds = append(cmds, typicalOneLiners...)
	return append(cmds, script2KB)
}

// TestEveryFindingSiteIsReached fails for every finding site that no
// example reaches, so a check that can never fire, or whose only example
// was lost, does not go unnoticed.
//
// The sites are read from the package's source (findingSites: each call
// of an emitter, see site). Each is named by an identity that survives
// edits moving lines: its enclosing function, the category it emits and
// the longest string literal of its description, numbered only where that
// triple repeats; file:line is printed beside it for the reader.
//
// The examples are exampleCommands (program entries, categories, the dev
// corpus, the scan probes, the benchmarks' commands) and the tables of
// siteTests, run again here. While they run, findingHook hands every
// emitted finding to a recorder, which walks the stack to the innermost
// frame lying on a site's call and marks that site; a finding that lies on
// no known site, or whose category is not the site's, fails the test too
// (the source walk has missed a way of emitting).
//
// A site no command string can reach goes in unreachableSites with the
// reason; nothing else excuses a site.
func TestEveryFindingSiteIsReached(t *testing.T) {
	sites := findingSites(t)
	if len(sites) < 400 {
		t.Fatalf("found only %d finding sites: the walk is missing some", len(sites))
	}
	byID := map[string]*site{}
	for i, s := range sites {
		byID[s.id] = s
		if i > 0 && sites[i-1].file == s.file && sites[i-1].end >= s.line {
			t.Errorf("%s:%d: two finding sites share a line (%s, %s): put each on its own line so the recorder can tell them apart", s.file, s.line, sites[i-1].id, s.id)
		}
	}
	checkSiteTestsListed(t)

	rec := newSiteRecorder(sites)
	findingHook = rec.record
	t.Run("examples", func(t *testing.T) {
		for _, cmd := range exampleCommands(t) {
			Analyze(cmd, corpusOptions)
		}
		names := make([]string, 0, len(siteTests))
		for name := range siteTests {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			t.Run(name, siteTests[name])
		}
	})
	findingHook = nil

	for p := range rec.problems {
		t.Error(p)
	}
	for id, why := range unreachableSites {
		s, ok := byID[id]
		switch {
		case why == "":
			t.Errorf("unreachableSites[%q] gives no reason", id)
		case !ok:
			t.Errorf("unreachableSites names %q, which is no finding site", id)
		case rec.reached[s] > 0:
			t.Errorf("%s:%d: %s is reached by an example: remove it from unreachableSites", s.file, s.line, id)
		}
	}
	var missing []string
	for _, s := range sites {
		if _, ok := unreachableSites[s.id]; !ok && rec.reached[s] == 0 {
			missing = append(missing, fmt.Sprintf("%s:%d %s\n\t%s", s.file, s.line, s.id, s.text))
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d of %d finding sites are reached by no example: add a must-flag example to the program entry or category (or a row to the package's tables) that reaches each, or delete the site if it cannot fire:\n%s",
			len(missing), len(sites), strings.Join(missing, "\n"))
	}
}

// checkSiteTestsListed fails when a Test function of the package is in
// neither siteTests nor notSiteTests, so a new table is not forgotten.
func checkSiteTestsListed(t *testing.T) {
	t.Helper()
	paths, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, p := range paths {
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || !strings.HasPrefix(fd.Name.Name, "Test") {
				continue
			}
			_, in := siteTests[fd.Name.Name]
			_, out := notSiteTests[fd.Name.Name]
			if !in && !out {
				t.Errorf("%s: %s is in neither siteTests nor notSiteTests (sites_test.go)", p, fd.Name.Name)
			}
		}
	}
}

// sourceKey names a source file by its directory and base name
// (shell/walk.go, checks/control.go), the same whether the path is the
// one the test parsed or a frame's.
func sourceKey(p string) string {
	p = filepath.ToSlash(filepath.Clean(p))
	if !strings.Contains(p, "/") {
		return "shell/" + p
	}
	dir, base := filepath.Split(p)
	return filepath.Base(dir) + "/" + base
}
