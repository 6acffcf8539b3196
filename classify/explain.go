package classify

import (
	"context"
	"fmt"
	"net/http"
	"path"
	"strings"

	"github.com/wardenhq/warden/api"
)

// Explainer gives a person the plain-language account of a call: what it
// does, why the agent may need it (starting with "I"), what could go wrong
// (15 words or fewer), and its risk level.
type Explainer interface {
	Explain(ctx context.Context, in *Input) (api.Explanation, error)
}

// ExplainerFunc adapts a function to an Explainer.
type ExplainerFunc func(ctx context.Context, in *Input) (api.Explanation, error)

// Explain calls f.
func (f ExplainerFunc) Explain(ctx context.Context, in *Input) (api.Explanation, error) {
	return f(ctx, in)
}

// MaxRiskWords is the most words an explanation's Risk may have.
const MaxRiskWords = 15

// SourceFindings is the Source of explanations built from the analysis.
const SourceFindings = "findings"

// FindingsExplainer explains a call from the analysis alone: no model, no
// I/O, never fails.
type FindingsExplainer struct{}

var _ Explainer = FindingsExplainer{}

// Explain returns ExplainFindings(in).
func (FindingsExplainer) Explain(_ context.Context, in *Input) (api.Explanation, error) {
	return ExplainFindings(in), nil
}

// ExplainFindings builds an explanation from the tool, its input, the simple
// commands of a Bash call and the findings. Its risk level is at least the
// highest finding's; without findings it is LOW for reading and tests and
// MEDIUM for anything else.
func ExplainFindings(in *Input) api.Explanation {
	var e api.Explanation
	base := api.RiskMedium
	req := &in.Request
	switch tool := req.ToolName; {
	case tool == "Bash":
		e, base = explainBash(in)
	case tool == "Read" || tool == "NotebookRead":
		p := inputString(req, "file_path", "notebook_path")
		e.Explanation = fmt.Sprintf("Reads the file %s.", p)
		e.Reasoning = fmt.Sprintf("I need to read %s to understand the code I am working on.", path.Base(p))
		base = api.RiskLow
	case tool == "Write":
		p := inputString(req, "file_path")
		e.Explanation = fmt.Sprintf("Writes the file %s, replacing whatever it held.", p)
		e.Reasoning = fmt.Sprintf("I need to create or rewrite %s for the change I am making.", path.Base(p))
	case tool == "Edit" || tool == "MultiEdit" || tool == "NotebookEdit":
		p := inputString(req, "file_path", "notebook_path")
		e.Explanation = fmt.Sprintf("Edits the file %s in place.", p)
		e.Reasoning = fmt.Sprintf("I need to change %s for the change I am making.", path.Base(p))
	case tool == "Glob" || tool == "Grep" || tool == "LS":
		what := inputString(req, "pattern", "path")
		e.Explanation = fmt.Sprintf("Searches the files for %s.", what)
		e.Reasoning = "I need to find the files and code relevant to the task."
		base = api.RiskLow
	case tool == "WebFetch":
		e.Explanation = fmt.Sprintf("Fetches the web page %s.", inputString(req, "url"))
		e.Reasoning = "I need information from this page to carry out the task."
		base = api.RiskLow
	case tool == "WebSearch":
		e.Explanation = fmt.Sprintf("Searches the web for %s.", inputString(req, "query"))
		e.Reasoning = "I need current information from the web for the task."
		base = api.RiskLow
	case strings.HasPrefix(tool, "mcp__"):
		server, name, _ := strings.Cut(strings.TrimPrefix(tool, "mcp__"), "__")
		e.Explanation = fmt.Sprintf("Calls the tool %s of the MCP server %s.", name, server)
		e.Reasoning = fmt.Sprintf("I need the %s server's %s tool for the task.", server, name)
	default:
		e.Explanation = fmt.Sprintf("Uses the tool %s.", tool)
		e.Reasoning = fmt.Sprintf("I need the %s tool for the task.", tool)
	}
	e.RiskLevel = base
	if r := api.MaxRisk(in.Findings); r.Rank() > e.RiskLevel.Rank() {
		e.RiskLevel = r
	}
	if len(in.Findings) > 0 {
		e.Risk = LimitWords(riskFromFindings(in.Findings), MaxRiskWords)
	} else if e.RiskLevel == api.RiskLow {
		e.Risk = "Little: it only reads or runs checks."
	} else {
		e.Risk = "It changes files or state; the change can usually be undone."
	}
	e.Source = SourceFindings
	return e
}

// riskFromFindings phrases the highest-risk finding as the risk.
func riskFromFindings(fs []api.Finding) string {
	top := api.MaxRisk(fs)
	for _, f := range fs {
		if f.Risk == top {
			d := strings.TrimSpace(f.Description)
			if d == "" {
				d = strings.ReplaceAll(f.Category, "-", " ")
			}
			if len(fs) > 1 {
				d = strings.TrimSuffix(d, ".") + fmt.Sprintf(" (and %d more finding%s).", len(fs)-1, plural(len(fs)-1))
			}
			return capitalize(d)
		}
	}
	return ""
}

// capitalize upper-cases the first letter of an ASCII sentence.
func capitalize(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// LimitWords returns s cut to at most n words, with "…" when cut.
func LimitWords(s string, n int) string {
	words := strings.Fields(s)
	if len(words) <= n {
		return strings.Join(words, " ")
	}
	return strings.Join(words[:n], " ") + "…"
}

// inputString returns the first of the named string fields of the input.
func inputString(req *api.Request, keys ...string) string {
	for _, k := range keys {
		if s, ok := req.StringInput(k); ok && s != "" {
			return s
		}
	}
	return "(unspecified)"
}

// partKind is what a simple command is for, least significant first: the
// most significant part of a program gives its reasoning.
type partKind int

const (
	kindRead partKind = iota
	kindTest
	kindBuild
	kindOther
	kindDeps
	kindChange
	kindVCS
	kindNetwork
	kindDelete
)

// purposes gives the agent's reason for each kind, most significant last.
var purposes = map[partKind]string{
	kindOther:   "I need to run this command to carry out the task.",
	kindRead:    "I want to inspect the project before I change anything.",
	kindTest:    "I need to run the tests to check that my changes work.",
	kindBuild:   "I need to build the project to check that it compiles.",
	kindDeps:    "I need to install or update dependencies the project requires.",
	kindChange:  "I need to change files in the project for the task.",
	kindVCS:     "I need to record or share my changes with version control.",
	kindNetwork: "I need data from the network for the task.",
	kindDelete:  "I want to remove files that are no longer needed.",
}

// describePart says what one simple command does and what it is for.
func describePart(p Part) (string, partKind) {
	w := p.Words
	if len(w) == 0 {
		w = strings.Fields(p.Text)
	}
	if len(w) == 0 {
		return "does nothing", kindRead
	}
	prog := path.Base(w[0])
	sub := ""
	if len(w) > 1 {
		sub = w[1]
	}
	switch prog {
	case "ls", "tree", "pwd", "stat", "file", "du", "df":
		return "lists files and their details", kindRead
	case "cat", "head", "tail", "less", "more", "bat", "wc", "nl":
		return "prints file contents", kindRead
	case "grep", "rg", "ag", "ack":
		return "searches file contents", kindRead
	case "find", "fd", "locate":
		return "finds files by name or attribute", kindRead
	case "echo", "printf", "true", "test", "[", "which", "type", "whoami", "date", "env", "printenv", "uname":
		return "prints information", kindRead
	case "diff", "cmp":
		return "compares files", kindRead
	case "git":
		switch sub {
		case "status", "diff", "log", "show", "branch", "blame", "rev-parse", "ls-files", "describe", "remote", "tag":
			return "shows the repository's state or history", kindRead
		case "add", "commit", "stash", "merge", "rebase", "cherry-pick":
			return "records changes in the repository", kindVCS
		case "push":
			return "publishes commits to a remote repository", kindVCS
		case "pull", "fetch", "clone":
			return "downloads commits from a remote repository", kindVCS
		case "checkout", "switch", "restore", "reset", "clean":
			return "changes the files in the working tree", kindChange
		}
		return "runs git " + sub, kindVCS
	case "go":
		switch sub {
		case "test":
			return "runs the Go tests", kindTest
		case "build", "vet", "install":
			return "builds or checks the Go code", kindBuild
		case "get", "mod":
			return "manages Go module dependencies", kindDeps
		case "run":
			return "builds and runs a Go program", kindOther
		}
	case "npm", "pnpm", "yarn", "bun":
		switch {
		case sub == "test" || (sub == "run" && len(w) > 2 && strings.HasPrefix(w[2], "test")):
			return "runs the JavaScript tests", kindTest
		case sub == "install" || sub == "i" || sub == "ci" || sub == "add":
			return "installs JavaScript packages", kindDeps
		case sub == "run" && len(w) > 2 && strings.HasPrefix(w[2], "build"):
			return "builds the JavaScript project", kindBuild
		case sub == "publish":
			return "publishes a package to the registry", kindVCS
		case sub == "run" && len(w) > 2:
			return "runs the package script " + w[2], kindOther
		}
	case "pytest", "tox", "jest", "vitest", "mocha":
		return "runs the tests", kindTest
	case "cargo":
		switch sub {
		case "test":
			return "runs the Rust tests", kindTest
		case "build", "check", "clippy":
			return "builds or checks the Rust code", kindBuild
		case "add", "update":
			return "manages Rust dependencies", kindDeps
		}
	case "pip", "pip3", "uv", "poetry", "gem", "bundle", "apt", "apt-get", "brew":
		return "installs or manages packages", kindDeps
	case "make", "ninja", "cmake", "gradle", "mvn", "tsc":
		if strings.Contains(strings.Join(w[1:], " "), "test") || sub == "check" {
			return "runs the build's test target", kindTest
		}
		return "builds the project", kindBuild
	case "rm", "rmdir", "unlink", "shred":
		return "deletes files", kindDelete
	case "mv", "cp", "mkdir", "touch", "ln", "chmod", "chown", "sed", "tee", "patch", "truncate":
		if prog == "sed" && !hasFlag(w, "-i") {
			return "transforms text", kindRead
		}
		return "creates, moves or changes files", kindChange
	case "curl", "wget", "http", "ssh", "scp", "rsync", "nc":
		return "talks to another machine over the network", kindNetwork
	case "python", "python3", "node", "ruby", "perl", "bash", "sh", "zsh":
		return "runs a script with " + prog, kindOther
	case "docker", "podman", "kubectl", "terraform", "helm":
		return "manages containers or infrastructure with " + prog, kindOther
	case "sudo", "doas":
		return "runs a command as another user", kindOther
	}
	if p.ReadOnly {
		return "runs " + prog + " (read-only)", kindRead
	}
	return "runs " + prog, kindOther
}

func hasFlag(words []string, prefix string) bool {
	for _, w := range words[1:] {
		if strings.HasPrefix(w, prefix) {
			return true
		}
	}
	return false
}

// explainBash explains a shell program part by part.
func explainBash(in *Input) (api.Explanation, api.Risk) {
	cmd, _ := in.Request.StringInput("command")
	parts := in.Parts
	if len(parts) == 0 && cmd != "" {
		parts = []Part{{Text: cmd}}
	}
	var lines []string
	top := kindRead
	for i, p := range parts {
		what, kind := describePart(p)
		if p.ReadOnly && kind == kindOther {
			kind = kindRead
		}
		if kind > top {
			top = kind
		}
		if i < 4 {
			lines = append(lines, fmt.Sprintf("`%s` %s", LimitWords(p.Text, 8), what))
		}
	}
	var e api.Explanation
	switch {
	case len(parts) == 0:
		e.Explanation = "Runs an empty shell command."
	case len(parts) == 1:
		what, _ := describePart(parts[0])
		e.Explanation = fmt.Sprintf("Runs `%s`, which %s.", LimitWords(parts[0].Text, 8), what)
	default:
		more := ""
		if len(parts) > 4 {
			more = fmt.Sprintf("; and %d more", len(parts)-4)
		}
		e.Explanation = fmt.Sprintf("Runs %d commands: %s%s.", len(parts), strings.Join(lines, "; "), more)
	}
	e.Reasoning = purposes[top]
	base := api.RiskMedium
	if top == kindRead || top == kindTest {
		base = api.RiskLow
	}
	return e, base
}

// LLMExplainer explains calls with a language model, falling back to the
// findings when the model fails or answers out of shape.
type LLMExplainer struct {
	model *model
	// OnError, when set, is told why the model's explanation was not used.
	OnError func(error)
}

var _ Explainer = (*LLMExplainer)(nil)

// NewLLMExplainer returns an explainer that asks the model cfg names (the
// settings key "explainer"; MinConfidence is not used).
func NewLLMExplainer(cfg Config, getenv func(string) string, client *http.Client) (*LLMExplainer, error) {
	m, err := newModel(cfg, getenv, client)
	if err != nil {
		return nil, fmt.Errorf("explainer: %w", err)
	}
	return &LLMExplainer{model: m}, nil
}

// NewExplainer returns the explainer configured by cfg: a model explainer
// when cfg is set, else FindingsExplainer.
func NewExplainer(cfg *Config, getenv func(string) string, client *http.Client) (Explainer, error) {
	if cfg == nil {
		return FindingsExplainer{}, nil
	}
	e, err := NewLLMExplainer(*cfg, getenv, client)
	if err != nil {
		return nil, err
	}
	return e, nil
}

// Explain asks the model; on any failure it returns ExplainFindings(in) and
// a nil error. The risk level is never below the highest finding's.
func (x *LLMExplainer) Explain(ctx context.Context, in *Input) (api.Explanation, error) {
	e, err := x.ask(ctx, in)
	if err != nil {
		if x.OnError != nil {
			x.OnError(err)
		}
		return ExplainFindings(in), nil
	}
	return e, nil
}

func (x *LLMExplainer) ask(ctx context.Context, in *Input) (api.Explanation, error) {
	ctx, cancel := context.WithTimeout(ctx, x.model.timeout)
	defer cancel()
	text, err := x.model.complete(ctx, explainerSystem, renderCall(in), 512)
	if err != nil {
		return api.Explanation{}, err
	}
	e, err := ParseExplanation(text)
	if err != nil {
		return api.Explanation{}, err
	}
	if r := api.MaxRisk(in.Findings); r.Rank() > e.RiskLevel.Rank() {
		e.RiskLevel = r
	}
	e.Source = "model:" + x.model.label()
	return e, nil
}

// ParseExplanation reads an explainer model's reply: one JSON object with
// explanation, reasoning (starting with "I"), risk and riskLevel, optionally
// in a code fence. Risk is cut to MaxRiskWords words.
func ParseExplanation(text string) (api.Explanation, error) {
	var e api.Explanation
	if err := decodeObject(text, &e); err != nil {
		return api.Explanation{}, err
	}
	if e.Source != "" {
		return api.Explanation{}, fmt.Errorf("%w: unexpected source field", ErrMalformedReply)
	}
	e.Explanation = strings.TrimSpace(e.Explanation)
	e.Reasoning = strings.TrimSpace(e.Reasoning)
	if e.Explanation == "" || e.Risk == "" {
		return api.Explanation{}, fmt.Errorf("%w: explanation and risk are required", ErrMalformedReply)
	}
	if !startsWithI(e.Reasoning) {
		return api.Explanation{}, fmt.Errorf("%w: reasoning must start with \"I\"", ErrMalformedReply)
	}
	switch e.RiskLevel {
	case api.RiskLow, api.RiskMedium, api.RiskHigh:
	default:
		return api.Explanation{}, fmt.Errorf("%w: riskLevel %q is not LOW, MEDIUM or HIGH", ErrMalformedReply, e.RiskLevel)
	}
	e.Risk = LimitWords(e.Risk, MaxRiskWords)
	return e, nil
}

// startsWithI reports whether s starts with the word "I" (also "I'm",
// "I’d" and the like).
func startsWithI(s string) bool {
	if !strings.HasPrefix(s, "I") {
		return false
	}
	rest := s[1:]
	return rest == "" || rest[0] == ' ' || rest[0] == '\'' || strings.HasPrefix(rest, "’")
}
