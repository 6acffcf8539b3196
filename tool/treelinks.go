package tool

import (
	"io/fs"
	"path/filepath"
)

// maxTreeEntries bounds the directory entries read when looking through a
// tree a call reads recursively for the links it reads through.
const maxTreeEntries = 20000

// treeLink is a file a recursive read reaches by another name: a hard
// link inside the tree to a sensitive file (target is that file), or a
// symbolic link inside it that the reader follows out of the tree (target
// is where it leads; dir when that is a directory, read whole).
type treeLink struct {
	name, target string
	dir          bool
}

// linksInTree looks through the directory root, which a call reads
// recursively, for what it reads beyond the names below it: the other
// names of the sensitive files hard-linked inside it (grep -r x t, with
// t/k a hard link to ~/.ssh/id_rsa, prints the key) and, when the reader
// follows symbolic links (grep -R, rg -L, zip, tar -h), the places the
// links inside it lead to outside it. It reads the disk only when there
// is something to find: no sensitive file has a second name, and the
// reader follows no links, means no walk. complete is false when the
// walk met its bound before the end of the tree.
func (env *Env) linksInTree(root string, follow bool) (found []treeLink, complete bool) {
	if env.links == nil {
		env.links = env.buildLinks()
	}
	hard := len(env.links.files) > 0
	if !hard && !follow {
		return nil, true
	}
	root = env.Paths.Real(root)
	fi, err := env.Paths.lstat(root)
	if err != nil {
		return nil, true
	}
	if !fi.IsDir() {
		if hard && fi.Mode().IsRegular() {
			for _, o := range env.sameFiles(root) {
				found = append(found, treeLink{name: root, target: o})
			}
		}
		return found, true
	}
	budget := maxTreeEntries
	roots := []string{root}
	seen := map[string]bool{root: true}
	complete = env.walkDirs([]string{root}, &budget, func(p string, e fs.DirEntry, _ int) string {
		switch t := e.Type(); {
		case t.IsDir():
			return p
		case t&fs.ModeSymlink != 0:
			if !follow {
				return ""
			}
			target := env.Paths.Real(p)
			if InAny(target, roots) || seen[target] {
				return ""
			}
			seen[target] = true
			tfi, err := env.Paths.lstat(target)
			if err != nil {
				return ""
			}
			found = append(found, treeLink{name: p, target: target, dir: tfi.IsDir()})
			if tfi.IsDir() {
				// What is below it is read too, links and all.
				roots = append(roots, target)
				return target
			}
		case t.IsRegular() && hard:
			if fi, err := e.Info(); err == nil && linkCount(fi) > 1 {
				for _, o := range env.sameFiles(p) {
					if !InAny(o, roots) {
						found = append(found, treeLink{name: p, target: o})
					}
				}
			}
		}
		return ""
	})
	return found, complete
}

// walkDirs is the one breadth-first walker of directories: it reads the
// directories starts and the ones visit hands back, nearest first, within
// *budget entries (counted down, shared by the calls that pass the same
// budget). visit gets each entry with the depth of the directory holding
// it (0 for a start) and returns a directory to read later ("" for none):
// the entry itself to go down into it, or where a link leads to follow
// it. walkDirs reports whether it read everything before the budget ran
// out.
func (env *Env) walkDirs(starts []string, budget *int, visit func(p string, e fs.DirEntry, depth int) string) bool {
	type dir struct {
		path  string
		depth int
	}
	queue := make([]dir, 0, len(starts))
	for _, d := range starts {
		if d != "" {
			queue = append(queue, dir{d, 0})
		}
	}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		entries, err := env.Paths.ReadDir(d.path)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if *budget--; *budget < 0 {
				return false
			}
			if next := visit(filepath.Join(d.path, e.Name()), e, d.depth); next != "" {
				queue = append(queue, dir{next, d.depth + 1})
			}
		}
	}
	return true
}
