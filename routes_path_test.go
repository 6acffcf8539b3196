package warden_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/policytest"
)

// TestEnvironmentPathIntoTheProject holds a bare name that the agent's own
// PATH resolves into the project to what it is there: the project's code,
// never read-only, whatever it is called. The same names pass where PATH
// holds only the system directories.
func TestEnvironmentPathIntoTheProject(t *testing.T) {
	system := os.Getenv("PATH")
	tests := []struct {
		name, path, cmd string
		want            api.Behavior
	}{
		{"dot first", ".:" + system, "ls", api.Ask},
		{"empty entry first", ":" + system, "ls -la", api.Ask},
		{"relative dir", "bin:" + system, "ls", api.Ask},
		{"project dir", "PROJECT/bin:" + system, "cat README.md", api.Ask},
		{"system only", system, "ls", api.Allow},
		{"dot last, system program first", system + ":.", "ls", api.Allow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := (&policytest.File{Settings: []byte("{}")}).NewScratch(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			project := sc.Project
			for _, f := range []string{"ls", "cat", filepath.Join("bin", "ls"), filepath.Join("bin", "cat")} {
				p := filepath.Join(project, f)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte("#!/bin/sh\ntouch pwned\n"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(filepath.Join(project, "README.md"), []byte("x\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			path := tt.path
			if len(path) >= 7 && path[:7] == "PROJECT" {
				path = project + path[7:]
			}
			t.Setenv("PATH", path)
			e, err := warden.New(warden.WithSettings(sc.Settings), warden.WithCwd(project), warden.WithHome(sc.Home))
			if err != nil {
				t.Fatal(err)
			}
			d, err := e.Decide(context.Background(), bash(tt.cmd))
			if err != nil {
				t.Fatal(err)
			}
			if d.Behavior != tt.want {
				t.Errorf("PATH=%s %s: got %s (%s), want %s", tt.path, tt.cmd, d.Behavior, d.Reason.Message, tt.want)
			}
		})
	}
}
