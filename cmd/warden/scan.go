package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/internal/jsonw"
	"github.com/wardenhq/warden/shell"
)

func init() {
	addCommand(&command{
		name:    "scan",
		summary: "analyse shell commands for danger (one per line, or JSON lines)",
		run:     runScan,
	})
}

// scanResult is one line of warden scan --jsonl output (DESIGN §4).
type scanResult struct {
	Command   string        `json:"command"`
	Dangerous bool          `json:"dangerous"`
	Risk      api.Risk      `json:"risk"`
	Findings  []api.Finding `json:"findings"`
	Parts     []string      `json:"parts"`
}

// plainCommandLine reads the common line {"command":"..."} without
// encoding/json: only that one field, with spaces around the punctuation
// at most, and a string of valid UTF-8 with no control character whose
// escapes are the two-letter ones (\" \\ \/ \b \f \n \r \t) or \uXXXX
// naming a character that is not half of a surrogate pair. Anything else
// goes to encoding/json.
func plainCommandLine(line string) (string, bool) {
	s := strings.TrimLeft(line, " \t\r")
	var ok bool
	if s, ok = strings.CutPrefix(s, "{"); !ok {
		return "", false
	}
	if s, ok = strings.CutPrefix(strings.TrimLeft(s, " \t\r"), `"command"`); !ok {
		return "", false
	}
	if s, ok = strings.CutPrefix(strings.TrimLeft(s, " \t\r"), ":"); !ok {
		return "", false
	}
	if s, ok = strings.CutPrefix(strings.TrimLeft(s, " \t\r"), `"`); !ok {
		return "", false
	}
	end, escaped := 0, false
	for ; end < len(s) && s[end] != '"'; end++ {
		switch c := s[end]; {
		case c < 0x20:
			return "", false
		case c == '\\':
			escaped = true
			end++
		}
	}
	if end >= len(s) {
		return "", false
	}
	val := s[:end]
	if strings.TrimRight(strings.TrimLeft(s[end+1:], " \t\r"), " \t\r") != "}" {
		return "", false
	}
	if !utf8.ValidString(val) {
		return "", false
	}
	if !escaped {
		return val, true
	}
	return unescapeJSON(val)
}

// unescapeJSON decodes the escapes of a JSON string's body (without its
// quotes) that plainCommandLine reads; it declines any other.
func unescapeJSON(val string) (string, bool) {
	b := make([]byte, 0, len(val))
	for i := 0; i < len(val); i++ {
		c := val[i]
		if c != '\\' {
			b = append(b, c)
			continue
		}
		i++
		if i >= len(val) {
			return "", false
		}
		switch val[i] {
		case '"', '\\', '/':
			b = append(b, val[i])
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			if i+4 >= len(val) {
				return "", false
			}
			r, err := strconv.ParseUint(val[i+1:i+5], 16, 16)
			if err != nil || utf16.IsSurrogate(rune(r)) {
				return "", false
			}
			b = utf8.AppendRune(b, rune(r))
			i += 4
		default:
			return "", false
		}
	}
	return string(b), true
}

// runScan reads commands from stdin, analyses each and writes one result
// per command, in order. A line that is not valid JSON (with --jsonl) is
// reported on stderr with its line number and skipped; the exit code is
// then 1, after every other line has been processed.
func runScan(_ context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "scan", "scan [--jsonl] [--cwd DIR] < commands")
	jsonl := fs.Bool("jsonl", false, `read {"command":"..."} per line and write one JSON result per line`)
	cwd := fs.String("cwd", "", "working directory the commands run in (default: the current directory)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.stderr, "warden: scan takes no arguments; commands are read from stdin\n")
		return exitUsage
	}
	dir := *cwd
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return fail(env, "scan: %v", err)
		}
		dir = wd
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	opts := shell.Options{Cwd: dir, Home: env.getenv("HOME")}
	out := bufio.NewWriterSize(env.stdout, 64<<10)
	defer out.Flush()
	ok := scanLines(env.stdin, out, env.stderr, opts, *jsonl, 0)
	if err := out.Flush(); err != nil {
		return fail(env, "scan: %v", err)
	}
	if !ok {
		return exitError
	}
	return exitOK
}

// scanLines is the scan loop: it reports whether every line was read and
// every result written. A reader numbers the lines and hands them to
// workers (workers of them; GOMAXPROCS when it is 0 or less), which decode
// and analyse them; the calling goroutine writes each line's result, or its
// error on stderr, in input order. At most scanWindow lines per worker are
// in flight, so an endless input streams through a fixed memory. When a
// write fails the reader stops at the next line and nothing more is
// written.
func scanLines(in io.Reader, out *bufio.Writer, stderr io.Writer, opts shell.Options, jsonl bool, workers int) bool {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(scanGCPercent))
	}
	window := scanWindow * workers
	// Every job is in free, or on its way through work and order: neither
	// send below blocks.
	free := make(chan *scanJob, window)
	for range window {
		free <- &scanJob{done: make(chan struct{}, 1)}
	}
	work, order := make(chan *scanJob, window), make(chan *scanJob, window)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				j.judge(opts, jsonl)
				j.done <- struct{}{}
			}
		}()
	}
	var readErr error
	go func() {
		defer close(order)
		defer close(work)
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64<<10), 16<<20)
		line := 0
		for sc.Scan() {
			line++
			var j *scanJob
			select {
			case <-stop:
				return
			default:
			}
			select {
			case j = <-free:
			case <-stop:
				return
			}
			j.line, j.text = line, sc.Text()
			work <- j
			order <- j
		}
		if err := sc.Err(); err != nil {
			readErr = fmt.Errorf("line %d: %v", line+1, err)
		}
	}()
	ok, failed := true, false
	for j := range order {
		<-j.done
		if failed {
			continue
		}
		switch {
		case j.err != nil:
			fmt.Fprintf(stderr, "warden: scan: line %d: %v\n", j.line, j.err)
			ok = false
		case len(j.out) > 0:
			if _, err := out.Write(j.out); err != nil {
				fmt.Fprintf(stderr, "warden: scan: line %d: %v\n", j.line, err)
				failed = true
				close(stop)
				continue
			}
		}
		j.text = ""
		if cap(j.out) > 64<<10 {
			j.out = nil
		}
		free <- j
	}
	wg.Wait()
	if failed {
		return false
	}
	// The reader closed order after its last line: readErr is set.
	if readErr != nil {
		fmt.Fprintf(stderr, "warden: scan: %v\n", readErr)
		return false
	}
	return ok
}

// scanGCPercent is the collector's target while the scan runs (unless
// GOGC says otherwise). What the scan keeps is small and does not grow —
// the window of lines, the analysers' pools, the program tables — while
// every command allocates a few kilobytes it drops at once: at the default
// of 100 the collector ran every few hundred commands and took about a
// sixth of the scan's CPU time, and at 400 the heap still stays within a
// few times what is kept.
const scanGCPercent = 400

// scanWindow is how many lines per worker the scan holds at once: enough
// that a worker finding a slow line leaves the others work to do.
const scanWindow = 8

// scanJob is one input line on its way through the scan.
type scanJob struct {
	line int    // the line's number in the input, from 1
	text string // the line as read
	out  []byte // the line's result as written to stdout; empty for a blank line
	err  error  // why the line was skipped, for stderr
	// done receives once out and err are set.
	done chan struct{}
}

// judge decodes and analyses the job's line and writes its result to out,
// or the reason it has none to err.
func (j *scanJob) judge(opts shell.Options, jsonl bool) {
	j.out, j.err = j.out[:0], nil
	if strings.TrimSpace(j.text) == "" {
		return
	}
	cmd := j.text
	if jsonl {
		if c, plain := plainCommandLine(j.text); plain {
			cmd = c
		} else {
			var in struct {
				Command *string `json:"command"`
			}
			if err := json.Unmarshal([]byte(j.text), &in); err != nil {
				j.err = err
				return
			}
			if in.Command == nil {
				j.err = fmt.Errorf(`no "command" field`)
				return
			}
			cmd = *in.Command
		}
	}
	an := shell.Analyze(cmd, opts)
	if jsonl {
		j.out = appendScanResult(j.out, cmd, an)
	} else {
		j.out = appendPlain(j.out, cmd, an)
	}
}

// appendScanResult appends an's result as one line of JSON, byte for byte
// what encoding/json's Encoder (SetEscapeHTML(false)) writes for the
// scanResult of cmd and an: the line is written once per command, and
// encoding/json's reflection cost a tenth of the scan.
func appendScanResult(dst []byte, cmd string, an *shell.Analysis) []byte {
	dst = append(dst, `{"command":`...)
	dst = jsonw.NoHTML.String(dst, cmd)
	if an.Dangerous() {
		dst = append(dst, `,"dangerous":true,"risk":`...)
	} else {
		dst = append(dst, `,"dangerous":false,"risk":`...)
	}
	dst = jsonw.NoHTML.String(dst, string(an.Risk()))
	dst = append(dst, `,"findings":[`...)
	for i := range an.Findings {
		f := &an.Findings[i]
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"category":`...)
		dst = jsonw.NoHTML.String(dst, f.Category)
		dst = append(dst, `,"description":`...)
		dst = jsonw.NoHTML.String(dst, f.Description)
		if f.Part != "" {
			dst = append(dst, `,"part":`...)
			dst = jsonw.NoHTML.String(dst, f.Part)
		}
		dst = append(dst, `,"risk":`...)
		dst = jsonw.NoHTML.String(dst, string(f.Risk))
		if f.Path != "" {
			dst = append(dst, `,"path":`...)
			dst = jsonw.NoHTML.String(dst, f.Path)
		}
		dst = append(dst, '}')
	}
	dst = append(dst, `],"parts":[`...)
	for i := range an.Parts {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = jsonw.NoHTML.String(dst, an.Parts[i].Text)
	}
	return append(dst, "]}\n"...)
}

// appendPlain appends one readable line: the risk and categories, or ok.
func appendPlain(dst []byte, cmd string, an *shell.Analysis) []byte {
	if !an.Dangerous() {
		dst = append(dst, "ok      "...)
	} else {
		var cats []string
		seen := map[string]bool{}
		for _, f := range an.Findings {
			if !seen[f.Category] {
				seen[f.Category] = true
				cats = append(cats, f.Category)
			}
		}
		dst = fmt.Appendf(dst, "%-7s %s  ", an.Risk(), strings.Join(cats, ","))
	}
	dst = append(dst, cmd...)
	if an.ParseError != nil {
		dst = append(dst, "  (does not parse: ask)"...)
	}
	return append(dst, '\n')
}
