package tui

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/wardenhq/warden/internal/ansitext"
)

// Msg is anything a model is told: a KeyMsg, a WindowSizeMsg, or a
// message of the model's own.
type Msg any

// Cmd is work whose result is a message; it runs in its own goroutine.
type Cmd func() Msg

// Model is a prompt's state: Init starts it, Update folds a message into
// it, View draws it.
type Model interface {
	Init() Cmd
	Update(Msg) (Model, Cmd)
	View() string
}

// WindowSizeMsg reports the terminal's size, first when the program starts
// and then on every resize.
type WindowSizeMsg struct {
	Width, Height int
}

// quitMsg ends the program.
type quitMsg struct{}

// Quit is the command that ends the program.
func Quit() Msg { return quitMsg{} }

// batchMsg is several commands to run at once.
type batchMsg []Cmd

// Batch runs several commands at once; nil commands are skipped.
func Batch(cmds ...Cmd) Cmd {
	var valid []Cmd
	for _, c := range cmds {
		if c != nil {
			valid = append(valid, c)
		}
	}
	switch len(valid) {
	case 0:
		return nil
	case 1:
		return valid[0]
	}
	return func() Msg { return batchMsg(valid) }
}

// Tick sends fn's message after d.
func Tick(d time.Duration, fn func(time.Time) Msg) Cmd {
	return func() Msg {
		t := time.NewTimer(d)
		return fn(<-t.C)
	}
}

// Option configures a Program.
type Option func(*Program)

// WithInput reads keys from r, which must be a terminal (*os.File).
func WithInput(r io.Reader) Option { return func(p *Program) { p.in = r } }

// WithOutput draws on w, which should be a terminal.
func WithOutput(w io.Writer) Option { return func(p *Program) { p.out = w } }

// WithoutSignalHandler is accepted for Bubble Tea's sake: a Program never
// handles signals itself (in raw mode Ctrl-C is a key).
func WithoutSignalHandler() Option { return func(*Program) {} }

// Program runs a model on a terminal.
type Program struct {
	model Model
	in    io.Reader
	out   io.Writer
	msgs  chan Msg
	done  chan struct{}
	once  sync.Once
	r     renderer
}

// NewProgram returns a program that will run m.
func NewProgram(m Model, opts ...Option) *Program {
	p := &Program{model: m, in: os.Stdin, out: os.Stdout, msgs: make(chan Msg), done: make(chan struct{})}
	for _, o := range opts {
		o(p)
	}
	return p
}

// Send gives the running model a message; after the program ends it does
// nothing.
func (p *Program) Send(msg Msg) {
	select {
	case p.msgs <- msg:
	case <-p.done:
	}
}

// errNotTerminal is returned when the input is not a terminal.
var errNotTerminal = errors.New("tui: the input is not a terminal")

// errHangup is the read error of a terminal that hung up.
var errHangup = errors.New("tui: the terminal hung up")

// readErrorMsg ends the program with the error reading the terminal.
type readErrorMsg struct{ err error }

// Run draws the model and feeds it messages until a command returns Quit
// (or, with an error, until the terminal cannot be read, as Bubble Tea ends);
// it returns the final model. The terminal is put back as it was, whatever
// happens.
func (p *Program) Run() (final Model, err error) {
	defer p.once.Do(func() { close(p.done) })
	in, ok := p.in.(*os.File)
	if !ok || !term.IsTerminal(in.Fd()) {
		return p.model, errNotTerminal
	}
	fd := in.Fd()
	state, err := term.MakeRaw(fd)
	if err != nil {
		return p.model, err
	}
	p.r.out = p.out
	io.WriteString(p.out, hideCursor+bracketedPasteOn)
	defer func() {
		io.WriteString(p.out, bracketedPasteOff+showCursor)
		term.Restore(fd, state)
	}()
	readerDone := make(chan struct{})
	go func() {
		defer close(readerDone)
		p.readKeys(in)
	}()
	defer func() {
		p.once.Do(func() { close(p.done) })
		<-readerDone
	}()
	stopResize := p.watchResize(in)
	defer stopResize()
	if w, h, err := term.GetSize(fd); err == nil {
		p.r.width, p.r.height = w, h
		go p.Send(WindowSizeMsg{Width: w, Height: h})
	}

	model := p.model
	p.run(model.Init())
	p.r.render(model.View())
	for msg := range p.msgs {
		switch msg := msg.(type) {
		case quitMsg:
			p.r.render(model.View())
			p.r.stop()
			return model, nil
		case readErrorMsg:
			p.r.stop()
			return model, fmt.Errorf("tui: reading the terminal: %w", msg.err)
		case batchMsg:
			for _, c := range msg {
				p.run(c)
			}
			continue
		case WindowSizeMsg:
			p.r.resize(msg.Width, msg.Height)
		}
		var cmd Cmd
		model, cmd = model.Update(msg)
		p.run(cmd)
		p.r.render(model.View())
	}
	return model, nil
}

// run starts a command; its message, if any, is sent to the model.
func (p *Program) run(c Cmd) {
	if c == nil {
		return
	}
	go func() {
		if msg := c(); msg != nil {
			p.Send(msg)
		}
	}()
}

// The control sequences a program writes.
const (
	hideCursor        = "\x1b[?25l"
	showCursor        = "\x1b[?25h"
	bracketedPasteOn  = "\x1b[?2004h"
	bracketedPasteOff = "\x1b[?2004l"
	eraseLineRight    = "\x1b[K"
	eraseEntireLine   = "\x1b[2K"
	eraseScreenBelow  = "\x1b[J"
)

// renderer redraws frames in place, as Bubble Tea's standard renderer does
// outside the alternate screen.
type renderer struct {
	out           io.Writer
	width, height int
	last          string
	lastLines     []string
	linesRendered int
}

func (r *renderer) resize(w, h int) {
	r.width, r.height = w, h
	// Every line may now wrap differently: draw them all again.
	r.last, r.lastLines = "", nil
}

func (r *renderer) render(view string) {
	if view == "" || view == r.last {
		return
	}
	var buf bytes.Buffer
	if r.linesRendered == 0 && r.width > 0 {
		// Start on a line of our own: a line's width of spaces from the
		// start of an empty line stays on it (the cursor waits at the
		// margin), while from the middle of a line that a program left
		// unfinished it wraps, so the carriage return lands below that
		// output instead of drawing over it.
		buf.WriteString(strings.Repeat(" ", r.width) + "\r")
	}
	if r.linesRendered > 1 {
		buf.WriteString("\x1b[" + strconv.Itoa(r.linesRendered-1) + "A")
	}
	lines := strings.Split(view, "\n")
	if r.height > 0 && len(lines) > r.height {
		lines = lines[len(lines)-r.height:]
	}
	for i, line := range lines {
		if i < len(r.lastLines) && r.lastLines[i] == line {
			if i < len(lines)-1 {
				buf.WriteByte('\n')
			}
			continue
		}
		if i == 0 && r.last == "" {
			buf.WriteByte('\r')
		}
		if r.width > 0 {
			line = ansitext.Truncate(line, r.width, "")
		}
		if ansitext.StringWidth(line) < r.width {
			line += eraseLineRight
		}
		buf.WriteString(line)
		if i < len(lines)-1 {
			buf.WriteString("\r\n")
		}
	}
	if r.linesRendered > len(lines) {
		buf.WriteString(eraseScreenBelow)
	}
	r.linesRendered = len(lines)
	buf.WriteByte('\r')
	r.out.Write(buf.Bytes())
	r.last = view
	r.lastLines = lines
}

// stop leaves the last frame on the screen, less the line the cursor is
// on, with the cursor at its start.
func (r *renderer) stop() {
	io.WriteString(r.out, eraseEntireLine+"\r")
}
