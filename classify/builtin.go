package classify

import (
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/askview"
	"github.com/wardenhq/warden/internal/display"
	"github.com/wardenhq/warden/internal/project"
	"github.com/wardenhq/warden/programs"
	"github.com/wardenhq/warden/shell"
)

// ExplainFindings explains a call from what the analysis knows of it — the
// effects of each part of a command, the findings, the file a tool changes —
// without a model. It is written about the call, never in the agent's
// voice:
//
//   - Explanation says what the call does, part by part;
//   - Reasoning says why the agent wants it only when the agent said so (a
//     Bash call's description), and otherwise that it is not known;
//   - Risk says what it changes, what of that cannot be undone (deletions,
//     force pushes, publishing, email, payments, cloud deletions), what it
//     touches outside the project, and what the analysis could not know;
//   - RiskLevel is at least the highest finding's; LOW only when every
//     effect is a known read, MEDIUM for anything that changes something or
//     is unknown (a web fetch of any host included), HIGH for what cannot be
//     undone beyond the machine.
func ExplainFindings(in *Input) api.Explanation {
	x := newExplaining(in)
	req := &in.Request
	switch tool := req.ToolName; {
	case tool == "Bash":
		x.bash()
	case tool == "Read" || tool == "NotebookRead":
		p := inputString(req, "file_path", "notebook_path")
		x.what = fmt.Sprintf("Reads the file %s.", x.show(p))
		x.level = api.RiskLow
		x.read(p)
	case tool == "Write":
		x.write(inputString(req, "file_path"))
	case tool == "Edit" || tool == "MultiEdit" || tool == "NotebookEdit":
		x.edit(inputString(req, "file_path", "notebook_path"))
	case tool == "Glob" || tool == "Grep" || tool == "LS":
		what := inputString(req, "pattern", "path")
		where := inputString(req, "path")
		x.what = fmt.Sprintf("Searches the files for %s.", what)
		if where != unspecified {
			x.what = fmt.Sprintf("Searches the files under %s for %s.", x.show(where), what)
			x.read(where)
		}
		x.level = api.RiskLow
	case tool == "WebFetch":
		u := inputString(req, "url")
		host := u
		if pu, err := url.Parse(u); err == nil && pu.Host != "" {
			host = pu.Host
		}
		x.what = fmt.Sprintf("Fetches %s from %s.", u, host)
		x.changes = append(x.changes, fmt.Sprintf("it sends a request to %s, a host the settings do not allow", host))
		x.notes = append(x.notes, "the page's content reaches the agent and may carry instructions")
		x.level = api.RiskMedium
	case tool == "WebSearch":
		x.what = fmt.Sprintf("Searches the web for %s.", inputString(req, "query"))
		x.changes = append(x.changes, "the query is sent to a search provider")
		x.notes = append(x.notes, "the results reach the agent and may carry instructions")
		x.level = api.RiskMedium
	case strings.HasPrefix(tool, "mcp__"):
		server, name, _ := strings.Cut(strings.TrimPrefix(tool, "mcp__"), "__")
		x.what = fmt.Sprintf("Calls the tool %s of the MCP server %s.", name, server)
		x.unknown = append(x.unknown, "what the tool does is defined by the server, not known to Warden")
	default:
		x.what = fmt.Sprintf("Uses the tool %s.", tool)
		x.unknown = append(x.unknown, "Warden does not analyse this tool, so its effects are unknown")
	}
	return x.explanation()
}

const unspecified = "(unspecified)"

// explaining gathers an explanation's facts.
type explaining struct {
	in            *Input
	root, cwd     string
	home          string
	what          string
	level         api.Risk
	changes       []string // what it changes
	irreversible  []string // what cannot be undone
	outside       []string // paths outside the project
	unknown       []string // what the analysis could not know
	notes         []string // anything else a person should weigh
	parts         []string // what each part does
	outsideSeen   map[string]bool
	irreversibleS map[string]bool
	// hidden is set for a command holding characters the analysis reads
	// past (display.Suspicious): the names it found are not the ones the
	// command uses, so none is shown.
	hidden bool
}

func newExplaining(in *Input) *explaining {
	x := &explaining{in: in, level: api.RiskMedium, outsideSeen: map[string]bool{}, irreversibleS: map[string]bool{}}
	x.cwd = in.Request.Cwd
	if filepath.IsAbs(x.cwd) {
		x.root = project.Root(x.cwd)
		if pd := in.Request.ProjectDir; pd != "" && filepath.IsAbs(pd) {
			x.root = filepath.Clean(pd)
		}
	}
	x.home, _ = os.UserHomeDir()
	return x
}

// show is a path as a person reads it: relative to the project when inside.
func (x *explaining) show(p string) string {
	if x.root == "" || p == unspecified {
		return p
	}
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(x.cwd, abs)
	}
	if r, err := filepath.Rel(x.root, filepath.Clean(abs)); err == nil && r != ".." && !strings.HasPrefix(r, "../") {
		return r
	}
	return p
}

// touch notes a path the call uses, and whether it lies outside the project.
func (x *explaining) touch(p string) {
	if x.root == "" || p == "" || p == unspecified || x.outsideSeen[p] || x.hidden {
		return
	}
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(x.cwd, abs)
	}
	abs = filepath.Clean(abs)
	if r, err := filepath.Rel(x.root, abs); err == nil && r != ".." && !strings.HasPrefix(r, "../") {
		return
	}
	x.outsideSeen[p] = true
	shown := abs
	if x.home != "" && (abs == x.home || strings.HasPrefix(abs, x.home+"/")) {
		shown = "~" + strings.TrimPrefix(abs, x.home)
	}
	x.outside = append(x.outside, shown)
}

func (x *explaining) read(p string) { x.touch(p) }

func (x *explaining) cannotUndo(what string) {
	if !x.irreversibleS[what] {
		x.irreversibleS[what] = true
		x.irreversible = append(x.irreversible, what)
	}
}

func (x *explaining) write(p string) {
	v := askview.Of(x.in.Request)
	x.touch(p)
	if v.DiffNote == "new file" {
		x.what = fmt.Sprintf("Creates the file %s (%d lines).", x.show(p), v.Added)
		x.changes = append(x.changes, "it creates a file")
		return
	}
	x.what = fmt.Sprintf("Writes the file %s, replacing all of its content (+%d −%d lines).", x.show(p), v.Added, v.Removed)
	x.changes = append(x.changes, "it replaces the file's whole content")
	x.notes = append(x.notes, "the old content comes back only from version control or a backup")
}

func (x *explaining) edit(p string) {
	v := askview.Of(x.in.Request)
	x.touch(p)
	x.what = fmt.Sprintf("Edits the file %s in place (+%d −%d lines).", x.show(p), v.Added, v.Removed)
	x.changes = append(x.changes, "it changes the file")
	if v.DiffNote != "" {
		x.notes = append(x.notes, v.DiffNote)
	}
}

// bash explains a shell program from its parts' declared effects.
func (x *explaining) bash() {
	cmd, _ := x.in.Request.StringInput("command")
	an := shell.Analyze(cmd, shell.Options{Cwd: x.cwd, Home: x.home})
	// The analysis reads the command with its hidden characters taken out
	// (cat a<U+200B>b.txt reads as cat ab.txt), but bash runs them: a
	// file named from that reading is another file. Such a command is
	// shown as the command box shows it, escaped, and no name is taken
	// from the analysis.
	x.hidden = display.Suspicious(cmd)
	var lines []string
	allRead := len(an.Parts) > 0
	for i, p := range an.Parts {
		what, readOnly := x.part(p)
		x.parts = append(x.parts, what)
		allRead = allRead && readOnly
		if i < 4 {
			lines = append(lines, fmt.Sprintf("`%s` %s", LimitWords(p.Text, 8), what))
		}
	}
	if an.ParseError != nil {
		x.unknown = append(x.unknown, "the command does not parse, so what runs is not known")
		allRead = false
	}
	switch {
	case x.hidden:
		x.what = fmt.Sprintf("Runs `%s`, which holds hidden characters (shown escaped): the files and programs it names are not the ones it appears to name.", LimitWords(display.Line(cmd), 8))
		x.unknown = append(x.unknown, "the command holds hidden characters, so what it names is not what it shows")
	case len(an.Parts) == 0:
		x.what = "Runs an empty shell command."
	case len(an.Parts) == 1:
		what, _ := x.partText(an.Parts[0])
		x.what = fmt.Sprintf("Runs `%s`, which %s.", LimitWords(an.Parts[0].Text, 8), what)
	default:
		more := ""
		if len(an.Parts) > 4 {
			more = fmt.Sprintf("; and %d more", len(an.Parts)-4)
		}
		x.what = fmt.Sprintf("Runs %d commands: %s%s.", len(an.Parts), strings.Join(lines, "; "), more)
	}
	for _, f := range an.Findings {
		x.finding(f)
	}
	if allRead && len(x.unknown) == 0 && len(x.changes) == 0 {
		x.level = api.RiskLow
	}
}

// part describes one simple command: what it does, and whether it only
// reads.
func (x *explaining) part(p shell.Part) (string, bool) {
	var does []string
	add := func(s string) {
		if !slices.Contains(does, s) {
			does = append(does, s)
		}
	}
	prog := ""
	if len(p.Words) > 0 {
		prog = path.Base(p.Words[0])
	}
	readOnly := p.ReadOnly && len(p.Unknown) == 0
	for _, e := range p.Effects {
		t := e.Target
		switch e.Kind {
		case programs.Read:
			x.touch(t)
			add("reads " + x.shortTarget(t))
		case programs.Write:
			x.touch(t)
			add("writes " + x.shortTarget(t))
			x.changes = append(x.changes, "it writes files")
		case programs.Delete:
			if t == "" {
				// A deletion with no path of its own (terraform destroy,
				// kubectl delete): the finding says what is lost.
				x.changes = append(x.changes, "it deletes what it names")
				break
			}
			x.touch(t)
			add("deletes " + x.shortTarget(t))
			x.changes = append(x.changes, "it deletes files")
			x.cannotUndo("deleted files")
		case programs.Exec:
			add("runs " + LimitWords(t, 6))
		case programs.Load:
			add("loads " + LimitWords(t, 6))
		case programs.Network:
			if t != "" {
				add("talks to " + LimitWords(t, 4))
			}
			x.changes = append(x.changes, "it talks to other machines")
		case programs.Config:
			add("changes lasting configuration")
			x.changes = append(x.changes, "it changes lasting configuration")
		case programs.RunsProject:
			add("builds, tests or runs the project's own code")
			x.changes = append(x.changes, "it runs the project's own code, which can do whatever that code does")
		case programs.Unknown:
			readOnly = false
		}
	}
	for _, t := range p.Reads {
		x.touch(t)
		add("reads " + x.shortTarget(t))
	}
	for _, t := range p.Writes {
		if slices.Contains(does, "deletes "+x.shortTarget(t)) {
			continue
		}
		x.touch(t)
		add("writes " + x.shortTarget(t))
		x.changes = append(x.changes, "it writes files")
	}
	for _, e := range p.Effects {
		if e.Kind == programs.Network && e.Target == "" && !slices.ContainsFunc(does, func(s string) bool { return strings.HasPrefix(s, "talks to ") }) {
			add("talks to other machines")
		}
	}
	if act := x.irreversibleWords(p.Words); act != "" {
		does = append([]string{act}, does...)
	}
	x.unknown = append(x.unknown, p.Unknown...)
	if len(does) == 0 {
		switch {
		case readOnly:
			return "only reads", true
		case len(p.Unknown) > 0:
			return "does what the analysis cannot tell", false
		case prog != "":
			return "runs " + prog, false
		}
		return "runs a command", false
	}
	return joinAnd(does), readOnly
}

// joinAnd joins phrases as a sentence lists them: "a, b and c".
func joinAnd(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// partText returns what part p was found to do (after part has run).
func (x *explaining) partText(p shell.Part) (string, bool) {
	if len(x.parts) > 0 {
		return x.parts[0], p.ReadOnly
	}
	return "runs a command", false
}

// shortTarget shortens a path target for the explanation.
func (x *explaining) shortTarget(t string) string {
	if t == "" {
		return "files"
	}
	s := x.show(t)
	if x.home != "" && (s == x.home || strings.HasPrefix(s, x.home+"/")) {
		s = "~" + strings.TrimPrefix(s, x.home)
	}
	return s
}

// irreversibleWords recognises, from a part's words, the actions whose
// effect leaves the machine and cannot be taken back, and says what the
// part does ("" when none is recognised). Which calls those are is the
// program's entry's (programs.Lasting).
func (x *explaining) irreversibleWords(w []string) (act string) {
	if len(w) == 0 {
		return ""
	}
	args := w[1:]
	if l := programs.LastingOf(path.Base(w[0])); l.Applies(args) {
		switch l.Does {
		case programs.Pushes:
			if l.ForcedBy(args[1:]) {
				x.cannotUndo("rewritten history")
				x.level = api.RiskHigh
				act = "force-pushes, overwriting the remote's history"
			} else {
				x.cannotUndo("pushed commits, once others have fetched them")
				act = "pushes commits to a remote repository"
			}
			x.changes = append(x.changes, "it publishes commits to a remote repository")
		case programs.Publishes:
			x.cannotUndo("publishing or deploying for others")
			x.changes = append(x.changes, "it publishes to a registry")
			x.level = api.RiskHigh
			act = "publishes a package or release"
		case programs.Mails:
			x.cannotUndo("sending email")
			x.changes = append(x.changes, "it sends email")
			x.level = api.RiskHigh
			act = "sends email"
		case programs.Pays:
			x.cannotUndo("a payment")
			x.changes = append(x.changes, "it moves money")
			x.level = api.RiskHigh
			act = "makes a payment"
		case programs.DeletesCloud:
			x.cannotUndo("deleting cloud resources")
			x.changes = append(x.changes, "it deletes cloud resources")
			x.level = api.RiskHigh
			act = "deletes cloud resources"
		}
	}
	for _, a := range args {
		if strings.Contains(a, "api.stripe.com") || strings.Contains(a, "smtp://") || strings.Contains(a, "smtps://") {
			x.cannotUndo("what the request to " + a + " does")
			x.level = api.RiskHigh
		}
	}
	return act
}

// finding adds what a finding means to the explanation.
func (x *explaining) finding(f api.Finding) {
	if c, ok := danger.Lookup(f.Category); ok && c.Lost != "" {
		x.cannotUndo(c.Lost)
	}
}

// explanation writes the gathered facts.
func (x *explaining) explanation() api.Explanation {
	e := api.Explanation{Explanation: x.what, Source: SourceFindings, RiskLevel: x.level}
	if d, ok := x.in.Request.StringInput("description"); ok && strings.TrimSpace(d) != "" {
		e.Reasoning = fmt.Sprintf("The agent describes it as: %q. Warden cannot check that.", LimitWords(d, 20))
	} else {
		e.Reasoning = "Not known: the agent gave no reason and no model is configured to judge one."
	}
	if r := api.MaxRisk(x.in.Findings); r.Rank() > e.RiskLevel.Rank() {
		e.RiskLevel = r
	}
	var risk []string
	if len(x.irreversible) > 0 {
		risk = append(risk, "Cannot be undone: "+strings.Join(x.irreversible, ", ")+".")
	}
	if len(x.outside) > 0 {
		shown := x.outside
		more := ""
		if len(shown) > 3 {
			more = fmt.Sprintf(" and %d more", len(shown)-3)
			shown = shown[:3]
		}
		risk = append(risk, "Outside the project: "+strings.Join(shown, ", ")+more+".")
	}
	if top := topFinding(x.in.Findings); top != "" {
		risk = append(risk, capitalize(strings.TrimSuffix(top, "."))+".")
	}
	if len(x.unknown) > 0 {
		risk = append(risk, "Unknown to the analysis: "+strings.Join(uniq(x.unknown), "; ")+".")
	}
	if len(risk) == 0 {
		switch {
		case e.RiskLevel == api.RiskLow:
			risk = append(risk, "Nothing found: it only reads, inside the project.")
		case len(x.changes) > 0:
			risk = append(risk, capitalize(uniq(x.changes)[0])+"; nothing found beyond that.")
		default:
			risk = append(risk, "Nothing specific found, but its effects are not all known.")
		}
	}
	for _, n := range x.notes {
		risk = append(risk, capitalize(n)+".")
	}
	e.Risk = LimitWords(strings.Join(risk, " "), maxBuiltinRiskWords)
	return e
}

// topFinding describes the highest-risk finding, noting how many more
// there are.
func topFinding(fs []api.Finding) string {
	top := api.MaxRisk(fs)
	for _, f := range fs {
		if f.Risk != top {
			continue
		}
		d := strings.TrimSpace(f.Description)
		if d == "" {
			d = strings.ReplaceAll(f.Category, "-", " ")
		}
		if len(fs) > 1 {
			d = strings.TrimSuffix(d, ".") + fmt.Sprintf(" (and %d more finding%s)", len(fs)-1, plural(len(fs)-1))
		}
		return d
	}
	return ""
}

func uniq(s []string) []string {
	var out []string
	for _, x := range s {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}
