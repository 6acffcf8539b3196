package warden_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/policytest"
	"github.com/wardenhq/warden/settings"
)

// scratchProject lays out a corpus file in a fresh home and project and
// returns an engine deciding there.
func scratchProject(t testing.TB, f *policytest.File, opts ...warden.Option) (*warden.Engine, string) {
	t.Helper()
	home := filepath.Join(t.TempDir(), "home")
	project := filepath.Join(home, "projects", "app")
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := f.Materialize(project); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config"),
		"WARDEN_MANAGED_SETTINGS": filepath.Join(home, "no-managed-settings.json")}
	st, err := settings.Load(settings.LoadOptions{Cwd: project, Home: home, Getenv: func(k string) string { return env[k] }})
	if err != nil {
		t.Fatal(err)
	}
	e, err := warden.New(append([]warden.Option{warden.WithSettings(st), warden.WithCwd(project), warden.WithHome(home)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return e, project
}

// TestDecisionCorpus runs every case of testdata/cases through the library.
// The CLI (cmd/warden) and the HTTP API (server) run the same files.
func TestDecisionCorpus(t *testing.T) {
	files, err := filepath.Glob("testdata/cases/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files: %v", err)
	}
	for _, path := range files {
		f, err := policytest.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(path), func(t *testing.T) {
			e, project := scratchProject(t, f)
			for _, c := range f.Tests {
				t.Run(c.Name, func(t *testing.T) {
					var d api.Decision
					req, err := c.DecodeRequest(project)
					if err == nil {
						d, err = e.Decide(context.Background(), req)
					}
					if msg := c.Want.Check(d, err); msg != "" {
						t.Error(msg)
					}
				})
			}
		})
	}
}
