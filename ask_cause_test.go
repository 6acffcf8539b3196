package warden_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/wardenhq/warden/api"
)

// TestAskNamesItsCause checks that an ask with no rule behind it says what
// made the command more than a read, from the analysis: the part and why
// it is not read-only, not only that no rule allows it. A row with no
// cause only needs one named.
func TestAskNamesItsCause(t *testing.T) {
	e := projectWith(t, `{}`)
	for _, tt := range []struct {
		command, cause string
	}{
		{"touch made.txt", "it writes made.txt"},
		{"echo x > notes.txt", "it writes notes.txt"},
		{"make", ""}, // its cause is the Makefile it imports or the project code it runs
		{"npm test", "it runs the project's own code"},
		{"curl -s https://example.com", "it talks to "},
		{"rm notes.txt", "it deletes "},
		{"cat /etc/hostname", "outside the working directories"},
		{"frobnicate --all", "not understood: no entry for frobnicate"},
		{"ls --frobnicate", "not understood"},
		{"$CMD list", "the program to run is not a literal word"},
		{"echo a | xargs touch", "it runs under xargs"},
		{"f() { touch x; }; f", "it writes x"},
		{"export NODE_OPTIONS=--require=./x.js", "NODE_OPTIONS"},
		{"git commit -m wip", "it writes "},
		{"git fetch", "it talks to "},
		{"make --version -f /dev/stdin", "it is given -f"},
		{"make -n", "it runs the project's own code"},
	} {
		d, err := e.Check(context.Background(), bash(tt.command))
		if err != nil {
			t.Fatal(err)
		}
		if d.Behavior != api.Ask {
			t.Errorf("%q: %s (%s), want ask", tt.command, d.Behavior, d.Reason.Message)
			continue
		}
		if tt.cause != "" && !strings.Contains(d.Reason.Message, tt.cause) {
			t.Errorf("%q: reason %q does not name its cause %q", tt.command, d.Reason.Message, tt.cause)
		}
		if m := d.Reason.Message; d.Reason.Type == api.ReasonDefault && strings.HasSuffix(m, " mode") {
			t.Errorf("%q: reason %q names no cause", tt.command, m)
		}
	}
}

// TestEverydayAsksNameTheirCause runs every command of the everyday corpus
// (testdata/everyday.tsv, both labels) in default mode with no rules and
// requires each ask to say what made the command more than a read: the
// part and why, never only that no rule allows it.
func TestEverydayAsksNameTheirCause(t *testing.T) {
	data, err := os.ReadFile("testdata/everyday.tsv")
	if err != nil {
		t.Fatal(err)
	}
	unescape := strings.NewReplacer(`\n`, "\n", `\x00`, "\x00", `\x1b`, "\x1b")
	e := projectWith(t, `{}`)
	asks := 0
	for i, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		f := strings.Split(l, "\t")
		if strings.HasPrefix(l, "#") || len(f) != 4 || f[0] == "label" {
			continue
		}
		command := unescape.Replace(f[2])
		d, err := e.Check(context.Background(), bash(command))
		if err != nil {
			t.Fatal(err)
		}
		if d.Behavior != api.Ask {
			continue
		}
		asks++
		m := d.Reason.Message
		if d.Reason.Type == api.ReasonDefault && strings.HasPrefix(m, "no rule allows ") && strings.HasSuffix(m, " mode") {
			t.Errorf("everyday.tsv:%d %q: reason %q names no cause", i+1, command, m)
		}
	}
	if asks == 0 {
		t.Fatal("no command of the everyday corpus asks: the test checks nothing")
	}
}
