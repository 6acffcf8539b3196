package shell

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestWrapperParts: a wrapper reached in any spelling or route unwraps to
// the same command, and one told to run none (sudo -l, chrt -p, flock FD)
// is the program itself, its words data.
func TestWrapperParts(t *testing.T) {
	tests := []struct {
		cmd  string
		want [][]string
	}{
		// Options that run no command: the words after them are data.
		{"sudo -l rm -rf /", [][]string{w("sudo", "-l", "rm", "-rf", "/")}},
		{"sudo --list rm -rf /", [][]string{w("sudo", "--list", "rm", "-rf", "/")}},
		{"sudo --li rm -rf /", [][]string{w("sudo", "--li", "rm", "-rf", "/")}},
		{"sudo -nl rm -rf /", [][]string{w("sudo", "-nl", "rm", "-rf", "/")}},
		{"sudo -U bob -l rm", [][]string{w("sudo", "-U", "bob", "-l", "rm")}},
		{"/usr/bin/sudo -l rm -rf /", [][]string{w("sudo", "-l", "rm", "-rf", "/")}},
		{"nice sudo -l rm -rf /", [][]string{w("sudo", "-l", "rm", "-rf", "/")}},
		{"chrt -p 10 1", [][]string{w("chrt", "-p", "10", "1")}},
		{"chrt --pid 10 1", [][]string{w("chrt", "--pid", "10", "1")}},
		{"chrt -ap 10 1", [][]string{w("chrt", "-ap", "10", "1")}},
		{"chrt -f -p 10 1", [][]string{w("chrt", "-f", "-p", "10", "1")}},
		{"taskset -p 1 1", [][]string{w("taskset", "-p", "1", "1")}},
		{"taskset -pc 0 1", [][]string{w("taskset", "-pc", "0", "1")}},
		{"taskset --pi 1 1", [][]string{w("taskset", "--pi", "1", "1")}},
		{"ionice -p 1 -c 3", [][]string{w("ionice", "-p", "1", "-c", "3")}},
		{"ionice -c3 --pid=1 2", [][]string{w("ionice", "-c3", "--pid=1", "2")}},
		{"ionice -P 1", [][]string{w("ionice", "-P", "1")}},
		// sudo -v and -K refuse a command: it is judged as spelled.
		{"sudo -v rm -rf ~", [][]string{w("sudo", "-v", "rm", "-rf", "/home/dev"), w("rm", "-rf", "/home/dev")}},
		{"sudo -K rm -rf ~", [][]string{w("sudo", "-K", "rm", "-rf", "/home/dev"), w("rm", "-rf", "/home/dev")}},
		// What the wrapper entries declare (Refuses, RunsAs, Joins,
		// BareShell, an option's shell code, Carrier, Unwrap) holds for
		// the wrapper by its path, behind command or env, and for every
		// spelling of the option.
		{"sudo --vali rm -rf ~", [][]string{w("sudo", "--vali", "rm", "-rf", "/home/dev"), w("rm", "-rf", "/home/dev")}},
		{"command sudo -K rm -rf ~", [][]string{w("sudo", "-K", "rm", "-rf", "/home/dev"), w("rm", "-rf", "/home/dev")}},
		{"/usr/bin/sudo --remove rm -rf ~", [][]string{w("sudo", "--remove", "rm", "-rf", "/home/dev"), w("rm", "-rf", "/home/dev")}},
		{"sudo -e /etc/hosts", [][]string{w("sudoedit", "/etc/hosts")}},
		{"/usr/bin/sudo --ed /etc/hosts", [][]string{w("sudoedit", "/etc/hosts")}},
		{"command sudo --edit /etc/hosts", [][]string{w("sudoedit", "/etc/hosts")}},
		{"/usr/bin/sudo FOO=1 BAR=2 rm x", [][]string{w("rm", "x")}},
		{"/usr/bin/watch -n 5 'rm -rf x'", [][]string{w("rm", "-rf", "x")}},
		{"command watch --int 5 'rm -rf x'", [][]string{w("rm", "-rf", "x")}},
		{"watch --ex rm -rf x", [][]string{w("rm", "-rf", "x")}},
		{"/usr/sbin/chroot /mnt", [][]string{w("sh")}},
		{"env chroot --skip /mnt", [][]string{w("sh")}},
		{"sudo chroot /mnt", [][]string{w("sh")}},
		{"/usr/bin/flock /tmp/l --comm 'rm -rf x'", [][]string{w("rm", "-rf", "x")}},
		{"env flock -n /tmp/l -c 'rm x'", [][]string{w("rm", "x")}},
		{"/bin/su --comm='rm x' root", [][]string{w("rm", "x")}},
		{"command su root -c 'rm x'", [][]string{w("rm", "x")}},
		{"env su - app -c 'rm x'", [][]string{w("rm", "x")}},
		{"/sbin/runuser app -c 'rm x'", [][]string{w("rm", "x")}},
		{"runuser - app -c 'rm x'", [][]string{w("rm", "x")}},
		{"/usr/bin/xargs -0", [][]string{w("echo")}},
		{"command -V -- git reset --hard", [][]string{w("git", "reset", "--hard")}},
		// time as a program (bash's time keyword is the shell's).
		{"\"time\" -o out.txt ls", [][]string{w("ls")}},
		{"/usr/bin/time -ao out.txt rm x", [][]string{w("rm", "x")}},
		{"command time --out=out.txt -p rm x", [][]string{w("rm", "x")}},
		{"env time -fx -- rm x", [][]string{w("rm", "x")}},
		{"sudo time -v rm x", [][]string{w("rm", "x")}},
		{"time -p rm x", [][]string{w("rm", "x")}},
		// env: assignments before the command, -S's string split into
		// env's own words.
		{"env FOO=1 rm x", [][]string{w("rm", "x")}},
		{"env - FOO=1 rm x", [][]string{w("rm", "x")}},
		{"env -- FOO=1 rm x", [][]string{w("rm", "x")}},
		{"env -iu X FOO=1 rm x", [][]string{w("rm", "x")}},
		{"env -u X -- rm x", [][]string{w("rm", "x")}},
		{"env FOO=1", [][]string{w("env", "FOO=1")}},
		{"env -S 'FOO=1 rm x'", [][]string{w("rm", "x")}},
		{"env -S'-i rm x'", [][]string{w("rm", "x")}},
		{"env --split-string='rm x' y", [][]string{w("rm", "x", "y")}},
		{"env --sp 'rm x'", [][]string{w("rm", "x")}},
		{"env -iS 'rm x'", [][]string{w("rm", "x")}},
		{"/usr/bin/env -S 'rm x'", [][]string{w("rm", "x")}},
		{"sudo env -S 'rm x'", [][]string{w("rm", "x")}},
		{"env env -S 'rm x'", [][]string{w("rm", "x")}},
		{"nice env FOO=1 rm x", [][]string{w("rm", "x")}},
		{"'env' -C /tmp rm x", [][]string{w("rm", "x")}},
		// flock FILE CMD, flock FILE -c CMD; flock FD runs nothing.
		{"flock /tmp/l rm x", [][]string{w("rm", "x")}},
		{"flock -sn /tmp/l rm x", [][]string{w("rm", "x")}},
		{"flock --time 5 /tmp/l rm x", [][]string{w("rm", "x")}},
		{"flock -w5 -- /tmp/l rm x", [][]string{w("rm", "x")}},
		{"flock /tmp/l -c 'rm x'", [][]string{w("rm", "x")}},
		{"flock /tmp/l --command 'rm x'", [][]string{w("rm", "x")}},
		{"/usr/bin/flock -n /tmp/l -c 'rm x'", [][]string{w("rm", "x")}},
		{"sudo flock /tmp/l rm x", [][]string{w("rm", "x")}},
		{"flock /tmp/l nice rm x", [][]string{w("rm", "x")}},
		{"flock 9", [][]string{w("flock", "9")}},
		{"flock -u 9", [][]string{w("flock", "-u", "9")}},
		// runuser -u USER CMD; runuser USER ARGS and -c CMD through the
		// user's shell.
		{"runuser -u app -- rm x", [][]string{w("rm", "x")}},
		{"runuser -uapp -- rm x", [][]string{w("rm", "x")}},
		{"runuser --us=app -- rm x", [][]string{w("rm", "x")}},
		{"runuser -u app rm x", [][]string{w("rm", "x")}},
		{"runuser app rm x", [][]string{w("rm", "x")}},
		{"runuser app -c 'rm x'", [][]string{w("rm", "x")}},
		{"runuser -c 'rm x' app", [][]string{w("rm", "x")}},
		{"runuser --comm='rm x' app", [][]string{w("rm", "x")}},
		{"runuser - app -c 'rm x'", [][]string{w("rm", "x")}},
		{"runuser -l app -c 'rm x'", [][]string{w("rm", "x")}},
		{"runuser - app rm x", [][]string{w("rm", "x")}},
		{"/usr/sbin/runuser -u app -- rm x", [][]string{w("rm", "x")}},
		{"runuser -u app -- env FOO=1 rm x", [][]string{w("rm", "x")}},
		{"runuser app", [][]string{w("runuser", "app")}},
		{"runuser -u app", [][]string{w("runuser", "-u", "app")}},
		// busybox and toybox: the first word is the applet; their own
		// words run none.
		{"busybox rm x", [][]string{w("rm", "x")}},
		{"busybox /bin/rm x", [][]string{w("rm", "x")}},
		{"/bin/busybox rm x", [][]string{w("rm", "x")}},
		{"busybox sh -c 'rm x'", [][]string{w("rm", "x")}},
		{"sudo busybox rm x", [][]string{w("rm", "x")}},
		{"busybox env FOO=1 rm x", [][]string{w("rm", "x")}},
		{"toybox rm x", [][]string{w("rm", "x")}},
		{"busybox --list", [][]string{w("busybox", "--list")}},
		{"busybox --show rm", [][]string{w("busybox", "--show", "rm")}},
		{"toybox --long", [][]string{w("toybox", "--long")}},
		// xargs: its command, echo when none.
		{"xargs rm -f", [][]string{w("rm", "-f")}},
		{"xargs -0 -n1 -- rm -f", [][]string{w("rm", "-f")}},
		{"xargs -a list.txt rm", [][]string{w("rm")}},
		{"xargs --arg-file=list.txt -I{} rm {}", [][]string{w("rm", "{}")}},
		{"xargs -0", [][]string{w("echo")}},
		{"xargs --help", [][]string{w("echo")}},
		{"sudo xargs rm", [][]string{w("rm")}},
		{"xargs nice rm", [][]string{w("rm")}},
		// Wrappers in wrappers, quoted and by path.
		{"sudo env FOO=1 nice flock /tmp/l time rm x", [][]string{w("rm", "x")}},
		{"'sudo' '-u' 'root' 'env' '-i' 'rm' 'x'", [][]string{w("rm", "x")}},
		{"/usr/bin/env /usr/bin/flock /tmp/l /usr/bin/time -p rm x", [][]string{w("rm", "x")}},
		{"command env -S 'busybox rm x'", [][]string{w("rm", "x")}},
		{"runuser -u app -- xargs -0 rm", [][]string{w("rm")}},
		{"busybox env -- FOO=1 flock -n /tmp/l -c 'rm x'", [][]string{w("rm", "x")}},
		{"env -S 'sudo -l rm x'", [][]string{w("sudo", "-l", "rm", "x")}},
		// Without them the command runs.
		{"chrt 10 rm x", [][]string{w("rm", "x")}},
		{"taskset -c 0 rm x", [][]string{w("rm", "x")}},
		{"sudo -u root rm x", [][]string{w("rm", "x")}},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			an := Analyze(tt.cmd, testOpts)
			if an.ParseError != nil {
				t.Fatalf("parse error: %v", an.ParseError)
			}
			if diff := cmp.Diff(tt.want, partWords(an)); diff != "" {
				t.Errorf("parts (-want +got):\n%s", diff)
			}
		})
	}
}

// TestReadShell holds a shell's reading of its own words to what bash 5.2
// did with them (bash -c 'echo $-', shopt): -c is a flag and the code the
// first operand, options stop there, a lone - ends them, each bundled
// letter that takes a value takes the next word in turn, and +X bundles.
func TestReadShell(t *testing.T) {
	tests := []struct {
		cmd                 string
		code                string // "" for none
		script, inter, noEx bool
		starts              string
		unknown             bool
	}{
		{cmd: "bash -c x", code: "x"},
		{cmd: "bash -ic x", code: "x", inter: true},
		{cmd: "bash -i -c x", code: "x", inter: true},
		{cmd: "bash -c -i x", code: "x", inter: true},
		{cmd: "bash -c x -i", code: "x"},
		{cmd: "bash -o errexit -c x", code: "x", starts: "errexit+"},
		{cmd: "bash -oc errexit x", code: "x", starts: "errexit+"},
		{cmd: "bash -cO dotglob x", code: "x", starts: "dotglob+"},
		{cmd: "bash -oO errexit dotglob -c x", code: "x", starts: "errexit+ dotglob+"},
		{cmd: "bash +o posix -c x", code: "x", starts: "posix-"},
		{cmd: "bash +ex -c x", code: "x", starts: "errexit- xtrace-"},
		{cmd: "sh -ec x", code: "x", starts: "errexit+"},
		{cmd: "bash -xc x", code: "x", starts: "xtrace+"},
		{cmd: "bash --norc -c x", code: "x"},
		{cmd: "bash --rcfile r -c x", code: "x", inter: true},
		{cmd: "bash -c - x", code: "x"},
		{cmd: "bash -- script", script: true},
		{cmd: "bash -- -c", script: true},
		{cmd: "bash script -c x", script: true},
		{cmd: "bash -n -c x", code: "x", noEx: true, starts: "noexec+"},
		{cmd: "bash -cn x", code: "x", noEx: true, starts: "noexec+"},
		{cmd: "bash"},
		{cmd: "bash -i", inter: true},
		{cmd: "bash -s", starts: ""},
		{cmd: "bash -Z -c x", code: "x", unknown: true},
		{cmd: "fish --command=x", code: "x"},
		{cmd: "fish -c x", code: "x"},
		{cmd: "fish -ic x", code: "x", inter: true},
		{cmd: "fish -n -c x", code: "x", noEx: true},
		{cmd: "zsh -fc x", code: "x"},
		{cmd: "zsh -o errexit -c x", code: "x", starts: "errexit+"},
		{cmd: "bash5.2 -ec x", code: "x", starts: "errexit+"},
		{cmd: "csh -fc x", code: "x", starts: "noglob+"},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			w := strings.Fields(tt.cmd)
			args := make([]arg, len(w)-1)
			for i, s := range w[1:] {
				args[i] = arg{Value: s, Raw: s, Lit: true}
			}
			sh := readShell(w[0], args)
			code := ""
			if sh.code >= 0 {
				code = sh.codeText
			}
			var starts []string
			for _, s := range sh.starts {
				sign := "-"
				if s.on {
					sign = "+"
				}
				starts = append(starts, s.name+sign)
			}
			if code != tt.code || sh.script != tt.script || sh.interactive != tt.inter || sh.noExec != tt.noEx || strings.Join(starts, " ") != tt.starts || (sh.unknown != "") != tt.unknown {
				t.Errorf("code %q script %v interactive %v noexec %v starts %q unknown %q; want %q %v %v %v %q %v",
					code, sh.script, sh.interactive, sh.noExec, starts, sh.unknown, tt.code, tt.script, tt.inter, tt.noEx, tt.starts, tt.unknown)
			}
		})
	}
}

// TestOpensShell: a shell given no code and no script opens one, as its
// grammar reads its words.
func TestOpensShell(t *testing.T) {
	for cmd, want := range map[string]bool{
		"bash": true, "/bin/sh -i": true, "bash --norc": true, "sh -l": true, "zsh -f": true,
		"bash -c id": false, "bash -ic id": false, "sh x.sh": false, "fish --command=id": false,
		"bash -n": false, "ls": false, "bash $x": false,
	} {
		if got := opensShell(cmd); got != want {
			t.Errorf("opensShell(%q) = %v, want %v", cmd, got, want)
		}
	}
}
