package warden_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/settings"
)

// BenchmarkReach measures the decisions that now look at the disk: a
// pattern expanded (cat .e* README*), a tree read judged by what is below
// it (grep -r over a project of 500 files), a file looked into for a key,
// against a deny rule on .env and a floating one on *.pem.
func BenchmarkReach(b *testing.B) {
	root := b.TempDir()
	home, proj := filepath.Join(root, "h"), filepath.Join(root, "h", "proj")
	for i := range 500 {
		p := filepath.Join(proj, "src", fmt.Sprintf("pkg%d", i%20), fmt.Sprintf("f%d.go", i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("package x\n"), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for _, f := range []string{".env", "README.md"} {
		if err := os.WriteFile(filepath.Join(proj, f), []byte("x\n"), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	rules := filepath.Join(root, "rules.json")
	if err := os.WriteFile(rules, []byte(`{"permissions":{"deny":["Read(./.env)","Read(*.pem)"]}}`), 0o644); err != nil {
		b.Fatal(err)
	}
	st, err := settings.Load(settings.LoadOptions{Cwd: proj, ProjectDir: proj, Home: home, Files: []string{rules},
		Getenv: func(k string) string {
			return map[string]string{"WARDEN_MANAGED_SETTINGS": filepath.Join(root, "none.json")}[k]
		}})
	if err != nil {
		b.Fatal(err)
	}
	e, err := warden.New(warden.WithSettings(st), warden.WithCwd(proj), warden.WithHome(home))
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		req  api.Request
	}{
		{"cat a file", bashIn(proj, "cat README.md")},
		{"cat a pattern", bashIn(proj, "cat .e* README*")},
		{"grep -r a subtree", bashIn(proj, "grep -rn TODO src")},
		{"Read a file", api.Request{ToolName: "Read", ToolInput: map[string]any{"file_path": filepath.Join(proj, "README.md")}, Cwd: proj}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Check(context.Background(), c.req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func bashIn(dir, cmd string) api.Request {
	return api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": cmd}, Cwd: dir}
}
