package shell

import (
	"github.com/wardenhq/warden/checks"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var testOpts = Options{Home: "/home/dev", Cwd: "/home/dev/projects/app"}

func partWords(an *Analysis) [][]string {
	out := make([][]string, len(an.Parts))
	for i, p := range an.Parts {
		out[i] = p.Words
	}
	return out
}

func w(s ...string) []string { return s }

// TestParts checks that every simple command that would run is found, in
// order, with wrappers stripped and program names reduced.
func TestParts(t *testing.T) {
	tests := []struct {
		cmd  string
		want [][]string
	}{
		{"ls -la", [][]string{w("ls", "-la")}},
		{"a | b && c || d; e & f\ng", [][]string{w("a"), w("b"), w("c"), w("d"), w("e"), w("f"), w("g")}},
		{"(a; b) && { c; }", [][]string{w("a"), w("b"), w("c")}},
		{"echo $(a x) `b y`", [][]string{w("a", "x"), w("b", "y"), w("echo", "$(a x)", "`b y`")}},
		{"diff <(a) >(b)", [][]string{w("a"), w("b"), w("diff", "<(a)", ">(b)")}},
		{"for i in $(a); do b; done", [][]string{w("a"), w("b")}},
		{"while c; do d; done; until e; do f; done", [][]string{w("c"), w("d"), w("e"), w("f")}},
		{"if a; then b; elif c; then d; else e; fi", [][]string{w("a"), w("b"), w("c"), w("d"), w("e")}},
		{"case $x in a) b;; *) c;; esac", [][]string{w("b"), w("c")}},
		{"[[ $(a) ]] && (( $(b) ))", [][]string{w("a"), w("b")}},
		{"f() { a; }; f", [][]string{w("a"), w("f")}},
		{"bash -c 'a; b | c'", [][]string{w("a"), w("b"), w("c")}},
		{`sh -c "zsh -c 'dash -c d'"`, [][]string{w("d")}},
		{"eval 'a x'", [][]string{w("a", "x")}},
		{"su -c 'a b' root", [][]string{w("a", "b")}},
		{"bash <<EOF\na\nb\nEOF", [][]string{w("a"), w("b")}},
		{"sh <<< 'a'", [][]string{w("a")}},
		{"xargs -0 -n1 rm -f", [][]string{w("rm", "-f")}},
		{"xargs", [][]string{w("echo")}},
		{"find . -name x -exec rm {} \\; -execdir b {} +", [][]string{w("find", ".", "-name", "x", "-exec", "rm", "{}", ";", "-execdir", "b", "{}", "+"), w("rm", "{}"), w("b", "{}")}},
		{"env -i A=1 a x", [][]string{w("a", "x")}},
		{"env -S 'a -x y'", [][]string{w("a", "-x", "y")}},
		{"sudo -u root -E a", [][]string{w("a")}},
		{"doas -u x a", [][]string{w("a")}},
		{"timeout -s KILL 5 nice -n 3 ionice -c2 nohup time -p stdbuf -oL setsid a", [][]string{w("a")}},
		{"watch -n 1 a b", [][]string{w("a", "b")}},
		{"flock /tmp/l a", [][]string{w("flock", "/tmp/l", "a")[2:]}},
		{"flock /tmp/l -c 'a b'", [][]string{w("a", "b")}},
		{"command a; builtin b; exec c", [][]string{w("a"), w("b"), w("c")}},
		{"busybox rm x", [][]string{w("rm", "x")}},
		{"/bin/rm x; \\rm y; r''m z; \"rm\" q", [][]string{w("rm", "x"), w("rm", "y"), w("rm", "z"), w("rm", "q")}},
		{"{a,b}", [][]string{w("a", "b")}},
		{"A=1 B=2 a", [][]string{w("a")}},
		{"alias x='a y'; x z", [][]string{w("alias", "x=a y"), w("a", "y", "z")}},
		{"export A=1", [][]string{w("export", "A=1")}},
		{"time a | b", [][]string{w("a"), w("b")}},
		{"> out.txt", [][]string{{}}},
		{"x=1", nil},
		{"", nil},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			an := Analyze(tt.cmd, testOpts)
			if an.ParseError != nil {
				t.Fatalf("parse error: %v", an.ParseError)
			}
			got := partWords(an)
			if len(got) == 0 {
				got = nil
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("parts (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPartFields checks the per-part facts rules and modes rely on.
func TestPartFields(t *testing.T) {
	type fields struct {
		Reads, Writes                        []string
		ReadOnly, FileOp, Dynamic, UnsafeEnv bool
		Alternates                           [][]string
		Assignments                          []string
	}
	tests := []struct {
		cmd  string
		want fields
	}{
		{"cat .env", fields{Reads: w("/home/dev/projects/app/.env"), ReadOnly: true}},
		{"grep KEY .env", fields{Reads: w("/home/dev/projects/app/.env"), ReadOnly: true}},
		{"grep -e KEY -f pats.txt src", fields{Reads: w("/home/dev/projects/app/pats.txt", "/home/dev/projects/app/src"), ReadOnly: true}},
		{"sed -n 1p ~/notes.txt", fields{Reads: w("/home/dev/notes.txt"), ReadOnly: true}},
		{"sed -i s/a/b/ f.txt", fields{Reads: w("/home/dev/projects/app/f.txt"), Writes: w("/home/dev/projects/app/f.txt")}},
		{"wc -l < in.txt", fields{Reads: w("/home/dev/projects/app/in.txt"), ReadOnly: true}},
		{"echo hi > ~/.bashrc", fields{Writes: w("/home/dev/.bashrc"), FileOp: true}}, // the write itself is judged as an edit
		{"echo hi > $F", fields{}},
		{"echo hi > /dev/null 2>&1", fields{ReadOnly: true}},
		{"cp a.txt ../b.txt", fields{Reads: w("/home/dev/projects/app/a.txt"), Writes: w("/home/dev/projects/b.txt"), FileOp: true}},
		{"mv a b", fields{Reads: w("/home/dev/projects/app/a"), Writes: w("/home/dev/projects/app/a", "/home/dev/projects/app/b"), FileOp: true}},
		{"rm old.txt", fields{Writes: w("/home/dev/projects/app/old.txt"), FileOp: true}},
		{"rm -r old", fields{Writes: w("/home/dev/projects/app/old")}},
		{"rm -R old", fields{Writes: w("/home/dev/projects/app/old")}},
		{"rm --rec old", fields{Writes: w("/home/dev/projects/app/old")}},
		{"rm -fr old", fields{Writes: w("/home/dev/projects/app/old")}},
		{"rm old", fields{Writes: w("/home/dev/projects/app/old"), FileOp: true}},
		{"/bin/rm -f old", fields{Writes: w("/home/dev/projects/app/old"), FileOp: true}},
		{"touch a.txt", fields{Writes: w("/home/dev/projects/app/a.txt"), FileOp: true}},
		{"tee -a log.txt", fields{Writes: w("/home/dev/projects/app/log.txt")}},
		{"sort -o out.txt in.txt", fields{Reads: w("/home/dev/projects/app/in.txt"), Writes: w("/home/dev/projects/app/out.txt")}},
		{"rg --pre pdftotext x", fields{}},
		{"find . -name '*.go'", fields{ReadOnly: true}},
		{"find . -delete", fields{Writes: w("/home/dev/projects/app")}}, // deletes the tree it searches
		{"git status", fields{ReadOnly: true}},
		{"git -C ../other log -1", fields{ReadOnly: true, Reads: []string{"/home/dev/projects/other"}, Alternates: [][]string{w("git", "log", "-1")}}},
		{"git -c core.pager=less log", fields{ReadOnly: true, Alternates: [][]string{w("git", "log")}}}, // less is git's own default pager
		{"git -c color.ui=always log", fields{ReadOnly: true, Alternates: [][]string{w("git", "log")}}},
		{"git -c foo.bar=1 log", fields{Alternates: [][]string{w("git", "log")}}}, // a key in neither table is not known
		{"git -C dir commit -m x", fields{Reads: []string{"/home/dev/projects/app/dir"}, Alternates: [][]string{w("git", "commit", "-m", "x")}}},
		{"docker --context x rm c", fields{Alternates: [][]string{w("docker", "rm", "c")}}},
		{"$X -rf /", fields{Dynamic: true}},
		{"${u:-rm} -rf /", fields{Dynamic: true, Writes: w("/"), Alternates: [][]string{w("rm", "-rf", "/")}}},
		{"LD_PRELOAD=/tmp/x.so ls", fields{UnsafeEnv: true, Assignments: w("LD_PRELOAD=/tmp/x.so")}},
		{"LANG=C ls", fields{ReadOnly: true, Assignments: w("LANG=C")}},
		{"CI=1 npm test", fields{Assignments: w("CI=1")}},
		{"mkdir -p src/x", fields{Writes: w("/home/dev/projects/app/src/x"), FileOp: true}},
		// exec with no command opens descriptors for the commands after it.
		{"exec 3<README.md; cat <&3", fields{ReadOnly: true, Reads: w("/home/dev/projects/app/README.md")}},
		{"exec 3<~/.ssh/id_rsa; cat <&3", fields{ReadOnly: true, Reads: w("/home/dev/.ssh/id_rsa")}},
		{"exec 3<~/.ssh/id_rsa 4<&3 3<&-; cat <&4 <&3", fields{ReadOnly: true, Reads: w("/home/dev/.ssh/id_rsa")}},
		{"exec 3>>~/.bashrc; echo x >&3", fields{Writes: w("/home/dev/.bashrc"), FileOp: true}},
		{"exec 3<>out.txt; echo x 1>&3", fields{Writes: w("/home/dev/projects/app/out.txt"), FileOp: true}},
		{"(exec 3<~/.ssh/id_rsa); cat <&3", fields{ReadOnly: true}},
		{"exec 3<README.md; exec 3<&-; cat <&3", fields{ReadOnly: true}},
		// The directory stack: the top is the working directory.
		{"pushd src; popd; cat README.md", fields{ReadOnly: true, Reads: w("/home/dev/projects/app/README.md")}},
		{"pushd src; pushd ~/.ssh; popd; cat x", fields{ReadOnly: true, Reads: w("/home/dev/projects/app/src/x")}},
		{"pushd ~/.ssh; pushd /tmp; pushd; cat id_rsa", fields{ReadOnly: true, Reads: w("/home/dev/.ssh/id_rsa")}},
		{"pushd src; pushd ~/.ssh; pushd +2; pushd +1; cat id_rsa", fields{ReadOnly: true, Reads: w("/home/dev/.ssh/id_rsa")}},
		{"pushd -n ~/.ssh; popd; cat id_rsa", fields{ReadOnly: true, Reads: w("/home/dev/.ssh/id_rsa")}},
		{"pushd -n ~/.ssh; popd +1; cat x", fields{ReadOnly: true, Reads: w("/home/dev/projects/app/x")}},
		{"pushd ~/.ssh; pushd /tmp; cat ~1/id_rsa", fields{ReadOnly: true, Reads: w("/home/dev/.ssh/id_rsa")}},
		{"dirs -c; pushd ~/.ssh; cat ~-0/x", fields{ReadOnly: true, Reads: w("/home/dev/projects/app/x")}},
		{"dirs -c; pushd src; popd; popd; cat x", fields{ReadOnly: true, Reads: w("/home/dev/projects/app/x")}}, // popd on an empty stack fails
		{"pushd src; popd; popd; cat x", fields{}},                                                              // the stack the shell started with is not known
		{"(pushd src); popd; cat x", fields{}},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			an := Analyze(tt.cmd, testOpts)
			if len(an.Parts) == 0 {
				t.Fatalf("no parts (parse error %v)", an.ParseError)
			}
			p := an.Parts[len(an.Parts)-1]
			got := fields{p.Reads, p.Writes, p.ReadOnly, p.FileOp, p.Dynamic, p.UnsafeEnv, p.Alternates, p.Assignments}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
}

// TestAlternatesSkipGlobalOptions: rules see a command without the
// options before its subcommand (or, for an entry whose rules are keyed on
// its first operand, before that operand), read by the entry in every
// spelling, so that a deny rule on "git push" or "make deploy" catches
// each spelling; an entry with neither gets no such alternate. An
// interpreter by a versioned name is also seen by its entry's name.
func TestAlternatesSkipGlobalOptions(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want []string // nil: no alternate
	}{
		{"git -C dir push origin main", w("git", "push", "origin", "main")},
		{"git -Cdir push", w("git", "push")},
		{"git --git-dir=.git push", w("git", "push")},
		{"git --git-dir .git push", w("git", "push")},
		{"git --no-pager -c x.y=z push -f", w("git", "push", "-f")},
		{"docker -H tcp://h:2375 rm -f web", w("docker", "rm", "-f", "web")},
		{"docker -Htcp://h:2375 rm -f web", w("docker", "rm", "-f", "web")},
		{"docker --context=prod rm web", w("docker", "rm", "web")},
		{"kubectl --kubeconfig ~/k delete pod x", w("kubectl", "delete", "pod", "x")},
		{"kubectl -n prod delete pod x", w("kubectl", "delete", "pod", "x")},
		{"helm --kube-context prod uninstall web", w("helm", "uninstall", "web")},
		{"aws --profile prod s3 rm s3://b/k", w("aws", "s3", "rm", "s3://b/k")},
		{"terraform -chdir=infra destroy", w("terraform", "destroy")},
		{"gh --repo o/r pr merge 1", w("gh", "pr", "merge", "1")},
		{"npm --prefix web publish", w("npm", "publish")},
		{"make -C sub deploy", w("make", "deploy")},
		{"make --directory=sub deploy", w("make", "deploy")},
		{"make -j4 deploy", w("make", "deploy")},
		{"python3.12 -c x", w("python", "-c", "x")},
		{"/usr/bin/perl5.36 -e x", w("perl", "-e", "x")},
		{"git push", nil},
		{"rm -rf old", nil},
		{"sed -n 1p f", nil},
	} {
		an := Analyze(tc.cmd, testOpts)
		if len(an.Parts) == 0 {
			t.Fatalf("%q: no parts", tc.cmd)
		}
		p := an.Parts[len(an.Parts)-1]
		found := false
		for _, alt := range p.Alternates {
			found = found || slices.Equal(alt, tc.want)
		}
		if tc.want == nil && len(p.Alternates) != 0 || tc.want != nil && !found {
			t.Errorf("%q: alternates %q, want %q", tc.cmd, p.Alternates, tc.want)
		}
	}
}

// TestCdTracksDirectory checks that cd changes where later operands resolve.
func TestCdTracksDirectory(t *testing.T) {
	tests := []struct {
		cmd, want string
	}{
		{"cd src && cat a.go", "/home/dev/projects/app/src/a.go"},
		{"cd /etc; cat passwd", "/etc/passwd"},
		{"(cd /etc); cat passwd", "/home/dev/projects/app/passwd"},
		{"cd; cat x", "/home/dev/x"},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			an := Analyze(tt.cmd, testOpts)
			last := an.Parts[len(an.Parts)-1]
			if diff := cmp.Diff([]string{tt.want}, last.Reads); diff != "" {
				t.Errorf("reads (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseError(t *testing.T) {
	an := Analyze("rm -rf / (", testOpts)
	if an.ParseError == nil {
		t.Fatal("want a parse error")
	}
	if !an.Dangerous() {
		t.Error("the raw text of an unparsable command must still be scanned for danger")
	}
	if len(an.Parts) == 0 || !an.Parts[0].Dynamic {
		t.Errorf("raw parts must be Dynamic (never allowed by a rule): %+v", an.Parts)
	}
	if got := an.Parts[0].Program(); got != "rm" {
		t.Errorf("raw part program = %q, want rm (so deny rules match)", got)
	}
}

// TestLimits checks that exceeding a limit is reported, and that no limit
// hides a part from deny rules.
func TestLimits(t *testing.T) {
	t.Run("parts", func(t *testing.T) {
		cmd := strings.Repeat("true; ", 20) + "rm -rf /"
		an := Analyze(cmd, Options{Cwd: "/w", Home: "/h", MaxParts: 5})
		if an.Limit != LimitParts {
			t.Errorf("Limit = %q, want %q", an.Limit, LimitParts)
		}
		if len(an.Parts) != 21 || an.Parts[20].Program() != "rm" {
			t.Errorf("every part must still be listed for deny rules; got %d parts", len(an.Parts))
		}
		if !an.Dangerous() {
			t.Error("the part past the limit must still be judged")
		}
	})
	t.Run("length", func(t *testing.T) {
		cmd := "rm -rf / ; " + strings.Repeat("x", 200)
		an := Analyze(cmd, Options{Cwd: "/w", Home: "/h", MaxLength: 100})
		if an.Limit != LimitLength {
			t.Errorf("Limit = %q, want %q", an.Limit, LimitLength)
		}
		if len(an.Parts) == 0 || an.Parts[0].Program() != "rm" || !an.Dangerous() {
			t.Errorf("the text read must still be scanned: %+v", an.Parts)
		}
	})
	t.Run("depth", func(t *testing.T) {
		cmd := "rm -rf /"
		for i := 0; i < 6; i++ {
			cmd = "eval " + checks.Quote(cmd)
		}
		an := Analyze(cmd, Options{Cwd: "/w", Home: "/h", MaxDepth: 3})
		if an.Limit != LimitDepth {
			t.Errorf("Limit = %q, want %q", an.Limit, LimitDepth)
		}
	})
	t.Run("brace bomb", func(t *testing.T) {
		an := Analyze(strings.Repeat("{a,b}", 30), testOpts)
		if an.Limit == "" {
			t.Error("a brace expansion bomb must hit a limit")
		}
	})
}
