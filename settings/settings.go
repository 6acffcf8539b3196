package settings

import (
	"errors"
	"fmt"
	"github.com/wardenhq/warden/internal/project"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/hook"
	"github.com/wardenhq/warden/rule"
)

// Source names, highest rank first. The rank decides which rule is reported
// when several match, which scalar setting wins, and what can be locked.
const (
	SourceOrg     = "org"
	SourceCLI     = "cli"
	SourceLocal   = "local"
	SourceProject = "project"
	SourceUser    = "user"
)

// sourceRank orders sources, lower being stronger, by the rule package's
// ranking (org > cli > local > project > user).
func sourceRank(source string) int { return -rule.Source(source).Rank() }

// MaxFileSize bounds a settings file; a larger one is an error.
const MaxFileSize = 8 << 20

// File is one settings file that was read.
type File struct {
	Source string // org, cli, local, project, user
	Path   string
	// ClaudeCode is true for a Claude Code settings file imported with
	// importClaudeCodeSettings.
	ClaudeCode bool
}

// Warning is a non-fatal problem in a settings file: an unknown key, a
// malformed allow rule that was dropped, a malformed deny rule that now
// applies to every call of its tool.
type Warning struct {
	File   string
	Line   int
	Column int
	Msg    string
}

func (w Warning) String() string {
	return fmt.Sprintf("%s:%d:%d: %s", w.File, w.Line, w.Column, w.Msg)
}

// ModelConfig configures a model used as classifier or explainer.
type ModelConfig struct {
	Provider      string `json:"provider"`
	Model         string `json:"model"`
	BaseURL       string `json:"baseURL"`
	APIKeyEnv     string `json:"apiKeyEnv"`
	TimeoutMs     int    `json:"timeoutMs"`
	MinConfidence string `json:"minConfidence"`
}

// AutoModeConfig bounds denials in auto mode before control is handed back.
type AutoModeConfig struct {
	MaxConsecutiveDenials int `json:"maxConsecutiveDenials"`
	MaxTotalDenials       int `json:"maxTotalDenials"`
}

// ApprovalsConfig configures how long a person has to answer, who may
// answer which ask, and where new asks are announced.
type ApprovalsConfig struct {
	TimeoutSeconds int `json:"timeoutSeconds"`
	// Route are the routes of every source, strongest source first (Route
	// has the semantics).
	Route []*Route `json:"-"`
	// Notify are the receivers of new asks, from the user's, the
	// organisation's and --settings files.
	Notify []*Notifier `json:"-"`
}

// AuditConfig configures the decision log.
type AuditConfig struct {
	Path      string   `json:"path"`
	Redact    []string `json:"redact"`
	MaxSizeMB int      `json:"maxSizeMB"`
	Keep      int      `json:"keep"`
	Disabled  bool     `json:"disabled"`
}

// GrantsConfig configures remembered approvals.
type GrantsConfig struct {
	SessionIdleMinutes int `json:"sessionIdleMinutes"`
	// Categories are danger categories approved always (never a HIGH-risk
	// one): their findings no longer force an ask.
	Categories []string `json:"categories"`
}

// Settings is the merged result of every settings source.
type Settings struct {
	// Files are the files that were read, strongest source first.
	Files []File
	// Rules holds every permission rule, strongest source first, then in
	// file order. Allow rules from non-org sources are absent when
	// AllowManagedPermissionRulesOnly is set.
	Rules []*rule.Rule
	// DefaultMode is the mode from the strongest source that set one.
	DefaultMode api.Mode
	// AdditionalDirectories are absolute, cleaned working directories beyond
	// the cwd, from every source.
	AdditionalDirectories []string
	// DisableBypassPermissionsMode forbids bypassPermissions.
	DisableBypassPermissionsMode bool
	// AllowManagedPermissionRulesOnly (org only): allow rules from other
	// sources are ignored.
	AllowManagedPermissionRulesOnly bool
	// AllowManagedHooksOnly (org only): hooks from other sources are ignored.
	AllowManagedHooksOnly bool
	// ImportClaudeCodeSettings adds Claude Code's own settings files as
	// sources.
	ImportClaudeCodeSettings bool
	// Hooks are the configured hooks of every source, strongest first.
	Hooks hook.Config
	// Classifier and Explainer configure models; nil means the built-in
	// pattern classifier and the findings explainer.
	Classifier *ModelConfig
	Explainer  *ModelConfig
	AutoMode   AutoModeConfig
	Approvals  ApprovalsConfig
	Audit      AuditConfig
	Grants     GrantsConfig
	// Environment is "container" when the container is the isolation.
	Environment string
	// Subagents restrict sub-agents by agent type (the "subagents" key);
	// nil when no source restricts any.
	Subagents map[string]*Subagent
	// MCP declares, per MCP server, which tool arguments are files, URLs
	// or commands (the "mcp" key); nil when no source declares any.
	MCP map[string]*MCPServer
	// ProjectRoot is the directory whose .warden/ holds the project files.
	ProjectRoot string
	// Home is the user's home directory.
	Home string
	// LocalFile is the project's local settings file, where always-grants
	// are written.
	LocalFile string
	// Warnings are the non-fatal problems met while loading.
	Warnings []Warning
}

// Defaults of the scalar settings.
const (
	DefaultApprovalTimeoutSeconds = 60
	DefaultMaxConsecutiveDenials  = 3
	DefaultMaxTotalDenials        = 20
	DefaultSessionIdleMinutes     = 12 * 60
)

// LoadOptions says where to look for settings. The zero value discovers
// everything from the process's working directory and environment.
type LoadOptions struct {
	// Cwd is the request's working directory; the project root is
	// ProjectDir, else found from Cwd (FindProjectRoot).
	Cwd string
	// Home is the user's home directory (default $HOME).
	Home string
	// Getenv reads the environment (default os.Getenv).
	Getenv func(string) string
	// Files are extra settings files (--settings), source "cli".
	Files []string
	// ManagedFile overrides the org file
	// ($WARDEN_MANAGED_SETTINGS or /etc/warden/managed-settings.json).
	ManagedFile string
	// SkipDiscovery reads only Files (and the org file): no user, project
	// or local settings.
	SkipDiscovery bool
	// ProjectDir is the project the agent names (CLAUDE_PROJECT_DIR or its
	// equivalent); when set, it is the project root whatever Cwd is.
	ProjectDir string
}

// DefaultManagedFile is where organisation-managed settings live.
const DefaultManagedFile = "/etc/warden/managed-settings.json"

// ClaudeCodeManagedFile is Claude Code's managed settings file on Linux.
const ClaudeCodeManagedFile = "/etc/claude-code/managed-settings.json"

// ErrInvalid marks a settings file that exists but cannot be used. A missing
// file is not an error.
var ErrInvalid = errors.New("invalid settings")

// ProjectRoot returns the project a working directory belongs to: the
// nearest ancestor of cwd (cwd included) that holds a .warden directory,
// else the root of the git work tree holding cwd (the nearest ancestor
// holding .git), else cwd itself.
func ProjectRoot(cwd string) string { return project.Root(cwd) }

// FindProjectRoot returns the project root of a call: projectDir when the
// agent names its project (CLAUDE_PROJECT_DIR, GEMINI_PROJECT_DIR, … —
// absolute), else ProjectRoot(cwd). A call whose cwd is outside the
// agent's project (after cd ~) keeps the project's settings.
func FindProjectRoot(cwd, projectDir string) string {
	if projectDir != "" && filepath.IsAbs(projectDir) {
		return filepath.Clean(projectDir)
	}
	return ProjectRoot(cwd)
}

// LocalFile returns the local settings file of a project root.
func LocalFile(root string) string {
	return filepath.Join(root, ".warden", "settings.local.json")
}

// Discover lists the settings files for opts in rank order (strongest
// first), whether or not they exist.
func Discover(opts LoadOptions) []File {
	opts = opts.withDefaults()
	managed := opts.ManagedFile
	if managed == "" {
		managed = opts.Getenv("WARDEN_MANAGED_SETTINGS")
	}
	if managed == "" {
		managed = DefaultManagedFile
	}
	files := []File{{Source: SourceOrg, Path: managed}}
	for _, f := range opts.Files {
		files = append(files, File{Source: SourceCLI, Path: absFrom(opts.Cwd, f)})
	}
	if opts.SkipDiscovery {
		return files
	}
	root := FindProjectRoot(opts.Cwd, opts.ProjectDir)
	files = append(files,
		File{Source: SourceLocal, Path: LocalFile(root)},
		File{Source: SourceProject, Path: filepath.Join(root, ".warden", "settings.json")},
		File{Source: SourceUser, Path: filepath.Join(userConfigDir(opts), "settings.json")},
	)
	return files
}

// claudeCodeFiles lists Claude Code's settings files with Warden's ranks.
func claudeCodeFiles(opts LoadOptions, root string) []File {
	return []File{
		{Source: SourceOrg, Path: ClaudeCodeManagedFile, ClaudeCode: true},
		{Source: SourceLocal, Path: filepath.Join(root, ".claude", "settings.local.json"), ClaudeCode: true},
		{Source: SourceProject, Path: filepath.Join(root, ".claude", "settings.json"), ClaudeCode: true},
		{Source: SourceUser, Path: filepath.Join(opts.Home, ".claude", "settings.json"), ClaudeCode: true},
	}
}

func userConfigDir(opts LoadOptions) string {
	if x := opts.Getenv("XDG_CONFIG_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "warden")
	}
	return filepath.Join(opts.Home, ".config", "warden")
}

func (o LoadOptions) withDefaults() LoadOptions {
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	if o.Home == "" {
		o.Home = o.Getenv("HOME")
	}
	if o.Cwd == "" {
		o.Cwd, _ = os.Getwd()
	}
	o.Cwd = filepath.Clean(o.Cwd)
	if o.Home != "" {
		o.Home = filepath.Clean(o.Home)
	}
	return o
}

func absFrom(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// Load discovers and merges every settings source. A missing file is
// skipped; a file that cannot be read or parsed is an error naming the file
// and the position (wrapping ErrInvalid), never a partial result.
func Load(opts LoadOptions) (*Settings, error) {
	opts = opts.withDefaults()
	if !filepath.IsAbs(opts.Cwd) {
		return nil, fmt.Errorf("working directory %q is not absolute", opts.Cwd)
	}
	root := FindProjectRoot(opts.Cwd, opts.ProjectDir)
	s := &Settings{
		ProjectRoot: root,
		Home:        opts.Home,
		LocalFile:   LocalFile(root),
	}
	m := &merger{s: s, opts: opts, root: root}
	for _, f := range Discover(opts) {
		if err := m.loadFile(f); err != nil {
			return nil, err
		}
	}
	if s.ImportClaudeCodeSettings && !opts.SkipDiscovery {
		for _, f := range claudeCodeFiles(opts, root) {
			if err := m.loadFile(f); err != nil {
				return nil, err
			}
		}
	}
	m.finish()
	return s, nil
}

// LoadFiles merges exactly the given files (used by tests and by callers
// that manage discovery themselves).
func LoadFiles(opts LoadOptions, files []File) (*Settings, error) {
	opts = opts.withDefaults()
	root := FindProjectRoot(opts.Cwd, opts.ProjectDir)
	s := &Settings{ProjectRoot: root, Home: opts.Home, LocalFile: LocalFile(root)}
	m := &merger{s: s, opts: opts, root: root}
	for _, f := range files {
		if err := m.loadFile(f); err != nil {
			return nil, err
		}
	}
	m.finish()
	return s, nil
}

// ParseFile decodes one settings file's bytes on its own (for fuzzing and
// validation).
func ParseFile(f File, data []byte, opts LoadOptions) (*Settings, error) {
	opts = opts.withDefaults()
	s := &Settings{ProjectRoot: opts.Cwd, Home: opts.Home}
	m := &merger{s: s, opts: opts, root: opts.Cwd}
	if err := m.decode(f, data); err != nil {
		return nil, err
	}
	m.finish()
	return s, nil
}

// merger folds files into Settings in rank order. Files arrive strongest
// first within each discovery pass; scalars keep the strongest value.
type merger struct {
	s    *Settings
	opts LoadOptions
	root string
	// rank of the source that set each scalar, so a weaker file never
	// overrides a stronger one whatever the order files are read in.
	scalarRank map[string]int
	rules      []rankedRule
	hooks      []rankedHooks
	seen       map[string]bool
}

type rankedRule struct {
	rank int
	seq  int
	r    *rule.Rule
}

type rankedHooks struct {
	rank int
	seq  int
	cfg  hook.Config
}

func (m *merger) loadFile(f File) error {
	if m.seen == nil {
		m.seen = map[string]bool{}
	}
	if m.seen[f.Path] {
		return nil
	}
	m.seen[f.Path] = true
	data, err := readFile(f.Path)
	if errors.Is(err, fs.ErrNotExist) {
		if f.Source == SourceCLI {
			return fmt.Errorf("%w: %s: file does not exist", ErrInvalid, f.Path)
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("%w: %s: %v", ErrInvalid, f.Path, err)
	}
	return m.decode(f, data)
}

func readFile(path string) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	if st, err := fh.Stat(); err != nil {
		return nil, err
	} else if st.IsDir() {
		return nil, errors.New("is a directory")
	}
	data, err := io.ReadAll(io.LimitReader(fh, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("larger than %d bytes", MaxFileSize)
	}
	return data, nil
}

func (m *merger) finish() {
	s := m.s
	sortStable(m.rules, func(a, b rankedRule) bool {
		if a.rank != b.rank {
			return a.rank < b.rank
		}
		return a.seq < b.seq
	})
	for _, rr := range m.rules {
		if s.AllowManagedPermissionRulesOnly && rr.r.Behavior == api.Allow && rr.r.Source != rule.SourceOrg {
			continue
		}
		s.Rules = append(s.Rules, rr.r)
	}
	sortStable(m.hooks, func(a, b rankedHooks) bool {
		if a.rank != b.rank {
			return a.rank < b.rank
		}
		return a.seq < b.seq
	})
	for _, h := range m.hooks {
		for _, mt := range h.cfg.PreToolUse {
			if s.AllowManagedHooksOnly && mt.Source != SourceOrg {
				continue
			}
			s.Hooks.PreToolUse = append(s.Hooks.PreToolUse, mt)
		}
		for _, mt := range h.cfg.PermissionRequest {
			if s.AllowManagedHooksOnly && mt.Source != SourceOrg {
				continue
			}
			s.Hooks.PermissionRequest = append(s.Hooks.PermissionRequest, mt)
		}
	}
	sortStable(s.Files, func(a, b File) bool { return sourceRank(a.Source) < sourceRank(b.Source) })
	sortRoutes(s.Approvals.Route)
	if s.DefaultMode == "" {
		s.DefaultMode = api.ModeDefault
	}
	if s.Approvals.TimeoutSeconds <= 0 {
		s.Approvals.TimeoutSeconds = DefaultApprovalTimeoutSeconds
	}
	if s.AutoMode.MaxConsecutiveDenials <= 0 {
		s.AutoMode.MaxConsecutiveDenials = DefaultMaxConsecutiveDenials
	}
	if s.AutoMode.MaxTotalDenials <= 0 {
		s.AutoMode.MaxTotalDenials = DefaultMaxTotalDenials
	}
	if s.Grants.SessionIdleMinutes <= 0 {
		s.Grants.SessionIdleMinutes = DefaultSessionIdleMinutes
	}
}

// sortStable is an insertion sort: settings hold few files and rules are
// already nearly in order.
func sortStable[T any](xs []T, less func(a, b T) bool) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && less(xs[j], xs[j-1]); j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// WarningStrings returns the warnings as "file:line:col: msg" lines.
func (s *Settings) WarningStrings() []string {
	out := make([]string, len(s.Warnings))
	for i, w := range s.Warnings {
		out[i] = w.String()
	}
	return out
}

// WorkingDirs returns the directories a call in cwd may work in: cwd when
// it is inside the project (or there is no project root), the project root,
// then the additional directories. A cwd outside the agent's project (the
// agent ran cd ~) is not a working directory.
func (s *Settings) WorkingDirs(cwd string) []string {
	cwd = filepath.Clean(cwd)
	dirs := make([]string, 0, 2+len(s.AdditionalDirectories))
	add := func(d string) {
		for _, x := range dirs {
			if x == d {
				return
			}
		}
		dirs = append(dirs, d)
	}
	if s.ProjectRoot == "" || within(cwd, s.ProjectRoot) {
		add(cwd)
	}
	if s.ProjectRoot != "" {
		add(s.ProjectRoot)
	}
	for _, d := range s.AdditionalDirectories {
		add(d)
	}
	return dirs
}

// within reports whether p is dir or inside it, by path components.
func within(p, dir string) bool {
	if dir == "/" {
		return true
	}
	return p == dir || strings.HasPrefix(p, dir+"/")
}
