package prompt

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/internal/ansitext"
	"github.com/wardenhq/warden/internal/askview"
	"github.com/wardenhq/warden/internal/display"
	tea "github.com/wardenhq/warden/internal/tui"
)

// viewThreshold is the length above which a command is shortened on the
// main screen and offered whole in the view.
const viewThreshold = 70

// maxMessage bounds the optional deny message.
const maxMessage = 500

// deadlineBackstop is how long after the deadline the prompt ends on its
// own. The handler that showed it enforces the deadline (and records the
// timeout as such); the prompt's own end is the backstop for callers that
// do not.
const deadlineBackstop = time.Second

// tickEvery is how often the countdown is redrawn and the deadline checked.
const tickEvery = 250 * time.Millisecond

type screen int

const (
	choosing screen = iota
	viewing
	messaging
)

// choice is one answer on the list; its key is its number.
type choice struct {
	key   string
	label string
	ans   handler.Answer
}

// BurstGap is the least time between two keys for the second to answer: a
// digit or Enter that comes sooner after another key (typed words, a
// paste, a terminal replaying input) is taken for typing, not an answer.
const BurstGap = 250 * time.Millisecond

// tickMsg redraws the countdown.
type tickMsg struct{}

// explanationMsg carries the explainer's account, or ok false once its
// channel is closed.
type explanationMsg struct {
	e  api.Explanation
	ok bool
}

// approvalModel is the model (internal/tui) of one approval prompt.
type approvalModel struct {
	t        *Terminal
	p        *handler.Prompt
	th       theme
	deadline time.Time
	shownAt  time.Time
	now      time.Time
	width    int
	height   int

	label, subject, description string
	where                       askview.View
	choices                     []choice
	cursor                      int
	screen                      screen
	top                         int // first line shown in the view
	message                     []rune

	expl     *api.Explanation
	explDone bool
	answer   handler.Answer
	// confirming is set when a digit picked an allowing answer to a HIGH
	// ask: only Enter then answers.
	confirming bool
	lastKey    time.Time
	result     outcome
	signal     os.Signal
	firstDraw  bool
}

func newApprovalModel(t *Terminal, p *handler.Prompt, deadline time.Time) *approvalModel {
	now := t.now()
	m := &approvalModel{
		t: t, p: p, deadline: deadline, shownAt: now, now: now,
		width: 80, height: 24,
		explDone: p.Ask.Explanation == nil,
	}
	m.label, m.subject = subjectOf(p.Ask.Request)
	m.where = askview.Of(p.Ask.Request)
	if m.where.Path != "" {
		m.subject = m.where.Path
	}
	if d, ok := p.Ask.Request.StringInput("description"); ok {
		m.description = d
	}
	m.choices = approvalChoices(p.Ask)
	// A high-risk call starts with the cursor on No, so a stray Enter denies.
	if m.risk() == api.RiskHigh {
		m.cursor = len(m.choices) - 1
	}
	return m
}

// approvalChoices are the answers offered for ask, numbered as Claude
// Code numbers its dialog's: "Yes" (once), then the scopes the ask can be
// kept at (handler.Ask.Offered), then "No". A scope that cannot be kept
// is not offered.
func approvalChoices(ask *handler.Ask) []choice {
	var out []choice
	add := func(label string, a handler.Answer) {
		out = append(out, choice{key: fmt.Sprint(len(out) + 1), label: label, ans: a})
	}
	rule := strings.Join(ask.Suggestions, ", ")
	for _, sc := range ask.Offered() {
		switch sc {
		case api.ScopeOnce:
			add("Yes", handler.Answer{Behavior: api.Allow, Scope: api.ScopeOnce})
		case api.ScopeSession:
			add("Yes, for this session: "+rule, handler.Answer{Behavior: api.Allow, Scope: api.ScopeSession})
		case api.ScopeAlways:
			add("Yes, always: "+rule, handler.Answer{Behavior: api.Allow, Scope: api.ScopeAlways})
		}
	}
	add("No", handler.Answer{Behavior: api.Deny, Scope: api.ScopeOnce})
	return out
}

// deny is the choice that denies (the last).
func (m *approvalModel) deny() handler.Answer { return m.choices[len(m.choices)-1].ans }

func (m *approvalModel) setRenderer(th theme) { m.th = th }
func (m *approvalModel) outcome() outcome     { return m.result }

// subjectOf returns the tool's label and the input a person must see.
func subjectOf(req api.Request) (label, subject string) {
	field := ""
	switch req.ToolName {
	case "Bash":
		field = "command"
	case "Read", "Write", "Edit", "MultiEdit":
		field = "file_path"
	case "NotebookEdit":
		field = "notebook_path"
	case "WebFetch":
		field = "url"
	case "WebSearch":
		field = "query"
	case "Glob", "Grep":
		field = "pattern"
	}
	if field != "" {
		if s, ok := req.StringInput(field); ok {
			return req.ToolName, s
		}
	}
	b, err := json.Marshal(req.ToolInput)
	if err != nil {
		return req.ToolName, fmt.Sprint(req.ToolInput)
	}
	return req.ToolName, string(b)
}

// risk is the highest of the decision's risk, its findings' and the
// explainer's level.
func (m *approvalModel) risk() api.Risk {
	d := m.p.Ask.Decision
	r := d.Risk
	if fr := api.MaxRisk(d.Findings); fr.Rank() > r.Rank() {
		r = fr
	}
	if m.expl != nil && m.expl.RiskLevel.Rank() > r.Rank() {
		r = m.expl.RiskLevel
	}
	return r
}

func (m *approvalModel) Init() tea.Cmd {
	if m.t.shown != nil {
		m.t.shown()
	}
	if m.t.OnShown != nil {
		m.t.OnShown()
	}
	return tea.Batch(tick(), m.waitExplanation())
}

func tick() tea.Cmd {
	return tea.Tick(tickEvery, func(time.Time) tea.Msg { return tickMsg{} })
}

func (m *approvalModel) waitExplanation() tea.Cmd {
	ch := m.p.Ask.Explanation
	if ch == nil || m.explDone {
		return nil
	}
	return func() tea.Msg {
		e, ok := <-ch
		return explanationMsg{e: e, ok: ok}
	}
}

func (m *approvalModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m.result != pending {
		return m, tea.Quit
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tickMsg:
		m.now = m.t.now()
		if !m.now.Before(m.deadline.Add(deadlineBackstop)) {
			m.result = timedOut
			return m, tea.Quit
		}
		return m, tick()
	case explanationMsg:
		if !msg.ok {
			m.explDone = true
			return m, nil
		}
		e := msg.e
		m.expl = &e
		return m, m.waitExplanation()
	case cancelMsg:
		m.now = m.t.now()
		m.result = cancelled
		if msg.noAnswer {
			m.result = timedOut
		}
		m.signal = msg.sig
		return m, tea.Quit
	case tea.KeyMsg:
		return m.key(msg)
	}
	return m, nil
}

// editText applies one keystroke to typed text: backspace removes the last
// character, printable characters are added up to maxMessage, anything
// else is ignored.
func editText(text []rune, msg tea.KeyMsg) []rune {
	switch msg.Type {
	case tea.KeyBackspace:
		if n := len(text); n > 0 {
			text = text[:n-1]
		}
	case tea.KeyRunes, tea.KeySpace:
		for _, r := range msg.Runes {
			if len(text) < maxMessage && r >= 0x20 && r != 0x7f {
				text = append(text, r)
			}
		}
	}
	return text
}

// inGrace reports whether a key pressed at now falls in the grace period
// after the prompt appeared at shownAt: such a key is dropped and does not
// count as interaction.
func (t *Terminal) inGrace(shownAt, now time.Time) bool {
	if now.Sub(shownAt) >= t.grace() {
		return false
	}
	if t.ignored != nil {
		t.ignored()
	}
	return true
}

// key handles one keystroke. Keys in the grace period are dropped and do
// not count as interaction. An answer needs a deliberate key: a digit or
// Enter that comes within BurstGap of the key before it (typing, a paste)
// does not answer, nor does anything pasted; on a HIGH ask a digit that
// allows only selects, and Enter confirms.
func (m *approvalModel) key(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	now := m.t.now()
	if m.t.inGrace(m.shownAt, now) {
		return m, nil
	}
	burst := msg.Burst || !m.lastKey.IsZero() && now.Sub(m.lastKey) < BurstGap
	m.lastKey = now
	m.now = now
	if m.p.OnInteract != nil {
		m.p.OnInteract()
	}
	k := msg.String()
	if m.screen == messaging {
		switch msg.Type {
		case tea.KeyEnter:
			if msg.Paste || burst {
				return m, nil
			}
			a := m.deny()
			a.Message = strings.TrimSpace(string(m.message))
			return m.finish(a)
		case tea.KeyEsc:
			m.screen = choosing
			m.message = nil
		case tea.KeyCtrlC:
			return m.finish(m.deny())
		default:
			m.message = editText(m.message, msg)
		}
		return m, nil
	}
	if m.confirming && (k != "enter" || burst || msg.Paste) {
		// Anything but a deliberate Enter drops the allowing answer a
		// digit picked on a HIGH ask: back to No.
		m.confirming, m.cursor = false, len(m.choices)-1
		if k == "enter" || msg.Paste {
			return m, nil
		}
	}
	if msg.Paste {
		return m, nil // pasted text never answers
	}
	for i, c := range m.choices {
		if k != c.key {
			continue
		}
		if burst {
			return m, nil
		}
		if c.ans.Behavior == api.Allow && m.risk() == api.RiskHigh {
			m.screen, m.cursor, m.confirming = choosing, i, true
			return m, nil
		}
		return m.finish(c.ans)
	}
	switch k {
	case "ctrl+c", "esc":
		if m.screen == viewing && k == "esc" {
			m.screen = choosing
			return m, nil
		}
		return m.finish(m.deny())
	case "m":
		m.screen = messaging
	case "v":
		if m.screen == viewing {
			m.screen = choosing
		} else {
			m.screen = viewing
			m.top = 0
		}
	case "q":
		if m.screen == viewing {
			m.screen = choosing
		}
	case "up", "shift+tab":
		if m.screen == viewing {
			m.top = max(0, m.top-1)
		} else if m.cursor > 0 {
			m.cursor--
		}
	case "down", "tab":
		if m.screen == viewing {
			m.top++
		} else if m.cursor < len(m.choices)-1 {
			m.cursor++
		}
	case "pgup":
		m.top = max(0, m.top-(m.height-3))
	case "pgdown", " ":
		if m.screen == viewing {
			m.top += m.height - 3
		}
	case "enter":
		if burst {
			return m, nil
		}
		if m.screen == choosing {
			return m.finish(m.choices[m.cursor].ans)
		}
	}
	return m, nil
}

func (m *approvalModel) finish(a handler.Answer) (tea.Model, tea.Cmd) {
	m.answer = a
	m.result = answered
	return m, tea.Quit
}

// countdown says when the prompt gives up.
func (m *approvalModel) countdown() string {
	left := m.deadline.Sub(m.now)
	secs := int((left + time.Second - 1) / time.Second)
	return fmt.Sprintf("denies in %ds", max(secs, 0))
}

func (m *approvalModel) View() string {
	w := max(m.width, 20)
	h := max(m.height, 8)
	switch m.result {
	case answered:
		return m.summary(w) + "\n"
	case timedOut:
		return fit(fmt.Sprintf("warden: %s: %s", m.noAnswer(), oneLine(m.subject)), w) + "\n"
	case cancelled:
		if m.signal != nil {
			return fit(fmt.Sprintf("warden: interrupted (%s), denied: %s", m.signal, oneLine(m.subject)), w) + "\n"
		}
		if !m.now.Before(m.deadline) {
			return fit(fmt.Sprintf("warden: %s: %s", m.noAnswer(), oneLine(m.subject)), w) + "\n"
		}
		return fit(fmt.Sprintf("warden: answered elsewhere: %s", oneLine(m.subject)), w) + "\n"
	}
	if m.screen == viewing {
		return m.viewWhole(w, h)
	}
	return m.viewMain(w, h)
}

// noAnswer says the prompt timed out: "no answer in N s, denied", N the
// time it gave the person.
func (m *approvalModel) noAnswer() string {
	return handler.TimeoutMessage(m.deadline.Sub(m.shownAt), "")
}

func (m *approvalModel) summary(w int) string {
	a := m.answer
	var verdict string
	switch {
	case a.Behavior == api.Allow && (a.Scope == "" || a.Scope == api.ScopeOnce):
		verdict = "allowed once"
	case a.Behavior == api.Allow:
		verdict = "allowed " + string(a.Scope) + " (" + oneLine(m.ruleOf(a)) + ")"
	case a.Message != "":
		verdict = "denied (" + oneLine(a.Message) + ")"
	default:
		verdict = "denied"
	}
	return fit(fmt.Sprintf("warden: %s: %s", verdict, oneLine(m.subject)), w)
}

// ruleOf is the rule an approval keeps.
func (m *approvalModel) ruleOf(a handler.Answer) string {
	if a.Rule != "" {
		return a.Rule
	}
	if len(m.p.Ask.Suggestions) > 0 {
		return strings.Join(m.p.Ask.Suggestions, ", ")
	}
	return "no rule"
}

func (m *approvalModel) header(w int) []string {
	title := m.th.bold("Warden") + " · " + m.label + " " + verbOf(m.label)
	if r := m.risk(); r != api.RiskNone {
		badge := string(r) + " RISK"
		gap := w - ansitext.StringWidth(title) - len(badge) - 1
		title += strings.Repeat(" ", max(gap, 1)) + m.th.risk(r, badge)
	}
	return []string{title, strings.Repeat("─", min(w, 80))}
}

func verbOf(label string) string {
	switch label {
	case "Bash":
		return "wants to run"
	case "Read", "Glob", "Grep":
		return "wants to read"
	case "Write", "Edit", "MultiEdit", "NotebookEdit":
		return "wants to change"
	case "WebFetch", "WebSearch":
		return "wants to go online"
	}
	return "wants to be used"
}

func (m *approvalModel) viewMain(w, h int) string {
	var head, info, tail []string
	head = m.header(w)
	prefix := "$ "
	if m.label != "Bash" {
		prefix = "→ "
	}
	long := len([]rune(m.subject)) > viewThreshold || strings.Contains(m.subject, "\n")
	if long {
		cut := ansitext.Truncate(oneLine(m.subject), min(viewThreshold, w-4), "…")
		head = append(head, prefix+cut)
		head = append(head, m.th.dim(fit(fmt.Sprintf("  (%d characters: press v to view it whole)", len([]rune(m.subject))), w)))
	} else {
		head = append(head, fit(prefix+oneLine(m.subject), w))
	}
	if m.description != "" {
		head = append(head, m.th.dim(fit("  "+oneLine(m.description), w)))
	}
	head = append(head, m.th.dim(fit("  "+m.placeLine(), w)))

	d := m.p.Ask.Decision
	if diff := m.diffLines(); len(diff) > 0 {
		const shown = 8
		info = append(info, "", m.th.bold(fit(m.changeTitle(), w)))
		for i, l := range diff {
			if i == shown && len(diff) > shown+1 {
				info = append(info, m.th.dim(fmt.Sprintf("  … %d more lines (v)", len(diff)-shown)))
				break
			}
			info = append(info, m.diffLine(l, w))
		}
	}
	if len(d.Findings) > 0 {
		info = append(info, "", m.th.bold("Findings"))
		for i, f := range d.Findings {
			if i == 3 && len(d.Findings) > 4 {
				info = append(info, m.th.dim(fmt.Sprintf("  … %d more (v)", len(d.Findings)-3)))
				break
			}
			info = append(info, m.findingLine(f, w))
		}
	}
	if r := reasonText(d.Reason); r != "" {
		if len(d.Findings) == 0 {
			info = append(info, "")
		}
		info = append(info, fit("Reason: "+r, w))
	}
	info = append(info, m.explanationLines(w, 2)...)

	tail = append(tail, "")
	for i, c := range m.choices {
		line := fmt.Sprintf("  %s. %s", c.key, oneLine(c.label))
		if i == m.cursor {
			line = m.th.selected(fit(fmt.Sprintf("> %s. %s", c.key, oneLine(c.label)), w))
		} else {
			line = fit(line, w)
		}
		tail = append(tail, line)
	}
	switch {
	case m.screen == messaging:
		tail = append(tail, fit("No, because: "+displayText(string(m.message), false)+"_", w),
			m.th.dim(fit("Enter: deny with this message · Esc: back · "+m.countdown(), w)))
	case m.confirming:
		tail = append(tail, m.th.risk(api.RiskHigh, fit("HIGH risk: press Enter to confirm "+oneLine(m.choices[m.cursor].label)+" · Esc: no · "+m.countdown(), w)))
	default:
		tail = append(tail, m.th.dim(fit(fmt.Sprintf("1-%d or ↑↓ Enter · m: no, with a message · v: view · %s", len(m.choices), m.countdown()), w)))
	}

	room := h - 1 - len(head) - len(tail)
	if len(info) > room {
		info = info[:max(room-1, 0)]
		if room > 0 {
			info = append(info, m.th.dim("  … (v: view everything)"))
		}
	}
	lines := append(append(head, info...), tail...)
	if len(lines) > h-1 {
		lines = lines[len(lines)-(h-1):]
	}
	return strings.Join(lines, "\n")
}

func (m *approvalModel) findingLine(f api.Finding, w int) string {
	risk, text := fmt.Sprintf("%-6s", f.Risk), findingText(f)
	return "  " + m.th.risk(f.Risk, risk) + " " + fit(oneLine(text), w-9)
}

// explanationLines renders the explainer's fields, each wrapped to at most
// maxLines lines (0: no limit), or a note that it is on its way.
func (m *approvalModel) explanationLines(w, maxLines int) []string {
	if m.expl == nil {
		if m.explDone {
			return nil
		}
		return []string{"", m.th.dim("Explaining… (you can answer now)")}
	}
	e := m.expl
	out := []string{""}
	title := "Explanation"
	if e.Source != "" {
		title += " (" + oneLine(e.Source) + ")"
	}
	out = append(out, m.th.bold(fit(title, w)))
	field := func(name, text string) {
		if text == "" {
			return
		}
		wrapped := strings.Split(ansitext.Wrap(displayText(text, false), w-9, ""), "\n")
		if maxLines > 0 && len(wrapped) > maxLines {
			wrapped = wrapped[:maxLines]
			wrapped[maxLines-1] = ansitext.Truncate(wrapped[maxLines-1], w-10, "") + "…"
		}
		for i, l := range wrapped {
			lead := "         "
			if i == 0 {
				lead = fmt.Sprintf("  %-6s ", name)
			}
			out = append(out, lead+l)
		}
	}
	field("What:", e.Explanation)
	field("Why:", e.Reasoning)
	field("Risk:", e.Risk)
	if e.RiskLevel != api.RiskNone {
		out = append(out, "  Level: "+m.th.risk(e.RiskLevel, string(e.RiskLevel)))
	}
	return out
}

// viewWhole shows the whole input, every finding and the full explanation,
// scrollable.
func (m *approvalModel) viewWhole(w, h int) string {
	head := m.header(w)
	var body []string
	prefix := "$ "
	if m.label != "Bash" {
		prefix = "→ "
	}
	text := prefix + displayText(m.subject, true)
	for _, l := range strings.Split(text, "\n") {
		body = append(body, strings.Split(ansitext.Hardwrap(l, w, true), "\n")...)
	}
	if m.description != "" {
		body = append(body, "", m.th.dim(fit("  "+oneLine(m.description), w)))
	}
	body = append(body, "")
	for _, l := range strings.Split(ansitext.Hardwrap(m.placeLine(), w-2, true), "\n") {
		body = append(body, m.th.dim("  "+l))
	}
	if diff := m.diffLines(); len(diff) > 0 {
		body = append(body, "", m.th.bold(fit(m.changeTitle(), w)))
		for _, l := range diff {
			for _, part := range strings.Split(ansitext.Hardwrap(l, w, true), "\n") {
				body = append(body, m.diffLine(part, w))
			}
		}
	}
	d := m.p.Ask.Decision
	if len(d.Findings) > 0 {
		body = append(body, "", m.th.bold("Findings"))
		for _, f := range d.Findings {
			// The view shows every finding whole, wrapped.
			body = append(body, m.findingLines(f, w)...)
		}
	}
	body = append(body, m.explanationLines(w, 0)...)
	if r := reasonText(d.Reason); r != "" {
		body = append(body, "", fit("Reason: "+r, w))
	}
	room := h - 1 - len(head) - 1
	maxTop := max(len(body)-room, 0)
	m.top = min(m.top, maxTop)
	end := min(m.top+room, len(body))
	lines := append(head, body[m.top:end]...)
	more := ""
	if maxTop > 0 {
		more = fmt.Sprintf("lines %d-%d of %d · ↑↓ scroll · ", m.top+1, end, len(body))
	}
	lines = append(lines, m.th.dim(fit(fmt.Sprintf("%sv: back · 1-%d: answer · %s", more, len(m.choices), m.countdown()), w)))
	return strings.Join(lines, "\n")
}

// placeLine says where the call happens and who asked: the project, the
// working directory, the agent and its session.
func (m *approvalModel) placeLine() string {
	v := m.where
	var parts []string
	if v.Project != "" {
		p := "in " + v.Project
		if v.Cwd != "" && v.Cwd != "." {
			p += " (cwd " + v.Cwd + ")"
		}
		parts = append(parts, p)
	} else if v.Cwd != "" {
		parts = append(parts, "in "+v.Cwd)
	}
	who := "from the " + v.Agent
	if v.Session != "" {
		who += ", session " + v.Session
	}
	parts = append(parts, who)
	return strings.Join(parts, " · ")
}

// changeTitle heads the diff of an Edit or Write.
func (m *approvalModel) changeTitle() string {
	t := "Change"
	if m.where.Added+m.where.Removed > 0 {
		t += fmt.Sprintf(" (+%d −%d)", m.where.Added, m.where.Removed)
	}
	if m.where.DiffNote != "" {
		t += ": " + m.where.DiffNote
	}
	return t
}

// diffLines are the lines of the change's diff, without its file headers
// (the path is the subject), already escaped.
func (m *approvalModel) diffLines() []string {
	if m.where.Diff == "" {
		return nil
	}
	var out []string
	for _, l := range strings.Split(strings.ReplaceAll(m.where.Diff, "\t", "    "), "\n") {
		if strings.HasPrefix(l, "--- ") || strings.HasPrefix(l, "+++ ") {
			continue
		}
		out = append(out, l)
	}
	return out
}

// diffLine colours one diff line: additions green, removals red, hunk
// headers dim.
func (m *approvalModel) diffLine(l string, w int) string {
	l = fit(l, w)
	switch {
	case strings.HasPrefix(l, "+"):
		return m.th.added(l)
	case strings.HasPrefix(l, "-"):
		return m.th.removed(l)
	case strings.HasPrefix(l, "@@"):
		return m.th.dim(l)
	}
	return l
}

// findingLines is a finding wrapped to the width, for the view.
func (m *approvalModel) findingLines(f api.Finding, w int) []string {
	risk, text := fmt.Sprintf("%-6s", f.Risk), findingText(f)
	wrapped := strings.Split(ansitext.Hardwrap(ansitext.Wordwrap(oneLine(text), w-9, " "), w-9, true), "\n")
	out := []string{"  " + m.th.risk(f.Risk, risk) + " " + wrapped[0]}
	for _, l := range wrapped[1:] {
		out = append(out, "         "+l)
	}
	return out
}

// reasonText says who made the pipeline ask.
func reasonText(r api.Reason) string {
	msg := oneLine(r.Message)
	var who string
	switch {
	case r.Rule != "":
		who = string(r.Type) + " " + oneLine(r.Rule)
		if r.File != "" {
			who += " at " + oneLine(r.File)
			if r.Line > 0 {
				who += fmt.Sprintf(":%d", r.Line)
			}
		}
	case r.Hook != "":
		who = "hook " + oneLine(r.Hook)
	case r.Type != "":
		who = string(r.Type)
	}
	switch {
	case msg == "":
		return who
	case who == "":
		return msg
	}
	return msg + " (" + who + ")"
}

// oneLine is s made safe for the terminal, on one line.
func oneLine(s string) string { return display.Line(s) }

// displayText is s made safe for the terminal (display.Line, or
// display.Block with tabs widened to four spaces when keepLines is true).
func displayText(s string, keepLines bool) string {
	if !keepLines {
		return display.Line(s)
	}
	return strings.ReplaceAll(display.Block(s), "\t", "    ")
}

// fit truncates s to width w.
func fit(s string, w int) string {
	if w <= 1 {
		return ""
	}
	return ansitext.Truncate(s, w, "…")
}

// findingText is a finding as one line of text: category, description and
// the part it is about.
func findingText(f api.Finding) string {
	text := f.Category
	if f.Description != "" {
		text += ": " + f.Description
	}
	if f.Part != "" {
		text += " [" + f.Part + "]"
	}
	return text
}
