package shell

import (
	"slices"
	"strings"

	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/programs"
)

// afterWrapOf returns what the shell makes of a wrapper's reading past
// its options (afterWrap): the behaviour its entry selects (Unwrap), or,
// for an entry that declares input groups after its command (InputSeps:
// GNU parallel), afterParallel.
func afterWrapOf(spec *programs.Spec) afterFunc {
	if h := afterWrap[spec.Unwrap]; h != nil {
		return h
	}
	if spec.InputSeps != "" {
		return afterParallel
	}
	return nil
}

// afterParallel reads GNU parallel (and its sem alias) past its options,
// which its entry reads in every spelling (programs/parallel.go): COMMAND
// [ARGS] followed by input groups after ::: (values) or :::: (files), or
// input on standard input as xargs reads it. Each literal input value is
// put in the command the way parallel does — in place of {} and {N}, or
// appended — and the result is walked as shell code, since parallel hands
// each job to a shell; with no command the inputs are the commands.
// Inputs that are not literal (files, standard input) leave the command
// as xargs leaves it.
func afterParallel(a *analyzer, ca *call, res *programs.Result, args, rest []arg, ok, form bool) ([]arg, bool) {
	if !ok {
		if !res.Help {
			ca.xargs = true // the commands are its input's lines
		}
		return nil, false
	}
	var cmd []arg
	var groups [][]arg
	literal := true
	seps := strings.Fields(res.Spec.InputSeps)
	for j := 0; j < len(rest); j++ {
		s := strings.TrimSuffix(rest[j].Value, "+")
		if i := slices.Index(seps, s); i >= 0 && rest[j].Lit {
			if i > 0 {
				literal = false // inputs read from files
			}
			groups = append(groups, nil)
			continue
		}
		if groups == nil {
			cmd = append(cmd, rest[j])
			continue
		}
		if !rest[j].Lit || rest[j].Unbound || rest[j].Subst {
			literal = false
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], rest[j])
	}
	if groups == nil && len(cmd) > 0 {
		if fi, ok := a.walkFed(ca.ctx); ok {
			// Its input is the paths a walk found below its roots: each
			// job is the command with {} for one, as shell code.
			cp := a.newCtx(ca.ctx)
			cp.find, cp.xargs = fi, true
			a.nestedJob(placeFound(cmd, strings.Fields(res.Spec.Placeholders), true), cp, ca.wrappers)
			a.parallelOwn(ca, res, args)
			return nil, true
		}
	}
	if groups == nil || !literal {
		// Inputs from standard input or files: as xargs.
		ca.xargs = true
		if len(cmd) == 0 {
			if groups != nil {
				for _, g := range groups {
					for _, x := range g {
						ca.hiddenCode(a, x)
					}
				}
			}
			return nil, false
		}
		return cmd, true
	}
	// Every combination of one value per group (parallel's default), or
	// the groups side by side (--link): both are covered by trying each
	// value of each group in its place, with the other groups' values.
	jobs := parallelJobs(groups, 64)
	placeholders := strings.Fields(res.Spec.Placeholders)
	for _, job := range jobs {
		if len(cmd) == 0 {
			a.nested(strings.Join(job, " "), ca.ctx, ca.wrappers)
			continue
		}
		quoted, plain := make([]string, 0, len(cmd)+len(job)), make([]string, 0, len(cmd)+len(job))
		placed := false
		for _, w := range cmd {
			s, ok := parallelReplace(w.Value, job, placeholders)
			placed = placed || ok
			quoted = append(quoted, checks.Quote(s))
			plain = append(plain, s)
		}
		if !placed {
			for _, v := range job {
				quoted = append(quoted, checks.Quote(v))
				plain = append(plain, checks.Quote(v))
			}
		}
		a.nested(strings.Join(quoted, " "), ca.ctx, ca.wrappers)
		if p := strings.Join(plain, " "); p != strings.Join(quoted, " ") {
			a.nested(p, ca.ctx, ca.wrappers)
		}
	}
	a.parallelOwn(ca, res, args)
	return nil, true
}

// parallelOwn keeps, beside the jobs walked, a part for what parallel's
// own options do when they do more than set how the jobs run: a file
// --joblog or --results writes, the hosts -S runs them on, a program
// --ssh runs, an option not known. The part is parallel with those
// options and no command, judged by its entry.
func (a *analyzer) parallelOwn(ca *call, res *programs.Result, args []arg) {
	own := len(res.Unknown) > 0
	for _, o := range res.Options {
		own = own || o.Effect != programs.None && o.Effect != programs.Help
	}
	if !own || res.Command < 1 || res.Command-1 > len(args) || len(res.Spec.Names) == 0 {
		return
	}
	name := res.Spec.Names[0]
	words := append([]arg{{Value: name, Raw: name, Lit: true}}, args[:res.Command-1]...)
	a.addCall(&call{ctx: ca.ctx, text: ca.text, args: words, wrappers: ca.wrappers, partIdx: -1}, nil)
}

// parallelJobs lists the jobs of input groups: one value from each group,
// every combination, at most limit of them.
func parallelJobs(groups [][]arg, limit int) [][]string {
	jobs := [][]string{nil}
	for _, g := range groups {
		if len(g) == 0 {
			continue
		}
		var next [][]string
		for _, j := range jobs {
			for _, x := range g {
				if len(next) >= limit {
					break
				}
				next = append(next, append(append([]string(nil), j...), x.Value))
			}
		}
		jobs = next
	}
	return jobs
}

// parallelReplace puts a job's values in a command word: {} and the path
// forms (placeholders, the entry's Placeholders: {.} {/} {//} {/.}) are
// all of them, {N} the Nth group's, and {#} {%} a number. It reports
// whether the word held a replacement string.
func parallelReplace(w string, job, placeholders []string) (string, bool) {
	if !strings.Contains(w, "{") {
		return w, false
	}
	found := false
	all := strings.Join(job, " ")
	for _, r := range placeholders {
		if strings.Contains(w, r) {
			w = strings.ReplaceAll(w, r, all)
			found = true
		}
	}
	for n := range job {
		r := "{" + string(rune('1'+n)) + "}"
		if n < 9 && strings.Contains(w, r) {
			w = strings.ReplaceAll(w, r, job[n])
			found = true
		}
	}
	for _, r := range []string{"{#}", "{%}"} {
		if strings.Contains(w, r) {
			w = strings.ReplaceAll(w, r, "1")
			found = true
		}
	}
	return w, found
}

// nestedJob walks one job GNU parallel runs, which it hands to a shell:
// the words joined as parallel quotes them, and as written, when that
// reads otherwise (parallel 'cat {}' is the code cat {}).
func (a *analyzer) nestedJob(words []arg, c *ctx, wrappers []string) {
	quoted, plain := make([]string, len(words)), make([]string, len(words))
	for i, w := range words {
		quoted[i], plain[i] = checks.Quote(w.Value), w.Value
	}
	q := strings.Join(quoted, " ")
	a.nested(q, c, wrappers)
	if p := strings.Join(plain, " "); p != q {
		a.nested(p, c, wrappers)
	}
}
