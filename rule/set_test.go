package rule

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/wardenhq/warden/api"
)

// rules parses a list of "behaviour source text" lines.
func rules(t testing.TB, lines ...[3]string) []*Rule {
	t.Helper()
	var out []*Rule
	for i, l := range lines {
		r, err := Parse(l[2], api.Behavior(l[0]), Origin{Source: Source(l[1]), File: l[1] + ".json", Line: i + 1})
		if err != nil {
			t.Fatalf("%s: %v", l[2], err)
		}
		out = append(out, r)
	}
	return out
}

func TestFind(t *testing.T) {
	set := NewSet(rules(t,
		[3]string{"allow", "user", "Bash(git *)"},
		[3]string{"allow", "project", "Bash(npm test)"},
		[3]string{"allow", "local", "Bash(git status)"},
		[3]string{"deny", "user", "Bash(rm:*)"},
		[3]string{"deny", "org", "Bash(rm -rf:*)"},
		[3]string{"deny", "project", "Read(./.env)"},
		[3]string{"ask", "project", "Bash(git push:*)"},
		[3]string{"allow", "project", "Read"},
	), Options{})
	type result struct {
		Rule    string
		Subject int
	}
	tests := []struct {
		name string
		b    api.Behavior
		subs []Subject
		want *result
	}{
		{"deny: the highest source is reported", api.Deny, []Subject{bash("rm -rf /")}, &result{"Bash(rm -rf:*)", 0}},
		{"deny: any subject is enough", api.Deny, []Subject{bash("ls"), bash("rm x")}, &result{"Bash(rm:*)", 1}},
		{"deny: across subjects the highest source wins", api.Deny,
			[]Subject{bash("rm x"), bash("rm -rf y")}, &result{"Bash(rm -rf:*)", 1}},
		{"deny: incidental subjects count", api.Deny,
			[]Subject{bash("cat .env"), {Tool: "Read", Path: ".env", Incidental: true}},
			&result{"Read(./.env)", 1}},
		{"deny: dynamic subjects count", api.Deny,
			[]Subject{{Tool: "Bash", Command: "rm $X", Dynamic: true}}, &result{"Bash(rm:*)", 0}},
		{"deny: no match", api.Deny, []Subject{bash("ls")}, nil},
		{"deny: a variant spelling is enough", api.Deny,
			[]Subject{{Tool: "Bash", Command: "\\rm x", Variants: []string{"ls", "rm  x"}}}, &result{"Bash(rm:*)", 0}},
		{"ask: a variant spelling is enough", api.Ask,
			[]Subject{{Tool: "Bash", Command: "git -C d push", Variants: []string{"git push"}}}, &result{"Bash(git push:*)", 0}},
		{"allow: variant spellings never allow", api.Allow,
			[]Subject{{Tool: "Bash", Command: "npm ci", Variants: []string{"npm test"}}}, nil},
		{"ask", api.Ask, []Subject{bash("git push -f")}, &result{"Bash(git push:*)", 0}},
		{"allow: every subject", api.Allow, []Subject{bash("git status"), bash("npm test")}, &result{"Bash(git status)", 0}},
		{"allow: one uncovered subject", api.Allow, []Subject{bash("git log"), bash("npm ci")}, nil},
		{"allow: incidental subjects need no allow rule", api.Allow,
			[]Subject{bash("git show"), {Tool: "Edit", Path: "/x", Incidental: true}},
			&result{"Bash(git *)", 0}},
		{"allow: a dynamic subject is never allowed", api.Allow,
			[]Subject{bash("git log"), {Tool: "Bash", Command: "git $X", Dynamic: true}}, nil},
		{"allow: nothing to allow", api.Allow, nil, nil},
		{"allow: only incidental subjects", api.Allow, []Subject{{Tool: "Read", Path: "/x", Incidental: true}}, nil},
		{"allow: family head", api.Allow, []Subject{file("Grep", "/anywhere")}, &result{"Read", 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, ok := set.Find(tt.b, tt.subs, testEnv)
			var got *result
			if ok {
				got = &result{m.Rule.Text, m.Subject}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

func TestEvaluate(t *testing.T) {
	set := NewSet(rules(t,
		[3]string{"allow", "org", "Bash"},
		[3]string{"ask", "user", "Bash(git push:*)"},
		[3]string{"deny", "session", "Bash(rm:*)"},
	), Options{})
	tests := []struct {
		cmd  string
		want api.Behavior
		rule string
	}{
		{"rm -rf /", api.Deny, "Bash(rm:*)"}, // a deny from the weakest source beats an org allow
		{"git push", api.Ask, "Bash(git push:*)"},
		{"ls", api.Allow, "Bash"},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			b, m, ok := set.Evaluate([]Subject{bash(tt.cmd)}, testEnv)
			if !ok || b != tt.want || m.Rule.Text != tt.rule {
				t.Errorf("Evaluate = %q %v %v, want %q by %s", b, m.Rule, ok, tt.want, tt.rule)
			}
		})
	}
	if _, _, ok := NewSet(nil, Options{}).Evaluate([]Subject{bash("ls")}, testEnv); ok {
		t.Error("an empty set decided")
	}
	var nilSet *Set
	if nilSet.Match(api.Deny, &Subject{Tool: "Bash"}, testEnv) != nil || nilSet.Matches(nil, testEnv) != nil {
		t.Error("a nil set matched")
	}
}

func TestPrecedenceOrder(t *testing.T) {
	rs := rules(t,
		[3]string{"deny", "user", "Bash(a:*)"},
		[3]string{"deny", "project", "Bash(a b:*)"},
		[3]string{"deny", "project", "Bash"},
		[3]string{"deny", "cli", "Bash(*)"},
		[3]string{"deny", "classifier", "Bash(a b c)"},
		[3]string{"deny", "", "Bash(a*)"},
	)
	set := NewSet(append(rs, nil), Options{})
	var got []string
	for _, m := range set.Matches([]Subject{bash("a b c")}, testEnv) {
		got = append(got, m.Rule.Text)
	}
	want := []string{"Bash(*)", "Bash(a b:*)", "Bash", "Bash(a:*)", "Bash(a b c)", "Bash(a*)"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Matches order (-want +got)\n%s", diff)
	}
	if r := set.Match(api.Deny, &Subject{Tool: "Bash", Command: "a b c"}, testEnv); r == nil || r.Text != "Bash(*)" {
		t.Errorf("Match = %v, want Bash(*)", r)
	}
	if len(set.Rules()) != len(rs) {
		t.Errorf("Rules() has %d rules, want %d", len(set.Rules()), len(rs))
	}
}

// TestIndexAgreesWithScan checks the index against a plain scan of every
// rule, on random rules and subjects built from a small vocabulary so that
// they often collide.
func TestIndexAgreesWithScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"git", "push", "rm", "-rf", "npm", "a", "*", "x*", "", "/bin/rm"}
	comps := []string{"a", "b", "*", "**", ".env", "*.pem", "..", "src", "[!a]"}
	hosts := []string{"example.com", "a.example.com", "*.example.com", "*", "b.a.example.com", "io"}
	tools := []string{"Bash", "Read", "Edit", "Write", "Grep", "WebFetch", "mcp__gh", "mcp__gh__x", "mcp__gh__*", "mcp__ghx__x", "Agent", "Tool"}
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	join := func(xs []string, sep string, n int) string {
		s := ""
		for i := range n {
			if i > 0 {
				s += sep
			}
			s += pick(xs)
		}
		return s
	}
	randomRule := func() string {
		tool := pick(tools)
		switch tool {
		case "Bash":
			suffix := pick([]string{"", ":*", " *"})
			return "Bash(" + join(words, " ", 1+rng.IntN(3)) + suffix + ")"
		case "Read", "Edit", "Write", "Grep":
			anchor := pick([]string{"", "./", "//", "~/", "/"})
			return tool + "(" + anchor + join(comps, "/", 1+rng.IntN(3)) + ")"
		case "WebFetch":
			return "WebFetch(domain:" + pick(hosts) + ")"
		case "Agent":
			return "Agent(" + pick([]string{"Explore", "E*"}) + ")"
		case "Tool":
			return "Tool(f:" + pick([]string{"a*", "x", "*"}) + ")"
		}
		return tool
	}
	randomSubject := func() Subject {
		switch rng.IntN(5) {
		case 0:
			s := Subject{Tool: "Bash", Command: join([]string{"git", "push", "rm", "-rf", "npm", "a", "x", "xy", ""}, " ", 1+rng.IntN(4))}
			if rng.IntN(4) == 0 {
				s.Variants = []string{pick(words) + " " + pick(words)}
			}
			s.Dynamic = rng.IntN(6) == 0
			return s
		case 1:
			segs := join([]string{"a", "b", "src", ".env", "k.pem", "home", "u", "repo"}, "/", 1+rng.IntN(5))
			return Subject{Tool: pick([]string{"Read", "Edit", "Write", "Grep", "Glob", "Bash"}), Path: "/" + segs}
		case 2:
			return Subject{Tool: "WebFetch", Domain: pick([]string{"example.com", "a.example.com", "b.a.example.com", "x.io", "EXAMPLE.COM"})}
		case 3:
			return Subject{Tool: pick([]string{"mcp__gh__x", "mcp__gh__y", "mcp__ghx__x", "mcp__gh"})}
		}
		return Subject{Tool: pick([]string{"Agent", "Task", "Tool"}), Input: map[string]any{"subagent_type": "Explore", "f": pick([]string{"a", "ab", "x"})}}
	}
	envs := []Env{{Cwd: "/home/u/repo", Home: "/home/u"}, {Cwd: "/a", Home: "/home/u"}, {Cwd: "/"}}
	behaviors := []api.Behavior{api.Allow, api.Ask, api.Deny}
	sources := []Source{SourceOrg, SourceProject, SourceUser, SourceSession}
	for round := range 300 {
		var rs []*Rule
		for i := range 1 + rng.IntN(40) {
			text := randomRule()
			o := Origin{Source: sources[rng.IntN(len(sources))], Line: i + 1, Root: pick([]string{"", "/home/u/repo", "/a"})}
			r, err := Parse(text, behaviors[rng.IntN(3)], o)
			if err != nil && r == nil {
				continue
			}
			rs = append(rs, r)
		}
		set := NewSet(rs, Options{})
		for range 30 {
			sub := randomSubject()
			env := envs[rng.IntN(len(envs))]
			for _, b := range behaviors {
				var want *Rule
				for _, r := range set.Rules() {
					if r.Behavior == b && r.Matches(&sub, env) {
						want = r
						break
					}
				}
				if got := set.Match(b, &sub, env); got != want {
					t.Fatalf("round %d: %s %+v in %+v:\n index %v\n scan  %v\nrules %v", round, b, sub, env, got, want, fmt.Sprint(set.Rules()))
				}
			}
		}
	}
}

func TestAllowManagedRulesOnly(t *testing.T) {
	rs := rules(t,
		[3]string{"allow", "project", "Bash(ls)"},
		[3]string{"allow", "org", "Bash(pwd)"},
		[3]string{"deny", "user", "Bash(pwd)"},
	)
	set := NewSet(rs, Options{AllowManagedRulesOnly: true})
	if _, ok := set.Find(api.Allow, []Subject{bash("ls")}, testEnv); ok {
		t.Error("a project allow rule applies under AllowManagedRulesOnly")
	}
	if m, ok := set.Find(api.Allow, []Subject{bash("pwd")}, testEnv); !ok || m.Rule.Source != SourceOrg {
		t.Errorf("org allow rule: %v %v", m.Rule, ok)
	}
	if _, ok := set.Find(api.Deny, []Subject{bash("pwd")}, testEnv); !ok {
		t.Error("a user deny rule was dropped")
	}
	if diff := cmp.Diff([]*Rule{rs[0]}, set.Ignored(), cmp.Comparer(func(a, b *Rule) bool { return a == b })); diff != "" {
		t.Errorf("Ignored (-want +got)\n%s", diff)
	}
	if _, ok := NewSet(rs, Options{}).Find(api.Allow, []Subject{bash("ls")}, testEnv); !ok {
		t.Error("without the option the project allow rule is lost")
	}
}
