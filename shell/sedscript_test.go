package shell

import (
	"reflect"
	"testing"
)

// TestParseSed checks what a sed script does to files and programs, read
// the way GNU sed reads it: file names run to the end of the line, e and
// s///e run commands, and a script sed would reject is an error.
func TestParseSed(t *testing.T) {
	tests := []struct {
		script string
		want   []sedOp
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
		{script: "$r /etc/passwd", want: []sedOp{{kind: 'r', arg: "/etc/passwd"}}},
		{script: "1R /etc/shadow", want: []sedOp{{kind: 'r', arg: "/etc/shadow"}}},
		{script: "w .claude/settings.json", want: []sedOp{{kind: 'w', arg: ".claude/settings.json"}}},
		{script: "/x/W out; p", want: []sedOp{{kind: 'w', arg: "out; p"}}},
		{script: "s/a/b/w .git/hooks/pre-commit", want: []sedOp{{kind: 'w', arg: ".git/hooks/pre-commit"}}},
		{script: "s/a/b/gpw out.txt", want: []sedOp{{kind: 'w', arg: "out.txt"}}},
		{script: "s/x/id/e", want: []sedOp{{kind: 'e', arg: "id", subst: true}}},
		{script: "1e id", want: []sedOp{{kind: 'e', arg: "id"}}},
		{script: "e", want: []sedOp{{kind: 'e'}}},
		{script: "s/a/b/;1r x\n2w y", want: []sedOp{{kind: 'r', arg: "x"}, {kind: 'w', arg: "y"}}},
		{script: "/a/,/b/{\n  r inc.txt\n}", want: []sedOp{{kind: 'r', arg: "inc.txt"}}},
		{script: "a\\\nline one\\\nline two\nw z", want: []sedOp{{kind: 'w', arg: "z"}}},
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
		got, err := parseSed(tt.script)
		if (err != nil) != tt.bad {
			t.Errorf("parseSed(%q) error = %v, want error %v", tt.script, err, tt.bad)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseSed(%q) = %+v, want %+v", tt.script, got, tt.want)
		}
	}
}

func FuzzParseSed(f *testing.F) {
	for _, s := range []string{"s/a/b/g", "1R /etc/shadow", "s/x/id/e", ":a;N;$!ba", "a\\\nx", "\\%x%d", "/a/,+2{w o\n}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ops, err := parseSed(s)
		if err != nil && ops != nil {
			t.Fatalf("parseSed(%q) returned ops with an error", s)
		}
		for _, op := range ops {
			if op.kind != 'r' && op.kind != 'w' && op.kind != 'e' {
				t.Fatalf("parseSed(%q): op kind %q", s, op.kind)
			}
		}
	})
}
