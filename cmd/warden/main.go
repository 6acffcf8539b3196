// Command warden is the command-line front end of the Warden permission
// engine: it checks tool calls, scans shell commands, answers Claude Code's
// hooks, guards commands it runs, and serves the approval daemon.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
)

// command is one subcommand. Each lives in its own file and registers itself
// in init.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env *cliEnv, args []string) int
}

var commands = map[string]*command{}

func addCommand(c *command) { commands[c.name] = c }

// cliEnv carries the process's standard streams and environment, so tests
// (testscript) and the real binary run the same code.
type cliEnv struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	getenv func(string) string
}

// Exit codes shared by every subcommand.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

func main() {
	env := &cliEnv{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}
	os.Exit(run(context.Background(), env, os.Args[1:]))
}

func run(ctx context.Context, env *cliEnv, args []string) int {
	switch {
	case len(args) == 0:
		usage(env.stderr)
		return exitUsage
	case args[0] == "-h" || args[0] == "--help" || args[0] == "help":
		// Asked for: help goes to stdout, so it can be paged or grepped.
		usage(env.stdout)
		return exitOK
	case args[0] == "--version" || args[0] == "-version" || args[0] == "version":
		fmt.Fprintln(env.stdout, versionLine())
		return exitOK
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(env.stderr, "warden: unknown command %q (run 'warden help')\n", args[0])
		return exitUsage
	}
	return c.run(ctx, env, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: warden COMMAND [flags]")
	fmt.Fprintln(w, "       warden --version")
	fmt.Fprintln(w)
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'warden COMMAND -h' for a command's flags.")
}

// versionLine names the build: the module version and, when the binary was
// built from a checkout, the VCS commit, its time and whether the tree had
// uncommitted changes.
func versionLine() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "warden (no build information)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	line := "warden " + v
	var rev, when, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = ", modified"
			}
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		line += " (commit " + rev
		if when != "" {
			line += " " + when
		}
		line += dirty + ")"
	}
	return line + " " + bi.GoVersion
}

// newFlagSet returns a flag set that reports errors on stderr and never
// exits the process.
// Asked for with -h or --help, the usage goes to stdout (exit 0), so it
// can be paged or grepped; after a bad flag, to stderr (exit 2).
func newFlagSet(env *cliEnv, name, usageLine string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	out := &flagOutput{Writer: env.stderr, stdout: env.stdout}
	fs.SetOutput(out)
	fs.Usage = func() {
		w := out.Writer
		if out.help {
			w = out.stdout
		}
		fmt.Fprintf(w, "usage: warden %s\n", usageLine)
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(out)
	}
	return fs
}

// flagOutput is a flag set's output: stderr, and stdout for asked-for help.
type flagOutput struct {
	io.Writer
	stdout io.Writer
	help   bool
}

// parseFlags parses args and returns the exit code to use when parsing
// failed (-1 when it succeeded).
func parseFlags(fs *flag.FlagSet, args []string) int {
	if out, ok := fs.Output().(*flagOutput); ok {
		out.help = asksHelp(args)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	return -1
}

// asksHelp reports whether args ask for help (-h, -help, --help before
// "--").
func asksHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// fail prints a one-line error and returns exitError.
func fail(env *cliEnv, format string, a ...any) int {
	fmt.Fprintf(env.stderr, "warden: "+format+"\n", a...)
	return exitError
}
