package main

import (
	"context"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	// The daemon's tests here run it in process, its state in memory; the
	// hand-over to warden-daemon is tested in cmd/warden-daemon.
	serveInProcess = true
	testscript.Main(m, map[string]func(){
		"warden": func() {
			env := &cliEnv{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}
			os.Exit(run(context.Background(), env, os.Args[1:]))
		},
	})
}

// TestScripts runs the CLI scripts in testdata/script, each with HOME and the
// XDG directories isolated.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(e *testscript.Env) error {
			home := e.WorkDir + "/home"
			e.Setenv("HOME", home)
			e.Setenv("XDG_CONFIG_HOME", home+"/.config")
			e.Setenv("XDG_STATE_HOME", home+"/.local/state")
			e.Setenv("WARDEN_MANAGED_SETTINGS", e.WorkDir+"/managed-settings.json")
			e.Setenv("WARDEN_SERVER", "")
			e.Setenv("WARDEN_TOKEN", "")
			return os.MkdirAll(home, 0o755)
		},
		RequireExplicitExec: true,
	})
}
