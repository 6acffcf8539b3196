package rule

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/toolspec"
)

// parsed is what a test compares of a parsed rule.
type parsed struct {
	Tool      string
	Kind      Kind
	Specifier string
	Warnings  int
}

func summary(r *Rule) parsed {
	return parsed{Tool: r.Tool, Kind: r.Kind, Specifier: r.Specifier, Warnings: len(r.Warnings)}
}

func TestParse(t *testing.T) {
	tests := []struct {
		text string
		want parsed
	}{
		{"Bash", parsed{Tool: "Bash", Kind: KindTool}},
		{"Bash(*)", parsed{Tool: "Bash", Kind: KindTool}},
		{"Bash( * )", parsed{Tool: "Bash", Kind: KindTool}},
		{"\u00a0Bash(ls)", parsed{Tool: "Bash", Kind: KindCommand, Specifier: "ls"}},
		{"Bash(npm run test:*)", parsed{Tool: "Bash", Kind: KindCommand, Specifier: "npm run test:*"}},
		{"Bash(git diff *)", parsed{Tool: "Bash", Kind: KindCommand, Specifier: "git diff *"}},
		{"  Bash( ls )  ", parsed{Tool: "Bash", Kind: KindCommand, Specifier: "ls"}},
		{`Bash(python -c "print(1)")`, parsed{Tool: "Bash", Kind: KindCommand, Specifier: `python -c "print(1)"`}},
		{"Bash(npm test && npm run lint)", parsed{Tool: "Bash", Kind: KindCommand, Specifier: "npm test && npm run lint", Warnings: 1}},
		{"bash(rm:*)", parsed{Tool: "Bash", Kind: KindCommand, Specifier: "rm:*", Warnings: 1}},
		{"Read(./.env)", parsed{Tool: "Read", Kind: KindPath, Specifier: "./.env"}},
		{"Read(*)", parsed{Tool: "Read", Kind: KindPath, Specifier: "*"}},
		{"Edit(src/**)", parsed{Tool: "Edit", Kind: KindPath, Specifier: "src/**"}},
		{"Read(//etc/**)", parsed{Tool: "Read", Kind: KindPath, Specifier: "//etc/**"}},
		{"Read(~/.ssh/**)", parsed{Tool: "Read", Kind: KindPath, Specifier: "~/.ssh/**"}},
		{"Write(/build/[!a]*.js)", parsed{Tool: "Write", Kind: KindPath, Specifier: "/build/[!a]*.js"}},
		{"Glob(../docs/**)", parsed{Tool: "Glob", Kind: KindPath, Specifier: "../docs/**"}},
		{"NotebookEdit", parsed{Tool: "NotebookEdit", Kind: KindTool}},
		{"WebFetch(domain:example.com)", parsed{Tool: "WebFetch", Kind: KindDomain, Specifier: "domain:example.com"}},
		{"WebFetch(domain:*.Example.COM.)", parsed{Tool: "WebFetch", Kind: KindDomain, Specifier: "domain:*.Example.COM."}},
		{"WebSearch", parsed{Tool: "WebSearch", Kind: KindTool}},
		{"WebSearch(query:*secret*)", parsed{Tool: "WebSearch", Kind: KindField, Specifier: "query:*secret*"}},
		{"Agent(Explore)", parsed{Tool: "Agent", Kind: KindField, Specifier: "Explore"}},
		{"Task(Explore)", parsed{Tool: "Agent", Kind: KindField, Specifier: "Explore"}},
		{"mcp__github", parsed{Tool: "mcp__github", Kind: KindTool}},
		{"mcp__github__*", parsed{Tool: "mcp__github__*", Kind: KindTool}},
		{"mcp__github__create_issue", parsed{Tool: "mcp__github__create_issue", Kind: KindTool}},
		{"mcp__github__get_*", parsed{Tool: "mcp__github__get_*", Kind: KindTool}},
		{"mcp__db__query(sql:SELECT *)", parsed{Tool: "mcp__db__query", Kind: KindField, Specifier: "sql:SELECT *"}},
		{"TodoWrite", parsed{Tool: "TodoWrite", Kind: KindTool}},
		{"MyTool(path:/tmp/*)", parsed{Tool: "MyTool", Kind: KindField, Specifier: "path:/tmp/*"}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			r, err := Parse(tt.text, api.Deny, Origin{})
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if diff := cmp.Diff(tt.want, summary(r)); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
			if r.Text != tt.text || r.Err != nil || r.Behavior != api.Deny {
				t.Errorf("Text %q Err %v Behavior %q", r.Text, r.Err, r.Behavior)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		text   string
		column int    // 1-based, inside the rule
		msg    string // a part of the message
		// stand is the stand-in a deny rule gets: its tool, or "" for
		// every call.
		stand string
	}{
		{"", 1, "empty rule", ""},
		{"   ", 1, "empty rule", ""},
		{"Bash(", 6, "missing closing parenthesis", "Bash"},
		{"Bash(rm -rf", 12, "missing closing parenthesis", "Bash"},
		{"Bash()", 6, "empty specifier", "Bash"},
		{"Bash( )", 6, "empty specifier", "Bash"},
		{"\u00a0Read([)", 8, "bad glob", "Read"},
		{"Read(\u00a0[)", 8, "bad glob", "Read"},
		{"Bash)", 5, "without '('", ""},
		{"(ls)", 1, "missing tool name", ""},
		{"Ba sh", 3, "invalid character", ""},
		{"1Bash", 1, "invalid character", ""},
		{"Bash*", 5, "only MCP", ""},
		{"Read([)", 6, "bad glob", "Read"},
		{"Read(src/[a-)", 10, "bad glob", "Read"},
		{`Read(a\)`, 7, "trailing backslash", "Read"},
		{"Read(~bob/x)", 6, "~user", "Read"},
		{"WebFetch(example.com)", 10, "domain:HOST", "WebFetch"},
		{"WebFetch(domain:)", 17, "missing host", "WebFetch"},
		{"WebFetch(domain:exa*mple.com)", 20, "wildcard may only open", "WebFetch"},
		{"WebFetch(domain:a..b)", 19, "empty label", "WebFetch"},
		{"WebFetch(domain:a/b)", 18, "invalid character", "WebFetch"},
		{"Bash(:*)", 6, "empty prefix", "Bash"},
		{"TodoWrite(x)", 11, "field:glob", "TodoWrite"},
		{"MyTool(:x)", 8, "missing field name", "MyTool"},
		{"MyTool(a b:x)", 9, "invalid character", "MyTool"},
		{"MyTool(f:)", 10, "empty pattern", "MyTool"},
		{"mcp__", 6, "missing MCP server", ""},
		{"mcp__*", 6, "must be literal", ""},
		{"mcp__gh__", 10, "missing MCP tool", ""},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			r, err := Parse(tt.text, api.Deny, Origin{})
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) error = %v, want a *ParseError", tt.text, err)
			}
			if pe.Column != tt.column || !strings.Contains(pe.Msg, tt.msg) {
				t.Errorf("column %d %q, want column %d containing %q", pe.Column, pe.Msg, tt.column, tt.msg)
			}
			wantKind := KindTool
			if tt.stand == "" {
				wantKind = KindAll
			}
			if r == nil || r.Tool != tt.stand || r.Kind != wantKind || r.Err != err {
				t.Fatalf("stand-in = %+v, want tool %q kind %v", r, tt.stand, wantKind)
			}
			if a, err := Parse(tt.text, api.Allow, Origin{}); a != nil || err == nil {
				t.Errorf("allow: rule %v, error %v; want nil and an error", a, err)
			}
		})
	}
}

func TestParseErrorPosition(t *testing.T) {
	o := Origin{Source: SourceProject, File: ".warden/settings.json", Line: 4, Column: 14}
	_, err := Parse("Read([)", api.Ask, o)
	want := `.warden/settings.json:4:19: rule "Read([)": bad glob in path component "[": syntax error in pattern`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v\nwant    %s", err, want)
	}
	_, err = Parse("Read([)", api.Ask, Origin{})
	if want := `rule "Read([)": column 6: bad glob in path component "[": syntax error in pattern`; err == nil || err.Error() != want {
		t.Errorf("error = %v\nwant    %s", err, want)
	}
}

func TestFailClosedStandIn(t *testing.T) {
	r, err := Parse("Bash(rm -rf", api.Deny, Origin{})
	if err == nil {
		t.Fatal("no error")
	}
	env := Env{Cwd: "/repo"}
	for _, tc := range []struct {
		sub  Subject
		want bool
	}{
		{Subject{Tool: "Bash", Command: "ls"}, true},
		{Subject{Tool: "Read", Path: "/repo/a"}, false},
	} {
		if got := r.Matches(&tc.sub, env); got != tc.want {
			t.Errorf("Matches(%+v) = %v, want %v", tc.sub, got, tc.want)
		}
	}
	all, _ := Parse("B@sh(ls)", api.Ask, Origin{})
	if !all.Matches(&Subject{Tool: "mcp__x__y"}, env) || !strings.Contains(all.Reason().Message, "every call") {
		t.Errorf("unreadable tool: %+v does not cover every call", all)
	}
	if r := FailClosed("", api.Deny, Origin{}, errors.New("not a string")); r.Kind != KindAll || !r.Matches(&Subject{Tool: "Read"}, env) {
		t.Errorf("FailClosed = %+v", r)
	}
	if r := FailClosed("", api.Allow, Origin{}, errors.New("x")); r != nil {
		t.Errorf("FailClosed(allow) = %+v, want nil", r)
	}
}

func TestReason(t *testing.T) {
	r := MustParse("Bash(rm:*)", api.Deny, Origin{Source: SourceProject, File: ".warden/settings.json", Line: 4, Column: 10})
	want := api.Reason{
		Type: api.ReasonRule, Rule: "Bash(rm:*)", Source: "project", File: ".warden/settings.json", Line: 4,
		Message: "deny rule Bash(rm:*) from project settings (.warden/settings.json:4)",
	}
	if diff := cmp.Diff(want, r.Reason()); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

func TestSource(t *testing.T) {
	for i, s := range Sources {
		if s.Rank() != len(Sources)-i {
			t.Errorf("%s rank %d, want %d", s, s.Rank(), len(Sources)-i)
		}
		if got, err := ParseSource(string(s)); got != s || err != nil {
			t.Errorf("ParseSource(%q) = %q, %v", s, got, err)
		}
	}
	if got, _ := ParseSource("policySettings"); got != SourceOrg {
		t.Errorf("policySettings = %q", got)
	}
	if _, err := ParseSource("nope"); err == nil {
		t.Error("ParseSource(nope) succeeded")
	}
	if Source("nope").Rank() != 0 {
		t.Error("unknown source ranks above zero")
	}
}

func TestEscapeCommand(t *testing.T) {
	for _, cmd := range []string{"ls", "echo *", `printf 'a\nb'`, `echo \*`, `a\\*b`} {
		r := MustParse("Bash("+EscapeCommand(cmd)+")", api.Allow, Origin{})
		sub := Subject{Tool: "Bash", Command: cmd}
		if !r.Matches(&sub, Env{}) {
			t.Errorf("Bash(%s) does not match %q", EscapeCommand(cmd), cmd)
		}
		other := Subject{Tool: "Bash", Command: cmd + "x"}
		if r.Matches(&other, Env{}) {
			t.Errorf("Bash(%s) matches %q", EscapeCommand(cmd), cmd+"x")
		}
	}
}

// TestParseToolNameCanonical checks the shortcut for a canonical tool name
// against the alias and case fix-ups it skips: they leave every canonical
// name as it is, without a warning.
func TestParseToolNameCanonical(t *testing.T) {
	for _, tool := range toolspec.Tools {
		name := tool.Name
		if canon := CanonicalTool(name); canon != name {
			t.Errorf("%s: CanonicalTool gives %s", name, canon)
		}
		if known, ok := toolspec.LookupFold(name); !ok || known.Name != name {
			t.Errorf("%s: LookupFold finds %v", name, known)
		}
		got, warn, err := parseToolName(name, 0)
		if got != name || warn != "" || err != nil {
			t.Errorf("parseToolName(%s) = %q, %q, %v", name, got, warn, err)
		}
	}
}

// TestParseTextGlobPlain checks the split of a pattern without escapes
// against the reading of one with them.
func TestParseTextGlobPlain(t *testing.T) {
	for _, s := range []string{"", "*", "**", "a", "a*", "*a", "a*b", "a**b", "git * --force", "npm run test:*", "* x *", "a b c"} {
		if got, want := parseTextGlob(s), parseEscapedGlob(s); !cmp.Equal([]string(got), []string(want)) {
			t.Errorf("parseTextGlob(%q) = %q, want %q", s, got, want)
		}
	}
}
