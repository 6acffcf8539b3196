package bench

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/rule"
)

func TestTranslate(t *testing.T) {
	p := project
	cases := []struct {
		text string
		want PortableRule // Text, Behavior and Order are filled in
		err  bool
	}{
		{text: "Bash", want: PortableRule{Tool: "Bash", Tools: []string{"Bash"}}},
		{text: "Bash(*)", want: PortableRule{Tool: "Bash", Tools: []string{"Bash"}}},
		{text: "Bash(npm run test:*)", want: PortableRule{Tool: "Bash", Tools: []string{"Bash"}, Field: FieldCommand,
			Values: []Glob{{"npm run test"}, {"npm run test ", ""}}}},
		{text: "Bash(git diff *)", want: PortableRule{Tool: "Bash", Tools: []string{"Bash"}, Field: FieldCommand,
			Values: []Glob{{"git diff"}, {"git diff ", ""}}}},
		{text: "Bash(git * main)", want: PortableRule{Tool: "Bash", Tools: []string{"Bash"}, Field: FieldCommand,
			Values: []Glob{{"git ", " main"}}}},
		{text: "Bash(a * b *)", want: PortableRule{Tool: "Bash", Tools: []string{"Bash"}, Field: FieldCommand,
			Values: []Glob{{"a ", " b ", ""}}}},
		{text: `Bash(echo \* \\ x)`, want: PortableRule{Tool: "Bash", Tools: []string{"Bash"}, Field: FieldCommand,
			Values: []Glob{{`echo * \ x`}}}},
		{text: "Bash(/usr/bin/git  status)", want: PortableRule{Tool: "Bash", Tools: []string{"Bash"}, Field: FieldCommand,
			Values: []Glob{{"git status"}}}},
		{text: "Read", want: PortableRule{Tool: "Read", Tools: []string{"Read", "Glob", "Grep", "LS", "NotebookRead"}}},
		{text: "Read(./.env)", want: PortableRule{Tool: "Read", Tools: []string{"Read", "Glob", "Grep", "LS", "NotebookRead"},
			Field: FieldPath, Values: []Glob{{p + "/.env"}, {p + "/.env/", ""}}}},
		{text: "Write(src)", want: PortableRule{Tool: "Write", Tools: []string{"Write"}, Field: FieldPath,
			Values: []Glob{{p + "/src"}, {p + "/src/", ""}, {p + "/", "/src"}, {p + "/", "/src/", ""}}}},
		{text: "Edit(//etc/**)", want: PortableRule{Tool: "Edit", Tools: []string{"Edit", "Write", "MultiEdit", "NotebookEdit"},
			Field: FieldPath, Values: []Glob{{"/etc"}, {"/etc/", ""}}}},
		{text: "Edit(//**)", want: PortableRule{Tool: "Edit", Tools: []string{"Edit", "Write", "MultiEdit", "NotebookEdit"},
			Field: FieldPath, Values: []Glob{{"/"}, {"/", ""}}}},
		{text: "Edit(~/.ssh)", want: PortableRule{Tool: "Edit", Tools: []string{"Edit", "Write", "MultiEdit", "NotebookEdit"},
			Field: FieldPath, Values: []Glob{{home + "/.ssh"}, {home + "/.ssh/", ""}}}},
		{text: "Edit(/docs/*)", want: PortableRule{Tool: "Edit", Tools: []string{"Edit", "Write", "MultiEdit", "NotebookEdit"},
			Field: FieldPath, Values: []Glob{{"/repo/docs/", ""}}}},
		{text: "Edit(../shared/**/*.go)", want: PortableRule{Tool: "Edit", Tools: []string{"Edit", "Write", "MultiEdit", "NotebookEdit"},
			Field: FieldPath, Values: []Glob{{"/home/u/projects/shared/", ".go"}, {"/home/u/projects/shared/", ".go/", ""}}}},
		{text: "Read(*.pem)", want: PortableRule{Tool: "Read", Tools: []string{"Read", "Glob", "Grep", "LS", "NotebookRead"},
			Field: FieldPath, Values: []Glob{{p + "/", ".pem"}, {p + "/", ".pem/", ""}}}},
		{text: "Read(src/*.go)", err: true},
		{text: "Read(src/**/test_*)", err: true},
		{text: "Read(file?.txt)", err: true},
		{text: "Read(x/[ab]/**)", err: true},
		{text: "Read(//*)", err: true},
		{text: "WebFetch(domain:Example.COM.)", want: PortableRule{Tool: "WebFetch", Tools: []string{"WebFetch"},
			Field: FieldDomain, Values: []Glob{{"example.com"}}}},
		{text: "WebFetch(domain:*.example.com)", want: PortableRule{Tool: "WebFetch", Tools: []string{"WebFetch"},
			Field: FieldDomain, Values: []Glob{{"", ".example.com"}}}},
		{text: "WebFetch(domain:*)", want: PortableRule{Tool: "WebFetch", Tools: []string{"WebFetch"},
			Field: FieldDomain, Values: []Glob{{"", ""}}}},
		{text: "mcp__github", want: PortableRule{Tool: "mcp__github", ToolPatterns: []Glob{{"mcp__github"}, {"mcp__github__", ""}}}},
		{text: "mcp__github__*", want: PortableRule{Tool: "mcp__github", ToolPatterns: []Glob{{"mcp__github"}, {"mcp__github__", ""}}}},
		{text: "mcp__github__get_issue", want: PortableRule{Tool: "mcp__github__get_issue", Tools: []string{"mcp__github__get_issue"}}},
		{text: "mcp__github__get_*", want: PortableRule{Tool: "mcp__github", ToolPatterns: []Glob{{"mcp__github__get_", ""}}}},
		{text: "Agent(Explore)", err: true},
		{text: "WebSearch(query:*python*)", err: true},
		{text: "mcp__db__query(sql:DROP*)", err: true},
	}
	env := rule.Env{Cwd: project, Home: home}
	for _, c := range cases {
		t.Run(c.text, func(t *testing.T) {
			r, err := rule.Parse(c.text, api.Deny, rule.Origin{Source: rule.SourceProject, Root: "/repo"})
			if err != nil {
				t.Fatal(err)
			}
			p, err := Translate([]*rule.Rule{r}, env)
			if c.err {
				if !errors.Is(err, ErrUnsupported) {
					t.Fatalf("got %v, %v; want ErrUnsupported", p, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			c.want.Text, c.want.Behavior = c.text, api.Deny
			if diff := cmp.Diff([]PortableRule{c.want}, p.Rules, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestTranslateUnknownDirectory: a rule relative to a directory that is not
// known matches nothing, in every engine.
func TestTranslateUnknownDirectory(t *testing.T) {
	r := rule.MustParse("Read(~/.ssh/**)", api.Deny, rule.Origin{})
	p, err := Translate([]*rule.Rule{r}, rule.Env{Cwd: project})
	if err != nil {
		t.Fatal(err)
	}
	set := rule.NewSet([]*rule.Rule{r}, rule.Options{})
	rg, err := NewRego(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	cd, err := NewCedar(p)
	if err != nil {
		t.Fatal(err)
	}
	subjects := []Subject{{Tool: "Read", Path: "/home/u/.ssh/id_rsa"}}
	for name, ev := range map[string]Evaluator{"warden": NewWarden(set, rule.Env{Cwd: project}), "rego": rg, "cedar": cd} {
		got, err := ev.Evaluate(t.Context(), subjects)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(Verdict{}, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
}

func TestTranslateRefusesStandIns(t *testing.T) {
	r, err := rule.Parse("Bash(rm", api.Deny, rule.Origin{})
	if err == nil || r == nil {
		t.Fatalf("want a fail-closed stand-in, got %v, %v", r, err)
	}
	if _, err := Translate([]*rule.Rule{r}, env); !errors.Is(err, ErrUnsupported) {
		t.Fatalf("got %v, want ErrUnsupported", err)
	}
}

func TestGlobMatch(t *testing.T) {
	cases := []struct {
		g    Glob
		s    string
		want bool
	}{
		{Glob{"abc"}, "abc", true},
		{Glob{"abc"}, "abcd", false},
		{Glob{"a", ""}, "a", true},
		{Glob{"a", ""}, "a/b c", true},
		{Glob{"", ".com"}, "x.com", true},
		{Glob{"", ".com"}, "x.org", false},
		{Glob{"ab", "ba"}, "aba", false}, // prefix and suffix may not overlap
		{Glob{"ab", "ba"}, "abba", true},
		{Glob{"a ", " b ", ""}, "a x b y", true},
		{Glob{"a ", " b ", ""}, "a  b", false},
		{Glob{"/", "/x/", ""}, "/a/x/b", true},
		{Glob{"/", "/x/", ""}, "/a/xx/b", false},
	}
	for _, c := range cases {
		if got := c.g.Match(c.s); got != c.want {
			t.Errorf("%q.Match(%q) = %v, want %v", c.g.String(), c.s, got, c.want)
		}
	}
}
