package bench

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/rule"
	"github.com/wardenhq/warden/settings"
)

// scaledSet builds n rules, a quarter each of Bash prefixes (sharing their
// first words), path globs, domains and MCP tools; one in ten is a deny
// rule, one in ten an ask rule, the rest allow rules.
func scaledSet(n int) *rule.Set {
	rs := make([]*rule.Rule, 0, n)
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
		b := api.Allow
		switch i % 10 {
		case 4:
			b = api.Deny
		case 9:
			b = api.Ask
		}
		rs = append(rs, rule.MustParse(text, b, rule.Origin{Source: rule.SourceProject, Line: i + 1}))
	}
	return rule.NewSet(rs, rule.Options{})
}

// scaledCalls are calls against scaledSet(n): hits on the last rules of
// their kind (the worst case for a linear scan), misses, and a pipeline.
func scaledCalls(n int) []struct {
	name     string
	subjects []Subject
} {
	last := (n - 10) / 10 * 10 // the first rule of the last group of ten
	script := func(i int) Subject { return Subject{Tool: "Bash", Command: fmt.Sprintf("npm run script%d --ci", i)} }
	return []struct {
		name     string
		subjects []Subject
	}{
		{"bash-early", []Subject{script(0)}},
		{"bash-allow", []Subject{script(last)}},
		{"bash-miss", []Subject{{Tool: "Bash", Command: "npm run nope"}}},
		{"path-allow", []Subject{{Tool: "Read", Path: fmt.Sprintf("/data/proj%d/a/b/c.go", last+1)}}},
		{"domain-deny", []Subject{{Tool: "WebFetch", Domain: fmt.Sprintf("api.svc%d.example.com", last+6)}}},
		{"pipeline-4", []Subject{script(last), script(last - 10), script(0),
			{Tool: "Read", Path: "/data/x.go", Incidental: true}}},
	}
}

// BenchmarkEvaluate measures rule matching alone: the subjects of a call
// are ready, and each engine applies n rules to them.
func BenchmarkEvaluate(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{10, 100, 1000, 10000} {
		set := scaledSet(n)
		evs := engines(b, set)
		w := evs["warden"].(*Warden)
		for _, c := range scaledCalls(n) {
			want, _ := w.Evaluate(ctx, c.subjects)
			for _, name := range []string{"warden", "rego", "cedar"} {
				ev := evs[name]
				if got, err := ev.Evaluate(ctx, c.subjects); err != nil || got != want {
					b.Fatalf("%d rules, %s, %s: got %v, %v; want %v", n, c.name, name, got, err, want)
				}
				b.Run(fmt.Sprintf("rules=%d/%s/%s", n, c.name, name), func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						_, _ = ev.Evaluate(ctx, c.subjects)
					}
				})
			}
		}
	}
}

// BenchmarkPrepare measures building each engine from 1000 rules.
func BenchmarkPrepare(b *testing.B) {
	set := scaledSet(1000)
	p, err := Translate(set.Rules(), env)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("warden", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			rule.NewSet(set.Rules(), rule.Options{})
		}
	})
	b.Run("rego", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := NewRego(context.Background(), p); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("cedar", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := NewCedar(p); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// wardenEngine is the whole decision engine on the shared policy.
func wardenEngine(t testing.TB, set *rule.Set) *warden.Engine {
	t.Helper()
	st := &settings.Settings{Rules: set.Rules(), DefaultMode: api.ModeDefault, ProjectRoot: project, Home: home,
		Approvals: settings.ApprovalsConfig{TimeoutSeconds: settings.DefaultApprovalTimeoutSeconds}}
	_, tenv := checkers()
	e, err := warden.New(warden.WithSettings(st), warden.WithCwd(project), warden.WithHome(home),
		warden.WithHooks(nil), warden.WithPathResolver(tenv.Paths))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestEngineAgrees checks that the whole engine, where a rule decides,
// decides as the rule engines do and names the same rule.
func TestEngineAgrees(t *testing.T) {
	set := policySet(t)
	e := wardenEngine(t, set)
	for _, c := range requestCases {
		if c.want.Behavior == "" {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			d, err := e.Check(context.Background(), c.req)
			if err != nil {
				t.Fatal(err)
			}
			got := Verdict{Behavior: d.Behavior, Rule: d.Reason.Rule}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s\n%+v", diff, d)
			}
		})
	}
}

// BenchmarkDecide measures whole calls on the shared policy: Warden's
// engine (every step of the pipeline: checkers, shell analysis, rules,
// safety findings, modes, decision ID), and Warden's checkers followed by
// each rule engine — what a deployment on Rego or Cedar would still have to
// run.
func BenchmarkDecide(b *testing.B) {
	ctx := context.Background()
	set := policySet(b)
	evs := engines(b, set)
	e := wardenEngine(b, set)
	reg, tenv := checkers()
	for _, c := range requestCases {
		switch c.name {
		case "allowed command", "hidden behind an allowed one", "in bash -c", "read tool", "web fetch":
		default:
			continue
		}
		b.Run(c.name+"/engine", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Check(ctx, c.req); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/analysis-only", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Analyze(reg, &c.req, tenv)
			}
		})
		for _, name := range []string{"warden", "rego", "cedar"} {
			ev := evs[name]
			b.Run(c.name+"/analysis+"+name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := ev.Evaluate(ctx, Analyze(reg, &c.req, tenv)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
