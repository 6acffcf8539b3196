package prompt

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/wardenhq/warden/internal/ansitext"
	tea "github.com/wardenhq/warden/internal/tui"
)

// Question is a clarifying question an agent puts to the person: pick one of
// Choices, or type an answer when FreeText is set (or there are no choices).
type Question struct {
	Text     string   `json:"question"`
	Choices  []string `json:"choices,omitempty"`
	FreeText bool     `json:"free_text,omitempty"`
}

// ClarifyAnswer is the person's reply to a Question. When Answered is false
// nobody answered (NoAnswer says why: "timeout" or "declined") and the agent
// must carry on without one.
type ClarifyAnswer struct {
	Answered bool `json:"answered"`
	// Choice is the chosen choice, and Index its position (-1 for free text).
	Choice string `json:"choice,omitempty"`
	Index  int    `json:"index"`
	// Text is the typed answer.
	Text     string `json:"text,omitempty"`
	Person   string `json:"person,omitempty"`
	NoAnswer string `json:"no_answer,omitempty"`
}

// maxChoices is how many choices a question may carry: one key each.
const maxChoices = 9

// Clarify puts q to the person and waits for the answer, up to
// ClarifyTimeout (120 s by default), after which the answer says nobody
// answered. It returns ctx.Err() when ctx ends first, and an error when
// there is no terminal or q is malformed.
func (t *Terminal) Clarify(ctx context.Context, q Question) (ClarifyAnswer, error) {
	none := ClarifyAnswer{Index: -1}
	if strings.TrimSpace(q.Text) == "" {
		return none, errors.New("prompt: a question needs text")
	}
	if len(q.Choices) > maxChoices {
		return none, fmt.Errorf("prompt: a question may offer at most %d choices, not %d", maxChoices, len(q.Choices))
	}
	timeout := t.ClarifyTimeout
	if timeout <= 0 {
		timeout = DefaultClarifyTimeout
	}
	deadline := t.now().Add(timeout)
	m := newClarifyModel(t, q, deadline)
	res, err := t.run(ctx, deadline, m)
	switch {
	case errors.Is(err, ErrTimeout):
		none.NoAnswer = "timeout"
		return none, nil
	case err != nil:
		return none, err
	}
	a := res.(*clarifyModel).answer
	if a.Answered {
		a.Person = t.person()
	}
	return a, nil
}

// clarifyModel is the model (internal/tui) of one clarifying question.
type clarifyModel struct {
	t        *Terminal
	q        Question
	th       theme
	deadline time.Time
	shownAt  time.Time
	now      time.Time
	width    int
	height   int
	cursor   int
	typing   bool
	text     []rune
	answer   ClarifyAnswer
	result   outcome
}

func newClarifyModel(t *Terminal, q Question, deadline time.Time) *clarifyModel {
	now := t.now()
	return &clarifyModel{
		t: t, q: q, deadline: deadline, shownAt: now, now: now, width: 80, height: 24,
		typing: len(q.Choices) == 0,
	}
}

func (m *clarifyModel) setRenderer(th theme) { m.th = th }
func (m *clarifyModel) outcome() outcome     { return m.result }

// options is the number of rows on the list: the choices, and "type an
// answer" when free text is allowed.
func (m *clarifyModel) options() int {
	n := len(m.q.Choices)
	if m.q.FreeText && n > 0 {
		n++
	}
	return n
}

func (m *clarifyModel) Init() tea.Cmd {
	if m.t.shown != nil {
		m.t.shown()
	}
	return tick()
}

func (m *clarifyModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m.result != pending {
		return m, tea.Quit
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tickMsg:
		m.now = m.t.now()
		if !m.now.Before(m.deadline) {
			m.result = timedOut
			return m, tea.Quit
		}
		return m, tick()
	case cancelMsg:
		m.result = cancelled
		return m, tea.Quit
	case tea.KeyMsg:
		return m.key(msg)
	}
	return m, nil
}

func (m *clarifyModel) key(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	now := m.t.now()
	if m.t.inGrace(m.shownAt, now) {
		return m, nil
	}
	m.now = now
	if m.typing {
		switch msg.Type {
		case tea.KeyEnter:
			text := strings.TrimSpace(string(m.text))
			if text == "" {
				return m, nil
			}
			return m.finish(ClarifyAnswer{Answered: true, Index: -1, Text: text})
		case tea.KeyEsc:
			if len(m.q.Choices) > 0 {
				m.typing = false
				m.text = nil
				return m, nil
			}
			return m.finish(ClarifyAnswer{Index: -1, NoAnswer: "declined"})
		case tea.KeyCtrlC:
			return m.finish(ClarifyAnswer{Index: -1, NoAnswer: "declined"})
		default:
			m.text = editText(m.text, msg)
		}
		return m, nil
	}
	k := msg.String()
	if len(k) == 1 && k[0] >= '1' && k[0] <= '9' {
		if i := int(k[0] - '1'); i < m.options() {
			return m.pick(i)
		}
		return m, nil
	}
	switch k {
	case "up", "k", "shift+tab":
		m.cursor = max(m.cursor-1, 0)
	case "down", "j", "tab":
		m.cursor = min(m.cursor+1, m.options()-1)
	case "enter":
		return m.pick(m.cursor)
	case "esc", "ctrl+c":
		return m.finish(ClarifyAnswer{Index: -1, NoAnswer: "declined"})
	}
	return m, nil
}

func (m *clarifyModel) pick(i int) (tea.Model, tea.Cmd) {
	if i >= len(m.q.Choices) {
		m.typing = true
		return m, nil
	}
	return m.finish(ClarifyAnswer{Answered: true, Index: i, Choice: m.q.Choices[i]})
}

func (m *clarifyModel) finish(a ClarifyAnswer) (tea.Model, tea.Cmd) {
	m.answer = a
	m.result = answered
	return m, tea.Quit
}

func (m *clarifyModel) View() string {
	w := max(m.width, 20)
	h := max(m.height, 8)
	switch m.result {
	case answered:
		if !m.answer.Answered {
			return "warden: question declined\n"
		}
		ans := m.answer.Choice
		if ans == "" {
			ans = m.answer.Text
		}
		return fit("warden: answered: "+oneLine(ans), w) + "\n"
	case timedOut:
		return "warden: no answer to the question\n"
	case cancelled:
		return "warden: question withdrawn\n"
	}
	lines := []string{m.th.bold("Warden") + " · the agent asks", strings.Repeat("─", min(w, 80))}
	var tail []string
	for i, c := range m.q.Choices {
		row := fmt.Sprintf("%d. %s", i+1, oneLine(c))
		if i == m.cursor && !m.typing {
			tail = append(tail, m.th.selected(fit("> "+row, w)))
		} else {
			tail = append(tail, fit("  "+row, w))
		}
	}
	if m.q.FreeText && len(m.q.Choices) > 0 {
		row := fmt.Sprintf("%d. Type an answer…", len(m.q.Choices)+1)
		if m.cursor == len(m.q.Choices) && !m.typing {
			tail = append(tail, m.th.selected(fit("> "+row, w)))
		} else {
			tail = append(tail, fit("  "+row, w))
		}
	}
	left := m.deadline.Sub(m.now)
	countdown := fmt.Sprintf("no answer in %ds", max(int((left+time.Second-1)/time.Second), 0))
	if m.typing {
		tail = append(tail, "", fit("Answer: "+displayText(string(m.text), false)+"_", w))
		hint := "Enter: send · Esc: decline · "
		if len(m.q.Choices) > 0 {
			hint = "Enter: send · Esc: back · "
		}
		tail = append(tail, m.th.dim(fit(hint+countdown, w)))
	} else {
		tail = append(tail, "", m.th.dim(fit("1-9 or ↑↓ Enter · Esc: decline · "+countdown, w)))
	}
	body := strings.Split(ansitext.Wrap(displayText(m.q.Text, true), w, ""), "\n")
	room := h - 1 - len(lines) - len(tail) - 1
	if len(body) > room {
		body = append(body[:max(room-1, 0)], "…")
	}
	lines = append(lines, body...)
	lines = append(lines, "")
	lines = append(lines, tail...)
	return strings.Join(lines, "\n")
}
