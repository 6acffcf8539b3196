package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/wardenhq/warden/api"
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
// at most, and a string with no escape, no control character and valid
// UTF-8, which then means itself. Anything else goes to encoding/json.
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
	end := strings.IndexByte(s, '"')
	if end < 0 {
		return "", false
	}
	val := s[:end]
	if strings.TrimRight(strings.TrimLeft(s[end+1:], " \t\r"), " \t\r") != "}" {
		return "", false
	}
	for i := 0; i < len(val); i++ {
		if c := val[i]; c == '\\' || c < 0x20 {
			return "", false
		}
	}
	if !utf8.ValidString(val) {
		return "", false
	}
	return val, true
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
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
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
			res := scanResult{Command: cmd, Dangerous: an.Dangerous(), Risk: an.Risk(), Findings: an.Findings, Parts: make([]string, len(an.Parts))}
			if res.Findings == nil {
				res.Findings = []api.Finding{}
			}
			for i := range an.Parts {
				res.Parts[i] = an.Parts[i].Text
			}
			if err := enc.Encode(res); err != nil {
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
