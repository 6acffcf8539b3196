package tool

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"

	"github.com/wardenhq/warden/internal/fspath"
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
// with its default options: * ? and [...] within one component (read as
// bash reads them, fspath.Match), a leading dot matched only by a leading
// dot, . and .. never matched, a pattern matching nothing expanding to
// nothing. ok is false when the disk cannot say what bash would make of
// it: a directory that cannot be listed, syntax bash reads otherwise than
// a plain glob (extglob's @(…)), or more than the bounds allow; then the
// pattern is judged by what it could match.
func (r *PathResolver) Glob(p string) (matches []string, ok bool) {
	return r.glob(p, globOpts{})
}

// globOpts are the options of bash's that change what a glob matches and
// that the expansion models.
type globOpts struct {
	dotGlob  bool // dotglob (or GLOBIGNORE set): * ? and [...] match a leading dot
	noCase   bool // nocaseglob: letters match in either case
	globStar bool // globstar: ** alone in a component matches any depth
}

// glob is Glob under the options o.
func (r *PathResolver) glob(p string, o globOpts) (matches []string, ok bool) {
	dotGlob := o.dotGlob
	if !strings.HasPrefix(p, "/") {
		return nil, false
	}
	dirs := []string{"/"}
	listed, globbed := 0, false
	comps := strings.Split(p[1:], "/")
	for ci, comp := range comps {
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
		globbed = true
		var next []string
		if comp == "**" && o.globStar {
			var ok bool
			if next, ok = r.globStar(dirs, dotGlob, ci == len(comps)-1, &listed); !ok {
				return nil, false
			}
			if dirs = next; len(dirs) == 0 {
				return nil, true
			}
			continue
		}
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
				if fspath.Match(comp, name, o.noCase) {
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

// globStar expands globstar's ** over dirs: as the last component every
// file and directory below them, before another component the directories
// themselves and every directory below them. Links to directories are not
// followed, as bash does not.
func (r *PathResolver) globStar(dirs []string, dotGlob, last bool, listed *int) ([]string, bool) {
	var out []string
	var walk func(d string) bool
	walk = func(d string) bool {
		entries, err := r.ReadDir(d)
		switch {
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
			return true
		case err != nil:
			return false
		}
		for _, e := range entries {
			if *listed++; *listed > maxGlobListed {
				return false
			}
			name := e.Name()
			if strings.HasPrefix(name, ".") && !dotGlob {
				continue
			}
			full := path.Join(d, name)
			if e.IsDir() {
				out = append(out, full)
				if !walk(full) {
					return false
				}
			} else if last {
				out = append(out, full)
			}
			if len(out) > maxGlobMatches {
				return false
			}
		}
		return true
	}
	for _, d := range dirs {
		if !last {
			out = append(out, d)
		}
		if !walk(d) {
			return nil, false
		}
	}
	return out, true
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
