package warden

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/audit"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/hook"
	"github.com/wardenhq/warden/rule"
	"github.com/wardenhq/warden/settings"
	"github.com/wardenhq/warden/tool"
)

// The wire types, re-exported so that most library users need only this
// package.
type (
	Request     = api.Request
	Decision    = api.Decision
	Behavior    = api.Behavior
	Reason      = api.Reason
	Finding     = api.Finding
	Mode        = api.Mode
	Risk        = api.Risk
	Scope       = api.Scope
	Explanation = api.Explanation
)

// The behaviours.
const (
	Allow = api.Allow
	Deny  = api.Deny
	Ask   = api.Ask
)

// HookRunner runs PreToolUse hooks; *hook.Runner is the implementation.
type HookRunner interface {
	PreToolUse(ctx context.Context, matchers []hook.Matcher, in hook.Input) hook.Result
}

var _ HookRunner = (*hook.Runner)(nil)

// ErrInvalidRequest wraps every problem with a request that keeps Warden
// from deciding at all (no tool name, no tool input, a relative cwd). Such a
// request gets an error, never a decision.
var ErrInvalidRequest = errors.New("invalid request")

// Engine decides tool calls. It is safe for concurrent use; build one with
// New and call Decide (or Check) for every call.
type Engine struct {
	settings *settings.Settings
	rules    *rule.Set
	checkers *tool.Registry
	paths    *tool.PathResolver

	mode api.Mode // the mode forced by WithMode, or ""
	cwd  string   // the cwd for requests without one
	// workingDirs are the working directories of requests in cwd.
	workingDirs []string
	// controlFiles are the settings files in use: agent control files
	// wherever they are.
	controlFiles []string
	// secrets are files holding Warden's own credentials (WithSecrets):
	// control files that reads must not reach either.
	secrets []string
	home    string
	// envPath is the environment's PATH, where a bare program name is
	// looked up.
	envPath  string
	handler  handler.Handler
	headless handler.Handler
	via      string
	hooks    HookRunner
	grants   grant.Store
	audit    audit.Sink
	parent   *Engine
	// subagentSets are the deny and ask rules of each sub-agent type that
	// has its own (settings' subagents.<type>.permissions).
	subagentSets map[string]*rule.Set
	now          func() time.Time
	newID        func() string
	// mcpArgs are the MCP tool arguments declared beyond the settings'
	// (WithMCPArgs).
	mcpArgs func(server, tool string) settings.MCPArgs

	grantRules sync.Map // rule text → *rule.Rule, parsed once
}

// Option configures an Engine.
type Option func(*Engine) error

// WithSettings uses loaded settings (see settings.Load). Without it the
// engine runs on embedded defaults: no rules, default mode.
func WithSettings(s *settings.Settings) Option {
	return func(e *Engine) error {
		if s == nil {
			return errors.New("nil settings")
		}
		e.settings = s
		return nil
	}
}

// WithMode forces the permission mode, overriding the request's and the
// settings' default.
func WithMode(m api.Mode) Option {
	return func(e *Engine) error {
		if _, err := api.ParseMode(string(m)); err != nil {
			return err
		}
		e.mode = m
		return nil
	}
}

// WithCwd sets the working directory of requests that carry none (default:
// the process's working directory).
func WithCwd(dir string) Option {
	return func(e *Engine) error {
		if !filepath.IsAbs(dir) {
			return fmt.Errorf("working directory %q is not absolute", dir)
		}
		e.cwd = filepath.Clean(dir)
		return nil
	}
}

// WithHome sets the user's home directory (default: the settings' or $HOME).
func WithHome(dir string) Option {
	return func(e *Engine) error { e.home = filepath.Clean(dir); return nil }
}

// WithHandler resolves asks in Decide: a person, the PermissionRequest
// hooks, a classifier or a leader.
func WithHandler(h handler.Handler) Option {
	return func(e *Engine) error { e.handler = h; return nil }
}

// WithHeadless resolves the asks of calls in auto mode, where no person is
// asked: normally handler.NewHeadless with the configured classifier.
// Without it, such an ask is denied.
func WithHeadless(h handler.Handler) Option {
	return func(e *Engine) error { e.headless = h; return nil }
}

// WithFrontEnd names the front end deciding (check, hook, run, serve) in
// audit records.
func WithFrontEnd(name string) Option {
	return func(e *Engine) error { e.via = name; return nil }
}

// WithHooks replaces the runner of PreToolUse hooks (default: hook.Runner
// with default options). Pass nil to run no hooks.
func WithHooks(r HookRunner) Option {
	return func(e *Engine) error { e.hooks = r; return nil }
}

// WithGrants keeps and consults session grants in s.
func WithGrants(s grant.Store) Option {
	return func(e *Engine) error { e.grants = s; return nil }
}

// WithAudit appends one record per final decision to s.
func WithAudit(s audit.Sink) Option {
	return func(e *Engine) error { e.audit = s; return nil }
}

// WithParent makes the engine a sub-agent's (bubble mode): every call is
// also decided by the parent, with the parent's rules, grants and mode, and
// the stricter answer wins, so the sub-agent's own settings can only tighten.
func WithParent(p *Engine) Option {
	return func(e *Engine) error {
		if p == nil {
			return errors.New("nil parent engine")
		}
		e.parent = p
		return nil
	}
}

// WithSecrets names files of Warden's own that hold a credential the agent
// must never hold: the approval daemon's approver token. Reading one by any
// route (the Read or Grep tool, cat, grep -r over its directory, a copy)
// is credential-access, and editing one is agent-config-tamper, which no
// mode, grant or classifier settles.
func WithSecrets(files ...string) Option {
	return func(e *Engine) error {
		for _, f := range files {
			if f == "" {
				continue
			}
			abs, err := filepath.Abs(f)
			if err != nil {
				return fmt.Errorf("secret file %s: %w", f, err)
			}
			e.secrets = append(e.secrets, abs)
		}
		return nil
	}
}

// WithMCPArgs declares, beyond what the settings' mcp key declares, which
// arguments of MCP tools are files, URLs or commands — what the MCP gateway
// learns from the input schemas a server lists. f is called on every MCP
// call and must be safe for concurrent use.
func WithMCPArgs(f func(server, tool string) settings.MCPArgs) Option {
	return func(e *Engine) error { e.mcpArgs = f; return nil }
}

// WithClock replaces the clock used to stamp decisions.
func WithClock(now func() time.Time) Option {
	return func(e *Engine) error { e.now = now; return nil }
}

// WithChecker replaces the checker of one tool.
func WithChecker(toolName string, c tool.Checker) Option {
	return func(e *Engine) error { e.checkers.Register(toolName, c); return nil }
}

// WithPathResolver replaces symlink resolution (tests).
func WithPathResolver(r *tool.PathResolver) Option {
	return func(e *Engine) error { e.paths = r; return nil }
}

// New builds an engine. With no options it decides on embedded defaults:
// no rules, default mode, the process's working directory.
func New(opts ...Option) (*Engine, error) {
	e := &Engine{
		checkers: tool.NewRegistry(),
		hooks:    hook.NewRunner(hook.RunnerOptions{}),
		now:      time.Now,
		newID:    newDecisionID,
	}
	e.checkers.Register("Bash", tool.BashChecker{})
	for _, o := range opts {
		if err := o(e); err != nil {
			return nil, err
		}
	}
	if e.settings == nil {
		e.settings = &settings.Settings{DefaultMode: api.ModeDefault,
			Approvals: settings.ApprovalsConfig{TimeoutSeconds: settings.DefaultApprovalTimeoutSeconds}}
	}
	if e.home == "" {
		e.home = e.settings.Home
	}
	if e.home == "" {
		e.home = os.Getenv("HOME")
	}
	// The hook runs in the agent's environment, so its PATH is the one the
	// agent's shell looks bare program names up in.
	e.envPath = os.Getenv("PATH")
	if e.cwd == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("working directory: %w", err)
		}
		e.cwd = wd
	}
	e.cwd = filepath.Clean(e.cwd)
	e.workingDirs = e.settings.WorkingDirs(e.cwd)
	for _, f := range e.settings.Files {
		if f.Path != "" {
			e.controlFiles = append(e.controlFiles, filepath.Clean(f.Path))
		}
	}
	e.controlFiles = append(e.controlFiles, e.secrets...)
	if e.settings.MCP != nil || e.mcpArgs != nil {
		e.checkers.RegisterMCP(tool.MCPChecker{Args: e.declaredMCPArgs})
	}
	e.rules = rule.NewSet(e.settings.Rules, rule.Options{AllowManagedRulesOnly: e.settings.AllowManagedPermissionRulesOnly})
	e.buildSubagentSets()
	return e, nil
}

// declaredMCPArgs are the arguments of one MCP tool that the settings and
// WithMCPArgs declare.
func (e *Engine) declaredMCPArgs(server, toolName string) settings.MCPArgs {
	a := e.settings.MCP[server].Args(toolName)
	if e.mcpArgs != nil {
		more := e.mcpArgs(server, toolName)
		a.Add(&more)
	}
	return a
}

// Settings returns the settings the engine decides with.
func (e *Engine) Settings() *settings.Settings { return e.settings }

// Rules returns the engine's rule set.
func (e *Engine) Rules() *rule.Set { return e.rules }

// decisionIDs makes decision IDs: a random prefix per process and a
// counter, unique without a system call per decision. The prefix comes from
// the runtime's generator (seeded by the kernel at start-up): an ID needs
// to be unique, not secret, and crypto/rand's first use would cost every
// short-lived process (warden hook) a noticeable part of its start-up.
var decisionIDs = func() func() string {
	var b [6]byte
	x := rand.Uint64()
	for i := range b {
		b[i] = byte(x >> (8 * i))
	}
	prefix := "d-" + hex.EncodeToString(b[:]) + "-"
	var n atomic.Uint64
	return func() string { return prefix + strconv.FormatUint(n.Add(1), 36) }
}()

func newDecisionID() string { return decisionIDs() }
