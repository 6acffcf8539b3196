package prompt

import (
	"io"
	"strings"

	"github.com/wardenhq/warden/api"
)

// theme draws the prompt's few styles. With NO_COLOR set it uses no colour
// at all; bold and the selection marker still show the structure.
type theme struct {
	color bool
	// styled is set when the terminal takes styles at all: a terminal
	// whose TERM names no colour support (dumb, or none) gets plain text.
	styled bool
}

// renderer returns the theme for output w, which is the terminal. w is
// always the terminal the prompt opened, so whether it takes styles is read
// from TERM and COLORTERM as termenv reads them, without the usual guess
// that a $CI environment has no terminal.
func (t *Terminal) renderer(io.Writer) theme {
	return theme{color: t.getenv("NO_COLOR") == "", styled: styledTerm(t.getenv("TERM"), t.getenv("COLORTERM"), t.getenv("GOOGLE_CLOUD_SHELL"))}
}

// styledTerm reports whether a terminal of this kind shows SGR styles:
// every one that termenv gives a colour profile (not Ascii).
func styledTerm(term, colorTerm, cloudShell string) bool {
	switch strings.ToLower(colorTerm) {
	case "24bit", "truecolor", "yes", "true":
		return true
	}
	switch term {
	case "alacritty", "contour", "rio", "wezterm", "xterm-ghostty", "xterm-kitty", "linux", "xterm":
		return true
	}
	return cloudShell == "true" || strings.Contains(term, "color") || strings.Contains(term, "ansi")
}

// sgr wraps s in the SGR sequence with parameters params, as lipgloss did
// renders a one-line string: the style, the text, a reset.
func (th theme) sgr(params, s string) string {
	if !th.styled {
		return s
	}
	return "\x1b[" + params + "m" + s + "\x1b[0m"
}

func (th theme) bold(s string) string { return th.sgr("1", s) }

func (th theme) dim(s string) string {
	if !th.color {
		return s
	}
	return th.sgr("2", s)
}

func (th theme) selected(s string) string {
	if !th.color {
		return th.bold(s)
	}
	return th.sgr("1;36", s)
}

// risk colours s by the risk level: red for HIGH, yellow for MEDIUM, green
// for LOW.
func (th theme) risk(r api.Risk, s string) string {
	if !th.color {
		return th.bold(s)
	}
	c := ""
	switch r {
	case api.RiskHigh:
		c = "1"
	case api.RiskMedium:
		c = "3"
	case api.RiskLow:
		c = "2"
	default:
		return th.bold(s)
	}
	return th.sgr("1;3"+c, s)
}

// added colours an added diff line green.
func (th theme) added(s string) string {
	if !th.color {
		return s
	}
	return th.sgr("32", s)
}

// removed colours a removed diff line red.
func (th theme) removed(s string) string {
	if !th.color {
		return s
	}
	return th.sgr("31", s)
}
