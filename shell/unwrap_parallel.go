package shell

import (
	"github.com/wardenhq/warden/checks"
	"strings"
)

func init() {
	wrappers["parallel"] = wrapParallel
	wrappers["sem"] = wrapParallel
}

// parallelValues are GNU parallel's options that take a value as the next
// word; parallelFlags those that take none. Any other option makes the
// part unknown: the option may take the next word, so which word is the
// command is no longer known.
var parallelValues = newWordSet("-j --jobs -P --max-procs -S --sshlogin --slf --sshloginfile -I -a --arg-file -d --delimiter -E --eof -n --max-args -N -L -l --max-lines -s --max-chars " +
	"--timeout --delay --retries --memfree --load --halt --halt-on-error --tagstring --tag-string --colsep -C --basefile --bf --return --transfer-file --tf " +
	"--env --results --res --joblog --tmpdir --workdir --wd --block --header --template --sqlmaster --sqlworker --sqlandworker --ssh --nice --rpl --tee --fifo --cat " +
	"--termseq --resume-failed --limit --shebang --profile -J --semaphorename --id --fg --bg --controlmaster -M")

var parallelFlags = newWordSet("-k --keep-order -u --ungroup --line-buffer --lb --group -v --verbose -t --eta --progress --bar -q --quote -0 --null --no-notice --will-cite " +
	"--pipe --spreadstdin --pipepart --pipe-part -X -m --xargs --trim --shuf --link --xapply --tag --plus --dry-run --dryrun --files --files0 --resume --resume-failed " +
	"--keep --nonall --onall --round-robin --round --ungroup --group-by --null --noswap --compress --retry-failed --halt-on-error --silent -r --no-run-if-empty " +
	"--transfer --trc --cleanup --semaphore --sem --wait --citation --linebuffer --keeporder --joblog-append --header-in --shellquote --quote-all")

// wrapParallel reads GNU parallel (and its sem alias): COMMAND [ARGS]
// followed by input groups after ::: (values) or :::: (files), or input
// on standard input as xargs reads it. Each literal input value is put in
// the command the way parallel does — in place of {} and {N}, or appended
// — and the result is walked as shell code, since parallel hands each job
// to a shell; with no command the inputs are the commands. Inputs that
// are not literal (files, standard input) leave the command as xargs
// leaves it.
func wrapParallel(a *analyzer, ca *call, args []arg) ([]arg, bool) {
	i := 0
	for ; i < len(args); i++ {
		s := args[i].Value
		if s == "--" {
			i++
			break
		}
		if !strings.HasPrefix(s, "-") || s == "-" || strings.HasPrefix(s, ":::") {
			break
		}
		name := s
		if k := strings.IndexByte(s, '='); k > 0 && strings.HasPrefix(s, "--") {
			name = s[:k]
			if parallelValues[name] || parallelFlags[name] {
				continue
			}
		}
		if parallelValues[name] {
			i++
			continue
		}
		if parallelFlags[name] {
			continue
		}
		// Short options with their value attached: -j2, -Shost, -I{}.
		if len(s) > 2 && s[1] != '-' && parallelValues[s[:2]] {
			continue
		}
		ca.unknown = append(ca.unknown, "parallel option "+s)
	}
	rest := args[min(i, len(args)):]
	var cmd []arg
	var groups [][]arg
	literal := true
	for j := 0; j < len(rest); j++ {
		s := rest[j].Value
		if strings.HasPrefix(s, ":::") && strings.Trim(s, ":+") == "" {
			if strings.HasPrefix(s, "::::") {
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
	for _, job := range jobs {
		if len(cmd) == 0 {
			a.nested(strings.Join(job, " "), ca.ctx, ca.wrappers)
			continue
		}
		quoted, plain := make([]string, 0, len(cmd)+len(job)), make([]string, 0, len(cmd)+len(job))
		placed := false
		for _, w := range cmd {
			s, ok := parallelReplace(w.Value, job)
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
	return nil, true
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

// parallelReplace puts a job's values in a command word: {} is all of
// them, {N} the Nth group's, and the path forms ({.} {/} {//} {/.}) and
// {#} {%} are the value or a number. It reports whether the word held a
// replacement string.
func parallelReplace(w string, job []string) (string, bool) {
	if !strings.Contains(w, "{") {
		return w, false
	}
	found := false
	all := strings.Join(job, " ")
	for _, r := range []string{"{}", "{.}", "{/}", "{//}", "{/.}"} {
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
