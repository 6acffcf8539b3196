// Package project finds a working directory's project root, the one rule
// the settings loader and the approval surfaces share, so what a prompt
// calls "the project" is the project whose settings decided.
package project

import (
	"os"
	"path/filepath"
)

// Root returns the project a working directory belongs to: the nearest
// ancestor of cwd (cwd included) that holds a .warden directory, else the
// root of the git work tree holding cwd (the nearest ancestor holding .git),
// else cwd itself.
func Root(cwd string) string {
	root, _ := Find(cwd)
	return root
}

// Find is Root, and whether cwd belongs to a project at all (an ancestor
// holds .warden or .git): a directory that does not, such as a home
// directory the agent cd'd to, has no rules of its own.
func Find(cwd string) (string, bool) {
	cwd = filepath.Clean(cwd)
	gitRoot := ""
	for dir := cwd; ; {
		if st, err := os.Stat(filepath.Join(dir, ".warden")); err == nil && st.IsDir() {
			return dir, true
		}
		if gitRoot == "" {
			if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
				gitRoot = dir
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if gitRoot != "" {
		return gitRoot, true
	}
	return cwd, false
}
