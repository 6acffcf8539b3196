package tool

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"
)

// Bounds of one pattern's expansion on disk: past them the pattern is
// judged by what it could match.
const (
	maxGlobListed  = 4096 // directory entries read
	maxGlobMatches = 256  // paths matched
)

// ReadDir lists a directory, through the test's function when one is set.
func (r *PathResolver) ReadDir(dir string) ([]fs.DirEntry, error) {
	if r != nil && r.ReadDirFunc != nil {
		return r.ReadDirFunc(dir)
	}
	return os.ReadDir(dir)
}

// Glob expands the absolute, cleaned shell pattern p on disk as bash does
// with its default options: * ? and [...] within one component, a leading
// dot matched only by a leading dot, . and .. never matched, a pattern
// matching nothing expanding to nothing. ok is false when the disk cannot
// say what bash would make of it: a directory that cannot be listed,
// syntax bash reads otherwise than a plain glob (extglob's @(…), [[:class:]],
// globstar's **), or more than the bounds allow; then the pattern is
// judged by what it could match.
func (r *PathResolver) Glob(p string) (matches []string, ok bool) {
	return r.glob(p, false)
}

// glob is Glob, with dotglob's hidden files matched too when dotGlob.
func (r *PathResolver) glob(p string, dotGlob bool) (matches []string, ok bool) {
	if !strings.HasPrefix(p, "/") {
		return nil, false
	}
	dirs := []string{"/"}
	listed, globbed := 0, false
	for _, comp := range strings.Split(p[1:], "/") {
		if comp == "" {
			continue
		}
		if extglob(comp) {
			return nil, false
		}
		if !strings.ContainsAny(comp, "*?[") {
			for i, d := range dirs {
				dirs[i] = path.Join(d, unescape(comp))
			}
			continue
		}
		if comp == "**" || strings.Contains(comp, "[:") {
			return nil, false
		}
		if _, err := path.Match(comp, ""); err != nil {
			return nil, false // bash takes it literally; let it be judged as written
		}
		globbed = true
		var next []string
		for _, d := range dirs {
			entries, err := r.ReadDir(d)
			switch {
			case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
				continue // nothing there to match
			case err != nil:
				return nil, false
			}
			for _, e := range entries {
				if listed++; listed > maxGlobListed {
					return nil, false
				}
				name := e.Name()
				if strings.HasPrefix(name, ".") && !strings.HasPrefix(comp, ".") && !dotGlob {
					continue
				}
				if m, _ := path.Match(comp, name); m {
					if next = append(next, path.Join(d, name)); len(next) > maxGlobMatches {
						return nil, false
					}
				}
			}
		}
		dirs = next
		if len(dirs) == 0 {
			return nil, true
		}
	}
	if !globbed {
		return dirs, true
	}
	// Names after the last pattern are matched only where they exist.
	kept := dirs[:0]
	for _, d := range dirs {
		if _, err := r.lstat(d); err == nil {
			kept = append(kept, d)
		}
	}
	return kept, true
}

// extglob reports a component holding extglob syntax: one of ?*+@! before
// a parenthesis.
func extglob(comp string) bool {
	for i := 1; i < len(comp); i++ {
		if comp[i] == '(' && strings.IndexByte("?*+@!", comp[i-1]) >= 0 {
			return true
		}
	}
	return false
}

// unescape drops the backslashes of a literal component.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
