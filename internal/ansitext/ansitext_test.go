package ansitext

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// samples are texts the prompt shows: plain and wide text, combining marks,
// emoji sequences, tabs and newlines, colour and hyperlink escapes, broken
// escapes and invalid UTF-8.
var samples = []string{
	"",
	"a",
	"echo hi && rm -rf \"$HOME/precious\"",
	"git push origin main --force-with-lease",
	"   leading spaces and trailing   ",
	"tab\tseparated\tfields",
	"one\ntwo\n\nfour\n",
	"a-very-long-hyphenated-word-that-needs-breaking-somewhere",
	"averyveryveryverylongwordwithoutanybreakpointsatallinsideit",
	"日本語のテキストと English mixed",
	"ｆｕｌｌｗｉｄｔｈ",
	"e\u0301 cafe\u0301 n\u0303",
	"👍🏽 👨‍👩‍👧‍👦 🇫🇷 ❤️",
	"\u00a0non\u00a0breaking\u00a0spaces",
	"\u200bzero\u200bwidth\u200b",
	"\x1b[31mred\x1b[0m and \x1b[1;4mbold underline\x1b[0m",
	"\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\ text",
	"\x1b[38;2;255;0;0m日本\x1b[0m語",
	"broken \x1b[ escape",
	"\x1b",
	"bell\x07 and backspace\b and cr\r",
	"\xff\xfe invalid \xc3 utf8 \xe2\x82",
	"\x9b31m C1 CSI \x9c",
	"\u202eright-to-left override",
	"mixed\x1b[2K\x1bPdcs data\x1b\\ after",
	strings.Repeat("word ", 40),
	strings.Repeat("日本", 30),
}

func TestStringWidth(t *testing.T) {
	t.Parallel()
	for _, s := range samples {
		if got, want := StringWidth(s), ansi.StringWidth(s); got != want {
			t.Errorf("StringWidth(%q) = %d, ansi says %d", s, got, want)
		}
	}
}

func TestTruncate(t *testing.T) {
	t.Parallel()
	for _, s := range samples {
		for _, tail := range []string{"", "…", "..."} {
			for n := -1; n <= 45; n++ {
				if got, want := Truncate(s, n, tail), ansi.Truncate(s, n, tail); got != want {
					t.Errorf("Truncate(%q, %d, %q) = %q, ansi says %q", s, n, tail, got, want)
				}
			}
		}
	}
}

func TestWrap(t *testing.T) {
	t.Parallel()
	for _, s := range samples {
		for n := -1; n <= 45; n++ {
			for _, bp := range []string{"", " ", "-/"} {
				if got, want := Wrap(s, n, bp), ansi.Wrap(s, n, bp); got != want {
					t.Errorf("Wrap(%q, %d, %q) = %q, ansi says %q", s, n, bp, got, want)
				}
				if got, want := Wordwrap(s, n, bp), ansi.Wordwrap(s, n, bp); got != want {
					t.Errorf("Wordwrap(%q, %d, %q) = %q, ansi says %q", s, n, bp, got, want)
				}
			}
			for _, keep := range []bool{false, true} {
				if got, want := Hardwrap(s, n, keep), ansi.Hardwrap(s, n, keep); got != want {
					t.Errorf("Hardwrap(%q, %d, %v) = %q, ansi says %q", s, n, keep, got, want)
				}
			}
		}
	}
}

func FuzzAgainstAnsi(f *testing.F) {
	for i, s := range samples {
		f.Add(s, i%50, "…")
	}
	f.Fuzz(func(t *testing.T, s string, n int, extra string) {
		n %= 200
		if got, want := StringWidth(s), ansi.StringWidth(s); got != want {
			t.Fatalf("StringWidth(%q) = %d, ansi says %d", s, got, want)
		}
		if got, want := Truncate(s, n, extra), ansi.Truncate(s, n, extra); got != want {
			t.Fatalf("Truncate(%q, %d, %q) = %q, ansi says %q", s, n, extra, got, want)
		}
		if got, want := Wrap(s, n, extra), ansi.Wrap(s, n, extra); got != want {
			t.Fatalf("Wrap(%q, %d, %q) = %q, ansi says %q", s, n, extra, got, want)
		}
		if got, want := Wordwrap(s, n, extra), ansi.Wordwrap(s, n, extra); got != want {
			t.Fatalf("Wordwrap(%q, %d, %q) = %q, ansi says %q", s, n, extra, got, want)
		}
		for _, keep := range []bool{false, true} {
			if got, want := Hardwrap(s, n, keep), ansi.Hardwrap(s, n, keep); got != want {
				t.Fatalf("Hardwrap(%q, %d, %v) = %q, ansi says %q", s, n, keep, got, want)
			}
		}
	})
}
