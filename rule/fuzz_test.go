package rule

import (
	"errors"
	"testing"

	"github.com/wardenhq/warden/api"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"Bash", "Bash(npm run test:*)", "Bash(git * --force)", `Bash(echo \*)`, "Bash(:*)", "Bash(",
		"Read(./.env)", "Read(//etc/**)", "Read(~/.ssh/**)", "Edit(/src/**/*.go)", "Read(../[!a]?/x)", "Read([)",
		"WebFetch(domain:*.example.com)", "WebFetch(domain:)", "mcp__gh", "mcp__gh__get_*", "mcp__*",
		"Agent(Explore)", "Tool(f:a*b)", "Tool(x)", "(", ")", "bash(rm)", "Read(~bob)",
	} {
		f.Add(s, "a b/c")
	}
	f.Fuzz(func(t *testing.T, text, probe string) {
		for _, b := range []api.Behavior{api.Allow, api.Deny} {
			r, err := Parse(text, b, Origin{Line: 3, Column: 7, Root: "/r"})
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) || pe.Column < 7 || pe.Offset < 0 || pe.Offset > len(text) {
					t.Fatalf("Parse(%q): bad error %#v", text, err)
				}
				if (r == nil) != (b == api.Allow) {
					t.Fatalf("Parse(%q, %s): stand-in %v", text, b, r)
				}
				if r == nil {
					continue
				}
			}
			if r.Text != text {
				t.Fatalf("Text %q, want %q", r.Text, text)
			}
			// Matching never panics, and the index agrees with the rule.
			set := NewSet([]*Rule{r}, Options{})
			for _, sub := range []Subject{
				{Tool: r.Tool, Command: probe, Path: probe, Domain: probe, Input: map[string]any{"f": probe, "subagent_type": probe}},
				{Tool: "Bash", Command: probe, Variants: []string{probe, "x " + probe}},
				{Tool: "Read", Path: "/r/" + probe},
				{Tool: "Edit", Path: probe},
				{Tool: "WebFetch", Domain: probe},
			} {
				env := Env{Cwd: "/r/c", Home: "/h"}
				if got, want := set.Match(b, &sub, env) != nil, r.Matches(&sub, env); got != want {
					t.Fatalf("%s %q on %+v: index %v, rule %v", b, text, sub, got, want)
				}
			}
		}
	})
}

func FuzzPathMatch(f *testing.F) {
	for _, s := range [][2]string{
		{"src/**/*.go", "/r/src/a/b.go"}, {"*.pem", "/r/x/y.pem"}, {"//etc/**", "/etc"},
		{"../x", "/x"}, {"a/**/**/b", "/r/a/b"}, {`a\*`, "/r/a*"}, {"[!a-c]", "/r/d"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pattern, p string) {
		r, err := Parse("Read("+pattern+")", api.Deny, Origin{})
		if err != nil {
			return
		}
		sub := Subject{Tool: "Read", Path: p}
		env := Env{Cwd: "/r", Home: "/h"}
		got := NewSet([]*Rule{r}, Options{}).Match(api.Deny, &sub, env) != nil
		if want := r.Matches(&sub, env); got != want {
			t.Fatalf("Read(%s) on %q: index %v, rule %v", pattern, p, got, want)
		}
	})
}
