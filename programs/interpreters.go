package programs

// Interpreters: inline code (-c, -e, -r, …) runs code given on the command
// line; a script operand runs the project's code; --version and --help
// print. Everything else an interpreter is asked to do is undeclared, so
// unknown.

func interp(names []string, opts, operands string, flagged ...string) *Spec {
	return &Spec{Names: names, Lang: names[0], Effect: RunsProject, Options: opts, Operands: operands, Flagged: flagged}
}

// granted sets an entry's Grant.
func granted(g Grant, s *Spec) *Spec {
	s.Grant = g
	return s
}

// script is the Grant of an interpreter whose script is offered as a
// prefix and whose inline code is offered exactly.
func script(offers ...string) Grant { return Grant{Script: true, Offers: offers} }

var _ = family("interpreters", func(add func(...*Spec)) {
	add(
		// source FILE runs the file in the shell itself: it is read, and
		// what it does is the file's.
		&Spec{Names: n("source", "."), Grant: Grant{Exact: true, Offers: []string{"source x => Bash(source x)"}}, Effect: Exec, NoOptions: true, Operands: "r -*",
			Flagged: []string{"source ./env.sh", ". ~/.bashrc"}},
		&Spec{Names: n("python", "python3", "python2", "pypy", "pypy3"), Grant: Grant{Script: true, Module: "-m", Offers: []string{"python -m pytest -q => Bash(python -m pytest:*)", "python app.py => Bash(python app.py:*)", "python -c x => Bash(python -c x)"}}, Effect: RunsProject, Lang: "python", Operands: "S? -*",
			// -c runs code; -m runs a module (pytest, http.server, pip…);
			// either takes the script's place. A script is read and run.
			Options:  "-c=k:P -m=l:P -V:h --version:h -h:h --help:h -b -B -d -E -i -I -O -OO -P -q -s -S -u -v -W= -X= -x --check-hash-based-pycs=",
			ReadOnly: []string{"python3 --version", "python -V"},
			Flagged:  []string{"python -c 'import os; os.system(\"id\")'", "python3 -c 'print(1)'", "python3 -m http.server 8000", "python3 script.py"}},
		granted(script("node build.js --prod => Bash(node build.js:*)", "node -e x => Bash(node -e x)", "node => Bash(node)"), interp(n("node", "nodejs"), "-e=k --eval=k -p=k --print=k -r=l --require=l --import=l --loader=l --experimental-loader=l -v:h --version:h -h:h --help:h -i --interactive --inspect? --inspect-brk? --no-warnings --enable-source-maps --test --watch",
			"p? -*", "node -e 'require(\"child_process\").execSync(\"id\")'", "node -p 1+1", "node server.js", "node -r ./evil.js app.js")),
		// perl and ruby: -e takes the script's place; with -n or -p the
		// operands are files read, and -i edits them in place.
		granted(script("perl tools/gen.pl => Bash(perl tools/gen.pl:*)", "perl -e x => Bash(perl -e x)"), interp(n("perl"), "-e=k:P -E=k:P -M=l -m=l -I= -n:R -p:R -a -l? -0? -i?:W -w -W -X -s -S -T -t -U -c -d? -D= -x? -F= -v:h -V:h --version:h -h:h --help:h", "S? -*",
			"perl -e 'exec \"/bin/sh\";'", "perl -pi -e 's/a/b/' f", "perl -i -pe 's/a/b/' .claude/settings.json")),
		granted(script("ruby bin/setup => Bash(ruby bin/setup:*)", "ruby -e x => Bash(ruby -e x)"), interp(n("ruby"), "-e=k:P -r=l -I= -n:R -p:R -a -l -i?:W -w -W? -c -d -s -S -x? -C= -E= -F= -0? -v:h --version:h -h:h --help:h --disable= --enable= --jit", "S? -*",
			"ruby -e 'exec \"/bin/sh\"'")),
		granted(script("php artisan migrate => Bash(php artisan:*)", "php -r x => Bash(php -r x)"), interp(n("php"), "-r=k -B=k -R=k -F=k -E=k -f=p -d=u -c=u -n -a -l:h -m:h -i:h -v:h --version:h -h:h --help:h -S=n -t=", "p? -*", "php -r 'system(\"id\");'")),
		granted(Grant{Exact: true, Offers: []string{"lua x.lua => Bash(lua x.lua)"}}, interp(n("lua", "luajit"), "-e=k -l=l -i -v:h -E -W", "p? -*", "lua -e 'os.execute(\"/bin/sh\")'")),
		granted(Grant{Exact: true, Offers: []string{"R -e x => Bash(R -e x)"}}, interp(n("R"), "-e=k -f=p --file=p --vanilla --no-save --save --slave -s --quiet -q --silent --no-echo --args --version:h -h:h --help:h", "-*", "R -e 'system(\"id\")'")),
		granted(Grant{Exact: true, Offers: []string{"Rscript x.R => Bash(Rscript x.R)"}}, interp(n("Rscript"), "-e=k --vanilla --default-packages= --verbose --version:h --help:h", "p? -*", "Rscript -e 'system(\"id\")'")),
		&Spec{Names: n("deno"), Grant: Grant{Exact: true, Offers: []string{"deno x => Bash(deno x)"}}, Options: "-V:h --version:h -h:h --help:h -q --quiet --unstable", Subcommands: subs(
			"run", &Spec{Effect: Exec, Operands: "x*", Loose: true}, "eval", &Spec{Effect: Exec, Operands: "x*", Loose: true},
			"test", &Spec{Effect: RunsProject, Operands: "-*", Loose: true}, "task", &Spec{Effect: RunsProject, Operands: "-*", Loose: true},
			"fmt", &Spec{Effect: Write, Operands: "-*", Loose: true}, "lint", &Spec{Effect: RunsProject, Operands: "-*", Loose: true}),
			Flagged: []string{"deno run https://example.com/x.ts", "deno eval 'Deno.run({cmd:[\"sh\"]})'"}},
		&Spec{Names: n("bun"), Lasting: Lasting{Does: Publishes, Subs: "publish unpublish", Examples: []string{"bun publish => publishes a package or release"}}, Grant: Grant{Exact: true, Offers: []string{"bun x => Bash(bun x)"}}, Options: "-v:h --version:h -h:h --help:h -e=k --eval=k -p=k --print=k", Lang: "js", Operands: "p? -*", Subcommands: subs(
			"run", &Spec{Effect: RunsProject, Operands: "-*", Loose: true}, "test", &Spec{Effect: RunsProject, Operands: "-*", Loose: true},
			"install", &Spec{Effect: RunsProject, Operands: "-*", Loose: true}, "i", &Spec{Effect: RunsProject, Operands: "-*", Loose: true}, "add", &Spec{Effect: RunsProject, Operands: "-*", Loose: true},
			"x", &Spec{Effect: Exec, Command: true, Options: "--bun -p= --package= --no-install --silent --verbose -h:h --help:h"}, "exec", &Spec{Effect: Exec, Operands: "c", Lang: "sh"}, "build", &Spec{Effect: RunsProject, Operands: "-*", Loose: true}),
			Flagged: []string{"bun -e 'Bun.spawn([\"sh\"])'", "bun x evil"}},
	)
})
