package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/wardenhq/warden/agent/hookconf"
	"github.com/wardenhq/warden/settings"
)

// This file is what every agent's init and the doctor share about the hook
// command: which binary it runs, whether that binary will still be there
// tomorrow, and whether the command line answers at all.

// hookBinary returns the absolute path of this program, as the hook command
// should run it, refusing a path that will vanish: a binary `go run` built
// in the Go build cache or any temporary directory. allowTemp skips that
// refusal (tests, a harness that installs into a temporary home).
func hookBinary(env *cliEnv, allowTemp bool) (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("finding this program's path: %w", err)
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	if !allowTemp {
		if err := checkLasting(env, exe); err != nil {
			return "", err
		}
	}
	return exe, nil
}

// checkLasting fails for a program path inside the Go build cache or a
// temporary directory, saying how to install Warden for good.
func checkLasting(env *cliEnv, exe string) error {
	where := ""
	for _, c := range strings.Split(exe, string(filepath.Separator)) {
		if strings.HasPrefix(c, "go-build") {
			where = "the Go build cache (`go run` builds there and deletes it when it exits)"
		}
	}
	if where == "" {
		if cache := goEnv(env, "GOCACHE"); cache != "" && withinDir(exe, cache) {
			where = "the Go build cache (" + cache + ")"
		}
	}
	if where == "" {
		for _, dir := range []string{os.TempDir(), "/tmp", "/var/tmp", "/dev/shm"} {
			if withinDir(exe, dir) {
				where = "a temporary directory (" + dir + ")"
				break
			}
		}
	}
	if where == "" {
		return nil
	}
	return fmt.Errorf("this warden is %s, inside %s: a hook that runs it fails once it is gone, "+
		"and a failed hook lets every call through. Install it for good with `go install ./cmd/warden` "+
		"(it lands in %s), then run that warden's init (or pass --command with a lasting path)",
		exe, where, filepath.Join(goBinDir(env), "warden"))
}

// withinDir reports whether p is dir or below it, by path components.
func withinDir(p, dir string) bool {
	dir = filepath.Clean(dir)
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		if withinDir1(p, real) {
			return true
		}
	}
	return withinDir1(p, dir)
}

func withinDir1(p, dir string) bool {
	if dir == "/" || dir == "." || dir == "" {
		return false
	}
	return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator))
}

// goEnv returns a Go environment setting: the variable when set, else what
// `go env` says when go is installed, else "".
func goEnv(env *cliEnv, name string) string {
	if v := env.getenv(name); v != "" {
		return v
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, goBin, "env", name).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// goBinDir is where `go install` puts programs.
func goBinDir(env *cliEnv) string {
	if bin := goEnv(env, "GOBIN"); bin != "" {
		return bin
	}
	if gp := goEnv(env, "GOPATH"); gp != "" {
		return filepath.Join(filepath.SplitList(gp)[0], "bin")
	}
	return filepath.Join(env.getenv("HOME"), "go", "bin")
}

// checkCommandProgram checks the program a hook command line runs: it must
// be found (an absolute path that exists, or a name on PATH) and lasting.
func checkCommandProgram(env *cliEnv, cmd string, allowTemp bool) error {
	words := hookconf.SplitCommandWords(cmd)
	if len(words) == 0 {
		return errors.New("the hook command is empty")
	}
	prog := words[0]
	if !filepath.IsAbs(prog) {
		found, err := exec.LookPath(prog)
		if err != nil {
			return fmt.Errorf("the hook command's program %q is not on PATH: write its absolute path", prog)
		}
		prog = found
	}
	fi, err := os.Stat(prog)
	if err != nil {
		return fmt.Errorf("the hook command's program: %w", err)
	}
	if fi.IsDir() || fi.Mode()&0o111 == 0 {
		return fmt.Errorf("the hook command's program %s is not executable", prog)
	}
	if !allowTemp {
		if real, err := filepath.EvalSymlinks(prog); err == nil {
			prog = real
		}
		return checkLasting(env, prog)
	}
	return nil
}

// approvalTimeout is the approval timeout of the project's Warden settings
// (the default when they cannot be read): a hook entry's timeout must be
// above it, or the agent gives up on Warden while a person is deciding.
func approvalTimeout(env *cliEnv, project string) int {
	abs, err := filepath.Abs(project)
	if err != nil {
		return settings.DefaultApprovalTimeoutSeconds
	}
	st, err := settings.Load(settings.LoadOptions{Cwd: abs, Home: env.getenv("HOME"), Getenv: env.getenv})
	if err != nil || st.Approvals.TimeoutSeconds <= 0 {
		return settings.DefaultApprovalTimeoutSeconds
	}
	return st.Approvals.TimeoutSeconds
}
