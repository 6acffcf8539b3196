package classify

import (
	"context"
	"net/http"
	"path"
	"slices"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/pathclass"
	"github.com/wardenhq/warden/programs"
	"github.com/wardenhq/warden/shell"
)

// PatternName is how the pattern classifier names itself in results.
const PatternName = "pattern"

// Pattern is the classifier that needs no model. It decides from the
// analyzer's findings and their risk levels alone, with this policy:
//
//   - A call that a deny or ask rule matched is undecided: rules are the
//     user's word and only a person may override an ask rule.
//   - A call with a HIGH or MEDIUM finding is undecided: the analyzer
//     flagged it as something a person should see (in auto mode it is
//     denied).
//   - A Bash call is allowed only when every part is known — its program
//     has an entry, every option and word was placed — and every effect is
//     low risk: reading, building or testing the project, talking to a
//     host, and writing or deleting inside the working directory. Inline
//     code, commands run through options, libraries loaded, lasting
//     configuration changed, writes elsewhere and anything unknown are
//     undecided, with the reason (in auto mode: denied).
//   - A call to the file tools Read, Write, Edit, MultiEdit, NotebookEdit,
//     Glob, Grep, LS with no finding above LOW is allowed with high
//     confidence: the analyzer understood what it does and found nothing
//     worth a person's attention.
//   - Any other tool (web fetches, MCP tools, sub-agents, unknown tools) is
//     undecided: its effects are not analysed, so its silence means nothing.
//
// Pattern never denies; it leaves refusals to rules, persons and auto mode.
type Pattern struct{}

var _ Classifier = Pattern{}

// analysedTools are the tools whose checkers report every danger they find.
func analysedTools(s string) bool {
	switch s {
	case "Bash", "Read", "Write", "Edit", "MultiEdit", "NotebookEdit", "Glob", "Grep",
		"LS":
		return true
	}
	return false
}

// Classify applies the policy above; it never fails.
func (Pattern) Classify(_ context.Context, in *Input) (Result, error) {
	return PatternClassify(in), nil
}

// PatternClassify is Pattern's decision as a plain function.
func PatternClassify(in *Input) Result {
	if in.RuleMatched {
		return Undecide(PatternName, "a deny or ask rule matched; only a person may approve it")
	}
	if risk := in.Risk(); risk.Rank() >= api.RiskMedium.Rank() {
		return Undecide(PatternName, "%s risk: %s", risk, describeTop(in.Findings))
	}
	tool := in.Request.ToolName
	if !analysedTools(tool) {
		return Undecide(PatternName, "%s is not analysed, so its effects are unknown", tool)
	}
	if tool == "Bash" {
		if why := bashNotLowRisk(in.Request); why != "" {
			return Undecide(PatternName, "%s", why)
		}
	}
	reason := "analysis found nothing risky"
	if len(in.Findings) > 0 {
		reason = "analysis found only LOW risk: " + describeTop(in.Findings)
	}
	return Result{Decision: Allow, Confidence: High, Reason: reason, Classifier: PatternName}
}

// describeTop describes the highest-risk findings, at most three.
func describeTop(fs []api.Finding) string {
	top := api.MaxRisk(fs)
	var parts []string
	for _, f := range fs {
		if f.Risk != top {
			continue
		}
		if len(parts) == 3 {
			parts = append(parts, "…")
			break
		}
		d := f.Description
		if d == "" {
			d = f.Category
		}
		parts = append(parts, d)
	}
	if len(parts) == 0 {
		return "no findings"
	}
	return strings.Join(parts, "; ")
}

// New returns the classifier configured by cfg: a model classifier when cfg
// is set, else Pattern.
func New(cfg *Config, getenv func(string) string, client *http.Client) (Classifier, error) {
	if cfg == nil {
		return Pattern{}, nil
	}
	llm, err := NewLLM(*cfg, getenv, client)
	if err != nil {
		return nil, err
	}
	return llm, nil
}

// bashNotLowRisk analyses a Bash call's command and says why it is not
// known and low risk, or "" when every part is.
func bashNotLowRisk(req api.Request) string {
	cmd, _ := req.ToolInput["command"].(string)
	if cmd == "" {
		return "the command is empty or not a string"
	}
	an := shell.Analyze(cmd, shell.Options{Cwd: req.Cwd})
	switch {
	case an.ParseError != nil:
		return "the command does not parse, so its effects are unknown"
	case an.Limit != "":
		return "the command is too large to judge"
	}
	recipe := ""
	for i := range an.Parts {
		p := &an.Parts[i]
		if why := networkNotLowRisk(p); why != "" {
			return p.Text + ": " + why
		}
		if why := apiCallChanges(p); why != "" {
			return p.Text + ": " + why
		}
		for _, r := range p.Reads {
			if !inside(r, req.Cwd) && !harmlessDevices(r) {
				return p.Text + " reads " + r + ", outside the working directory"
			}
		}
		for _, w := range p.Writes {
			if recipes(path.Base(w)) {
				recipe = w
			}
		}
		if p.Dynamic {
			return "the program of " + p.Text + " is not a literal, so what runs is unknown"
		}
		if len(p.Unknown) > 0 {
			return "unknown effects: " + p.Text + ": " + p.Unknown[0]
		}
		for _, e := range p.Effects {
			switch e.Kind {
			case programs.RunsProject:
				if recipe != "" {
					return p.Text + " runs what " + recipe + ", written by the same command, says"
				}
				if out := pathOutside(p.Words[1:], req.Cwd); out != "" {
					return p.Text + " names " + out + ", outside the working directory: what it runs is not the project's"
				}
			case programs.Read:
				if e.Target != "" && strings.HasPrefix(e.Target, "/") && !inside(e.Target, req.Cwd) && !harmlessDevices(e.Target) {
					return p.Text + " reads " + e.Target + ", outside the working directory"
				}
			case programs.None, programs.Help, programs.Network:
			case programs.Write, programs.Delete:
				if e.Target != "" && !inside(e.Target, req.Cwd) {
					return p.Text + " " + e.Kind.String() + "s " + e.Target + ", outside the working directory"
				}
			default:
				what := e.Kind.String()
				if e.Option != "" {
					what += " through " + e.Option
				}
				return p.Text + ": " + what + " is not low risk"
			}
		}
		for _, w := range p.Writes {
			if !inside(w, req.Cwd) {
				return p.Text + " writes " + w + ", outside the working directory"
			}
		}
	}
	return ""
}

// inside reports whether path is dir or below it (by components).
func inside(path, dir string) bool {
	if dir == "" {
		return false
	}
	dir = strings.TrimSuffix(dir, "/")
	return path == dir || strings.HasPrefix(path, dir+"/")
}

// harmlessDevices are the paths outside any project that every program
// may read without revealing anything (pathclass.HarmlessDevice).
func harmlessDevices(s string) bool { return pathclass.HarmlessDevice.Is(s, "") }

// recipes are the files a project's build and test commands read to know
// what to run (pathclass.Recipe): a command that writes one and then runs
// the project runs what it just wrote.
func recipes(s string) bool { return pathclass.Recipe.Is(s, "") }

// networkNotLowRisk says why a part's talk with a host is not low risk, or
// "": sending data or files (curl -d, wget --post-file), a scheme other
// than a web or FTP fetch (gopher://, dict://, telnet://), a program whose
// talk is more than a fetch (ssh, nc, socat, scp), or a listener on every
// interface (0.0.0.0).
func networkNotLowRisk(p *shell.Part) string {
	if len(p.Words) == 0 {
		return ""
	}
	prog := p.Program()
	talk := programs.TalkOf(prog)
	if talk.Beyond {
		return prog + " does more with a host than fetch from it"
	}
	if talk.RemoteOperand {
		for _, w := range p.Words[1:] {
			if !strings.HasPrefix(w, "-") && strings.Contains(w, ":") {
				return prog + " copies to or from another machine"
			}
		}
	}
	for _, w := range p.Words[1:] {
		lw := strings.ToLower(w)
		if strings.Contains(lw, "0.0.0.0") || lw == "::" || strings.Contains(lw, "[::]") {
			return "it listens on every network interface"
		}
	}
	opts := talk.SendOptions()
	if len(opts) == 0 || onlyLoopback(p.Words[1:]) {
		// Sending to the project's own server on this machine is testing
		// it, not talking to a host.
		return ""
	}
	for i, w := range p.Words[1:] {
		if w == "--" {
			break
		}
		if i > 0 && talk.IsMethod(p.Words[i]) {
			if readMethod(w) {
				continue
			}
			return "it sends a " + w + " request to the host"
		}
		if scheme, _, ok := strings.Cut(w, "://"); ok && !strings.HasPrefix(w, "-") {
			if !slices.Contains(webSchemes, strings.ToLower(scheme)) {
				return "it talks " + scheme + ", not a web fetch"
			}
		}
		for _, o := range opts {
			if w == o || strings.HasPrefix(w, o+"=") || len(o) == 2 && strings.HasPrefix(w, o) && !strings.HasPrefix(w, "--") {
				if v, ok := strings.CutPrefix(w, o); ok && talk.IsMethod(o) && readMethod(strings.TrimPrefix(v, "=")) {
					continue
				}
				if talk.IsMethod(o) && w == o {
					continue // judged with its value, the next word
				}
				return "it sends data to the host (" + o + ")"
			}
		}
	}
	return ""
}

func readMethod(m string) bool {
	m = strings.ToUpper(m)
	return m == "GET" || m == "HEAD" || m == "OPTIONS"
}

// apiCallChanges says why a call of an API client (programs.Talk's API)
// is not low risk — its operation is not one that only reads — or "" when
// it reads. Creating, changing, starting and granting act on the
// provider, beyond the project and beyond undo by the agent.
func apiCallChanges(p *shell.Part) string {
	if len(p.Words) == 0 || !programs.TalkOf(p.Program()).API {
		return ""
	}
	for _, w := range p.Words[1:] {
		if w == "--help" || w == "-h" || w == "--dryrun" || w == "--dry-run" || strings.HasPrefix(w, "--dry-run=") {
			return "" // help, or a dry run: nothing is changed
		}
	}
	n := 0
	for _, w := range p.Words[1:] {
		if strings.HasPrefix(w, "-") {
			continue
		}
		if n++; n > 4 {
			break
		}
		if programs.ReadVerb(w) {
			return ""
		}
	}
	return p.Program() + " calls an API operation that is not known to only read"
}

// pathOutside returns the first word (or --option=value) that is a path
// outside dir — absolute, home-relative or climbing with .. — or "".
func pathOutside(words []string, dir string) string {
	for _, w := range words {
		if strings.HasPrefix(w, "-") {
			_, v, ok := strings.Cut(w, "=")
			if !ok {
				continue
			}
			w = v
		}
		var p string
		switch {
		case strings.HasPrefix(w, "/"):
			p = path.Clean(w)
		case w == "~" || strings.HasPrefix(w, "~/"):
			return w
		case w == ".." || strings.HasPrefix(w, "../") || strings.Contains(w, "/../"):
			if dir == "" {
				return w
			}
			p = path.Join(dir, w)
		default:
			continue
		}
		if !inside(p, dir) && !harmlessDevices(p) {
			return w
		}
	}
	return ""
}

// webSchemes are the URL schemes of a web fetch. (They are kept as one
// string: http and https are also programs, with entries of their own.)
var webSchemes = strings.Fields("http https ftp ftps")

// onlyLoopback reports whether the words name URLs and every one is on
// this machine (localhost, 127.x, [::1]).
func onlyLoopback(words []string) bool {
	n := 0
	for _, w := range words {
		_, rest, ok := strings.Cut(w, "://")
		if !ok || strings.HasPrefix(w, "-") {
			continue
		}
		n++
		host := rest
		if i := strings.IndexAny(host, "/?#"); i >= 0 {
			host = host[:i]
		}
		if i := strings.LastIndexByte(host, '@'); i >= 0 {
			host = host[i+1:]
		}
		if strings.HasPrefix(host, "[") {
			if i := strings.IndexByte(host, ']'); i >= 0 {
				host = host[1:i]
			}
		} else if i := strings.IndexByte(host, ':'); i >= 0 {
			host = host[:i]
		}
		if host != "localhost" && host != "::1" && !strings.HasPrefix(host, "127.") {
			return false
		}
	}
	return n > 0
}
