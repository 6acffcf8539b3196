package powershell

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	for _, c := range []struct {
		text string
		cmd  bool
		want string
	}{
		{"Remove-Item -Recurse ~", false, "[Remove-Item -Recurse ~]"},
		{"iex (iwr https://x.example/a.ps1)", false, "[iex] [iwr https://x.example/a.ps1]"},
		{"iex(iwr x)", false, "[iex] [iwr x]"},
		{"Get-Process node | Stop-Process -Force", false, "[Get-Process node |] [| Stop-Process -Force]"},
		{"gps | sort | spps", false, "[gps |] [| sort |] [| spps]"},
		{"a || b", false, "[a] [b]"},
		{"a | ; b", false, "[a |] [b]"},
		{"a; b & c\nd", false, "[a] [b] [c] [d]"},
		{`echo "a | b; c" | x`, false, `[echo "a | b; c" |] [| x]`},
		{"echo 'it(s)'", false, "[echo 'it(s)']"},
		{"rd /s /q (x)", true, "[rd /s /q (x)]"},
		{"type a | findstr b", true, "[type a |] [| findstr b]"},
		{"", false, "[]"},
	} {
		split := Split
		if c.cmd {
			split = SplitCmd
		}
		var got []string
		for _, st := range split(c.text) {
			s := st.Text
			if st.Piped {
				s = "| " + s
			}
			if st.Pipes {
				s += " |"
			}
			got = append(got, "["+s+"]")
		}
		if g := strings.Join(got, " "); g != c.want && !(g == "" && c.want == "[]") {
			t.Errorf("Split(%q) = %s, want %s", c.text, g, c.want)
		}
	}
}

func TestWords(t *testing.T) {
	for in, want := range map[string][]string{
		`Remove-Item -Path "C:\My Files" -Recurse`: {"Remove-Item", "-Path", `C:\My Files`, "-Recurse"},
		`echo '' x`:     {"echo", "", "x"},
		"a\tb  c":       {"a", "b", "c"},
		`x -Name:"a b"`: {"x", "-Name:a b"},
	} {
		if got := Words(in); !reflect.DeepEqual(got, want) {
			t.Errorf("Words(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestHome(t *testing.T) {
	for w, want := range map[string]bool{"$HOME": true, "$home": true, "$env:USERPROFILE": true, "$Env:Home": true, "$HOMEX": false, "~": false} {
		if Home(w) != want {
			t.Errorf("Home(%q) = %v", w, !want)
		}
	}
}

func FuzzSplit(f *testing.F) {
	for _, s := range []string{"iex (iwr x)", "gps node | spps", "a || b", `echo "a | b" | x`, "a | ; b", "rd /s /q x & del y", "'unterminated | x"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, text string, cmd bool) {
		split := Split
		if cmd {
			split = SplitCmd
		}
		sts := split(text)
		for i, st := range sts {
			if st.Text == "" || st.Text != strings.TrimSpace(st.Text) || !strings.Contains(text, st.Text) {
				t.Fatalf("Split(%q): statement %d %q is not a trimmed piece of the text", text, i, st.Text)
			}
			if st.Piped && (i == 0 || !sts[i-1].Pipes) {
				t.Fatalf("Split(%q): statement %d is piped from one that pipes nothing: %s", text, i, fmt.Sprint(sts))
			}
			Words(st.Text)
		}
	})
}
