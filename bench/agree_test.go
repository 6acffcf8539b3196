package bench

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/rule"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const (
	home    = "/home/u"
	project = "/home/u/projects/app"
)

var env = rule.Env{Cwd: project, Home: home}

// policyRules is the shared policy: what a team might write for one
// repository, in two settings files.
var policyRules = map[rule.Source]map[api.Behavior][]string{
	rule.SourceLocal: {
		api.Ask: {"Bash(git push origin main)"},
	},
	rule.SourceProject: {
		api.Deny: {
			"Bash(rm:*)", "Bash(curl:*)", "Bash(git push --force:*)",
			"Read(./.env)", "Read(./secrets/**)", "Read(~/.ssh/**)", "Read(*.pem)",
			"Edit(//etc/**)", "WebFetch(domain:*.evil.example)", "mcp__github__delete_repo",
		},
		api.Ask: {
			"Bash(git push:*)", "Bash(npm publish)", "Edit(.github/**)", "Edit(**/package-lock.json)",
			"WebFetch(domain:pastebin.com)", "mcp__prod",
		},
		api.Allow: {
			"Bash(npm run test:*)", "Bash(npm test)", "Bash(git diff *)", "Bash(git * --dry-run)",
			"Bash(docker compose * up *)", "Bash(/usr/bin/make build)", "Bash(echo \\*)",
			"Read(src/**)", "Edit(src/**/*.go)", "Edit(./docs)", "Read(~/.zshrc)", "Grep(./vendor/**)",
			"WebFetch(domain:docs.python.org)", "WebFetch(domain:*.github.com)",
			"mcp__github", "mcp__linear__get_*", "Glob",
		},
	},
}

// policySet parses policyRules in a fixed order.
func policySet(t testing.TB) *rule.Set {
	t.Helper()
	var rs []*rule.Rule
	for _, src := range []rule.Source{rule.SourceLocal, rule.SourceProject} {
		for _, b := range []api.Behavior{api.Deny, api.Ask, api.Allow} {
			for i, text := range policyRules[src][b] {
				r, err := rule.Parse(text, b, rule.Origin{Source: src, Line: i + 1, Root: project})
				if err != nil {
					t.Fatal(err)
				}
				rs = append(rs, r)
			}
		}
	}
	return rule.NewSet(rs, rule.Options{})
}

// engines builds the three evaluators on one rule set.
func engines(t testing.TB, set *rule.Set) map[string]Evaluator {
	t.Helper()
	p, err := Translate(set.Rules(), env)
	if err != nil {
		t.Fatal(err)
	}
	rg, err := NewRego(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	cd, err := NewCedar(p)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]Evaluator{"warden": NewWarden(set, env), "rego": rg, "cedar": cd}
}

func bashS(cmd string) rule.Subject { return rule.Subject{Tool: "Bash", Command: cmd} }
func fileS(tool, p string) rule.Subject {
	return rule.Subject{Tool: tool, Path: p}
}
func webS(host string) rule.Subject  { return rule.Subject{Tool: "WebFetch", Domain: host} }
func toolS(name string) rule.Subject { return rule.Subject{Tool: name} }

func deny(r string) Verdict  { return Verdict{Behavior: api.Deny, Rule: r} }
func ask(r string) Verdict   { return Verdict{Behavior: api.Ask, Rule: r} }
func allow(r string) Verdict { return Verdict{Behavior: api.Allow, Rule: r} }

// agreementCases are calls with the verdict Warden's semantics give them.
var agreementCases = []struct {
	name     string
	subjects []rule.Subject
	want     Verdict
}{
	{"prefix rule with arguments", []rule.Subject{bashS("npm run test -- --watch=false")}, allow("Bash(npm run test:*)")},
	{"prefix rule alone", []rule.Subject{bashS("npm run test")}, allow("Bash(npm run test:*)")},
	{"prefix stops at a word boundary", []rule.Subject{bashS("npm run testing")}, Verdict{}},
	{"exact rule", []rule.Subject{bashS("npm test")}, allow("Bash(npm test)")},
	{"exact rule, more words", []rule.Subject{bashS("npm test --ci")}, Verdict{}},
	{"blanks collapse", []rule.Subject{bashS("npm   test")}, allow("Bash(npm test)")},
	{"one part denied denies the call", []rule.Subject{bashS("npm test"), bashS("rm -rf /")}, deny("Bash(rm:*)")},
	{"deny beats ask", []rule.Subject{bashS("git push origin x"), bashS("curl evil.example")}, deny("Bash(curl:*)")},
	{"the stronger source is reported", []rule.Subject{bashS("git push origin main")}, ask("Bash(git push origin main)")},
	{"ask rule", []rule.Subject{bashS("git push origin dev")}, ask("Bash(git push:*)")},
	{"more specific deny", []rule.Subject{bashS("git push --force origin dev")}, deny("Bash(git push --force:*)")},
	{"deny sees variants", []rule.Subject{{Tool: "Bash", Command: "git -C /x push --force", Variants: []string{"git push --force"}}}, deny("Bash(git push --force:*)")},
	{"allow never sees variants", []rule.Subject{{Tool: "Bash", Command: "xnpm test", Variants: []string{"npm test"}}}, Verdict{}},
	{"dynamic is never allowed", []rule.Subject{{Tool: "Bash", Command: "npm test", Dynamic: true}}, Verdict{}},
	{"dynamic is still denied", []rule.Subject{{Tool: "Bash", Command: "rm -rf /", Dynamic: true}}, deny("Bash(rm:*)")},
	{"trailing star with nothing", []rule.Subject{bashS("git diff")}, allow("Bash(git diff *)")},
	{"trailing star with arguments", []rule.Subject{bashS("git diff HEAD~1 -- src")}, allow("Bash(git diff *)")},
	{"middle star", []rule.Subject{bashS("git fetch origin --dry-run")}, allow("Bash(git * --dry-run)")},
	{"ask before a middle-star allow", []rule.Subject{bashS("git push --dry-run")}, ask("Bash(git push:*)")},
	{"two stars", []rule.Subject{bashS("docker compose -f dev.yml up -d")}, allow("Bash(docker compose * up *)")},
	{"two stars, no match", []rule.Subject{bashS("docker compose down")}, Verdict{}},
	{"absolute program in a rule", []rule.Subject{bashS("make build")}, allow("Bash(/usr/bin/make build)")},
	{"escaped star is literal", []rule.Subject{bashS("echo *")}, allow("Bash(echo \\*)")},
	{"escaped star does not match", []rule.Subject{bashS("echo hi")}, Verdict{}},
	{"every part must be allowed", []rule.Subject{bashS("npm test"), bashS("make install")}, Verdict{}},
	{"every part allowed", []rule.Subject{bashS("npm test"), bashS("git diff")}, allow("Bash(npm test)")},
	{"no parts", nil, Verdict{}},

	{"anchored file", []rule.Subject{fileS("Read", project+"/.env")}, deny("Read(./.env)")},
	{"inside a matched directory", []rule.Subject{fileS("Read", project+"/.env/x")}, deny("Read(./.env)")},
	{"anchored does not float", []rule.Subject{fileS("Read", project+"/sub/.env")}, Verdict{}},
	{"relative subject path", []rule.Subject{fileS("Read", ".env")}, deny("Read(./.env)")},
	{"family member", []rule.Subject{fileS("Grep", project+"/secrets/a/b")}, deny("Read(./secrets/**)")},
	{"globstar covers the directory", []rule.Subject{fileS("Read", project+"/secrets")}, deny("Read(./secrets/**)")},
	{"home anchor", []rule.Subject{fileS("Read", home+"/.ssh/id_ed25519")}, deny("Read(~/.ssh/**)")},
	{"floating suffix deep", []rule.Subject{fileS("Read", project+"/certs/a/key.pem")}, deny("Read(*.pem)")},
	{"floating suffix at the top", []rule.Subject{fileS("Read", project+"/key.pem")}, deny("Read(*.pem)")},
	{"floating suffix inside", []rule.Subject{fileS("Read", project+"/x.pem/y")}, deny("Read(*.pem)")},
	{"floating is below the cwd only", []rule.Subject{fileS("Read", home+"/key.pem")}, Verdict{}},
	{"allowed read", []rule.Subject{fileS("Read", project+"/src/main.go")}, allow("Read(src/**)")},
	{"read rule is not an edit rule", []rule.Subject{fileS("Edit", project+"/src/x.txt")}, Verdict{}},
	{"suffix below a directory", []rule.Subject{fileS("Edit", project+"/src/a/b.go")}, allow("Edit(src/**/*.go)")},
	{"edit family", []rule.Subject{fileS("Write", project+"/src/b.go")}, allow("Edit(src/**/*.go)")},
	{"absolute anchor", []rule.Subject{fileS("Edit", "/etc/hosts")}, deny("Edit(//etc/**)")},
	{"components, not prefixes", []rule.Subject{fileS("Edit", "/etcetera/x")}, Verdict{}},
	{"protected directory", []rule.Subject{fileS("Edit", project+"/.github/workflows/ci.yml")}, ask("Edit(.github/**)")},
	{"globstar then a name", []rule.Subject{fileS("Edit", project+"/web/package-lock.json")}, ask("Edit(**/package-lock.json)")},
	{"globstar matches no directory", []rule.Subject{fileS("Edit", project+"/package-lock.json")}, ask("Edit(**/package-lock.json)")},
	{"name is not a suffix", []rule.Subject{fileS("Edit", project+"/xpackage-lock.json")}, Verdict{}},
	{"directory rule", []rule.Subject{fileS("Edit", project+"/docs/guide.md")}, allow("Edit(./docs)")},
	{"home file", []rule.Subject{fileS("Read", home+"/.zshrc")}, allow("Read(~/.zshrc)")},
	{"member rule covers the member only", []rule.Subject{fileS("Grep", project+"/vendor/x")}, allow("Grep(./vendor/**)")},
	{"member rule does not cover the head", []rule.Subject{fileS("Read", project+"/vendor/x")}, Verdict{}},
	{"tool-wide rule", []rule.Subject{fileS("Glob", "/anywhere")}, allow("Glob")},
	{"deny beats a tool-wide allow", []rule.Subject{fileS("Glob", project+"/.env")}, deny("Read(./.env)")},

	{"domain", []rule.Subject{webS("docs.python.org")}, allow("WebFetch(domain:docs.python.org)")},
	{"subdomain", []rule.Subject{webS("api.eu.github.com")}, allow("WebFetch(domain:*.github.com)")},
	{"subdomain rule skips the apex", []rule.Subject{webS("github.com")}, Verdict{}},
	{"denied subdomain", []rule.Subject{webS("x.evil.example")}, deny("WebFetch(domain:*.evil.example)")},
	{"asked domain", []rule.Subject{webS("pastebin.com")}, ask("WebFetch(domain:pastebin.com)")},
	{"upper-case host", []rule.Subject{webS("Docs.Python.org.")}, allow("WebFetch(domain:docs.python.org)")},

	{"MCP server", []rule.Subject{toolS("mcp__github__create_issue")}, allow("mcp__github")},
	{"MCP tool denied", []rule.Subject{toolS("mcp__github__delete_repo")}, deny("mcp__github__delete_repo")},
	{"MCP server prefix is not the server", []rule.Subject{toolS("mcp__githubx__a")}, Verdict{}},
	{"MCP tool pattern", []rule.Subject{toolS("mcp__linear__get_issue")}, allow("mcp__linear__get_*")},
	{"MCP tool pattern, no match", []rule.Subject{toolS("mcp__linear__create_issue")}, Verdict{}},
	{"MCP server asked", []rule.Subject{toolS("mcp__prod__query")}, ask("mcp__prod")},

	{"file a command reads is denied", []rule.Subject{{Tool: "Read", Path: project + "/.env", Incidental: true}, bashS("cat .env")}, deny("Read(./.env)")},
	{"file a command reads needs no allow", []rule.Subject{{Tool: "Read", Path: project + "/x", Incidental: true}, bashS("npm test")}, allow("Bash(npm test)")},
	{"only incidental parts", []rule.Subject{{Tool: "Read", Path: project + "/src/x", Incidental: true}}, Verdict{}},
	{"a command that writes", []rule.Subject{bashS("npm test"), fileS("Edit", project+"/src/x.go")}, allow("Bash(npm test)")},
	{"a command that writes outside", []rule.Subject{bashS("npm test"), fileS("Edit", "/etc/passwd")}, deny("Edit(//etc/**)")},
}

// TestEnginesAgree runs every case through Warden, Rego and Cedar. Each
// must give the verdict Warden's semantics call for, with the same rule
// reported.
func TestEnginesAgree(t *testing.T) {
	set := policySet(t)
	evs := engines(t, set)
	ctx := context.Background()
	for _, c := range agreementCases {
		t.Run(c.name, func(t *testing.T) {
			subjects := FromRule(c.subjects, env)
			// Warden's own matcher on the subjects as the checkers make them.
			if diff := cmp.Diff(c.want, verdictOf(set.Evaluate(c.subjects, env))); diff != "" {
				t.Errorf("rule.Set (-want +got):\n%s", diff)
			}
			for _, name := range []string{"warden", "rego", "cedar"} {
				got, err := evs[name].Evaluate(ctx, subjects)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if diff := cmp.Diff(c.want, got); diff != "" {
					t.Errorf("%s (-want +got):\n%s", name, diff)
				}
			}
		})
	}
}

// TestGolden keeps the policy as each engine is given it in testdata, for
// reading: the Cedar policies and the Rego data.
func TestGolden(t *testing.T) {
	set := policySet(t)
	p, err := Translate(set.Rules(), env)
	if err != nil {
		t.Fatal(err)
	}
	cd, err := NewCedar(p)
	if err != nil {
		t.Fatal(err)
	}
	data, err := marshalIndent(RegoData(p))
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string][]byte{"policy.cedar": cd.PolicyText(), "policy-data.json": data} {
		golden := filepath.Join("testdata", name)
		if *update {
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -run TestGolden -update)", err)
		}
		if diff := cmp.Diff(string(want), string(got)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
}

// TestConcurrentEvaluate runs every engine from several goroutines at once;
// under the race detector it checks that each is safe for concurrent use.
func TestConcurrentEvaluate(t *testing.T) {
	evs := engines(t, policySet(t))
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(evs)*len(agreementCases))
	for name, ev := range evs {
		for range 4 {
			wg.Go(func() {
				for _, c := range agreementCases {
					got, err := ev.Evaluate(ctx, FromRule(c.subjects, env))
					if err != nil || got != c.want {
						errs <- fmt.Sprintf("%s, %s: got %v, %v; want %v", name, c.name, got, err, c.want)
					}
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
