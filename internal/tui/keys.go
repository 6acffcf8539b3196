package tui

import (
	"strings"
	"unicode/utf8"
)

// KeyType is the kind of key a KeyMsg reports.
type KeyType int

// The keys a prompt tells apart; any other key is KeyUnknown.
const (
	KeyRunes KeyType = iota
	KeyEnter
	KeyEsc
	KeyCtrlC
	KeyBackspace
	KeySpace
	KeyTab
	KeyShiftTab
	KeyUp
	KeyDown
	KeyLeft
	KeyRight
	KeyPgUp
	KeyPgDown
	KeyHome
	KeyEnd
	KeyDelete
	KeyUnknown
)

// keyNames are the names of the keys other than KeyRunes, by KeyType.
var keyNames = [...]string{
	KeyEnter: "enter", KeyEsc: "esc", KeyCtrlC: "ctrl+c", KeyBackspace: "backspace", KeySpace: " ",
	KeyTab: "tab", KeyShiftTab: "shift+tab", KeyUp: "up", KeyDown: "down", KeyLeft: "left", KeyRight: "right",
	KeyPgUp: "pgup", KeyPgDown: "pgdown", KeyHome: "home", KeyEnd: "end", KeyDelete: "delete",
}

// KeyMsg is one key press, or one paste.
type KeyMsg struct {
	Type KeyType
	// Runes are the characters typed (KeyRunes, KeySpace) or pasted.
	Runes []rune
	// Alt is set when the key came with Alt (an Escape before it).
	Alt bool
	// Paste is set on text that arrived as a bracketed paste.
	Paste bool
	// Burst is set on a key that arrived in one read with other keys:
	// pasted without brackets, or sent faster than anyone types.
	Burst bool
}

// String names the key as Bubble Tea does: the characters for KeyRunes
// (a paste in brackets, so that it never equals a one-key answer), "enter",
// "esc", "ctrl+c", "up", " " for the space bar, …, with "alt+" before a key
// pressed with Alt.
func (k KeyMsg) String() string {
	var b strings.Builder
	if k.Alt {
		b.WriteString("alt+")
	}
	if k.Type == KeyRunes {
		if k.Paste {
			b.WriteByte('[')
		}
		b.WriteString(string(k.Runes))
		if k.Paste {
			b.WriteByte(']')
		}
		return b.String()
	}
	if k.Type < 0 || int(k.Type) >= len(keyNames) || keyNames[k.Type] == "" {
		return ""
	}
	b.WriteString(keyNames[k.Type])
	return b.String()
}

// The escape sequences of the keys with names.
var sequences = []struct {
	seq string
	key KeyType
}{
	{"\x1b[A", KeyUp}, {"\x1b[B", KeyDown}, {"\x1b[C", KeyRight}, {"\x1b[D", KeyLeft},
	{"\x1bOA", KeyUp}, {"\x1bOB", KeyDown}, {"\x1bOC", KeyRight}, {"\x1bOD", KeyLeft},
	{"\x1b[Z", KeyShiftTab}, {"\x1b[5~", KeyPgUp}, {"\x1b[6~", KeyPgDown},
	{"\x1b[H", KeyHome}, {"\x1b[F", KeyEnd}, {"\x1b[1~", KeyHome}, {"\x1b[4~", KeyEnd},
	{"\x1bOH", KeyHome}, {"\x1bOF", KeyEnd}, {"\x1b[3~", KeyDelete},
}

const (
	pasteStart = "\x1b[200~"
	pasteEnd   = "\x1b[201~"
)

// parser turns the bytes read from a terminal into key messages. It keeps
// a paste that spans reads, and an incomplete UTF-8 character.
type parser struct {
	pasting bool
	paste   []byte
	pending []byte
}

// feed parses b; complete keys are returned, an incomplete tail is kept for
// the next call.
func (p *parser) feed(b []byte) []KeyMsg {
	buf := append(p.pending, b...)
	p.pending = nil
	var out []KeyMsg
	for len(buf) > 0 {
		if p.pasting {
			i := strings.Index(string(buf), pasteEnd)
			if i < 0 {
				p.paste = append(p.paste, buf...)
				return out
			}
			p.paste = append(p.paste, buf[:i]...)
			out = append(out, KeyMsg{Type: KeyRunes, Runes: []rune(string(p.paste)), Paste: true})
			p.pasting, p.paste = false, nil
			buf = buf[i+len(pasteEnd):]
			continue
		}
		if strings.HasPrefix(string(buf), pasteStart) {
			p.pasting = true
			buf = buf[len(pasteStart):]
			continue
		}
		k, n := p.one(buf)
		if n == 0 {
			p.pending = append([]byte(nil), buf...)
			return out
		}
		out = append(out, k)
		buf = buf[n:]
	}
	if len(out) > 1 {
		for i := range out {
			out[i].Burst = true
		}
	}
	return out
}

// one reads the first key of b and how many bytes it took (0: b is an
// incomplete character).
func (p *parser) one(b []byte) (KeyMsg, int) {
	c := b[0]
	if c == 0x1b {
		if len(b) == 1 {
			return KeyMsg{Type: KeyEsc}, 1
		}
		for _, s := range sequences {
			if strings.HasPrefix(string(b), s.seq) {
				return KeyMsg{Type: s.key}, len(s.seq)
			}
		}
		if b[1] == '[' || b[1] == 'O' {
			// An escape sequence this package does not name: skip it
			// whole (parameters, then one final byte).
			i := 2
			for i < len(b) && (b[i] >= 0x30 && b[i] <= 0x3f || b[i] >= 0x20 && b[i] <= 0x2f) {
				i++
			}
			if i < len(b) {
				i++
			}
			return KeyMsg{Type: KeyUnknown}, i
		}
		// Escape, then a key: that key with Alt.
		k, n := p.one(b[1:])
		if n == 0 {
			return KeyMsg{}, 0
		}
		if k.Type == KeyEsc {
			return KeyMsg{Type: KeyEsc, Alt: true}, n + 1
		}
		k.Alt = true
		return k, n + 1
	}
	switch c {
	case '\r':
		return KeyMsg{Type: KeyEnter}, 1
	case 0x03:
		return KeyMsg{Type: KeyCtrlC}, 1
	case 0x7f:
		return KeyMsg{Type: KeyBackspace}, 1
	case '\t':
		return KeyMsg{Type: KeyTab}, 1
	case ' ':
		return KeyMsg{Type: KeySpace, Runes: []rune{' '}}, 1
	}
	if c < 0x20 {
		return KeyMsg{Type: KeyUnknown}, 1
	}
	if !utf8.FullRune(b) {
		return KeyMsg{}, 0
	}
	r, n := utf8.DecodeRune(b)
	return KeyMsg{Type: KeyRunes, Runes: []rune{r}}, n
}
