package prompt

import (
	"io"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/wardenhq/warden/api"
)

// theme draws the prompt's few styles. With NO_COLOR set it uses no colour
// at all; bold and the selection marker still show the structure.
type theme struct {
	color bool
	r     *lipgloss.Renderer
}

// renderer returns the theme for output w, which is the terminal. w is
// always the terminal the prompt opened, so the colour profile is read from
// TERM without the usual guess that a $CI environment has no terminal.
func (t *Terminal) renderer(w io.Writer) theme {
	return theme{color: t.getenv("NO_COLOR") == "", r: lipgloss.NewRenderer(w, termenv.WithUnsafe())}
}

func (th theme) style() lipgloss.Style {
	if th.r == nil {
		return lipgloss.NewStyle()
	}
	return th.r.NewStyle()
}

func (th theme) bold(s string) string { return th.style().Bold(true).Render(s) }

func (th theme) dim(s string) string {
	if !th.color {
		return s
	}
	return th.style().Faint(true).Render(s)
}

func (th theme) selected(s string) string {
	if !th.color {
		return th.bold(s)
	}
	return th.style().Bold(true).Foreground(lipgloss.Color("6")).Render(s)
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
	return th.style().Bold(true).Foreground(lipgloss.Color(c)).Render(s)
}

// added colours an added diff line green.
func (th theme) added(s string) string {
	if !th.color {
		return s
	}
	return th.style().Foreground(lipgloss.Color("2")).Render(s)
}

// removed colours a removed diff line red.
func (th theme) removed(s string) string {
	if !th.color {
		return s
	}
	return th.style().Foreground(lipgloss.Color("1")).Render(s)
}
