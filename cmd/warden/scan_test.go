package main

import (
	"bufio"
	"bytes"
	"encoding/json"
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
