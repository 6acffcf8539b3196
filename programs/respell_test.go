package programs

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// meaning is what a parse says, with nothing that depends on the spelling.
type meaning struct {
	Uses     []Use
	Unknown  bool
	Help     bool
	Sub      string
	Operands []string
	Options  []Use
	Command  bool
}

func meaningOf(s *Spec, words []string) meaning {
	ws := make([]Word, len(words))
	for i, w := range words {
		ws[i] = Word{Text: w, Literal: true}
	}
	r := Parse(s, ws)
	m := meaning{Unknown: !r.Known(), Help: r.Help, Sub: r.Sub(), Operands: r.Operands(), Command: r.Command > 0}
	for _, u := range r.Uses {
		u.Index = 0
		m.Uses = append(m.Uses, u)
	}
	for _, u := range r.Options {
		u.Index = 0
		m.Options = append(m.Options, u)
	}
	return m
}

// plainWords splits an example with no shell syntax beyond spaces; false
// for one the shell would have to read.
func plainWords(line string) ([]string, bool) {
	if strings.ContainsAny(line, "'\"\\$`|;&<>(){}*?[]~#!\n") {
		return nil, false
	}
	return strings.Fields(line), true
}

// TestRespellingsMean: every respelling of every entry example the
// grammar offers parses to what the example parses to.
func TestRespellingsMean(t *testing.T) {
	examples := 0
	variants := 0
	var walk func(s *Spec)
	walk = func(s *Spec) {
		for _, line := range slices.Concat(s.Flagged, s.ReadOnly) {
			ws, ok := plainWords(line)
			if !ok || len(ws) < 2 {
				continue
			}
			spec := Lookup(ws[0])
			if spec == nil {
				continue
			}
			examples++
			want := meaningOf(spec, ws[1:])
			for _, v := range Respellings(spec, ws[1:]) {
				variants++
				got := meaningOf(spec, v)
				if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
					t.Errorf("%s respelled %s %s (-example +respelling):\n%s", line, ws[0], strings.Join(v, " "), diff)
				}
			}
		}
		for _, sub := range s.Subcommands {
			walk(sub)
		}
	}
	for _, s := range All() {
		walk(s)
	}
	if examples < 100 || variants == 0 {
		t.Errorf("only %d examples and %d respellings", examples, variants)
	}
	t.Logf("%d examples, %d respellings", examples, variants)
}

// TestRespellings: the spellings offered for one call.
func TestRespellings(t *testing.T) {
	tests := []struct {
		prog, args string
		want       []string
	}{
		{"rm", "-rf x", []string{"-r -f x"}},
		{"rm", "-r x", []string{"-R x", "--recursive x", "--re x"}},
		{"docker", "-H tcp://h ps", []string{"-Htcp://h ps", "--host tcp://h ps", "--host=tcp://h ps"}},
		{"docker", "--context=prod rm -f web", []string{"-c prod rm -f web", "-cprod rm -f web", "--context prod rm -f web", "--context=prod rm --force web"}},
		{"cmp", "-l a b", []string{"--verbose a b", "--verb a b"}},
		// curl 7.88 and jq 1.6 take no --name=VALUE, git no -Cdir.
		{"curl", "--max-time 5 https://x", []string{"-m 5 https://x", "-m5 https://x", "--max-t 5 https://x"}},
		{"jq", "--indent 3 . f", nil},
		{"git", "-C sub status", nil},
	}
	for _, tt := range tests {
		t.Run(tt.prog+" "+tt.args, func(t *testing.T) {
			var got []string
			for _, v := range Respellings(Lookup(tt.prog), strings.Fields(tt.args)) {
				got = append(got, strings.Join(v, " "))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
