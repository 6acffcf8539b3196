package shell

import (
	"slices"
	"strings"

	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/programs"
)

// walkerRuns walks the commands a file walker runs on what it finds: the
// options its entry Carries (find's -exec, -execdir, -ok, -okdir; fd's
// -x, -X), each up to its ; or +, as a part of its own under the walk
// (checks.Find). The entry says the rest: its Expression where the roots
// are (find's expression, or fd's paths) and whether a command with no
// Placeholders gets the files after its words (fd's does), RunsIn the
// options whose command runs in each file's directory, BaseDir the
// option naming the directory it walks from. A find -exec whose names
// the analysis reads is judged with those names (findExec).
func (a *analyzer) walkerRuns(ca *call, spec *programs.Spec, ops []arg) {
	var fi *checks.Find
	if spec.Expression == programs.ExpressionFind {
		fi = checks.ParseFind(ops)
		if a.findExec(ca, fi, ops) {
			return
		}
	}
	res := a.entryParse(ca)
	var runs []programs.Use
	for _, u := range res.Uses {
		if u.Effect == programs.Exec && spec.Carried(u.Option) {
			runs = append(runs, u)
		}
	}
	if len(runs) == 0 {
		return
	}
	if fi == nil {
		fi = &checks.Find{}
		if pos := checks.OperandsAt(ops, res); len(pos) > 1 {
			fi.Roots = pos[1:] // fd PATTERN PATH...
		}
	}
	var base *arg
	if spec.BaseDir != "" {
		if bs := checks.ValuesOf(res, ops, spec.BaseDir); len(bs) > 0 {
			base = &bs[len(bs)-1]
		}
	}
	placeholders := strings.Fields(spec.Placeholders)
	appends := spec.Expression != programs.ExpressionFind
	for _, u := range runs {
		ex := carriedCommand(ops, u)
		if len(ex) == 0 {
			continue
		}
		placed := false
		for i, x := range ex {
			if slices.Contains(placeholders, x.Value) {
				ex[i].Value, placed = "{}", true
			}
		}
		if !placed && appends {
			ex = append(ex, foundWord())
		}
		switch {
		case spec.RunsIn != "" && slices.Contains(strings.Fields(spec.RunsIn), u.Option):
			a.runFoundIn(ca, fi, ex, nil)
		case base != nil:
			a.runFoundIn(ca, fi, ex, base)
		default:
			a.runFound(ca, fi, ex)
		}
	}
}

// carriedCommand returns the words of the command a carried option runs:
// its value attached (--exec=cat, -xcat), or the words after it up to a ;
// or + word.
func carriedCommand(ops []arg, u programs.Use) []arg {
	if u.Index < 0 || u.Index >= len(ops) {
		return nil
	}
	if w := ops[u.Index].Value; strings.HasPrefix(w, "-") && w != u.Target && strings.HasSuffix(w, u.Target) {
		return []arg{checks.UseWord(ops, u)}
	}
	var ex []arg
	for _, x := range ops[u.Index:] {
		if x.Value == ";" || x.Value == "+" {
			break
		}
		ex = append(ex, x)
	}
	return ex
}

// runFoundIn walks a command a walker runs in another directory than its
// own: find -execdir's and -okdir's, in the directory of each file found
// (dir nil), or fd's under --base-directory (dir). The roots are made
// absolute, and the command is judged in each root, the directory of the
// files found there, so that its relative paths name files below the
// roots (find ~ -name .bashrc -execdir sh -c 'echo x >> .bashrc' \;
// writes ~/.bashrc), not in the walker's directory. A root not known
// leaves the command's directory not known.
func (a *analyzer) runFoundIn(ca *call, fi *checks.Find, ex []arg, dir *arg) {
	base := ca.cwd
	if dir != nil {
		base = a.resolve(*dir, ca.cwd)
	}
	roots := fi.Roots
	if len(roots) == 0 {
		roots = []arg{{Value: ".", Raw: ".", Lit: true}}
	}
	abs := *fi
	abs.Roots = make([]arg, 0, len(roots))
	var dirs []string
	for _, r := range roots {
		p := ""
		if base != "" {
			p = a.resolve(r, base)
		}
		if p == "" {
			dirs = []string{""}
			abs.Roots = append(abs.Roots, r)
			break
		}
		abs.Roots = append(abs.Roots, arg{Value: p, Raw: p, Lit: true})
		if dir != nil {
			p = base
		}
		if !slices.Contains(dirs, p) {
			dirs = append(dirs, p)
		}
	}
	if dir != nil && base == "" {
		dirs = []string{""}
	}
	sc := ca.ctx.sc
	for i, d := range dirs {
		saved := sc.fork()
		sc.setCwd(d)
		cp := *ca.ctx
		cp.find = &abs
		cp.pipe, cp.redirs, cp.xargs = nil, nil, false
		cp.shadow = cp.shadow || i > 0
		words := make([]string, len(ex))
		for j, x := range ex {
			words[j] = x.Raw
		}
		a.dispatch(strings.Join(words, " "), ex, nil, nil, &cp)
		sc.join(saved, false)
		if i >= 3 {
			break
		}
	}
}

// runFound walks a command a file walker runs on what it finds (find
// -exec, fd -x), as a part of its own under the walker's Find: without the
// walker's pipe, redirections or xargs, which belong to the walker.
func (a *analyzer) runFound(ca *call, fi *checks.Find, ex []arg) {
	cp := *ca.ctx
	cp.find = fi
	cp.pipe, cp.redirs, cp.xargs = nil, nil, false
	words := make([]string, len(ex))
	for i, x := range ex {
		words[i] = x.Raw
	}
	a.dispatch(strings.Join(words, " "), ex, nil, nil, &cp)
}
