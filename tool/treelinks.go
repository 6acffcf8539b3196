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
	queue := []string{root}
	roots := []string{root}
	seen := map[string]bool{root: true}
	for len(queue) > 0 {
		dir := queue[0]
		queue = queue[1:]
		entries, err := env.Paths.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if budget--; budget < 0 {
				return found, false
			}
			p := filepath.Join(dir, e.Name())
			switch t := e.Type(); {
			case t.IsDir():
				queue = append(queue, p)
			case t&fs.ModeSymlink != 0:
				if !follow {
					continue
				}
				target := env.Paths.Real(p)
				if InAny(target, roots) || seen[target] {
					continue
				}
				seen[target] = true
				tfi, err := env.Paths.lstat(target)
				if err != nil {
					continue
				}
				found = append(found, treeLink{name: p, target: target, dir: tfi.IsDir()})
				if tfi.IsDir() {
					// What is below it is read too, links and all.
					roots = append(roots, target)
					queue = append(queue, target)
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
		}
	}
	return found, true
}
