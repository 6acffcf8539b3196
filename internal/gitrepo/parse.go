package gitrepo

import (
	"fmt"
	"strings"
)

// ParseConfig parses git's configuration format (git-config(1),
// "CONFIGURATION FILE"): [section], [section "subsection"] and the old
// [section.subsection] headers, name = value lines or a bare name (true),
// double quotes, the escapes \\ \" \n \t \b, a backslash ending a line to
// continue the value, and ; or # comments. An error names the line.
func ParseConfig(b []byte) ([]Entry, error) {
	p := configParser{s: string(b), line: 1}
	if strings.HasPrefix(p.s, "\ufeff") {
		p.i = 3
	}
	var out []Entry
	section := ""
	for {
		p.skipSpace(true)
		if p.eof() {
			return out, nil
		}
		c := p.s[p.i]
		switch {
		case c == '\n':
			p.i++
			p.line++
		case c == ';' || c == '#':
			p.skipLine()
		case c == '[':
			s, err := p.header()
			if err != nil {
				return out, err
			}
			section = s
		case isAlpha(c):
			name := p.name()
			p.skipSpace(false)
			value := "true"
			if !p.eof() && p.s[p.i] == '=' {
				p.i++
				v, err := p.value()
				if err != nil {
					return out, err
				}
				value = v
			} else if !p.eof() && p.s[p.i] != '\n' && p.s[p.i] != ';' && p.s[p.i] != '#' {
				return out, p.errorf("bad variable name")
			}
			key := strings.ToLower(name) // before any section, as git reads it
			if section != "" {
				key = section + "." + key
			}
			out = append(out, Entry{Key: key, Value: value})
		default:
			return out, p.errorf("bad config line")
		}
	}
}

type configParser struct {
	s    string
	i    int
	line int
}

func (p *configParser) eof() bool { return p.i >= len(p.s) }

func (p *configParser) errorf(format string, args ...any) error {
	return fmt.Errorf("line %d: "+format, append([]any{p.line}, args...)...)
}

// skipSpace skips blanks (and carriage returns); never a newline.
func (p *configParser) skipSpace(_ bool) {
	for !p.eof() && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\r' || p.s[p.i] == '\v' || p.s[p.i] == '\f') {
		p.i++
	}
}

func (p *configParser) skipLine() {
	for !p.eof() && p.s[p.i] != '\n' {
		p.i++
	}
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isNameChar(c byte) bool { return isAlpha(c) || c >= '0' && c <= '9' || c == '-' }

func (p *configParser) name() string {
	start := p.i
	for !p.eof() && isNameChar(p.s[p.i]) {
		p.i++
	}
	return p.s[start:p.i]
}

// header reads [section], [section "sub"] or [section.sub] and returns
// the key prefix.
func (p *configParser) header() (string, error) {
	p.i++ // [
	start := p.i
	for !p.eof() && (isNameChar(p.s[p.i]) || p.s[p.i] == '.') {
		p.i++
	}
	sec := strings.ToLower(p.s[start:p.i])
	if sec == "" {
		return "", p.errorf("empty section name")
	}
	if p.eof() {
		return "", p.errorf("unterminated section header")
	}
	switch p.s[p.i] {
	case ']':
		p.i++
		return sec, nil
	case ' ', '\t':
		p.skipSpace(false)
		if p.eof() || p.s[p.i] != '"' {
			return "", p.errorf("bad section header")
		}
		p.i++
		var sub strings.Builder
		for {
			if p.eof() || p.s[p.i] == '\n' {
				return "", p.errorf("unterminated subsection")
			}
			c := p.s[p.i]
			p.i++
			if c == '"' {
				break
			}
			if c == '\\' {
				if p.eof() || p.s[p.i] == '\n' {
					return "", p.errorf("unterminated subsection")
				}
				c = p.s[p.i]
				p.i++
			}
			sub.WriteByte(c)
		}
		if p.eof() || p.s[p.i] != ']' {
			return "", p.errorf("bad section header")
		}
		p.i++
		return sec + "." + sub.String(), nil
	}
	return "", p.errorf("bad section header")
}

// value reads a value after '=' to the end of its (continued) line.
func (p *configParser) value() (string, error) {
	p.skipSpace(false)
	var b strings.Builder
	quoted := false
	pending := 0 // blanks seen outside quotes, kept only if more follows
	for !p.eof() {
		c := p.s[p.i]
		if c == '\n' {
			if quoted {
				return "", p.errorf("unterminated quoted value")
			}
			break
		}
		if !quoted && (c == ';' || c == '#') {
			p.skipLine()
			break
		}
		p.i++
		if !quoted && (c == ' ' || c == '\t' || c == '\r') {
			if b.Len() > 0 {
				pending++
			}
			continue
		}
		for ; pending > 0; pending-- {
			b.WriteByte(' ')
		}
		switch c {
		case '"':
			quoted = !quoted
		case '\\':
			if p.eof() {
				return "", p.errorf("bad escape at the end of the file")
			}
			e := p.s[p.i]
			p.i++
			switch e {
			case '\n':
				p.line++ // a continuation
			case '\r':
				if !p.eof() && p.s[p.i] == '\n' {
					p.i++
					p.line++
				}
			case '\\', '"':
				b.WriteByte(e)
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'b':
				b.WriteByte('\b')
			default:
				return "", p.errorf("bad escape \\%c", e)
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}
