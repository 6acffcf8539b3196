package hook

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMatches(t *testing.T) {
	t.Parallel()
	tests := []struct {
		matcher string
		tool    string
		want    bool
	}{
		{"", "Bash", true},
		{"*", "mcp__x__y", true},
		{" * ", "Read", true},
		{"Bash", "Bash", true},
		{"Bash", "BashOutput", false}, // a name is exact, not a prefix
		{"Bash", "bash", false},
		{"Edit|Write", "Write", true},
		{"Edit|Write", "Edi", false},
		{"Edit, Write", "Write", true},
		{"Edit | Write", "Edit", true},
		{"mcp__memory__create-entities", "mcp__memory__create-entities", true},
		{"mcp__github__.*", "mcp__github__create_issue", true},
		{"mcp__github__.*", "mcp__gitlab__x", false},
		{"mcp__.*__write.*", "mcp__fs__write_file", true},
		{"Notebook.*", "NotebookEdit", true},
		{"Web.*", "xWebFetch", true}, // unanchored, as in Claude Code
		{"^Web.*", "xWebFetch", false},
		{"(unclosed", "(unclosed", false}, // an invalid regexp selects nothing
		{"Edit|Write|", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.matcher+"/"+tt.tool, func(t *testing.T) {
			t.Parallel()
			if got := Matches(tt.matcher, tt.tool); got != tt.want {
				t.Errorf("Matches(%q, %q) = %v, want %v", tt.matcher, tt.tool, got, tt.want)
			}
		})
	}
}

func TestValidateMatcher(t *testing.T) {
	t.Parallel()
	for _, m := range []string{"", "*", "Bash", "Edit|Write", "mcp__.*", "a{2}"} {
		if err := ValidateMatcher(m); err != nil {
			t.Errorf("ValidateMatcher(%q) = %v, want nil", m, err)
		}
	}
	for _, m := range []string{"(", "Bash(", "[a-", "a**"} {
		if err := ValidateMatcher(m); err == nil {
			t.Errorf("ValidateMatcher(%q) = nil, want an error", m)
		}
	}
}

func TestSelect(t *testing.T) {
	t.Parallel()
	ms := []Matcher{
		{Matcher: "Bash", Hooks: []Command{{Command: "a"}, {Command: "b", Args: []string{"x"}}}},
		{Matcher: "Edit", Hooks: []Command{{Command: "c"}}},
		{Matcher: "*", Hooks: []Command{{Command: "a"}, {Command: "b", Args: []string{"y"}}, {Type: "command", Command: "b", Args: []string{"x"}}}},
	}
	got := Select(ms, "Bash")
	want := []Command{{Command: "a"}, {Command: "b", Args: []string{"x"}}, {Command: "b", Args: []string{"y"}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Select (-want +got):\n%s", diff)
	}
}

func BenchmarkMatches(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Matches("Edit|Write|MultiEdit", "Write")
		Matches("mcp__github__.*", "mcp__github__create_issue")
	}
}

func FuzzMatches(f *testing.F) {
	f.Add("Edit|Write", "Write")
	f.Add("mcp__.*", "mcp__x")
	f.Add("(", "(")
	f.Fuzz(func(t *testing.T, matcher, tool string) {
		got := Matches(matcher, tool)
		if ValidateMatcher(matcher) != nil && got {
			t.Errorf("invalid matcher %q matched %q", matcher, tool)
		}
		if (matcher == "" || matcher == "*") && !got {
			t.Errorf("matcher %q did not match %q", matcher, tool)
		}
	})
}
