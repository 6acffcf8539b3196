package handler

import (
	"fmt"

	"github.com/wardenhq/warden/api"
)

// Kind names a handler.
type Kind string

// The four handlers.
const (
	KindInteractive Kind = "interactive"
	KindCoordinator Kind = "coordinator"
	KindSwarmWorker Kind = "swarm"
	KindHeadless    Kind = "headless"
)

// ParseKind returns the handler kind named s.
func ParseKind(s string) (Kind, error) {
	switch k := Kind(s); k {
	case KindInteractive, KindCoordinator, KindSwarmWorker, KindHeadless:
		return k, nil
	}
	return "", fmt.Errorf("unknown handler %q (want interactive, coordinator, swarm or headless)", s)
}

// ExecContext is what a front end knows about where the agent runs.
type ExecContext struct {
	// Mode is the permission mode of the call.
	Mode api.Mode
	// Person is true when a person can be prompted (a terminal, the
	// daemon's approval page).
	Person bool
	// Coordinator is true when this process supervises worker agents.
	Coordinator bool
	// Leader is the agent's leader when it is a swarm worker.
	Leader string
	// Explicit, when set, overrides the choice.
	Explicit Kind
}

// Choose picks the handler for an execution context: an explicit choice
// first; auto and dontAsk are headless whoever is present; a worker with a
// leader asks it; a coordinator goes sequentially; a person is prompted
// interactively; otherwise headless.
func Choose(c ExecContext) Kind {
	switch {
	case c.Explicit != "":
		return c.Explicit
	case c.Mode == api.ModeAuto || c.Mode == api.ModeDontAsk:
		return KindHeadless
	case c.Leader != "":
		return KindSwarmWorker
	case c.Coordinator && c.Person:
		return KindCoordinator
	case c.Person:
		return KindInteractive
	}
	return KindHeadless
}
