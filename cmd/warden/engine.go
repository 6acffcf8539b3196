package main

import (
	"fmt"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/agent/agents"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/internal/project"
	"github.com/wardenhq/warden/internal/setup"
)

// engineFlags are the flags every deciding subcommand shares.
type engineFlags = setup.Flags

// stringList is a repeatable string flag.
type stringList = setup.StringList

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
	if err := f.CheckMode(); err != nil {
		return nil, err
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
	if d := agents.ProjectDir(s.env.getenv, ""); d != "" {
		return d
	}
	if _, own := project.Find(cwd); own {
		return ""
	}
	def, err := s.flags.DefaultCwd()
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
	st, err := s.flags.Load(s.env.getenv, cwd, req.ProjectDir)
	if err != nil {
		return nil, err
	}
	for _, w := range st.Warnings {
		if key := w.String(); !s.warned[key] {
			s.warned[key] = true
			fmt.Fprintf(s.env.stderr, "warden: warning: %s\n", key)
		}
	}
	// Per-call processes keep session grants in a state file, so an
	// approval for the session survives to the session's next call.
	e, err := s.flags.Engine(s.env.getenv, s.env.stderr, st, cwd, s.extra...)
	if err != nil {
		return nil, err
	}
	s.engines[key] = e
	return e, nil
}
