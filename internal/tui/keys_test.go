package tui

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParse: the bytes a terminal sends become the keys Bubble Tea would
// report, by name; a paste is one message that matches no one-key answer,
// even when it arrives over several reads.
func TestParse(t *testing.T) {
	tests := []struct {
		name  string
		reads []string
		want  []string
	}{
		{"letters", []string{"o"}, []string{"o"}},
		{"typed together", []string{"os"}, []string{"o", "s"}},
		{"enter esc ctrl-c", []string{"\r", "\x1b", "\x03"}, []string{"enter", "esc", "ctrl+c"}},
		{"backspace space tab", []string{"\x7f \t"}, []string{"backspace", " ", "tab"}},
		{"arrows", []string{"\x1b[A\x1b[B\x1b[C\x1b[D"}, []string{"up", "down", "right", "left"}},
		{"application arrows", []string{"\x1bOA\x1bOB"}, []string{"up", "down"}},
		{"shift-tab and pages", []string{"\x1b[Z\x1b[5~\x1b[6~"}, []string{"shift+tab", "pgup", "pgdown"}},
		{"alt", []string{"\x1bo"}, []string{"alt+o"}},
		{"unknown sequence skipped", []string{"\x1b[1;5Ao"}, []string{"", "o"}},
		{"other control keys", []string{"\x01\n\x08"}, []string{"", "", ""}},
		{"utf-8", []string{"é"}, []string{"é"}},
		{"utf-8 over two reads", []string{"\xc3", "\xa9"}, []string{"é"}},
		{"paste", []string{"\x1b[200~o\x1b[201~"}, []string{"[o]"}},
		{"paste over reads", []string{"\x1b[200~rm -rf", " /\ro", "\x1b[201~a"}, []string{"[rm -rf /\ro]", "a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p parser
			var got []string
			for _, r := range tt.reads {
				for _, k := range p.feed([]byte(r)) {
					got = append(got, k.String())
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("keys (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRender: the first frame starts on a line of its own (a width of
// spaces, then a carriage return), frames are drawn in place, unchanged
// lines skipped, long lines cut to the width, and a shorter frame erases
// what is left below.
func TestRender(t *testing.T) {
	var out []byte
	w := writerFunc(func(b []byte) (int, error) { out = append(out, b...); return len(b), nil })
	r := renderer{out: w, width: 10, height: 5}
	r.render("one\ntwo")
	r.render("one\nthree is long")
	r.render("x")
	want := "          \r" + "\rone\x1b[K\r\ntwo\x1b[K\r" +
		"\x1b[1A\nthree is l\r" +
		"\x1b[1Ax\x1b[K\x1b[J\r"
	if diff := cmp.Diff(want, string(out)); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }
