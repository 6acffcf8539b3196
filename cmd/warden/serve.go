package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/wardenhq/warden/internal/serve"
)

func init() {
	addCommand(&command{
		name:    "serve",
		summary: "run the daemon: shared rules, grants, approvals and audit for many agents, and the approval page",
		run:     runServe,
	})
}

// daemonBinary is the daemon's own binary: it links NATS and the MCP SDK,
// which the hook must never pay for, so warden serve and warden mcp proxy
// hand over to it.
const daemonBinary = "warden-daemon"

// daemonInstall is the command that installs the daemon binary.
const daemonInstall = "CGO_ENABLED=0 go install github.com/wardenhq/warden/cmd/warden-daemon@latest"

// serveInProcess runs the daemon in this process, its state in memory,
// instead of handing over; the tests of this package set it.
var serveInProcess = false

func runServe(ctx context.Context, env *cliEnv, args []string) int {
	if serveInProcess {
		return serve.Run(ctx, serveEnv(env), args, nil)
	}
	bin, err := findDaemon("warden serve")
	if err != nil {
		return fail(env, "%v", err)
	}
	return handOver(ctx, env, bin, append([]string{"serve"}, args...))
}

// findDaemon finds warden-daemon beside the running executable, else on
// PATH; what names the command that needs it, for the error.
func findDaemon(what string) (string, error) {
	if self, err := os.Executable(); err == nil {
		if p := filepath.Join(filepath.Dir(self), daemonBinary); isExecutable(p) {
			return p, nil
		}
	}
	if p, err := exec.LookPath(daemonBinary); err == nil {
		return p, nil
	}
	return "", errors.New(fmt.Sprintf("%s runs in the daemon binary %s, which is not installed beside %s or on PATH: install it with %s (or, from a clone: CGO_ENABLED=0 go install ./cmd/...)",
		what, daemonBinary, selfName(), daemonInstall))
}

func selfName() string {
	if self, err := os.Executable(); err == nil {
		return self
	}
	return "warden"
}

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}

// serveEnv is env as the daemon's package takes it.
func serveEnv(env *cliEnv) serve.Env {
	return serve.Env{Stdin: env.stdin, Stdout: env.stdout, Stderr: env.stderr, Getenv: env.getenv}
}
