package warden_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/settings"
)

// benchEngine builds an engine over n rules of each family: Bash prefixes,
// path globs, domains and MCP tools.
func benchEngine(b *testing.B, n int) *warden.Engine {
	b.Helper()
	var allow []string
	for i := range n {
		allow = append(allow,
			fmt.Sprintf("Bash(tool%d run:*)", i),
			fmt.Sprintf("Read(//data/proj%d/**)", i),
			fmt.Sprintf("WebFetch(domain:host%d.example.com)", i),
			fmt.Sprintf("mcp__server%d__tool", i))
	}
	doc, _ := json.Marshal(map[string]any{"permissions": map[string]any{"allow": allow}})
	st, err := settings.ParseFile(settings.File{Source: settings.SourceProject, Path: "bench.json"}, doc,
		settings.LoadOptions{Cwd: "/work/app", Home: "/home/bench", Getenv: func(string) string { return "" }})
	if err != nil {
		b.Fatal(err)
	}
	e, err := warden.New(warden.WithSettings(st), warden.WithCwd("/work/app"), warden.WithHome("/home/bench"), warden.WithHooks(nil))
	if err != nil {
		b.Fatal(err)
	}
	return e
}

// BenchmarkDecide measures whole decisions (no hooks, no audit) on static
// rule sets of 10 to 10,000 rules per family, for requests that hit the
// first rule, the last rule, or none. File decisions include resolving
// symlinks on the real file system.
func BenchmarkDecide(b *testing.B) {
	for _, n := range []int{10, 100, 1000, 10000} {
		e := benchEngine(b, n)
		cases := map[string]func(i int) api.Request{
			"bash": func(i int) api.Request {
				return api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": fmt.Sprintf("tool%d run --fast", i)}}
			},
			"path": func(i int) api.Request {
				return api.Request{ToolName: "Read", ToolInput: map[string]any{"file_path": fmt.Sprintf("/data/proj%d/src/main.go", i)}}
			},
			"domain": func(i int) api.Request {
				return api.Request{ToolName: "WebFetch", ToolInput: map[string]any{"url": fmt.Sprintf("https://host%d.example.com/doc", i), "prompt": "p"}}
			},
			"mcp": func(i int) api.Request {
				return api.Request{ToolName: fmt.Sprintf("mcp__server%d__tool", i), ToolInput: map[string]any{}}
			},
		}
		for _, family := range []string{"bash", "path", "domain", "mcp"} {
			for _, hit := range []struct {
				name string
				i    int
				want api.Behavior
			}{{"early", 0, api.Allow}, {"late", n - 1, api.Allow}, {"miss", n + 7, api.Ask}} {
				req := cases[family](hit.i)
				b.Run(fmt.Sprintf("%s/%d/%s", family, n, hit.name), func(b *testing.B) {
					ctx := context.Background()
					if d, err := e.Check(ctx, req); err != nil || d.Behavior != hit.want {
						b.Fatalf("decision %s (%v), want %s: %s", d.Behavior, err, hit.want, d.Reason.Message)
					}
					b.ReportAllocs()
					for b.Loop() {
						_, _ = e.Check(ctx, req)
					}
				})
			}
		}
	}
}
