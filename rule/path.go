package rule

import (
	"path"
	"strings"
)

// anchor is what a path rule is relative to.
type anchor uint8

const (
	anchorCwd  anchor = iota // `./path` or `path`: the working directory
	anchorAbs                // `//path`: the file-system root
	anchorHome               // `~/path`: the home directory
	anchorRoot               // `/path`: the settings file's project root
)

// pathPattern is the specifier of a file-tool rule: a gitignore-style glob.
//
//   - `*` and `?` match within one path component, `[…]` a class
//     (`[!…]` negated), `\` escapes; `**` as a whole component matches any
//     number of components, none included.
//   - A pattern with no slash but a trailing one (`.env`, `*.pem`,
//     `secrets/`) matches a component at any depth below the working
//     directory; any other is anchored.
//   - A pattern that matches a directory also matches everything inside it,
//     as in gitignore, so `Read(./secrets)` covers `secrets/key.pem`; a
//     trailing slash changes nothing.
//   - Leading `..` components climb from the anchor (`Read(../docs/**)`).
type pathPattern struct {
	anchor anchor
	up     int      // leading ".." components
	segs   []string // components; "**" is the globstar
	// floating patterns match one component at any depth: segs[0] is "**".
	floating bool
	// lit is the number of leading literal components the index keys on.
	lit int
}

func parsePathPattern(spec string) (pathPattern, error) {
	var p pathPattern
	rest, off := spec, 0
	switch {
	case strings.HasPrefix(spec, "//"):
		p.anchor, rest, off = anchorAbs, spec[2:], 2
	case spec == "~" || strings.HasPrefix(spec, "~/"):
		p.anchor, rest, off = anchorHome, strings.TrimPrefix(spec[1:], "/"), 2
	case strings.HasPrefix(spec, "~"):
		return p, specErrorf(0, "~user paths are not supported; write //home/user/… or ~/… instead")
	case strings.HasPrefix(spec, "/"):
		p.anchor, rest, off = anchorRoot, spec[1:], 1
	case spec == "." || strings.HasPrefix(spec, "./"):
		p.anchor, rest, off = anchorCwd, strings.TrimPrefix(spec[1:], "/"), 2
	default:
		p.anchor = anchorCwd
		p.floating = !strings.Contains(strings.TrimRight(spec, "/"), "/")
	}
	if rest == "" || path.Clean(rest) == "." {
		p.floating = false
		return p, nil
	}
	clean := path.Clean(rest)
	if p.anchor == anchorAbs {
		clean = strings.TrimPrefix(path.Clean("/"+rest), "/")
	}
	segs := strings.Split(clean, "/")
	for len(segs) > 0 && segs[0] == ".." {
		p.up++
		segs = segs[1:]
	}
	if p.up > 0 {
		p.floating = false
	}
	for i, s := range segs {
		at := off + max(strings.Index(rest, s), 0)
		if strings.HasPrefix(s, "[!") || strings.Contains(s, "[!") {
			s = strings.ReplaceAll(s, "[!", "[^")
			segs[i] = s
		}
		if strings.HasSuffix(s, `\`) && !strings.HasSuffix(s, `\\`) {
			return p, specErrorf(at+len(s)-1, "trailing backslash in path component %q", s)
		}
		if _, err := path.Match(s, ""); err != nil {
			return p, specErrorf(at, "bad glob in path component %q: %v", s, err)
		}
	}
	if p.floating {
		segs = append([]string{"**"}, segs...)
	} else {
		for _, s := range segs {
			if strings.ContainsAny(s, `*?[\`) {
				break
			}
			p.lit++
		}
	}
	p.segs = segs
	return p, nil
}

// base returns the directory the pattern is relative to, or "" when it is
// unknown (no home or working directory given).
func (p *pathPattern) base(root string, env *Env) string {
	var b string
	switch p.anchor {
	case anchorAbs:
		b = "/"
	case anchorHome:
		b = env.Home
	case anchorRoot:
		b = root
		if b == "" {
			b = env.Cwd
		}
	default:
		b = env.Cwd
	}
	if b == "" || b[0] != '/' {
		return ""
	}
	for range p.up {
		b = path.Dir(b)
	}
	return b
}

// match reports whether the clean absolute path p is covered.
func (p *pathPattern) match(abs, root string, env *Env) bool {
	base := p.base(root, env)
	if base == "" {
		return false
	}
	rel, ok := within(base, abs)
	return ok && matchSegs(p.segs, rel)
}

// within returns p relative to the directory base ("" for base itself),
// comparing whole components. Both must be clean and absolute.
func within(base, p string) (string, bool) {
	switch {
	case base == "/":
		return p[1:], len(p) > 0 && p[0] == '/'
	case p == base:
		return "", true
	case len(p) > len(base) && p[len(base)] == '/' && p[:len(base)] == base:
		return p[len(base)+1:], true
	}
	return "", false
}

// matchSegs reports whether the components segs match rel, or one of its
// ancestors below the base (so a matched directory covers its contents).
func matchSegs(segs []string, rel string) bool {
	for len(segs) > 0 {
		s := segs[0]
		if s == "**" {
			// Try zero components, then one more each time.
			if len(segs) == 1 {
				return true
			}
			for {
				if matchSegs(segs[1:], rel) {
					return true
				}
				i := strings.IndexByte(rel, '/')
				if rel == "" || i < 0 {
					return false
				}
				rel = rel[i+1:]
			}
		}
		if rel == "" {
			return false
		}
		first, next, _ := strings.Cut(rel, "/")
		if ok, _ := path.Match(s, first); !ok {
			return false
		}
		segs, rel = segs[1:], next
	}
	return true
}

// cleanPath makes p absolute against cwd and cleans it. It returns "" when
// p is relative and cwd is unknown. It allocates only when p is not already
// clean and absolute.
func cleanPath(p, cwd string) string {
	if p == "" {
		return ""
	}
	if p[0] != '/' {
		if cwd == "" || cwd[0] != '/' {
			return ""
		}
		return path.Join(cwd, p)
	}
	return path.Clean(p)
}
