package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/rule"
)

// randomSubjects makes calls of one to four parts from pools of words,
// paths, hosts and tools chosen to land near the edges of policyRules.
func randomSubjects(r *rand.Rand) []rule.Subject {
	words := []string{"npm", "run", "test", "testing", "git", "push", "--force", "diff", "fetch", "--dry-run",
		"origin", "main", "rm", "-rf", "/", "curl", "docker", "compose", "up", "-d", "make", "build", "echo",
		"*", "publish", "-C", "x", ""}
	dirs := []string{project, project + "/src", project + "/src/a", project + "/.env", project + "/secrets",
		project + "/.github", project + "/docs", project + "/vendor", home, home + "/.ssh", "/etc", "/etcetera", "/"}
	names := []string{".env", "x.pem", "main.go", "b.go", "package-lock.json", "xpackage-lock.json", ".zshrc",
		"id_ed25519", "hosts", "a"}
	hosts := []string{"docs.python.org", "github.com", "api.github.com", "a.b.github.com", "evil.example",
		"x.evil.example", "pastebin.com", "example.com"}
	tools := []string{"mcp__github__create_issue", "mcp__github__delete_repo", "mcp__githubx__a", "mcp__github",
		"mcp__linear__get_issue", "mcp__linear__create", "mcp__prod__q", "mcp__prod", "Agent", "TodoWrite"}
	fileTools := []string{"Read", "Edit", "Write", "Glob", "Grep", "LS", "MultiEdit", "NotebookEdit"}

	command := func() string {
		n := 1 + r.IntN(5)
		ws := make([]string, n)
		for i := range ws {
			ws[i] = words[r.IntN(len(words))]
		}
		return strings.Join(ws, " ")
	}
	n := r.IntN(5)
	subs := make([]rule.Subject, n)
	for i := range subs {
		var s rule.Subject
		switch r.IntN(4) {
		case 0:
			s = rule.Subject{Tool: "Bash", Command: command(), Dynamic: r.IntN(8) == 0}
			if r.IntN(4) == 0 {
				s.Variants = []string{command()}
			}
		case 1:
			p := dirs[r.IntN(len(dirs))]
			for range r.IntN(3) {
				p = strings.TrimSuffix(p, "/") + "/" + names[r.IntN(len(names))]
			}
			s = rule.Subject{Tool: fileTools[r.IntN(len(fileTools))], Path: p, Incidental: r.IntN(4) == 0}
		case 2:
			s = rule.Subject{Tool: "WebFetch", Domain: hosts[r.IntN(len(hosts))]}
		case 3:
			s = rule.Subject{Tool: tools[r.IntN(len(tools))]}
		}
		subs[i] = s
	}
	return subs
}

// TestEnginesAgreeRandom compares the three engines on many generated
// calls: whatever Warden's rule set decides, Rego and Cedar must decide too,
// with the same rule reported.
func TestEnginesAgreeRandom(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	set := policySet(t)
	evs := engines(t, set)
	r := rand.New(rand.NewPCG(1, 2))
	decided := map[api.Behavior]int{}
	for i := range n {
		subjects := FromRule(randomSubjects(r), env)
		want, _ := evs["warden"].Evaluate(context.Background(), subjects)
		decided[want.Behavior]++
		for _, name := range []string{"rego", "cedar"} {
			got, err := evs[name].Evaluate(context.Background(), subjects)
			if err != nil {
				t.Fatalf("call %d, %s: %v", i, name, err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("call %d %+v, %s (-warden +%s):\n%s", i, subjects, name, name, diff)
			}
		}
	}
	// The pools must reach every outcome, or the comparison proves little.
	for _, b := range []api.Behavior{api.Deny, api.Ask, api.Allow, ""} {
		if decided[b] < n/50 {
			t.Errorf("only %d of %d calls ended %q: %v", decided[b], n, b, decided)
		}
	}
}

// FuzzEnginesAgree translates one rule and compares the engines on one
// subject: every rule Translate accepts must mean the same in Rego and
// Cedar as in Warden.
func FuzzEnginesAgree(f *testing.F) {
	for _, seed := range []struct {
		rule, tool, value string
		behavior          uint8
	}{
		{"Bash(npm run test:*)", "Bash", "npm run test x", 0},
		{"Bash(git * main)", "Bash", "git push origin main", 1},
		{`Bash(echo \* \\)`, "Bash", `echo * \`, 2},
		{"Read(./.env)", "Read", project + "/.env/x", 1},
		{"Read(*.pem)", "Grep", project + "/a/b.pem", 0},
		{"Edit(src/**/x)", "Write", project + "/src/a/x/y", 2},
		{"Edit(//**)", "Edit", "/", 0},
		{"Read(~/.ssh)", "Read", home + "/.ssh", 1},
		{"Read(../**/*.go)", "Read", "/home/u/projects/x.go", 1},
		{"WebFetch(domain:*.a.com)", "WebFetch", "b.a.com", 0},
		{"WebFetch(domain:*)", "WebFetch", "", 0},
		{"mcp__s__get_*", "mcp__s__get_x", "", 2},
		{"mcp__s", "mcp__s__x__y", "", 1},
	} {
		f.Add(seed.rule, seed.behavior, seed.tool, seed.value, false, false)
	}
	f.Fuzz(func(t *testing.T, text string, b uint8, tool, value string, dynamic, incidental bool) {
		behavior := []api.Behavior{api.Allow, api.Ask, api.Deny}[int(b)%3]
		r, err := rule.Parse(text, behavior, rule.Origin{Source: rule.SourceProject, Root: project})
		if err != nil {
			return
		}
		set := rule.NewSet([]*rule.Rule{r}, rule.Options{})
		p, err := Translate(set.Rules(), env)
		if err != nil {
			return
		}
		rs := rule.Subject{Tool: tool, Dynamic: dynamic, Incidental: incidental}
		switch {
		case tool == "Bash":
			rs.Command = value
		case tool == "WebFetch":
			rs.Domain = value
		case !strings.HasPrefix(tool, "mcp__"):
			rs.Path = value
		}
		subjects := FromRule([]rule.Subject{rs}, env)
		want := NewWarden(set, env)
		rg, err := NewRego(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		cd, err := NewCedar(p)
		if err != nil {
			t.Fatal(err)
		}
		w, _ := want.Evaluate(context.Background(), subjects)
		for name, ev := range map[string]Evaluator{"rego": rg, "cedar": cd} {
			got, err := ev.Evaluate(context.Background(), subjects)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if diff := cmp.Diff(w, got); diff != "" {
				t.Errorf("rule %q on %s: %s (-warden +%s):\n%s", text, fmt.Sprintf("%+v", subjects[0]), name, name, diff)
			}
		}
	})
}
