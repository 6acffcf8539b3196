package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// gtfobinsExample is one code example of a GTFOBins entry: the program's
// file name, the function it demonstrates (shell, file-read, upload, …) and
// its code, a script of one or more lines.
type gtfobinsExample struct {
	program, function, code string
}

// parseGTFOBins reads the code examples of one _gtfobins/<program> file.
// The files are YAML front matter of one fixed shape: functions: → a
// function name at indent 2 → a list of examples, each with a code: |-
// block scalar (and, per context, code: |- blocks that replace it there).
// Every code block is an example, so this reads block scalars keyed code
// under functions: and nothing else; it fails on a code: it cannot read
// rather than skip it.
func parseGTFOBins(program string, data []byte) ([]gtfobinsExample, error) {
	var out []gtfobinsExample
	lines := strings.Split(string(data), "\n")
	inFunctions := false
	function := ""
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		indent := len(line) - len(strings.TrimLeft(line, " "))
		text := strings.TrimSpace(line)
		switch {
		case text == "---" || text == "...":
			inFunctions = false
			continue
		case indent == 0 && text == "functions:":
			inFunctions = true
			continue
		case indent == 0:
			inFunctions = false
			continue
		case !inFunctions:
			continue
		case indent == 2 && strings.HasSuffix(text, ":") && !strings.HasPrefix(text, "-"):
			function = strings.TrimSuffix(text, ":")
			continue
		}
		key := strings.TrimPrefix(text, "- ")
		if !strings.HasPrefix(key, "code:") {
			continue
		}
		if key != "code: |-" {
			return nil, fmt.Errorf("%s:%d: code is not a |- block: %q", program, i+1, line)
		}
		if function == "" {
			return nil, fmt.Errorf("%s:%d: code outside a function", program, i+1)
		}
		// The block: every following line indented deeper than the key
		// (blank lines included), less the block's own indentation.
		keyIndent := indent
		if strings.HasPrefix(text, "- ") {
			keyIndent += 2
		}
		var block []string
		blockIndent := -1
		for i+1 < len(lines) {
			next := lines[i+1]
			ni := len(next) - len(strings.TrimLeft(next, " "))
			if strings.TrimSpace(next) != "" && ni <= keyIndent {
				break
			}
			i++
			if strings.TrimSpace(next) == "" {
				block = append(block, "")
				continue
			}
			if blockIndent < 0 {
				blockIndent = ni
			}
			if ni < blockIndent {
				return nil, fmt.Errorf("%s:%d: block line less indented than its first", program, i+1)
			}
			block = append(block, next[blockIndent:])
		}
		code := strings.TrimRight(strings.Join(block, "\n"), "\n")
		if code == "" {
			return nil, fmt.Errorf("%s:%d: empty code block", program, i+1)
		}
		out = append(out, gtfobinsExample{program: program, function: function, code: code})
	}
	return out, nil
}

func TestParseGTFOBins(t *testing.T) {
	const file = `---
functions:
  file-read:
  - code: |-
      tar cf /dev/stdout /path/to/input-file -I 'tar xO'
    comment: |-
      The file is read.
    contexts:
      sudo:
      suid:
        code: |-
          ./tar cf /dev/stdout x

          ./tar y
      unprivileged:
  shell:
  - binary: false
    code: |-
      echo '/bin/sh 0<&1' >/path/to/temp-file
        tar xf t --to-command /bin/sh
    contexts:
      unprivileged:
comment: |-
  code: |-
    not an example
...
`
	got, err := parseGTFOBins("tar", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	want := []gtfobinsExample{
		{"tar", "file-read", "tar cf /dev/stdout /path/to/input-file -I 'tar xO'"},
		{"tar", "file-read", "./tar cf /dev/stdout x\n\n./tar y"},
		{"tar", "shell", "echo '/bin/sh 0<&1' >/path/to/temp-file\n  tar xf t --to-command /bin/sh"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if _, err := parseGTFOBins("x", []byte("functions:\n  shell:\n  - code: sh\n")); err == nil {
		t.Error("an inline code: was skipped, not refused")
	}
}

// gtfobinsAllowed are the GTFOBins examples a mode may allow, each with
// the policy reason, keyed by mode, program, function and code. The
// inherit examples of pagers are reads of system state (POLICY.md R8:
// reading it is benign): GTFOBins' escape is typing !sh into the pager, and
// these programs start one only when their output is a terminal, which an
// agent's command never has. Plan and auto mode allow what default mode
// allows as read-only; auto's classifier adds only busybox cat, a copy of
// standard input to standard output.
var gtfobinsAllowed = func() map[string]string {
	pager := "reads system state (R8); the pager whose !sh GTFOBins uses starts only on a terminal, which an agent's command never has"
	m := map[string]string{}
	for _, mode := range []string{"default", "plan", "auto"} {
		m[mode+" dmesg inherit: dmesg -H"] = pager
		m[mode+" journalctl inherit: journalctl"] = pager
		m[mode+" man inherit: man man"] = pager
		m[mode+" systemctl inherit: systemctl"] = pager
	}
	m["auto busybox inherit: busybox cat"] = "copies standard input to standard output; busybox runs the applet named, cat"
	return m
}()

// TestGTFOBins runs every code example of every GTFOBins entry through
// warden hook in default, plan and auto mode (empty settings, a project
// under a temporary home, the built-in classifier) and counts what is
// allowed. GTFOBins is not part of this repository (its licence is not
// ours): WARDEN_GTFOBINS names a directory of its _gtfobins files, which
// testdata/gtfobins-extract.sh writes from a clone. No mode allows any
// but the few gtfobinsAllowed names with their reason.
func TestGTFOBins(t *testing.T) {
	dir := os.Getenv("WARDEN_GTFOBINS")
	if dir == "" {
		t.Skip("WARDEN_GTFOBINS is not set (see testdata/gtfobins-extract.sh)")
	}
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var examples []gtfobinsExample
	for _, f := range files {
		if f.IsDir() || strings.HasPrefix(f.Name(), ".") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		ex, err := parseGTFOBins(f.Name(), data)
		if err != nil {
			t.Fatal(err)
		}
		examples = append(examples, ex...)
	}
	if len(examples) < 100 {
		t.Fatalf("only %d examples in %s: not a _gtfobins directory?", len(examples), dir)
	}
	type count struct{ total, allowed int }
	modes := []string{"default", "plan", "auto"}
	counts := map[string]map[string]*count{}
	var allowed []string
	seenAllowed := map[string]bool{}
	for _, mode := range modes {
		counts[mode] = map[string]*count{}
		w := newHookWorld(t, `{}`)
		payload := realPayload(t, "pretooluse-bash-"+mode, w.root)
		for i, ex := range examples {
			// A session per call, so auto mode's count of denials in a
			// session never hands the calls to a person.
			payload["session_id"] = fmt.Sprintf("gtfobins-%s-%d", mode, i)
			payload["tool_input"] = map[string]any{"command": ex.code}
			got := w.hook(t, payload, "--no-audit")
			c := counts[mode][ex.function]
			if c == nil {
				c = &count{}
				counts[mode][ex.function] = c
			}
			c.total++
			if got.behavior != "allow" {
				continue
			}
			c.allowed++
			key := mode + " " + ex.program + " " + ex.function + ": " + ex.code
			if _, ok := gtfobinsAllowed[key]; ok {
				seenAllowed[key] = true
				continue
			}
			allowed = append(allowed, fmt.Sprintf("%s %s: %q (%s)", mode, ex.program+" "+ex.function, ex.code, got.reason))
		}
	}
	var functions []string
	for f := range counts["default"] {
		functions = append(functions, f)
	}
	sort.Strings(functions)
	var b strings.Builder
	tw := bufio.NewWriter(&b)
	fmt.Fprintf(tw, "%-26s %6s", "function", "total")
	for _, m := range modes {
		fmt.Fprintf(tw, " %8s", m)
	}
	fmt.Fprintln(tw)
	sums := map[string]int{}
	for _, f := range functions {
		fmt.Fprintf(tw, "%-26s %6d", f, counts["default"][f].total)
		for _, m := range modes {
			fmt.Fprintf(tw, " %8d", counts[m][f].allowed)
			sums[m] += counts[m][f].allowed
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprintf(tw, "%-26s %6d", "all (allowed)", len(examples))
	for _, m := range modes {
		fmt.Fprintf(tw, " %8d", sums[m])
	}
	fmt.Fprintln(tw)
	tw.Flush()
	t.Logf("GTFOBins examples allowed, per function and mode (%d programs, %d examples):\n%s", len(files), len(examples), b.String())
	for _, a := range allowed {
		t.Errorf("allowed: %s", a)
	}
	for k := range gtfobinsAllowed {
		if !seenAllowed[k] {
			t.Errorf("gtfobinsAllowed names %q, which is no longer allowed (or GTFOBins no longer has)", k)
		}
	}
}
