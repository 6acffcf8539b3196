package shell

import (
	"strings"

	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/programs"
)

// RepoStart is where a git part finds the repository it works on.
type RepoStart struct {
	// Dir is the directory git starts from: the part's working directory
	// with -C applied ("" when not known: after cd "$D", -C "$D").
	Dir string
	// GitDir is the repository --git-dir or GIT_DIR names, resolved; ""
	// when none is given.
	GitDir string
	// Sub is the subcommand.
	Sub string
}

// loads applies the program's Loads declaration (programs.LoadsOf) to
// its part: the words that reach beyond what an allow rule on the program
// covers, the code it imports from where it runs, and for git the
// repository it discovers.
func (a *analyzer) loads(ca *call, p *Part) {
	if ca.dynamic || ca.prog == "" {
		return
	}
	l := programs.LoadsOf(baseName(ca.prog))
	if l == nil {
		return
	}
	ops := ca.operands()
	words := make([]string, len(ops))
	for i, x := range ops {
		words[i] = x.Value
	}
	var names []string
	for _, as := range ca.assigns {
		names = append(names, as.Name+"="+as.Value.Value)
	}
	p.Beyond = l.BeyondWords(words, names)
	// Options the entry says run a command or load code: the program runs
	// something the command line names (git rebase -x CMD, make --eval).
	// The call's parse through its entry (no entry names a path, so the
	// base name's entry is the program's).
	res := a.entryParse(ca)
	for _, u := range res.Options {
		if (u.Effect == programs.Exec || u.Effect == programs.Load) && u.Index >= 0 && u.Index < len(ops) {
			p.Beyond = appendNew(p.Beyond, ops[u.Index].Value)
		}
	}
	wasReadOnly := p.ReadOnly
	if len(p.Beyond) > 0 {
		p.ReadOnly = false
		if p.Cause == "" {
			p.Cause = "it is given " + p.Beyond[0] + ", with which " + baseName(ca.prog) + " runs code or reads configuration the command line names"
		}
	}
	if len(l.Code) > 0 && wasReadOnly && !(l.HelpSkipsCode && res.Help) {
		// Even its help or version (pytest --version imports conftest.py).
		p.ReadOnly = false
		p.Unknown = append(p.Unknown, baseName(ca.prog)+" imports "+strings.Join(l.Code, " or ")+" from where it runs: code Warden has not judged")
	}
	if l.Repository {
		p.Repo = a.repoStart(ca)
		if p.Repo.Dir == "" && p.Repo.GitDir == "" {
			p.ReadOnly = false
			p.Unknown = append(p.Unknown, "the repository git works on is not known, nor what its configuration runs")
		}
	}
}

// repoStart follows git's global options: each -C changes the directory
// (relative to the one before), --git-dir and GIT_DIR name the repository.
func (a *analyzer) repoStart(ca *call) *RepoStart {
	r := &RepoStart{Dir: ca.cwd}
	for _, as := range ca.assigns {
		if as.Name == "GIT_DIR" {
			r.GitDir = a.resolve(as.Value, r.Dir)
		}
	}
	// git's global options as its entry reads them, in order, in every
	// spelling (-Cdir, -C dir, --git-dir=x, --git-d x): they end at the
	// subcommand, whose own -C (commit -C HEAD) is not one.
	ops := ca.operands()
	res := a.entryParse(ca)
	end := len(ops)
	if subs := res.SubIndexes(); len(subs) > 0 && subs[0] < len(ops) {
		end = subs[0]
		r.Sub = ops[end].Value
	}
	for _, o := range res.Options {
		if o.Index < 0 || o.Index >= end {
			continue
		}
		v := checks.UseWord(ops, o)
		switch o.Option {
		case "-C":
			if r.Dir != "" {
				r.Dir = a.resolve(v, r.Dir)
			}
		case "--git-dir":
			if r.GitDir = a.resolve(v, r.Dir); r.GitDir == "" {
				r.Dir = "" // not known
			}
		}
	}
	return r
}

func appendNew(xs []string, s string) []string {
	for _, x := range xs {
		if x == s {
			return xs
		}
	}
	return append(xs, s)
}
