package programs

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func words(s string) []Word {
	var out []Word
	for _, f := range strings.Fields(s) {
		out = append(out, Word{Text: f, Literal: !strings.HasPrefix(f, "$")})
	}
	return out
}

// TestParse checks the getopt-style grammar on one entry per feature.
func TestParse(t *testing.T) {
	type use struct {
		Effect Effect
		Target string
		Option string
	}
	tests := []struct {
		prog, args string
		uses       []use
		unknown    bool
		help       bool
	}{
		{"sort", "-o out in", []use{{Write, "out", "-o"}, {Read, "in", ""}}, false, false},
		{"sort", "-oout in", []use{{Write, "out", "-o"}, {Read, "in", ""}}, false, false},
		{"sort", "--output=out in", []use{{Write, "out", "--output"}, {Read, "in", ""}}, false, false},
		{"sort", "--o=out in", []use{{Write, "out", "--output"}, {Read, "in", ""}}, false, false},                           // unique prefix
		{"sort", "in --output out", []use{{Write, "out", "--output"}, {Read, "in", ""}}, false, false},                      // GNU permutes
		{"sort", "-nro out in", []use{{Write, "out", "-o"}, {Read, "in", ""}}, false, false},                                // bundled
		{"sort", "-- -o", []use{{Read, "-o", ""}}, false, false},                                                            // -- ends options
		{"sort", "--bogus in", []use{{Read, "in", ""}}, true, false},                                                        // undeclared
		{"sort", "$OPT in", []use{{Read, "$OPT", ""}, {Read, "in", ""}}, true, false},                                       // non-literal where an option may be
		{"takeown", "/F x /R", []use{{Write, "x", "/f"}, {Write, "", ""}}, false, false},                                    // slash options, any case (Slash, Fold)
		{"icacls", "x /GRANT:R u:F", []use{{None, "u:F", "/grant"}, {Read, "x", ""}, {Write, "x", ""}}, false, false},       // /name:variant is /name
		{"icacls", "x /inheritance:d", []use{{None, "d", "/inheritance"}, {Read, "x", ""}, {Write, "x", ""}}, false, false}, // /name:value of a ? option
		{"icacls", "/tmp/x /t", []use{{Read, "/tmp/x", ""}}, false, false},                                                  // an undeclared /word is a path
		{"hdparm", "--Security-Erase p /dev/sda", []use{{None, "p", "--security-erase"}, {Write, "", ""}, {Read, "/dev/sda", ""}}, false, false},
		{"sed", "--in-pl s/a/b/ f", []use{{Exec, "s/a/b/", ""}, {Read, "f", ""}, {Write, "f", ""}}, false, false},
		{"rm", "-rf victim -- --help", []use{{Delete, "victim", ""}, {Delete, "--help", ""}}, false, false},
		{"rm", "-rf victim --help", []use{{Delete, "victim", ""}}, false, false}, // help after an operand does not end processing
		{"rm", "--help", nil, false, true},
		// python -c and -m end python's options: the rest is sys.argv.
		{"python3", "-m pip install -c constraints.txt x", []use{{Load, "pip", "-m"}, {RunsProject, "", ""}}, false, false},
		{"python3", "-Im pip -V", []use{{Load, "pip", "-m"}, {RunsProject, "", ""}}, false, false},
		{"python3", "-c pass -c 'import os'", []use{{Exec, "pass", "-c"}, {RunsProject, "", ""}}, false, false},
		{"git", "-C sub grep -O'x;' y", []use{{Read, "sub", "-C"}, {Exec, "'x;'", "-O"}}, false, false},
		{"git", "show HEAD:.env", []use{{Read, ".env", ""}}, false, false},
		{"git", "frobnicate", nil, true, false},
		{"git", "config --get user.name", nil, false, false},
		{"git", "config user.name x", []use{{Config, "", ""}}, false, false},
		{"find", ". -name x -exec rm {} ;", []use{{None, "x", "-name"}, {Exec, "rm {}", "-exec"}}, false, false},
		{"find", ". -delete", []use{{Delete, ".", ""}}, false, false},
		{"jq", "-n --rawfile k key .x", []use{{Read, "key", "--rawfile"}, {Exec, ".x", ""}}, false, false},
		{"jq", "$PROG f", []use{{Exec, "$PROG", ""}, {Read, "f", ""}}, true, false},
		{"head", "-5 f", []use{{Read, "f", ""}}, false, false},
		{"less", "+G f", []use{{Exec, "G", "+"}, {Read, "f", ""}}, false, false},
		// A loose entry's undeclared long option that abbreviates a
		// declared one that does more than read is that option.
		{"tar", "-tf x.tar --to-comm=sh", []use{{None, "x.tar", "--file"}, {Exec, "sh", "--to-command"}}, false, false},
		{"tar", "-tf x.tar --use-compress-prog sh", []use{{None, "x.tar", "--file"}, {Exec, "sh", "--use-compress-program"}}, false, false},
		{"tar", "-tf x.tar --wildcards", []use{{None, "x.tar", "--file"}}, false, false},                                                                                // declared (tar 1.34), harmless
		{"tar", "-czf x.tgz src --checkpoint=1000", []use{{None, "x.tgz", "--file"}, {None, "1000", "--checkpoint"}, {Write, "", ""}, {Read, "src", ""}}, false, false}, // a real option, declared so as not to be --checkpoint-action
		{"rsync", "--rs=sh a host:b", []use{{Network, "", ""}, {Read, "a", ""}, {Network, "host:b", ""}}, false, false},                                                 // rsync takes no prefixes: loose
		{"go", "test --toolexec=./x ./...", []use{{Exec, "./x", "-toolexec"}, {RunsProject, "", ""}}, false, false},                                                     // --name is -name for go's flags
		// An optional value not attached: the option still does what it does.
		{"man", "-H ls", []use{{Unknown, "", "--html"}}, false, false},
		{"man", "--html ls", []use{{Unknown, "", "--html"}}, false, false},
		{"man", "-Hfirefox ls", []use{{Exec, "firefox", "--html"}}, false, false},
		// +X options of their own; an undeclared one is unknown.
		{"lsof", "+D /srv -i", []use{{None, "/srv", "+D"}}, false, false},
		{"lsof", "+frobnicate", nil, true, false},
		// An option not given acts with its default (Defaults): nginx
		// reads its compiled-in configuration, unless -c names another
		// or a help or version option ends it.
		{"nginx", "-T", []use{{Read, "/etc/nginx/nginx.conf", "-c"}}, false, false},
		{"nginx", "-qt", []use{{Read, "/etc/nginx/nginx.conf", "-c"}}, false, false},
		{"nginx", "-s reload", []use{{Unknown, "reload", "-s"}, {Unknown, "", ""}, {Read, "/etc/nginx/nginx.conf", "-c"}}, false, false},
		{"nginx", "-T -c /srv/n.conf", []use{{Read, "/srv/n.conf", "-c"}}, false, false},
		{"nginx", "-Tc/srv/n.conf", []use{{Read, "/srv/n.conf", "-c"}}, false, false},
		{"nginx", "-V", nil, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.prog+" "+tt.args, func(t *testing.T) {
			r := Parse(Lookup(tt.prog), words(tt.args))
			var got []use
			for _, u := range r.Uses {
				if u.Effect != None || u.Option != "" && u.Target != "" {
					got = append(got, use{u.Effect, u.Target, u.Option})
				}
			}
			if diff := cmp.Diff(tt.uses, got); diff != "" {
				t.Errorf("uses (-want +got):\n%s", diff)
			}
			if !r.Known() != tt.unknown {
				t.Errorf("unknown = %v (%v), want %v", !r.Known(), r.Unknown, tt.unknown)
			}
			if r.Help != tt.help {
				t.Errorf("help = %v, want %v", r.Help, tt.help)
			}
		})
	}
}

// TestEntries checks every entry compiles, names are unique, and every
// read-only entry declares the options it accepts (no Loose read-only
// entry).
func TestEntries(t *testing.T) {
	var walk func(s *Spec)
	walk = func(s *Spec) {
		if s.Loose && s.Effect.ReadOnly() && len(s.Subcommands) == 0 {
			t.Errorf("%s is loose but has no effect of its own: undeclared options would pass as read-only", s.Name())
		}
		// A raise's Unless and With name options the entry (or a parent)
		// declares: TestRaiseOptionsDeclared.
		for _, sub := range s.Subcommands {
			walk(sub)
		}
	}
	if len(All()) < 100 {
		t.Errorf("only %d entries", len(All()))
	}
	for _, s := range All() {
		if Lookup(s.Names[0]) != s {
			t.Errorf("Lookup(%s) is another entry", s.Names[0])
		}
		walk(s)
	}
}

// FuzzParse: the parser never panics, and every use points at a word.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"sort -o x --o=y -- z", "git -c a=b grep -O'x' y", "find . -exec rm {} ; -delete", "jq --arg a", "sed -i -e", "less +!sh", "tar -xf", "docker -Hx --context=y rm -f z", "rm -fR --rec -- -r"} {
		f.Add(s)
	}
	names := []string{"sort", "git", "find", "jq", "sed", "less", "awk", "go", "npm", "man", "rm", "cp", "head", "python3", "xxd", "tree", "docker"}
	f.Fuzz(func(t *testing.T, s string) {
		ws := words(s)
		for _, n := range names {
			r := Parse(Lookup(n), ws)
			for _, u := range r.Uses {
				if u.Index >= len(ws) {
					t.Fatalf("%s %q: use %+v points past the words", n, s, u)
				}
			}
			for i, o := range r.Options {
				if !r.Has(o.Option) {
					t.Fatalf("%s %q: option %s given but Has denies it", n, s, o.Option)
				}
				if r.valued(i) && (o.Index < 0 || o.Index >= len(ws)) {
					t.Fatalf("%s %q: option %s has a value with no word", n, s, o.Option)
				}
			}
			if len(r.Operands()) != len(r.OperandIndexes) {
				t.Fatalf("%s %q: operands %v beside indexes %v", n, s, r.Operands(), r.OperandIndexes)
			}
			_ = r.Sub()
		}
	})
}

// TestParseIntoReuses checks that ParseInto, reusing one Result for call
// after call, learns what Parse learns about each.
func TestParseIntoReuses(t *testing.T) {
	calls := [][2]string{{"sort", "-o out in"}, {"rm", "--help"}, {"sort", "--bogus in"}, {"git", "-C sub grep -O'x;' y"}, {"find", ". -delete"}, {"git", "frobnicate"}, {"head", "-5 f"}}
	var r Result
	for round := 0; round < 2; round++ {
		for _, c := range calls {
			want := Parse(Lookup(c[0]), words(c[1]))
			ParseInto(Lookup(c[0]), words(c[1]), &r)
			if want.Spec != r.Spec || want.Help != r.Help {
				t.Errorf("%s %s: spec or help differ", c[0], c[1])
			}
			if diff := cmp.Diff([]any{want.Uses, want.Unknown, want.OperandIndexes}, []any{r.Uses, r.Unknown, r.OperandIndexes}, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("%s %s (-Parse +ParseInto):\n%s", c[0], c[1], diff)
			}
		}
	}
}

// TestLauncherCommand: a launcher's command begins after its options and
// declared operands, at the first operand or after a --, whatever follows.
func TestLauncherCommand(t *testing.T) {
	tests := []struct {
		line string
		want int // index of the command's first word after the program's name, -1 for none
	}{
		{"mise exec -- rm -rf ~", 2},
		{"mise exec node@20 -- node x.js", 3},
		{"mise exec node@20", -1},
		{"npx -y --package=x cowsay hi", 2},
		{"npx --no-install -- rm -rf x", 2},
		{"uv run --with requests python x.py", 3},
		{"scl enable devtoolset -- rm -rf x", 3},
		{"scl enable devtoolset 'make all'", 2},
		{"direnv exec . make", 2},
		{"chronic rm -rf x", 0},
		{"chronic -e -v rm -rf x", 2},
		{"aws-vault exec prod -d 1h -- aws s3 ls", 5},
		{"npx", -1},
		{"mise exec --", -1},
		{"npx --version", -1},
		// An option that runs no command (:N): the words are data.
		{"sudo -l rm -rf /", -1},
		{"sudo -nl -- rm", -1},
		{"sudo --li rm", -1},
		{"chrt -p 10 1", -1},
		{"taskset -ap 0 1", -1},
		{"ionice -c3 -p1 2 3", -1},
		{"sudo -n rm", 1},
		{"chrt 10 rm", 1},
	}
	for _, tt := range tests {
		ws := words(tt.line)
		s := Lookup(ws[0].Text)
		if s == nil {
			t.Fatalf("%s: no entry", tt.line)
		}
		var r Result
		ParseInto(s, ws[1:], &r)
		if got := r.Command - 1; got != tt.want {
			t.Errorf("%s: command at %d, want %d", tt.line, got, tt.want)
		}
		if tt.want < 0 && !r.Known() {
			t.Errorf("%s: unknown %q", tt.line, r.Unknown)
		}
	}
}

// TestNamedOptions: an option declared under several spellings answers
// to any of them, however the call spells it, and never after "--".
func TestNamedOptions(t *testing.T) {
	tests := []struct {
		prog, args string
		ask        string // the spelling asked about
		has        bool
		value      string // "" when no value is expected
		sub        string
		operands   string
	}{
		{"rm", "-r x", "--recursive", true, "", "", "x"},
		{"rm", "-R x", "--recursive", true, "", "", "x"},
		{"rm", "-fR x", "-r", true, "", "", "x"},
		{"rm", "--rec x", "-R", true, "", "", "x"},          // rm takes prefixes
		{"rm", "x --recursive", "-r", true, "", "", "x"},    // GNU permutes
		{"rm", "-- -r", "--recursive", false, "", "", "-r"}, // an operand after --
		{"rm", "-f x", "--recursive", false, "", "", "x"},   // look-alike: another option
		{"rm", "-d x", "--dir", true, "", "", "x"},
		{"docker", "-H tcp://h:2375 ps", "--host", true, "tcp://h:2375", "ps", ""},
		{"docker", "-Htcp://h:2375 ps", "--host", true, "tcp://h:2375", "ps", ""},
		{"docker", "--host=tcp://h:2375 ps", "-H", true, "tcp://h:2375", "ps", ""},
		{"docker", "--host tcp://h:2375 ps", "-H", true, "tcp://h:2375", "ps", ""},
		{"docker", "-c prod rm -f web", "--context", true, "prod", "rm", "web"},
		{"docker", "--context=prod rm -f web", "-c", true, "prod", "rm", "web"},
		{"docker", "--context prod rm -f web", "--context", true, "prod", "rm", "web"},
		{"docker", "ps -a", "--host", false, "", "ps", ""},
		{"docker", "--hos=tcp://h ps", "--host", false, "", "ps", ""}, // docker takes no prefixes
		// mvn (Commons CLI): a short name of several letters is taken
		// whole, with its value apart or after =.
		{"mvn", "-pl core -am package", "--projects", true, "core", "", "package"},
		{"mvn", "-pl=core package", "-pl", true, "core", "", "package"},
		{"mvn", "-amd -rf :core install", "--resume-from", true, ":core", "", "install"},
		{"mvn", "--define=exec.executable=sh exec:exec", "-D", true, "exec.executable=sh", "", "exec:exec"},
		// gemini (yargs): a word that looks like an option is no value.
		{"gemini", "-p -y", "--yolo", true, "", "", ""},
		{"gemini", "--prompt --yolo", "-y", true, "", "", ""},
		{"gemini", "-p -5", "--prompt", true, "-5", "", ""},
		{"gemini", "--prompt=-y", "--yolo", false, "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.prog+" "+tt.args, func(t *testing.T) {
			r := Parse(Lookup(tt.prog), words(tt.args))
			if got := r.Has(tt.ask); got != tt.has {
				t.Errorf("Has(%s) = %v, want %v (options %+v, unknown %v)", tt.ask, got, tt.has, r.Options, r.Unknown)
			}
			v, ok := r.Value(tt.ask)
			if v != tt.value || ok != (tt.value != "") {
				t.Errorf("Value(%s) = %q, %v; want %q", tt.ask, v, ok, tt.value)
			}
			if got := r.Sub(); got != tt.sub {
				t.Errorf("Sub() = %q, want %q", got, tt.sub)
			}
			if got := strings.Join(r.Operands(), " "); got != tt.operands {
				t.Errorf("Operands() = %q, want %q", got, tt.operands)
			}
		})
	}
}

// TestOptionGroupCompiles: every spelling of a grouped option is
// declared, shares the option's modifiers and is recorded under the
// option's name.
func TestOptionGroupCompiles(t *testing.T) {
	s := &Spec{Names: []string{"t"}, Options: "-o|--out|--output=w -q|--quiet"}
	s.compile("t")
	for _, n := range []string{"-o", "--out", "--output"} {
		o := s.exact(n)
		if o == nil || o.value != '=' || o.effect != Write || o.canon != "--out" {
			t.Errorf("%s: %+v", n, o)
		}
	}
	r := Parse(s, words("-qofile"))
	if diff := cmp.Diff([]Use{{Effect: None, Index: 0, Option: "--quiet"}, {Effect: Write, Target: "file", Index: 0, Option: "--out"}}, r.Options); diff != "" {
		t.Errorf("options (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"-o|", "|-o", "-o|x="} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%q compiled", bad)
				}
			}()
			(&Spec{Options: bad}).compile("bad")
		}()
	}
}

// TestRaiseOptionsDeclared: every option a danger names (Raise.With,
// Raise.Unless) is declared by its entry or a parent, so that the parse
// answers for it in every spelling, and every With value pattern and
// Operand pattern is well formed.
func TestRaiseOptionsDeclared(t *testing.T) {
	var walk func(name string, s *Spec, chain []*Spec, depth int)
	walk = func(name string, s *Spec, chain []*Spec, depth int) {
		s.compile(name)
		chain = append(chain, s)
		declared := func(n string) bool {
			for _, x := range chain {
				for _, o := range x.opts {
					if o.canon == n || spells(o.group, n) {
						return true
					}
				}
			}
			return false
		}
		for _, r := range s.Raises {
			for _, f := range append(strings.Fields(r.With), strings.Fields(r.Unless)...) {
				n, pat, valued := strings.Cut(f, "=")
				if !declared(n) {
					t.Errorf("%s: a raise names %s, which the entry does not declare", name, n)
				}
				if valued && pat == "" {
					t.Errorf("%s: a raise's %s has an empty value pattern", name, f)
				}
			}
		}
		if depth < 4 {
			for sub, ss := range s.Subcommands {
				walk(name+" "+sub, ss, chain, depth+1)
			}
		}
	}
	for _, s := range All() {
		walk(s.Names[0], s, nil, 0)
	}
}

// TestPrintsOptionsDeclared: every option PrintsWith, PrintsNot, Env and
// FileOpUnless name is declared by its entry, so that the parse answers for it in every
// spelling; and only a printing entry names them.
func TestPrintsOptionsDeclared(t *testing.T) {
	n := 0
	for _, s := range All() {
		s.compile(s.Names[0])
		for _, f := range append(strings.Fields(s.PrintsWith), strings.Fields(s.PrintsNot)...) {
			n++
			found := false
			for _, o := range s.opts {
				if o.canon == f || spells(o.group, f) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: Prints names %s, which the entry does not declare", s.Names[0], f)
			}
		}
		named := append(append(strings.Fields(s.Env.Only), strings.Fields(s.Env.Unless)...), strings.Fields(s.FileOpUnless)...)
		named = append(append(append(named, strings.Fields(s.Flow.NamesWith)...), strings.Fields(s.Flow.NamesNot)...), strings.Fields(s.Flow.NamesOwn)...)
		for _, list := range []string{s.Flow.Follows, s.Flow.FollowsNot} {
			if list != "*" {
				named = append(named, strings.Fields(list)...)
			}
		}
		if s.Carries != "*" {
			named = append(named, strings.Fields(s.Carries)...)
		}
		named = append(append(append(named, strings.Fields(s.Refuses)...), strings.Fields(s.PasswordStdin)...), strings.Fields(s.JoinsUnless)...)
		for _, pair := range strings.Fields(s.RunsAs) {
			opt, _, _ := strings.Cut(pair, "=")
			named = append(named, opt)
		}
		if p := s.Files.Pieces; p != nil {
			named = append(named, p.Prefix, p.Format, p.Digits)
		}
		for _, w := range strings.Fields(s.Number) {
			if strings.HasPrefix(w, "-") {
				named = append(named, w)
			}
		}
		for _, f := range named {
			found := false
			for _, o := range s.opts {
				if o.canon == f || spells(o.group, f) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: Env names %s, which the entry does not declare", s.Names[0], f)
			}
		}
		if !s.Prints && (s.PrintsWith != "" || s.PrintsNot != "") {
			t.Errorf("%s: PrintsWith or PrintsNot on an entry that does not print", s.Names[0])
		}
	}
	if n < 20 {
		t.Errorf("only %d options named", n)
	}
}

func TestGlobFold(t *testing.T) {
	for _, c := range []struct {
		pat, s string
		want   bool
	}{
		{"yolo", "yolo", true}, {"yolo", "YOLO", true}, {"yolo", "yolo2", false},
		{"danger*", "danger-full-access", true}, {"danger*", "read-only", false},
		{"*:allow", "launch-process:allow", true}, {"*:allow", "launch-process:deny", false},
		{"*approval_policy*never*", `approval_policy="never"`, true}, {"*approval_policy*never*", "approval_policy=on-request", false},
		{"db:drop[*]", "db:drop[x]", true}, {"db:drop[*]", "db:drop", false}, {"a*a", "a", false}, {"a*a", "aa", true},
	} {
		if got := globFold(c.pat, c.s); got != c.want {
			t.Errorf("globFold(%q, %q) = %v, want %v", c.pat, c.s, got, c.want)
		}
	}
}

// TestRemoteOperands: with RemoteOperands, REMOTE:PATH words are talked
// to and any other word is a local path (rclone copy SRC DST).
func TestRemoteOperands(t *testing.T) {
	for _, tt := range []struct {
		args        string
		read, wrote string // the local paths, "" for none
		remote      string
	}{
		{"copy ~/.ssh remote:x", "~/.ssh", "", "remote:x"},
		{"copy remote:b/k ./out", "", "./out", "remote:b/k"},
		{"copyto -P notes.txt :s3:b/notes.txt", "notes.txt", "", ":s3:b/notes.txt"},
		{"--transfers 4 copy C:\\Users\\dev\\.ssh remote:x", "C:\\Users\\dev\\.ssh", "", "remote:x"},
		{"copy C:/x remote:x", "C:/x", "", "remote:x"},
		{"copy ./a:b remote:x", "./a:b", "", "remote:x"},
		{"sync dist s3://b/site", "dist", "", "s3://b/site"},
	} {
		r := Parse(Lookup("rclone"), words(tt.args))
		var read, wrote, remote string
		for _, u := range r.Uses {
			switch u.Effect {
			case Read:
				read = u.Target
			case Write:
				wrote = u.Target
			case Network:
				if u.Target != "" {
					remote = u.Target
				}
			}
		}
		if read != tt.read || wrote != tt.wrote || remote != tt.remote {
			t.Errorf("rclone %s: read %q, wrote %q, remote %q; want %q, %q, %q (%+v)", tt.args, read, wrote, remote, tt.read, tt.wrote, tt.remote, r.Uses)
		}
	}
}

// TestOn: a switch is on when the last of its spellings given says so:
// --x=false and --no-x turn it off, and a Boolean declared ?b takes true
// or false as the next word (npm's nopt).
func TestOn(t *testing.T) {
	s := &Spec{Names: n("x"), Permute: true, Operands: "-*", Options: "-n|--dry-run?b --no-dry-run --tag="}
	s.compile("x")
	for line, want := range map[string]bool{
		"--dry-run": true, "-n": true, "--dry-run=true": true, "--dry-run true": true, "--dry-run=0": true,
		"--dry-run=false": false, "--dry-run=FALSE": false, "--dry-run false": false, "--no-dry-run": false, "": false, "--tag false": false,
		"--dry-run --no-dry-run": false, "--no-dry-run --dry-run": true, "--dry-run false --dry-run": true, "pkg --dry-run": true,
	} {
		r := Parse(s, words(line))
		if got := r.On("--dry-run"); got != want {
			t.Errorf("%q: On = %v, want %v", line, got, want)
		}
	}
	if r := Parse(s, words("--dry-run false")); len(r.Operands()) != 0 {
		t.Errorf("--dry-run false: false is the switch's value, not an operand: %q", r.Operands())
	}
}

// TestSandboxed: gawk's --sandbox counts in every spelling gawk takes,
// -W NAME included; an entry that declares no Sandbox option is never
// sandboxed, whatever it is given.
func TestSandboxed(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{"gawk --sandbox {print}", true},
		{"gawk -S {print}", true},
		{"gawk --sand {print}", true},
		{"gawk -bS {print}", true},
		{"gawk -W sandbox {print}", true},
		{"gawk -Wsandbox {print}", true},
		{"gawk -Wsa {print}", true},
		{"gawk {print}", false},
		{"gawk -W version", false},
		{"gawk -- -S", false},
		{"mawk -W sandbox {print}", false},
		{"awk -S {print}", false},
	} {
		f := strings.Fields(tc.cmd)
		spec := Lookup(f[0])
		if spec == nil {
			t.Fatalf("%s: no entry", f[0])
		}
		words := make([]Word, 0, len(f)-1)
		for _, w := range f[1:] {
			words = append(words, Word{Text: w, Literal: true})
		}
		res := Parse(spec, words)
		if got := res.Sandboxed(); got != tc.want {
			t.Errorf("%q: sandboxed %v, want %v", tc.cmd, got, tc.want)
		}
	}
}

// TestNumericBundles: where each digit is an option letter (gzip, xz,
// zstd, lz4, grep), the letters after the digits of a -NUM word are short
// options of the same bundle; elsewhere the whole word is the number.
func TestNumericBundles(t *testing.T) {
	for _, tc := range []struct {
		cmd, opt string
		want     bool
	}{
		{"gzip -9c f", "-c", true},
		{"gzip -c9 f", "-c", true},
		{"gzip -9 f", "-c", false},
		{"xz -e9c f", "-c", true},
		{"xz -e9c f", "-e", true},
		{"zstd -19c f", "-c", true},
		{"lz4 -9c f", "-c", true},
		{"grep -5n x f", "-n", true},
		{"grep -5 x f", "-n", false},
	} {
		f := strings.Fields(tc.cmd)
		words := make([]Word, 0, len(f)-1)
		for _, w := range f[1:] {
			words = append(words, Word{Text: w, Literal: true})
		}
		res := Parse(Lookup(f[0]), words)
		if got := res.Has(tc.opt); got != tc.want {
			t.Errorf("%q: Has(%s) = %v, want %v (%v)", tc.cmd, tc.opt, got, tc.want, res.Unknown)
		}
	}
}

// TestUnlistedRowMap: the map of the programs with no entry answers as
// the scan of their rows does, for every name and for names with an entry.
func TestUnlistedRowMap(t *testing.T) {
	m := unlistedByName()
	for i := range unlisted {
		for _, n := range unlisted[i].Names {
			if m[n] != &unlisted[i] {
				t.Errorf("%s: the map gives another row", n)
			}
		}
	}
	for _, n := range []string{"git", "rm", "", "no-such-program"} {
		if m[n] != nil {
			t.Errorf("%s: the map gives a row", n)
		}
	}
}
