package hook

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// Matches reports whether a matcher selects the tool named toolName, read
// as Claude Code reads it: an empty matcher or "*" selects every tool; a
// matcher made only of letters, digits, '_', '-', spaces, ',' and '|' is an
// exact tool name or a list of them ("Edit|Write", "Edit, Write"); anything
// else is an unanchored regular expression ("mcp__github__.*"). A regular
// expression that does not compile selects nothing; settings loading rejects
// it first through ValidateMatcher.
func Matches(matcher, toolName string) bool {
	m := strings.TrimSpace(matcher)
	if m == "" || m == "*" {
		return true
	}
	if isNameList(m) {
		for name := range strings.FieldsFuncSeq(m, isListSeparator) {
			if name == toolName {
				return true
			}
		}
		return false
	}
	re, err := compileMatcher(m)
	if err != nil {
		return false
	}
	return re.MatchString(toolName)
}

// ValidateMatcher reports an error when matcher is a regular expression
// that does not compile. Names, lists of names, "" and "*" are always valid.
func ValidateMatcher(matcher string) error {
	m := strings.TrimSpace(matcher)
	if m == "" || m == "*" || isNameList(m) {
		return nil
	}
	if _, err := compileMatcher(m); err != nil {
		return fmt.Errorf("hook matcher %q: %w", matcher, err)
	}
	return nil
}

// isNameList reports whether m is made only of the characters of a plain
// name or list of names.
func isNameList(m string) bool {
	for i := 0; i < len(m); i++ {
		c := m[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '_', c == '-', c == ' ', c == ',', c == '|':
		default:
			return false
		}
	}
	return true
}

func isListSeparator(r rune) bool { return r == '|' || r == ',' || r == ' ' }

// normalizeMatcher returns a canonical form of a matcher so that "", "*"
// and spacing variants of the same list compare equal for deduplication.
func normalizeMatcher(matcher string) string {
	m := strings.TrimSpace(matcher)
	if m == "" || m == "*" {
		return "*"
	}
	if isNameList(m) {
		return strings.Join(strings.FieldsFunc(m, isListSeparator), "|")
	}
	return m
}

// compiled caches the regular expressions of matchers: the same few
// matchers are read on every tool call.
var compiled sync.Map // string -> compiledMatcher

type compiledMatcher struct {
	re  *regexp.Regexp
	err error
}

func compileMatcher(m string) (*regexp.Regexp, error) {
	if v, ok := compiled.Load(m); ok {
		c := v.(compiledMatcher)
		return c.re, c.err
	}
	re, err := regexp.Compile(m)
	compiled.Store(m, compiledMatcher{re: re, err: err})
	return re, err
}
