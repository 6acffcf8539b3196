package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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
	ok := scanLines(env.stdin, out, env.stderr, opts, *jsonl)
	if err := out.Flush(); err != nil {
		return fail(env, "scan: %v", err)
	}
	if !ok {
		return exitError
	}
	return exitOK
}

// scanLines is the scan loop: it reports whether every line was read.
func scanLines(in io.Reader, out *bufio.Writer, stderr io.Writer, opts shell.Options, jsonl bool) bool {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var buf []byte
	ok := true
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		cmd := text
		if jsonl {
			if strings.TrimSpace(text) == "" {
				continue
			}
			if c, plain := plainCommandLine(text); plain {
				cmd = c
			} else {
				var in struct {
					Command *string `json:"command"`
				}
				if err := json.Unmarshal([]byte(text), &in); err != nil || in.Command == nil {
					if err == nil {
						err = fmt.Errorf(`no "command" field`)
					}
					fmt.Fprintf(stderr, "warden: scan: line %d: %v\n", line, err)
					ok = false
					continue
				}
				cmd = *in.Command
			}
		} else if strings.TrimSpace(text) == "" {
			continue
		}
		an := shell.Analyze(cmd, opts)
		if jsonl {
			buf = appendScanResult(buf[:0], cmd, an)
			if _, err := out.Write(buf); err != nil {
				fmt.Fprintf(stderr, "warden: scan: line %d: %v\n", line, err)
				return false
			}
			continue
		}
		writePlain(out, cmd, an)
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(stderr, "warden: scan: line %d: %v\n", line+1, err)
		return false
	}
	return ok
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

// writePlain prints one readable line: the risk and categories, or ok.
func writePlain(out *bufio.Writer, cmd string, an *shell.Analysis) {
	if !an.Dangerous() {
		out.WriteString("ok      ")
	} else {
		var cats []string
		seen := map[string]bool{}
		for _, f := range an.Findings {
			if !seen[f.Category] {
				seen[f.Category] = true
				cats = append(cats, f.Category)
			}
		}
		fmt.Fprintf(out, "%-7s %s  ", an.Risk(), strings.Join(cats, ","))
	}
	out.WriteString(cmd)
	if an.ParseError != nil {
		out.WriteString("  (does not parse: ask)")
	}
	out.WriteByte('\n')
}
