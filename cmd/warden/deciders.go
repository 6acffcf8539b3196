package main

import (
	"fmt"
	"net/http"
	"time"

	"github.com/wardenhq/warden/classify"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/hook"
	"github.com/wardenhq/warden/settings"
)

// deciders are the automated deciders of one project's settings — its
// PermissionRequest hooks, its classifier and its explainer — from which
// every subcommand builds the handler that fits where it runs: headless for
// check and hook, interactive for run, the coordinator for serve.
type deciders struct {
	Hooks      handler.Decider // nil when no PermissionRequest hooks are configured
	Classifier handler.Decider
	Explain    handler.ExplainFunc
	Timeout    time.Duration // approvals.timeoutSeconds
}

// modelConfig converts a settings model section (nil, or provider
// "pattern", means the built-in pattern classifier or findings explainer).
func modelConfig(m *settings.ModelConfig) *classify.Config {
	if m == nil || m.Provider == "pattern" {
		return nil
	}
	c := classify.Config(*m)
	return &c
}

// newDeciders builds the deciders of st. hookLog, when set, receives the
// hook runner's events.
func newDeciders(env *cliEnv, st *settings.Settings, hookLog func(string, ...any)) (*deciders, error) {
	client := &http.Client{}
	cl, err := classify.New(modelConfig(st.Classifier), env.getenv, client)
	if err != nil {
		return nil, fmt.Errorf("classifier: %w", err)
	}
	x, err := classify.NewExplainer(modelConfig(st.Explainer), env.getenv, client)
	if err != nil {
		return nil, fmt.Errorf("explainer: %w", err)
	}
	d := &deciders{
		Classifier: handler.FromClassifier(cl),
		Explain:    handler.ExplainWith(x),
		Timeout:    time.Duration(st.Approvals.TimeoutSeconds) * time.Second,
	}
	if len(st.Hooks.PermissionRequest) > 0 {
		d.Hooks = &hook.PermissionDecider{
			Runner:   hook.NewRunner(hook.RunnerOptions{Logf: hookLog}),
			Matchers: st.Hooks.PermissionRequest,
		}
	}
	return d, nil
}

// headless is the handler of auto mode: the hooks, then the classifier;
// undecided is deny, and repeated denials hand control back to a person.
func (d *deciders) headless(st *settings.Settings) handler.Handler {
	return handler.NewHeadless(handler.HeadlessConfig{
		Hooks:      d.Hooks,
		Classifier: d.Classifier,
		Timeout:    d.Timeout,
		Denials: handler.NewDenialCounter(handler.DenialLimits{
			MaxConsecutive: st.AutoMode.MaxConsecutiveDenials,
			MaxTotal:       st.AutoMode.MaxTotalDenials,
		}),
	})
}
