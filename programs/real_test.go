package programs

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// The differential test of the grammars: with WARDEN_REAL=1 (and the
// programs installed), TestRealGrammar runs each audited program on two
// spellings of one call in a fresh directory and compares what the
// program did (exit status, output, the directory afterwards) with what
// Parse says: the two spellings must mean the same to the entry exactly
// when they do to the program. It is off by default, for the programs and
// their versions differ from machine to machine; the versions it was last
// run against are noted beside the entries.

// realProg is one audited program: a directory to run it in and the
// calls to compare.
type realProg struct {
	prog string
	// setup is a shell script that makes the directory's files.
	setup string
	// pre and base are the words before and after the option under test
	// (a subcommand; the operands).
	pre, base string
	// values are sample values of options that take one, by any
	// spelling; an option that takes a value and has none is not probed.
	values map[string]string
	// skip lists options not to run (they hang, or act beyond the
	// directory).
	skip string
	// pairs are hand-made calls that must mean the same (same) or not
	// (differ) to both.
	same, differ [][2]string
}

// realProgs are the audited programs. Versions observed are noted on the
// entries.
var realProgs = []realProg{
	{prog: "ls", setup: "mkdir d d/sub; echo a > d/a; echo bb > d/.b; ln -s a d/l", base: "d",
		values: map[string]string{"--block-size": "1", "--format": "long", "--hide": "a", "--ignore": "a", "--indicator-style": "slash", "--quoting-style": "c", "--sort": "size", "--time": "atime", "--time-style": "iso", "--tabsize": "4", "--width": "30", "--color": "always", "--classify": "always", "--hyperlink": "never", "--colour": "always"},
		skip:   "-c -u --colour", same: [][2]string{{"-l --col=never d", "-l --color=never d"}, {"d -l", "-l d"}, {"-lR d", "-l -R d"}, {"--almost d", "-A d"}},
		differ: [][2]string{{"--color always d", "--color=always d"}, {"-- -l d", "-l d"}, {"--co d", "--color d"}, {"--colour d", "--color d"}}},
	{prog: "cat", setup: "printf 'a\\tb\\n\\n\\nc\\x01\\n' > f", base: "f",
		same: [][2]string{{"f -n", "-n f"}, {"--num f", "--number f"}}, differ: [][2]string{{"-- -n f", "-n f"}}},
	{prog: "head", setup: "seq 1 30 > f; seq 5 9 > g", base: "f g", values: map[string]string{"--bytes": "7", "--lines": "3"},
		same: [][2]string{{"-3 f", "-n 3 f"}, {"f -n3", "-n 3 f"}, {"--li=3 f", "--lines=3 f"}}},
	{prog: "tail", setup: "seq 1 30 > f; seq 5 9 > g", base: "f g", values: map[string]string{"-n": "3", "--lines": "3", "--bytes": "7", "-c": "7", "-s": "1", "--sleep-interval": "1", "--max-unchanged-stats": "2"}, skip: "-f -F --follow --retry --pid",
		same: [][2]string{{"-3 f", "-n 3 f"}, {"f -n3", "-n 3 f"}}},
	{prog: "wc", setup: "printf 'a b\\ncc\\n' > f", base: "f", values: map[string]string{"--total": "never"}, skip: "--files0-from",
		same: [][2]string{{"f -l", "-l f"}, {"--li f", "--lines f"}}},
	{prog: "sort", setup: "printf '3 b\\n1 a\\n2 c\\n10 a\\n' > f", base: "f", values: map[string]string{"-k": "2", "--key": "2", "-t": ",", "--field-separator": ",", "--sort": "numeric", "-S": "1M", "--buffer-size": "1M", "--batch-size": "4", "--parallel": "1", "-T": ".", "--temporary-directory": ".", "-o": "out", "--output": "out"},
		skip: "--random-source --files0-from --compress-program -R --random-sort",
		same: [][2]string{{"f -n", "-n f"}, {"-nr f", "-n -r f"}, {"-k2 f", "-k 2 f"}}},
	{prog: "uniq", setup: "printf 'a\\na\\nb\\nB\\n' > f", base: "f", values: map[string]string{"--skip-fields": "0", "--skip-chars": "0", "--check-chars": "1", "-f": "0", "-s": "0", "-w": "1"}},
	{prog: "cut", setup: "printf 'a:b:c\\nd:e:f\\n' > f", pre: "-d :", base: "f", values: map[string]string{"--fields": "2", "-f": "2", "-b": "1", "-c": "1", "--bytes": "1", "--characters": "1", "--output-delimiter": "+"},
		same: [][2]string{{"-d : -f 2 f", "-d: -f2 f"}, {"f -d : -f 2", "-d : -f 2 f"}}},
	{prog: "grep", setup: "mkdir d; printf 'foo\\nFoo\\nbar foo\\n' > d/a; printf 'x\\nfoo\\n' > d/b; printf 'foo\\n' > p", pre: "foo", base: "d/a d/b",
		values: map[string]string{"-A": "1", "-B": "1", "-C": "1", "--after-context": "1", "--before-context": "1", "--context": "1", "-m": "1", "--max-count": "1", "-e": "foo", "--regexp": "foo", "-f": "p", "--file": "p", "--color": "always", "--colour": "always", "--label": "L", "--include": "a", "--exclude": "a", "--exclude-dir": "x", "-d": "read", "--directories": "read", "-D": "read", "--devices": "read", "--binary-files": "text", "--group-separator": "--"},
		same:   [][2]string{{"-ri foo d", "-r -i foo d"}, {"foo d -r", "-r foo d"}, {"--ignore-c foo d/a", "-i foo d/a"}, {"-efoo d/a", "-e foo d/a"}}},
	{prog: "sed", setup: "printf 'a\\nb\\n' > f; printf 's/a/z/\\n' > s.sed", pre: "s/a/x/", base: "f",
		values: map[string]string{"-l": "5", "--line-length": "5", "-e": "s/b/y/", "--expression": "s/b/y/", "-f": "s.sed", "--file": "s.sed", "-i": ".bak", "--in-place": ".bak"},
		same:   [][2]string{{"-i.bak s/a/x/ f", "--in-place=.bak s/a/x/ f"}, {"-n -e p f", "-ne p f"}, {"s/a/x/ f -n", "-n s/a/x/ f"}},
		differ: [][2]string{{"-i .bak s/a/x/ f", "-i.bak s/a/x/ f"}, {"-in s/a/x/ f", "-i -n s/a/x/ f"}}},
	{prog: "rm", setup: "mkdir -p d/e; echo a > d/a; echo b > b; echo c > c", base: "b d",
		same:   [][2]string{{"-rf d", "-r -f d"}, {"d -r", "-r d"}, {"--rec d", "--recursive d"}, {"-R d", "-r d"}},
		differ: [][2]string{{"-- -r d", "-r d"}}},
	{prog: "cp", setup: "mkdir -p d/e t; echo a > d/a; echo b > b", base: "d t", values: map[string]string{"-t": "t", "--target-directory": "t", "-S": "~x", "--suffix": "~x", "--backup": "numbered", "--sparse": "never", "--reflink": "never", "--preserve": "mode", "--no-preserve": "mode", "--update": "all"},
		same: [][2]string{{"d t -r", "-r d t"}, {"-ttt b", "-t t b"}, {"--target=t b", "-t t b"}}},
	{prog: "mv", setup: "mkdir -p d/e t; echo a > d/a; echo b > b", base: "b d t", values: map[string]string{"-t": "t", "--target-directory": "t", "-S": "~x", "--suffix": "~x", "--backup": "numbered", "--update": "all"}},
	{prog: "mkdir", base: "x/y", values: map[string]string{"-m": "700", "--mode": "700", "--context": "x"}},
	{prog: "chmod", setup: "mkdir -p d/e; echo a > d/a", pre: "go+w", base: "d", values: map[string]string{"--reference": "d/a"},
		same: [][2]string{{"-R go+w d", "--recursive go+w d"}, {"go+w d -R", "-R go+w d"}, {"-w d", "a-w d"}}},
	{prog: "tar", setup: "mkdir d; echo a > d/a; echo b > d/b; touch -d 2020-01-02T03:04:05Z d/a d/b d; tar cf t.tar d", pre: "-c -f o.tar", base: "d",
		values: map[string]string{"-C": "d", "--directory": "d", "--exclude": "d/a", "-X": "/dev/null", "--exclude-from": "/dev/null", "-T": "/dev/null", "--files-from": "/dev/null", "--transform": "s/d/e/", "--xform": "s/d/e/", "--mode": "600", "--owner": "0", "--group": "0", "--mtime": "2020-01-01", "--format": "gnu", "-H": "gnu", "--strip-components": "1", "-b": "20", "--blocking-factor": "20", "--record-size": "10240"},
		skip:   "--acls --selinux --xattrs --posix -Z --lzip --lzop --zstd --lzma -j -J -a --to-command --checkpoint-action --use-compress-program -I --rsh-command --rmt-command --info-script -F --new-volume-script -M --multi-volume -W --verify -x --extract --get -t --list -d --diff --compare -A --catenate --concatenate -r --append -u --update --delete -O --to-stdout",
		same:   [][2]string{{"xf t.tar", "-x -f t.tar"}, {"-xf t.tar", "-x -f t.tar"}, {"--extr --file=t.tar", "-x -f t.tar"}, {"tf t.tar", "-t -f t.tar"}, {"-tvf t.tar", "-t -v -f t.tar"}}},
	{prog: "git", setup: "git init -q -b main r && cd r && git -c user.email=a@b -c user.name=a commit -q --allow-empty -m one && echo x > f && git add f", pre: "-C r status", base: "",
		same:   [][2]string{{"-C r status -s", "-C r status --short"}, {"-C r status --sho", "-C r status --short"}, {"-C r status -sb", "-C r status -s -b"}},
		differ: [][2]string{{"-C r status --sh", "-C r status --short"}, {"-Cr status -s", "-C r status -s"}, {"--no-pa -C r status", "--no-pager -C r status"}}},
	{prog: "curl", setup: "echo hi > f", pre: "-s", base: "file://$D/f", values: map[string]string{"-o": "out", "--output": "out", "-m": "5", "--max-time": "5", "-H": "X: y", "--header": "X: y", "-A": "ua", "--user-agent": "ua", "-r": "0-0", "--range": "0-0", "--connect-timeout": "5", "-w": "%{http_code}", "--write-out": "%{http_code}"},
		skip: "-T --upload-file -K --config -O --remote-name -J --remote-header-name -d --data --data-binary --data-raw --data-ascii --data-urlencode --json -F --form --form-string -u --user -x --proxy -c --cookie-jar --trace --trace-ascii -D --dump-header --libcurl --create-dirs --output-dir -Z --parallel --etag-save --etag-compare --netrc --netrc-file -n --stderr --unix-socket --abstract-unix-socket -b --cookie",
		same: [][2]string{{"-sSL file://$D/f", "-s -S -L file://$D/f"}, {"file://$D/f -s", "-s file://$D/f"}}},
	{prog: "jq", setup: "echo '{\"a\":1}' > f", pre: ".", base: "f", values: map[string]string{"--indent": "3", "--arg": "x", "--tab": ""}, skip: "--seq --stream --stream-errors -f --from-file -L --rawfile --slurpfile --args --jsonargs --arg --argjson",
		same: [][2]string{{"-rc . f", "-r -c . f"}, {". f -c", "-c . f"}}},
	{prog: "ssh", pre: "-G", base: "h", values: map[string]string{"-p": "2222", "-l": "bob", "-o": "User=carol", "-i": "k", "-F": "/dev/null", "-c": "aes128-ctr", "-m": "hmac-sha2-256", "-J": "j", "-L": "1:h:2", "-R": "1:h:2", "-D": "1080", "-b": "127.0.0.1", "-E": "log", "-e": "~", "-Q": "cipher", "-O": "check", "-S": "sock", "-w": "1:2", "-W": "h:1", "-I": "x", "-B": "lo"},
		skip: "-V -Q -O -E -f -N -T -t -M -s -n -x -X -Y -A -a -k -K -g -C -v -q -4 -6 -y -I",
		same: [][2]string{{"-G h -p 2222", "-G -p 2222 h"}, {"-G -p2222 h", "-G -p 2222 h"}, {"-G -4p2222 h", "-G -4 -p 2222 h"}}, differ: [][2]string{{"-G h ls -p 2222", "-G -p 2222 h ls"}, {"-G -- h -p 2222", "-G -p 2222 h"}}},
	{prog: "make", setup: "printf 'all:\\n\\t@echo hi\\nx:\\n\\t@echo x\\n' > Makefile; mkdir d; printf 'all:\\n\\t@echo d\\n' > d/Makefile; cp Makefile m.mk", base: "all",
		values: map[string]string{"-C": "d", "--directory": "d", "-f": "m.mk", "--file": "m.mk", "-E": "y: ; @echo y", "-I": "d", "-o": "x", "-W": "x", "-j": "2", "-l": "9"}, skip: "-p -d --debug --trace -t --touch",
		same: [][2]string{{"--dry all", "-n all"}, {"all -n", "-n all"}, {"-Cd", "-C d"}}},
	{prog: "rsync", setup: "mkdir -p s/e t; echo a > s/a; echo b > t/b", base: "s/ t/", values: map[string]string{"--exclude": "a", "--include": "a", "-f": "- a", "--filter": "- a", "--chmod": "go-w", "--max-size": "1k", "--min-size": "0", "-T": ".", "--temp-dir": ".", "-B": "1024", "--block-size": "1024", "--backup-dir": "bk", "--partial-dir": "pd", "--compare-dest": "t", "--copy-dest": "t", "--link-dest": "t", "--bwlimit": "1000", "--timeout": "9"},
		skip: "-v --verbose --progress --stats -P -e --rsh --rsync-path --files-from --exclude-from --include-from --password-file --log-file --write-batch --only-write-batch --read-batch -M --remote-option --chown --port --daemon",
		same: [][2]string{{"-a --delete s/ t/", "-a s/ t/ --delete"}, {"-ar s/ t/", "-a -r s/ t/"}}, differ: [][2]string{{"-a --dele s/ t/", "-a --delete s/ t/"}}},
	{prog: "xargs", setup: "printf 'a\\nb\\n' > in", pre: "-a in", base: "echo", values: map[string]string{"-n": "1", "--max-args": "1", "-L": "1", "--max-lines": "1", "-I": "{}", "--replace": "{}", "-d": ",", "--delimiter": ",", "-E": "b", "--eof": "b", "-s": "100", "--max-chars": "100", "-P": "1", "--max-procs": "1", "-a": "in", "--arg-file": "in"},
		skip: "-p --interactive -o --open-tty --process-slot-var",
		same: [][2]string{{"-a in -n1 echo", "-a in -n 1 echo"}, {"--arg-f=in echo", "-a in echo"}}, differ: [][2]string{{"-a in echo -n 1", "-a in -n 1 echo"}}},
	{prog: "diff", setup: "printf 'a\\nb\\n' > x; printf 'a\\nc\\n' > y", base: "x y", values: map[string]string{"-C": "1", "-U": "1", "--context": "1", "--unified": "1", "-W": "40", "--width": "40", "-I": "b", "--ignore-matching-lines": "b", "-L": "L", "--label": "L", "-F": "a", "--show-function-line": "a", "-D": "X", "--ifdef": "X", "-x": "z", "--exclude": "z", "-S": "x", "--starting-file": "x", "--tabsize": "4", "--horizon-lines": "1", "--color": "always", "--palette": "ad=1"},
		skip: "--from-file --to-file -l --paginate --output -X --exclude-from"},
	{prog: "ln", setup: "echo a > a; mkdir d", base: "a d", values: map[string]string{"-S": "~x", "--suffix": "~x", "-t": "d", "--target-directory": "d", "--backup": "numbered"}},
	{prog: "chown", setup: "mkdir -p d/e; echo a > d/a", pre: "0:0", base: "d", values: map[string]string{"--from": "0:0", "--reference": "d/a"}},
	{prog: "gzip", setup: "echo a > f; echo b > g", base: "f", values: map[string]string{"-S": ".z", "--suffix": ".z"}, skip: "--rsyncable"},
	{prog: "base64", setup: "echo aGkK > e; echo hi > p", base: "p", values: map[string]string{"-w": "4", "--wrap": "4"}},
	{prog: "python3", setup: "echo 'import sys; print(sys.argv, sys.flags.optimize)' > s.py", base: "s.py a", values: map[string]string{"-W": "ignore", "-X": "utf8"}, skip: "-i -m -c -h --help -V --version -? --check-hash-based-pycs",
		same: [][2]string{{"-OO s.py", "-O -O s.py"}}, differ: [][2]string{{"s.py -O", "-O s.py"}, {"-c print(1) -O", "-O -c print(1)"}}},
	{prog: "node", setup: "echo 'console.log(process.argv.slice(2))' > s.js", base: "s.js a", skip: "-i --interactive -h --help -v --version -c --check -p --print -e --eval -r --require --inspect --inspect-brk --prof --cpu-prof --heap-prof --watch --test",
		differ: [][2]string{{"s.js --no-warnings", "--no-warnings s.js"}}},
	{prog: "find", setup: "mkdir -p d/e; echo a > d/a; echo b > d/e/b", base: "d -name a",
		same: [][2]string{{"-L d -name a", "-L d -name a"}}, differ: [][2]string{{"d --name a", "d -name a"}}},
	{prog: "du", setup: "mkdir -p d/e; echo a > d/a; echo bb > d/e/b", base: "d", values: map[string]string{"-d": "1", "--max-depth": "1", "-B": "1", "--block-size": "1", "-t": "1", "--threshold": "1", "--exclude": "a", "--time-style": "iso", "--time": "mtime"}, skip: "-X --exclude-from --files0-from"},
	{prog: "stat", setup: "echo a > f", pre: "-c %n:%s:%F", base: "f", values: map[string]string{"--printf": "%n", "--cached": "never"}, skip: "-c --format -f --file-system -t --terse"},
	{prog: "readlink", setup: "echo a > f; ln -s f l", base: "l"},
	{prog: "realpath", setup: "mkdir d; echo a > d/f; ln -s d l", base: "l/f", values: map[string]string{"--relative-to": "d", "--relative-base": "d"}},
	{prog: "tee", setup: "echo a > f", base: "out"},
	{prog: "truncate", setup: "echo abc > f", pre: "-s 1", base: "f", values: map[string]string{"-r": "f", "--reference": "f", "-o": ""}},
	{prog: "shred", setup: "echo abc > f", pre: "-n 0", base: "f", values: map[string]string{"-s": "1", "--size": "1", "--random-source": "f"}, skip: "-u --remove -z --zero"},
	{prog: "install", setup: "echo a > f; mkdir d", base: "f d", values: map[string]string{"-m": "600", "--mode": "600", "-t": "d", "--target-directory": "d", "-S": "~x", "--suffix": "~x", "--backup": "numbered"}, skip: "-o --owner -g --group --strip-program -s --strip -Z --context"},
	{prog: "id", base: "root"},
	{prog: "uname"},
	{prog: "date", pre: "-d @0", base: "+%F", values: map[string]string{"-I": "date", "--iso-8601": "date", "--rfc-3339": "date", "-d": "@0", "--date": "@0"}, skip: "-s --set -f --file -r --reference --debug"},
	{prog: "sha256sum", setup: "echo a > f; sha256sum f > s", base: "f"},
	{prog: "tr", pre: "a-z", base: "A-Z"},
	{prog: "nl", setup: "printf 'a\\n\\nb\\n' > f", base: "f", values: map[string]string{"-b": "a", "--body-numbering": "a", "-w": "3", "--number-width": "3", "-s": ":", "--number-separator": ":", "-v": "5", "--starting-line-number": "5", "-i": "2", "--line-increment": "2", "-n": "rz", "--number-format": "rz"}},
	{prog: "od", setup: "echo abc > f", base: "f", values: map[string]string{"-A": "x", "--address-radix": "x", "-j": "1", "--skip-bytes": "1", "-N": "2", "--read-bytes": "2", "-t": "x1", "--format": "x1", "-w": "4", "--width": "4"}},
}

// realRun is what a program did.
type realRun struct {
	code     int
	out, err string
	tree     string
}

func (r realRun) String() string {
	return fmt.Sprintf("exit %d\nstdout %q\nstderr %q\ntree %s", r.code, r.out, r.err, r.tree)
}

type realRunner struct {
	dir   string
	cache map[string]realRun
}

// run runs prog with args in a fresh copy of the program's directory.
func (rr *realRunner) run(t *testing.T, p realProg, args []string) realRun {
	key := p.prog + "\x00" + p.setup + "\x00" + strings.Join(args, "\x00")
	if r, ok := rr.cache[key]; ok {
		return r
	}
	d := rr.dir
	if err := os.RemoveAll(d); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(d, "home"), 0o755); err != nil {
		t.Fatal(err)
	}
	env := []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + filepath.Join(d, "home"), "LC_ALL=C", "TZ=UTC", "GIT_CONFIG_NOSYSTEM=1", "TERM=dumb"}
	if p.setup != "" {
		c := exec.Command("sh", "-c", p.setup)
		c.Dir, c.Env = d, env
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s setup: %v\n%s", p.prog, err, out)
		}
	}
	c := exec.Command("find", ".", "-exec", "touch", "-h", "-d", "2020-01-02T03:04:05Z", "{}", "+")
	c.Dir = d
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("touch: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	words := make([]string, len(args))
	for i, a := range args {
		words[i] = strings.ReplaceAll(a, "$D", d)
	}
	c = exec.CommandContext(ctx, p.prog, words...)
	var out, errb bytes.Buffer
	c.Dir, c.Env, c.Stdout, c.Stderr = d, env, &out, &errb
	err := c.Run()
	r := realRun{out: out.String(), err: errb.String()}
	if err != nil {
		r.code = -1
		if x, ok := err.(*exec.ExitError); ok {
			r.code = x.ExitCode()
		}
		if ctx.Err() != nil {
			r.code = -2
		}
	}
	r.err = strings.ReplaceAll(r.err, d, "$D")
	r.out = strings.ReplaceAll(r.out, d, "$D")
	var tree []string
	filepath.WalkDir(d, func(path string, e fs.DirEntry, err error) error {
		if err != nil || path == d {
			return nil
		}
		rel, _ := filepath.Rel(d, path)
		info, _ := os.Lstat(path)
		line := rel + " " + info.Mode().String()
		if info.Mode().IsRegular() && !strings.HasPrefix(rel, "r/.git/") && rel != "r/.git/index" {
			b, _ := os.ReadFile(path)
			line += fmt.Sprintf(" %x", sha256.Sum256(b))
		}
		if strings.HasPrefix(rel, "r/.git/") {
			return nil // a repository's own files change with every command (index stat data)
		}
		tree = append(tree, line)
		return nil
	})
	r.tree = strings.Join(tree, "; ")
	rr.cache[key] = r
	return r
}

// parsedAs is what the entry makes of a call, with nothing that depends
// on the spelling or on the order of options.
func parsedAs(s *Spec, words []string) string {
	m := meaningOf(s, words)
	if m.Unknown {
		return "unknown"
	}
	key := func(u Use) string { return fmt.Sprint(u) }
	sort.Slice(m.Options, func(i, j int) bool { return key(m.Options[i]) < key(m.Options[j]) })
	sort.Slice(m.Uses, func(i, j int) bool { return key(m.Uses[i]) < key(m.Uses[j]) })
	return fmt.Sprintf("%+v", m)
}

func TestRealGrammar(t *testing.T) {
	if os.Getenv("WARDEN_REAL") == "" {
		t.Skip("runs the real programs: set WARDEN_REAL=1")
	}
	only := os.Getenv("WARDEN_REAL_ONLY")
	rr := &realRunner{dir: filepath.Join(os.TempDir(), "warden-real"), cache: map[string]realRun{}}
	defer os.RemoveAll(rr.dir)
	for _, p := range realProgs {
		if only != "" && !slices.Contains(strings.Fields(only), p.prog) {
			continue
		}
		if _, err := exec.LookPath(p.prog); err != nil {
			t.Logf("%s: not installed", p.prog)
			continue
		}
		s := Lookup(p.prog)
		if s == nil {
			t.Errorf("%s: no entry", p.prog)
			continue
		}
		t.Run(p.prog, func(t *testing.T) { realProbe(t, rr, p, s) })
	}
}

// realProbe compares the program and its entry on p's calls.
func realProbe(t *testing.T, rr *realRunner, p realProg, s *Spec) {
	pre, base := strings.Fields(p.pre), strings.Fields(p.base)
	spec := s
	if len(pre) > 0 {
		// The entry that reads the option under test: a subcommand's.
		r := meaningOf(s, pre)
		if r.Sub != "" {
			for _, w := range strings.Fields(r.Sub) {
				if sub := spec.Subcommands[w]; sub != nil {
					spec = sub
				}
			}
		}
	}
	compare := func(a, b []string, wantSame, hand bool) {
		ra, rb := rr.run(t, p, a), rr.run(t, p, b)
		pa, pb := parsedAs(s, a), parsedAs(s, b)
		realSame, parseSame := ra == rb, pa == pb && pa != "unknown"
		if hand && wantSame != realSame && wantSame != parseSame {
			t.Logf("%s %q vs %q: neither program nor entry answers as the case expects", p.prog, a, b)
		}
		if realSame == parseSame {
			return
		}
		if realSame {
			t.Errorf("%s %s and %s: the program does the same, the entry reads them apart\n  entry: %s\n  entry: %s", p.prog, strings.Join(a, " "), strings.Join(b, " "), pa, pb)
		} else {
			t.Errorf("%s %s and %s: the entry reads them alike, the program does not\n  program: %v\n  program: %v\n  %s", p.prog, strings.Join(a, " "), strings.Join(b, " "), ra, rb, cmp.Diff(ra.String(), rb.String(), cmpopts.EquateEmpty()))
		}
	}
	for _, pr := range p.same {
		compare(strings.Fields(pr[0]), strings.Fields(pr[1]), true, true)
	}
	for _, pr := range p.differ {
		compare(strings.Fields(pr[0]), strings.Fields(pr[1]), false, true)
	}
	skip := strings.Fields(p.skip)
	probed := 0
	for i := range spec.opts {
		o := &spec.opts[i]
		if o.name != strings.SplitN(o.group, "|", 2)[0] || o.effect == Help || o.two || o.untilSep {
			continue // each option once, under its first spelling
		}
		if slices.ContainsFunc(strings.Split(o.group, "|"), func(n string) bool { return slices.Contains(skip, n) }) {
			continue
		}
		var opt []string
		switch o.value {
		case 0:
			opt = []string{o.name}
		default:
			v, ok := "", false
			for _, n := range strings.Split(o.group, "|") {
				if v, ok = p.values[n]; ok {
					break
				}
			}
			if !ok {
				continue
			}
			switch {
			case o.value == '?' && strings.HasPrefix(o.name, "--"):
				opt = []string{o.name + "=" + v}
			case o.value == '?':
				opt = []string{o.name + v}
			default:
				opt = []string{o.name, v}
			}
		}
		call := slices.Concat(pre, opt, base)
		probed++
		for _, v := range Respellings(s, call) {
			compare(call, v, true, false)
		}
		// A prefix the entry refuses (no Abbrev) or one that is not
		// unique among the program's own options.
		if strings.HasPrefix(o.name, "--") && len(o.name) > 4 {
			ab := slices.Concat(pre, []string{strings.Replace(opt[0], o.name, o.name[:len(o.name)-1], 1)}, opt[1:], base)
			compare(call, ab, spec.Abbrev, false)
		}
		// The option after the operands: GNU permutes them.
		if len(base) > 0 {
			compare(call, slices.Concat(pre, base, opt), spec.Permute, false)
		}
	}
	// Short and long flags declared apart that the program takes for one.
	var shorts, longs []*opt
	for i := range spec.opts {
		o := &spec.opts[i]
		if o.value != 0 || o.effect == Help || strings.Contains(o.group, "|") || slices.Contains(skip, o.name) {
			continue
		}
		if strings.HasPrefix(o.name, "--") {
			longs = append(longs, o)
		} else if len(o.name) == 2 && !spec.LongDash {
			shorts = append(shorts, o)
		}
	}
	plain := rr.run(t, p, slices.Concat(pre, base))
	for _, so := range shorts {
		rs := rr.run(t, p, slices.Concat(pre, []string{so.name}, base))
		if rs == plain || rs.code != 0 {
			continue
		}
		for _, lo := range longs {
			if rl := rr.run(t, p, slices.Concat(pre, []string{lo.name}, base)); rl == rs {
				t.Errorf("%s %s and %s do the same here and are declared apart: one option %s|%s?", p.prog, so.name, lo.name, so.name, lo.name)
			}
		}
	}
	t.Logf("%s: %d options probed", p.prog, probed)
}
