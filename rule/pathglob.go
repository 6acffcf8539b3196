package rule

import (
	"fmt"
	"path"
	"strings"
)

// PathGlob is a path pattern written as the file rules write theirs
// (`~/src/pay/**`, `//srv/**`), for settings outside the rules that name
// directories: the projects an approval route covers. Only the absolute
// anchors are accepted — `~/`, and `/` or `//` for the file-system root —
// since such a setting has no project of its own to be relative to.
type PathGlob struct {
	text string
	p    pathPattern
}

// ParsePathGlob parses an absolute path pattern: `~/…`, `/…` or `//…`
// (both of the last meaning the file-system root).
func ParsePathGlob(spec string) (*PathGlob, error) {
	text := spec
	switch {
	case spec == "~" || strings.HasPrefix(spec, "~/"), strings.HasPrefix(spec, "//"):
	case strings.HasPrefix(spec, "/"):
		spec = "/" + spec
	default:
		return nil, fmt.Errorf("path pattern %q must be absolute: start it with ~/ or /", text)
	}
	p, err := parsePathPattern(spec)
	if err != nil {
		return nil, fmt.Errorf("path pattern %q: %w", text, err)
	}
	return &PathGlob{text: text, p: p}, nil
}

// String returns the pattern as written.
func (g *PathGlob) String() string { return g.text }

// Match reports whether the absolute path abs is covered: matched, or
// inside a directory that is. home expands `~`; with no home, a `~/`
// pattern matches nothing.
func (g *PathGlob) Match(abs, home string) bool {
	if abs == "" || abs[0] != '/' {
		return false
	}
	return g.p.match(path.Clean(abs), "", &Env{Home: path.Clean(home)})
}
