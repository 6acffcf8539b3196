package serve

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/wardenhq/warden/audit"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/internal/setup"
	"github.com/wardenhq/warden/server"
	"github.com/wardenhq/warden/settings"
)

// Env carries the process's standard streams and environment.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Getenv func(string) string
}

// Backend supplies the state a daemon shares with the other daemons of a
// team.
type Backend interface {
	// Flags adds the backend's flags to serve's.
	Flags(fs *flag.FlagSet)
	// Open connects (or starts) the shared state, after the flags are
	// parsed and the daemon's listener is open.
	Open(ctx context.Context, info BackendInfo) (*Shared, error)
}

// BackendInfo is what a Backend is told when it opens.
type BackendInfo struct {
	// StateDir is Warden's state directory ($XDG_STATE_HOME/warden).
	StateDir string
	// Address is the daemon's HTTP address as clients name it.
	Address string
	// AgentToken is the agents' credential, which the backend must never
	// let answer an ask or write a grant.
	AgentToken string
	// SessionIdle is how long a session's grants last without use.
	SessionIdle time.Duration
	// Audit, when set, says how the team's audit log must treat records
	// (nil: the daemon keeps no audit, and the backend must not either).
	Audit  *AuditInfo
	Stderr io.Writer
}

// AuditInfo is what a backend's audit sink needs to keep records as the
// daemon's file does.
type AuditInfo struct {
	// Redact are the settings' extra patterns (audit.redact), masked on
	// top of the built-in ones.
	Redact []string
	// DigestKey keys the input digests (the install's audit.key).
	DigestKey audit.DigestKey
}

// Shared is a team's state as the daemon uses it.
type Shared struct {
	// Name names this daemon in the shared records.
	Name string
	// Asks is the team's pending-ask store.
	Asks server.AskStore
	// Grants, when set, is the team's session grant store (else the
	// per-session files of this machine). It must fail, never answer "no
	// grants" silently, while it cannot reach the team.
	Grants grant.Store
	// Audit, when set, receives every record besides the local file.
	Audit audit.Sink
	// AuditLog, when set, is what GET /v1/audit reads (the team's log)
	// instead of the local file.
	AuditLog server.AuditReader
	// Mailbox, when set, is the team's sub-agent mailbox (else one in
	// this daemon's memory).
	Mailbox server.MailboxStore
	// Decisions, when set, fans the recent decisions out to the team's
	// pages.
	Decisions server.DecisionFeed
	// LinkKey, when set, is the team's key for answer links, the same on
	// every daemon, so a link a notification carries answers its ask on
	// any of them.
	LinkKey []byte
	// Close releases the connection (and stops an embedded server).
	Close func()
}

// Exit codes.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

// engineFlags are the flags serve shares with the deciding subcommands.
type engineFlags = setup.Flags

// stringList is a repeatable string flag.
type stringList = setup.StringList

func newFlagSet(env Env, name, usageLine string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.Usage = func() {
		fmt.Fprintf(env.Stderr, "usage: warden %s\n", usageLine)
		fs.PrintDefaults()
	}
	return fs
}

func parseFlags(fs *flag.FlagSet, args []string) int {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	return -1
}

func fail(env Env, format string, a ...any) int {
	fmt.Fprintf(env.Stderr, "warden: "+format+"\n", a...)
	return exitError
}

func oneLine(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}

func openAudit(env Env, st *settings.Settings) (audit.Sink, error) {
	return setup.OpenAudit(env.Getenv, st)
}

func newDeciders(env Env, st *settings.Settings, hookLog func(string, ...any)) (*setup.Deciders, error) {
	return setup.NewDeciders(env.Getenv, st, hookLog)
}

// StateDir is Warden's state directory: $XDG_STATE_HOME/warden, or
// ~/.local/state/warden.
func StateDir(getenv func(string) string) string {
	return filepath.Dir(audit.DefaultPath(getenv))
}
