package pathclass

import (
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"
	"syscall"

	"github.com/wardenhq/warden/internal/fspath"
)

// keyNames are names that are credentials by their name alone (see
// Credential), one of each shape: a pattern that matches one of them in a
// directory may print a key.
var keyNames = []string{
	"id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", "id_ed25519_sk", "identity", "deploy_key", "host.key", "server.pem",
	"private.key", "private-key.pem", "client.p12", "client.pfx", "store.jks", "app.keystore", "putty.ppk", "vault.kdbx",
	"secret-key.gpg", "private-key.asc", "Login Data", "Cookies", "logins.json", "key4.db", "wallet.dat", "environ",
}

// homesOf are the directories that hold users' homes: a pattern such as
// /home/*/.ssh/id_rsa reaches every user's keys.
var homesOf = []string{"/root", "/home/user", "/Users/user"}

// CredentialReach reports what reading p may reach: file when p names a
// credential file or is a glob pattern that can match one; tree when p
// (a name or a pattern) is a directory holding credentials, so a program
// that reads directories recursively (grep -r, rg, cp -r, tar, zip -r,
// rsync) reads them. p is absolute and cleaned; its components may hold
// the glob characters * ? and [. inWorkingDirs is as for Credential.
//
// The candidates are the declared credential files and directories, keys
// by name in every home's .ssh and in p's own directory, and /proc's
// environments; a pattern reaches a candidate when it matches the
// candidate or one of its directories.
func CredentialReach(p, homeDir string, inWorkingDirs bool) (file, tree bool) {
	if !strings.HasPrefix(p, "/") {
		return false, false
	}
	glob := strings.ContainsAny(p, "*?[")
	if !glob {
		if Credential(p, homeDir, inWorkingDirs) {
			return true, false
		}
		return false, holdsCredentials(p, homeDir)
	}
	return reach(p, homeDir, inWorkingDirs, true)
}

// reach is CredentialReach by walking every candidate; with glob false it
// takes p literally (the tests hold holdsCredentials to it).
func reach(p, homeDir string, inWorkingDirs, glob bool) (file, tree bool) {
	visit := func(c string, isDir bool) bool {
		// c is a credential (a file, or a directory all of whose files
		// are): p reaches it when p is c or one of c's directories, or
		// matches one.
		if glob && !isDir && matchPath(p, c) {
			file = true
		}
		for d := c; ; d = path.Dir(d) {
			if d != c || isDir {
				if d == p || glob && matchPath(p, d) {
					tree = true
				}
			}
			if d == "/" || d == "." {
				break
			}
		}
		return file && tree
	}
	for _, e := range credentialEntries {
		c := strings.TrimSuffix(e.Pattern, "/")
		if strings.HasPrefix(c, "~/") {
			if homeDir == "" {
				continue
			}
			c = path.Join(homeDir, c[2:])
		}
		if visit(c, strings.HasSuffix(e.Pattern, "/")) {
			return
		}
	}
	homes := homesOf
	if homeDir != "" {
		homes = append([]string{homeDir}, homesOf...)
	}
	for _, h := range homes {
		for _, k := range keyNames[:6] {
			if visit(h+"/.ssh/"+k, false) {
				return
			}
		}
	}
	if visit("/proc/1/environ", false) || visit("/proc/self/environ", false) {
		return
	}
	if glob {
		// Keys by name in the pattern's own directory: cat keys/*.pem.
		// Only a pattern that names something does: cat src/* is not
		// taken to print an id_rsa that may be there.
		dir := path.Dir(p)
		if !strings.ContainsAny(dir, "*?[") && namesSomething(path.Base(p)) {
			for _, k := range keyNames {
				c := dir + "/" + k
				if matchPath(p, c) && Credential(c, homeDir, inWorkingDirs) {
					file = true
					break
				}
			}
		}
	}
	return file, tree
}

// Reaches reports whether reading p (absolute and cleaned, maybe a glob
// pattern) reaches the file c: file when p is c or matches it; tree when p
// is, or matches, one of c's directories. It is Read.Reaches for one file.
func Reaches(p, c string) (file, tree bool) {
	if !strings.HasPrefix(c, "/") {
		return false, false
	}
	var segs []string
	if c != "/" {
		segs = strings.Split(c[1:], "/")
	}
	return Read{Path: p, Tree: true}.Reaches("/", segs)
}

// credentialPatterns returns the patterns of the credential entries that
// begin with ~ (sorted, for holdsCredentials' search) and the others (in
// declaration order); index.go holds them as homeCredentials and
// absCredentials.
func credentialPatterns(es []Entry) (home, abs []string) {
	for _, e := range es {
		if e.Pattern[0] == '~' {
			home = append(home, e.Pattern)
		} else {
			abs = append(abs, e.Pattern)
		}
	}
	slices.Sort(home)
	return home, abs
}

// holdsCredentials reports whether the directory p (absolute, cleaned, no
// glob) holds a credential file below it: the candidates of
// CredentialReach, without building them.
func holdsCredentials(p, homeDir string) bool {
	if p == "/" || strings.HasSuffix(p, "/.ssh") || p == "/proc" || strings.HasPrefix(p, "/proc/") && strings.Count(p, "/") == 2 {
		return true
	}
	under := func(c string) bool { return len(c) > len(p) && c[len(p)] == '/' && strings.HasPrefix(c, p) }
	for _, h := range homesOf {
		if under(h + "/.ssh") {
			return true
		}
	}
	rel := ""
	if homeDir != "" {
		if under(homeDir) {
			return true
		}
		if p == homeDir {
			rel = "~"
		} else if within(p, homeDir) {
			rel = "~" + p[len(homeDir):]
		}
	}
	if rel != "" {
		// A home pattern is below rel (or is rel as a directory) when it
		// begins with rel and a slash: those sort together, from where
		// rel+"/" would go.
		q := rel + "/"
		if i, _ := slices.BinarySearch(homeCredentials, q); i < len(homeCredentials) && strings.HasPrefix(homeCredentials[i], q) {
			return true
		}
	}
	for _, pat := range absCredentials {
		c := strings.TrimSuffix(pat, "/")
		if under(c) || len(c) < len(pat) && c == p {
			return true
		}
	}
	return false
}

// namesSomething reports whether a glob component holds at least two
// letters or digits outside brackets (*.pem, id_*, *key*), not only
// wildcards (*, *.*, ?*).
func namesSomething(g string) bool {
	n, depth := 0, 0
	for i := 0; i < len(g); i++ {
		switch ch := g[i]; {
		case ch == '[':
			depth++
		case ch == ']' && depth > 0:
			depth--
		case depth == 0 && (ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9'):
			n++
		}
	}
	return n >= 2
}

// matchPath reports whether the pattern p matches the path c component by
// component, as a shell glob does (a leading dot is matched only by a
// leading dot in the pattern).
func matchPath(p, c string) bool {
	if strings.Count(p, "/") != strings.Count(c, "/") {
		return false
	}
	for p != "" || c != "" {
		pi, ci := strings.IndexByte(p, '/'), strings.IndexByte(c, '/')
		pc, cc := p, c
		if pi >= 0 {
			pc, p = p[:pi], p[pi+1:]
		} else {
			p = ""
		}
		if ci >= 0 {
			cc, c = c[:ci], c[ci+1:]
		} else {
			c = ""
		}
		if strings.HasPrefix(cc, ".") && !strings.HasPrefix(pc, ".") {
			return false
		}
		if !fspath.Match(pc, cc, false) {
			return false
		}
	}
	return true
}

// A Read is a path an operation reads, as the question "can this read reach
// a path that is protected?" needs it: by one function for user rules,
// credentials, control files and Warden's own secrets.
type Read struct {
	// Path is absolute and cleaned; its components may be shell glob
	// patterns (* ? [...]) that could match more than one name.
	Path string
	// Tree is a read of everything below Path as well (grep -r, rg, tar,
	// cp -r, find -exec, the Grep tool).
	Tree bool
	// DotGlob lets a pattern component that starts with a wildcard match
	// names with a leading dot, as bash does under dotglob or GLOBIGNORE.
	DotGlob bool
	// NoCase lets a pattern component match names in either case, as
	// bash does under nocaseglob.
	NoCase bool
}

// Reaches reports whether the read can reach a path covered by the
// gitignore-style components segs below the absolute directory base (a
// component "**" matches any number of components, none included; a
// covered directory covers everything inside it). file is set when a path
// the read names (or could match) is covered, below when the read is a
// tree and a covered path could lie inside it.
//
// It runs the covering pattern as a set of states over the read's
// components, so the cost is at most components × pattern length. Two
// wildcard components are taken to overlap: this is the "could match"
// answer, for patterns that cannot be expanded on disk.
func (r Read) Reaches(base string, segs []string) (file, below bool) {
	if !strings.HasPrefix(r.Path, "/") || !strings.HasPrefix(base, "/") {
		return false, false
	}
	cover := make([]string, 0, strings.Count(base, "/")+len(segs))
	if base != "/" {
		cover = append(cover, strings.Split(base[1:], "/")...)
	}
	cover = append(cover, segs...)
	if len(cover) > 62 {
		return true, r.Tree // past what the states can hold: could match
	}
	done := uint64(1) << len(cover)
	cur := globstars(cover, 1)
	rest := r.Path[1:]
	for {
		if cur&done != 0 {
			return true, false
		}
		if rest == "" || cur == 0 {
			break
		}
		c, more, _ := strings.Cut(rest, "/")
		rest = more
		cur = step(cover, cur, c, r)
	}
	return false, r.Tree && cur != 0
}

// globstars adds to the states those reached by letting each ** match no
// component.
func globstars(cover []string, states uint64) uint64 {
	for i, s := range cover {
		if states&(1<<i) != 0 && s == "**" {
			states |= 1 << (i + 1)
		}
	}
	return states
}

// overlap reports whether some name could match both the read's component
// r (a shell glob or a name) and the covering component c (a gitignore
// glob or a name).
func overlap(r, c string, dotGlob, noCase bool) bool {
	rg, cg := strings.ContainsAny(r, "*?["), strings.ContainsAny(c, `*?[\`)
	switch {
	case !rg && !cg:
		return r == c
	case !rg:
		ok, _ := path.Match(c, r)
		return ok
	case !cg:
		if strings.HasPrefix(c, ".") && !strings.HasPrefix(r, ".") && !dotGlob {
			return false
		}
		return fspath.Match(r, c, noCase)
	}
	// Two patterns: they overlap unless a literal first character tells
	// them apart.
	r0, c0 := r[0], c[0]
	if noCase {
		r0, c0 = lowerByte(r0), lowerByte(c0)
	}
	if !strings.ContainsRune(`*?[\`, rune(r0)) && !strings.ContainsRune(`*?[\`, rune(c0)) && r0 != c0 {
		return false
	}
	return true
}

// MaxListed bounds the directory entries ReachesOnDisk reads for one
// question; past it a tree is taken to reach what it could.
const MaxListed = 4096

// ReachesOnDisk answers Reaches for a tree read of a literal directory by
// what is on disk: whether an existing path below r.Path is covered. It
// lists directories with readDir (os.ReadDir, or a test's), descending only
// where the covering pattern can still match and never through symbolic
// links. A path that does not exist or is not a directory has nothing
// below it; a directory that cannot be listed, or more than MaxListed
// entries, answers "could": true.
func (r Read) ReachesOnDisk(base string, segs []string, readDir func(string) ([]fs.DirEntry, error)) bool {
	file, below := r.Reaches(base, segs)
	if file || !below {
		return file
	}
	if strings.ContainsAny(r.Path, "*?[") || readDir == nil {
		return true
	}
	cover := make([]string, 0, strings.Count(base, "/")+len(segs))
	if base != "/" {
		cover = append(cover, strings.Split(base[1:], "/")...)
	}
	cover = append(cover, segs...)
	// The states after the read's own components, as Reaches ran them.
	cur := globstars(cover, 1)
	if r.Path != "/" {
		for _, c := range strings.Split(r.Path[1:], "/") {
			cur = step(cover, cur, c, Read{})
		}
	}
	done := uint64(1) << len(cover)
	type dir struct {
		path   string
		states uint64
	}
	stack := []dir{{r.Path, cur}}
	listed := 0
	for len(stack) > 0 {
		d := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		entries, err := readDir(d.path)
		switch {
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
			continue // nothing below
		case err != nil:
			return true
		}
		for _, e := range entries {
			if listed++; listed > MaxListed {
				return true
			}
			next := step(cover, d.states, e.Name(), Read{})
			if next&done != 0 {
				return true
			}
			if next != 0 && e.IsDir() {
				stack = append(stack, dir{path.Join(d.path, e.Name()), next})
			}
		}
	}
	return false
}

// step moves the covering pattern's states over one path component.
func step(cover []string, cur uint64, c string, r Read) uint64 {
	var next uint64
	for i, s := range cover {
		if cur&(1<<i) == 0 {
			continue
		}
		if s == "**" {
			next |= 1 << i
		} else if overlap(c, s, r.DotGlob, r.NoCase) {
			next |= 1 << (i + 1)
		}
	}
	return globstars(cover, next)
}

func lowerByte(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}
