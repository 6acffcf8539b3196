package code

import (
	"strconv"
	"strings"
	"testing"
)

// TestActs reads every row's example and finds the row: as a call, or,
// for the environment and the home directory, as a name read.
func TestActs(t *testing.T) {
	seen := map[string]bool{}
	for _, row := range Acts {
		key := row.Family.String() + " " + row.Name + " " + strconv.Itoa(int(row.Act))
		if seen[key] {
			t.Errorf("%s: two rows", key)
		}
		seen[key] = true
		r := Read(row.Example, row.Family)
		found := false
		for _, u := range r.Uses {
			if u.Row == &Acts[rowIndex(row)] {
				found = true
			}
		}
		for _, ref := range r.Refs {
			if _, ok := EnvOf(row.Family, ref.Name); ok && row.Act == Env {
				found = true
			}
			for _, rr := range RowsOf(row.Family, ref.Name) {
				found = found || rr == &Acts[rowIndex(row)]
			}
		}
		if !found {
			t.Errorf("%s: its example %q does not reach it (uses %v)", key, row.Example, r.Uses)
		}
	}
}

func rowIndex(r Row) int {
	for i := range Acts {
		if Acts[i].Family == r.Family && Acts[i].Name == r.Name && Acts[i].Act == r.Act {
			return i
		}
	}
	return -1
}

func uses(r Reading) string {
	var ws []string
	for _, u := range r.Uses {
		a := "?"
		if !u.Arg.Unknown {
			a = `"` + u.Arg.Text + `"`
		}
		ws = append(ws, u.Name+"("+a+")")
	}
	return strings.Join(ws, " ")
}

// TestRead holds the calls Read finds to their names through imports and
// aliases, in every quote form, and finds none in strings and comments.
func TestRead(t *testing.T) {
	for _, c := range []struct {
		f        Family
		in, want string
	}{
		{Python, `import os; os.system("rm -rf ~")`, `os.system("rm -rf ~")`},
		{Python, `import os as o; o.system('rm -rf ~')`, `os.system("rm -rf ~")`},
		{Python, `from os import system as s; s("rm -rf ~")`, `os.system("rm -rf ~")`},
		{Python, `from os import system; system("""rm -rf ~""")`, `os.system("rm -rf ~")`},
		{Python, `from os import *; system("rm " '-rf ~')`, `os.system("rm -rf ~")`},
		{Python, `import os; s = os.system; s("rm -rf ~")`, `os.system("rm -rf ~")`},
		{Python, `__import__("o" + "s").system("rm -rf ~")`, `__import__("os") os.system("rm -rf ~")`},
		{Python, `import subprocess as sp; sp.run(["rm", "-rf", "~"])`, `subprocess.run("rm -rf '~'")`},
		{Python, `print("os.system('rm -rf ~')")`, ``},
		{Python, `# os.system("rm -rf ~")` + "\nprint(1)", ``},
		{Python, `import shutil; shutil.rmtree(d)`, `shutil.rmtree(?)`},
		{Python, `open(".bashrc", "a").write("x")`, `open(".bashrc")`},
		{Python, `open(".bashrc").read()`, ``},
		{JS, "require('child_process').execSync(`rm -rf ~`)", `require("child_process") child_process.execSync("rm -rf ~")`},
		{JS, `const cp = require("node:child_process"); cp.exec("rm -rf ~")`, `require("node:child_process") child_process.exec("rm -rf ~")`},
		{JS, `const {exec: run} = require("child_process"); run("rm -rf ~")`, `require("child_process") child_process.exec("rm -rf ~")`},
		{JS, `import {exec} from "child_process"; exec("r" + "m -rf ~")`, `child_process.exec("rm -rf ~")`},
		{JS, `/x/.exec("rm -rf ~")`, ``},
		{JS, `console.log("execSync('rm -rf ~')") // execSync("x")`, ``},
		{JS, `Deno.run({cmd: ["rm", "-rf", "~"]})`, `Deno.run("rm -rf '~'")`},
		{Perl, `system q{rm -rf ~}`, `system("rm -rf ~")`},
		{Perl, "print qx{id}; system('r' . 'm -rf ~')", `system("rm -rf ~")`},
		{Ruby, `system %q(rm -rf ~)`, `system("rm -rf ~")`},
		{Ruby, `Kernel.system("rm -rf ~") # system("id")`, `Kernel.system("rm -rf ~")`},
		{PHP, `shell_exec("r" . 'm -rf ~');`, `shell_exec("rm -rf ~")`},
		{Lua, `local e = os.execute; e([[rm -rf ~]])`, `os.execute("rm -rf ~")`},
		{R, `system("rm -rf ~") # system("id")`, `system("rm -rf ~")`},
		// a program and its arguments, run with no shell
		{Perl, `system("rm", "-rf", "a b")`, `system("rm -rf 'a b'")`},
		{Perl, `system "rm", "-rf", "~"`, `system("rm -rf '~'")`},
		{Perl, `exec {"sh"} "ignored", "-c", "rm -rf ~"`, `exec("sh -c 'rm -rf ~'")`},
		{Perl, `system("rm", "-rf", $d)`, `system(?)`},
		{Ruby, `system("rm", "-rf", "/")`, `system("rm -rf /")`},
		{Ruby, `Process.spawn("rm", "-rf", "/")`, `Process.spawn("rm -rf /")`},
		{Python, `import os; os.execl("/bin/sh", "sh", "-c", "rm -rf ~")`, `os.execl("/bin/sh -c 'rm -rf ~'")`},
		{Python, `import os; os.execvp("rm", ["rm", "-rf", "a b"])`, `os.execvp("rm -rf 'a b'")`},
		{Python, `import os; os.execv("/bin/sh", ["sh"])`, `os.execv("/bin/sh")`},
		{Python, `import os; os.spawnl(os.P_WAIT, "/bin/rm", "rm", "-rf", "/")`, `os.spawnl("/bin/rm -rf /")`},
		// an open of a pipe runs its command
		{Perl, `open(my $f, "-|", "rm -rf ~")`, `open("rm -rf ~")`},
		{Perl, `open(my $f, "-|", "rm", "-rf", "~")`, `open("rm -rf '~'")`},
		{Perl, `open(F, "|-", "sh")`, `open("sh")`},
		{Perl, `open(F, "rm -rf ~ |")`, `open("rm -rf ~")`},
		{Perl, `open(F, "| sh")`, `open("sh")`},
		{Perl, `open(F, "<", "x.txt")`, ``},
		{Perl, `open(F, "<x.txt")`, ``},
		{Perl, `open(F, ">", ".bashrc")`, `open(?)`},
		{Ruby, `open("|rm -rf ~").read`, `open("rm -rf ~")`},
		{Ruby, `open("x.txt").read`, ``},
	} {
		if got := uses(Read(c.in, c.f)); got != c.want {
			t.Errorf("%v %s:\n got %s\nwant %s", c.f, c.in, got, c.want)
		}
	}
}

// TestReadLoops finds endless loops and what the code names in them.
func TestReadLoops(t *testing.T) {
	for _, c := range []struct {
		f       Family
		in      string
		endless bool
		named   Act
	}{
		{Perl, `fork while fork`, true, Forks},
		{Perl, `fork while 1`, true, Forks},
		{Ruby, `loop { fork }`, true, Forks},
		{Python, "import os\nwhile True: os.fork()", true, Forks},
		{JS, `const a=[]; for(;;) a.push(Buffer.alloc(1e9))`, true, Grows},
		{Python, "for i in range(3): print(i)", false, 0},
		{Python, `print("while True: os.fork()")`, false, 0},
	} {
		r := Read(c.in, c.f)
		if r.Endless != c.endless || r.Named&c.named != c.named || c.named == 0 && r.Named != 0 {
			t.Errorf("%v %s: endless %v named %b, want %v %b", c.f, c.in, r.Endless, r.Named, c.endless, c.named)
		}
	}
}

// TestReflect holds a reflective call to the function literals make it
// look up, through imports, loaders and scopes, and to the call of it
// made here; a name or an object built at run time is blind when the
// function may be one Acts holds, and nothing when no row has its name.
func TestReflect(t *testing.T) {
	for _, c := range []struct {
		f        Family
		in, want string
	}{
		{Python, `getattr(__import__("os"), "system")("rm -rf ~")`, `getattr:os.system! os.system("rm -rf ~")`},
		{Python, `import os; getattr(os, "system")("id")`, `getattr:os.system! os.system("id")`},
		{Python, `import os as o; getattr(o, "sys" "tem")("id")`, `getattr:os.system! os.system("id")`},
		{Python, `import importlib; getattr(importlib.import_module("subprocess"), "run")(["id"])`, `getattr:subprocess.run! subprocess.run("id") importlib.import_module("subprocess")`},
		{Python, `import os; getattr(vars()["os"], "system")`, `getattr:blind`},
		{Python, `import os; f = getattr(os, "system"); f("id")`, `getattr:os.system`},
		{Python, `import os; getattr(os, name)("id")`, `getattr:blind`},
		{Python, `getattr(m, "system")("id")`, `getattr:blind`},
		{Python, `getattr(obj, "name")`, `getattr:obj.name`},
		{Python, `getattr(m, "colour")`, `getattr:m.colour`},
		{Python, `import logging; getattr(logging, "remove")`, `getattr:blind`},
		{Python, `import os, operator; operator.methodcaller("system", "rm -rf ~")(os)`, `operator.methodcaller:os.system! os.system("rm -rf ~")`},
		{Python, `import operator; operator.methodcaller("system", "id")`, `operator.methodcaller:blind`},
		{Ruby, `Kernel.send(:system, "rm -rf ~")`, `.send:Kernel.system! Kernel.system("rm -rf ~")`},
		{Ruby, `Object.public_send("system", "id")`, `.public_send:system! system("id")`},
		{Ruby, `send(:"system", "id")`, `.send:system! system("id")`},
		{Ruby, `Kernel.send(name, "id")`, `.send:blind`},
		{Ruby, `Kernel.method(:system).call("id")`, `.method:Kernel.system`},
		{PHP, `call_user_func("system", "id");`, `call_user_func:system! system("id")`},
	} {
		var ws []string
		for _, u := range Read(c.in, c.f).Uses {
			switch {
			case u.Act == Reflects && u.Blind:
				ws = append(ws, u.Row.Name+":blind")
			case u.Act == Reflects:
				w := u.Row.Name + ":" + u.Looks
				if u.Called {
					w += "!"
				}
				ws = append(ws, w)
			case u.Act == Loads && u.Name == "__import__":
			default:
				a := "?"
				if !u.Arg.Unknown {
					a = `"` + u.Arg.Text + `"`
				}
				ws = append(ws, u.Name+"("+a+")")
			}
		}
		if got := strings.Join(ws, " "); got != c.want {
			t.Errorf("%v %s:\n got %s\nwant %s", c.f, c.in, got, c.want)
		}
	}
}
