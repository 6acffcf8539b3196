package shell

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/danger"
)

// catalogue is the table of checks (package checks), in the order they
// run.
var catalogue = checks.Table[:]

// checkTable is the catalogue as the analysis reads it. The checks refer
// (through the analysis) to the code that runs them, so that code reaches
// the table through this slice, set once at start-up, rather than by name:
// the table stays static data, with no cycle in its initialisation.
var checkTable []checks.Check

func init() { checkTable = catalogue[:] }

// checksFor returns the indexes in catalogue of the checks that judge a
// program, in table order (nil for none). The first lookups of a process
// scan the table, which for the few programs of one command costs less
// than building a map (a warden hook process looks up one to three); a
// process that keeps looking (scan, serve) builds the map once and uses it.
func checksFor(name string) []uint8 {
	if checkLookups.Add(1) > scanLookups {
		return checkMap()[name]
	}
	return checkScan(name)
}

// checkScan finds name's checks by scanning the table.
func checkScan(name string) []uint8 {
	var found []uint8
	for i := range checkTable {
		if slices.Contains(checkTable[i].Programs, name) {
			found = append(found, uint8(i))
		}
	}
	return found
}

// scanLookups is how many lookups scan the table before the map is built.
const scanLookups = 32

var checkLookups atomic.Int32

// checkMap maps every program a check names to its checks, in table order.
var checkMap = sync.OnceValue(func() map[string][]uint8 {
	m := make(map[string][]uint8, 600)
	for i := range checkTable {
		for _, name := range checkTable[i].Programs {
			m[name] = append(m[name], uint8(i))
		}
	}
	return m
})

// runChecks judges the call with the checks at idx, in table order: each
// check's Run, then what the code its Finds handed over does.
func (a *analyzer) runChecks(c *call, idx []uint8) {
	saved := a.running
	for _, i := range idx {
		if runHook != nil {
			runHook(int(i))
		}
		a.running = int(i) + 1
		checkTable[i].Run(a.view(c))
		a.judgeFound(c, int(i)+1)
	}
	a.running = saved
}

// runFinds runs, while walking, the Finds of the checks at idx that have
// one: they hand the walk the code the call runs.
func (a *analyzer) runFinds(c *call, idx []uint8) {
	saved := a.running
	for _, i := range idx {
		if checkTable[i].Finds == nil {
			continue
		}
		a.running = int(i) + 1
		checkTable[i].Finds((*finder)(a.view(c)))
	}
	a.running = saved
}

// runHook and checkHook are for the package's tests, nil in production:
// runHook is handed each check as it judges a call, checkHook each
// finding made while a check runs, with the check.
var (
	runHook   func(check int)
	checkHook func(check int, kind danger.Kind)
)

// checkEntryRaises is the one check of the dangers entries declare
// (programs.Spec.Raises): where a danger is just "this subcommand is that
// category" (terraform destroy, helm uninstall), the entry the call's
// parse ends in says so, and this flags it unless one of the raise's
// Unless options is on (given, and not as --dry-run=false or
// --no-dry-run), or none of its With options is given. Only entries that declare some Raises are
// parsed here.
func (a *analyzer) checkEntryRaises(c *call) {
	spec := c.entryOrBase()
	if spec == nil || !spec.MayRaise() {
		return
	}
	res := a.entryParse(c)
	if res.Spec == nil || res.Help {
		return
	}
	// One finding of each category: the first of the entry's Raises of
	// it that holds (the option that turns an agent's approvals off,
	// whichever of several the call gives).
	var raised []danger.Kind
	for i := range res.Spec.Raises {
		r := &res.Spec.Raises[i]
		if slices.Contains(raised, r.Kind) || r.Unless != "" && res.On(strings.Fields(r.Unless)...) {
			continue
		}
		opt, value, ok := r.Holds(res)
		if !ok {
			continue
		}
		raised = append(raised, r.Kind)
		why := r.Why
		if strings.IndexByte(why, '{') >= 0 {
			// Most raises' texts name nothing; a replacer is built only
			// for those that do.
			why = strings.NewReplacer("{prog}", c.prog, "{opt}", opt, "{value}", value).Replace(why)
		}
		if r.Medium {
			a.flagAt(c, r.Kind, why, medium)
		} else {
			a.flag(c, r.Kind, why)
		}
		if r.Last {
			break
		}
	}
}
