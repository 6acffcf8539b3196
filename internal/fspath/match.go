package fspath

import (
	"unicode"
	"unicode/utf8"
)

// Match reports whether the name matches the shell pattern as bash's
// filename expansion reads one component: * any string, ? any one
// character, […] a bracket expression (negated by a leading ! or ^, with
// ranges and the POSIX classes [:alpha:] and the rest), a backslash
// quoting the next character, and a [ with no closing ] taken literally.
// With fold, letters match in either case (nocaseglob). No wildcard
// matches a slash. The leading-dot rule is the caller's: it depends on
// the options, not on the pattern.
//
// It is the one reading of a shell pattern: path.Match reads [!x] as a
// class of ! and x and refuses [[:lower:]], so a pattern bash expands to
// .env was taken to match nothing.
func Match(pattern, name string, fold bool) bool {
	p, n := 0, 0
	// The last * seen and the name position it is retried from.
	star, retry := -1, 0
	for n < len(name) || p < len(pattern) {
		if p < len(pattern) {
			switch c := pattern[p]; c {
			case '*':
				star, retry = p, n
				p++
				continue
			case '?':
				if n < len(name) && name[n] != '/' {
					_, w := utf8.DecodeRuneInString(name[n:])
					p, n = p+1, n+w
					continue
				}
			case '[':
				if n < len(name) && name[n] != '/' {
					r, w := utf8.DecodeRuneInString(name[n:])
					if ok, end, valid := matchBracket(pattern, p, r, fold); valid {
						if ok {
							p, n = end, n+w
							continue
						}
						break
					}
				}
				if n < len(name) && name[n] == '[' && !bracketCloses(pattern, p) {
					p, n = p+1, n+1
					continue
				}
			default:
				if c == '\\' && p+1 < len(pattern) {
					c = pattern[p+1]
					if n < len(name) && sameByte(c, name[n], fold) {
						p, n = p+2, n+1
						continue
					}
					break
				}
				if n < len(name) && sameByte(c, name[n], fold) {
					p, n = p+1, n+1
					continue
				}
			}
		}
		if star >= 0 && retry < len(name) && name[retry] != '/' {
			_, w := utf8.DecodeRuneInString(name[retry:])
			retry += w
			p, n = star+1, retry
			continue
		}
		return false
	}
	return true
}

func sameByte(a, b byte, fold bool) bool {
	if a == b {
		return true
	}
	return fold && a < utf8.RuneSelf && b < utf8.RuneSelf && unicode.ToLower(rune(a)) == unicode.ToLower(rune(b))
}

// bracketCloses reports whether the bracket expression opening at p has
// its closing ].
func bracketCloses(pattern string, p int) bool {
	_, _, valid := matchBracket(pattern, p, 0, false)
	return valid
}

// matchBracket matches r against the bracket expression opening at
// pattern[p]. end is the index after its closing ]; valid is false when it
// does not close (bash then takes the [ literally).
func matchBracket(pattern string, p int, r rune, fold bool) (ok bool, end int, valid bool) {
	i := p + 1
	negate := false
	if i < len(pattern) && (pattern[i] == '!' || pattern[i] == '^') {
		negate = true
		i++
	}
	first := true
	for i < len(pattern) {
		c := pattern[i]
		if c == ']' && !first {
			return ok != negate, i + 1, true
		}
		first = false
		if c == '[' && i+1 < len(pattern) && pattern[i+1] == ':' {
			if j := classEnd(pattern, i+2); j >= 0 {
				if inClass(pattern[i+2:j], r, fold) {
					ok = true
				}
				i = j + 2
				continue
			}
		}
		lo, w := bracketChar(pattern, i)
		if w == 0 {
			return false, 0, false
		}
		i += w
		hi := lo
		if i+1 < len(pattern) && pattern[i] == '-' && pattern[i+1] != ']' {
			h, w2 := bracketChar(pattern, i+1)
			if w2 == 0 {
				return false, 0, false
			}
			hi, i = h, i+1+w2
		}
		if inRange(r, lo, hi, fold) {
			ok = true
		}
	}
	return false, 0, false
}

// bracketChar reads one character of a bracket expression at i, a
// backslash quoting it.
func bracketChar(pattern string, i int) (rune, int) {
	if pattern[i] == '\\' && i+1 < len(pattern) {
		r, w := utf8.DecodeRuneInString(pattern[i+1:])
		return r, w + 1
	}
	r, w := utf8.DecodeRuneInString(pattern[i:])
	return r, w
}

// classEnd returns the index of the ":]" closing a class name begun at i,
// or -1.
func classEnd(pattern string, i int) int {
	for j := i; j+1 < len(pattern); j++ {
		if pattern[j] == ':' && pattern[j+1] == ']' {
			return j
		}
		if !('a' <= pattern[j] && pattern[j] <= 'z') {
			return -1
		}
	}
	return -1
}

func inRange(r, lo, hi rune, fold bool) bool {
	if lo <= r && r <= hi {
		return true
	}
	if fold {
		for _, o := range []rune{unicode.ToLower(r), unicode.ToUpper(r)} {
			if lo <= o && o <= hi {
				return true
			}
		}
	}
	return false
}

func inClass(name string, r rune, fold bool) bool {
	var f func(rune) bool
	switch name {
	case "alnum":
		f = func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	case "alpha":
		f = unicode.IsLetter
	case "ascii":
		f = func(r rune) bool { return r < utf8.RuneSelf }
	case "blank":
		f = func(r rune) bool { return r == ' ' || r == '\t' }
	case "cntrl":
		f = unicode.IsControl
	case "digit":
		f = func(r rune) bool { return '0' <= r && r <= '9' }
	case "graph":
		f = func(r rune) bool { return unicode.IsGraphic(r) && !unicode.IsSpace(r) }
	case "lower":
		f = unicode.IsLower
	case "print":
		f = unicode.IsPrint
	case "punct":
		f = func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }
	case "space":
		f = unicode.IsSpace
	case "upper":
		f = unicode.IsUpper
	case "word":
		f = func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }
	case "xdigit":
		f = func(r rune) bool { return '0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F' }
	default:
		return false
	}
	if f(r) {
		return true
	}
	return fold && (f(unicode.ToLower(r)) || f(unicode.ToUpper(r)))
}
