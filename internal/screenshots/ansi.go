package main

import (
	"fmt"
	"html"
	"strconv"
	"strings"
)

// palette is xterm's 16 colours as a dark terminal shows them.
var palette = [16]string{
	"#1d1f21", "#cc6666", "#8fbf6a", "#e0b050", "#6fa3d8", "#b294bb", "#70c0b1", "#c5c8c6",
	"#666666", "#ff7b72", "#a5d6a7", "#f0c674", "#81a2be", "#d2a8ff", "#8abeb7", "#ffffff",
}

// color256 returns the CSS colour of xterm colour n.
func color256(n int) string {
	switch {
	case n < 16:
		return palette[n]
	case n < 232:
		n -= 16
		lv := []int{0, 95, 135, 175, 215, 255}
		return fmt.Sprintf("#%02x%02x%02x", lv[n/36], lv[n/6%6], lv[n%6])
	}
	g := 8 + (n-232)*10
	return fmt.Sprintf("#%02x%02x%02x", g, g, g)
}

type sgr struct {
	fg, bg           string
	bold, faint, rev bool
}

func (s sgr) style() string {
	fg, bg := s.fg, s.bg
	if s.rev {
		fg, bg = bg, fg
		if fg == "" {
			fg = "#1d1f21"
		}
		if bg == "" {
			bg = "#c5c8c6"
		}
	}
	var b []string
	if fg != "" {
		b = append(b, "color:"+fg)
	}
	if bg != "" {
		b = append(b, "background:"+bg)
	}
	if s.bold {
		b = append(b, "font-weight:700")
	}
	if s.faint {
		b = append(b, "opacity:.6")
	}
	return strings.Join(b, ";")
}

// apply reads one SGR parameter list.
func (s *sgr) apply(params string) {
	ps := strings.Split(params, ";")
	for i := 0; i < len(ps); i++ {
		n, _ := strconv.Atoi(ps[i])
		switch {
		case n == 0:
			*s = sgr{}
		case n == 1:
			s.bold = true
		case n == 2:
			s.faint = true
		case n == 22:
			s.bold, s.faint = false, false
		case n == 7:
			s.rev = true
		case n == 27:
			s.rev = false
		case n >= 30 && n <= 37:
			s.fg = palette[n-30]
		case n >= 90 && n <= 97:
			s.fg = palette[n-90+8]
		case n == 39:
			s.fg = ""
		case n >= 40 && n <= 47:
			s.bg = palette[n-40]
		case n == 49:
			s.bg = ""
		case n == 38 || n == 48:
			var c string
			if i+2 < len(ps) && ps[i+1] == "5" {
				k, _ := strconv.Atoi(ps[i+2])
				c = color256(k)
				i += 2
			} else if i+4 < len(ps) && ps[i+1] == "2" {
				r, _ := strconv.Atoi(ps[i+2])
				g, _ := strconv.Atoi(ps[i+3])
				bl, _ := strconv.Atoi(ps[i+4])
				c = fmt.Sprintf("#%02x%02x%02x", r, g, bl)
				i += 4
			}
			if n == 38 {
				s.fg = c
			} else {
				s.bg = c
			}
		}
	}
}

// terminalHTML renders tmux capture-pane -e output as a terminal window.
func terminalHTML(screen string, cols int) string {
	var b strings.Builder
	var cur sgr
	open := false
	flush := func() {
		if open {
			b.WriteString("</span>")
			open = false
		}
		if st := cur.style(); st != "" {
			b.WriteString(`<span style="` + st + `">`)
			open = true
		}
	}
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	for li, line := range lines {
		for i := 0; i < len(line); {
			if line[i] == 0x1b && i+1 < len(line) && line[i+1] == '[' {
				j := i + 2
				for j < len(line) && (line[j] < 0x40 || line[j] > 0x7e) {
					j++
				}
				if j < len(line) && line[j] == 'm' {
					cur.apply(line[i+2 : j])
					flush()
				}
				i = j + 1
				continue
			}
			j := i
			for j < len(line) && line[j] != 0x1b {
				j++
			}
			b.WriteString(html.EscapeString(line[i:j]))
			i = j
		}
		if li < len(lines)-1 {
			b.WriteString("\n")
		}
	}
	if open {
		b.WriteString("</span>")
	}
	return fmt.Sprintf(`<!doctype html><meta charset="utf-8"><style>
body{margin:0;background:#fff;padding:16px}
#term{display:inline-block;background:#1d1f21;border-radius:8px;padding:12px 14px;box-shadow:0 2px 10px rgba(0,0,0,.25)}
pre{margin:0;color:#c5c8c6;font:15px/18px "DejaVu Sans Mono",ui-monospace,monospace;width:%dch;white-space:pre}
</style><div id="term"><pre>%s</pre></div>`, cols, b.String())
}
