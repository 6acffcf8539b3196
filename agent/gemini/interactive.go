package gemini

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// DetectInteractive reports whether the hook runs under an interactive
// Gemini CLI session. Gemini runs a hook through `bash -c` from its own
// process and tells it nothing about the session, so this walks up the
// process tree (Linux /proc) to the first process whose command line names
// gemini and reports true only when that process was not given a prompt to
// run headless (-p, --prompt) and its standard input is a terminal. On any
// doubt it reports false: a denied ask is safe where an ask in a headless
// run hangs.
func DetectInteractive() bool {
	pid := os.Getppid()
	for range 8 {
		if pid <= 1 {
			return false
		}
		args, err := cmdline(pid)
		if err != nil {
			return false
		}
		if isGemini(args) {
			return !headlessArgs(args) && stdinIsTerminal(pid)
		}
		pid, err = parentOf(pid)
		if err != nil {
			return false
		}
	}
	return false
}

func cmdline(pid int) ([]string, error) {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
	if err != nil {
		return nil, err
	}
	return strings.Split(strings.TrimRight(string(data), "\x00"), "\x00"), nil
}

func parentOf(pid int) (int, error) {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0, err
	}
	// pid (comm) state ppid …; comm may hold spaces and parentheses.
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, os.ErrInvalid
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 {
		return 0, os.ErrInvalid
	}
	return strconv.Atoi(f[1])
}

// isGemini reports whether a command line runs Gemini CLI: the program or
// the script node runs is named gemini (or lives in @google/gemini-cli).
func isGemini(args []string) bool {
	for i, a := range args {
		if i > 2 {
			break
		}
		base := filepath.Base(a)
		if base == "gemini" || strings.Contains(a, "gemini-cli") {
			return true
		}
	}
	return false
}

// headlessArgs reports whether Gemini was given a prompt to run without a
// session: -p / --prompt, or no terminal for its input.
func headlessArgs(args []string) bool {
	for _, a := range args[1:] {
		switch {
		case a == "-p" || a == "--prompt" || strings.HasPrefix(a, "--prompt="):
			return true
		case a == "--":
			return false
		}
	}
	return false
}

// stdinIsTerminal reports whether a process's standard input is a terminal.
func stdinIsTerminal(pid int) bool {
	target, err := os.Readlink(filepath.Join("/proc", strconv.Itoa(pid), "fd", "0"))
	if err != nil {
		return false
	}
	return strings.HasPrefix(target, "/dev/pts/") || strings.HasPrefix(target, "/dev/tty")
}
