package fspath

import (
	"path"
	"strings"
)

func Clean(p string) string {
	if p == "" || CleanAbs(p) {
		return p // most paths are clean already: path.Clean scans and copies
	}
	return path.Clean(p)
}

func Join(dir, p string) string {
	if strings.HasPrefix(p, "/") || dir == "" {
		return Clean(p)
	}
	return joinClean(dir, p)
}

// joinClean is path.Join(dir, rel) for a non-empty rel, without
// path.Clean when dir is an absolute clean path: leading ./ and ../
// components of rel are taken off (a ../ takes dir to its parent), and
// what is left, when it has no empty, . or .. component, is already clean
// once joined.
func joinClean(dir, rel string) string {
	if !CleanAbs(dir) {
		return path.Join(dir, rel)
	}
	return JoinCleanAbs(dir, rel)
}

// JoinCleanAbs is joinClean for a dir known to be absolute and clean.
func JoinCleanAbs(dir, rel string) string {
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

// CleanAbs reports whether p is what path.Clean returns for it and is
// absolute.
func CleanAbs(p string) bool {
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

// Within reports whether p is dir or below it, by path components.
func Within(p, dir string) bool {
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

// Temp reports whether p is inside a temporary directory.
func Temp(p string) bool {
	return Within(p, "/tmp") || Within(p, "/var/tmp") || Within(p, "/private/tmp") || Within(p, "/dev/shm")
}

// Rel returns p relative to root ("" when p is root).
func Rel(p, root string) string {
	if p == root {
		return ""
	}
	if root == "/" {
		return p[1:]
	}
	return p[len(root)+1:]
}

func HasGlob(s string) bool { return strings.ContainsAny(s, "*?[") }

// WindowsDrive reports a path in another OS's form that cannot be
// resolved against the POSIX working directory: C:\..., C:/... or the
// MSYS form /c/....
func WindowsDrive(s string) bool {
	if len(s) >= 3 && s[1] == ':' && (s[2] == '\\' || s[2] == '/') {
		return true
	}
	return len(s) >= 3 && s[0] == '/' && s[2] == '/' && s[1] >= 'a' && s[1] <= 'z'
}

// Remote reports an scp/rsync operand naming another host (host:path).
func Remote(s string) bool {
	i := strings.IndexByte(s, ':')
	if i <= 0 {
		return false
	}
	j := strings.IndexByte(s, '/')
	return j < 0 || i < j
}

// NotAFile reports redirection targets that are not files: the null and
// standard devices, "-", a file descriptor.
func NotAFile(s string) bool {
	switch s {
	case "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "-", "/dev/zero":
		return true
	}
	return strings.HasPrefix(s, "/dev/fd/") || FD(s)
}

// FD reports a file descriptor number as a redirection names it ("2",
// "1-"; "" is the closed descriptor of >&-).
func FD(s string) bool {
	s = strings.TrimSuffix(s, "-")
	if s == "" {
		return true
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
