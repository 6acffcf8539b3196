package gitrepo

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// configTexts are configuration files in the forms git reads; each is
// parsed here and by real git, and the two must agree.
var configTexts = []string{
	"[core]\n\tpager = less -R\n",
	"[core]\n\tfsmonitor = touch pwned\n[user]\n\tname = A B\n",
	"[Core]\n\tPager=\"sh -c 'id'\"  ; comment\n",
	"[diff \"x\"]\n\ttextconv = ./conv.sh\n[Diff \"X\"]\n\tCommand = y\n",
	"[alias]\n\tst = !touch pwned # a comment\n\tco = checkout\n",
	"[core]\n\teditor = vim \\\n  -u NONE\n",
	"[url \"ext::sh -c id\"]\n\tinsteadOf = https://example.com/\n",
	"[section.Sub]\n\tkey = v\n",
	"[a]\n\tflag\n\tb = \"quoted # not a comment\" tail\n",
	"[a]\n\tx = \"tab\\there\"\n\ty = a\\\\b\n",
	"# leading comment\n; another\n\n[a] k = same line\n",
	"\ufeff[a]\n\tk = v\n",
	"[a]\n\tk =\n\tl = spaced   out   \n",
	"[includeIf \"gitdir:**\"]\n\tpath = ../evil.cfg\n",
	"[a]\r\n\tk = v\r\n",
	"k = v\n[a]\n\tb = c\n",
}

func TestParseConfigAgreesWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	for i, text := range configTexts {
		f := filepath.Join(dir, "config")
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("git", "config", "--file", f, "--no-includes", "--list", "-z").Output()
		if err != nil {
			t.Fatalf("%d: git config: %v", i, err)
		}
		var want []string
		for _, kv := range bytes.Split(bytes.TrimSuffix(out, []byte{0}), []byte{0}) {
			k, v, ok := strings.Cut(string(kv), "\n")
			if !ok {
				v = "true"
			}
			want = append(want, k+"="+v)
		}
		es, err := ParseConfig([]byte(text))
		if err != nil {
			t.Fatalf("%d %q: %v", i, text, err)
		}
		var got []string
		for _, e := range es {
			got = append(got, e.Key+"="+e.Value)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%d %q (-git +parsed):\n%s", i, text, d)
		}
	}
}

func TestParseConfigErrors(t *testing.T) {
	for _, text := range []string{"[a\n", "[a \"x]\n", "[a]\n\tk = \"open\n", "[a]\n\t1k = v\n", "[a]\n\tk = bad\\q\n", "[]\n"} {
		if _, err := ParseConfig([]byte(text)); err == nil {
			t.Errorf("%q: no error", text)
		}
		if exec.Command("git", "config", "--file", writeTemp(t, text), "--list").Run() == nil {
			t.Errorf("%q: real git reads it", text)
		}
	}
}

func writeTemp(t *testing.T, text string) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "config")
	if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

func FuzzParseConfig(f *testing.F) {
	for _, s := range configTexts {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		es, err := ParseConfig(b)
		if err != nil {
			return
		}
		for _, e := range es {
			if e.Key == "" || strings.ToLower(e.Key[:1]) != e.Key[:1] {
				t.Fatalf("key %q", e.Key)
			}
		}
	})
}

func TestDiscover(t *testing.T) {
	root := t.TempDir()
	w := func(p, s string) {
		t.Helper()
		p = filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	md := func(p string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(root, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"p/.git", "p/m", "p/store"} {
		w(d+"/HEAD", "ref: refs/heads/main\n")
		md(d + "/objects")
		md(d + "/refs")
	}
	w("p/w/.git", "gitdir: ../store\n")
	md("p/src/deep")
	md("p/notrepo/objects")
	w("p/notrepo/HEAD", "x")
	w("p/m/hooks/pre-commit", "#!/bin/sh\n")
	w("p/m/hooks/pre-push.sample", "#!/bin/sh\n")
	tests := []struct {
		dir, gitDir string
		want        Repo
	}{
		{"p", "", Repo{GitDir: root + "/p/.git", WorkTree: root + "/p"}},
		{"p/src/deep", "", Repo{GitDir: root + "/p/.git", WorkTree: root + "/p"}},
		{"p/m", "", Repo{GitDir: root + "/p/m"}},
		{"p/w", "", Repo{GitDir: root + "/p/store", WorkTree: root + "/p/w"}},
		{"p/notrepo", "", Repo{GitDir: root + "/p/.git", WorkTree: root + "/p"}},
		{"p", "m", Repo{GitDir: root + "/p/m"}},
		{"p", "w/.git", Repo{GitDir: root + "/p/store"}},
	}
	for _, tt := range tests {
		got, ok := Discover(filepath.Join(root, tt.dir), tt.gitDir)
		if !ok || got != tt.want {
			t.Errorf("Discover(%s, %q) = %+v %v, want %+v", tt.dir, tt.gitDir, got, ok, tt.want)
		}
		if exec.Command("git", "-C", filepath.Join(root, tt.dir), "rev-parse", "--git-dir").Run() != nil && tt.gitDir == "" {
			t.Errorf("%s: real git finds no repository there", tt.dir)
		}
	}
	if _, ok := Discover(filepath.Join(root, "p"), "notrepo"); ok {
		t.Error("a directory without refs/ is a repository")
	}
	m, _ := Discover(filepath.Join(root, "p/m"), "")
	if h := m.Hooks(nil); len(h) != 1 || !strings.HasSuffix(h[0], "/pre-commit") {
		t.Errorf("hooks = %v, want pre-commit only", h)
	}
}

func TestReadConfigFollowsIncludes(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	files := map[string]string{
		"repo/config":   "[include]\n\tpath = ../a.cfg\n[includeIf \"onbranch:x\"]\n\tpath = ~/b.cfg\n[include]\n\tpath = missing.cfg\n",
		"a.cfg":         "[core]\n\tpager = touch a\n[include]\n\tpath = sub/c.cfg\n",
		"sub/c.cfg":     "[diff]\n\texternal = ./c.sh\n",
		"home/b.cfg":    "[core]\n\tfsmonitor = ./b.sh\n",
		"loop/config":   "[include]\n\tpath = config\n",
		"broken/config": "[include]\n\tpath = ../bad.cfg\n",
		"bad.cfg":       "[core\n",
	}
	for p, s := range files {
		p = filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	es, err := ReadConfig(filepath.Join(dir, "repo/config"), home)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{}
	for _, e := range es {
		keys[e.Key] = e.Value
	}
	for k, v := range map[string]string{"core.pager": "touch a", "diff.external": "./c.sh", "core.fsmonitor": "./b.sh"} {
		if keys[k] != v {
			t.Errorf("%s = %q, want %q (all: %v)", k, keys[k], v, keys)
		}
	}
	if _, err := ReadConfig(filepath.Join(dir, "loop/config"), home); err != ErrTooDeep {
		t.Errorf("include loop: %v, want ErrTooDeep", err)
	}
	if _, err := ReadConfig(filepath.Join(dir, "broken/config"), home); err == nil {
		t.Error("a broken included file is no error")
	}
}
