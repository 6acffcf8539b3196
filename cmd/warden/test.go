package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/policytest"
)

func init() {
	addCommand(&command{
		name:    "test",
		summary: "run policy test files (requests with the decision each must get)",
		run:     runTest,
	})
}

const testUsage = "test [--cwd DIR] [--settings FILE]... [-v] FILE..."

func runTest(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "test", testUsage)
	var ef engineFlags
	ef.Register(fs)
	verbose := fs.Bool("v", false, "print every case, not only failures")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	// Policy tests are dry runs: nothing they decide is a real decision.
	ef.NoAudit = true
	defCwd, err := ef.DefaultCwd()
	if err != nil {
		return fail(env, "%v", err)
	}
	engines, err := newEngineSet(env, &ef)
	if err != nil {
		return fail(env, "%v", err)
	}
	passed, failed := 0, 0
	for _, path := range fs.Args() {
		f, err := policytest.Load(path)
		if err != nil {
			return fail(env, "%v", err)
		}
		// A file that brings no settings is judged against the project it
		// lives in (found from its directory, as for a call made there),
		// not the one the command happens to run in; --cwd says otherwise.
		project := defCwd
		if ef.Cwd == "" {
			if abs, err := filepath.Abs(path); err == nil {
				project = filepath.Dir(abs)
			}
		}
		engineFor := engines.forCwd
		if len(f.Settings) > 0 || len(f.Files) > 0 {
			// A self-contained file brings its own settings and files: lay
			// them out in a scratch project under a scratch home, so nothing
			// of the machine's own settings leaks in.
			scratch, err := os.MkdirTemp("", "warden-test-")
			if err != nil {
				return fail(env, "%v", err)
			}
			defer os.RemoveAll(scratch)
			var engine *warden.Engine
			project, engine, err = scratchEngine(scratch, f, ef.Mode)
			if err != nil {
				return fail(env, "%s: %v", path, err)
			}
			engineFor = func(string) (*warden.Engine, error) { return engine, nil }
		}
		for _, c := range f.Tests {
			var d api.Decision
			req, err := c.DecodeRequest(project)
			if err == nil {
				var e *warden.Engine
				if e, err = engineFor(req.Cwd); err == nil {
					d, err = e.Decide(ctx, req)
				}
			}
			if msg := c.Want.Check(d, err); msg != "" {
				failed++
				fmt.Fprintf(env.stdout, "FAIL %s: %s: %s\n", path, c.Name, msg)
				continue
			}
			passed++
			if *verbose {
				fmt.Fprintf(env.stdout, "PASS %s: %s\n", path, c.Name)
			}
		}
	}
	fmt.Fprintf(env.stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return exitError
	}
	return exitOK
}

// scratchEngine lays out a self-contained policy test file in dir and
// returns its project and an engine deciding there with only its settings.
func scratchEngine(dir string, f *policytest.File, mode string) (string, *warden.Engine, error) {
	sc, err := f.NewScratch(dir)
	if err != nil {
		return "", nil, err
	}
	opts := []warden.Option{warden.WithSettings(sc.Settings), warden.WithCwd(sc.Project), warden.WithHome(sc.Home)}
	if mode != "" {
		opts = append(opts, warden.WithMode(api.Mode(mode)))
	}
	e, err := warden.New(opts...)
	return sc.Project, e, err
}
