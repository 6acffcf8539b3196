package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/agent/claudecode"
	"github.com/wardenhq/warden/agent/gemini"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/internal/project"
	"github.com/wardenhq/warden/settings"
)

// engineFlags are the flags every deciding subcommand shares.
type engineFlags struct {
	cwd      string
	mode     string
	settings stringList
	noAudit  bool
}

func (f *engineFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.cwd, "cwd", "", "working directory of requests that carry none (default: current directory)")
	fs.StringVar(&f.mode, "mode", "", "permission mode: default, acceptEdits, plan, auto, dontAsk, bypassPermissions")
	fs.Var(&f.settings, "settings", "extra settings `FILE` (source cli; repeatable)")
	fs.BoolVar(&f.noAudit, "no-audit", false, "do not write the audit log (dry run)")
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return fmt.Sprint(*s) }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// defaultCwd resolves --cwd against the process's directory.
func (f *engineFlags) defaultCwd() (string, error) {
	if f.cwd == "" {
		return os.Getwd()
	}
	return filepath.Abs(f.cwd)
}

// engineSet builds and caches one engine per project working directory, so
// a stream of requests from several directories each gets its own
// project's settings.
type engineSet struct {
	env     *cliEnv
	flags   *engineFlags
	extra   []warden.Option
	engines map[string]*warden.Engine
	// warned records the settings files whose warnings were printed.
	warned map[string]bool
}

func newEngineSet(env *cliEnv, f *engineFlags, extra ...warden.Option) (*engineSet, error) {
	if f.mode != "" {
		if _, err := api.ParseMode(f.mode); err != nil {
			return nil, err
		}
	}
	return &engineSet{env: env, flags: f, extra: extra, engines: map[string]*warden.Engine{}, warned: map[string]bool{}}, nil
}

// agentProject is the project of a request that names none: the one the
// agent's environment names (CLAUDE_PROJECT_DIR, GEMINI_PROJECT_DIR), else,
// when cwd belongs to no project of its own (the agent cd'd to its home
// directory or /tmp), the project Warden was started in (--cwd, or the
// process's directory). A call whose cwd is elsewhere keeps every rule of
// its project.
func (s *engineSet) agentProject(cwd string) string {
	for _, v := range []string{projectDirEnv[claudecode.Name], projectDirEnv[gemini.Name]} {
		if d := s.env.getenv(v); filepath.IsAbs(d) {
			return filepath.Clean(d)
		}
	}
	if _, own := project.Find(cwd); own {
		return ""
	}
	def, err := s.flags.defaultCwd()
	if err != nil {
		return ""
	}
	if root, ok := project.Find(def); ok {
		return root
	}
	return ""
}

// forCwd returns the engine for requests running in cwd.
func (s *engineSet) forCwd(cwd string) (*warden.Engine, error) {
	return s.forRequest(api.Request{Cwd: cwd})
}

// forRequest returns the engine for req: the settings of its project — the
// project the agent names (req.ProjectDir), else the one cwd belongs to.
func (s *engineSet) forRequest(req api.Request) (*warden.Engine, error) {
	cwd := req.Cwd
	if req.ProjectDir == "" {
		req.ProjectDir = s.agentProject(cwd)
	}
	key := req.ProjectDir + "\x00" + cwd
	if e, ok := s.engines[key]; ok {
		return e, nil
	}
	st, err := settings.Load(settings.LoadOptions{
		Cwd:        cwd,
		ProjectDir: req.ProjectDir,
		Home:       s.env.getenv("HOME"),
		Getenv:     s.env.getenv,
		Files:      s.flags.settings,
	})
	if err != nil {
		return nil, err
	}
	for _, w := range st.Warnings {
		if key := w.String(); !s.warned[key] {
			s.warned[key] = true
			fmt.Fprintf(s.env.stderr, "warden: warning: %s\n", key)
		}
	}
	opts := []warden.Option{warden.WithSettings(st), warden.WithCwd(cwd)}
	if s.flags.mode != "" {
		opts = append(opts, warden.WithMode(api.Mode(s.flags.mode)))
	}
	if !s.flags.noAudit && !st.Audit.Disabled {
		sink, err := openAudit(s.env, st)
		if err != nil {
			return nil, err
		}
		opts = append(opts, warden.WithAudit(sink))
	}
	// Per-call processes keep session grants in a state file, so an
	// approval for the session survives to the session's next call.
	idle := time.Duration(st.Grants.SessionIdleMinutes) * time.Minute
	opts = append(opts, warden.WithGrants(grant.NewFileStore(grant.DefaultDir(s.env.getenv), idle, nil)))
	if h := s.env.getenv("HOME"); h != "" {
		opts = append(opts, warden.WithHome(h))
	}
	dec, err := newDeciders(s.env, st, nil)
	if err != nil {
		return nil, err
	}
	opts = append(opts, warden.WithHeadless(dec.Headless(s.env.getenv, s.env.stderr, st)))
	opts = append(opts, s.extra...)
	e, err := warden.New(opts...)
	if err != nil {
		return nil, err
	}
	s.engines[key] = e
	return e, nil
}
