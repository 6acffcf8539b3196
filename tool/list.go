package tool

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/wardenhq/warden/internal/gitrepo"
	"github.com/wardenhq/warden/shell"
)

// Bounds of one listing read from the disk: past them the names it
// prints are not known.
const (
	maxListNames  = 1024 // names printed
	maxListVisits = 8192 // directory entries find would visit
)

// List reads what a listing would print (shell.Options.List): git
// ls-files from the repository's real index, find from a walk of its
// roots that follows no link, as find does by default. A name the
// listing would print in a form other than itself (a newline, a quote or
// a backslash, bytes git quotes) or that the shell would split or expand
// again (blanks, wildcards, a leading dash) makes the whole listing not
// known, and so does anything past the bounds.
func (r *PathResolver) List(l shell.Listing, home string) ([]string, bool) {
	var names []string
	var ok bool
	switch l.Program {
	case "git ls-files":
		names, ok = gitLsFiles(l, home)
	case "find":
		names, ok = r.find(l)
	}
	if !ok || len(names) > maxListNames {
		return nil, false
	}
	for _, n := range names {
		if !plainName(n) {
			return nil, false
		}
	}
	return names, true
}

// plainName reports a name printed as itself that bash hands on as one
// word: printable ASCII with no blank, quote, backslash or wildcard, not
// starting with a dash.
func plainName(n string) bool {
	if n == "" || n[0] == '-' {
		return false
	}
	for i := 0; i < len(n); i++ {
		c := n[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte("\"'\\*?[]{}$`~", c) >= 0 {
			return false
		}
	}
	return true
}

// gitLsFiles is what git ls-files prints in l.Cwd: the index's entries
// under it, relative to it, that a pathspec selects. A pathspec is
// matched as git matches one without magic: a literal path names itself
// and what is below it, * and ? match any characters, slashes included.
// A pattern is also taken to select what lies below whatever it matches,
// which may list more names than git would, never fewer.
func gitLsFiles(l shell.Listing, home string) ([]string, bool) {
	repo, ok := gitrepo.Discover(l.Cwd, "")
	if !ok || repo.WorkTree == "" {
		return nil, false
	}
	rel, err := filepath.Rel(repo.WorkTree, l.Cwd)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return nil, false
	}
	prefix := ""
	if rel != "." {
		prefix = filepath.ToSlash(rel) + "/"
	}
	entries, err := repo.Index(home)
	if err != nil {
		return nil, false
	}
	var out []string
	for _, e := range entries {
		name, under := strings.CutPrefix(e.Path, prefix)
		if !under {
			continue
		}
		if len(l.Pathspecs) > 0 && !anyPathspec(l.Pathspecs, name) {
			continue
		}
		if out = append(out, name); len(out) > maxListNames {
			return nil, false
		}
	}
	return out, true
}

func anyPathspec(specs []string, name string) bool {
	for _, s := range specs {
		s = strings.TrimPrefix(path.Clean(s), "./")
		if s == "." {
			return true
		}
		if !strings.ContainsAny(s, "*?") {
			if name == s || strings.HasPrefix(name, s+"/") {
				return true
			}
			continue
		}
		for p := name; ; {
			if wildMatch(s, p) {
				return true
			}
			i := strings.LastIndexByte(p, '/')
			if i < 0 {
				break
			}
			p = p[:i]
		}
	}
	return false
}

// wildMatch matches pattern against s with * and ? matching any
// character, a slash too.
func wildMatch(pattern, s string) bool {
	px, sx := 0, 0
	star, mark := -1, 0
	for sx < len(s) {
		switch {
		case px < len(pattern) && (pattern[px] == '?' || pattern[px] == s[sx]):
			px++
			sx++
		case px < len(pattern) && pattern[px] == '*':
			star, mark = px, sx
			px++
		case star >= 0:
			px = star + 1
			mark++
			sx = mark
		default:
			return false
		}
	}
	for px < len(pattern) && pattern[px] == '*' {
		px++
	}
	return px == len(pattern)
}

// find walks l's roots as find -P does: a root that is a link is not
// followed, nor is any link below; each entry is tested by its name (the
// last component, the root's as written), type and depth.
func (r *PathResolver) find(l shell.Listing) ([]string, bool) {
	var out []string
	visits := 0
	var walk func(abs, printed string, depth int, fi fs.FileMode) bool
	walk = func(abs, printed string, depth int, mode fs.FileMode) bool {
		if visits++; visits > maxListVisits {
			return false
		}
		if findSelects(l, path.Base(printed), mode, depth) {
			if out = append(out, printed); len(out) > maxListNames {
				return false
			}
		}
		if !mode.IsDir() || l.MaxDepth >= 0 && depth >= l.MaxDepth {
			return true
		}
		entries, err := r.ReadDir(abs)
		if err != nil {
			return false // find would say so; what it lists is not known
		}
		for _, e := range entries {
			child := strings.TrimSuffix(printed, "/") + "/" + e.Name()
			if printed == "/" {
				child = "/" + e.Name()
			}
			if !walk(path.Join(abs, e.Name()), child, depth+1, e.Type()) {
				return false
			}
		}
		return true
	}
	for _, root := range l.Roots {
		fi, err := r.lstat(root.Path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue // find reports it and lists nothing there
		case err != nil:
			return nil, false
		}
		if !walk(root.Path, root.Written, 0, fi.Mode().Type()) {
			return nil, false
		}
	}
	return out, true
}

func findSelects(l shell.Listing, name string, mode fs.FileMode, depth int) bool {
	if l.MinDepth >= 0 && depth < l.MinDepth {
		return false
	}
	switch l.Type {
	case 'f':
		if !mode.IsRegular() {
			return false
		}
	case 'd':
		if !mode.IsDir() {
			return false
		}
	case 'l':
		if mode&fs.ModeSymlink == 0 {
			return false
		}
	}
	for _, t := range l.Names {
		p, n := t.Pattern, name
		if t.Fold {
			p, n = strings.ToLower(p), strings.ToLower(n)
		}
		if m, err := path.Match(p, n); err != nil || !m {
			return false
		}
	}
	return true
}
