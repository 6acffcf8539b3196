package fspath

import (
	"io/fs"
	"path"
	"strings"
)

// MaxLinks bounds the symbolic links followed for one path, as Linux's
// path walk does (ELOOP past 40).
const MaxLinks = 40

// Real resolves every symbolic link in the absolute path p, component by
// component, as the kernel's path walk does: a ".." climbs from where the
// links so far have led, and a link's target is read relative to the
// link's directory. Below a component that is not there (or cannot be
// looked at), nothing can be a link, so the rest is appended as spelled.
// ok is false for a loop or a link that cannot be read: where p leads is
// not known.
func Real(p string, lstat func(string) (fs.FileInfo, error), readlink func(string) (string, error)) (real string, ok bool) {
	resolved, rest, links := "/", strings.TrimPrefix(p, "/"), 0
	for rest != "" {
		var comp string
		comp, rest, _ = strings.Cut(rest, "/")
		switch comp {
		case "", ".":
			continue
		case "..":
			resolved = path.Dir(resolved)
			continue
		}
		next := path.Join(resolved, comp)
		fi, err := lstat(next)
		if err != nil {
			return path.Join(next, rest), true
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			resolved = next
			continue
		}
		if links++; links > MaxLinks {
			return "", false
		}
		t, err := readlink(next)
		if err != nil {
			return "", false
		}
		if strings.HasPrefix(t, "/") {
			resolved = "/"
		}
		rest = strings.TrimSuffix(t+"/"+rest, "/")
	}
	return resolved, true
}
