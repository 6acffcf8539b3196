package code

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/wardenhq/warden/programs"
)

func calls(src string, f Family) string {
	var ws []string
	for _, c := range Calls(src, f) {
		a := fmt.Sprintf("%q", c.Arg.Text)
		if c.Arg.Unknown {
			a = "?"
		}
		if c.List {
			a = "[" + a + "]"
		}
		ws = append(ws, c.Name+"("+a+")")
	}
	return strings.Join(ws, " ")
}

func TestCalls(t *testing.T) {
	for _, c := range []struct {
		f        Family
		in, want string
	}{
		{Python, `import os; os.system("rm -rf /tmp/x")`, `os.system("rm -rf /tmp/x")`},
		{Python, `import os; os.system('id')  # os.system("rm -rf ~")`, `os.system("id")`},
		{Python, `print("os.system('rm -rf ~')")`, `print("os.system('rm -rf ~')")`},
		{Python, `os.system("r" "m -rf ~")`, `os.system("rm -rf ~")`},
		{Python, `os.system("r" + 'm -rf ~')`, `os.system("rm -rf ~")`},
		{Python, `os.system("rm -rf " + d)`, `os.system(?)`},
		{Python, `os.system(f"rm -rf {d}")`, `os.system(?)`},
		{Python, `os.system(cmd)`, `os.system(?)`},
		{Python, `subprocess.run(["rm", "-rf", "a b"])`, `subprocess.run(["rm -rf 'a b'"])`},
		{Python, `subprocess.run(["rm", x])`, `subprocess.run([?])`},
		{Python, `os.system("""rm -rf ~""")`, `os.system("rm -rf ~")`},
		{Python, `os.system(r'rm -rf \~')`, `os.system("rm -rf \\~")`},
		{Python, "os.system(\"\\x72m -rf ~\")", `os.system("rm -rf ~")`},
		{Python, `getattr(os, "sys" + "tem")("id")`, `getattr(?) getattr()("id")`},
		{Python, `getattr(os, "system")("id").x(1)`, `getattr(?) getattr()("id") getattr()().x(?)`},
		{Python, `vars(os)["system"]("id")`, `vars(?) os.system("id")`},
		{Python, `globals()["__builtins__"]("os")`, `globals(?) __builtins__("os")`},
		{Python, `__import__("o" + "s").system("id")`, `__import__("os") os.system("id")`},
		{JS, "require('child_process').execSync('rm -rf ~')", `require("child_process") child_process.execSync("rm -rf ~")`},
		{JS, "cp.execSync(`rm -rf ${d}`)", `cp.execSync(?)`},
		{JS, "cp.execSync(`rm -rf ~`) // cp.execSync('id')", `cp.execSync("rm -rf ~")`},
		{JS, "/* exec('x') */ exec('r' + 'm -rf ~')", `exec("rm -rf ~")`},
		{Perl, `system "rm -rf ~"`, `system("rm -rf ~")`},
		{Perl, `system("r" . "m -rf ~")`, `system("rm -rf ~")`},
		{Perl, `system(qq{rm -rf $d})`, `system(?)`},
		{Perl, `system(q{rm -rf ~}) # system("id")`, `system("rm -rf ~")`},
		{Perl, `system("rm", "-rf", "x")`, `system("rm")`},
		{Ruby, `system("rm -rf ~")`, `system("rm -rf ~")`},
		{Ruby, `Kernel.system %q(rm -rf ~)`, `Kernel.system("rm -rf ~")`},
		{Ruby, `system("rm -rf #{d}")`, `system(?)`},
		{PHP, `system('rm -rf ~'); # system("id")`, `system("rm -rf ~")`},
		{PHP, `shell_exec("r" . 'm -rf ~');`, `shell_exec("rm -rf ~")`},
		{PHP, `shell_exec("rm $d");`, `shell_exec(?)`},
		{Lua, `os.execute("r" .. "m -rf ~") -- os.execute("id")`, `os.execute("rm -rf ~")`},
		{Lua, `os.execute([[rm -rf ~]])`, `os.execute("rm -rf ~")`},
		{Lua, `--[[ os.execute("id") ]] io.popen("ls")`, `io.popen("ls")`},
		{R, `system("rm -rf ~") # system("id")`, `system("rm -rf ~")`},
		{R, `system(paste0("rm ", d))`, `system(?) paste0("rm ")`},
		{Tcl, `exec rm -rf ~`, ``},
		{Tcl, `# exec("x")` + "\n" + `puts "hi"`, `puts("hi")`},
	} {
		if got := calls(c.in, c.f); got != c.want {
			t.Errorf("%v %s:\n got %s\nwant %s", c.f, c.in, got, c.want)
		}
	}
}

func TestStrings(t *testing.T) {
	for _, c := range []struct {
		f        Family
		in, want string
	}{
		{Python, `open("~/.ssh/" + "id_rsa")`, `"~/.ssh/id_rsa"`},
		{Python, `x = 'a' 'b' "c"`, `"abc"`},
		{Python, `x = "a" # "b"`, `"a"`},
		{Python, `x = "it's"; y = 'say "hi"'`, `"it's" "say \"hi\""`},
		{Python, `x = b"\x41" + rb"\n"`, `"A\\n"`},
		{JS, "x = `a${b}c`", `?`},
		{JS, "x = `abc` // 'd'", `"abc"`},
		{Perl, `$x = 'a\nb' . "c\n"`, `"a\\nbc\n"`},
		{Perl, `@a = qw(a b  c)`, `"a b c"`},
		{Perl, "print <<EOF;\nhello $x\nEOF\nprint 'y'", `? "y"`},
		{Perl, "print <<'EOF';\nhello $x\nEOF\n", `"hello $x\n"`},
		{Ruby, "puts <<~EOS\n  hi\nEOS\nputs 'z'", `"  hi\n" "z"`},
		{Ruby, `x = %w[a b]; y = 5 % 2`, `"a b"`},
		{PHP, "echo <<<'X'\nsecret\nX;\n", `"secret\n"`},
		{PHP, `$x = "a" . "b"; // "c"`, `"ab"`},
		{Lua, `x = [==[a]]b]==] .. "c"`, `"a]]bc"`},
		{R, "x <- \"a\" # 'b'\n`my var` <- 'c'", `"a" "c"`},
		{Tcl, `set x "a$b"; set y "c"`, `? "c"`},
	} {
		var ws []string
		for _, v := range Strings(c.in, c.f) {
			if v.Unknown {
				ws = append(ws, "?")
			} else {
				ws = append(ws, fmt.Sprintf("%q", v.Text))
			}
		}
		if got := strings.Join(ws, " "); got != c.want {
			t.Errorf("%v %s:\n got %s\nwant %s", c.f, c.in, got, c.want)
		}
	}
}

// TestFamilyOf reads each interpreter's family from its entry, by every
// name it is installed under.
func TestFamilyOf(t *testing.T) {
	for name, want := range map[string]Family{
		"python": Python, "python3": Python, "python3.12": Python, "pypy3": Python,
		"node": JS, "nodejs": JS, "node18": JS, "deno": JS, "bun": JS,
		"perl": Perl, "perl5.36": Perl, "ruby": Ruby, "ruby3.2": Ruby, "php": PHP, "php8.2": PHP,
		"lua": Lua, "luajit": Lua, "lua5.4": Lua, "R": R, "Rscript": R, "rscript": R,
		"tclsh": Tcl, "tclsh8.6": Tcl, "wish": Tcl,
	} {
		if f, ok := FamilyOf(programs.LangOf(name)); !ok || f != want {
			t.Errorf("FamilyOf(LangOf(%q)) = %v, %v; want %v", name, f, ok, want)
		}
	}
	for _, name := range []string{"awk", "sed", "julia", "bash", "powershell", "nosuchprogram"} {
		if f, ok := FamilyOf(programs.LangOf(name)); ok {
			t.Errorf("%s is not read here, got %v", name, f)
		}
	}
}

func rejoins(t *testing.T, src string) {
	for _, f := range Families {
		var b strings.Builder
		for _, tok := range Lex(src, f) {
			if tok.Text == "" {
				t.Fatalf("%v %q: empty token", f, src)
			}
			b.WriteString(tok.Text)
		}
		if b.String() != src {
			t.Fatalf("%v %q: tokens rejoin to %q", f, src, b.String())
		}
		Calls(src, f)
		Strings(src, f)
		Read(src, f)
	}
}

var seeds = []string{
	`import os; os.system("rm -rf ~")`, `"""a`, `'\`, "`${", "q{a{b}", "%q(a", "<<EOF\nx", "<<<'X'\nx\nX;",
	"[==[x", "--[[x", "/* x", `f"{x}"`, "print <<A, <<B;\na\nA\nb\nB\n", "$#x", "a % b", "qq", "%", "<<", "#",
	"exec('/bin/sh')", "x = 'a' . $b", "r'\\'", "\"\\u00", "\"\\x4",
	// the forms of the shell's TestCodeCalls rows
	`from os import system as s; s("rm -rf ~")`, `const {execSync: x} = require("node:child_process"); x(` + "`rm -rf ~`)",
	`require("child_process")["exec"]("x")`, `cp["ex" + "ec"]("x")`, `cp[m](`, `os.__dict__["system"]("x")`, `x[`, `x["a"](`,
	`getattr(os, "sys" + "tem")("x")`, `$f("x");`, `Deno.run({cmd: ["rm", "-rf", "/"]})`, `Deno.run({cmd:`,
	"fork while fork", "loop do fork end", "while (true) a.push(1)", "for(;;", `import {exec as e} from "child_process"`,
	"import x from", "const {a: b} = require(", "from os import", "import os as", "open(my $f, \">>\", \".mcp.json\")",
	`getattr(__import__("os"), "system")("x")`, `getattr(a, "b")(`, `f()(`, `vars(os)["system"](`, `methodcaller("s", "x")(os)`,
	`Kernel.send(:system, "x")`, `send(:"sys`, `:`, `a ? b :c`, `getattr(builtins, "__import__")("os").system("x")`,
}

func TestLexRejoins(t *testing.T) {
	for _, s := range seeds {
		rejoins(t, s)
	}
}

func FuzzLex(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(rejoins)
}

// largeInputs are long and unclosed texts, n repeats of each opening.
func largeInputs(n int) []string {
	var out []string
	for _, o := range []string{`os.system("a" + `, `f(`, `"a" + `, "<<EOF\n", "q{", "[", "subprocess.run([", "/*", "%q("} {
		out = append(out, strings.Repeat(o, n))
	}
	return out
}

// TestLargeInput reads long and unclosed texts to the end in every
// family (a reader that loops or loses its place never returns); how
// fast is BenchmarkLargeInput's, which a quadratic reader shows at once.
func TestLargeInput(t *testing.T) {
	for _, s := range largeInputs(2000) {
		for _, f := range Families {
			Calls(s, f)
			Strings(s, f)
		}
	}
}

// TestLinear holds the reader to work in proportion to its input, with no
// clock: the steps it takes for ten times the input are at most twelve
// times as many, and the tokens it keeps at once stay a window, however
// long the code.
func TestLinear(t *testing.T) {
	count := func(n int) (total int) {
		steps = &total
		defer func() { steps = nil }()
		for _, s := range largeInputs(n) {
			for _, f := range Families {
				Calls(s, f)
				Strings(s, f)
			}
		}
		return total
	}
	small, large := count(500), count(5000)
	if large > 12*small {
		t.Errorf("%d steps for 500 repeats, %d for 5000: not linear", small, large)
	}
	for _, src := range largeInputs(5000) {
		for _, f := range Families {
			s := newStream(src, f)
			most := 0
			for i := 0; ; i++ {
				if _, ok := s.at(i); !ok {
					break
				}
				s.drop(i)
				most = max(most, len(s.l.out))
			}
			if most > 256 {
				t.Errorf("%v %.20q…: %d tokens kept at once", f, src, most)
			}
		}
	}
}

func BenchmarkLargeInput(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			in := largeInputs(n)
			for b.Loop() {
				for _, s := range in {
					for _, f := range Families {
						Calls(s, f)
						Strings(s, f)
					}
				}
			}
		})
	}
}
