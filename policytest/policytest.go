// Package policytest reads and runs policy test files: lists of requests
// with the decision each must get, checked against real settings, like
// `opa test` for Rego policies. `warden test` runs them from the command
// line, and Warden's own decision corpus (testdata/cases) uses the same
// format, so the library, the CLI and the HTTP API are held to one table.
//
// A file is a JSON object:
//
//	{
//	  "settings": { "permissions": { "deny": ["Bash(rm:*)"] } },   // optional
//	  "files":    { "src/a.go": "package a", "link": "->/etc" },    // optional
//	  "tests": [
//	    { "name": "rm is denied",
//	      "request": {"tool_name": "Bash", "tool_input": {"command": "rm -rf x"}},
//	      "want": {"behavior": "deny", "reason": "rule", "rule": "Bash(rm:*)", "categories": ["recursive-delete"]} }
//	  ]
//	}
//
// or just the array of tests. "settings" and "files" are used by self-
// contained corpus files (the runner lays them out in a scratch project);
// `warden test` ignores them and checks against the settings in force.
// A request's relative cwd is relative to the project.
package policytest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/wardenhq/warden/internal/jsonerr"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/settings"
)

// File is one policy test file.
type File struct {
	Path     string          `json:"-"`
	Settings json.RawMessage `json:"settings,omitempty"`
	// Files are laid out in the scratch project: a value starting with "->"
	// makes a symlink to the rest.
	Files map[string]string `json:"files,omitempty"`
	Tests []Case            `json:"tests"`
}

// Case is one request and what its decision must be.
type Case struct {
	Name    string          `json:"name"`
	Request json.RawMessage `json:"request"`
	Want    Want            `json:"want"`
}

// Want is the part of a decision a case checks. Empty fields are not
// checked.
type Want struct {
	Behavior api.Behavior `json:"behavior"`
	// Reason is the reason type (rule, hook, mode, tool, safety, …).
	Reason string `json:"reason,omitempty"`
	Rule   string `json:"rule,omitempty"`
	Source string `json:"source,omitempty"`
	// Categories must all be among the decision's finding categories.
	Categories []string `json:"categories,omitempty"`
	// Error, when true, means the request must be refused with an error.
	Error bool `json:"error,omitempty"`
}

// Load reads a policy test file.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	f.Path = path
	return f, nil
}

// Parse decodes a policy test file: an object with "tests", or an array of
// cases.
func Parse(data []byte) (*File, error) {
	data = bytes.TrimSpace(data)
	f := &File{}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var err error
	if len(data) > 0 && data[0] == '[' {
		err = dec.Decode(&f.Tests)
	} else {
		err = dec.Decode(f)
	}
	if err != nil {
		return nil, fmt.Errorf("not a policy test file: %s", jsonerr.Describe(err))
	}
	if len(f.Tests) == 0 {
		return nil, errors.New("no tests")
	}
	for i, c := range f.Tests {
		if len(c.Request) == 0 {
			return nil, fmt.Errorf("test %d (%s): no request", i+1, c.Name)
		}
		if !c.Want.Error && !c.Want.Behavior.Valid() {
			return nil, fmt.Errorf("test %d (%s): want.behavior must be allow, deny or ask", i+1, c.Name)
		}
	}
	return f, nil
}

// Check compares a decision (or the error deciding returned) with what the
// case wants, and returns "" when it matches, else what differs.
func (w Want) Check(d api.Decision, err error) string {
	if w.Error {
		if err == nil {
			return fmt.Sprintf("want an error, got %s (%s)", d.Behavior, Describe(d))
		}
		return ""
	}
	if err != nil {
		return "want " + string(w.Behavior) + ", got error: " + err.Error()
	}
	var diffs []string
	if d.Behavior != w.Behavior {
		diffs = append(diffs, fmt.Sprintf("behavior %s, want %s", d.Behavior, w.Behavior))
	}
	if w.Reason != "" && string(d.Reason.Type) != w.Reason {
		diffs = append(diffs, fmt.Sprintf("reason %s, want %s", d.Reason.Type, w.Reason))
	}
	if w.Rule != "" && d.Reason.Rule != w.Rule {
		diffs = append(diffs, fmt.Sprintf("rule %q, want %q", d.Reason.Rule, w.Rule))
	}
	if w.Source != "" && d.Reason.Source != w.Source {
		diffs = append(diffs, fmt.Sprintf("source %q, want %q", d.Reason.Source, w.Source))
	}
	var cats []string
	for _, f := range d.Findings {
		cats = append(cats, f.Category)
	}
	for _, c := range w.Categories {
		if !slices.Contains(cats, c) {
			diffs = append(diffs, fmt.Sprintf("no %s finding (findings: %v)", c, cats))
		}
	}
	if len(diffs) == 0 {
		return ""
	}
	msg := diffs[0]
	for _, d := range diffs[1:] {
		msg += "; " + d
	}
	return msg + " — decided by " + Describe(d)
}

// Describe says in one line who decided.
func Describe(d api.Decision) string {
	r := d.Reason
	s := string(r.Type)
	if r.Rule != "" {
		s += " " + r.Rule
	}
	if r.File != "" {
		s += fmt.Sprintf(" (%s:%d)", r.File, r.Line)
	}
	if r.Hook != "" {
		s += " hook " + r.Hook
	}
	if r.Mode != "" {
		s += " mode " + string(r.Mode)
	}
	if r.Message != "" {
		s += ": " + r.Message
	}
	return s
}

// Materialize lays out a self-contained test file in dir: its settings as
// dir/.warden/settings.json, its files and symlinks.
func (f *File) Materialize(dir string) error {
	if len(f.Settings) > 0 {
		if err := os.MkdirAll(filepath.Join(dir, ".warden"), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, ".warden", "settings.json"), f.Settings, 0o644); err != nil {
			return err
		}
	}
	for name, content := range f.Files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if target, ok := strings.CutPrefix(content, "->"); ok {
			if err := os.Symlink(target, p); err != nil {
				return err
			}
			continue
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// DecodeRequest decodes the case's request, making a relative cwd (or none)
// relative to project.
func (c *Case) DecodeRequest(project string) (api.Request, error) {
	req, err := api.DecodeRequest(c.Request)
	if err != nil {
		return req, err
	}
	if req.Cwd == "" {
		req.Cwd = project
	} else if !filepath.IsAbs(req.Cwd) {
		req.Cwd = filepath.Join(project, req.Cwd)
	}
	return req, nil
}

// Scratch is a self-contained test file laid out for deciding: a scratch
// home with the project inside, and the settings loaded from there alone.
type Scratch struct {
	Home     string
	Project  string
	Settings *settings.Settings
}

// NewScratch lays f out under dir (home at dir/home, the project at
// dir/home/projects/app) and loads the project's settings with nothing of
// the machine's own settings (user, org) leaking in.
func (f *File) NewScratch(dir string) (*Scratch, error) {
	home := filepath.Join(dir, "home")
	project := filepath.Join(home, "projects", "app")
	if err := os.MkdirAll(project, 0o755); err != nil {
		return nil, err
	}
	if err := f.Materialize(project); err != nil {
		return nil, err
	}
	vars := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config"),
		"WARDEN_MANAGED_SETTINGS": filepath.Join(dir, "managed-settings.json")}
	st, err := settings.Load(settings.LoadOptions{Cwd: project, Home: home, Getenv: func(k string) string { return vars[k] }})
	if err != nil {
		return nil, err
	}
	return &Scratch{Home: home, Project: project, Settings: st}, nil
}
