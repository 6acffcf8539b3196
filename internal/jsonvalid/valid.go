// Package jsonvalid reports whether data is one JSON value, exactly as
// encoding/json.Valid does, several times faster: the standard scanner
// calls a state function for every byte, which in a short-lived process
// (warden hook validates its payload and every settings file) is a
// visible share of the work. FuzzValid compares the two.
package jsonvalid

// maxDepth is encoding/json's bound on nesting: deeper is invalid.
const maxDepth = 10000

// Valid reports whether data is a valid JSON encoding (json.Valid).
func Valid(data []byte) bool {
	var stack []byte // the open containers, '{' or '['
	i := space(data, 0)
	for {
		// A value starts at i.
		if i >= len(data) {
			return false
		}
		switch c := data[i]; c {
		case '{', '[':
			if len(stack) == maxDepth {
				return false
			}
			stack = append(stack, c)
			i = space(data, i+1)
			if i < len(data) && data[i] == c+2 { // '}' or ']'
				stack = stack[:len(stack)-1]
				i++
				break
			}
			if c == '{' {
				if i = member(data, i); i < 0 {
					return false
				}
			}
			continue
		case '"':
			if i = str(data, i); i < 0 {
				return false
			}
		case 't':
			if i = literal(data, i, "true"); i < 0 {
				return false
			}
		case 'f':
			if i = literal(data, i, "false"); i < 0 {
				return false
			}
		case 'n':
			if i = literal(data, i, "null"); i < 0 {
				return false
			}
		default:
			if i = number(data, i); i < 0 {
				return false
			}
		}
		// A value ended at i: close containers, or move to the next element.
		for {
			i = space(data, i)
			if len(stack) == 0 {
				return i == len(data)
			}
			if i >= len(data) {
				return false
			}
			top := stack[len(stack)-1]
			if data[i] == top+2 {
				stack = stack[:len(stack)-1]
				i++
				continue
			}
			if data[i] != ',' {
				return false
			}
			i = space(data, i+1)
			if top == '{' {
				if i = member(data, i); i < 0 {
					return false
				}
			}
			break
		}
	}
}

// member reads an object member's key and colon at i, returning where its
// value starts (-1 when there is none).
func member(data []byte, i int) int {
	if i >= len(data) || data[i] != '"' {
		return -1
	}
	if i = str(data, i); i < 0 {
		return -1
	}
	i = space(data, i)
	if i >= len(data) || data[i] != ':' {
		return -1
	}
	return space(data, i+1)
}

func space(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
			continue
		}
		break
	}
	return i
}

// str reads the string at i (its opening quote), returning the offset past
// its closing quote, or -1. Bytes from 0x80 up need not be UTF-8, as for
// the standard scanner.
func str(data []byte, i int) int {
	for i++; i < len(data); i++ {
		switch c := data[i]; {
		case c == '"':
			return i + 1
		case c < 0x20:
			return -1
		case c == '\\':
			i++
			if i >= len(data) {
				return -1
			}
			switch data[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(data) {
					return -1
				}
				for _, h := range data[i+1 : i+5] {
					if !(h >= '0' && h <= '9' || h >= 'a' && h <= 'f' || h >= 'A' && h <= 'F') {
						return -1
					}
				}
				i += 4
			default:
				return -1
			}
		}
	}
	return -1
}

func literal(data []byte, i int, lit string) int {
	if len(data)-i < len(lit) || string(data[i:i+len(lit)]) != lit {
		return -1
	}
	return i + len(lit)
}

// number reads -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? at i.
func number(data []byte, i int) int {
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case i < len(data) && data[i] >= '1' && data[i] <= '9':
		i = digits(data, i)
	default:
		return -1
	}
	if i < len(data) && data[i] == '.' {
		j := digits(data, i+1)
		if j == i+1 {
			return -1
		}
		i = j
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		j := digits(data, i)
		if j == i {
			return -1
		}
		i = j
	}
	return i
}

func digits(data []byte, i int) int {
	for i < len(data) && data[i] >= '0' && data[i] <= '9' {
		i++
	}
	return i
}
