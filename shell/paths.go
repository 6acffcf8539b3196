package shell

import (
	"path"
	"strings"

	"github.com/wardenhq/warden/pathclass"
)

func cleanPath(p string) string {
	if p == "" || cleanAbs(p) {
		return p // most paths are clean already: path.Clean scans and copies
	}
	return path.Clean(p)
}

func joinPath(dir, p string) string {
	if strings.HasPrefix(p, "/") || dir == "" {
		return cleanPath(p)
	}
	return joinClean(dir, p)
}

// joinClean is path.Join(dir, rel) for a non-empty rel, without
// path.Clean when dir is an absolute clean path: leading ./ and ../
// components of rel are taken off (a ../ takes dir to its parent), and
// what is left, when it has no empty, . or .. component, is already clean
// once joined.
func joinClean(dir, rel string) string {
	if !cleanAbs(dir) {
		return path.Join(dir, rel)
	}
	return joinCleanAbs(dir, rel)
}

// joinCleanAbs is joinClean for a dir known to be absolute and clean.
func joinCleanAbs(dir, rel string) string {
	for {
		switch {
		case strings.HasPrefix(rel, "./"):
			rel = rel[2:]
			continue
		case strings.HasPrefix(rel, "../") || rel == "..":
			if i := strings.LastIndexByte(dir, '/'); i > 0 {
				dir = dir[:i]
			} else {
				dir = "/"
			}
			if rel == ".." {
				return dir
			}
			rel = rel[3:]
			continue
		case rel == "." || rel == "":
			return dir
		}
		break
	}
	if !plainRel(rel) {
		return path.Join(dir, rel)
	}
	if dir == "/" {
		return "/" + rel
	}
	return dir + "/" + rel
}

// cleanAbs reports whether p is what path.Clean returns for it and is
// absolute.
func cleanAbs(p string) bool {
	if p == "/" {
		return true
	}
	return len(p) > 1 && p[0] == '/' && plainRel(p[1:])
}

// plainRel reports whether p is relative, with no empty, . or ..
// component (so neither a leading nor a trailing slash).
func plainRel(p string) bool {
	if p == "" {
		return false
	}
	start := 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		switch i - start {
		case 0:
			return false
		case 1:
			if p[start] == '.' {
				return false
			}
		case 2:
			if p[start] == '.' && p[start+1] == '.' {
				return false
			}
		}
		start = i + 1
	}
	return true
}

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
		return cleanPath(s)
	}
	if cwd == "" {
		return ""
	}
	// Most operands resolve against the same working directory: it is
	// checked to be clean once.
	if cwd != a.cleanCwd {
		if !cleanAbs(cwd) {
			return path.Join(cwd, s)
		}
		a.cleanCwd = cwd
	}
	return joinCleanAbs(cwd, s)
}

// within reports whether p is dir or below it, by path components.
func within(p, dir string) bool {
	if dir == "" || p == "" {
		return false
	}
	if p == dir {
		return true
	}
	if dir == "/" {
		return strings.HasPrefix(p, "/")
	}
	return strings.HasPrefix(p, dir) && len(p) > len(dir) && p[len(dir)] == '/'
}

// inTree reports whether p is inside one of the working directories.
func (a *analyzer) inTree(p string) bool {
	for _, d := range a.wdirs {
		if within(p, d) {
			return true
		}
	}
	return false
}

// treeRoot returns the working directory containing p, or "".
func (a *analyzer) treeRoot(p string) string {
	for _, d := range a.wdirs {
		if within(p, d) {
			return d
		}
	}
	return ""
}

// isTreeRootOrAbove reports whether p is a working directory or one of its
// ancestors.
func (a *analyzer) isTreeRootOrAbove(p string) bool {
	for _, d := range a.wdirs {
		if within(d, p) {
			return true
		}
	}
	return false
}

// harmlessTarget reports redirection targets that are not files.
func harmlessTarget(s string) bool {
	switch s {
	case "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "-", "/dev/zero":
		return true
	}
	return strings.HasPrefix(s, "/dev/fd/") || isFD(s)
}

// systemPath reports whether p is a system location (not a user's files,
// pathclass.System). A home inside a system directory (root's /root, a
// service user's /var/lib/x) holds the user's files, not the system's.
func (a *analyzer) systemPath(p string) bool {
	if h := a.opts.Home; h != "" && h != "/" && within(p, h) {
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
	if a.opts.Home != "" && within(a.opts.Home, p) {
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
	return h != "" && p != h && within(p, h)
}

// tempPath reports whether p is inside a temporary directory.
func tempPath(p string) bool {
	return within(p, "/tmp") || within(p, "/var/tmp") || within(p, "/private/tmp") || within(p, "/dev/shm")
}

// relTo returns p relative to root ("" when p is root).
func relTo(p, root string) string {
	if p == root {
		return ""
	}
	if root == "/" {
		return p[1:]
	}
	return p[len(root)+1:]
}

func hasGlobChars(s string) bool { return strings.ContainsAny(s, "*?[") }

// windowsDrivePath reports a path in another OS's form that cannot be
// resolved against the POSIX working directory: C:\..., C:/... or the
// MSYS form /c/....
func windowsDrivePath(s string) bool {
	if len(s) >= 3 && s[1] == ':' && (s[2] == '\\' || s[2] == '/') {
		return true
	}
	return len(s) >= 3 && s[0] == '/' && s[2] == '/' && s[1] >= 'a' && s[1] <= 'z'
}
