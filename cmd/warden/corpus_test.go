package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestDecisionCorpusThroughCLI runs the decision corpus (testdata/cases, the
// same files the library and the HTTP API are tested with) through
// `warden test`, so the CLI cannot drift from the library.
func TestDecisionCorpusThroughCLI(t *testing.T) {
	files, err := filepath.Glob("../../testdata/cases/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files: %v", err)
	}
	var stdout, stderr bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr,
		getenv: func(string) string { return "" }}
	code := run(context.Background(), env, append([]string{"test", "-v"}, files...))
	if code != exitOK {
		t.Errorf("warden test exited %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), " passed, 0 failed") || strings.Contains(stdout.String(), "FAIL") {
		t.Errorf("unexpected output:\n%s", stdout.String())
	}
}
