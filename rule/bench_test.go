package rule

import (
	"fmt"
	"testing"

	"github.com/wardenhq/warden/api"
)

// benchSet builds n allow rules, a quarter each of Bash prefixes (sharing
// their first words, the hard case for a word index), path globs, domains
// and MCP tools.
func benchSet(n int) *Set {
	rs := make([]*Rule, 0, n)
	for i := range n {
		var text string
		switch i % 4 {
		case 0:
			text = fmt.Sprintf("Bash(npm run script%d:*)", i)
		case 1:
			text = fmt.Sprintf("Read(//data/proj%d/**/*.go)", i)
		case 2:
			text = fmt.Sprintf("WebFetch(domain:*.svc%d.example.com)", i)
		case 3:
			text = fmt.Sprintf("mcp__server%d__tool", i)
		}
		rs = append(rs, MustParse(text, api.Allow, Origin{Source: SourceProject, Line: i + 1}))
	}
	return NewSet(rs, Options{})
}

func BenchmarkMatch(b *testing.B) {
	env := Env{Cwd: "/home/u/repo", Home: "/home/u"}
	for _, n := range []int{10, 100, 1000, 10000} {
		set := benchSet(n)
		last := (n - 4) / 4 * 4 // the first rule of the last group of four
		cases := []struct {
			name string
			sub  Subject
			hit  bool
		}{
			{"bash/early", Subject{Tool: "Bash", Command: "npm run script0 --watch"}, true},
			{"bash/late", Subject{Tool: "Bash", Command: fmt.Sprintf("npm run script%d", last)}, true},
			{"bash/miss", Subject{Tool: "Bash", Command: "npm run nope"}, false},
			{"path/early", Subject{Tool: "Read", Path: "/data/proj1/a/b/c.go"}, true},
			{"path/late", Subject{Tool: "Read", Path: fmt.Sprintf("/data/proj%d/a/b/c.go", last+1)}, true},
			{"path/miss", Subject{Tool: "Read", Path: "/data/proj1/a/b/c.txt"}, false},
			{"domain/early", Subject{Tool: "WebFetch", Domain: "api.svc2.example.com"}, true},
			{"domain/late", Subject{Tool: "WebFetch", Domain: fmt.Sprintf("api.svc%d.example.com", last+2)}, true},
			{"domain/miss", Subject{Tool: "WebFetch", Domain: "api.nope.example.com"}, false},
			{"mcp/early", Subject{Tool: "mcp__server3__tool"}, true},
			{"mcp/late", Subject{Tool: fmt.Sprintf("mcp__server%d__tool", last+3)}, true},
			{"mcp/miss", Subject{Tool: "mcp__server3__other"}, false},
		}
		for _, c := range cases {
			if got := set.Match(api.Allow, &c.sub, env) != nil; got != c.hit {
				b.Fatalf("%d rules, %s: hit %v, want %v", n, c.name, got, c.hit)
			}
			b.Run(fmt.Sprintf("rules=%d/%s", n, c.name), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					set.Match(api.Allow, &c.sub, env)
				}
			})
		}
	}
}

// BenchmarkScan is the straightforward loop over every rule that the index
// replaces, for comparison.
func BenchmarkScan(b *testing.B) {
	env := Env{Cwd: "/home/u/repo", Home: "/home/u"}
	for _, n := range []int{1000} {
		set := benchSet(n)
		sub := Subject{Tool: "Read", Path: "/data/none/a.go"}
		b.Run(fmt.Sprintf("rules=%d/path/miss", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range set.Rules() {
					if r.Matches(&sub, env) {
						break
					}
				}
			}
		})
	}
}

func BenchmarkFind(b *testing.B) {
	set := NewSet(append(benchSet(1000).Rules(),
		MustParse("Bash(rm:*)", api.Deny, Origin{Source: SourceOrg}),
		MustParse("Read(./.env)", api.Deny, Origin{Source: SourceProject}),
		MustParse("Bash(git push:*)", api.Ask, Origin{Source: SourceUser}),
	), Options{})
	env := Env{Cwd: "/home/u/repo", Home: "/home/u"}
	// npm run script0 | grep x < .env: two commands and a read.
	subs := []Subject{
		{Tool: "Bash", Command: "npm run script0"},
		{Tool: "Bash", Command: "grep x"},
		{Tool: "Read", Path: "/home/u/repo/.env", Incidental: true},
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, beh := range []api.Behavior{api.Deny, api.Ask, api.Allow} {
			set.Find(beh, subs, env)
		}
	}
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range []string{"Bash(npm run test:*)", "Read(~/.ssh/**)", "WebFetch(domain:*.example.com)", "mcp__gh__get_*"} {
			if _, err := Parse(s, api.Deny, Origin{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
