package shell

import (
	"slices"
	"strings"
	"testing"
)

// fakeList prints two names for any listing, as git ls-files or find
// would (find's under its first root), and nothing it cannot read for a
// root named unreadable.
func fakeList(l Listing) ([]string, bool) {
	if l.Program == "find" {
		if l.Roots[0].Written == "unreadable" {
			return nil, false
		}
		return []string{l.Roots[0].Written + "/a.go", l.Roots[0].Written + "/b/c.go"}, true
	}
	return []string{"a.go", "b/c.go"}, true
}

// TestListings: a command given the names a listing prints reads those
// names, and is read-only where the whole command only reads; a listing
// the analysis cannot read, or a command that may change it first, leaves
// the names unknown.
func TestListings(t *testing.T) {
	const cwd = "/home/dev/projects/app"
	for _, tt := range []struct {
		cmd      string
		part     string // the part given the names
		readOnly bool
		reads    []string // some of what that part reads
		unknown  string   // part of an Unknown of that part
	}{
		{cmd: "wc -l $(git ls-files)", part: "wc -l $(git ls-files)", readOnly: true, reads: []string{cwd + "/a.go", cwd + "/b/c.go"}},
		{cmd: "grep -n TODO $(git ls-files '*.go')", part: "grep -n TODO $(git ls-files '*.go')", readOnly: true, reads: []string{cwd + "/b/c.go"}},
		{cmd: "git ls-files | xargs wc -l", part: "xargs wc -l", readOnly: true, reads: []string{cwd + "/a.go"}},
		// --cached in every spelling git takes (the entry's -c|--cached, a
		// unique prefix), and pathspecs after --.
		{cmd: "wc -l $(git ls-files -c)", part: "wc -l $(git ls-files -c)", readOnly: true, reads: []string{cwd + "/a.go", cwd + "/b/c.go"}},
		{cmd: "wc -l $(git ls-files --cach -- '*.go')", part: "wc -l $(git ls-files --cach -- '*.go')", readOnly: true, reads: []string{cwd + "/b/c.go"}},
		{cmd: "wc -l $(/usr/bin/git ls-files --cached)", part: "wc -l $(/usr/bin/git ls-files --cached)", readOnly: true, reads: []string{cwd + "/a.go", cwd + "/b/c.go"}},
		{cmd: "find src -name '*.go' -print0 | xargs -0 wc -l", part: "xargs -0 wc -l", readOnly: true, reads: []string{cwd + "/src/b/c.go"}},
		{cmd: "find src -name '*.go' -print0 | xargs --null wc -l", part: "xargs --null wc -l", readOnly: true, reads: []string{cwd + "/src/b/c.go"}},
		{cmd: "find src -name '*.go' -print0 | xargs -r0 wc -l", part: "xargs -r0 wc -l", readOnly: true, reads: []string{cwd + "/src/b/c.go"}},
		{cmd: "find src -name '*.go' -print0 | xargs --nu -n1 wc -l", part: "xargs --nu -n1 wc -l", readOnly: true, reads: []string{cwd + "/src/b/c.go"}},
		{cmd: "for f in $(git ls-files); do cat \"$f\"; done", part: "cat \"$f\"", readOnly: true, reads: []string{cwd + "/a.go", cwd + "/b/c.go"}},
		{cmd: "git ls-files | while read -r f; do head -1 \"$f\"; done", part: "head -1 \"$f\"", readOnly: true, reads: []string{cwd + "/a.go", cwd + "/b/c.go"}},
		{cmd: "find . -name '*.go' -exec grep -l TODO {} +", part: "grep -l TODO {}", readOnly: true, reads: []string{cwd + "/b/c.go"}},
		{cmd: "find . -name '*.go' -exec grep -l TODO {} +", part: "find . -name '*.go' -exec grep -l TODO {} +", readOnly: true},
		// find by its path: the entry's Flow.Lists, whatever the spelling.
		{cmd: "/usr/bin/find . -name '*.go' -exec grep -l TODO {} +", part: "grep -l TODO {}", readOnly: true, reads: []string{cwd + "/b/c.go"}},
		{cmd: "/usr/bin/find src -name '*.go' -print0 | xargs -0 wc -l", part: "xargs -0 wc -l", readOnly: true, reads: []string{cwd + "/src/b/c.go"}},
		{cmd: "wc -l $(/usr/bin/find src -type f)", part: "wc -l $(/usr/bin/find src -type f)", readOnly: true, reads: []string{cwd + "/src/b/c.go"}},

		// Not read: forms whose output is not one name a line, other
		// repositories or indexes, roots outside the tree or unreadable.
		{cmd: "cat $(git ls-files -z)", part: "cat $(git ls-files -z)", unknown: "not known"},
		{cmd: "cat $(git ls-files --others)", part: "cat $(git ls-files --others)", unknown: "not known"},
		{cmd: "cat $(git ls-files --oth)", part: "cat $(git ls-files --oth)", unknown: "not known"},
		{cmd: "cat $(git ls-files -co)", part: "cat $(git ls-files -co)", unknown: "not known"},
		{cmd: "cat $(git ls-files --format='%(path)')", part: "cat $(git ls-files --format='%(path)')", unknown: "not known"},
		{cmd: "cat $(git --git-dir=/tmp/r ls-files)", part: "cat $(git --git-dir=/tmp/r ls-files)", unknown: "not known"},
		{cmd: "GIT_INDEX_FILE=/tmp/i; cat $(git ls-files)", part: "cat $(git ls-files)", unknown: "not known"},
		{cmd: "cat $(git -C /tmp ls-files)", part: "cat $(git -C /tmp ls-files)", unknown: "not known"},
		{cmd: "cat $(find /etc -type f)", part: "cat $(find /etc -type f)", unknown: "not known"},
		{cmd: "cat $(find unreadable -type f)", part: "cat $(find unreadable -type f)", unknown: "not known"},
		{cmd: "cat $(find . -newer x)", part: "cat $(find . -newer x)", unknown: "not known"},
		{cmd: "cat $(git ls-tree HEAD)", part: "cat $(git ls-tree HEAD)", unknown: "not known"},
		{cmd: "cat $(git status --short)", part: "cat $(git status --short)", unknown: "not known"},
		{cmd: "find . -print | xargs -0 cat", part: "xargs -0 cat"},
		{cmd: "git ls-files | xargs -I{} cat {}", part: "xargs -I{} cat {}"},
		{cmd: "find . -exec sh -c 'cat {}' \\;", part: "cat {}"},

		// The whole command must only read.
		{cmd: "touch x.go; wc -l $(git ls-files)", part: "wc -l $(git ls-files)", unknown: "another part of the command may change first"},
		{cmd: "wc -l $(git ls-files) | tee out.txt", part: "wc -l $(git ls-files)", unknown: "another part of the command may change first"},
		{cmd: "git ls-files | xargs rm", part: "xargs rm", unknown: "known only to a command that reads them"},
		{cmd: "cp $(find . -name '*.go')", part: "cp $(find . -name '*.go')", unknown: "known only to a command that reads them"},
	} {
		an := Analyze(tt.cmd, Options{Cwd: cwd, Home: "/home/dev", List: fakeList})
		i := slices.IndexFunc(an.Parts, func(p Part) bool { return p.Text == tt.part })
		if i < 0 {
			var texts []string
			for _, p := range an.Parts {
				texts = append(texts, p.Text)
			}
			t.Errorf("%q: no part %q among %q", tt.cmd, tt.part, texts)
			continue
		}
		p := an.Parts[i]
		if p.ReadOnly != tt.readOnly {
			t.Errorf("%q: part %q read-only %v, want %v (unknown %q, cause %q)", tt.cmd, tt.part, p.ReadOnly, tt.readOnly, p.Unknown, p.Cause)
		}
		for _, r := range tt.reads {
			if !slices.Contains(p.Reads, r) {
				t.Errorf("%q: part %q reads %q, not %q", tt.cmd, tt.part, p.Reads, r)
			}
		}
		if tt.unknown != "" && !slices.ContainsFunc(p.Unknown, func(u string) bool { return strings.Contains(u, tt.unknown) }) {
			t.Errorf("%q: part %q unknown %q, want one with %q", tt.cmd, tt.part, p.Unknown, tt.unknown)
		}
	}
}

// TestXargsNamesFromEntries: what xargs is handed is known when the stage
// before it prints process ids, names inside the project, or filters such
// names (its entry's Flow.Names, with the options that change it in every
// spelling); otherwise the words xargs adds are unknown.
func TestXargsNamesFromEntries(t *testing.T) {
	const why = "which may name files outside the project"
	for _, tc := range []struct {
		cmd   string
		known bool
	}{
		{"pgrep node | xargs kill", true},
		{"pgrep -f node | xargs kill", true},
		{"pgrep -l node | xargs kill", false},
		{"pgrep --list-full node | xargs kill", false},
		{"lsof -t -i :3000 | xargs kill", true},
		{"lsof -ti :3000 | xargs kill", true},
		{"lsof -i :3000 | xargs kill", false},
		{"grep -l TODO src/a.go | xargs sed -i s/a/b/", true},
		{"grep --files-with-matches TODO src/a.go | xargs sed -i s/a/b/", true},
		{"zgrep -l TODO src/a.gz | xargs rm", true},
		{"grep -l TODO ~/notes.txt | xargs rm", false},
		{"rg --files src | xargs rm", true},
		{"printf '%s\\n' a.txt | xargs rm", true},
		{"printf '%s\\n' ~/a.txt | xargs rm", false},
		{"echo a.txt b.txt | xargs rm", true},
		{"/bin/echo a.txt | xargs rm", true},
		{"find src -name '*.o' | sort | xargs rm", true},
		{"find ~ -name '*.o' | xargs rm", false},
		{"git ls-files -z | xargs -0 rm", true},
		{"cat list.txt | xargs rm", false},
		// A program that only prints a transform of its operands (its
		// entry's Flow.Echoes) opens nothing xargs hands it.
		{"cat list.txt | xargs basename", true},
		{"cat list.txt | xargs -n1 basename -s .go", true},
		{"cat list.txt | xargs --max-args=1 /usr/bin/basename --suffix=.go", true},
		{"cat list.txt | xargs -0 dirname", true},
		{"cat list.txt | xargs dirname -z", true},
		{"cat list.txt | xargs echo", true},
		{"cat list.txt | xargs printf '%s\\n'", true},
		{"cat list.txt | xargs cat", false},
		{"cat list.txt | xargs head", false},
		{"cat list.txt | xargs realpath", false},
	} {
		an := Analyze(tc.cmd, testOpts)
		unknown := false
		for _, p := range an.Parts {
			for _, u := range p.Unknown {
				unknown = unknown || strings.Contains(u, why)
			}
		}
		if unknown == tc.known {
			t.Errorf("%q: names known %v, want %v", tc.cmd, !unknown, tc.known)
		}
	}
}
