package warden_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/policytest"
)

// scratchProject lays out a corpus file in a fresh home and project and
// returns an engine deciding there.
func scratchProject(t testing.TB, f *policytest.File, opts ...warden.Option) (*warden.Engine, string) {
	t.Helper()
	sc, err := f.NewScratch(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e, err := warden.New(append([]warden.Option{warden.WithSettings(sc.Settings), warden.WithCwd(sc.Project), warden.WithHome(sc.Home)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return e, sc.Project
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
