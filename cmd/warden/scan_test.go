package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"

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

// BenchmarkScanJSONL measures the scan loop of warden scan --jsonl on one
// core; the commands/s metric is the figure asked for (≥ 50,000).
func BenchmarkScanJSONL(b *testing.B) {
	in, n := scanInput(b)
	opts := shell.Options{Cwd: "/home/dev/projects/app", Home: "/home/dev"}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		out := bufio.NewWriter(io.Discard)
		if !scanLines(bytes.NewReader(in), out, io.Discard, opts, true) {
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
	if !scanLines(bytes.NewReader(in), w, io.Discard, shell.Options{Cwd: "/w", Home: "/h"}, true) {
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
	lines = append(lines,
		`{"command":"ls -la"}`, ` { "command" : "ls" } `, `{"command":"a\"b"}`, `{"command":"a\\b"}`, `{"command":"\u00e9"}`,
		`{"command":"é"}`, "{\"command\":\"\xff\"}", "{\"command\":\"a\tb\"}", `{"command":"x"}}`, `{"command":"x","other":1}`,
		`{"Command":"x"}`, `{"command":""}`, `{"command":"x"`, `{"command":x}`, `["command","x"]`, `{"command":"x"} `, "{\"command\":\"\x7f\"}")
	read := 0
	for _, l := range lines {
		got, plain := plainCommandLine(l)
		if !plain {
			continue
		}
		read++
		var want struct {
			Command *string `json:"command"`
		}
		if err := json.Unmarshal([]byte(l), &want); err != nil || want.Command == nil || *want.Command != got {
			t.Errorf("%s: read %q, encoding/json says %v %v", l, got, want.Command, err)
		}
	}
	if read < len(lines)/2 {
		t.Errorf("only %d of %d lines read without encoding/json", read, len(lines))
	}
}
