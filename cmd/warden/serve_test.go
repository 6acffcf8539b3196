package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestServeFindsTheDaemonBinary(t *testing.T) {
	empty := t.TempDir()
	t.Setenv("PATH", empty)
	_, err := findDaemon("warden serve")
	if err == nil {
		t.Fatal("found a daemon binary on an empty PATH")
	}
	for _, want := range []string{"warden-daemon", "go install github.com/wardenhq/warden/cmd/warden-daemon@latest", "go install ./cmd/..."} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %q", err, want)
		}
	}

	dir := t.TempDir()
	bin := filepath.Join(dir, daemonBinary)
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	if _, err := findDaemon("warden serve"); err == nil {
		t.Error("a warden-daemon that is not executable was taken")
	}
	if err := os.Chmod(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	got, err := findDaemon("warden serve")
	if err != nil || got != bin {
		t.Errorf("findDaemon = %q, %v; want %q", got, err, bin)
	}
}
