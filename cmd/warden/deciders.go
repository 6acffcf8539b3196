package main

import (
	"github.com/wardenhq/warden/classify"
	"github.com/wardenhq/warden/internal/setup"
	"github.com/wardenhq/warden/settings"
)

// deciders are a project's automated deciders (setup.Deciders).
type deciders = setup.Deciders

// newDeciders builds the deciders of st (setup.NewDeciders).
func newDeciders(env *cliEnv, st *settings.Settings, hookLog func(string, ...any)) (*deciders, error) {
	return setup.NewDeciders(env.getenv, st, hookLog)
}

// modelConfig converts a settings model section (setup.ModelConfig).
func modelConfig(m *settings.ModelConfig) *classify.Config { return setup.ModelConfig(m) }
