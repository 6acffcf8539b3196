package sed

import (
	"reflect"
	"testing"
)

// TestParse checks what a sed script does to files and programs, read
// the way GNU sed reads it: file names run to the end of the line, e and
// s///e run commands, and a script sed would reject is an error.
func TestParse(t *testing.T) {
	tests := []struct {
		script string
		want   []Op
		bad    bool
	}{
		{script: "s/a/b/g"},
		{script: "#n\np"},
		{script: ":a;N;$!ba;s/\\n/ /g"},
		{script: "1{p;q}"},
		{script: "y/abc/xyz/"},
		{script: "s|/usr|/opt|g"},
		{script: "/x/a hello; w not-a-file"},
		{script: "0,/re/I!d"},
		{script: "2~3p"},
		{script: "\\%^/usr%d"},
		{script: "# w comment\np"},
		{script: "$r /etc/passwd", want: []Op{{Kind: Read, Arg: "/etc/passwd"}}},
		{script: "1R /etc/shadow", want: []Op{{Kind: Read, Arg: "/etc/shadow"}}},
		{script: "w .claude/settings.json", want: []Op{{Kind: Write, Arg: ".claude/settings.json"}}},
		{script: "/x/W out; p", want: []Op{{Kind: Write, Arg: "out; p"}}},
		{script: "s/a/b/w .git/hooks/pre-commit", want: []Op{{Kind: Write, Arg: ".git/hooks/pre-commit"}}},
		{script: "s/a/b/gpw out.txt", want: []Op{{Kind: Write, Arg: "out.txt"}}},
		{script: "s/x/id/e", want: []Op{{Kind: Run, Arg: "id", Subst: true}}},
		{script: "1e id", want: []Op{{Kind: Run, Arg: "id"}}},
		{script: "e", want: []Op{{Kind: Run}}},
		{script: "s/a/b/;1r x\n2w y", want: []Op{{Kind: Read, Arg: "x"}, {Kind: Write, Arg: "y"}}},
		{script: "/a/,/b/{\n  r inc.txt\n}", want: []Op{{Kind: Read, Arg: "inc.txt"}}},
		{script: "a\\\nline one\\\nline two\nw z", want: []Op{{Kind: Write, Arg: "z"}}},
		{script: "s/\\/w x/y/", want: nil},
		// Scripts sed rejects.
		{script: "k", bad: true},
		{script: "s/a/b", bad: true},
		{script: "s/a/b/x", bad: true},
		{script: "w", bad: true},
		{script: "/unterminated", bad: true},
		{script: "1,", bad: true},
	}
	for _, tt := range tests {
		got, err := Parse(tt.script)
		if (err != nil) != tt.bad {
			t.Errorf("Parse(%q) error = %v, want error %v", tt.script, err, tt.bad)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q) = %+v, want %+v", tt.script, got, tt.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"s/a/b/g", "1R /etc/shadow", "s/x/id/e", ":a;N;$!ba", "a\\\nx", "\\%x%d", "/a/,+2{w o\n}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ops, err := Parse(s)
		if err != nil && ops != nil {
			t.Fatalf("Parse(%q) returned ops with an error", s)
		}
		for _, op := range ops {
			if op.Kind != Read && op.Kind != Write && op.Kind != Run {
				t.Fatalf("Parse(%q): op kind %q", s, op.Kind)
			}
		}
	})
}
