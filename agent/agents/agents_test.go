package agents

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wardenhq/warden/agent/hookconf"
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

// TestInitRecordsRan: every agent's init installs, besides the hooks that
// decide, the hook that reports a call ran, and its doctor finds it (for
// Codex, trusted); a second init changes nothing.
func TestInitRecordsRan(t *testing.T) {
	for _, a := range All {
		t.Run(a.Name(), func(t *testing.T) {
			dir := t.TempDir()
			home, proj := filepath.Join(dir, "home"), filepath.Join(dir, "proj")
			for _, d := range []string{home, proj} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			env := map[string]string{"HOME": home, "CODEX_HOME": filepath.Join(home, ".codex"),
				"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(dir, "none.json")}
			getenv := func(k string) string { return env[k] }
			install := func() string {
				fs := flag.NewFlagSet("init", flag.ContinueOnError)
				run := a.Init(fs)
				if fs.Lookup("project") != nil {
					if err := fs.Set("project", proj); err != nil {
						t.Fatal(err)
					}
				}
				var out bytes.Buffer
				s := &hookconf.Setup{Stdout: &out, Stderr: &out, Getenv: getenv, SkipCheck: true,
					Command:         func(args string) (string, error) { return "/opt/warden/bin/warden " + args, nil },
					ApprovalTimeout: func(string) int { return 60 }}
				if err := run(context.Background(), s); err != nil {
					t.Fatalf("init: %v\n%s", err, out.String())
				}
				return out.String()
			}
			first := install()
			if !strings.Contains(first, "added") {
				t.Fatalf("init added nothing:\n%s", first)
			}
			if again := install(); strings.Contains(again, "added") || strings.Contains(again, "updated") {
				t.Errorf("a second init changed the files:\n%s", again)
			}
			var report bytes.Buffer
			c := &hookconf.Checkup{W: &report, Getenv: getenv, Home: home, Dir: proj, Root: proj, Approval: 60}
			a.Doctor(context.Background(), c)
			if !strings.Contains(report.String(), "records whether the call ran") || strings.Contains(report.String(), "not trusted") {
				t.Errorf("doctor does not find the hook that records the call ran:\n%s", report.String())
			}
		})
	}
}
