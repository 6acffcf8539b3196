package shell

import (
	"github.com/wardenhq/warden/internal/fspath"
	"path"
	"strings"

	"github.com/wardenhq/warden/pathclass"
)

func dirOf(p string) string { return path.Dir(p) }

// resolve makes an operand absolute against cwd and cleans it. It returns
// "" when the path cannot be known (an unbound variable, or a relative path
// with an unknown working directory).
func (a *analyzer) resolve(x arg, cwd string) string {
	if x.Unbound && !x.Mktemp {
		return ""
	}
	return a.resolveString(x.Value, cwd)
}

func (a *analyzer) resolveString(s, cwd string) string {
	if s == "" {
		return ""
	}
	if s == "~" || strings.HasPrefix(s, "~/") {
		if a.opts.Home == "" {
			return ""
		}
		s = a.opts.Home + s[1:]
	}
	if strings.HasPrefix(s, "/") {
		return fspath.Clean(s)
	}
	if cwd == "" {
		return ""
	}
	// Most operands resolve against the same working directory: it is
	// checked to be clean once.
	if cwd != a.cleanCwd {
		if !fspath.CleanAbs(cwd) {
			return path.Join(cwd, s)
		}
		a.cleanCwd = cwd
	}
	j := a.reuse.joins
	if j == nil {
		j = new(joins)
		a.reuse.joins = j
	}
	for i := range j.slot[:min(j.n, len(j.slot))] {
		if e := &j.slot[i]; e.rel == s && e.cwd == cwd {
			return e.abs
		}
	}
	abs := fspath.JoinCleanAbs(cwd, s)
	j.slot[j.n%len(j.slot)] = joined{cwd: cwd, rel: s, abs: abs}
	j.n++
	return abs
}

// joins are the last relative paths one analysis resolved against a
// working directory (n of them so far; the next goes in slot n mod 16): a
// command names the same few files again and again (a log appended to, a
// build directory), and each is resolved by the walk and again by the
// checks.
type joins struct {
	slot [16]joined
	n    int
}

type joined struct{ cwd, rel, abs string }

// inTree reports whether p is inside one of the working directories.
func (a *analyzer) inTree(p string) bool {
	for _, d := range a.wdirs {
		if fspath.Within(p, d) {
			return true
		}
	}
	return false
}

// treeRoot returns the working directory containing p, or "".
func (a *analyzer) treeRoot(p string) string {
	for _, d := range a.wdirs {
		if fspath.Within(p, d) {
			return d
		}
	}
	return ""
}

// isTreeRootOrAbove reports whether p is a working directory or one of its
// ancestors.
func (a *analyzer) isTreeRootOrAbove(p string) bool {
	for _, d := range a.wdirs {
		if fspath.Within(d, p) {
			return true
		}
	}
	return false
}

// systemPath reports whether p is a system location (not a user's files,
// pathclass.System). A home inside a system directory (root's /root, a
// service user's /var/lib/x) holds the user's files, not the system's.
func (a *analyzer) systemPath(p string) bool {
	if h := a.opts.Home; h != "" && h != "/" && fspath.Within(p, h) {
		return false
	}
	return pathclass.System.Is(p, "")
}

// critical reports a path whose removal is always catastrophic: the root,
// a top-level directory, home and its ancestors.
func (a *analyzer) critical(p string) bool {
	if p == "/" || p == "" {
		return true
	}
	if strings.Count(p, "/") == 1 {
		return true
	}
	if a.opts.Home != "" && fspath.Within(a.opts.Home, p) {
		return true
	}
	switch p {
	case "/usr/local", "/usr/bin", "/usr/lib", "/usr/share", "/var/lib", "/var/log", "/etc/ssh", "/System/Library", "/Library/Application Support":
		return true
	}
	return false
}

// underHome reports whether p is inside home (and not home itself).
func (a *analyzer) underHome(p string) bool {
	h := a.opts.Home
	return h != "" && p != h && fspath.Within(p, h)
}

// followLinks replaces a prefix of p that is a symlink made earlier in the
// same command by its target.
func (a *analyzer) followLinks(c *call, p string) string {
	links := c.ctx.sc.linkMap()
	if len(links) == 0 {
		return p
	}
	for link, target := range links {
		if fspath.Within(p, link) {
			return fspath.Join(target, strings.TrimPrefix(strings.TrimPrefix(p, link), "/"))
		}
	}
	return p
}
