package tool

import (
	"io/fs"
	"os"
	"strings"

	"github.com/wardenhq/warden/pathclass"
)

// maxLinkCandidates bounds the entries read when looking for the other
// names of a hard-linked file.
const maxLinkCandidates = 4096

// linkIndex holds, for one call, the sensitive files that have more than
// one name: the declared control, protected and credential paths
// (pathclass.Places) and the files at the top of the working directories
// and home. It is built only when a path with a link count above one is
// met.
type linkIndex struct {
	files []linked
}

type linked struct {
	path string
	fi   fs.FileInfo
}

// sameFiles returns the other names, among the sensitive files, of the
// regular file at p when it has more than one (a hard link made to a
// control file or a key): that file is p, and p is judged as it.
func (env *Env) sameFiles(p string) []string {
	fi, err := env.Paths.lstat(p)
	if err != nil || !fi.Mode().IsRegular() || linkCount(fi) < 2 {
		return nil
	}
	if env.links == nil {
		env.links = env.buildLinks()
	}
	var out []string
	for _, l := range env.links.files {
		if l.path != p && os.SameFile(fi, l.fi) {
			out = append(out, l.path)
		}
	}
	return out
}

func (env *Env) buildLinks() *linkIndex {
	ix := &linkIndex{}
	budget := maxLinkCandidates
	consider := func(p string, fi fs.FileInfo) {
		if fi.Mode().IsRegular() && linkCount(fi) > 1 {
			ix.files = append(ix.files, linked{p, fi})
		}
	}
	// upTo looks at the regular files of a directory and of the ones
	// below it, max levels down, except the ones skip names.
	upTo := func(max int, skip func(name string) bool) func(p string, e fs.DirEntry, depth int) string {
		return func(p string, e fs.DirEntry, depth int) string {
			switch {
			case e.Type().IsRegular():
				if fi, err := e.Info(); err == nil {
					consider(p, fi)
				}
			case e.IsDir() && depth < max && (skip == nil || !skip(e.Name())):
				return p
			}
			return ""
		}
	}
	for _, pl := range pathclass.Places(env.Home, env.WorkingDirs) {
		if budget <= 0 {
			break
		}
		if strings.HasSuffix(pl, "/") {
			env.walkDirs([]string{strings.TrimSuffix(pl, "/")}, &budget, upTo(1, nil))
			continue
		}
		if fi, err := env.Paths.lstat(pl); err == nil {
			budget--
			consider(pl, fi)
		}
	}
	for _, p := range append(append([]string(nil), env.ControlFiles...), env.Secrets...) {
		if fi, err := env.Paths.lstat(p); err == nil {
			consider(p, fi)
		}
	}
	// Files a user's rule may name: the top of home (.bashrc, .netrc) and
	// the working directories a few levels down, nearest first (.env,
	// secrets/prod.json, sub/.env), within a budget of their own. Build
	// output and caches (node_modules, whose files a package store
	// hard-links) are what a build makes, not what a rule protects.
	if env.Home != "" && budget > 0 {
		env.walkDirs([]string{env.Home}, &budget, upTo(0, nil))
	}
	budget = maxLinkCandidates
	env.walkDirs(env.WorkingDirs, &budget, upTo(maxLinkDepth, func(name string) bool { return pathclass.ArtifactDir.Is(name, "") }))
	return ix
}

// maxLinkDepth is how many levels below a working directory its files are
// looked at for other names.
const maxLinkDepth = 3

func (r *PathResolver) readlink(p string) (string, error) {
	if r != nil && r.Readlink != nil {
		return r.Readlink(p)
	}
	return os.Readlink(p)
}

func (r *PathResolver) lstat(p string) (fs.FileInfo, error) {
	if r != nil && r.Lstat != nil {
		return r.Lstat(p)
	}
	return os.Lstat(p)
}
