package pathclass

import (
	"runtime"
	"slices"
	"strings"
	"sync"
)

// caseInsensitive is true where the default file system ignores case
// (macOS, Windows): .Claude/Settings.json is then Claude Code's file.
// Elsewhere a case variant of a dot-directory (.GIT, .Claude) still
// matches: it is cheap to ask about and rarely innocent.
var caseInsensitive = runtime.GOOS == "darwin" || runtime.GOOS == "windows"

type anchor uint8

const (
	anywhere anchor = iota
	home
	absolute
)

// compiled is an Entry ready for matching.
type compiled struct {
	entry  int // in the index's es
	anchor anchor
	comps  []string
	dir    bool
}

// keyed lists the entries whose indexing component is key.
type keyed struct {
	key string
	ids []int
}

// index finds the entries a path can match by a lower-cased component:
// the first component of an anywhere-pattern, or the first below a home or
// the root. Each of anywhere, home and abs is sorted by key.
type index struct {
	es                  []Entry
	entries             []compiled
	anywhere, home, abs []keyed
	// exact turns off matching the directories that hold a home entry.
	exact bool
	// firsts hold the first bytes of anywhere's, home's and abs' keys
	// (setFirsts): a component that begins with none of them is looked
	// up no further, and most of a path's components begin with none.
	anywhereFirst, homeFirst, absFirst firstSet
}

// firstSet is a set of bytes.
type firstSet [4]uint64

func (f *firstSet) add(b byte)      { f[b>>6] |= 1 << (b & 63) }
func (f *firstSet) has(b byte) bool { return f[b>>6]&(1<<(b&63)) != 0 }

func (ix *index) setFirsts() {
	for _, s := range []struct {
		ks []keyed
		f  *firstSet
	}{{ix.anywhere, &ix.anywhereFirst}, {ix.home, &ix.homeFirst}, {ix.abs, &ix.absFirst}} {
		*s.f = firstSet{}
		for _, k := range s.ks {
			s.f.add(k.key[0])
		}
	}
}

// The generated indexes get their first bytes when the package starts.
func init() {
	for _, ix := range []*index{&controlIndex, &protectedIndex, &credentialIndex} {
		ix.setFirsts()
	}
}

// lookupComp is lookup for a path component as written: lower-cased
// only when an ASCII first byte does not rule it out already (a first
// byte past ASCII may lower-case to another).
func lookupComp(ks []keyed, f *firstSet, comp string) []int {
	if b := comp[0]; b < 0x80 {
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		if !f.has(b) {
			return nil
		}
	}
	return lookup(ks, strings.ToLower(comp))
}

// The three sets' indexes are generated (index.go, by `go test ./pathclass
// -run TestIndex -update`) as constant data: built by compile, they cost
// every hook process that touches a path some 500 allocations. TestIndex
// fails when one no longer equals what compile makes of its list.

// compile indexes entries; it is the definition of the generated indexes.
func compile(es []Entry) *index {
	ix := &index{es: es, entries: make([]compiled, len(es))}
	byAnywhere, byHome, byAbs := map[string][]int{}, map[string][]int{}, map[string][]int{}
	for i := range es {
		p := es[i].Pattern
		c := compiled{entry: i}
		m := byAnywhere
		switch {
		case strings.HasPrefix(p, "~/"):
			c.anchor, p, m = home, p[2:], byHome
		case strings.HasPrefix(p, "/"):
			c.anchor, p, m = absolute, p[1:], byAbs
		}
		c.dir = strings.HasSuffix(p, "/")
		c.comps = strings.Split(strings.TrimSuffix(p, "/"), "/")
		ix.entries[i] = c
		k := strings.ToLower(c.comps[0])
		m[k] = append(m[k], i)
	}
	ix.anywhere, ix.home, ix.abs = sortedKeys(byAnywhere), sortedKeys(byHome), sortedKeys(byAbs)
	ix.setFirsts()
	return ix
}

func sortedKeys(m map[string][]int) []keyed {
	out := make([]keyed, 0, len(m))
	for k, ids := range m {
		out = append(out, keyed{k, ids})
	}
	slices.SortFunc(out, func(a, b keyed) int { return strings.Compare(a.key, b.key) })
	return out
}

// lookup returns the entries indexed under key k, already lower-case.
func lookup(ks []keyed, k string) []int {
	i, ok := slices.BinarySearchFunc(ks, k, func(e keyed, k string) int { return strings.Compare(e.key, k) })
	if !ok {
		return nil
	}
	return ks[i].ids
}

// Control reports whether p, an absolute and cleaned path, is an agent
// control file, and which entry it matches. home is the user's home
// directory; extra are more files that count (the settings files in use,
// wherever $WARDEN_MANAGED_SETTINGS, $XDG_CONFIG_HOME or --settings put
// them).
func Control(p, homeDir string, extra ...string) (Entry, bool) {
	for _, x := range extra {
		if x != "" && (p == x || within(p, x)) {
			return Entry{Pattern: x, Kind: KindWarden}, true
		}
	}
	if e := controlIndex.match(p, homeDir); e != nil {
		return *e, true
	}
	return Entry{}, false
}

// Protected reports whether an edit of p (absolute, cleaned) must never be
// approved by a mode: an agent control file, a credential store, version
// control internals or tool configuration.
func Protected(p, homeDir string, extra ...string) bool {
	if _, ok := Control(p, homeDir, extra...); ok {
		return true
	}
	return protectedIndex.match(p, homeDir) != nil
}

// Entries returns the declared control-file entries.
func Entries() []Entry { return append([]Entry(nil), control...) }

const maxComps = 64

func (ix *index) match(p, homeDir string) *Entry {
	if !strings.HasPrefix(p, "/") || p == "/" {
		return nil
	}
	var buf [maxComps]string
	comps := splitInto(buf[:0], p[1:])
	best := -1
	better := func(i int) {
		if best < 0 || i < best {
			best = i
		}
	}
	if len(comps) > 0 {
		for _, i := range lookupComp(ix.abs, &ix.absFirst, comps[0]) {
			if prefixMatch(comps, &ix.entries[i]) {
				better(i)
			}
		}
	}
	if off, ok := homeOffset(p, homeDir, comps); ok && off < len(comps) {
		hrel := comps[off:]
		for _, i := range lookupComp(ix.home, &ix.homeFirst, hrel[0]) {
			c := &ix.entries[i]
			// The entry, or a directory holding it (moving ~/.config
			// moves ~/.config/warden), home itself excepted.
			if prefixMatch(hrel, c) || !ix.exact && len(hrel) < len(c.comps) && eqComps(hrel, c.comps[:len(hrel)]) {
				better(i)
			}
		}
	}
	for j, comp := range comps {
		for _, i := range lookupComp(ix.anywhere, &ix.anywhereFirst, comp) {
			c := &ix.entries[i]
			n := len(c.comps)
			switch {
			case j+n <= len(comps) && eqComps(comps[j:j+n], c.comps) && (c.dir || j+n == len(comps)):
				better(i)
			case ix.es[c.entry].Parent && j == len(comps)-1 && eqComp(comp, c.comps[0]):
				better(i)
			}
		}
	}
	if best < 0 {
		return nil
	}
	return &ix.es[ix.entries[best].entry]
}

// splitInto splits a slash path into buf's storage (no allocation for
// paths of up to maxComps components).
func splitInto(buf []string, s string) []string {
	for s != "" {
		i := strings.IndexByte(s, '/')
		if i < 0 {
			return append(buf, s)
		}
		if i > 0 {
			buf = append(buf, s[:i])
		}
		s = s[i+1:]
	}
	return buf
}

// homeOffset returns the index in comps of the first component below the
// home directory holding p: the user's, root's, or another user's under
// /home or /Users.
func homeOffset(p, homeDir string, comps []string) (int, bool) {
	switch {
	case homeDir != "" && homeDir != "/" && within(p, homeDir):
		return strings.Count(strings.TrimSuffix(homeDir, "/"), "/"), true
	case len(comps) >= 1 && comps[0] == "root":
		return 1, true
	case len(comps) >= 2 && (comps[0] == "home" || comps[0] == "Users"):
		return 2, true
	}
	return 0, false
}

// prefixMatch reports whether comps start with the entry's components: any
// depth below for a directory, exactly for a file.
func prefixMatch(comps []string, c *compiled) bool {
	n := len(c.comps)
	if len(comps) < n || !c.dir && len(comps) != n {
		return false
	}
	return eqComps(comps[:n], c.comps)
}

func eqComps(a, b []string) bool {
	for i := range b {
		if !eqComp(a[i], b[i]) {
			return false
		}
	}
	return true
}

// eqComp compares a path component with a pattern's: exactly, or ignoring
// case on case-insensitive systems and for dot-names everywhere.
func eqComp(got, want string) bool {
	if got == want {
		return true
	}
	if caseInsensitive || strings.HasPrefix(want, ".") {
		return strings.EqualFold(got, want)
	}
	return false
}

// within reports whether p is dir or below it, by path components.
func within(p, dir string) bool {
	if dir == "/" {
		return strings.HasPrefix(p, "/")
	}
	return p == dir || strings.HasPrefix(p, dir) && len(p) > len(dir) && p[len(dir)] == '/'
}

// Names returns every file or directory name that occurs in a declared
// control-file pattern (".claude", "settings.json", "CLAUDE.md", ".git",
// ".bashrc", …): the names a copy into a directory must produce for it to
// write a control file there.
func Names() []string { return names() }

var names = sync.OnceValue(func() []string {
	seen := map[string]bool{}
	var out []string
	for _, e := range control {
		p := strings.TrimPrefix(strings.TrimPrefix(e.Pattern, "~/"), "/")
		for _, c := range strings.Split(strings.TrimSuffix(p, "/"), "/") {
			if c != "" && !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
})
