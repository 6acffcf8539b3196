package shell

import (
	"slices"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/fspath"
	"github.com/wardenhq/warden/programs"
	"mvdan.cc/sh/v3/syntax"
)

// readOnly reports whether a call only reads: its program's entry placed
// every word and found reads at most, it runs under harmless wrappers only,
// its assignments are harmless, and no operand runs a substitution.
func (a *analyzer) readOnly(ca *call) bool {
	if ca.decl {
		// export, declare, local, typeset, readonly: their assignments are
		// followed through the command (state.go); the builtin itself
		// reads nothing unless the table or the names say otherwise.
		return len(ca.unknown) == 0 && len(ca.wrappers) == 0 && ca.find == nil && !ca.xargs
	}
	if ca.prog == "" || ca.xargs && !ca.xargsFed || ca.find != nil && !ca.findFed || len(ca.wrappers) > 0 && !onlyHarmlessWrappers(ca.wrappers, ca.xargsFed) {
		return false
	}
	for _, as := range ca.assigns {
		if !safeEnvNames(as.Name) && !(!ca.function && programs.OwnReadingOf(as.Name, ca.prog)) {
			return false
		}
	}
	for _, x := range ca.operands() {
		if x.Subst && !(x.Listed && !x.Unbound) && !substSafe(x, allData(ca.prog)) {
			return false
		}
	}
	return readOnlyEffects(ca)
}

// substSafe reports an operand whose substitutions cannot change what the
// call does by themselves. Each substitution's commands are parts of their
// own, judged as such, so what is left is the text they print: as a
// process substitution it is a pipe's name; inside double quotes it stays
// one word. A path read or written from such a word is not known
// (files.go), so the call is read-only only where the text is data: echo
// "Branch: $(git branch --show-current)", diff <(jq . a) <(jq . b).
// Unquoted, the text splits into words that could be options or, shifted,
// paths read; only where every operand is data (allData: echo $(date))
// and the word starts with the substitution, so that a program whose
// options do more than read finds its options unknown there, does that
// change nothing.
func substSafe(x arg, allData bool) bool {
	if x.Node == nil {
		return false
	}
	for i, p := range x.Node.Parts {
		switch p := p.(type) {
		case *syntax.CmdSubst:
			if i != 0 || !allData {
				return false
			}
		case *syntax.ProcSubst, *syntax.DblQuoted, *syntax.Lit, *syntax.SglQuoted:
		default:
			if wordHasSubst(&syntax.Word{Parts: []syntax.WordPart{p}}) {
				return false
			}
		}
	}
	return true
}

// onlyHarmlessWrappers reports wrappers that change nothing the command
// does (an entry's WrapKeeps: flock only waits for its lock, nice changes
// the priority; and the builtins below); xargs too when fed, where the
// words it adds are known.
func onlyHarmlessWrappers(ws []string, xargsFed bool) bool {
	for _, w := range ws {
		spec := programs.Lookup(w)
		if spec != nil && spec.Unwrap == programs.UnwrapXargs && xargsFed {
			continue // the words it adds are known (the entry's UnwrapXargs)
		}
		if spec != nil && spec.Wraps != 0 {
			if spec.Wraps != programs.WrapKeeps {
				return false
			}
			continue
		}
		switch w {
		case "builtin", "noglob":
		default:
			return false
		}
	}
	return true
}

// fileOp reports the simple file commands acceptEdits may run, as their
// entries say (programs.Spec's FileOp), with no wrapper in front.
func fileOp(ca *call) bool {
	spec := ca.entry()
	if spec == nil || !spec.FileOp || len(ca.wrappers) > 0 {
		return false
	}
	if spec.FileOpUnless == "" {
		return true
	}
	res := entryOf(ca)
	return !res.Has(strings.Fields(spec.FileOpUnless)...)
}

// alternates returns other spellings of a part for rules: global options
// skipped, and the likely words of a non-literal spelling.
func (a *analyzer) alternates(ca *call) [][]string {
	var out [][]string
	if ca.dynamic && ca.spec != "" {
		spec := make([]string, len(ca.args))
		spec[0] = ca.spec
		for i := 1; i < len(ca.args); i++ {
			spec[i] = ca.args[i].Value
		}
		out = append(out, spec)
	}
	if !ca.dynamic && len(ca.words) > 0 && ca.prog != key(ca.words[0]) && programs.Versioned(key(ca.words[0])) == ca.prog {
		// python3.12 is python: a rule on python covers it too.
		alt := append([]string{ca.prog}, ca.words[1:]...)
		out = append(out, alt)
	}
	if first := a.firstWordIndex(ca); first > 0 {
		// The options before the subcommand (git -C dir commit) or the
		// first operand (make -C dir deploy), as the entry reads them in
		// every spelling: rules see the command without them too.
		alt := make([]string, 0, len(ca.words)-first)
		alt = append(alt, ca.words[0])
		alt = append(alt, ca.words[1+first:]...)
		out = append(out, alt)
	}
	return out
}

// firstWordIndex returns the index among the call's operands of the
// first word that names what it does, as its entry reads them: the
// subcommand (git -C dir commit), or for an entry whose rules are keyed on
// its first operand (Grant.Depth: make -C dir deploy), that operand; 0
// when no option comes before it.
func (a *analyzer) firstWordIndex(ca *call) int {
	if ca.dynamic || len(ca.words) != len(ca.args) || len(ca.words) < 3 || !strings.HasPrefix(ca.words[1], "-") {
		return 0
	}
	spec := ca.entry()
	if spec == nil || len(spec.Subcommands) == 0 && spec.Grant.Depth == 0 {
		return 0
	}
	res := entryOf(ca)
	if subs := res.SubIndexes(); len(subs) > 0 {
		return subs[0]
	}
	if len(spec.Subcommands) == 0 && len(res.OperandIndexes) > 0 {
		return res.OperandIndexes[0]
	}
	return 0
}

// guessProgram returns the program a non-literal first word most likely
// names: the known value of its expansion, or for a glob the most
// dangerous program it can match that could be given the words after it
// (globProgram).
func (a *analyzer) guessProgram(p0 arg, rest []arg) string {
	if p0.Glob {
		return a.globProgram(p0.Value, rest)
	}
	if strings.ContainsAny(p0.Value, "$`(") || p0.Value == "" {
		return ""
	}
	return key(programName(p0.Value))
}

// globDirs are the directories a glob with a slash in program position is
// matched in.
var globDirs = [...]string{"/bin/", "/usr/bin/", "/sbin/", "/usr/sbin/", "/usr/local/bin/"}

// globMatcher returns whether the glob pat in program position matches a
// program's name: the name itself, or for a pattern with a slash the name
// in one of globDirs, as bash reads the pattern (fspath.Match). It is called for every name an
// entry or a check declares, so it reads the pattern once: a pattern
// A/B whose directory part A has no class or escape and whose last part B
// has no class that can match a slash matches dir+name exactly when A/
// matches dir and B matches name (a slash is matched only by a slash, and
// B's match holds none, so B's match is the name after dir's last slash;
// a name with a slash is matched in full). The literal start of what is matched against the name must begin it.
// Any other pattern is matched in full against each dir+name.
func globMatcher(pat string) func(name string) bool {
	i := strings.LastIndexByte(pat, '/')
	if i < 0 {
		lit := globLiteralPrefix(pat)
		return func(name string) bool {
			if !strings.HasPrefix(name, lit) {
				return false
			}
			ok := fspath.Match(pat, name, false)
			return ok
		}
	}
	dirPat, base := pat[:i+1], pat[i+1:]
	if strings.ContainsAny(dirPat, `[\`) || !globNoSlashClass(base) {
		return func(name string) bool {
			for _, dir := range globDirs {
				if fspath.Match(pat, dir+name, false) {
					return true
				}
			}
			return false
		}
	}
	inDir := false
	for _, dir := range globDirs {
		if fspath.Match(dirPat, dir, false) {
			inDir = true
			break
		}
	}
	lit := globLiteralPrefix(base)
	return func(name string) bool {
		if strings.Contains(name, "/") {
			for _, dir := range globDirs {
				if fspath.Match(pat, dir+name, false) {
					return true
				}
			}
			return false
		}
		if !inDir || !strings.HasPrefix(name, lit) {
			return false
		}
		ok := fspath.Match(base, name, false)
		return ok
	}
}

// globLiteralPrefix is the start of pat before its first *, ?, [ or \:
// what every name it matches begins with.
func globLiteralPrefix(pat string) string {
	if i := strings.IndexAny(pat, `*?[\`); i >= 0 {
		return pat[:i]
	}
	return pat
}

// globNoSlashClass reports whether pat has no escape and no class that
// can match a slash: each class is closed and lists plain characters only
// (no ^, range, slash or escape).
func globNoSlashClass(pat string) bool {
	if strings.Contains(pat, `\`) {
		return false
	}
	for {
		i := strings.IndexByte(pat, '[')
		if i < 0 {
			return true
		}
		pat = pat[i+1:]
		j := strings.IndexByte(pat, ']')
		if j <= 0 || strings.ContainsAny(pat[:j], `^-/[`) {
			return false
		}
		pat = pat[j+1:]
	}
}

// globProgram returns, of every program an entry or a check names that a
// glob in program position can match (by its name, or for a pattern with
// a slash in the usual directories), the worst it can be: the words after
// it are judged as each such program's that a check or its entry's Raises
// judge, and the one
// whose findings carry the highest risk wins, then the one whose gravest
// category comes first in the danger registry (which lists destruction
// first: recursive-delete, file-overwrite, disk-wipe), then the one with
// the most categories, then the first in name order. It is "" when no program a
// check judges matches. The glob is rare where a program stands, and it
// must be taken for the worst it can be; each reading costs the analysis's
// budget as the parts it judges do, so that many globs reach its limit.
func (a *analyzer) globProgram(pat string, rest []arg) string {
	matches := globMatcher(pat)
	var tail strings.Builder
	for _, x := range rest {
		tail.WriteByte(' ')
		tail.WriteString(x.Raw)
	}
	best, bestRisk, bestFirst, bestKinds := "", -1, danger.Kind(255), 0
	try := func(name string) bool {
		if !matches(name) {
			return true
		}
		if len(checksFor(name)) == 0 {
			if spec := programs.Lookup(name); spec == nil || !spec.MayRaise() {
				return true // nothing judges it
			}
		}
		if a.budget <= 0 {
			a.setLimit(LimitParts)
			return false
		}
		an := Analyze(name+tail.String(), a.opts)
		a.budget -= len(an.Parts) // each reading is a part judged
		risk, first, kinds := an.Risk().Rank(), danger.Kind(255), 0
		for i, f := range an.Findings {
			if k, ok := danger.Parse(f.Category); ok && k < first {
				first = k
			}
			if !slices.ContainsFunc(an.Findings[:i], func(g api.Finding) bool { return g.Category == f.Category }) {
				kinds++
			}
		}
		if best == "" || risk > bestRisk || risk == bestRisk && (first < bestFirst || first == bestFirst && kinds > bestKinds) {
			best, bestRisk, bestFirst, bestKinds = name, risk, first, kinds
		}
		return true
	}
	programs.EachName(try)
	for name := range checkMap() {
		if programs.Lookup(name) == nil {
			try(name)
		}
	}
	return best
}

// notReadOnly says, for a person, why a call is not read-only: the first
// thing readOnly and the part's own test found that is more than a read.
// It is "" when the call is read-only or what stops it is already among
// its unknowns (a program with no entry, an undeclared option).
func (a *analyzer) notReadOnly(ca *call) string {
	switch {
	case len(ca.unknown) > 0 || ca.dynamic:
		return ""
	case ca.function:
		return "it runs a function the command defines"
	case ca.prog == "" && (ca.decl || ca.assignOnly):
		names := ca.declNames
		for _, as := range ca.assigns {
			names = append(names, as.Name)
		}
		if len(names) > 0 {
			return "it sets " + names[0] + ", which later programs may read"
		}
		return "it changes the shell's variables"
	case ca.prog == "":
		return "it is not a program's call"
	}
	for _, e := range ca.fx {
		if e.Kind.ReadOnly() {
			continue
		}
		by := ""
		if e.Option != "" {
			by = " (" + e.Option + ")"
		}
		switch e.Kind {
		case programs.Write, programs.Into, programs.Unpack:
			if e.Target != "" {
				return "it writes " + showPath(ca, e.Target) + by
			}
			return "it writes files" + by
		case programs.Delete:
			if e.Target != "" {
				return "it deletes " + showPath(ca, e.Target) + by
			}
			return "it deletes files" + by
		case programs.Exec:
			if e.Target != "" {
				return "it runs " + quoteCause(e.Target) + by
			}
			return "it runs a command" + by
		case programs.Load:
			if e.Target != "" {
				return "it loads " + quoteCause(e.Target) + by
			}
			return "it loads a plugin or library" + by
		case programs.Network:
			if e.Target != "" {
				return "it talks to " + quoteCause(e.Target) + by
			}
			return "it talks to another host" + by
		case programs.Config:
			return "it changes lasting configuration" + by
		case programs.RunsProject:
			return "it runs the project's own code (builds, tests or scripts)" + by
		default:
			return "what it does" + by + " is not known"
		}
	}
	if len(ca.writes) > 0 {
		return "it writes " + showPath(ca, ca.writes[0])
	}
	if hasOutput(ca.redirs) {
		return "it redirects its output to a file"
	}
	if len(ca.wrappers) > 0 && !onlyHarmlessWrappers(ca.wrappers, ca.xargsFed) {
		return "it runs under " + ca.wrappers[0]
	}
	for _, as := range ca.assigns {
		if !safeEnvNames(as.Name) && !(!ca.function && programs.OwnReadingOf(as.Name, ca.prog)) {
			return "it sets " + as.Name + ", which changes what the program does"
		}
	}
	if ca.unsafeEnv {
		return "an assignment changes what runs"
	}
	switch {
	case ca.xargs:
		return "xargs runs it with words read from its input"
	case ca.find != nil:
		return "find runs a command of its own"
	}
	for _, x := range ca.operands() {
		if x.Subst && strings.HasPrefix(x.Value, "/dev/fd/") {
			return "an operand is the output of a process substitution, which is not known"
		}
		if x.Subst {
			return "an operand is the output of " + quoteCause(x.Value) + ", which is not known"
		}
	}
	return ""
}

// showPath is a path as a person reads it in a reason: relative to the
// call's directory when inside it.
func showPath(ca *call, p string) string {
	if ca.cwd != "" && strings.HasPrefix(p, ca.cwd+"/") {
		return quoteCause(p[len(ca.cwd)+1:])
	}
	return quoteCause(p)
}

// quoteCause shortens a word for a reason a person reads.
func quoteCause(s string) string {
	const max = 60
	if r := []rune(s); len(r) > max {
		return string(r[:max]) + "…"
	}
	return s
}

// allData reports a program whose entry makes every operand data and has
// no subcommands: words split from a substitution cannot become a path.
func allData(prog string) bool {
	s := programs.Lookup(prog)
	return s != nil && (s.Operands == "-*" || s.Operands == "") && len(s.Subcommands) == 0 && s.Lang == "" && !s.Command
}
