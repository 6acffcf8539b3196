package agents

import (
	"flag"
	"strings"
	"testing"
)

// TestRegistry: every agent has its own name, a title, a usage line of its
// own init, and init flags that the common ones do not clash with; Lookup
// finds each by name and nothing else.
func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range All {
		name := a.Name()
		if name == "" || seen[name] || strings.ContainsAny(name, " /") {
			t.Errorf("agent name %q is empty, repeated or not a word", name)
		}
		seen[name] = true
		if a.Title() == "" {
			t.Errorf("%s has no title", name)
		}
		if !strings.HasPrefix(a.InitUsage(), "init "+name+" ") {
			t.Errorf("%s: init usage %q", name, a.InitUsage())
		}
		fs := flag.NewFlagSet("init", flag.ContinueOnError)
		if a.Init(fs) == nil {
			t.Errorf("%s: no install", name)
		}
		for _, common := range []string{"command", "allow-temp", "skip-check", "mcp"} {
			if fs.Lookup(common) != nil {
				t.Errorf("%s: init declares --%s, which every init takes", name, common)
			}
		}
		if got, ok := Lookup(name); !ok || got.Name() != name {
			t.Errorf("Lookup(%q) = %v, %v", name, got, ok)
		}
		if Adapters()[name] == nil {
			t.Errorf("%s has no hook endpoint", name)
		}
	}
	if _, ok := Lookup("nobody"); ok {
		t.Error("Lookup found an agent that is not registered")
	}
}

// TestProjectDir: the named agent's own variable only; with no agent named,
// the first variable of any agent that holds an absolute path.
func TestProjectDir(t *testing.T) {
	env := map[string]string{"CLAUDE_PROJECT_DIR": "rel/dir", "GEMINI_PROJECT_DIR": "/g/p/"}
	getenv := func(k string) string { return env[k] }
	for _, tt := range []struct{ agent, want string }{
		{"", "/g/p"},
		{"claude-code", ""}, // relative: not a project
		{"gemini", "/g/p"},
		{"codex", ""}, // names no project
	} {
		if got := ProjectDir(getenv, tt.agent); got != tt.want {
			t.Errorf("ProjectDir(%q) = %q, want %q", tt.agent, got, tt.want)
		}
	}
}
