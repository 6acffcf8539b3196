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
	// kinds says how each component is matched.
	kinds []segKind
}

// segKind is how one pattern component is matched against a path
// component: the common shapes by plain string comparison, the rest by
// path.Match.
type segKind uint8

const (
	segLiteral  segKind = iota // equal
	segAny                     // `*`
	segSuffix                  // `*.go`: the rest is a suffix
	segPrefix                  // `test_*`: the rest is a prefix
	segGlob                    // anything else: path.Match
	segGlobstar                // `**`
)

func kindOf(s string) segKind {
	const meta = `*?[\`
	switch {
	case s == "**":
		return segGlobstar
	case s == "*":
		return segAny
	case !strings.ContainsAny(s, meta):
		return segLiteral
	case s[0] == '*' && !strings.ContainsAny(s[1:], meta):
		return segSuffix
	case s[len(s)-1] == '*' && !strings.ContainsAny(s[:len(s)-1], meta):
		return segPrefix
	}
	return segGlob
}

// matchSeg reports whether the pattern component s of kind k matches the
// path component c.
func matchSeg(k segKind, s, c string) bool {
	switch k {
	case segLiteral:
		return s == c
	case segAny:
		return true
	case segSuffix:
		return strings.HasSuffix(c, s[1:])
	case segPrefix:
		return strings.HasPrefix(c, s[:len(s)-1])
	}
	ok, _ := path.Match(s, c)
	return ok
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
	if len(segs) >= maxSegs {
		return p, specErrorf(off, "path pattern has %d components; at most %d are supported", len(segs), maxSegs-1)
	}
	for i, s := range segs {
		at := off + max(strings.Index(rest, s), 0)
		s = negatedClasses(s)
		segs[i] = s
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
	p.kinds = make([]segKind, len(segs))
	for i, s := range segs {
		p.kinds[i] = kindOf(s)
	}
	return p, nil
}

// negatedClasses rewrites gitignore's negated classes `[!…]` as path.Match
// writes them, `[^…]`, leaving escaped brackets alone.
func negatedClasses(s string) string {
	if !strings.Contains(s, "[!") {
		return s
	}
	b := []byte(s)
	inClass := false
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '\\':
			i++
		case b[i] == '[' && !inClass:
			inClass = true
			if i+1 < len(b) && b[i+1] == '!' {
				b[i+1] = '^'
				i++
			}
		case b[i] == ']' && inClass:
			inClass = false
		}
	}
	return string(b)
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
			b = env.Root
		}
	default:
		b = env.Root
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
	return ok && matchSegs(p.segs, p.kinds, rel)
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

// maxSegs bounds the components of a path pattern, so matching can keep its
// states in one machine word.
const maxSegs = 63

// matchSegs reports whether the components segs match rel, or one of its
// ancestors below the base (so a matched directory covers its contents).
// It runs the pattern as a set of states — "the first i components have
// matched" — over the path's components, so `**` never backtracks and the
// cost is at most components × pattern length.
func matchSegs(segs []string, kinds []segKind, rel string) bool {
	m := len(segs)
	done := uint64(1) << m
	cur := starClosure(kinds, 1)
	for {
		if cur&done != 0 {
			return true
		}
		if rel == "" || cur == 0 {
			return false
		}
		c, rest, _ := strings.Cut(rel, "/")
		var next uint64
		for i := 0; i < m; i++ {
			if cur&(1<<i) == 0 {
				continue
			}
			if kinds[i] == segGlobstar {
				next |= 1 << i
			} else if matchSeg(kinds[i], segs[i], c) {
				next |= 1 << (i + 1)
			}
		}
		cur, rel = starClosure(kinds, next), rest
	}
}

// starClosure adds to the states those reached by letting each `**` match
// no component.
func starClosure(kinds []segKind, states uint64) uint64 {
	for i, k := range kinds {
		if states&(1<<i) != 0 && k == segGlobstar {
			states |= 1 << (i + 1)
		}
	}
	return states
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
	if isCleanAbs(p) {
		return p
	}
	return path.Clean(p)
}

// isCleanAbs reports whether the absolute path p is already what path.Clean
// would make of it: no empty, "." or ".." components and no trailing slash.
// It is much cheaper than cleaning.
func isCleanAbs(p string) bool {
	if p == "/" {
		return true
	}
	if p[len(p)-1] == '/' {
		return false
	}
	for rest := p[1:]; ; {
		i := strings.IndexByte(rest, '/')
		comp := rest
		if i >= 0 {
			comp = rest[:i]
		}
		if comp == "" || comp == "." || comp == ".." {
			return false
		}
		if i < 0 {
			return true
		}
		rest = rest[i+1:]
	}
}
