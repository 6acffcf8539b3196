package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestHookLinksNoNATS keeps NATS out of the warden binary: the hook starts
// once per tool call, and linking nats.go and nats-server costs
// milliseconds of package initialisation and megabytes on every start.
// The daemon with NATS is cmd/warden-daemon.
func TestHookLinksNoNATS(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to list the import graph")
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.Contains(p, "nats-io/") || p == "github.com/wardenhq/warden/teams" {
			t.Errorf("the warden binary imports %s: NATS belongs to cmd/warden-daemon only", p)
		}
	}
}
