package shell

import (
	"io/fs"
	"path"

	"github.com/wardenhq/warden/internal/fspath"
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
	if strings.HasPrefix(s, "/proc/") {
		if s = procSelf(s, cwd); s == "" {
			return ""
		}
	}
	p := a.lexical(s, cwd)
	if p != "" && hasDotDot(s) {
		// The kernel climbs a ".." from where the path really is.
		return a.physicalDots(s, cwd, p)
	}
	return p
}

// procSelf is the path p (absolute, as written) names through the running
// process's own entries in /proc: /proc/self/cwd (or thread-self's) is the
// working directory the command runs in, /proc/self/root the root, so cat
// /proc/self/cwd/.env reads the project's .env. The rest of p is kept as
// written, for its ".." to climb from there. Another process's
// (/proc/1/cwd) is not known and stays as written; "" when the working
// directory is not known.
func procSelf(p, cwd string) string {
	for range 8 {
		rest, ok := strings.CutPrefix(p, "/proc/self/")
		if !ok {
			rest, ok = strings.CutPrefix(p, "/proc/thread-self/")
		}
		if !ok {
			return p
		}
		head, tail, _ := strings.Cut(strings.TrimLeft(rest, "/"), "/")
		switch head {
		case "cwd":
			if cwd == "" {
				return ""
			}
			p = cwd + "/" + tail
		case "root":
			p = "/" + tail
		default:
			return p
		}
	}
	return p
}

// lexical is resolveString without the disk: the path made absolute and
// cleaned by its spelling alone, as a logical cd takes it (cd d/.. stays
// in the working directory).
func (a *analyzer) lexical(s, cwd string) string {
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

// hasDotDot reports whether the path s has a ".." component.
func hasDotDot(s string) bool {
	for {
		i := strings.Index(s, "..")
		if i < 0 {
			return false
		}
		if (i == 0 || s[i-1] == '/') && (i+2 == len(s) || s[i+2] == '/') {
			return true
		}
		s = s[i+2:]
	}
}

// physicalDots resolves s against cwd as the kernel does, lex being its
// lexical form: a ".." after a symbolic link climbs from the link's
// target, not back to the directory holding the link. With proj/d a link
// to ~/.ssh, cat d/../.aws/credentials reads ~/.aws/credentials, and after
// cd d (bash keeps the logical proj/d) cat ../x reads ~/x. Only a ".."
// that undoes a link changes the path; without the disk it is lex.
func (a *analyzer) physicalDots(s, cwd, lex string) string {
	if a.opts.Lstat == nil || a.opts.Readlink == nil {
		return lex
	}
	full := s
	switch {
	case s == "~" || strings.HasPrefix(s, "~/"):
		full = a.opts.Home + s[1:]
	case !strings.HasPrefix(s, "/"):
		full = cwd + "/" + s
	}
	var stack []string
	moved := false
	for _, comp := range strings.Split(full, "/") {
		switch comp {
		case "", ".":
			continue
		case "..":
			if len(stack) == 0 {
				continue
			}
			here := "/" + strings.Join(stack, "/")
			if fi, err := a.opts.Lstat(here); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
				real, ok := a.realPath(here)
				if !ok {
					return lex
				}
				stack, moved = strings.Split(strings.TrimPrefix(real, "/"), "/"), true
				if real == "/" {
					stack = nil
				}
			}
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		default:
			stack = append(stack, comp)
		}
	}
	if !moved {
		return lex
	}
	return "/" + strings.Join(stack, "/")
}

// realPath resolves every symbolic link in the absolute path p as the
// kernel does (fspath.Real); ok is false for a loop or a link that cannot
// be read.
func (a *analyzer) realPath(p string) (string, bool) {
	return fspath.Real(p, a.opts.Lstat, a.opts.Readlink)
}

// cdTarget is the directory cd DIR goes to. bash's cd is logical: it
// takes DIR's ".." by spelling (cd link/.. stays where it was) and keeps
// links in the new working directory, where later relative paths are
// resolved physically (resolveString). With -P, or set -P, it goes where
// the links lead.
func (a *analyzer) cdTarget(c *call, dir arg, sc *scope) string {
	if dir.Unbound && !dir.Mktemp {
		return ""
	}
	logical := a.lexical(dir.Value, sc.cwd())
	physical, known := a.entryParse(c).Has("-P"), true
	if !physical && sc.touched {
		physical, known = sc.option(optKey + "physical")
	}
	if !physical && known {
		return logical
	}
	p := a.resolveString(dir.Value, sc.cwd())
	if p != "" && a.opts.Lstat != nil && a.opts.Readlink != nil {
		var ok bool
		if p, ok = a.realPath(p); !ok {
			return ""
		}
	}
	if !known && p != logical {
		return "" // set -P may be on or off
	}
	return p
}
