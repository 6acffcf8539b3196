package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/internal/jsonw"
	"github.com/wardenhq/warden/shell"
)

// scanInput builds JSON lines from the labelled corpus commands.
func scanInput(tb testing.TB) ([]byte, int) {
	data, err := os.ReadFile("../../testdata/corpus/commands-dev.tsv")
	if err != nil {
		tb.Fatal(err)
	}
	var buf bytes.Buffer
	n := 0
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if i == 0 {
			continue
		}
		f := strings.Split(line, "\t")
		cmd := strings.NewReplacer(`\n`, "\n", `\x00`, "\x00", `\x1b`, "\x1b").Replace(f[3])
		b, _ := json.Marshal(map[string]string{"command": cmd})
		buf.Write(b)
		buf.WriteByte('\n')
		n++
	}
	return buf.Bytes(), n
}

// BenchmarkScanJSONL measures the scan loop of warden scan --jsonl as the
// command runs it, with GOMAXPROCS workers; the commands/s metric is the
// figure asked for (≥ 50,000). BenchmarkScanJSONLOneWorker is the same
// loop on one worker: the two show what the workers add.
func BenchmarkScanJSONL(b *testing.B) { benchmarkScan(b, 0) }

func BenchmarkScanJSONLOneWorker(b *testing.B) { benchmarkScan(b, 1) }

func benchmarkScan(b *testing.B, workers int) {
	in, n := scanInput(b)
	opts := shell.Options{Cwd: "/home/dev/projects/app", Home: "/home/dev"}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		out := bufio.NewWriter(io.Discard)
		if !scanLines(bytes.NewReader(in), out, io.Discard, opts, true, workers) {
			b.Fatal("scan failed")
		}
		out.Flush()
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "commands/s")
}

// TestScanJSONLRoundTrip checks that every corpus command comes back
// exactly, in order, one result per line.
func TestScanJSONLRoundTrip(t *testing.T) {
	in, n := scanInput(t)
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	if !scanLines(bytes.NewReader(in), w, io.Discard, shell.Options{Cwd: "/w", Home: "/h"}, true, 0) {
		t.Fatal("scan failed")
	}
	w.Flush()
	inLines := strings.Split(strings.TrimSpace(string(in)), "\n")
	outLines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(outLines) != n {
		t.Fatalf("%d results for %d commands", len(outLines), n)
	}
	for i := range outLines {
		var req struct{ Command string }
		var res scanResult
		if err := json.Unmarshal([]byte(inLines[i]), &req); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(outLines[i]), &res); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if res.Command != req.Command {
			t.Fatalf("line %d: command %q came back as %q", i+1, req.Command, res.Command)
		}
		if res.Findings == nil || res.Parts == nil {
			t.Fatalf("line %d: findings and parts must be arrays, not null", i+1)
		}
	}
}

// TestPlainCommandLine checks the fast read of {"command":"..."} against
// encoding/json: it either declines or reads what encoding/json reads.
func TestPlainCommandLine(t *testing.T) {
	in, _ := scanInput(t)
	lines := strings.Split(strings.TrimSpace(string(in)), "\n")
	corpus := len(lines)
	lines = append(lines,
		`{"command":"ls -la"}`, ` { "command" : "ls" } `, `{"command":"a\"b"}`, `{"command":"a\\b"}`, `{"command":"\u00e9"}`,
		`{"command":"é"}`, "{\"command\":\"\xff\"}", "{\"command\":\"a\tb\"}", `{"command":"x"}}`, `{"command":"x","other":1}`,
		`{"Command":"x"}`, `{"command":""}`, `{"command":"x"`, `{"command":x}`, `["command","x"]`, `{"command":"x"} `, "{\"command\":\"\x7f\"}",
		`{"command":"a\nb\tc\rd\be\ff\/g\\h\"i"}`, `{"command":"\u0041\u00E9\u2028\u0000\uffff"}`, `{"command":"\ud83d\ude00"}`,
		`{"command":"\ud83d"}`, `{"command":"\u12"}`, `{"command":"\u12"} `, `{"command":"\u+123"}`, `{"command":"\u0x12"}`, `{"command":"\x41"}`,
		`{"command":"a\"}`, `{"command":"a\\"}`, `{"command":"\\\""}`, `{"command":"\"}"}`, `{"command":"\`, "{\"command\":\"\\\n\"}",
		"{\"command\":\"\\\xff\"}", `{"command":"\u00"}`, `{"command":"\U0041"}`, `{"command":"\u004G"}`, `{"command":"\u1_23"}`)
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{`\`, `"`, `\u`, `\n`, `\/`, `\"`, `\\`, "a", "é", "0", "F", "d8", "\x01", "\xff", "}", " "}
	for range 3000 {
		var b strings.Builder
		b.WriteString(`{"command":"`)
		for range rng.IntN(8) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		if rng.IntN(4) > 0 {
			b.WriteString(`"}`)
		}
		lines = append(lines, b.String())
	}
	read, corpusRead := 0, 0
	for i, l := range lines {
		got, plain := plainCommandLine(l)
		if !plain {
			continue
		}
		read++
		if i < corpus {
			corpusRead++
		}
		var want struct {
			Command *string `json:"command"`
		}
		if err := json.Unmarshal([]byte(l), &want); err != nil || want.Command == nil || *want.Command != got {
			said := "no command"
			if want.Command != nil {
				said = strconv.Quote(*want.Command)
			}
			t.Errorf("%s: read %q, encoding/json says %s %v", l, got, said, err)
		}
	}
	// encoding/json wrote the corpus lines: it escapes only what
	// plainCommandLine decodes.
	if corpusRead < corpus {
		t.Errorf("only %d of the %d corpus lines read without encoding/json", corpusRead, corpus)
	}
	if read < len(lines)/4 {
		t.Errorf("only %d of %d lines read without encoding/json", read, len(lines))
	}
}

// TestScanResultJSON checks the scan's own JSON writer against
// encoding/json byte for byte: every corpus command's result, and strings
// holding every escape (control bytes, quotes, backslashes, invalid UTF-8,
// U+2028, U+2029, HTML characters, DEL).
func TestScanResultJSON(t *testing.T) {
	in, _ := scanInput(t)
	var cmds []string
	for _, l := range strings.Split(strings.TrimSpace(string(in)), "\n") {
		var req struct{ Command string }
		if err := json.Unmarshal([]byte(l), &req); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, req.Command)
	}
	var odd []string
	for b := range 256 {
		odd = append(odd, string([]byte{byte(b)}), "a"+string([]byte{byte(b)})+"é\"")
	}
	odd = append(odd, "", "\u2028\u2029x\u2027", "<a href='x'>&amp;</a>", "\xe2\x80", "\xf0\x9f\x98", "é\xffé", "\x7f\\\"\b\f\n\r\t\x00\x1f")
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		odd = append(odd, string(b))
	}
	// Long printable runs with a byte to escape here and there, at every
	// offset of the eight-byte steps.
	for range 2000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = byte(0x20 + rng.IntN(0x5f))
			if rng.IntN(16) == 0 {
				b[i] = byte(rng.IntN(256))
			}
		}
		odd = append(odd, string(b))
	}
	for _, s := range odd {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		if got := string(jsonw.NoHTML.String(nil, s)) + "\n"; got != want.String() {
			t.Errorf("%q: wrote %s, encoding/json %s", s, got, want.String())
		}
	}
	opts := shell.Options{Cwd: "/home/dev/projects/app", Home: "/home/dev"}
	for _, cmd := range append(cmds, odd...) {
		an := shell.Analyze(cmd, opts)
		res := scanResult{Command: cmd, Dangerous: an.Dangerous(), Risk: an.Risk(), Findings: an.Findings, Parts: make([]string, len(an.Parts))}
		if res.Findings == nil {
			res.Findings = []api.Finding{}
		}
		for i := range an.Parts {
			res.Parts[i] = an.Parts[i].Text
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(res); err != nil {
			t.Fatal(err)
		}
		if got := appendScanResult(nil, cmd, an); string(got) != want.String() {
			t.Errorf("%q:\nwrote         %s\nencoding/json %s", cmd, got, want.String())
		}
	}
	// A finding with every field set, and with the optional ones empty.
	an := &shell.Analysis{Findings: []api.Finding{
		{Category: "c\n", Description: "d\"", Part: "p\\", Risk: api.RiskLow, Path: "/x\u2028"},
		{Category: "c", Risk: api.RiskLow},
	}}
	want, _ := json.Marshal(scanResult{Command: "x", Dangerous: an.Dangerous(), Risk: an.Risk(), Findings: an.Findings, Parts: []string{}})
	if got := appendScanResult(nil, "x", an); string(got) != string(want)+"\n" {
		t.Errorf("wrote %s, encoding/json %s", got, want)
	}
}

// TestScanPipelineOrder checks the parallel scan against the sequential
// loop it replaces, written out here: every corpus and probe command, with
// blank lines, lines that are not JSON and lines without a command among
// them, gives the same stdout and stderr byte for byte, in input order,
// with one worker and with several (go test -race runs the workers at
// once over shell.Analyze). The plain format is checked the same way.
func TestScanPipelineOrder(t *testing.T) {
	var cmds []string
	for _, load := range []func(testing.TB) ([]string, []int){corpusCommands, probeCommands, heldoutCommands} {
		c, _ := load(t)
		cmds = append(cmds, c...)
	}
	bad := []string{`{"command":`, `not json`, `{"cmd":"ls"}`, `{"command":7}`, `["ls"]`, `{"command":null}`}
	var jsonIn, plainIn bytes.Buffer
	var wantJSON, wantJSONErr, wantPlain bytes.Buffer
	jsonLine, plainLine := 0, 0
	for i, c := range cmds {
		an := shell.Analyze(c, goldenOptions)
		b, _ := json.Marshal(map[string]string{"command": c})
		jsonIn.Write(b)
		jsonIn.WriteByte('\n')
		jsonLine++
		wantJSON.Write(appendScanResult(nil, c, an))
		if !strings.ContainsAny(c, "\n\r") {
			plainIn.WriteString(c + "\n")
			plainLine++
			if strings.TrimSpace(c) != "" {
				wantPlain.Write(appendPlain(nil, c, an))
			}
		}
		switch i % 7 {
		case 3:
			jsonIn.WriteString("  \t\n")
			plainIn.WriteString("\n")
			jsonLine++
			plainLine++
		case 5:
			l := bad[(i/7)%len(bad)]
			jsonIn.WriteString(l + "\n")
			jsonLine++
			var v struct {
				Command *string `json:"command"`
			}
			err := json.Unmarshal([]byte(l), &v)
			if err == nil {
				err = fmt.Errorf(`no "command" field`)
			}
			fmt.Fprintf(&wantJSONErr, "warden: scan: line %d: %v\n", jsonLine, err)
		}
	}
	for _, workers := range []int{1, 2, 7} {
		for _, c := range []struct {
			name          string
			jsonl         bool
			in            []byte
			want, wantErr string
		}{
			{"jsonl", true, jsonIn.Bytes(), wantJSON.String(), wantJSONErr.String()},
			{"plain", false, plainIn.Bytes(), wantPlain.String(), ""},
		} {
			t.Run(fmt.Sprintf("%s/%d", c.name, workers), func(t *testing.T) {
				var out, errOut bytes.Buffer
				w := bufio.NewWriter(&out)
				ok := scanLines(bytes.NewReader(c.in), w, &errOut, goldenOptions, c.jsonl, workers)
				w.Flush()
				if ok != (c.wantErr == "") {
					t.Errorf("scanLines reported %v with errors %q", ok, errOut.String())
				}
				if errOut.String() != c.wantErr {
					t.Errorf("stderr:\n%s\nwant:\n%s", errOut.String(), c.wantErr)
				}
				if got := out.String(); got != c.want {
					g, w := strings.Split(got, "\n"), strings.Split(c.want, "\n")
					for i := range min(len(g), len(w)) {
						if g[i] != w[i] {
							t.Fatalf("result %d of %d:\n got %s\nwant %s", i+1, len(w), g[i], w[i])
						}
					}
					t.Fatalf("%d result lines, want %d", len(g), len(w))
				}
			})
		}
	}
}

// TestScanTooLongLine checks that a line past the scanner's 16 MiB bound
// stops the scan there, as the sequential loop did: the lines before it are
// written, the error names its line, and nothing after it is read.
func TestScanTooLongLine(t *testing.T) {
	var in bytes.Buffer
	for range 40 {
		in.WriteString(`{"command":"ls -la"}` + "\n")
	}
	in.WriteString(`{"command":"` + strings.Repeat("a", 17<<20) + `"}` + "\n")
	in.WriteString(`{"command":"rm -rf /"}` + "\n")
	for _, workers := range []int{1, 3} {
		var out, errOut bytes.Buffer
		w := bufio.NewWriter(&out)
		if scanLines(bytes.NewReader(in.Bytes()), w, &errOut, goldenOptions, true, workers) {
			t.Errorf("workers %d: a line too long was read", workers)
		}
		w.Flush()
		if want := "warden: scan: line 41: bufio.Scanner: token too long\n"; errOut.String() != want {
			t.Errorf("workers %d: stderr %q, want %q", workers, errOut.String(), want)
		}
		if n := strings.Count(out.String(), `{"command":"ls -la",`); n != 40 || strings.Count(out.String(), "\n") != 40 {
			t.Errorf("workers %d: %d results for the 40 lines before the long one:\n%s", workers, n, out.String())
		}
	}
}

// endlessLines is an input that never ends: {"command":"ls"} forever. It
// counts the lines it has handed out.
type endlessLines struct{ lines int }

func (e *endlessLines) Read(p []byte) (int, error) {
	const line = `{"command":"ls"}` + "\n"
	n := 0
	for len(p)-n >= len(line) {
		n += copy(p[n:], line)
		e.lines++
	}
	return n, nil
}

// failingWriter accepts ok writes and fails every one after.
type failingWriter struct{ ok int }

var errClosedPipe = errors.New("write |1: broken pipe")

func (f *failingWriter) Write(p []byte) (int, error) {
	if f.ok == 0 {
		return 0, errClosedPipe
	}
	f.ok--
	return len(p), nil
}

// TestScanStopsOnWriteError checks that an endless input streams (results
// are written before it ends) and that a failing write stops the scan: the
// error names the line whose result could not be written, nothing is
// written after it, and the reader stops within the window of lines in
// flight instead of reading on forever.
func TestScanStopsOnWriteError(t *testing.T) {
	for _, jsonl := range []bool{true, false} {
		for _, workers := range []int{1, 4} {
			in := &endlessLines{}
			// Each result is longer than the buffer: one write per line.
			w := bufio.NewWriterSize(&failingWriter{ok: 5}, 8)
			var errOut bytes.Buffer
			if scanLines(in, w, &errOut, goldenOptions, jsonl, workers) {
				t.Fatalf("jsonl %v, workers %d: a failed write was not reported", jsonl, workers)
			}
			if want := "warden: scan: line 6: " + errClosedPipe.Error() + "\n"; errOut.String() != want {
				t.Errorf("jsonl %v, workers %d: stderr %q, want %q", jsonl, workers, errOut.String(), want)
			}
			// The scanner reads 64 KiB at a time: the lines of a few
			// reads, and never the lines of an endless input.
			if limit := 4 * (64 << 10) / len(`{"command":"ls"}`+"\n"); in.lines > limit {
				t.Errorf("jsonl %v, workers %d: read %d lines after the write failed", jsonl, workers, in.lines)
			}
		}
	}
}
