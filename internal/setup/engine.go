package setup

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/settings"
)

// Flags are the flags every deciding front end shares (warden hook,
// check, run, test, mcp proxy, serve), and from which each builds its
// engines.
type Flags struct {
	// Cwd is the working directory of requests that carry none ("": the
	// process's).
	Cwd string
	// Mode, when set, is the permission mode every call is decided in.
	Mode string
	// Settings are extra settings files (source cli).
	Settings StringList
	// NoAudit turns the audit log off (a dry run).
	NoAudit bool
}

// Register adds the flags to fs.
func (f *Flags) Register(fs *flag.FlagSet) {
	fs.StringVar(&f.Cwd, "cwd", "", "working directory of requests that carry none (default: current directory)")
	fs.StringVar(&f.Mode, "mode", "", "permission mode: default, acceptEdits, plan, auto, dontAsk, bypassPermissions")
	fs.Var(&f.Settings, "settings", "extra settings `FILE` (source cli; repeatable)")
	fs.BoolVar(&f.NoAudit, "no-audit", false, "do not write the audit log (dry run)")
}

// CheckMode fails for a --mode that is no permission mode.
func (f *Flags) CheckMode() error {
	if f.Mode == "" {
		return nil
	}
	_, err := api.ParseMode(f.Mode)
	return err
}

// DefaultCwd resolves --cwd against the process's directory.
func (f *Flags) DefaultCwd() (string, error) {
	if f.Cwd == "" {
		return os.Getwd()
	}
	return filepath.Abs(f.Cwd)
}

// LoadOptions are the options that discover the settings of a request in
// cwd of the project projectDir ("": the one cwd belongs to), with the
// extra files of --settings.
func (f *Flags) LoadOptions(getenv func(string) string, cwd, projectDir string) settings.LoadOptions {
	return settings.LoadOptions{Cwd: cwd, ProjectDir: projectDir, Home: getenv("HOME"), Getenv: getenv, Files: f.Settings}
}

// Load loads the settings of a request in cwd of the project projectDir.
func (f *Flags) Load(getenv func(string) string, cwd, projectDir string) (*settings.Settings, error) {
	return settings.Load(f.LoadOptions(getenv, cwd, projectDir))
}

// Options are what every engine built from the flags takes: the
// settings, the working directory, --mode, and the home directory.
func (f *Flags) Options(getenv func(string) string, st *settings.Settings, cwd string) []warden.Option {
	opts := []warden.Option{warden.WithSettings(st), warden.WithCwd(cwd)}
	if f.Mode != "" {
		opts = append(opts, warden.WithMode(api.Mode(f.Mode)))
	}
	if h := getenv("HOME"); h != "" {
		opts = append(opts, warden.WithHome(h))
	}
	return opts
}

// Engine builds the engine of a process that decides a call or a few and
// ends (warden hook, check, run, mcp proxy) for requests in cwd under st:
// Options, the audit log of the settings unless turned off, session
// grants in per-session files of the state directory (so an approval for
// the session survives to the session's next process), and the headless
// handler of the settings' deciders; extra come last.
func (f *Flags) Engine(getenv func(string) string, stderr io.Writer, st *settings.Settings, cwd string, extra ...warden.Option) (*warden.Engine, error) {
	opts := f.Options(getenv, st, cwd)
	if !f.NoAudit && !st.Audit.Disabled {
		sink, err := OpenAudit(getenv, st)
		if err != nil {
			return nil, err
		}
		opts = append(opts, warden.WithAudit(sink))
	}
	idle := time.Duration(st.Grants.SessionIdleMinutes) * time.Minute
	opts = append(opts, warden.WithGrants(grant.NewFileStore(grant.DefaultDir(getenv), idle, nil)))
	dec, err := NewDeciders(getenv, st, nil)
	if err != nil {
		return nil, err
	}
	opts = append(opts, warden.WithHeadless(dec.Headless(getenv, stderr, st)))
	opts = append(opts, extra...)
	return warden.New(opts...)
}

// StringList is a repeatable string flag.
type StringList []string

func (s *StringList) String() string     { return fmt.Sprint(*s) }
func (s *StringList) Set(v string) error { *s = append(*s, v); return nil }
